import Vocabulary
import Foundation
import Views

/// UIKit's application object: the app delegate, the connected scenes and their windows, the
/// app's state, and the end of the responder chain after the windows.
///
/// Headless, nothing launches an app by itself: ``launch(delegate:sceneDelegate:screen:options:)``
/// runs an app's launch as iOS runs it for `@main`, calling the app delegate and the scene
/// delegate in iOS's order, and returns the window they made key, ready to record. The
/// `simulate…` methods move the app and its scene to the background and back, or terminate it,
/// calling the delegates as iOS does, so code that pauses and resumes can be checked.
///
/// What has no headless counterpart: `open(_:options:completionHandler:)` opens nothing (the
/// completion gets false, and a debug build says so once); `canOpenURL(_:)` is false (no other
/// app is installed); remote notifications never register; background tasks end at once. The
/// idle timer, the badge number and the status bar style are kept as set and change nothing.
@preconcurrency @MainActor
open class UIApplication: UIResponder {
    /// The one application object.
    public static let shared = UIApplication()

    public enum State: Int, Sendable { case active, inactive, background }

    /// Keys of the launch options dictionary.
    public struct LaunchOptionsKey: Hashable, RawRepresentable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let url = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsURLKey")
        public static let sourceApplication = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsSourceApplicationKey")
        public static let remoteNotification = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsRemoteNotificationKey")
        public static let shortcutItem = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsShortcutItemKey")
        public static let userActivityDictionary = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsUserActivityDictionaryKey")
    }

    /// Keys of the options given to `open(_:options:completionHandler:)`.
    public struct OpenExternalURLOptionsKey: Hashable, RawRepresentable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let universalLinksOnly = OpenExternalURLOptionsKey(rawValue: "UIApplicationOpenURLOptionUniversalLinksOnly")
    }

    /// Keys of the options given to `application(_:open:options:)`.
    public struct OpenURLOptionsKey: Hashable, RawRepresentable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let sourceApplication = OpenURLOptionsKey(rawValue: "UIApplicationOpenURLOptionsSourceApplicationKey")
        public static let annotation = OpenURLOptionsKey(rawValue: "UIApplicationOpenURLOptionsAnnotationKey")
        public static let openInPlace = OpenURLOptionsKey(rawValue: "UIApplicationOpenURLOptionsOpenInPlaceKey")
    }

    public static let didFinishLaunchingNotification = Notification.Name("UIApplicationDidFinishLaunchingNotification")
    public static let didBecomeActiveNotification = Notification.Name("UIApplicationDidBecomeActiveNotification")
    public static let willResignActiveNotification = Notification.Name("UIApplicationWillResignActiveNotification")
    public static let didEnterBackgroundNotification = Notification.Name("UIApplicationDidEnterBackgroundNotification")
    public static let willEnterForegroundNotification = Notification.Name("UIApplicationWillEnterForegroundNotification")
    public static let willTerminateNotification = Notification.Name("UIApplicationWillTerminateNotification")
    public static let didReceiveMemoryWarningNotification = Notification.Name("UIApplicationDidReceiveMemoryWarningNotification")
    /// The URL that opens the app's page in Settings.
    public static let openSettingsURLString = "app-settings:"

    /// A background task's identifier.
    public struct BackgroundTaskIdentifier: Hashable, RawRepresentable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let invalid = BackgroundTaskIdentifier(rawValue: 0)
    }

    private override init() {
        super.init()
        UIWindow.nextResponderAfterWindows = { [unowned self] in self }
    }

    /// The app delegate given to `launch`.
    open var delegate: UIApplicationDelegate? {
        get { storedDelegate }
        set { storedDelegate = newValue }
    }
    // UIKit does not retain the delegate; `launch` keeps it, as `UIApplicationMain` does.
    private var storedDelegate: UIApplicationDelegate?

    open private(set) var applicationState = State.inactive
    /// The scenes connected by `launch`.
    open private(set) var connectedScenes: Set<UIScene> = []
    /// The sessions of the connected scenes.
    open var openSessions: Set<UISceneSession> { Set(connectedScenes.map(\.session)) }
    /// Whether more than one scene may connect (Info.plist's setting; false headless).
    open var supportsMultipleScenes: Bool { false }

    /// The windows of the connected scenes (deprecated in iOS 15, still widely read).
    open var windows: [UIWindow] {
        connectedScenes.sorted { $0.session.persistentIdentifier < $1.session.persistentIdentifier }
            .compactMap { $0 as? UIWindowScene }.flatMap(\.windows)
    }

    /// The key window among `windows` (deprecated in iOS 13, still widely read).
    open var keyWindow: UIWindow? { windows.first { $0.isKeyWindow } }

    /// The user's language direction and text size: the main screen's settings (`DeviceSettings`).
    open var userInterfaceLayoutDirection: UIUserInterfaceLayoutDirection { UIScreen.main.settings.layoutDirection }
    open var preferredContentSizeCategory: UIContentSizeCategory { UIScreen.main.settings.contentSizeCategory }

    /// The key window's status bar (deprecated in iOS 13 for `UIWindowScene.statusBarManager`).
    open var statusBarFrame: CGRect {
        (keyWindow?.windowScene ?? connectedScenes.compactMap { $0 as? UIWindowScene }.first)?.statusBarManager?.statusBarFrame
            ?? UIStatusBarManager(screen: .main).statusBarFrame
    }
    /// The key window's scene's orientation (deprecated in iOS 13 for `UIWindowScene.interfaceOrientation`).
    open var statusBarOrientation: UIInterfaceOrientation {
        (keyWindow?.windowScene ?? connectedScenes.compactMap { $0 as? UIWindowScene }.first)?.interfaceOrientation
            ?? (UIScreen.main.orientation == .landscape ? .landscapeRight : .portrait)
    }

    // Kept as set; nothing headless reads them.
    open var isIdleTimerDisabled = false
    open var applicationIconBadgeNumber = 0
    open var isRegisteredForRemoteNotifications: Bool { false }
    open var backgroundTimeRemaining: TimeInterval { applicationState == .background ? 30 : .greatestFiniteMagnitude }

    open override var next: UIResponder? { delegate as? UIResponder }

    // MARK: Things no headless app can do

    /// Opens nothing: there is no other app. The completion gets false; a debug build says so once.
    open func open(_ url: URL, options: [OpenExternalURLOptionsKey: Any] = [:], completionHandler completion: ((Bool) -> Void)? = nil) {
        UIKitCompatibility.notHonoured("UIApplication.open(_:)", "no app can open \(url.scheme ?? "a") URL headless; the completion gets false")
        completion?(false)
    }

    /// False: no other app is installed.
    open func canOpenURL(_ url: URL) -> Bool { false }

    /// Never registers; `application(_:didRegisterForRemoteNotificationsWithDeviceToken:)` is never called.
    open func registerForRemoteNotifications() {}
    open func unregisterForRemoteNotifications() {}

    /// A task that expires at once: the app is never suspended headless, so there is nothing to finish.
    open func beginBackgroundTask(withName taskName: String? = nil, expirationHandler handler: (() -> Void)? = nil) -> BackgroundTaskIdentifier {
        .invalid
    }

    open func endBackgroundTask(_ identifier: BackgroundTaskIdentifier) {}

    // MARK: Launch and lifecycle

    /// Runs an app's launch as iOS does, and returns its key window (nil if the delegates made none).
    ///
    /// The order is iOS 13's for an app with scenes: the app delegate's
    /// `application(_:willFinishLaunchingWithOptions:)` and `application(_:didFinishLaunchingWithOptions:)`,
    /// then `application(_:configurationForConnecting:options:)` for the one window scene on
    /// `screen`, then the scene delegate's `scene(_:willConnectTo:options:)` (which usually makes
    /// a `UIWindow(windowScene:)` and calls `makeKeyAndVisible()`), `sceneWillEnterForeground(_:)`
    /// and `sceneDidBecomeActive(_:)`. Without a scene delegate, the app delegate's `window` is the
    /// app's, and `applicationDidBecomeActive(_:)` follows the launch, as before iOS 13. The
    /// notifications of each step are posted to `NotificationCenter.default`. An app launched
    /// before is disconnected first.
    @discardableResult
    open func launch(delegate: UIApplicationDelegate, sceneDelegate: UIWindowSceneDelegate? = nil,
                     screen: UIScreen = .main, options: [LaunchOptionsKey: Any]? = nil) -> UIWindow? {
        disconnectAll()
        storedDelegate = delegate
        applicationState = .inactive
        _ = delegate.application(self, willFinishLaunchingWithOptions: options)
        _ = delegate.application(self, didFinishLaunchingWithOptions: options)
        post(Self.didFinishLaunchingNotification)
        guard let sceneDelegate else {
            applicationState = .active
            delegate.applicationDidBecomeActive(self)
            post(Self.didBecomeActiveNotification)
            return delegate.window ?? nil
        }
        let session = UISceneSession(role: .windowApplication, identifier: "scene-\(sessionCount)")
        sessionCount += 1
        let connection = UIScene.ConnectionOptions()
        session.configuration = delegate.application(self, configurationForConnecting: session, options: connection)
        let scene = UIWindowScene(session: session, connectionOptions: connection, screen: screen)
        scene.delegate = sceneDelegate
        connectedScenes.insert(scene)
        post(UIScene.willConnectNotification, scene)
        sceneDelegate.scene(scene, willConnectTo: session, options: connection)
        scene.activationState = .foregroundInactive
        sceneDelegate.sceneWillEnterForeground(scene)
        post(UIScene.willEnterForegroundNotification, scene)
        scene.activationState = .foregroundActive
        applicationState = .active
        sceneDelegate.sceneDidBecomeActive(scene)
        post(UIScene.didActivateNotification, scene)
        post(Self.didBecomeActiveNotification)
        return scene.keyWindow ?? sceneDelegate.window ?? nil
    }

    private var sessionCount = 1

    /// The app and its scenes leave the foreground: resign active, then enter the background.
    open func simulateEnteringBackground() {
        guard applicationState != .background else { return }
        perform(.willResignActive)
        perform(.didEnterBackground)
    }

    /// The app and its scenes come back: enter the foreground, then become active.
    open func simulateEnteringForeground() {
        guard applicationState == .background else { return }
        perform(.willEnterForeground)
        perform(.didBecomeActive)
    }

    /// One step of the app's lifecycle after launch.
    private enum LifecycleStep { case willResignActive, didEnterBackground, willEnterForeground, didBecomeActive }

    /// Runs `step` as iOS does: each scene takes its new state, hears its delegate call and posts
    /// its notification; an app without scenes hears the app delegate's call instead; then the
    /// app's notification.
    private func perform(_ step: LifecycleStep) {
        let (appState, sceneState, sceneNotification, appNotification): (State?, UIScene.ActivationState, Notification.Name, Notification.Name)
        switch step {
        case .willResignActive:
            (appState, sceneState, sceneNotification, appNotification) =
                (nil, .foregroundInactive, UIScene.willDeactivateNotification, Self.willResignActiveNotification)
        case .didEnterBackground:
            (appState, sceneState, sceneNotification, appNotification) =
                (.background, .background, UIScene.didEnterBackgroundNotification, Self.didEnterBackgroundNotification)
        case .willEnterForeground:
            (appState, sceneState, sceneNotification, appNotification) =
                (nil, .foregroundInactive, UIScene.willEnterForegroundNotification, Self.willEnterForegroundNotification)
        case .didBecomeActive:
            (appState, sceneState, sceneNotification, appNotification) =
                (.active, .foregroundActive, UIScene.didActivateNotification, Self.didBecomeActiveNotification)
        }
        if let appState { applicationState = appState }
        eachScene { delegate, scene in
            scene.activationState = sceneState
            switch step {
            case .willResignActive: delegate?.sceneWillResignActive(scene)
            case .didEnterBackground: delegate?.sceneDidEnterBackground(scene)
            case .willEnterForeground: delegate?.sceneWillEnterForeground(scene)
            case .didBecomeActive: delegate?.sceneDidBecomeActive(scene)
            }
            post(sceneNotification, scene)
        }
        if connectedScenes.isEmpty, let delegate {
            switch step {
            case .willResignActive: delegate.applicationWillResignActive(self)
            case .didEnterBackground: delegate.applicationDidEnterBackground(self)
            case .willEnterForeground: delegate.applicationWillEnterForeground(self)
            case .didBecomeActive: delegate.applicationDidBecomeActive(self)
            }
        }
        post(appNotification)
    }

    /// The app terminates: its scenes disconnect, then `applicationWillTerminate(_:)`.
    open func simulateTermination() {
        let delegate = storedDelegate
        disconnectAll()
        delegate?.applicationWillTerminate(self)
        post(Self.willTerminateNotification)
        storedDelegate = nil
    }

    private func disconnectAll() {
        for scene in connectedScenes {
            scene.activationState = .unattached
            scene.delegate?.sceneDidDisconnect(scene)
            post(UIScene.didDisconnectNotification, scene)
        }
        if !connectedScenes.isEmpty { storedDelegate?.application(self, didDiscardSceneSessions: openSessions) }
        connectedScenes = []
        applicationState = .inactive
    }

    private func eachScene(_ body: (UIWindowSceneDelegate?, UIScene) -> Void) {
        for scene in connectedScenes.sorted(by: { $0.session.persistentIdentifier < $1.session.persistentIdentifier }) {
            body(scene.delegate as? UIWindowSceneDelegate, scene)
        }
    }

    private func post(_ name: Notification.Name, _ object: AnyObject? = nil) {
        NotificationCenter.default.post(name: name, object: object ?? self)
    }
}

/// UIKit's app delegate. Every requirement has a default, as the SDK's are optional.
@preconcurrency @MainActor
public protocol UIApplicationDelegate: AnyObject {
    var window: UIWindow? { get set }
    func application(_ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool
    func applicationDidBecomeActive(_ application: UIApplication)
    func applicationWillResignActive(_ application: UIApplication)
    func applicationDidEnterBackground(_ application: UIApplication)
    func applicationWillEnterForeground(_ application: UIApplication)
    func applicationWillTerminate(_ application: UIApplication)
    /// Never called headless: no memory warnings are sent.
    func applicationDidReceiveMemoryWarning(_ application: UIApplication)
    func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
                     options: UIScene.ConnectionOptions) -> UISceneConfiguration
    func application(_ application: UIApplication, didDiscardSceneSessions sceneSessions: Set<UISceneSession>)
    func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any]) -> Bool
    /// Never called headless: remote notifications never register.
    func application(_ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data)
    func application(_ application: UIApplication, didFailToRegisterForRemoteNotificationsWithError error: Error)
    func application(_ application: UIApplication, supportedInterfaceOrientationsFor window: UIWindow?) -> UIInterfaceOrientationMask
}

extension UIApplicationDelegate {
    public var window: UIWindow? {
        get { nil }
        set {}
    }
    public func application(_ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool { true }
    public func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool { true }
    public func applicationDidBecomeActive(_ application: UIApplication) {}
    public func applicationWillResignActive(_ application: UIApplication) {}
    public func applicationDidEnterBackground(_ application: UIApplication) {}
    public func applicationWillEnterForeground(_ application: UIApplication) {}
    public func applicationWillTerminate(_ application: UIApplication) {}
    public func applicationDidReceiveMemoryWarning(_ application: UIApplication) {}
    public func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
                            options: UIScene.ConnectionOptions) -> UISceneConfiguration {
        UISceneConfiguration(name: "Default Configuration", sessionRole: connectingSceneSession.role)
    }
    public func application(_ application: UIApplication, didDiscardSceneSessions sceneSessions: Set<UISceneSession>) {}
    public func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any]) -> Bool { false }
    public func application(_ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data) {}
    public func application(_ application: UIApplication, didFailToRegisterForRemoteNotificationsWithError error: Error) {}
    public func application(_ application: UIApplication, supportedInterfaceOrientationsFor window: UIWindow?) -> UIInterfaceOrientationMask {
        .allButUpsideDown
    }
}

/// The pre-Swift-4.2 name of the launch options' keys, still written in ported code.
public typealias UIApplicationLaunchOptionsKey = UIApplication.LaunchOptionsKey
