import Foundation
import FrameIO
import ImageCodec
import Raster
import Recording
@testable import Scenes
import Testing

/// Sweeps: a scene's settings varied by path, the variants tiled frame by frame, their metrics.
@MainActor @Suite struct SweepTests {
    /// One selected cell of six pressed, dragged down on its springs and let go: 1.6 s on a
    /// 200×260 pt canvas at scale 1.
    static let drag = """
        { "name": "drag", "canvas": { "width": 200, "height": 260, "scale": 1 }, "duration": 1.6,
          "collection": { "items": 6, "layout": { "type": "flow", "itemSize": [50, 50], "sectionInset": [16, 16, 16, 16] },
                          "interaction": { "type": "clusterDrag", "frequency": 3, "damping": 0.6 }, "selected": [0] },
          "touches": [ { "at": 0.05, "down": [41, 41] }, { "at": 0.6, "move": [41, 181], "duration": 0.3 }, { "at": 0.95, "up": true } ] }
        """

    private func json() throws -> JSONValue { try JSONParser.parse(Array(Self.drag.utf8)) }

    private func damping(_ scene: Scene) -> Double? {
        if case .clusterDrag(let drag) = scene.collection.interaction { return drag.damping }
        return nil
    }

    private func temporaryDirectory(_ name: String = #function) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("springframes-sweep-\(getpid())-\(name.filter(\.isLetter))")
        try? FileManager.default.removeItem(at: url)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    // MARK: Parameters

    @Test func aParameterIsAPathAndValues() throws {
        let parameter = try SceneParameter(argument: "interaction.damping=0.4, 0.6,0.8")
        #expect(parameter.path == ["interaction", "damping"])
        #expect(parameter.values == [.number(0.4), .number(0.6), .number(0.8)])
        #expect(parameter.label(.number(0.4)) == "damping 0.4")
        #expect(try SceneParameter(argument: "style.cell.template=card,plain").values == [.string("card"), .string("plain")])
        for bad in ["damping", "=1,2", "a..b=1", "a.b=1,,2"] {
            #expect(throws: SceneParameterError.self, "\(bad)") { try SceneParameter(argument: bad) }
        }
    }

    @Test func aShortPathNamesTheOnePlaceItLeadsTo() throws {
        let json = try json()
        #expect(try Scene.place(of: SceneParameter(path: ["interaction", "damping"], values: []), in: json, file: "drag.json")
                == ["collection", "interaction", "damping"])
        #expect(try Scene.place(of: SceneParameter(path: ["duration"], values: []), in: json, file: "drag.json") == ["duration"])
        // A setting the scene leaves at its default is added to its object.
        #expect(try Scene.place(of: SceneParameter(path: ["interaction", "minimumPressDuration"], values: []), in: json, file: "drag.json")
                == ["collection", "interaction", "minimumPressDuration"])
        let missing = #expect(throws: SceneError.self) {
            try Scene.place(of: SceneParameter(path: ["spring", "damping"], values: []), in: json, file: "drag.json")
        }
        #expect(missing?.description.hasPrefix("drag.json: --vary spring.damping: the scene has no such setting; settings it has: name, "
                                              + "canvas.width") == true, "\(String(describing: missing))")
        #expect(missing?.description.contains("collection.interaction.damping") == true)
        #expect(try Scene.place(of: SceneParameter(path: ["width"], values: []), in: json, file: "drag.json") == ["canvas", "width"],
                "the only width")
        let twice = #expect(throws: SceneError.self) {
            try Scene.place(of: SceneParameter(path: ["1"], values: []), in: json, file: "drag.json")
        }
        #expect(twice?.message.hasPrefix("names ") == true && twice?.message.hasSuffix("give more of the path") == true)
    }

    @Test func variantsAreEveryCombinationLastFastest() throws {
        let variants = try Scene.variants(of: json(), file: "drag.json", varying: [
            try SceneParameter(argument: "interaction.damping=0.3,0.9"), try SceneParameter(argument: "interaction.frequency=2,4,6"),
        ])
        #expect(variants.map(\.label) == ["damping 0.3 · frequency 2", "damping 0.3 · frequency 4", "damping 0.3 · frequency 6",
                                          "damping 0.9 · frequency 2", "damping 0.9 · frequency 4", "damping 0.9 · frequency 6"])
        #expect(variants.map { damping($0.scene) } == [0.3, 0.3, 0.3, 0.9, 0.9, 0.9])
        // A value the scene cannot take is the scene's own error, naming the variant.
        let error = #expect(throws: SceneError.self) {
            try Scene.variants(of: json(), file: "drag.json", varying: [try SceneParameter(argument: "interaction.damping=0.5,-2")])
        }
        #expect(error?.location == "collection.interaction.damping")
        #expect(error?.message.hasSuffix("(in the variant damping -2)") == true, "\(String(describing: error))")
    }

    // MARK: Recording

    /// Each tile holds exactly what the variant records alone at the tile's scale, under its label;
    /// the metrics are those of the dragged cell measured on the variant's own trace.
    @Test func tilesAreTheVariantsOwnFramesAndMetricsTheirOwnMotion() throws {
        let variants = try Scene.variants(of: json(), file: "drag.json", varying: [try SceneParameter(argument: "interaction.damping=0.2,1")])
        let font = try Font.named()
        let sweep = Sweep(name: "drag-sweep", variants: variants.map { Sweep.Variant(label: $0.label, recorder: Recorder(scene: $0.scene, font: font)) })
        #expect(sweep.columns == 2 && sweep.tileScale == 0.5, "two tiles of a scale 1 scene: half a pixel per point")
        #expect(sweep.pixelSize == (2 * 12 + 2 * 100 + 12, 2 * 12 + 26 + 130))
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = try sweep.record(to: directory.appendingPathComponent("frames"), workers: 2, sheet: Sweep.Sheet(every: 24))
        #expect(output.manifest.frames.count == 97)

        for frame in [0, 48, 70, 96] {
            let tiled = try PNGCodec.read(contentsOf: directory.appendingPathComponent("frames/" + output.manifest.frames[frame].file))
            for (k, variant) in variants.enumerated() {
                var scene = variant.scene
                scene.canvas.scale = 0.5
                let alone = SceneRendering(scene: scene, font: font, workers: 1).image(ofFrame: frame)
                let x0 = 12 + k * (100 + 12), y0 = 12 + 26
                var differing = 0
                for y in 0..<alone.height {
                    for x in 0..<alone.width where tiled.pixel(x: x0 + x, y: y0 + y) != alone.pixel(x: x, y: y) { differing += 1 }
                }
                #expect(differing == 0, "frame \(frame), \(variant.label)")
            }
        }

        #expect(output.metrics.map(\.label) == ["damping 0.2", "damping 1"])
        for (k, variant) in variants.enumerated() {
            let trace = try Recorder(scene: variant.scene, font: font).trace()
            let rows = trace.rows.filter { $0.element == .cell && $0.id == "0" }
            let own = MotionMetrics(times: rows.map(\.time), positions: rows.map { CGPoint(x: $0.x, y: $0.y) })
            #expect(output.metrics[k].element == "item 0")
            #expect(output.metrics[k].motion == own, "\(variant.label)")
        }
        let light = try #require(output.metrics[0].motion), stiff = try #require(output.metrics[1].motion)
        #expect(light.overshoot > stiff.overshoot + 5, "less damping overshoots more: \(light.overshoot) % vs \(stiff.overshoot) %")
        let csv = try String(contentsOf: output.metricsFile, encoding: .utf8).split(separator: "\n")
        #expect(csv.first == "variant,element,overshoot_percent,settling_time_s,peak_speed_pt_per_s,rest_x,rest_y,largest_overshoot_percent")
        #expect(csv[1].hasPrefix("damping 0.2,item 0,\(light.overshoot),"))
        // The sheet: a row per variant, frames 0, 24, 48, 72 and 96 across.
        let sheet = try PNGCodec.read(contentsOf: try #require(output.sheet))
        #expect(sheet.width == 2 * 16 + 190 + 5 * (50 + 8) && sheet.height == 2 * 16 + 24 + 2 * (65 + 8))
    }

    @Test func theSameBytesWithAnyNumberOfWorkers() throws {
        let variants = try Scene.variants(of: json(), file: "drag.json", varying: [try SceneParameter(argument: "interaction.frequency=2,5,9")])
        let font = try Font.named()
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let digests = try [1, 2].map { workers in
            let sweep = Sweep(variants: variants.map { Sweep.Variant(label: $0.label, recorder: Recorder(scene: $0.scene, font: font)) })
            return try sweep.record(to: directory.appendingPathComponent("w\(workers)"), workers: workers).manifest.frames.map(\.sha256)
        }
        #expect(digests[0] == digests[1])
        #expect(Set(digests[0]).count > 20, "the tiles move")
    }

    @Test func variantsAtDifferentFrameRatesAreRefused() throws {
        var fast = try Scene(data: Array(Self.drag.utf8), file: "drag.json")
        fast.fps = 30
        let font = try Font.named()
        let sweep = Sweep(variants: [Sweep.Variant(label: "60", recorder: Recorder(scene: try Scene(data: Array(Self.drag.utf8), file: "drag.json"), font: font)),
                                     Sweep.Variant(label: "30", recorder: Recorder(scene: fast, font: font))])
        let error = #expect(throws: RecorderError.self) { try sweep.record(to: try temporaryDirectory()) }
        #expect("\(String(describing: error))".contains("different frame rates"))
    }
}
