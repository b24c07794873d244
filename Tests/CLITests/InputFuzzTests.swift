import Vocabulary
import Foundation
import FrameIO
import Raster
import Scenes
import XCTest

/// The files a scene reads besides its JSON, and golden traces, damaged at random (seeded):
/// images, fonts, captions and trace files. Every run ends with an exit status the tool
/// documents and, for bad input, a one-line message; never a signal.
///
/// Each input tries a fixed number of mutants from a fixed seed, so a run's outcome is the same
/// on a fast machine and a busy one. `SPRINGFRAMES_FUZZ_SEED` tries other mutants and
/// `SPRINGFRAMES_FUZZ_CASES` (mutants per input) tries more.
final class InputFuzzTests: XCTestCase {
    private var seed: UInt64 { ProcessInfo.processInfo.environment["SPRINGFRAMES_FUZZ_SEED"].flatMap(UInt64.init) ?? 20261125 }
    private var cases: Int { ProcessInfo.processInfo.environment["SPRINGFRAMES_FUZZ_CASES"].flatMap(Int.init) ?? 12 }

    /// Runs `attempt` `cases` times from a fresh generator state.
    private func fuzz(_ label: String, _ attempt: (inout SplitMix64, Int) throws -> Void) rethrows {
        var random = SplitMix64(seed: seed)
        for run in 0..<cases {
            try attempt(&random, run)
        }
        print("fuzz \(label): seed \(seed), \(cases) mutants")
    }

    /// Damages bytes: flips, a cut, a run of one byte, or an extreme 32-bit number.
    static func damage(_ original: [UInt8], _ random: inout SplitMix64, from start: Int = 0) -> [UInt8] {
        var bytes = original
        let low = min(start, bytes.count - 1)
        for _ in 0..<(1 + random.below(3)) {
            let at = low + random.below(bytes.count - low)
            switch random.below(5) {
            case 0, 1: bytes[at] ^= UInt8(truncatingIfNeeded: 1 + random.below(255))
            case 2: bytes = Array(bytes.prefix(max(low + 1, at)))
            case 3: for i in at..<min(bytes.count, at + 1 + random.below(64)) { bytes[i] = [0x00, 0xFF][random.below(2)] }
            default:
                let value: UInt32 = [0xFFFF_FFFF, 0x7FFF_FFFF, 0x8000_0000, 0, 1, 65_536][random.below(6)]
                for i in 0..<4 where at + i < bytes.count { bytes[at + i] = UInt8(truncatingIfNeeded: value >> (24 - 8 * i)) }
            }
        }
        return bytes
    }

    /// A scene in `directory` of three items (`items`), drawn at scale 1 on a small canvas.
    private func writeScene(_ directory: URL, items: String, style: String = "", captions: String = "[]") throws -> URL {
        let url = directory.appendingPathComponent("scene.json")
        try Data("""
            { "name": "fuzz", "canvas": { "width": 160, "height": 200, "scale": 1 }, "duration": 1,
              "captions": \(captions), "collection": { "items": \(items), "layout": { "type": "flow", "itemSize": [60, 60] } }
              \(style.isEmpty ? "" : ", \"style\": " + style) }
            """.utf8).write(to: url)
        return url
    }

    /// `validate`, then (when valid) one frame of `render`: 0, or 2 and one line that names
    /// `file` when it is not the scene that is wrong. Returns whether the scene was valid.
    @discardableResult
    private func validateAndRender(_ scene: URL, in directory: URL, naming file: String? = nil,
                                   context: @autoclosure () -> String) throws -> Bool {
        let validate = try CLI.run(["validate", scene.path], in: directory)
        CLI.assertEndsCleanly(validate, context: context())
        if validate.status == 2, let file {
            XCTAssertTrue(validate.stderr.contains(file), "\(validate.stderr)\n\(context())")
        }
        guard validate.status == 0 else { return false }
        let render = try CLI.run(["render", scene.path, "--frames", "0", "--out", "out"], in: directory)
        CLI.assertEndsCleanly(render, context: context())
        return true
    }

    /// Damaged PNGs as an item's photo: bad signatures, chunk lengths, CRCs, header sizes (with
    /// their CRC made right again, so that the size itself is what is tried) and cut data.
    func testDamagedImagesAreErrorsNeverSignals() throws {
        let directory = try CLI.temporaryDirectory(self)
        let canvas = Canvas(pixelWidth: 24, pixelHeight: 16, background: .blue)
        canvas.fill(CGRect(x: 4, y: 4, width: 8, height: 8), with: .red)
        let original = try PNGCodec.encode(canvas)
        let scene = try writeScene(directory, items: "[{ \"image\": \"photo.png\" }, { \"text\": \"b\" }]",
                                   style: "{ \"cell\": { \"template\": \"photo\" } }")
        try fuzz("images") { random, run in
            var bytes = Self.damage(original, &random, from: random.below(4) == 0 ? 0 : 8)
            if random.below(3) == 0, bytes.count >= 33 {
                // A header that claims another size, with a right CRC.
                let sizes: [UInt32] = [0, 1, 4097, 16_384, 0x7FFF_FFFF, 0xFFFF_FFFF]
                for (offset, value) in [(16, sizes[random.below(sizes.count)]), (20, sizes[random.below(sizes.count)])] {
                    for i in 0..<4 { bytes[offset + i] = UInt8(truncatingIfNeeded: value >> (24 - 8 * i)) }
                }
                let crc = CRC32.of(bytes[12..<29])
                for i in 0..<4 { bytes[29 + i] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * i)) }
            }
            try Data(bytes).write(to: directory.appendingPathComponent("photo.png"))
            try validateAndRender(scene, in: directory, naming: "photo.png", context: "seed \(seed), image mutant \(run): \(bytes.count) bytes")
        }
    }

    /// A damaged TrueType font as the scene's font: table directory, tables and cut files.
    func testDamagedFontsAreErrorsNeverSignals() throws {
        let system = URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
        let original = try [UInt8](Data(contentsOf: system))
        let directory = try CLI.temporaryDirectory(self)
        let scene = try writeScene(directory, items: "[{ \"text\": \"Wave\" }, { \"text\": \"fi ÅÇ 你\" }]",
                                   style: "{ \"font\": \"font.ttf\" }")
        try fuzz("fonts") { random, run in
            // Half the time in the table directory, where FreeType finds every table.
            let bytes = Self.damage(original, &random, from: random.below(2) == 0 ? 0 : 12 + 16 * 20)
            try Data(bytes).write(to: directory.appendingPathComponent("font.ttf"))
            try validateAndRender(scene, in: directory, naming: "font.ttf", context: "seed \(seed), font mutant \(run)")
        }
    }

    /// Captions of random Unicode (combining marks, right-to-left, emoji, controls, long runs)
    /// and random times, drawn at the frame they show.
    func testRandomCaptionsAreDrawnOrRefusedNeverSignals() throws {
        let directory = try CLI.temporaryDirectory(self)
        let pieces = ["Long press", "\u{0301}\u{0301}\u{0301}", "שלום", "👩‍👩‍👧‍👦", "\u{0007}", "\u{FEFF}", "W", "\u{1100}\u{1161}",
                      " ", "\\n", "\\\"", "\u{10FFFF}", "a\u{200D}b", "🇫🇷"]
        let times = ["0", "0.5", "1", "-1", "1e308", "0.999", "2"]
        var valid = 0
        try fuzz("captions") { random, run in
            var captions: [String] = []
            for _ in 0..<(1 + random.below(3)) {
                var text = ""
                for _ in 0..<(1 + random.below(random.below(4) == 0 ? 1_200 : 12)) { text += pieces[random.below(pieces.count)] }
                // Mostly times a caption may have (showing at frame 0), now and then any.
                let (from, to) = random.below(5) == 0 ? (times[random.below(times.count)], times[random.below(times.count)]) : ("0", "0.5")
                captions.append("{ \"from\": \(from), \"to\": \(to), \"text\": \"\(text)\" }")
            }
            let json = "[" + captions.joined(separator: ", ") + "]"
            let scene = try writeScene(directory, items: "3", captions: json)
            if try validateAndRender(scene, in: directory, context: "seed \(seed), caption mutant \(run): \(json.prefix(300))") {
                valid += 1
            }
        }
        XCTAssertGreaterThan(valid, 0, "some captions are valid and drawn")
    }

    /// A golden trace damaged (bytes, numbers, lines moved or repeated), checked with `check
    /// --only motion --record never`: 0 or 1 (it matches or not), or 2 (unusable) and one line.
    func testDamagedGoldenTracesAreErrorsNeverSignals() throws {
        let directory = try CLI.temporaryDirectory(self)
        let scene = try writeScene(directory, items: "3")
        let record = try CLI.run(["check", scene.path, "--golden", "golden", "--only", "motion"], in: directory)
        XCTAssertEqual(record.status, 1, record.stderr)
        let traceURL = directory.appendingPathComponent("golden/trace.csv")
        let original = try String(contentsOf: traceURL, encoding: .utf8)
        try fuzz("traces") { random, run in
            var lines = original.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            switch random.below(4) {
            case 0:
                let i = random.below(lines.count), j = random.below(lines.count)
                lines.swapAt(i, j)
            case 1:
                let i = random.below(lines.count)
                lines.insert(lines[i], at: random.below(lines.count))
            case 2:
                let i = random.below(lines.count)
                var fields = lines[i].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
                if !fields.isEmpty {
                    fields[random.below(fields.count)] = ["9223372036854775807", "-1", "nan", "inf", "1e308", "", "\"", "cell",
                                                          "99999999999999999999"][random.below(9)]
                }
                lines[i] = fields.joined(separator: ",")
            default: break
            }
            var bytes = Array(lines.joined(separator: "\n").utf8)
            if random.below(2) == 0 { bytes = Self.damage(bytes, &random) }
            try Data(bytes).write(to: traceURL)
            let check = try CLI.run(["check", scene.path, "--golden", "golden", "--only", "motion", "--record", "never"], in: directory)
            CLI.assertEndsCleanly(check, allowed: [0, 1, 2], context: "seed \(seed), trace mutant \(run):\n\(String(decoding: bytes.prefix(2000), as: UTF8.self))")
        }
    }
}

/// CRC-32 (ISO-HDLC, as PNG uses), to give a damaged header a right checksum.
enum CRC32 {
    static func of<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
