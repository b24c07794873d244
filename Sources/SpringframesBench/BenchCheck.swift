import Springframes

/// The check part of `springframes-bench`: the default demo (cluster-drag) at 390×844 pt and
/// scale 2, 780×1688 pixels, against goldens of every frame recorded into a temporary directory.
@MainActor
enum CheckBenchmark {
    static func run(runs: Int, font: Font) throws {
        var scene = try BuiltInScenes.named(BuiltInScenes.defaultName)!.scene()
        scene.canvas.scale = 2
        let frames = scene.frameCount
        print("check: the default demo (\(scene.name)), \(frames) frames of \(scene.canvas.pixelWidth)×\(scene.canvas.pixelHeight) px "
              + "(390×844 pt at scale 2), golden of every frame")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("springframes-bench-check-\(getpid())")
        defer { try? FileManager.default.removeItem(at: directory) }

        func check(_ record: RecordMode, workers: Int = 2, strategies: [GoldenStrategy] = GoldenStrategy.all) -> GoldenCheck {
            var check = GoldenCheck(scene: scene, font: font, directory: directory, workers: workers)
            check.record = record
            check.strategies = strategies
            return check
        }
        let clock = ContinuousClock()
        let start = clock.now
        _ = try check(.all).run()
        let record = (clock.now - start).inSeconds
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        func size(_ name: String) -> Int {
            ((try? FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent(name).path))?[.size] as? Int) ?? 0
        }
        let frameBytes = names.filter { $0.hasSuffix(".png") }.map(size).reduce(0, +)
        print("  record (PNGs written small, 2 workers): \(format(record, 2)) s; golden \(format(Double(frameBytes) / 1e6, 1)) MB of frames "
              + "(\(frameBytes / frames) bytes/frame) and a \(format(Double(size(GoldenCheck.traceFileName)) / 1e3, 0)) kB trace")

        let per100 = 100 / Double(frames)
        for (label, body) in [
            ("passing check, motion and frames, 2 workers", check(.never)),
            ("passing check, motion and frames, 1 worker", check(.never, workers: 1)),
            ("motion only (trace of \(SceneTrace(scene: scene, frames: 0...0).rows.count) items)", check(.never, strategies: [.motion])),
            ("frames only, 2 workers", check(.never, strategies: [.frames])),
        ] {
            let time = try FrameBenchmark.median(runs: runs) {
                guard try body.run().passes else { throw CheckBenchmarkError() }
            }
            print("  \(label): \(format(time * per100, 3)) s per 100 frames (\(format(time, 2)) s in all; median of \(runs))")
        }
    }
}

/// The benchmark's own check failed: the renderer is not deterministic.
struct CheckBenchmarkError: Error, CustomStringConvertible {
    var description: String { "a check of goldens just recorded failed: the same scene rendered differently" }
}
