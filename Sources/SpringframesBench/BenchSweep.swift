import Springframes

/// The sweep part of `springframes-bench`: the default demo (cluster-drag) at 390×844 pt and
/// scale 2 rendered once, against a sweep of 3 × 3 variants of it (damping 0.4, 0.6, 0.8 by
/// frequency 4, 8, 12 Hz), both with 2 workers, as `render` and `sweep` write them.
@MainActor
enum SweepBenchmark {
    static func run(runs: Int, font: Font) throws {
        let entry = BuiltInScenes.named(BuiltInScenes.defaultName)!
        var scene = try entry.scene()
        scene.canvas.scale = 2
        let variants = try Scene.variants(of: try JSONParser.parse(Array(try entry.text().utf8)), file: entry.name, varying: [
            try SceneParameter(argument: "interaction.damping=0.4,0.6,0.8"), try SceneParameter(argument: "interaction.frequency=4,8,12"),
        ])
        let sweep = Sweep(name: "bench-sweep", variants: variants.map { Sweep.Variant(label: $0.label, recorder: Recorder(scene: $0.scene, font: font)) },
                          columns: 3)
        let size = sweep.pixelSize
        print("sweep: the default demo (\(scene.name)), \(scene.frameCount) frames; one render at \(scene.canvas.pixelWidth)×"
              + "\(scene.canvas.pixelHeight) px against a sweep of \(variants.count) variants tiled at \(JSONValue.format(sweep.tileScale)) "
              + "px/pt (\(size.width)×\(size.height) px), 2 workers each")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("springframes-bench-sweep-\(getpid())")
        defer { try? FileManager.default.removeItem(at: directory) }
        // Interleaved, so that both see the same machine; the first pair warms up.
        let clock = ContinuousClock()
        var renders: [Double] = [], sweeps: [Double] = []
        for run in 0...runs {
            var start = clock.now
            var rendering = SceneRendering(scene: scene, font: font)
            rendering.workers = 2
            _ = try rendering.render(to: directory.appendingPathComponent("render"))
            let render = (clock.now - start).inSeconds
            start = clock.now
            _ = try sweep.record(to: directory.appendingPathComponent("sweep"), workers: 2, sheet: Sweep.Sheet(every: 30))
            if run > 0 { (renders, sweeps) = (renders + [render], sweeps + [(clock.now - start).inSeconds]) }
        }
        let render = renders.sorted()[runs / 2], swept = sweeps.sorted()[runs / 2]
        print("  one render: \(format(render, 2)) s; sweep of \(variants.count): \(format(swept, 2)) s "
              + "(\(format(swept / render, 2))× one render; medians of \(runs))")
    }
}
