import ArgumentParser
import Foundation
import Recording
import Scenes

/// `springframes validate`: checks a scene without rendering it.
struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check a scene file; print what it holds, or exactly what is wrong and where."
    )

    @Argument(help: "A scene .json file or a built-in scene name.")
    var scene: String

    @OptionGroup var access: SceneAccessOptions

    func run() throws {
        try reportingErrors {
            let scene = try SceneLoading.load(self.scene, access: access)
            let collection = scene.collection
            let n = JSONValue.format
            let canvas = scene.canvas
            let size = "\(n(canvas.width))×\(n(canvas.height)) pt at scale \(n(canvas.scale)) (\(canvas.pixelWidth)×\(canvas.pixelHeight) px)"
            let timing = "\(counted(scene.frameCount, "frame")) at \(n(scene.fps)) fps over \(n(scene.duration)) s"
            let content = "\(counted(collection.itemCount, "item")) in \(counted(collection.sections.count, "section")), "
                + "\(collection.layout.typeName) layout, interaction \(collection.interaction.typeName), "
                + counted(scene.touches.count, "touch event") + "; at most about \(counted(scene.elementsPerFrameEstimate, "element")) a frame"
            let named = scene.name == self.scene ? "" : " (scene \"\(scene.name)\")"
            print("\(self.scene)\(named): valid; \(size), \(timing); \(content).")
            for warning in scene.warnings { printError("warning: \(self.scene): \(warning)") }
        }
    }
}
