import Springframes

/// `springframes-bench encode`: PNG encoder settings measured on the project's own frames, the
/// middle frame of every built-in scene at scale 3, to choose `PNGCodec.Settings.frames` from.
@MainActor
enum EncodeBenchmark {
    /// What frames were written with before the classic API: `PNG_IMAGE_FLAG_FAST`, which is no
    /// filter and zlib level 3 with libpng's other defaults.
    static let simplifiedFast = PNGCodec.Settings(filter: .none, level: 3)

    /// The grid: every filter, level and memLevel with zlib's default strategy; the filtered
    /// strategy with the filters it is meant for; run-length and Huffman-only with every filter
    /// (they ignore level and memLevel); smaller windows for the fastest levels.
    static var grid: [PNGCodec.Settings] {
        var grid: [PNGCodec.Settings] = []
        for filter in PNGCodec.Settings.Filter.allCases {
            for level in [1, 2, 3, 4, 6, 9] {
                for memLevel in [6, 8, 9] { grid.append(.init(filter: filter, level: level, memLevel: memLevel)) }
            }
            if filter != .none {
                for level in [2, 3, 6, 9] { grid.append(.init(filter: filter, level: level, strategy: .filtered)) }
            }
            grid.append(.init(filter: filter, level: 6, strategy: .rle))
            grid.append(.init(filter: filter, level: 6, strategy: .huffmanOnly))
        }
        for level in [1, 2] {
            for windowBits in [12, 13] { grid.append(.init(filter: .none, level: level, memLevel: 6, windowBits: windowBits)) }
        }
        for settings in [PNGCodec.Settings.frames, .small, .libpngDefaults] where !grid.contains(settings) { grid.append(settings) }
        return grid
    }

    static func frames(font: Font) throws -> [(name: String, canvas: Canvas)] {
        try BuiltInScenes.all.map { entry in
            var scene = try entry.scene()
            scene.canvas.scale = 3
            let canvas = try Recorder(scene: scene, font: font).images(ofFrames: [scene.frameCount / 2])[0]
            return (entry.name, canvas)
        }
    }

    static func run(runs: Int, font: Font) throws {
        let frames = try frames(font: font)
        let pixels = frames.reduce(0) { $0 + $1.canvas.width * $1.canvas.height }
        print("encode: the middle frame of each of the \(frames.count) built-in scenes at scale 3 "
              + "(\(format(Double(pixels) / 1e6, 1)) Mpx in all), RGB where opaque; ms per frame and bytes per frame are "
              + "means over the frames, each the median of \(runs) runs")
        func measure(_ settings: PNGCodec.Settings) throws -> (ms: Double, bytes: Double) {
            try measure(options: .init(settings: settings))
        }
        func measure(options: PNGCodec.Options) throws -> (ms: Double, bytes: Double) {
            // The encoder's buffers, reused from run to run as a render reuses them.
            var scratch = PNGCodec.EncodeScratch()
            var size = 0
            let time = try FrameBenchmark.median(runs: runs) {
                size = 0
                for frame in frames {
                    size += try PNGCodec.encode(frame.canvas, options: options, scratch: &scratch).count
                }
            }
            return (time * 1000 / Double(frames.count), Double(size) / Double(frames.count))
        }
        let baseline = try measure(simplifiedFast)
        var rows: [(settings: PNGCodec.Settings, ms: Double, bytes: Double)] = []
        for settings in grid {
            let (ms, bytes) = settings == simplifiedFast ? baseline : try measure(settings)
            rows.append((settings, ms, bytes))
        }
        // The frame encoder, beside zlib's grid: what `Options.frames` writes with.
        let own = try measure(options: .frames)
        print("frame encoder (Options.frames: repeated rows and colour runs as matches, own Huffman blocks): "
              + "\(format(own.ms, 2)) ms/frame, \(Int(own.bytes.rounded())) bytes/frame, "
              + "\(format(100 * own.bytes / baseline.bytes, 1)) % of the simplified API's FAST")
        rows.sort { $0.ms < $1.ms }
        let fastestWithinTenPercent = rows.first { $0.bytes <= baseline.bytes * 1.1 }?.settings
        let smallest = rows.min { $0.bytes < $1.bytes }?.settings
        print("| settings | ms/frame | bytes/frame | size vs fast | |")
        print("|---|---|---|---|---|")
        for row in rows {
            var notes: [String] = []
            if row.settings == simplifiedFast { notes.append("simplified API's FAST") }
            if row.settings == .frames { notes.append("zlib frames (Options.zlibFrames)") }
            if row.settings == .small { notes.append("goldens") }
            if row.settings == .libpngDefaults { notes.append("libpng defaults") }
            if row.settings == fastestWithinTenPercent { notes.append("fastest within 10 % of fast's size") }
            if row.settings == smallest { notes.append("smallest") }
            print("| \(row.settings) | \(format(row.ms, 2)) | \(Int(row.bytes.rounded())) "
                  + "| \(format(100 * row.bytes / baseline.bytes, 1)) % | \(notes.joined(separator: "; ")) |")
        }
    }
}
