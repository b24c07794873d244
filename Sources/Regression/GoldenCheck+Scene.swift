import FrameIO
import Foundation
import Raster
import Recording
import Scenes

// The scene overloads: the only part of Regression that knows the scene format.
extension GoldenCheck {
    /// Checks `scene` against the golden in `directory`. `workers` defaults to as many as fit in
    /// memory (`WorkerBudget`), at most one per core.
    public init(scene: Scene, font: Font, directory: URL, workers: Int? = nil) {
        self.init(recorder: Recorder(scene: scene, font: font), font: font, directory: directory, workers: workers)
    }

    /// The memory rule for this scene's frames.
    public static func budget(_ scene: Scene) -> WorkerBudget {
        budget(scene.canvas)
    }
}
