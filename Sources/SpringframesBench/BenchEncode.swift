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

    static func run(runs: Int, font: Font, zlibGrid: Bool) throws {
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
        try compareEncoders(measure: measure(options:))
        try keptBands(runs: runs, font: font)
        guard zlibGrid else { return }
        print("")
        let baseline = try measure(simplifiedFast)
        var rows: [(settings: PNGCodec.Settings, ms: Double, bytes: Double)] = []
        for settings in grid {
            let (ms, bytes) = settings == simplifiedFast ? baseline : try measure(settings)
            rows.append((settings, ms, bytes))
        }
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

    /// The frame encoder on one thread and on two (a single image, such as a golden or a still),
    /// against zlib at the frame setting it replaced and at the goldens' level 9.
    static func compareEncoders(measure: (PNGCodec.Options) throws -> (ms: Double, bytes: Double)) throws {
        var single = PNGCodec.Options.frames
        single.reusesBands = false      // each scene's frame once: nothing to keep
        var banded = single
        banded.bandWorkers = 2
        let rows: [(String, PNGCodec.Options)] = [
            ("frame encoder, 1 thread (Options.frames)", single),
            ("frame encoder, bands on 2 threads", banded),
            ("zlib, \(PNGCodec.Settings.frames) (Options.zlibFrames: frames before the frame encoder)", .zlibFrames),
            ("zlib, \(PNGCodec.Settings.small) (Options.small: goldens and documentation)", .small),
        ]
        let results = try rows.map { ($0.0, try measure($0.1)) }
        let reference = results[2].1.bytes
        print("| encoder | ms/frame | bytes/frame | size vs zlib frames |")
        print("|---|---|---|---|")
        for (label, result) in results {
            print("| \(label) | \(format(result.ms, 2)) | \(Int(result.bytes.rounded())) | \(format(100 * result.bytes / reference, 1)) % |")
        }
    }

    /// Consecutive frames of the default demo's drag (frames 130 to 169 at scale 3, those that
    /// differ from their predecessor, as a render encodes them), through one scratch: with bands
    /// kept from the previous frame and without. The bytes are the same (FrameEncoderTests).
    static func keptBands(runs: Int, font: Font) throws {
        guard let entry = BuiltInScenes.named(BuiltInScenes.defaultName) else { return }
        var scene = try entry.scene()
        scene.canvas.scale = 3
        let all = try Recorder(scene: scene, font: font).images(ofFrames: Array(130..<170))
        let frames = all.indices.filter { $0 == 0 || !all[$0].pixels.elementsEqual(all[$0 - 1].pixels) }.map { all[$0] }
        func measure(reusing: Bool) throws -> (ms: Double, bytes: Double) {
            var options = PNGCodec.Options.frames
            options.reusesBands = reusing
            var size = 0
            let time = try FrameBenchmark.median(runs: runs) {
                var scratch = PNGCodec.EncodeScratch()
                size = 0
                for frame in frames { size += try PNGCodec.encode(frame, options: options, scratch: &scratch).count }
            }
            return (time * 1000 / Double(frames.count), Double(size) / Double(frames.count))
        }
        let kept = try measure(reusing: true), fresh = try measure(reusing: false)
        print("kept bands: cluster-drag frames 130-169 at scale 3 (\(frames.count) that differ from the one before), one scratch: "
              + "\(format(kept.ms, 2)) ms/frame keeping unchanged bands, \(format(fresh.ms, 2)) ms/frame compressing every band "
              + "(\(Int(kept.bytes.rounded())) bytes/frame either way)")
    }
}
