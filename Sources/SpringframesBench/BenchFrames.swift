import Springframes

/// The frame half of `springframes-bench`: the default demo (cluster-drag) at 390×844 pt and
/// scale 3, 1170×2532 pixels, through each stage and then end to end.
@MainActor
enum FrameBenchmark {
    struct Encoding {
        var label: String
        var options: PNGCodec.Options
    }

    static let encodings = [
        // One frame encoded again and again would keep every band: each time is compressed whole.
        Encoding(label: "frames (the frame encoder, every band compressed), RGB when opaque", options: {
            var options = PNGCodec.Options.frames
            options.reusesBands = false
            return options
        }()),
        Encoding(label: "zlib frames (\(PNGCodec.Settings.frames)), RGB when opaque", options: .zlibFrames),
        Encoding(label: "libpng defaults, RGBA", options: .libpngDefaults),
        Encoding(label: "goldens (\(PNGCodec.Settings.small)), RGB when opaque", options: .small),
        Encoding(label: "simplified API's fast, RGB when opaque", options: .init(settings: EncodeBenchmark.simplifiedFast)),
    ]

    /// The default demo at the benchmark's size.
    static func demoScene() throws -> Scene {
        var scene = try BuiltInScenes.named(BuiltInScenes.defaultName)!.scene()
        scene.canvas.scale = 3
        return scene
    }

    /// `keep`: a directory to leave the end-to-end frames in (otherwise a temporary one, removed).
    static func run(runs: Int, font: Font, keep: URL?) throws {
        let scene = try demoScene()
        let frames = scene.frameCount
        print("frames: the default demo (\(scene.name)), \(frames) frames of \(scene.canvas.pixelWidth)×\(scene.canvas.pixelHeight) px "
              + "(390×844 pt at scale 3) at \(Int(scene.fps)) fps")

        // Simulation: the sequential stage, touches, physics and the snapshot of what to draw.
        let recorder = Recorder(scene: scene, font: font)
        var captured: [RecordedFrame] = []
        let simulation = try median(runs: runs) {
            let player = try recorder.play()
            captured = (0..<frames).map { player.frame($0) }
        }
        print("  simulation: \(format(simulation * 1000 / Double(frames), 3)) ms/frame "
              + "(touches, 1/960 s physics steps, cells laid out and snapshotted; \(format(Double(frames) / simulation, 0)) frames/s on one thread)")

        // Raster: every frame drawn into a reused canvas.
        let canvas = recorder.makeCanvas()
        let raster = try median(runs: runs) {
            for frame in captured {
                canvas.clear(scene.canvas.background)
                recorder.drawer.draw(frame, into: canvas)
            }
        }
        print("  raster: \(format(raster * 1000 / Double(frames), 2)) ms/frame (mean over the \(frames) frames, median of \(runs) runs, one thread, clearing included)")

        // Encode: one frame mid-drag with each PNG setting.
        canvas.clear(scene.canvas.background)
        recorder.drawer.draw(captured[frames / 2], into: canvas)
        var scratch = PNGCodec.EncodeScratch()
        var measured: [(time: Double, size: Int)] = []
        for encoding in encodings {
            var size = 0
            let time = try median(runs: runs) { size = try PNGCodec.encode(canvas, options: encoding.options, scratch: &scratch).count }
            measured.append((time, size))
        }
        let reference = Double(measured[2].size)    // libpng's defaults
        for (encoding, result) in zip(encodings, measured) {
            print("  encode, \(encoding.label): \(format(result.time * 1000, 2)) ms/frame, \(result.size) bytes "
                  + "(\(format(100 * Double(result.size) / reference, 0)) % of libpng defaults' size)")
        }

        // Digest and write: what the writing thread does with each encoded frame.
        let png = try PNGCodec.encode(canvas, options: .frames, scratch: &scratch)
        var digest = ""
        let hashing = try median(runs: runs) { for _ in 0..<100 { digest = SHA256.hex(of: png) } }
        print("  digest: \(format(hashing * 10, 3)) ms/frame (SHA-256 of the \(png.count)-byte frame, libcrypto; \(digest.prefix(8))…)")
        let scratchFolder = FileManager.default.temporaryDirectory.appendingPathComponent("springframes-bench-write-\(getpid())")
        try FileManager.default.createDirectory(at: scratchFolder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratchFolder) }
        let writing = try median(runs: runs) {
            for i in 0..<20 { try AtomicFile.write(png, to: scratchFolder.appendingPathComponent("frame_\(i).png")) }
        }
        print("  write: \(format(writing * 50, 3)) ms/frame (the frame written under a temporary name and renamed into place)")

        // End to end: what `springframes render --scale 3` does, with 1 and 2 workers.
        let directory = keep ?? FileManager.default.temporaryDirectory.appendingPathComponent("springframes-bench-\(getpid())")
        defer { if keep == nil { try? FileManager.default.removeItem(at: directory) } }
        let endToEndRuns = max(1, runs / 2)
        // As render does it, then with every frame drawn as if none repeated its predecessor:
        // what drawing costs.
        for reuses in [true, false] {
            for workers in [1, 2] {
                var rendering = SceneRendering(scene: scene, font: font, workers: workers)
                rendering.reusesRepeatedFrames = reuses
                let time = try median(runs: endToEndRuns) { try rendering.render(to: directory) }
                let what = reuses ? "frames at rest written from the previous frame's bytes" : "every frame drawn and encoded"
                print("  end to end, \(workers) worker\(workers == 1 ? "" : "s"), \(reuses ? "as render does" : "every frame drawn"): "
                      + "\(format(Double(frames) / time, 1)) frames/s (\(frames) frames simulated, \(what), hashed and written; median of \(endToEndRuns))")
            }
        }
    }

    /// Median wall time of `runs` calls, after one warm-up call.
    static func median(runs: Int, _ body: () throws -> Void) throws -> Double {
        try body()
        let clock = ContinuousClock()
        var times: [Double] = []
        for _ in 0..<runs {
            let start = clock.now
            try body()
            let elapsed = clock.now - start
            times.append(elapsed.inSeconds)
        }
        times.sort()
        return times[times.count / 2]
    }
}
