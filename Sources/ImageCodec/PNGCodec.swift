import CPNG
import CPNGWriter
import Foundation
import Raster

/// A PNG file that libpng could not read or write. `message` is libpng's own.
/// A PNG whose header gives a size other than the one expected, or larger than any canvas.
public struct PNGSizeError: Error, CustomStringConvertible {
    public var width: Int, height: Int
    /// The size the reader expected; nil when the image is simply too large.
    public var expected: (width: Int, height: Int)?
    public var path: String?

    public var description: String {
        let prefix = path.map { "\($0): " } ?? ""
        if let expected {
            return prefix + "the image is \(width)×\(height) px, not the \(expected.width)×\(expected.height) px expected"
        }
        return prefix + "the image is \(width)×\(height) px, more than the largest canvas (16384×16384 px); it is not decoded"
    }
}

public struct PNGError: Error, CustomStringConvertible, Equatable {
    public var message: String
    /// The file concerned, when there is one.
    public var path: String?

    public init(message: String, path: String? = nil) {
        self.message = message
        self.path = path
    }

    public var description: String {
        if let path { return "\(path): PNG error: \(message)" }
        return "PNG error: \(message)"
    }
}

/// PNG encoding and decoding through libpng. Frames are written through libpng's classic write API
/// (in the C target `CPNGWriter`, which keeps libpng's `setjmp` error handling out of Swift and
/// returns errors as values), so that row filters and zlib's settings can be chosen. Everything
/// else goes through the simplified API (`png_image_*`): decoding, and indexed-colour goldens.
/// This file and `CPNGWriter` are the only code that touches libpng.
public enum PNGCodec {
    /// How libpng filters rows and zlib compresses them.
    public struct Settings: Sendable, Hashable, CustomStringConvertible {
        /// PNG's row filters. `adaptive` lets libpng choose one per row among all five.
        public enum Filter: String, Sendable, CaseIterable {
            case none, sub, up, average, paeth, adaptive

            var mask: Int32 {
                switch self {
                case .none: Int32(SFPNG_FILTER_NONE)
                case .sub: Int32(SFPNG_FILTER_SUB)
                case .up: Int32(SFPNG_FILTER_UP)
                case .average: Int32(SFPNG_FILTER_AVG)
                case .paeth: Int32(SFPNG_FILTER_PAETH)
                case .adaptive: Int32(SFPNG_FILTER_NONE | SFPNG_FILTER_SUB | SFPNG_FILTER_UP | SFPNG_FILTER_AVG | SFPNG_FILTER_PAETH)
                }
            }
        }

        /// zlib's strategies (`deflateInit2`).
        public enum Strategy: String, Sendable, CaseIterable {
            case `default`, filtered, huffmanOnly, rle

            var zlibValue: Int32 {
                switch self {
                case .default: 0
                case .filtered: 1
                case .huffmanOnly: 2
                case .rle: 3
                }
            }
        }

        public var filter: Filter
        /// zlib's level, 0 (stored) to 9.
        public var level: Int
        /// zlib's memLevel, 1 to 9: the hash table holds 2^(memLevel + 7) entries.
        public var memLevel: Int
        public var strategy: Strategy
        /// zlib's window, 2^windowBits bytes, 9 to 15.
        public var windowBits: Int

        public init(filter: Filter, level: Int, memLevel: Int = 8, strategy: Strategy = .default, windowBits: Int = 15) {
            precondition((0...9).contains(level) && (1...9).contains(memLevel) && (9...15).contains(windowBits),
                         "zlib settings out of range: level \(level), memLevel \(memLevel), windowBits \(windowBits)")
            self.filter = filter
            self.level = level
            self.memLevel = memLevel
            self.strategy = strategy
            self.windowBits = windowBits
        }

        /// Frames: the fastest setting on the project's own frames whose size stays within 10 % of
        /// what frames were before (the simplified API's `PNG_IMAGE_FLAG_FAST`: no filter, level 3,
        /// memLevel 8). `springframes-bench encode` on the middle frame of every built-in scene at
        /// scale 3: 13.9 ms and 103 % of the size, against 17.4 ms (README, "PNG settings").
        /// Unfiltered rows of a flat UI repeat the row above, which zlib finds anyway; the smaller
        /// hash table of memLevel 6 is cleared faster each time the window slides.
        public static let frames = Settings(filter: .none, level: 2, memLevel: 6)
        /// libpng's own defaults: adaptive filters, level 6, the filtered strategy.
        public static let libpngDefaults = Settings(filter: .adaptive, level: 6, strategy: .filtered)
        /// Kept files (goldens, documentation images): the smallest of the table, 60 % of the frame
        /// setting's size, and faster than libpng's adaptive filters at the same level.
        public static let small = Settings(filter: .none, level: 9)

        public var description: String {
            var text = "filter \(filter.rawValue), level \(level), memLevel \(memLevel), strategy \(strategy.rawValue)"
            if windowBits != 15 { text += ", window 2^\(windowBits)" }
            return text
        }

        var c: SFPNGSettings {
            SFPNGSettings(filters: filter.mask, level: Int32(level), memLevel: Int32(memLevel),
                          strategy: strategy.zlibValue, windowBits: Int32(windowBits))
        }
    }

    /// What compresses the rows.
    public enum Compressor: String, Sendable, CaseIterable {
        /// libpng and zlib with `Options.settings`: any filter, level and strategy.
        case zlib
        /// The frame encoder (CPNGWriter's rows.c): its own DEFLATE writer for UI frames, where
        /// rows repeat the row above and runs of one colour fill rows. Rows equal to the row above
        /// are written with PNG's Up filter (zeros, one match at distance 1), runs equal to the
        /// pixels above or to the pixel on the left are matches, the rest Huffman-coded literals.
        /// The image is compressed in bands of rows, on `Options.bandWorkers` threads, and bands
        /// unchanged since the scratch's previous image can keep their bytes
        /// (`Options.reusesBands`). `Options.settings` is not used.
        case uiFrames
    }

    /// What `encode` writes.
    public struct Options: Sendable, Equatable {
        public var settings: Settings
        /// Writes 24-bit RGB when every pixel is opaque (a quarter less data to compress).
        public var dropsOpaqueAlpha: Bool
        public var compressor: Compressor
        /// Threads that compress one image's bands at once with the frame encoder, the caller's
        /// included: for single images. Frames of a render are compressed one per worker, so
        /// they use 1. The bytes are the same for any number.
        public var bandWorkers: Int
        /// With the frame encoder and a reused `EncodeScratch`: bands of rows unchanged since the
        /// scratch's previous image keep their compressed bytes instead of being compressed
        /// again. The bytes are those of a fresh scratch (FrameEncoderTests checks it).
        public var reusesBands: Bool

        public init(settings: Settings = .frames, dropsOpaqueAlpha: Bool = true, compressor: Compressor = .zlib,
                     bandWorkers: Int = 1, reusesBands: Bool = false) {
            self.settings = settings
            self.dropsOpaqueAlpha = dropsOpaqueAlpha
            self.compressor = compressor
            self.bandWorkers = bandWorkers
            self.reusesBands = reusesBands
        }

        /// Frames: fast to write, with the frame encoder (`Compressor.uiFrames`), keeping the
        /// bands that did not change since the worker's previous frame. Frames are intermediate
        /// files, headed for ffmpeg or a comparison.
        public static let frames = Options(compressor: .uiFrames, reusesBands: true)
        /// Frames through zlib with `Settings.frames`: what frames were written with before the
        /// frame encoder, kept for comparison.
        public static let zlibFrames = Options()
        /// libpng's defaults, RGBA: what a program calling libpng plainly would write.
        public static let libpngDefaults = Options(settings: .libpngDefaults, dropsOpaqueAlpha: false)
        /// Smallest files for goldens and documentation: RGB where opaque.
        public static let small = Options(settings: .small, dropsOpaqueAlpha: true)
    }

    /// Encodes `canvas` as an 8-bit sRGB PNG (alpha un-premultiplied, as PNG stores it).
    /// PNG bytes of `image` (see the overload taking a canvas).
    public static func encode(_ image: Bitmap, options: Options = .frames) throws -> [UInt8] {
        try encode(image.frozen, options: options)
    }

    public static func encode(_ canvas: Canvas, options: Options = .frames) throws -> [UInt8] {
        var scratch = EncodeScratch()
        return try encode(canvas, options: options, scratch: &scratch)
    }

    /// Reusable memory (the growing output, rows on their way to zlib, zlib's state), so that
    /// encoding frame after frame allocates nothing per frame but the returned bytes (and
    /// libpng's own state, a few kilobytes).
    public struct EncodeScratch {
        final class Memory {
            var c = SFPNGScratch()
            deinit { sfpng_scratch_free(&c) }
        }

        let memory = Memory()
        public init() {}
    }

    public static func encode(_ canvas: Canvas, options: Options, scratch: inout EncodeScratch) throws -> [UInt8] {
        try encode(canvas, options: options, rows: SFPNG_ROWS_AUTO, scratch: &scratch)
    }

    /// `rows`: `SFPNG_ROWS_LIBPNG` sends every row through libpng, the reference the direct path
    /// (see CPNGWriter.h) is tested against.
    static func encode(_ canvas: Canvas, options: Options, rows: SFPNGRowPath, scratch: inout EncodeScratch) throws -> [UInt8] {
        let rgb = options.dropsOpaqueAlpha && canvas.isOpaque
        var message = [CChar](repeating: 0, count: 256)
        let memory = scratch.memory
        let ok = options.compressor == .uiFrames && rows == SFPNG_ROWS_AUTO
            ? sfpng_encode_rows(canvas.pixels.baseAddress, UInt32(canvas.width), UInt32(canvas.height), rgb ? 1 : 0,
                                SFPNGRowsOptions(workers: Int32(clamping: options.bandWorkers), reuseBands: options.reusesBands ? 1 : 0),
                                &memory.c, &message, message.count)
            : sfpng_encode(canvas.pixels.baseAddress, UInt32(canvas.width), UInt32(canvas.height), rgb ? 1 : 0,
                              options.settings.c, rows, &memory.c, &message, message.count)
        guard ok != 0 else {
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw PNGError(message: text.isEmpty ? "libpng failed without a message" : text)
        }
        return Array(UnsafeBufferPointer(start: memory.c.bytes, count: memory.c.count))
    }

    /// The smaller PNG of `canvas` between `.small` and, when the canvas has at most 256 colours,
    /// indexed colour (one byte per pixel and a palette). For files that are kept, such as
    /// goldens: the search costs a second encode.
    public static func encodeSmallest(_ canvas: Canvas) throws -> [UInt8] {
        let direct = try encode(canvas, options: .small)
        guard let indexed = try encodeIndexed(canvas), indexed.count < direct.count else { return direct }
        return indexed
    }

    /// An indexed-colour PNG of `canvas` (palette in order of first appearance, for the same bytes
    /// every time), or nil when it has more than 256 colours.
    static func encodeIndexed(_ canvas: Canvas) throws -> [UInt8]? {
        let (width, height) = (canvas.width, canvas.height)
        var palette: [UInt32] = []
        var lookup: [UInt32: UInt8] = [:]
        var indices = [UInt8](repeating: 0, count: width * height)
        var previous: UInt32?, index: UInt8 = 0
        for (i, pixel) in canvas.pixels.enumerated() {
            if pixel != previous {      // flat regions repeat a colour: look up only changes
                if let known = lookup[pixel] {
                    index = known
                } else {
                    guard palette.count < 256 else { return nil }
                    index = UInt8(palette.count)
                    lookup[pixel] = index
                    palette.append(pixel)
                }
                previous = pixel
            }
            indices[i] = index
        }
        let opaque = canvas.isOpaque
        let colormap = palette.flatMap { pixel -> [UInt8] in
            let c = Color(premultiplied: pixel)
            return opaque ? [c.red, c.green, c.blue] : [c.red, c.green, c.blue, c.alpha]
        }
        var image = png_image()
        image.version = CPNG_IMAGE_VERSION
        image.width = png_uint_32(width)
        image.height = png_uint_32(height)
        image.format = opaque ? CPNG_FORMAT_RGB_COLORMAP : CPNG_FORMAT_RGBA_COLORMAP
        image.colormap_entries = png_uint_32(palette.count)
        var output: [UInt8] = []
        return try write(&image, rows: indices, rowBytes: width, colormap: colormap, output: &output)
    }

    /// `png_image_write_to_memory` into `output`, grown once if libpng says it needs more.
    private static func write(_ image: inout png_image, rows: [UInt8], rowBytes: Int, colormap: [UInt8]?,
                              output: inout [UInt8]) throws -> [UInt8] {
        // Room for the data stored uncompressed plus PNG and zlib framing, so one call suffices.
        let height = Int(image.height)
        var capacity = (rowBytes + 1) * height + (rowBytes + 1) * height / 64 + 4096
        for _ in 0..<2 {
            if output.count < capacity { output = [UInt8](repeating: 0, count: capacity) }
            var size = png_alloc_size_t(output.count)
            let ok = output.withUnsafeMutableBytes { buffer in
                rows.withUnsafeBytes { rows in
                    if let colormap {
                        return colormap.withUnsafeBytes { colormap in
                            png_image_write_to_memory(&image, buffer.baseAddress, &size, 0, rows.baseAddress, png_int_32(rowBytes),
                                                      colormap.baseAddress)
                        }
                    }
                    return png_image_write_to_memory(&image, buffer.baseAddress, &size, 0, rows.baseAddress, png_int_32(rowBytes), nil)
                }
            }
            if ok != 0 { return Array(output[0..<Int(size)]) }
            if Int(size) > output.count {
                capacity = Int(size)    // libpng says how much it needs; try once more
                image.warning_or_error = 0
                continue
            }
            throw PNGError(message: message(of: &image))
        }
        throw PNGError(message: "the encoded image did not fit in \(capacity) bytes")
    }

    /// The most pixels a decoded image may have: the largest canvas a scene can ask for.
    public static let maximumPixels = 16384 * 16384

    /// Decodes a PNG (any colour type or depth libpng reads) into a premultiplied canvas: into
    /// `reusing` (keeping its scale) when it has the image's size, so that reading frame after
    /// frame allocates nothing, else into a new canvas of `scale`.
    ///
    /// Sizes are checked from the header before any pixel memory is allocated: an image whose
    /// header claims more than `maximumPixels`, or another size than `expecting`, is an error
    /// (`PNGSizeError`) that costs nothing to find.
    public static func decode(_ data: [UInt8], scale: Double = 1, path: String? = nil, reusing: Canvas? = nil,
                              expecting size: (width: Int, height: Int)? = nil) throws -> Canvas {
        var image = png_image()
        image.version = CPNG_IMAGE_VERSION
        return try data.withUnsafeBytes { bytes -> Canvas in
            guard png_image_begin_read_from_memory(&image, bytes.baseAddress, bytes.count) != 0 else {
                throw PNGError(message: message(of: &image), path: path)
            }
            defer { png_image_free(&image) }
            image.format = CPNG_FORMAT_RGBA
            let (width, height) = (Int(image.width), Int(image.height))
            if let size, size != (width, height) {
                throw PNGSizeError(width: width, height: height, expected: size, path: path)
            }
            guard width.multipliedReportingOverflow(by: height).partialValue <= maximumPixels, width <= maximumPixels, height <= maximumPixels else {
                throw PNGSizeError(width: width, height: height, expected: nil, path: path)
            }
            let canvas = reusing.flatMap { $0.width == width && $0.height == height ? $0 : nil }
                ?? Canvas(pixelWidth: width, pixelHeight: height, scale: scale)
            try canvas.withUnsafeMutablePixels { pixels in
                // libpng writes R, G, B, A bytes: the canvas' layout in memory on a little-endian machine.
                guard png_image_finish_read(&image, nil, pixels.baseAddress, png_int_32(width * 4), nil) != 0 else {
                    throw PNGError(message: message(of: &image), path: path)
                }
                for i in pixels.indices {
                    let straight = UInt32(littleEndian: pixels[i])
                    if straight >> 24 == 255 {
                        pixels[i] = straight
                    } else {
                        pixels[i] = Color(red: UInt8(straight & 0xFF), green: UInt8((straight >> 8) & 0xFF),
                                          blue: UInt8((straight >> 16) & 0xFF), alpha: UInt8(straight >> 24)).premultiplied
                    }
                }
            }
            return canvas
        }
    }

    /// Reads and decodes the PNG file at `url` (into `reusing` when it has the image's size);
    /// errors name the file.
    public static func read(contentsOf url: URL, scale: Double = 1, reusing: Canvas? = nil,
                            expecting size: (width: Int, height: Int)? = nil) throws -> Canvas {
        let data: Data
        if FileManager.default.fileExists(atPath: url.path), !isRegularFile(atPath: url.path) {
            throw PNGError(message: "not a regular file (a pipe, a device or a folder), so it is not read", path: url.path)
        }
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw PNGError(message: "cannot read the file (\(error.localizedDescription))", path: url.path)
        }
        return try decode([UInt8](data), scale: scale, path: url.path, reusing: reusing, expecting: size)
    }

    private static func message(of image: inout png_image) -> String {
        let text = withUnsafeBytes(of: &image.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        return text.isEmpty ? "libpng failed without a message" : text
    }
}
