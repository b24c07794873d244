import CPNGWriter
import Foundation
import Testing
@testable import FrameIO
@testable import ImageCodec
import Raster
import TestSupport

@Suite struct PNGCodecTests {
    /// The named settings, every filter and every strategy, RGB where opaque and always RGBA.
    private static let allOptions: [PNGCodec.Options] = {
        var settings: [PNGCodec.Settings] = [.frames, .libpngDefaults, .small]
        settings += PNGCodec.Settings.Filter.allCases.map { PNGCodec.Settings(filter: $0, level: 2, memLevel: 6) }
        settings += PNGCodec.Settings.Strategy.allCases.map { PNGCodec.Settings(filter: .up, level: 4, strategy: $0) }
        settings.append(PNGCodec.Settings(filter: .sub, level: 1, memLevel: 1, windowBits: 9))
        return settings.flatMap { [PNGCodec.Options(settings: $0), PNGCodec.Options(settings: $0, dropsOpaqueAlpha: false)] }
            + [.frames, PNGCodec.Options(dropsOpaqueAlpha: false, compressor: .uiFrames)]
    }()

    /// The sample picture at 33×21 (under the 16 KiB of image data below which libpng writes every
    /// image) and at 149×61 (over it: unfiltered images are deflated by the writer itself, and 149
    /// pixels leave a remainder after the four-pixel packing steps).
    private static let sizes = [(width: 33, height: 21), (width: 149, height: 61)]

    @Test(arguments: allOptions)
    func translucentPictureRoundTripsPixelForPixel(_ options: PNGCodec.Options) throws {
        for size in Self.sizes {
            let picture = samplePicture(width: size.width, height: size.height)
            let decoded = try PNGCodec.decode(PNGCodec.encode(picture, options: options))
            #expect(decoded.width == picture.width && decoded.height == picture.height)
            #expect(Array(decoded.pixels) == Array(picture.pixels), "\(size)")
        }
    }

    @Test(arguments: allOptions)
    func opaquePictureRoundTripsPixelForPixel(_ options: PNGCodec.Options) throws {
        for size in Self.sizes {
            let picture = samplePicture(width: size.width, height: size.height, opaque: true)
            let decoded = try PNGCodec.decode(PNGCodec.encode(picture, options: options))
            #expect(Array(decoded.pixels) == Array(picture.pixels), "\(size)")
        }
    }

    /// Noise over a picture: a file of several IDAT chunks, rows in several batches.
    private func noisyPicture(opaque: Bool) -> Canvas {
        let canvas = samplePicture(width: 701, height: 203, opaque: opaque)
        var state: UInt32 = 12345
        for y in stride(from: 0, to: 203, by: 3) {
            for x in 0..<701 {
                state = state &* 1_664_525 &+ 1_013_904_223
                let alpha: UInt32 = opaque ? 255 : 128 + (state >> 25)
                let channel = (state >> 8) & 0x7F
                canvas.setPremultipliedPixel(x: x, y: y, channel | (channel >> 1) << 8 | alpha << 24)
            }
        }
        return canvas
    }

    /// Unfiltered images over 16 KiB skip png_write_row: the writer packs, checksums and deflates
    /// the rows itself. The file must be byte for byte what libpng writes, for every setting that
    /// takes that path, opaque and translucent, in one IDAT chunk or several.
    @Test(arguments: [true, false])
    func directPathWritesTheBytesLibpngWrites(opaque: Bool) throws {
        var settings: [PNGCodec.Settings] = [.frames, .small]
        settings += [1, 4, 6].map { PNGCodec.Settings(filter: .none, level: $0, memLevel: 9) }
        settings += PNGCodec.Settings.Strategy.allCases.map { PNGCodec.Settings(filter: .none, level: 3, strategy: $0) }
        settings += [9, 12].map { PNGCodec.Settings(filter: .none, level: 2, memLevel: 6, windowBits: $0) }
        var scratch = PNGCodec.EncodeScratch()
        for picture in [samplePicture(width: 149, height: 61, opaque: opaque), noisyPicture(opaque: opaque)] {
            for setting in settings {
                let options = PNGCodec.Options(settings: setting)
                let direct = try PNGCodec.encode(picture, options: options, rows: SFPNG_ROWS_AUTO, scratch: &scratch)
                let throughLibpng = try PNGCodec.encode(picture, options: options, rows: SFPNG_ROWS_LIBPNG, scratch: &scratch)
                let firstDifference = direct.count == throughLibpng.count
                    ? zip(direct, throughLibpng).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                    : min(direct.count, throughLibpng.count)
                #expect(firstDifference == nil, "\(picture.width)×\(picture.height), \(setting): \(direct.count) bytes against \(throughLibpng.count), first differing at \(firstDifference ?? 0)")
            }
        }
        let chunks = try PNGCodec.encode(noisyPicture(opaque: opaque), options: .zlibFrames).count / 8192
        #expect(chunks >= 3, "the noisy picture spans several IDAT chunks")
    }

    /// The SIMD checksum is zlib's Adler-32: every length up to a few blocks, lengths around the
    /// 5,536-byte runs between reductions, and long runs of 0xFF, whose sums grow fastest.
    @Test func simdChecksumIsZlibsAdler32() {
        var state: UInt32 = 7
        let noise = (0..<70_000).map { _ -> UInt8 in
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(truncatingIfNeeded: state >> 24)
        }
        let saturated = [UInt8](repeating: 0xFF, count: 1 << 20)
        let lengths = Array(0...200) + [5_535, 5_536, 5_537, 5_552, 11_072, 11_073, 65_536, 70_000]
        for bytes in [noise, saturated] {
            for length in lengths where length <= bytes.count {
                for start: UInt32 in [1, 0xFFF0_FFF0, 0x1234_5678] {
                    let simd = sfpng_adler32(start, bytes, length, 1), zlib = sfpng_adler32(start, bytes, length, 0)
                    #expect(simd == zlib, "\(length) bytes from \(String(start, radix: 16))")
                }
            }
        }
        #expect(sfpng_adler32(1, saturated, saturated.count, 1) == sfpng_adler32(1, saturated, saturated.count, 0))
        #expect(sfpng_adler32(1, Array("Wikipedia".utf8), 9, 1) == 0x11E6_0398)
    }

    @Test func opaqueFramesAreWrittenAsRGBAndTranslucentOnesAsRGBA() throws {
        // IHDR's colour type is byte 25 of the file: 2 = RGB, 6 = RGBA.
        #expect(try PNGCodec.encode(samplePicture(opaque: true))[25] == 2)
        #expect(try PNGCodec.encode(samplePicture(opaque: false))[25] == 6)
        #expect(try PNGCodec.encode(samplePicture(opaque: true), options: .libpngDefaults)[25] == 6)
    }

    /// Every byte of a translucent pixel survives the trip: premultiplied to straight alpha in C
    /// and back in Swift, for each alpha and a spread of colour values.
    @Test func everyAlphaRoundTrips() throws {
        let canvas = Canvas(pixelWidth: 256, pixelHeight: 16)
        for alpha in 0..<256 {
            for y in 0..<16 {
                let color = Color(red: UInt8(y * 17), green: UInt8(255 - y * 13), blue: UInt8((alpha * 7 + y * 31) & 255), alpha: UInt8(alpha))
                canvas.setPremultipliedPixel(x: alpha, y: y, color.premultiplied)
            }
        }
        let decoded = try PNGCodec.decode(PNGCodec.encode(canvas))
        #expect(Array(decoded.pixels) == Array(canvas.pixels))
    }

    /// The settings reach zlib: a stronger setting gives a smaller file of the same pixels.
    @Test func settingsChangeTheBytesNotThePixels() throws {
        let picture = samplePicture(opaque: true)
        let fast = try PNGCodec.encode(picture, options: .init(settings: .init(filter: .none, level: 1, memLevel: 1)))
        let small = try PNGCodec.encode(picture, options: .small)
        #expect(small.count < fast.count)
        // Canvases held in constants: `pixels` points into the canvas' storage.
        let (fastPixels, smallPixels) = (try PNGCodec.decode(fast), try PNGCodec.decode(small))
        #expect(Array(fastPixels.pixels) == Array(smallPixels.pixels))
    }

    /// libpng's errors come back as values through the C writer (its longjmp stays in C), with
    /// libpng's own message, and the next encode with the same scratch works.
    @Test func libpngErrorsAreThrownNotCrashes() throws {
        var scratch = PNGCodec.EncodeScratch()
        let tooWide = Canvas(pixelWidth: 1_000_001, pixelHeight: 1, background: .white)
        let error = #expect(throws: PNGError.self) { try PNGCodec.encode(tooWide, options: .frames, scratch: &scratch) }
        #expect(error?.message.contains("width") == true, "\(String(describing: error))")
        let picture = samplePicture(opaque: false)
        let decoded = try PNGCodec.decode(PNGCodec.encode(picture, options: .frames, scratch: &scratch))
        #expect(Array(decoded.pixels) == Array(picture.pixels))
    }

    /// Encoding with a reused scratch gives the bytes a fresh one gives, for a smaller frame after
    /// a larger one too.
    @Test func reusedScratchGivesTheSameBytes() throws {
        var scratch = PNGCodec.EncodeScratch()
        let large = samplePicture(width: 300, height: 200, seed: 1), small = samplePicture(width: 40, height: 30, seed: 2)
        _ = try PNGCodec.encode(large, options: .frames, scratch: &scratch)
        #expect(try PNGCodec.encode(small, options: .frames, scratch: &scratch) == (try PNGCodec.encode(small)))
    }

    /// A flat picture of a few colours: four axis-aligned rectangles on white, one translucent.
    private func flatPicture(opaque: Bool) -> Canvas {
        let canvas = Canvas(pixelWidth: 120, pixelHeight: 90, background: opaque ? .white : .clear)
        for (i, rgb) in [0xC03050, 0x2080F0, 0x30A060, 0x8E8E93].enumerated() {
            canvas.fill(CGRect(x: 10 + 25 * i, y: 10 + 15 * i, width: 40, height: 30), with: Color(rgb: UInt32(rgb), alpha: i == 1 ? 128 : 255))
        }
        return canvas
    }

    /// Goldens are written as the smaller of libpng's filtered RGB and indexed colour.
    @Test(arguments: [true, false])
    func aPictureOfFewColoursIsWrittenIndexedAndReadsBackExactly(opaque: Bool) throws {
        let picture = flatPicture(opaque: opaque)
        let smallest = try PNGCodec.encodeSmallest(picture)
        #expect(smallest[25] == 3, "IHDR colour type 3: indexed")
        #expect(smallest.count < (try PNGCodec.encode(picture, options: .small)).count)
        let decoded = try PNGCodec.decode(smallest)
        #expect(Array(decoded.pixels) == Array(picture.pixels))
    }

    @Test func aPictureOfManyColoursIsWrittenAsSmallRGB() throws {
        let picture = Canvas(pixelWidth: 32, pixelHeight: 32, background: .white)
        for y in 0..<32 {
            for x in 0..<32 { picture.setPremultipliedPixel(x: x, y: y, Color(red: UInt8(8 * x), green: UInt8(8 * y), blue: 99).premultiplied) }
        }
        #expect(try PNGCodec.encodeIndexed(picture) == nil, "1024 colours do not fit a palette")
        #expect(try PNGCodec.encodeSmallest(picture) == (try PNGCodec.encode(picture, options: .small)))
    }

    @Test func decodingReusesACanvasOfTheRightSize() throws {
        let picture = samplePicture(opaque: true)
        let png = try PNGCodec.encode(picture)
        let spare = Canvas(pixelWidth: picture.width, pixelHeight: picture.height, scale: 2, background: .black)
        let decoded = try PNGCodec.decode(png, reusing: spare)
        #expect(decoded === spare)
        #expect(decoded.scale == 2)
        #expect(Array(decoded.pixels) == Array(picture.pixels))
        let other = Canvas(pixelWidth: 5, pixelHeight: 5)
        #expect(try PNGCodec.decode(png, reusing: other) !== other)
    }

    @Test func everyPremultipliedValueSurvivesTheStraightAlphaFile() throws {
        // PNG stores straight alpha: premultiplied → straight → premultiplied must be lossless for
        // every valid premultiplied pixel (channel ≤ alpha). One row per alpha, one pixel per value.
        let canvas = Canvas(pixelWidth: 256, pixelHeight: 256)
        for a in 0..<256 {
            for c in 0...a {
                canvas.setPremultipliedPixel(x: c, y: a, UInt32(c) | UInt32(a - c) << 8 | UInt32(c / 2) << 16 | UInt32(a) << 24)
            }
        }
        let decoded = try PNGCodec.decode(PNGCodec.encode(canvas))
        #expect(Array(decoded.pixels) == Array(canvas.pixels))
    }

    @Test func truncatedFileIsAnErrorWithLibpngsMessage() throws {
        let bytes = try PNGCodec.encode(samplePicture())
        let error = #expect(throws: PNGError.self) { try PNGCodec.decode(Array(bytes.prefix(bytes.count / 2)), path: "cut.png") }
        #expect(error?.message.isEmpty == false)
        #expect(error?.description.hasPrefix("cut.png: PNG error: ") == true)
    }

    @Test func fileThatIsNotAPNGIsAnError() {
        let error = #expect(throws: PNGError.self) { try PNGCodec.decode(Array("GIF89a, not a PNG at all".utf8)) }
        #expect(error?.message.contains("signature") == true || error?.message.isEmpty == false)
    }

    @Test func corruptedImageDataIsAnError() throws {
        var bytes = try PNGCodec.encode(samplePicture(width: 64, height: 64, opaque: true), options: .small)
        // Flip bytes inside the first IDAT's compressed data (after the 8-byte signature, the
        // 25-byte IHDR chunk and, for the simplified API, small sRGB/gAMA chunks).
        guard let idat = (0..<bytes.count - 4).first(where: { bytes[$0..<$0 + 4].elementsEqual(Array("IDAT".utf8)) }) else {
            Issue.record("no IDAT chunk")
            return
        }
        for i in idat + 6..<min(bytes.count, idat + 30) { bytes[i] ^= 0x5A }
        #expect(throws: PNGError.self) { try PNGCodec.decode(bytes) }
    }

    @Test func missingFileIsAnErrorNamingIt() {
        let error = #expect(throws: PNGError.self) {
            try PNGCodec.read(contentsOf: URL(fileURLWithPath: "/nonexistent/frame_00000.png"))
        }
        #expect(error?.path == "/nonexistent/frame_00000.png")
    }

    @Test(.enabled(if: Tools.shouldRun("pngcheck")), arguments: [true, false])
    func pngcheckAcceptsTheFiles(_ opaque: Bool) throws {
        let directory = try temporaryDirectory("pngcheck\(opaque)")
        var paths: [String] = []
        for (i, options) in Self.allOptions.enumerated() {
            for size in Self.sizes {
                let url = directory.appendingPathComponent("picture\(i)-\(size.width).png")
                try Data(PNGCodec.encode(samplePicture(width: size.width, height: size.height, opaque: opaque), options: options)).write(to: url)
                paths.append(url.path)
            }
        }
        let (status, output) = try Tools.run("pngcheck", paths)
        #expect(status == 0, "pngcheck: \(output)")
        #expect(output.components(separatedBy: "\n").filter { $0.hasPrefix("OK: ") }.count == paths.count, "\(output)")
    }
}

extension PNGCodec.Options: CustomTestStringConvertible {
    public var testDescription: String {
        (compressor == .uiFrames ? "frame encoder" : "\(settings)") + (dropsOpaqueAlpha ? ", RGB where opaque" : ", RGBA")
    }
}
