import CollectionLayout
import Dynamics
import Foundation
import Raster

/// One play of a recorder's UI, from its start: captures what each frame shows and the trace rows
/// behind it. Time only moves forward; `frame(_:)` and `traceRows(frame:)` may both be asked for
/// the same frame, in either order.
package protocol RecordingPlayer: AnyObject {
    /// Advances to frame `index` and captures what it shows.
    func frame(_ index: Int) -> RecordedFrame
    /// Advances to frame `index` and lists where everything is, in key order.
    func traceRows(frame index: Int) -> [SceneTrace.Row]
}

/// What one frame shows, captured on the simulation thread as plain values, so a worker can draw
/// it while the simulation goes on.
package enum RecordedFrame: Sendable {
    /// A scene's display list, drawn with the scene's style.
    case scene(DisplayList)
    /// A window's view snapshot, and the finger while it is down (window points).
    case view(ViewSnapshot, touch: CGPoint?)

    /// Whether drawing `other` gives the same pixels (only the time differs), so that its PNG can
    /// be written again without drawing.
    func showsTheSame(as other: RecordedFrame) -> Bool {
        switch (self, other) {
        case let (.scene(a), .scene(b)): return a.showsTheSame(as: b)
        case let (.view(a, touchA), .view(b, touchB)): return touchA == touchB && a.size == b.size && a.root == b.root
        default: return false
        }
    }
}

/// Draws recorded frames: a function of the frame alone, safe on any thread.
package struct FrameDrawer: Sendable {
    let scene: SceneRenderer?
    let showsTouches: Bool

    /// Draws `frame` over what `canvas` holds (cleared to the background).
    package func draw(_ frame: RecordedFrame, into canvas: Canvas) {
        switch frame {
        case .scene(let list):
            scene?.draw(list, into: canvas)
        case let .view(snapshot, touch):
            ViewRenderer.draw(snapshot, into: canvas)
            if showsTouches, let touch { SceneRenderer.drawTouch(at: touch, on: canvas) }
        }
    }
}

extension SceneRunner: RecordingPlayer {
    package func frame(_ index: Int) -> RecordedFrame {
        var list = displayList(at: time(ofFrame: index))
        list.caption = caption(ofFrame: index)
        return .scene(list)
    }

    package func traceRows(frame index: Int) -> [SceneTrace.Row] {
        advance(to: time(ofFrame: index))
        return TraceCapture.rows(of: collectionView, name: "collectionView", frame: index, time: Double(index) / scene.fps)
    }
}

/// Plays a window: delivers the script's touches at their times (relative to the moment the play
/// starts) and advances the window's clock to each frame's time.
final class WindowPlayer: RecordingPlayer {
    private let window: UIWindow
    private let touches: [Touch]
    private let fps: Double
    /// The window's time when recording started: frame 0.
    private let origin: TimeInterval
    private var nextTouch = 0
    private var finger: CGPoint?
    /// What the window's UI needs alive that nothing in it holds (a scene's data source, which a
    /// collection view holds weakly, as UIKit's does).
    private let owner: AnyObject?

    /// Seconds after which the UI is held as it is (a scene's `hold`).
    private let until: TimeInterval

    init(window: UIWindow, touches: [Touch], fps: Double, owner: AnyObject? = nil, until: TimeInterval = .infinity) {
        self.owner = owner
        self.until = until
        if window.isHidden { window.makeKeyAndVisible() }
        self.window = window
        self.fps = fps
        origin = window.currentTime
        self.touches = touches.map { Touch($0.phase, at: $0.location, time: $0.timestamp + window.currentTime) }
        window.layoutIfNeeded()
    }

    private func advance(toFrame index: Int) -> TimeInterval {
        let time = origin + min(Double(index) / fps, until)
        while nextTouch < touches.count, touches[nextTouch].timestamp <= time {
            let touch = touches[nextTouch]
            window.send(touch)
            finger = touch.phase == .ended || touch.phase == .cancelled ? nil : touch.location
            nextTouch += 1
        }
        if time > window.currentTime { window.advance(to: time) }
        return time
    }

    func frame(_ index: Int) -> RecordedFrame {
        let time = advance(toFrame: index)
        return .view(window.snapshot(at: time), touch: finger)
    }

    func traceRows(frame index: Int) -> [SceneTrace.Row] {
        let time = advance(toFrame: index)
        return TraceCapture.rows(ofWindow: window, frame: index, time: Double(index) / fps, at: time)
    }
}
