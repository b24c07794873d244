import Vocabulary
import Foundation
import Testing
import DisplayList
@testable import Views
@testable import Application

/// Window levels and the status bar, as iOS reports them: `UIWindow.Level` (`normal` 0,
/// `statusBar` 1000, `alert` 2000), a scene's windows back to front by level (Apple's
/// `UIApplication.windows`: "ordered from back to front"), and the status bar frame across the top
/// at the device's status bar height (iOS 18 in the Simulator), none on a phone in landscape.
@MainActor @Suite(.serialized) struct WindowLevelTests {
    final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
        var window: UIWindow?
        var toast: UIWindow?

        func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
            guard let windowScene = scene as? UIWindowScene else { return }
            // A toast window made first, at alert level, then the main window.
            toast = UIWindow(windowScene: windowScene)
            toast?.windowLevel = .alert + 1
            window = UIWindow(windowScene: windowScene)
            window?.rootViewController = UIViewController()
            window?.makeKeyAndVisible()
        }
    }

    final class AppDelegate: UIResponder, UIApplicationDelegate {}

    @Test func windowsAreListedBackToFrontByLevel() throws {
        #expect(UIWindow.Level.normal.rawValue == 0 && UIWindow.Level.statusBar.rawValue == 1000 && UIWindow.Level.alert.rawValue == 2000)
        let app = AppDelegate(), scene = SceneDelegate()
        let screen = UIScreen(device: .iPhone16Pro)
        let window = try #require(UIApplication.shared.launch(delegate: app, sceneDelegate: scene, screen: screen))
        let toast = try #require(scene.toast)
        #expect(window.windowScene?.windows == [window, toast])
        #expect(UIApplication.shared.windows == [window, toast])
        toast.windowLevel = .normal
        #expect(UIApplication.shared.windows == [toast, window], "equal levels keep the order they were made in")
        UIApplication.shared.simulateTermination()
    }

    @Test func theStatusBarIsTheDevicesAcrossTheTop() throws {
        let app = AppDelegate(), scene = SceneDelegate()
        let window = try #require(UIApplication.shared.launch(delegate: app, sceneDelegate: scene, screen: UIScreen(device: .iPhone16Pro)))
        let manager = try #require(window.windowScene?.statusBarManager)
        #expect(manager.statusBarFrame == CGRect(x: 0, y: 0, width: 402, height: 62))
        #expect(UIApplication.shared.statusBarFrame == manager.statusBarFrame)
        #expect(UIApplication.shared.statusBarOrientation == .portrait && !manager.isStatusBarHidden)
        UIApplication.shared.simulateTermination()
        let landscape = UIStatusBarManager(screen: UIScreen(device: .iPhone16Pro, orientation: .landscape))
        #expect(landscape.statusBarFrame.height == 0 && landscape.isStatusBarHidden)
        #expect(UIStatusBarManager(screen: UIScreen(bounds: CGRect(x: 0, y: 0, width: 320, height: 568), scale: 2)).statusBarFrame.height == 20)
    }

    @Test func theApplicationReadsTheUsersDirectionAndTextSize() {
        let screen = UIScreen(device: .iPhone16Pro, settings: DeviceSettings(contentSizeCategory: .accessibilityExtraLarge,
                                                                               layoutDirection: .rightToLeft))
        UIScreen.withMain(screen) {
            #expect(UIApplication.shared.userInterfaceLayoutDirection == .rightToLeft)
            #expect(UIApplication.shared.preferredContentSizeCategory == .accessibilityExtraLarge)
        }
        #expect(UIApplication.shared.userInterfaceLayoutDirection == .leftToRight)
    }
}
