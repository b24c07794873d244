import Foundation
import Springframes

/// `springframes bench recorder`: the default demo recorded end to end two ways in one run, with
/// the runs interleaved — as `render` does it (display lists drawn by the scene renderer) and as
/// a UIKit app shows it (the collection view in a window with its cells, the window's snapshot
/// drawn by the view renderer) — so the cost of recording a user's UI is read against `render`.
enum RecorderBenchmark {
    static func run(runs: Int, font: Font) throws {
        let scene = try FrameBenchmark.demoScene()
        let frames = scene.frameCount
        print("recorder: the default demo (\(scene.name)), \(frames) frames of \(scene.canvas.pixelWidth)×\(scene.canvas.pixelHeight) px, "
              + "recorded end to end; runs interleaved, medians of \(runs)")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("springframes-bench-recorder-\(getpid())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let ways: [(label: String, recorder: Recorder)] = [
            ("render (scene renderer)", Recorder(scene: scene, font: font)),
            ("recorder (window of cells)", Recorder(sceneInWindow: scene, font: font)),
        ]
        for workers in [1, 2] {
            var times = Array(repeating: [Double](), count: ways.count)
            let clock = ContinuousClock()
            for run in 0...runs {
                for (index, way) in ways.enumerated() {
                    let start = clock.now
                    try way.recorder.record(to: directory, workers: workers)
                    if run > 0 { times[index].append((clock.now - start).inSeconds) }      // run 0 warms up
                }
            }
            let medians = times.map { $0.sorted()[$0.count / 2] }
            for (way, time) in zip(ways, medians) {
                print("  \(way.label), \(workers) worker\(workers == 1 ? "" : "s"): \(format(Double(frames) / time, 1)) frames/s "
                      + "(\(format(time, 2)) s)")
            }
            print("  recorder / render: \(format(medians[1] / medians[0], 2))× the time")
        }
    }
}
