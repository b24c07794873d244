import Foundation
import Springframes
import Testing
import TestSupport

/// A scene shown as an app would show it — its collection view in a window, cells from the data
/// source, touches through the window — moves exactly as the scene does.
@Suite struct SceneWindowTests {
    @Test(arguments: ["cluster-drag", "photo-drag", "rearrange", "springy", "line", "circle"])
    func theWindowMovesAsTheSceneDoes(_ name: String) throws {
        var scene = try #require(BuiltInScenes.named(name)).scene()
        scene.fps = 20
        let font = try Font.named()
        let direct = try Recorder(scene: scene, font: font).trace()
        let windowed = try Recorder(sceneInWindow: scene, font: font).trace()
        #expect(windowed.rows.count == direct.rows.count)
        let first = zip(windowed.rows, direct.rows).first { $0 != $1 }
        #expect(first == nil, "first difference: \(String(describing: first))")
    }

    /// The window's cells are the scene's `SceneCell`s: a resting frame shows what the scene
    /// renderer draws for the cells (here the circle scene at rest, before its touch).
    @Test func theWindowDrawsTheScenesCells() throws {
        var scene = try #require(BuiltInScenes.named("circle")).scene()
        scene.canvas.scale = 1
        let font = try Font.named()
        let direct = try Recorder(scene: scene, font: font).images(ofFrames: [0])[0]
        let windowed = try Recorder(sceneInWindow: scene, font: font).images(ofFrames: [0])[0]
        withExtendedLifetime((direct, windowed)) {
            let differing = differingPixels(direct, windowed)
            #expect(differing == 0, "\(differing) pixels differ")
        }
    }
}
