import Foundation
import Raster

/// What one frame shows, captured on the simulation thread as plain values, so a worker can draw
/// it while the simulation goes on: the window's view snapshot, and the finger while it is down
/// (window points).
package struct RecordedFrame: Sendable {
    package var snapshot: ViewSnapshot
    package var touch: CGPoint?
    /// The status bar, home indicator and corners of a device recording.
    package var chrome: DeviceFrameChrome?

    package init(snapshot: ViewSnapshot, touch: CGPoint?, chrome: DeviceFrameChrome? = nil) {
        self.snapshot = snapshot
        self.touch = touch
        self.chrome = chrome
    }

    /// Whether drawing `other` gives the same pixels (only the time differs), so that its PNG can
    /// be written again without drawing.
    package func showsTheSame(as other: RecordedFrame) -> Bool {
        touch == other.touch && chrome == other.chrome && snapshot.size == other.snapshot.size && snapshot.root == other.snapshot.root
    }
}

/// Draws recorded frames: a function of the frame alone, safe on any thread.
package struct FrameDrawer: Sendable {
    package let showsTouches: Bool

    package init(showsTouches: Bool) {
        self.showsTouches = showsTouches
    }

    /// Draws `frame` over what `canvas` holds (cleared to the background).
    package func draw(_ frame: RecordedFrame, into canvas: Canvas) {
        ViewRenderer.draw(frame.snapshot, into: canvas)
        frame.chrome?.drawOverlays(on: canvas)
        if showsTouches, let touch = frame.touch { Self.drawTouch(at: touch, on: canvas) }
        frame.chrome?.maskCorners(on: canvas)
    }

    package static let touchColor = Color(rgb: 0x000000, alpha: 46)
    package static let touchRingColor = Color(rgb: 0xFFFFFF, alpha: 200)
    package static let touchRadius = 22.0

    /// A translucent disc with a light ring where the finger is.
    package static func drawTouch(at point: CGPoint, on canvas: Canvas) {
        let r = touchRadius
        let disc = Path(ellipseIn: CGRect(x: point.x - r, y: point.y - r, width: 2 * r, height: 2 * r))
        canvas.fill(disc, with: .solid(touchColor))
        canvas.stroke(disc, width: 2, with: .solid(touchRingColor))
    }
}
