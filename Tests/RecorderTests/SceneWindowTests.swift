import Foundation
import Springframes
import Testing
import TestSupport

/// A scene is a UI like any other: its window, recorded by the recorder of any window with the
/// scene's touch script, gives the scene's frames and trace.
@MainActor @Suite struct SceneWindowTests {
    private static func windowRecorder(_ scene: Scene, _ runner: SceneRunner) -> Recorder {
        Recorder(window: runner.window, name: scene.name, fps: scene.fps, duration: scene.duration, scale: scene.canvas.scale,
                 background: scene.canvas.background, touches: TouchScript(scene.touches))
    }

    @Test(arguments: ["cluster-drag", "rearrange", "flow-sections"])
    func aScenesFramesAreItsWindowsFrames(_ name: String) throws {
        var scene = try #require(BuiltInScenes.named(name)).scene()
        scene.canvas.scale = 1
        let font = try Font.named()
        let frames = [0, 75, 150]
        let recorded = try Recorder(scene: scene, font: font).images(ofFrames: frames)
        let runner = SceneRunner(scene: scene, font: font)
        let windowed = try Self.windowRecorder(scene, runner).images(ofFrames: frames)
        for (frame, (a, b)) in zip(frames, zip(recorded, windowed)) {
            let differing = withExtendedLifetime((a, b)) { differingPixels(a, b) }
            #expect(differing == 0, "frame \(frame): \(differing) pixels differ")
        }
    }

    @Test(arguments: ["cluster-drag", "springy", "line", "circle"])
    func aScenesTraceIsItsWindowsTrace(_ name: String) throws {
        var scene = try #require(BuiltInScenes.named(name)).scene()
        scene.fps = 20
        let traced = SceneTrace(scene: scene)
        let runner = SceneRunner(scene: scene, font: nil)
        let windowed = try Self.windowRecorder(scene, runner).trace()
        #expect(windowed.rows.count == traced.rows.count)
        let first = zip(windowed.rows, traced.rows).first { $0 != $1 }
        #expect(first == nil, "first difference: \(String(describing: first))")
    }
}
