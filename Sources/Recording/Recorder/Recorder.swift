import CollectionLayout
import Vocabulary
import FrameIO
import Foundation
import DisplayList
import Views
import Raster

/// Records a UI as frames: a scene (built by `Scenes` as a window), or your own window, view controller or view (a
/// `UICollectionView` with your own layout and cells included) driven by a touch script.
///
/// The recorder plays the UI on its window's simulated clock from the moment recording starts:
/// frame i shows it i / fps seconds later, with the script's touches delivered at their own times
/// (relative to that start). What it writes goes through the same pipeline as
/// `springframes render`: frames drawn and encoded on worker threads, written atomically in
/// order with a manifest, byte-identical with any number of workers and for any frame range.
///
/// ```swift
/// let recorder = Recorder(name: "photos", duration: 2,
///                         touches: TouchScript().down(at: 0.2, CGPoint(x: 100, y: 300))
///                                               .move(to: CGPoint(x: 100, y: 100), duration: 0.4).up()) {
///     PhotosViewController(collectionViewLayout: SpringyFlowLayout())
/// }
/// let output = try recorder.record(to: URL(fileURLWithPath: "out/photos"), trace: true, sheet: ContactSheet(every: 10, columns: 6))
/// ```
///
/// A recorder made with a closure builds a fresh UI for every recording, so it can be recorded,
/// traced and checked as often as needed. One made from an instance (`Recorder(window:)`,
/// `Recorder(viewController:)`, `Recorder(view:)`) records it once: time only moves forward, so a
/// second recording throws `RecorderError`. Record frames, trace and sheet in one `record(to:)`
/// call, or check frames and motion in one assertion, to use an instance.
@MainActor
public struct Recorder {
    /// Names the output (the manifest's scene name).
    public var name: String
    public var canvas: CanvasSettings
    /// Frames per second of the output. Motion does not depend on it.
    public var fps: Double
    /// Seconds.
    public var duration: Double
    /// Frames in the whole recording: the frame times i / fps that fall within the duration.
    /// 0 when fps or duration is not a positive, finite number (`record` and the others then
    /// throw, naming them).
    public var frameCount: Int {
        guard fps.isFinite, duration.isFinite, fps > 0, duration >= 0 else { return 0 }
        return Int(min(duration * fps + 1e-9, Double(Int32.max)).rounded(.down)) + 1
    }

    /// Starts a play at a frame rate, for a duration: both may be changed after the recorder is made.
    private let start: @MainActor (_ fps: Double, _ duration: Double) throws -> any RecordingPlayer
    package private(set) var drawer: FrameDrawer
    /// Whether the frames have transparent corners (a device's screen), which MP4 and GIF show
    /// over the background colour.
    package var hasTransparentCorners = false
    /// Whether each play builds the UI afresh, so that two plays can run side by side (false for
    /// a recorder of an instance, which plays once).
    public let isReplayable: Bool
    /// The finger's script (empty when the UI is played without touches): where a check's
    /// touch and release phases begin and end.
    public package(set) var touches = TouchScript()
    /// Named moments of the recording, in time order: see `mark(_:at:)`.
    public package(set) var marks: [Mark] = []

    /// Draws a translucent disc where the finger is (for documentation).
    public var showsTouches: Bool {
        get { drawer.showsTouches }
        set { drawer = FrameDrawer(showsTouches: newValue) }
    }

    /// A recorder of the UI that `play` builds afresh for each recording (a scene's, say), with its
    /// canvas and timing: `play` gets the frame rate and duration asked for.
    package init(name: String, canvas: CanvasSettings, fps: Double, duration: Double, showsTouches: Bool,
                 play: @escaping @MainActor (_ fps: Double, _ duration: Double) throws -> any RecordingPlayer) {
        self.name = name
        self.canvas = canvas
        self.fps = fps
        self.duration = duration
        isReplayable = true
        start = play
        drawer = FrameDrawer(showsTouches: showsTouches)
    }

    // MARK: Your own UI

    /// Records the window `make` builds (a fresh one for each recording). A window that is not
    /// shown yet is made key and visible, as an app shows it.
    ///
    /// - Parameters:
    ///   - name: Names the output (the manifest's scene name).
    ///   - fps: Frames per second of the output; the motion does not depend on it.
    ///   - duration: Seconds recorded, from the moment recording starts.
    ///   - scale: Pixels per point of the frames.
    ///   - background: What shows where the window draws nothing.
    ///   - touches: The finger's script, its times from the start of the recording.
    ///   - showsTouches: Draws a translucent disc where the finger is (for documentation).
    ///   - size: The frames' size in points; nil takes the first window's size.
    ///   - make: Builds the window, afresh for each recording.
    public init(name: String = "recording", fps: Double = 60, duration: Double, scale: Double = 2, background: Color = .white,
                touches: TouchScript = TouchScript(), showsTouches: Bool = false, size: CGSize? = nil,
                window make: @escaping @MainActor () -> UIWindow) {
        self.init(name: name, fps: fps, duration: duration, scale: scale, background: background, touches: touches,
                  showsTouches: showsTouches, size: size, once: false, make: make)
    }

    /// Records the view controller `make` builds as a window's root, in a window of `size`
    /// (default: `UIScreen.main.bounds`).
    public init(name: String = "recording", fps: Double = 60, duration: Double, scale: Double = 2, background: Color = .white,
                touches: TouchScript = TouchScript(), showsTouches: Bool = false, size: CGSize = UIScreen.main.bounds.size,
                viewController make: @escaping @MainActor () -> UIViewController) {
        self.init(name: name, fps: fps, duration: duration, scale: scale, background: background, touches: touches,
                  showsTouches: showsTouches, size: size, once: false) { Self.window(showing: make(), size: size) }
    }

    /// Records the view `make` builds, placed at the top-left corner of a window of its own size
    /// (or `size`).
    public init(name: String = "recording", fps: Double = 60, duration: Double, scale: Double = 2, background: Color = .white,
                touches: TouchScript = TouchScript(), showsTouches: Bool = false, size: CGSize? = nil,
                view make: @escaping @MainActor () -> UIView) {
        self.init(name: name, fps: fps, duration: duration, scale: scale, background: background, touches: touches,
                  showsTouches: showsTouches, size: size, once: false) { Self.window(holding: make(), size: size) }
    }

    /// Records `window` once, from its current time. See the type's discussion.
    public init(window: UIWindow, name: String = "recording", fps: Double = 60, duration: Double, scale: Double = 2,
                background: Color = .white, touches: TouchScript = TouchScript(), showsTouches: Bool = false) {
        self.init(name: name, fps: fps, duration: duration, scale: scale, background: background, touches: touches,
                  showsTouches: showsTouches, size: nil, once: true) { window }
    }

    /// Records `viewController` once, as the root of a window of `size`.
    public init(viewController: UIViewController, name: String = "recording", fps: Double = 60, duration: Double,
                scale: Double = 2, background: Color = .white, touches: TouchScript = TouchScript(), showsTouches: Bool = false,
                size: CGSize = UIScreen.main.bounds.size) {
        self.init(name: name, fps: fps, duration: duration, scale: scale, background: background, touches: touches,
                  showsTouches: showsTouches, size: size, once: true) { Self.window(showing: viewController, size: size) }
    }

    /// Records `view` once: its window if it is in one, else a window of its size holding it.
    public init(view: UIView, name: String = "recording", fps: Double = 60, duration: Double, scale: Double = 2,
                background: Color = .white, touches: TouchScript = TouchScript(), showsTouches: Bool = false) {
        self.init(name: name, fps: fps, duration: duration, scale: scale, background: background, touches: touches,
                  showsTouches: showsTouches, size: nil, once: true) { view.window ?? Self.window(holding: view, size: nil) }
    }

    // MARK: On a device

    /// Records the view controller `make` builds as the root of a window on `device`'s screen:
    /// the window is the screen's size, `UIScreen.main` is the device's screen while the UI is
    /// built and played, the views' `safeAreaInsets` are the device's, and their traits its
    /// idiom, size classes and `appearance`. The frames show `chrome`: the status bar (light or
    /// dark content from the root controller's `preferredStatusBarStyle`), the home indicator,
    /// and the display's rounded corners (transparent outside).
    ///
    ///     let recorder = Recorder(device: .iPhone16Pro, appearance: .dark, duration: 2) { ChatViewController() }
    ///
    /// - Parameters:
    ///   - device: The preset whose screen the UI is shown on.
    ///   - orientation: How the device is held.
    ///   - appearance: Light or dark: the screen's traits, which dynamic colours follow.
    ///   - settings: What the device's user has set: text size, layout direction, accessibility
    ///     settings, locale and time zone (the device's defaults when left out).
    ///   - chrome: What of iOS's own drawing the frames show.
    ///   - name: Names the output (the manifest's scene name).
    ///   - fps: Frames per second of the output; the motion does not depend on it.
    ///   - duration: Seconds recorded, from the moment recording starts.
    ///   - scale: Pixels per point of the frames; the device's own scale by default.
    ///   - background: What shows where the window draws nothing (and, in MP4 and GIF, outside
    ///     the rounded corners); nil takes the appearance's system background, as a scene does:
    ///     white in light appearance, black in dark, so a dark recording's video has dark corners.
    ///   - touches: The finger's script, its times from the start of the recording.
    ///   - showsTouches: Draws a translucent disc where the finger is (for documentation).
    ///   - make: Builds the root view controller, afresh for each recording.
    public init(device: Device, orientation: Device.Orientation = .portrait, appearance: UIUserInterfaceStyle = .light,
                settings: DeviceSettings = DeviceSettings(), chrome: DeviceChrome = .all, name: String = "recording",
                fps: Double = 60, duration: Double, scale: Double? = nil, background: Color? = nil,
                touches: TouchScript = TouchScript(), showsTouches: Bool = false,
                viewController make: @escaping @MainActor () -> UIViewController) {
        self.init(device: device, orientation: orientation, appearance: appearance, settings: settings, chrome: chrome, name: name, fps: fps,
                  duration: duration, scale: scale, background: background, touches: touches, showsTouches: showsTouches) {
            let window = UIWindow(frame: CGRect(origin: .zero, size: device.size(orientation)))
            window.rootViewController = make()
            return window
        }
    }

    /// Records the window `make` builds on `device`'s screen (see the view-controller form for
    /// the parameters); the window is given the screen, its size and its safe area.
    public init(device: Device, orientation: Device.Orientation = .portrait, appearance: UIUserInterfaceStyle = .light,
                settings: DeviceSettings = DeviceSettings(), chrome: DeviceChrome = .all, name: String = "recording",
                fps: Double = 60, duration: Double, scale: Double? = nil, background: Color? = nil,
                touches: TouchScript = TouchScript(), showsTouches: Bool = false, window make: @escaping @MainActor () -> UIWindow) {
        let size = device.size(orientation)
        let screenFor: @MainActor () -> UIScreen = {
            UIScreen(device: device, orientation: orientation, appearance: appearance, settings: settings)
        }
        self.init(name: name, fps: fps, duration: duration, scale: scale ?? Double(device.scale),
                  background: background ?? Self.systemBackground(appearance),
                  touches: touches, showsTouches: showsTouches, size: size, once: false, chrome: chrome) {
            let screen = screenFor()
            return UIScreen.withMain(screen) {
                let window = make()
                window.screen = screen
                window.frame = CGRect(origin: .zero, size: size)
                window.deviceSafeAreaInsets = device.safeAreaInsets(orientation)
                if window.isHidden { window.makeKeyAndVisible() }
                window.layoutIfNeeded()
                return window
            }
        }
        hasTransparentCorners = chrome.contains(.roundedCorners) && device.displayCornerRadius > 0
    }

    /// The colour of `UIColor.systemBackground` in `appearance` (opaque): what a device recording
    /// shows where its window draws nothing, and its video outside the rounded corners.
    static func systemBackground(_ appearance: UIUserInterfaceStyle) -> Color {
        appearance == .dark ? .black : .white
    }

    private init(name: String, fps: Double, duration: Double, scale: Double, background: Color, touches: TouchScript,
                 showsTouches: Bool, size: CGSize?, once: Bool, chrome: DeviceChrome = [], make: @escaping @MainActor () -> UIWindow) {
        self.name = name
        self.fps = fps
        self.duration = duration
        isReplayable = !once
        // The canvas follows the window, which exists only once it is made: the size is read from
        // the first window built (and kept for the recorder's life).
        let sizing = WindowSizing(size: size, make: make)
        let windowSize = sizing.size
        canvas = CanvasSettings(width: Double(windowSize.width), height: Double(windowSize.height), scale: scale,
                                      background: background)
        self.touches = touches
        let played = PlayedOnce()
        start = { [name] fps, duration in
            if once, played.claim() == false { throw RecorderError.alreadyRecorded(name: name) }
            let touches = try touches.validated(duration: duration)
            return WindowPlayer(window: sizing.take(), touches: touches.touches, fps: fps, chrome: chrome)
        }
        drawer = FrameDrawer(showsTouches: showsTouches)
    }

    static func window(showing controller: UIViewController, size: CGSize) -> UIWindow {
        let window = UIWindow(frame: CGRect(origin: .zero, size: size))
        window.rootViewController = controller
        return window
    }

    static func window(holding view: UIView, size: CGSize?) -> UIWindow {
        let window = UIWindow(frame: CGRect(origin: .zero, size: size ?? view.bounds.size))
        view.frame.origin = .zero
        window.addSubview(view)
        return window
    }

    /// Starts a new play of the UI from the beginning.
    package func play() throws -> any RecordingPlayer {
        try validate()
        return try start(fps, duration)
    }

    /// The most frames a recording may have: 10,000,000 is 46 hours at 60 fps (and what a trace
    /// may hold). An absurd frame rate times a duration once tried to allocate 17 GB.
    public static let maximumFrameCount = 10_000_000

    /// Throws `RecorderError` naming what makes this recording impossible: a frame rate or
    /// duration that is not a positive finite number, too many frames, or a canvas that cannot be
    /// drawn. Every way to record checks this first, before any frame count is used.
    package func validate() throws {
        guard fps > 0, fps.isFinite, duration.isFinite, duration > 0, frameCount >= 1 else {
            throw RecorderError.invalid(name: name, "fps (\(fps)) and duration (\(duration)) must be positive and finite")
        }
        let frames = duration * fps
        guard frames < Double(Self.maximumFrameCount) else {
            throw RecorderError.invalid(name: name, "fps (\(fps)) × duration (\(duration) s) makes \(String(format: "%.0f", frames + 1)) "
                                        + "frames; a recording has at most \(Self.maximumFrameCount): lower the frame rate or the duration")
        }
        if let problem = canvas.problem { throw RecorderError.invalid(name: name, problem) }
    }

    /// The time of frame `index`, in seconds from the start of the recording.
    public func time(ofFrame index: Int) -> TimeInterval { Double(index) / fps }
}

/// Why a recorder cannot record.
public enum RecorderError: Error, CustomStringConvertible, Equatable {
    case alreadyRecorded(name: String)
    case invalid(name: String, String)

    public var description: String {
        switch self {
        case .alreadyRecorded(let name):
            return "recorder \"\(name)\": this UI instance was already recorded, and its time has moved on. Build the recorder "
                + "with a closure (Recorder(duration:) { makeWindow() }) to record it again, or write frames, trace and sheet "
                + "in one record(to:) call"
        case let .invalid(name, message):
            return "recorder \"\(name)\": \(message)"
        }
    }
}

/// Whether an instance recorder has been played.
@MainActor
private final class PlayedOnce {
    private var played = false

    /// True the first time only.
    func claim() -> Bool {
        defer { played = true }
        return !played
    }
}

/// The first window a recorder builds, kept until its first play so that the canvas can be sized
/// from it without building two.
@MainActor
private final class WindowSizing {
    private let make: @MainActor () -> UIWindow
    private var first: UIWindow?
    let size: CGSize

    init(size: CGSize?, make: @escaping @MainActor () -> UIWindow) {
        self.make = make
        if let size {
            self.size = size
        } else {
            let window = make()
            first = window
            self.size = window.bounds.size
        }
    }

    func take() -> UIWindow {
        defer { first = nil }
        return first ?? make()
    }
}
