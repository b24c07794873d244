import Vocabulary
import Foundation
import Views

/// UIKit's scene: one instance of the app's UI, with its session and delegate. Headless, scenes
/// connect through `UIApplication.launch(delegate:sceneDelegate:screen:options:)`.
@preconcurrency @MainActor
open class UIScene: UIResponder, Hashable {
    public enum ActivationState: Int, Sendable { case unattached = -1, foregroundActive, foregroundInactive, background }

    /// What a scene connects with. Headless it opens no URL and continues no activity.
    @preconcurrency @MainActor
    public final class ConnectionOptions {
        public let urlContexts: Set<UIOpenURLContext> = []
        public let sourceApplication: String? = nil
        init() {}
    }

    public static let willConnectNotification = Notification.Name("UISceneWillConnectNotification")
    public static let didDisconnectNotification = Notification.Name("UISceneDidDisconnectNotification")
    public static let didActivateNotification = Notification.Name("UISceneDidActivateNotification")
    public static let willDeactivateNotification = Notification.Name("UISceneWillDeactivateNotification")
    public static let willEnterForegroundNotification = Notification.Name("UISceneWillEnterForegroundNotification")
    public static let didEnterBackgroundNotification = Notification.Name("UISceneDidEnterBackgroundNotification")

    public let session: UISceneSession
    /// The scene's delegate; the scene keeps it, as UIKit's does.
    open var delegate: UISceneDelegate?
    open internal(set) var activationState = ActivationState.unattached
    open var title: String?

    public required init(session: UISceneSession, connectionOptions: ConnectionOptions) {
        self.session = session
        super.init()
        session.scene = self
    }

    nonisolated public static func == (lhs: UIScene, rhs: UIScene) -> Bool { lhs === rhs }
    nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// A scene that shows windows on a screen.
@preconcurrency @MainActor
open class UIWindowScene: UIScene {
    public let screen: UIScreen
    private var weakWindows: [WeakWindow] = []

    private struct WeakWindow { weak var window: UIWindow? }

    public required init(session: UISceneSession, connectionOptions: UIScene.ConnectionOptions) {
        screen = .main
        super.init(session: session, connectionOptions: connectionOptions)
    }

    init(session: UISceneSession, connectionOptions: UIScene.ConnectionOptions, screen: UIScreen) {
        self.screen = screen
        super.init(session: session, connectionOptions: connectionOptions)
    }

    /// The scene's windows back to front: by `windowLevel`, then in the order they were made.
    open var windows: [UIWindow] {
        let made = weakWindows.compactMap(\.window)
        return made.indices.sorted { (made[$0].windowLevel, $0) < (made[$1].windowLevel, $1) }.map { made[$0] }
    }
    /// The status bar of the scene's screen.
    open var statusBarManager: UIStatusBarManager? { UIStatusBarManager(screen: screen) }
    /// The scene's key window.
    open var keyWindow: UIWindow? { windows.first { $0.isKeyWindow } }
    open var traitCollection: UITraitCollection { screen.traitCollection }
    open var interfaceOrientation: UIInterfaceOrientation { screen.orientation == .landscape ? .landscapeRight : .portrait }

    func add(_ window: UIWindow) {
        weakWindows.removeAll { $0.window == nil || $0.window === window }
        weakWindows.append(WeakWindow(window: window))
    }

    func remove(_ window: UIWindow) {
        weakWindows.removeAll { $0.window == nil || $0.window === window }
    }
}

/// A scene's lasting identity: its role and configuration.
@preconcurrency @MainActor
open class UISceneSession: Hashable {
    public struct Role: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let windowApplication = Role(rawValue: "UIWindowSceneSessionRoleApplication")
        public static let windowExternalDisplayNonInteractive = Role(rawValue: "UIWindowSceneSessionRoleExternalDisplayNonInteractive")
    }

    public let role: Role
    public let persistentIdentifier: String
    open internal(set) var configuration: UISceneConfiguration
    open internal(set) weak var scene: UIScene?
    open var userInfo: [String: Any]?

    init(role: Role, identifier: String) {
        self.role = role
        persistentIdentifier = identifier
        configuration = UISceneConfiguration(name: nil, sessionRole: role)
    }

    nonisolated public static func == (lhs: UISceneSession, rhs: UISceneSession) -> Bool { lhs === rhs }
    nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// The configuration an app gives a scene as it connects (Info.plist's scene manifest).
@preconcurrency @MainActor
open class UISceneConfiguration {
    public let name: String?
    public let role: UISceneSession.Role
    /// The scene delegate's class. Headless the delegate is given to `launch` as an object: a class
    /// alone cannot be made into one.
    open var delegateClass: AnyClass?
    open var sceneClass: AnyClass?

    public init(name: String?, sessionRole: UISceneSession.Role) {
        self.name = name
        role = sessionRole
    }
}

/// A URL a scene was asked to open.
public final class UIOpenURLContext: Hashable, Sendable {
    public let url: URL
    public init(url: URL) { self.url = url }
    public static func == (lhs: UIOpenURLContext, rhs: UIOpenURLContext) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// UIKit's scene delegate. Every requirement has a default, as the SDK's are optional.
@preconcurrency @MainActor
public protocol UISceneDelegate: AnyObject {
    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions)
    func sceneDidDisconnect(_ scene: UIScene)
    func sceneDidBecomeActive(_ scene: UIScene)
    func sceneWillResignActive(_ scene: UIScene)
    func sceneWillEnterForeground(_ scene: UIScene)
    func sceneDidEnterBackground(_ scene: UIScene)
    func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>)
}

extension UISceneDelegate {
    public func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {}
    public func sceneDidDisconnect(_ scene: UIScene) {}
    public func sceneDidBecomeActive(_ scene: UIScene) {}
    public func sceneWillResignActive(_ scene: UIScene) {}
    public func sceneWillEnterForeground(_ scene: UIScene) {}
    public func sceneDidEnterBackground(_ scene: UIScene) {}
    public func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {}
}

/// The delegate of a window scene, which usually owns the scene's window.
@preconcurrency @MainActor
public protocol UIWindowSceneDelegate: UISceneDelegate {
    var window: UIWindow? { get set }
}

extension UIWindowSceneDelegate {
    public var window: UIWindow? {
        get { nil }
        set {}
    }
}

extension UIWindow {
    /// A window on `windowScene`'s screen, filling it, as iOS 13 apps make theirs.
    public convenience init(windowScene: UIWindowScene) {
        self.init(frame: windowScene.screen.bounds)
        self.windowScene = windowScene
    }

    /// The scene the window is on.
    public var windowScene: UIWindowScene? {
        get { scene as? UIWindowScene }
        set {
            (scene as? UIWindowScene)?.remove(self)
            scene = newValue
            if let newValue {
                newValue.add(self)
                screen = newValue.screen
            }
        }
    }
}

/// The status bar of a window scene: the device's status bar height across the top (iOS 18's, in
/// the Simulator, per device), none on a phone held in landscape, and 20 pt without a device.
@preconcurrency @MainActor
open class UIStatusBarManager {
    private let screen: UIScreen

    init(screen: UIScreen) { self.screen = screen }

    open var statusBarFrame: CGRect {
        let height = screen.device.map { $0.statusBarHeight(screen.orientation) } ?? (screen.orientation == .landscape ? 0 : 20)
        return CGRect(x: 0, y: 0, width: screen.bounds.width, height: height)
    }
    open var isStatusBarHidden: Bool { statusBarFrame.height == 0 }
    /// The status bar's style: `.default` (dark text in light appearance, light text in dark).
    open var statusBarStyle: UIStatusBarStyle { .default }
}
