import CollectionLayout
import Vocabulary
import Foundation
import DisplayList
import Raster
import Views

/// One play of a recorder's UI, from its start: captures what each frame shows and the trace rows
/// behind it. Time only moves forward; `frame(_:)` and `traceRows(frame:)` may both be asked for
/// the same frame, in either order.
@MainActor
package protocol RecordingPlayer: AnyObject {
    /// Advances to frame `index` and captures what it shows.
    func frame(_ index: Int) -> RecordedFrame
    /// Advances to frame `index` and lists where everything is, in key order; `visibleOnly` leaves
    /// out a collection view's elements outside its visible bounds.
    func traceRows(frame index: Int, visibleOnly: Bool) -> [SceneTrace.Row]
}

extension RecordingPlayer {
    /// Advances to frame `index` and lists where everything is, in key order.
    package func traceRows(frame index: Int) -> [SceneTrace.Row] { traceRows(frame: index, visibleOnly: false) }
}

/// Plays a window: delivers the script's touches at their times (relative to the moment the play
/// starts) and advances the window's clock to each frame's time.
@MainActor
package final class WindowPlayer: RecordingPlayer {
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
    /// Called with the frame's number once the window has reached its time, before anything is
    /// captured: where a UI brings overlays that follow the frame (a caption) up to date.
    package var willCapture: (@MainActor (Int) -> Void)?

    /// What of the device's chrome the frames show (none without a device screen).
    private let chrome: DeviceChrome

    package init(window: UIWindow, touches: [Touch], fps: Double, owner: AnyObject? = nil, until: TimeInterval = .infinity,
                 chrome: DeviceChrome = []) {
        self.owner = owner
        self.chrome = chrome
        self.until = until
        if window.isHidden { window.makeKeyAndVisible() }
        self.window = window
        self.fps = fps
        origin = window.currentTime
        self.touches = touches.map { Touch($0.phase, at: $0.location, time: $0.timestamp + window.currentTime) }
        UIScreen.withMain(window.screen.isStandard ? nil : window.screen) { window.layoutIfNeeded() }
    }

    /// Delivers the touches due by frame `index`, advances the window to its time, and returns
    /// that time (window time).
    @discardableResult
    package func advance(toFrame index: Int) -> TimeInterval {
        let time = origin + min(Double(index) / fps, until)
        while nextTouch < touches.count, touches[nextTouch].timestamp <= time {
            let touch = touches[nextTouch]
            UIScreen.withMain(deviceScreen) { window.send(touch) }
            finger = touch.phase == .ended || touch.phase == .cancelled ? nil : touch.location
            nextTouch += 1
        }
        if time > window.currentTime { UIScreen.withMain(deviceScreen) { window.advance(to: time) } }
        willCapture?(index)
        return time
    }

    /// The window's screen when it is its own (a device's, or one with settings of its own):
    /// `UIScreen.main` while the window's time moves, so that the UI reads its settings.
    private var deviceScreen: UIScreen? { window.screen.isStandard ? nil : window.screen }

    package func frame(_ index: Int) -> RecordedFrame {
        let time = advance(toFrame: index)
        var frameChrome: DeviceFrameChrome?
        if let device = window.screen.device, !chrome.isEmpty {
            let style = window.rootViewController?.preferredStatusBarStyle ?? .default
            frameChrome = DeviceFrameChrome(device: device, orientation: window.screen.orientation, parts: chrome,
                                            content: StatusBarContent(style: style, appearance: window.traitCollection.userInterfaceStyle))
        }
        return RecordedFrame(snapshot: window.snapshot(at: time), touch: finger, chrome: frameChrome)
    }

    package func traceRows(frame index: Int, visibleOnly: Bool) -> [SceneTrace.Row] {
        let time = advance(toFrame: index)
        return TraceCapture.rows(ofWindow: window, frame: index, time: Double(index) / fps, at: time, visibleOnly: visibleOnly)
    }
}
