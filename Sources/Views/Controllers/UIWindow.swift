import Dynamics
import Vocabulary
import Foundation
import DisplayList

/// A window: the root of a view tree, and the owner of its simulated time.
///
/// Everything under a window moves on its `clock`: `UIView.animate`, `SimulatedQueue.main`,
/// dynamic animators made with `UIDynamicAnimator(referenceView:)`, scroll views and gesture
/// recognizers. `advance(to:)` moves them all together; nothing reads the wall clock.
///
///     let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
///     window.rootViewController = PhotosViewController()
///     window.makeKeyAndVisible()
///     window.advance(to: 0.5)
///     let frame = window.snapshot()      // what the screen shows at 0.5 s
///
/// As in UIKit a window starts hidden: `makeKeyAndVisible()` shows it.
open class UIWindow: UIView {
    /// The window's simulated time.
    public let clock = SimulatedClock()
    private let dispatcher = TouchDispatcher()

    /// The responder that `becomeFirstResponder()` made first in this window.
    weak var firstResponder: UIResponder?

    /// The scene the window is on (a `UIWindowScene`, declared with the application).
    package weak var scene: UIResponder?

    /// The responder after every window: the application, once there is one.
    package static var nextResponderAfterWindows: () -> UIResponder? = { nil }

    /// The window's scene, else the application.
    open override var next: UIResponder? { scene ?? Self.nextResponderAfterWindows() }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        isHidden = true
        clock.add(dispatcher)
    }

    /// Where a window sits among the windows of its scene: higher levels are in front.
    public struct Level: RawRepresentable, Hashable, Comparable, Sendable {
        public var rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }

        /// UIKit's values: 0, 1000 and 2000.
        public static let normal = Level(0)
        public static let statusBar = Level(1000)
        public static let alert = Level(2000)

        public static func < (a: Level, b: Level) -> Bool { a.rawValue < b.rawValue }
        public static func + (level: Level, offset: CGFloat) -> Level { Level(level.rawValue + offset) }
        public static func - (level: Level, offset: CGFloat) -> Level { Level(level.rawValue - offset) }
    }

    /// The window's level: a scene's and the application's `windows` list windows back to front,
    /// by level and then in the order they were made.
    open var windowLevel = Level.normal

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        isHidden = true
        clock.add(dispatcher)
    }

    /// Advances to the touch's time, then delivers it: at `.began` the touch lands on the view
    /// `hitTest` finds, whose recognizers and superviews' recognizers see the whole sequence; a
    /// visible edit menu hides unless the touch lands on it. `touch.location` is in window
    /// coordinates.
    open func send(_ touch: Touch) {
        advance(to: touch.timestamp)
        SimulatedClock.withCurrent(clock) {
            if touch.phase == .began {
                let hit = hitTest(touch.location.applying(CGAffineTransform(translationX: bounds.minX, y: bounds.minY)), with: nil)
                UIMenuController.shared.hideMenu(in: self, unlessTouching: hit)
                dispatcher.dispatch(touch, recognizers: hit?.recognizersForTouch ?? [], tracker: hit?.touchTracker, view: hit)
            } else {
                dispatcher.dispatch(touch, recognizers: [], tracker: nil)
            }
            layoutIfNeeded()
        }
    }

    /// The controller whose view fills the window.
    open var rootViewController: UIViewController? {
        didSet {
            guard rootViewController !== oldValue else { return }
            oldValue?.viewIfLoaded?.removeFromSuperview()
            installRootView()
        }
    }

    open private(set) var isKeyWindow = false

    /// Shows the window; the root view controller's view appears.
    open func makeKeyAndVisible() {
        isKeyWindow = true
        isHidden = false
        installRootView()
    }

    /// Loads and shows the root controller's view on the window's clock, so that what its
    /// `viewDidLoad` and appearance calls schedule (timers, `DispatchQueue.main.asyncAfter`,
    /// animations) runs at the window's simulated time.
    private func installRootView() {
        guard let controller = rootViewController, !isHidden else { return }
        SimulatedClock.withCurrent(clock) {
            guard let view = controller.view, view.superview !== self else { return }
            view.frame = bounds
            controller.beginAppearance()
            addSubview(view)
            layoutIfNeeded()
            controller.endAppearance()
        }
    }

    /// What the screen keeps from the content: status bar, sensor housing, home indicator and
    /// rounded corners. Zero by default (a bare screen); set it for a device's insets, and
    /// `safeAreaInsets` of every view in the window, and the scroll views' adjusted insets,
    /// follow at the next layout pass.
    public var deviceSafeAreaInsets: UIEdgeInsets = .zero {
        didSet { setNeedsLayoutEverywhere() }
    }

    open override var safeAreaInsets: UIEdgeInsets { deviceSafeAreaInsets }

    /// The screen the window is on: its traits (appearance, idiom, size classes, scale) are the
    /// window's, under its own `overrideUserInterfaceStyle`.
    open var screen: UIScreen {
        get { storedScreen }
        set {
            guard newValue !== storedScreen else { return }
            changingTraits { storedScreen = newValue }
            newValue.attach(self)
        }
    }
    private lazy var storedScreen: UIScreen = {
        let screen = UIScreen.main
        screen.attach(self)
        return screen
    }()

    /// The time the window has reached, in seconds.
    public var currentTime: TimeInterval { clock.currentTime }

    /// Moves the window's time to `time`: timers, animations, physics and scrolling happen on the
    /// way at their own moments; then the tree is laid out, as after a run-loop turn.
    open func advance(to time: TimeInterval) {
        clock.advance(to: time)
        SimulatedClock.withCurrent(clock) { traitCollection.performAsCurrent { layoutIfNeeded() } }
    }

    /// Keeps the root controller's view the window's size; when that size changes (a resized or
    /// rotated window), the controller first hears `viewWillTransition(to:with:)`, and the
    /// coordinator's completions run once the new size is laid out.
    open override func layoutSubviews() {
        super.layoutSubviews()
        guard let controller = rootViewController, let view = controller.viewIfLoaded, view.superview === self else { return }
        let old = view.bounds.size
        guard old != bounds.size, old != .zero else { return view.frame = bounds }
        let coordinator = SizeTransitionCoordinator(container: self)
        controller.activeCoordinator = coordinator
        controller.viewWillTransition(to: bounds.size, with: coordinator)
        view.frame = bounds
        view.layoutIfNeeded()
        controller.activeCoordinator = nil
        coordinator.complete()
    }
}

/// The device's screen. `UIScreen.main` is an iPhone's 390 × 844 points at scale 3 (iPhone 12 to
/// 15), or the device's screen while a recorder made with a `Device` builds and plays its UI, for
/// code that sizes itself from `UIScreen.main.bounds`.
@preconcurrency @MainActor
public final class UIScreen: UITraitEnvironment {
    public static var main: UIScreen { current ?? standard }
    private static let standard = UIScreen(bounds: CGRect(x: 0, y: 0, width: 390, height: 844), scale: 3)
    /// The screen `main` stands for while a device recording runs (see `withMain`).
    private static var current: UIScreen?

    public let bounds: CGRect
    public let scale: CGFloat
    /// The device preset, when the screen is one's.
    public let device: Device?
    public let orientation: Device.Orientation
    /// The screen's own traits (idiom, size classes, scale, appearance), before the settings.
    private let deviceTraits: UITraitCollection
    /// What the device's user has set: text size, language direction, accessibility settings,
    /// locale and time zone. Change it with `changeSettings(_:)`.
    public private(set) var settings: DeviceSettings
    /// The device's traits with the user's settings: content size category, layout direction,
    /// contrast and legibility weight.
    public var traitCollection: UITraitCollection { settings.applied(to: deviceTraits) }
    /// The windows shown on this screen, in the order they came (weakly held).
    private var windows: [WeakWindow] = []
    public var nativeBounds: CGRect { CGRect(x: 0, y: 0, width: bounds.width * scale, height: bounds.height * scale) }
    public var nativeScale: CGFloat { scale }
    /// The radius of the display's corners in points (0 without a device).
    public var displayCornerRadius: CGFloat { device?.displayCornerRadius ?? 0 }

    /// A phone's screen of `bounds`, light.
    public init(bounds: CGRect, scale: CGFloat, settings: DeviceSettings = DeviceSettings()) {
        self.bounds = bounds
        self.scale = scale
        self.settings = settings
        device = nil
        orientation = bounds.width > bounds.height ? .landscape : .portrait
        deviceTraits = UITraitCollection(style: .light, horizontal: .compact, vertical: bounds.width > bounds.height ? .compact : .regular,
                                            idiom: .phone, level: .base, scale: scale)
    }

    /// `device`'s screen held in `orientation`, in `appearance`.
    public init(device: Device, orientation: Device.Orientation = .portrait, appearance: UIUserInterfaceStyle = .light,
                settings: DeviceSettings = DeviceSettings()) {
        bounds = CGRect(origin: .zero, size: device.size(orientation))
        scale = device.scale
        self.device = device
        self.orientation = orientation
        self.settings = settings
        deviceTraits = device.traits(orientation, style: appearance)
    }

    /// Whether this is the screen `UIScreen.main` is when no device recording runs.
    package var isStandard: Bool { self === Self.standard }

    func attach(_ window: UIWindow) {
        windows.removeAll { $0.window == nil || $0.window === window }
        windows.append(WeakWindow(window: window))
    }

    /// Changes what the user has set, as the Settings app does while an app runs: every view on
    /// the screen's windows whose traits change hears `traitCollectionDidChange(_:)` (and its
    /// registered trait-change handlers), and the notifications iOS posts for each changed setting
    /// are posted on `NotificationCenter.default` (`UIContentSizeCategory.didChangeNotification`,
    /// `UIAccessibility.reduceMotionStatusDidChangeNotification` and the others), in that order.
    public func changeSettings(_ newSettings: DeviceSettings) {
        let old = settings
        guard newSettings != old else { return }
        let shown = windows.compactMap(\.window)
        func apply(_ index: Int) {
            guard index < shown.count else {
                settings = newSettings
                if self === Self.main { AppSettings.current = newSettings }
                return
            }
            shown[index].changingTraits { apply(index + 1) }
        }
        apply(0)
        for (name, userInfo) in newSettings.notifications(comparedTo: old) {
            NotificationCenter.default.post(name: name, object: nil, userInfo: userInfo)
        }
    }

    public func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}

    /// `UIScreen.main`'s settings, readable from any thread (fonts are made on any).
    enum AppSettings {
        private static let lock = NSLock()
        nonisolated(unsafe) private static var stored = DeviceSettings()

        static var current: DeviceSettings {
            get { lock.withLock { stored } }
            set { lock.withLock { stored = newValue } }
        }
    }

    private struct WeakWindow {
        weak var window: UIWindow?
    }

    /// Runs `body` with `screen` as `UIScreen.main`.
    public static func withMain<T>(_ screen: UIScreen?, _ body: () throws -> T) rethrows -> T {
        guard let screen else { return try body() }
        let previous = current
        current = screen
        AppSettings.current = screen.settings
        defer {
            current = previous
            AppSettings.current = (previous ?? standard).settings
        }
        return try body()
    }
}
