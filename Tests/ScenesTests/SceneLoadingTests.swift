import Foundation
import Recording
import Scenes
import Testing

/// A scene by name or path, as every command takes it.
@MainActor @Suite struct SceneLoadingTests {
    @Test func noArgumentIsTheDefaultDemoAndANameIsABuiltInScene() throws {
        #expect(try Scene.load(nameOrPath: nil).name == "cluster-drag")
        #expect(try Scene.load(nameOrPath: "waterfall").name == "waterfall")
    }

    @Test func aPathIsAFileEvenWhenItIsNamedLikeABuiltInScene() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scene-loading-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("circle.json")
        try Data(#"{ "name": "mine", "collection": { "items": 3, "layout": { "type": "circle" } } }"#.utf8).write(to: file)
        #expect(try Scene.load(nameOrPath: file.path).name == "mine")
        let source = try Scene.source(nameOrPath: file.path)
        #expect(source.file == file.path && source.defaultName == "mine")
        #expect(try Scene.source(nameOrPath: "circle").file == "built-in scene \"circle\"")
    }

    @Test func anUnknownNameListsTheBuiltInScenes() {
        let error = #expect(throws: SceneError.self) { try Scene.load(nameOrPath: "springy-typo") }
        #expect(error?.description.hasPrefix("springy-typo: no such file, and no built-in scene of that name; built-in scenes: cluster-drag, ") == true,
                "\(String(describing: error))")
        #expect(throws: SceneError.self) { try Scene.load(nameOrPath: "missing/scene.json") }
    }
}
