import Foundation
import Testing
@testable import ImageCodec
import Raster
import TestSupport

/// The frame encoder (`PNGCodec.Compressor.uiFrames`): its files are checked by decoding them with
/// libpng (pixels, not bytes), by pngcheck, and for being the same bytes every time.
@Suite struct FrameEncoderTests {
    /// What UI frames are made of, and what they are not (noise).
    enum Pattern: String, CaseIterable, CustomTestStringConvertible {
        case flat, verticalGradient, horizontalGradient, textLike, repeatedRows, alphaRamp, noise, translucentNoise
        var testDescription: String { rawValue }

        func canvas(width: Int, height: Int) -> Canvas {
            let canvas = Canvas(pixelWidth: width, pixelHeight: height, background: .white)
            var state: UInt32 = 0x9E37_79B9
            func random() -> UInt32 {
                state = state &* 1_664_525 &+ 1_013_904_223
                return state >> 8
            }
            for y in 0..<height {
                for x in 0..<width {
                    let color: Color
                    switch self {
                    case .flat: color = Color(rgb: 0x3366CC)
                    case .verticalGradient: color = Color(red: UInt8(y * 255 / max(1, height - 1)), green: 40, blue: UInt8(255 - y % 256))
                    case .horizontalGradient: color = Color(red: UInt8(x % 256), green: UInt8(x * 7 % 256), blue: 90)
                    case .textLike:
                        // Rows of glyph-like strokes with anti-aliased edges, on a flat background.
                        let inLine = y % 12 < 8, stroke = (x * 5 + y * 3) % 11 < 3
                        color = inLine && stroke ? Color(red: UInt8(random() % 256), green: UInt8(random() % 256), blue: 30) : .white
                    case .repeatedRows: color = Color(red: UInt8((x / 3) % 256), green: UInt8((y / 16) * 40 % 256), blue: 200)
                    case .alphaRamp:
                        color = Color(red: UInt8(x * 13 % 256), green: UInt8(y * 29 % 256), blue: 77, alpha: UInt8((x + y) % 256))
                    case .noise: color = Color(red: UInt8(random() % 256), green: UInt8(random() % 256), blue: UInt8(random() % 256))
                    case .translucentNoise:
                        color = Color(red: UInt8(random() % 256), green: UInt8(random() % 256), blue: UInt8(random() % 256),
                                      alpha: UInt8(random() % 256))
                    }
                    canvas.setPremultipliedPixel(x: x, y: y, color.premultiplied)
                }
            }
            return canvas
        }
    }

    /// 1×1, a column, a row, sizes no multiple of anything, a phone frame's width, and rows wider
    /// than DEFLATE's 32 KiB reach (RGB from 10,923 pixels, RGBA from 8,192), which have no
    /// matches with the row above.
    static let sizes: [(width: Int, height: Int)] = [(1, 1), (1, 67), (67, 1), (7, 5), (131, 37), (1170, 9), (8192, 3), (10923, 3)]

    private static let frameOptions = PNGCodec.Options.frames

    @Test(arguments: Pattern.allCases)
    func roundTripsPixelForPixel(_ pattern: Pattern) throws {
        var scratch = PNGCodec.EncodeScratch()
        for size in Self.sizes {
            let canvas = pattern.canvas(width: size.width, height: size.height)
            let png = try PNGCodec.encode(canvas, options: Self.frameOptions, scratch: &scratch)
            let decoded = try PNGCodec.decode(png)
            #expect(decoded.width == size.width && decoded.height == size.height)
            #expect(Array(decoded.pixels) == Array(canvas.pixels), "\(pattern) at \(size.width)×\(size.height)")
            // The same pixels through libpng and zlib decode alike: the two encoders agree.
            let throughZlib = try PNGCodec.decode(PNGCodec.encode(canvas, options: .zlibFrames))
            #expect(Array(decoded.pixels) == Array(throughZlib.pixels))
            #expect(png[25] == (canvas.isOpaque ? 2 : 6), "RGB where opaque, else RGBA")
        }
    }

    /// Every premultiplied value of every alpha survives the straight-alpha file, as with libpng.
    @Test func everyPremultipliedValueRoundTrips() throws {
        let canvas = Canvas(pixelWidth: 256, pixelHeight: 256)
        for alpha in 0..<256 {
            for value in 0..<256 {
                let channel = UInt32(value * alpha / 255)
                canvas.setPremultipliedPixel(x: value, y: alpha, channel | (255 - channel) * UInt32(alpha) / 255 << 8
                                                 | channel / 2 << 16 | UInt32(alpha) << 24)
            }
        }
        let decoded = try PNGCodec.decode(PNGCodec.encode(canvas, options: Self.frameOptions))
        #expect(Array(decoded.pixels) == Array(canvas.pixels))
    }

    /// One-pixel changes in a flat frame, at the start, middle and end of rows and in the first
    /// and last rows: where the runs and row matches begin and end.
    @Test func onePixelChangesRoundTrip() throws {
        let (width, height) = (97, 41)
        for (x, y) in [(0, 0), (96, 0), (0, 1), (48, 20), (96, 20), (0, 40), (96, 40), (1, 39)] {
            let canvas = Canvas(pixelWidth: width, pixelHeight: height, background: Color(rgb: 0xF2F2F7))
            canvas.setPremultipliedPixel(x: x, y: y, Color(rgb: 0x102030).premultiplied)
            let decoded = try PNGCodec.decode(PNGCodec.encode(canvas, options: Self.frameOptions))
            #expect(Array(decoded.pixels) == Array(canvas.pixels), "pixel changed at \(x), \(y)")
        }
    }

    /// Long runs: a tall frame of identical rows (matches cut into 258-byte pieces over many
    /// blocks) then a frame of noise (literal blocks of every size).
    @Test func longRunsAndManyBlocksRoundTrip() throws {
        for pattern in [Pattern.flat, .noise, .translucentNoise] {
            let canvas = pattern.canvas(width: 331, height: 700)
            let decoded = try PNGCodec.decode(PNGCodec.encode(canvas, options: Self.frameOptions))
            #expect(Array(decoded.pixels) == Array(canvas.pixels), "\(pattern)")
        }
    }

    /// UI-like frames are smaller than zlib's frame setting makes them; noise costs no more than
    /// its raw size and a little framing.
    @Test func sizesAreThoseOfACompressor() throws {
        for pattern in [Pattern.flat, .repeatedRows, .verticalGradient, .horizontalGradient] {
            let canvas = pattern.canvas(width: 390, height: 300)
            let own = try PNGCodec.encode(canvas, options: Self.frameOptions).count
            let zlib = try PNGCodec.encode(canvas, options: .zlibFrames).count
            #expect(own <= zlib * 11 / 10, "\(pattern): \(own) bytes against zlib's \(zlib)")
        }
        let noise = Pattern.translucentNoise.canvas(width: 200, height: 100)
        #expect(try PNGCodec.encode(noise, options: Self.frameOptions).count < 200 * 100 * 4 * 102 / 100)
    }

    /// The same pixels give the same bytes: from a fresh scratch or one reused after a larger or
    /// different frame, and from several threads at once.
    @Test func sameFrameSameBytes() async throws {
        let canvas = Pattern.textLike.canvas(width: 390, height: 200)
        let reference = try PNGCodec.encode(canvas, options: Self.frameOptions)
        var scratch = PNGCodec.EncodeScratch()
        for other in [Pattern.noise.canvas(width: 600, height: 300), Pattern.alphaRamp.canvas(width: 10, height: 10)] {
            _ = try PNGCodec.encode(other, options: Self.frameOptions, scratch: &scratch)
            #expect(try PNGCodec.encode(canvas, options: Self.frameOptions, scratch: &scratch) == reference)
        }
        let frozen = Bitmap(copying: canvas)
        let results = try await withThrowingTaskGroup(of: [UInt8].self) { group in
            for _ in 0..<4 { group.addTask { try PNGCodec.encode(frozen, options: Self.frameOptions) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.allSatisfy { $0 == reference })
    }

    /// A single image compressed band by band on 1 to 8 threads: the same bytes every time, and
    /// the pixels back. 700 rows of 390 pixels are 5 bands (the encoder's bands hold about
    /// 192 KiB of rows: 167 rows of 1,171 bytes); 1170 × 400 is 8 bands of 56 rows.
    @Test func bandsGiveTheSameBytesOnAnyNumberOfWorkers() throws {
        for pattern in [Pattern.textLike, .noise, .repeatedRows, .alphaRamp, .verticalGradient] {
            for (width, height) in [(390, 700), (1170, 400)] {
                let canvas = pattern.canvas(width: width, height: height)
                var options = Self.frameOptions
                options.reusesBands = false
                let reference = try PNGCodec.encode(canvas, options: options)
                let decoded = try PNGCodec.decode(reference)     // held: `pixels` points into its storage
                #expect(Array(decoded.pixels) == Array(canvas.pixels), "\(pattern) \(width)×\(height)")
                for workers in [2, 3, 8] {
                    options.bandWorkers = workers
                    #expect(try PNGCodec.encode(canvas, options: options) == reference, "\(pattern) \(width)×\(height), \(workers) workers")
                }
            }
        }
    }

    /// Frames of an animation through one scratch that keeps unchanged bands: every file is the
    /// bytes a fresh scratch gives for that frame. The changes sit where a kept band could go
    /// stale: in a band's first and last rows, in the rows just above a band (which its first
    /// rows may repeat), in a flat stretch whose first row the next band looks back to, and in
    /// size and opacity.
    @Test func keptBandsGiveTheBytesOfAFreshScratch() throws {
        let (width, height) = (390, 700)
        let bandRows = 196_608 / (1 + width * 3)      // 167: the encoder's band height at this width
        let base = Pattern.repeatedRows.canvas(width: width, height: height)
        // A flat stretch across the first band boundary, so that band 1 starts with repeated rows,
        // and a row after it that starts flat: its first pixels match the stretch's first row,
        // a distance that changes when a row above the band does.
        for y in (bandRows - 12)..<(bandRows + 6) {
            for x in 0..<width { base.setPremultipliedPixel(x: x, y: y, Color(rgb: 0xF2F2F7).premultiplied) }
        }
        for x in 0..<200 { base.setPremultipliedPixel(x: x, y: bandRows + 6, Color(rgb: 0xF2F2F7).premultiplied) }
        // The same across the second boundary, with more repeated rows above it than DEFLATE
        // reaches (27 rows of 1,171 bytes): the row after it has nothing above to match.
        for y in (2 * bandRows - 40)..<(2 * bandRows + 3) {
            for x in 0..<width { base.setPremultipliedPixel(x: x, y: y, Color(rgb: 0xE5E5EA).premultiplied) }
        }
        for x in 0..<200 { base.setPremultipliedPixel(x: x, y: 2 * bandRows + 3, Color(rgb: 0xE5E5EA).premultiplied) }
        func changed(row: Int, x: Int = 17, color: Color = Color(rgb: 0x102030)) -> Canvas {
            let canvas = base.copy()
            canvas.setPremultipliedPixel(x: x, y: row, color.premultiplied)
            return canvas
        }
        var frames: [Canvas] = [base, base]
        for boundary in [bandRows, 2 * bandRows] {
            for row in [boundary - 13, boundary - 12, boundary - 11, boundary - 3, boundary - 1, boundary, boundary + 1, boundary + 5] {
                frames += [changed(row: row), base]
            }
        }
        frames += [changed(row: 0), changed(row: height - 1), changed(row: height - 1, x: width - 1),
                   changed(row: 300, color: Color(red: 10, green: 20, blue: 30, alpha: 128)), base,
                   Pattern.textLike.canvas(width: width, height: height - 1), base,
                   Pattern.textLike.canvas(width: width + 1, height: height), base]
        var kept = PNGCodec.EncodeScratch()
        var options = Self.frameOptions
        options.reusesBands = true
        for (index, frame) in frames.enumerated() {
            let reused = try PNGCodec.encode(frame, options: options, scratch: &kept)
            let fresh = try PNGCodec.encode(frame, options: Self.freshOptions)
            #expect(reused == fresh, "frame \(index)")
            let decoded = try PNGCodec.decode(reused)     // held: `pixels` points into its storage
            #expect(Array(decoded.pixels) == Array(frame.pixels), "frame \(index)")
        }
    }

    private static let freshOptions: PNGCodec.Options = {
        var options = PNGCodec.Options.frames
        options.reusesBands = false
        return options
    }()

    /// Sizes the encoder refuses, with libpng's messages, and the scratch still works after.
    @Test func impossibleSizesAreErrors() throws {
        var scratch = PNGCodec.EncodeScratch()
        let tooTall = Canvas(pixelWidth: 1, pixelHeight: 1_000_001, background: .white)
        let error = #expect(throws: PNGError.self) { try PNGCodec.encode(tooTall, options: Self.frameOptions, scratch: &scratch) }
        #expect(error?.message.contains("height") == true, "\(String(describing: error))")
        let canvas = Pattern.flat.canvas(width: 5, height: 5)
        // Held in a constant: `pixels` points into the canvas' storage.
        let decoded = try PNGCodec.decode(PNGCodec.encode(canvas, options: Self.frameOptions, scratch: &scratch))
        #expect(Array(decoded.pixels) == Array(canvas.pixels))
    }

    @Test func pngcheckAcceptsTheFiles() throws {
        guard Tools.shouldRun("pngcheck") else {
            print("FrameEncoderTests.pngcheckAcceptsTheFiles: skipped, pngcheck is not installed (.ci/run installs it)")
            return
        }
        let directory = try temporaryDirectory("frameEncoderPngcheck")
        var paths: [String] = []
        for pattern in Pattern.allCases {
            for size in Self.sizes where size.width * size.height < 100_000 {
                let url = directory.appendingPathComponent("\(pattern.rawValue)-\(size.width)x\(size.height).png")
                try Data(PNGCodec.encode(pattern.canvas(width: size.width, height: size.height), options: Self.frameOptions)).write(to: url)
                paths.append(url.path)
            }
        }
        let (status, output) = try Tools.run("pngcheck", paths)
        #expect(status == 0, "pngcheck: \(output)")
        #expect(output.components(separatedBy: "\n").filter { $0.hasPrefix("OK: ") }.count == paths.count, "\(output)")
    }
}
