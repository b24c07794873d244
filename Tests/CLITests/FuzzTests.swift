import Vocabulary
import Foundation
import Scenes
import Recording
import XCTest

/// Built-in scenes, mutated at random (seeded), through `validate` and a few frames of `trace`:
/// every run ends with exit 0, or exit 2 and a one-line message naming the file; never a signal.
///
/// A fixed number of mutants from a fixed seed, whatever the machine's speed.
/// `SPRINGFRAMES_FUZZ_SEED` tries other mutants and `SPRINGFRAMES_FUZZ_CASES` tries more.
final class FuzzTests: XCTestCase {
    static let numbers = ["0", "-1", "1e308", "-1e308", "1e-308", "2147483648", "-0", "0.5", "1000001", "16384", "99999999999999999999",
                          "600", "240", "1e6", "-1000001", "3.4028235e38", "4294967296"]
    static let tokens = ["null", "true", "[]", "{}", "\"\"", "\"#GGGGGG\"", "[1e308, -1e308]", "[0, 0]", "[-5, 5, 5]",
                         "{\"type\": \"circle\"}", "\"\\u0000\"", "[[0, 1000000]]", "\"waterfall\""]

    /// One random change to the JSON text: a number, a value, a cut or a stray byte.
    static func mutate(_ text: String, _ random: inout SplitMix64) -> String {
        var bytes = Array(text.utf8)
        switch random.below(10) {
        case 0...4:      // a number replaced by an extreme one
            let starts = bytes.indices.filter { i in
                (bytes[i] == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]))
                    && (i == 0 || !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i - 1]) && bytes[i - 1] != UInt8(ascii: "."))
                    && (i == 0 || bytes[i - 1] != UInt8(ascii: "#") && !(bytes[i - 1] >= UInt8(ascii: "A")))
            }
            guard let start = starts.isEmpty ? nil : starts[random.below(starts.count)] else { break }
            var end = start + 1
            while end < bytes.count, "0123456789.eE+-".utf8.contains(bytes[end]) { end += 1 }
            bytes.replaceSubrange(start..<end, with: Array(numbers[random.below(numbers.count)].utf8))
        case 5, 6:      // a value after a colon replaced by another kind of value
            let colons = bytes.indices.filter { bytes[$0] == UInt8(ascii: ":") }
            guard !colons.isEmpty else { break }
            let colon = colons[random.below(colons.count)]
            var end = colon + 1
            var depth = 0
            while end < bytes.count {
                let byte = bytes[end]
                if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") { depth += 1 }
                if byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") {
                    if depth == 0 { break }
                    depth -= 1
                }
                if byte == UInt8(ascii: ","), depth == 0 { break }
                end += 1
            }
            bytes.replaceSubrange((colon + 1)..<end, with: Array((" " + tokens[random.below(tokens.count)]).utf8))
        case 7:         // a span cut out
            let start = random.below(bytes.count)
            bytes.removeSubrange(start..<min(bytes.count, start + 1 + random.below(40)))
        case 8:         // a stray byte
            bytes.insert(UInt8(truncatingIfNeeded: random.next()), at: random.below(bytes.count + 1))
        default:        // truncated
            bytes = Array(bytes.prefix(random.below(bytes.count)))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    func testMutatedScenesEndInAnErrorNeverASignal() throws {
        let environment = ProcessInfo.processInfo.environment
        let seed = environment["SPRINGFRAMES_FUZZ_SEED"].flatMap(UInt64.init) ?? 20261123
        let cases = environment["SPRINGFRAMES_FUZZ_CASES"].flatMap(Int.init) ?? 40
        var random = SplitMix64(seed: seed)
        let directory = try CLI.temporaryDirectory(self)
        var valid = 0
        for runs in 0..<cases {
            let entry = BuiltInScenes.all[random.below(BuiltInScenes.all.count)]
            var text = entry.json
            for _ in 0..<(random.below(4) == 0 ? 2 : 1) { text = Self.mutate(text, &random) }
            let file = directory.appendingPathComponent("mutant-\(runs).json")
            try Data(text.utf8).write(to: file)
            let context = "seed \(seed), mutant \(runs) of \(entry.name):\n\(text)"
            var commands = [["validate", file.path]]
            let validate = try CLI.run(commands[0])
            if validate.status == 0 {
                valid += 1
                commands.append(["trace", file.path, "--frames", "0-2", "--out", directory.appendingPathComponent("t.csv").path])
                let trace = try CLI.run(commands[1])
                CLI.assertEndsCleanly(trace, context: context)
            }
            CLI.assertEndsCleanly(validate, context: context)
            try? FileManager.default.removeItem(at: file)
        }
        print("fuzz: seed \(seed), \(cases) mutants, \(valid) still valid")
    }
}
