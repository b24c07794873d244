import Vocabulary
import Foundation
import Testing
@testable import Views
@testable import Application

/// An app's entry points as iOS 13 apps write them (an app delegate and a scene delegate that
/// makes the window), launched headless in iOS's order, then sent to the background and back.
@MainActor @Suite(.serialized) struct LaunchTests {
    final class AppDelegate: UIResponder, UIApplicationDelegate {
        var log: [String] = []

        func application(_ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
            log.append("willFinishLaunching")
            return true
        }

        func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
            log.append("didFinishLaunching")
            return true
        }

        func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
                         options: UIScene.ConnectionOptions) -> UISceneConfiguration {
            log.append("configurationForConnecting")
            return UISceneConfiguration(name: "Default Configuration", sessionRole: connectingSceneSession.role)
        }

        func applicationDidBecomeActive(_ application: UIApplication) { log.append("applicationDidBecomeActive") }
        func applicationWillTerminate(_ application: UIApplication) { log.append("applicationWillTerminate") }
    }

    final class HomeViewController: UIViewController {
        override func viewDidLoad() {
            super.viewDidLoad()
            title = "Home"
            view.backgroundColor = .systemBackground
        }
    }

    final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
        var window: UIWindow?
        var log: [String] = []

        func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
            log.append("willConnect")
            guard let windowScene = (scene as? UIWindowScene) else { return }
            window = UIWindow(windowScene: windowScene)
            window?.rootViewController = HomeViewController()
            window?.makeKeyAndVisible()
        }

        func sceneWillEnterForeground(_ scene: UIScene) { log.append("willEnterForeground") }
        func sceneDidBecomeActive(_ scene: UIScene) { log.append("didBecomeActive") }
        func sceneWillResignActive(_ scene: UIScene) { log.append("willResignActive") }
        func sceneDidEnterBackground(_ scene: UIScene) { log.append("didEnterBackground") }
        func sceneDidDisconnect(_ scene: UIScene) { log.append("didDisconnect") }
    }

    @Test func anAppWithScenesLaunchesInIOSOrder() throws {
        let app = AppDelegate(), scene = SceneDelegate()
        let screen = UIScreen(bounds: CGRect(x: 0, y: 0, width: 393, height: 852), scale: 3)
        let window = try #require(UIApplication.shared.launch(delegate: app, sceneDelegate: scene, screen: screen))
        #expect(app.log == ["willFinishLaunching", "didFinishLaunching", "configurationForConnecting"])
        #expect(scene.log == ["willConnect", "willEnterForeground", "didBecomeActive"])
        #expect(window === scene.window && window.isKeyWindow && window.bounds.size == CGSize(width: 393, height: 852))
        #expect(window.rootViewController?.title == "Home" && window.rootViewController?.view.superview === window)
        #expect(UIApplication.shared.applicationState == .active)
        let windowScene = try #require(window.windowScene)
        #expect(UIApplication.shared.connectedScenes == [windowScene] && windowScene.activationState == .foregroundActive)
        #expect(UIApplication.shared.windows == [window] && UIApplication.shared.keyWindow === window)
        #expect(windowScene.windows == [window] && windowScene.screen === screen)
        // The responder chain ends at the application, then its delegate.
        #expect(window.next === windowScene)
        #expect(UIApplication.shared.next === app)
        UIApplication.shared.simulateTermination()
    }

    @Test func backgroundAndForegroundCallTheSceneDelegate() {
        let app = AppDelegate(), scene = SceneDelegate()
        UIApplication.shared.launch(delegate: app, sceneDelegate: scene)
        let notified = LockBox<[String]>([])
        let names = [UIApplication.didEnterBackgroundNotification, UIApplication.didBecomeActiveNotification]
        let observers = names.map { name in
            NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { _ in notified.withLock { $0.append(name.rawValue) } }
        }
        defer { observers.forEach(NotificationCenter.default.removeObserver) }
        scene.log = []
        UIApplication.shared.simulateEnteringBackground()
        #expect(scene.log == ["willResignActive", "didEnterBackground"] && UIApplication.shared.applicationState == .background)
        UIApplication.shared.simulateEnteringForeground()
        #expect(scene.log == ["willResignActive", "didEnterBackground", "willEnterForeground", "didBecomeActive"])
        #expect(notified.current == ["UIApplicationDidEnterBackgroundNotification", "UIApplicationDidBecomeActiveNotification"])
        UIApplication.shared.simulateTermination()
        #expect(scene.log.last == "didDisconnect" && app.log.last == "applicationWillTerminate")
        #expect(UIApplication.shared.connectedScenes.isEmpty && UIApplication.shared.delegate == nil)
    }

    /// Before iOS 13: the app delegate makes the window in `didFinishLaunching`.
    final class ClassicAppDelegate: UIResponder, UIApplicationDelegate {
        var window: UIWindow?

        func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
            window = UIWindow(frame: UIScreen.main.bounds)
            window?.rootViewController = HomeViewController()
            window?.makeKeyAndVisible()
            return true
        }
    }

    @Test func anAppWithoutScenesUsesItsDelegatesWindow() {
        let app = ClassicAppDelegate()
        let window = UIApplication.shared.launch(delegate: app)
        #expect(window === app.window && window?.bounds == UIScreen.main.bounds)
        #expect(UIApplication.shared.connectedScenes.isEmpty && UIApplication.shared.applicationState == .active)
        UIApplication.shared.simulateTermination()
    }

    @Test func theDeviceIsTheScreensAndHapticsAreQuiet() {
        #expect(UIDevice.current.systemName == "iOS" && UIDevice.current.model == "iPhone")
        #expect(UIDevice.current.userInterfaceIdiom == .phone && UIDevice.current.orientation == .portrait)
        #expect(UIDevice.current.identifierForVendor == UIDevice.current.identifierForVendor)
        let generator = UIImpactFeedbackGenerator(style: .rigid)
        generator.prepare()
        generator.impactOccurred()
        #expect(generator.style == .rigid)
        #expect(!UIApplication.shared.canOpenURL(URL(string: "https://example.com")!))
    }
}
