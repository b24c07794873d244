import Foundation
import Springframes
import Testing

// An iOS 17 app's entry points in Swift 6, with the isolation the SDK gives them: the delegates
// are main-actor protocols, so these classes need no annotation; a model type that is not
// isolated stays `Sendable` and crosses into the controller's initializer.

struct Profile: Sendable, Equatable {
    var name: String
    var isPro: Bool
}

final class ProfileAppDelegate: UIResponder, UIApplicationDelegate {
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        true
    }
}

final class ProfileSceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        guard let windowScene = scene as? UIWindowScene else { return }
        window = UIWindow(windowScene: windowScene)
        window?.rootViewController = ProfileViewController(profile: Profile(name: "Ada", isPro: true))
        window?.makeKeyAndVisible()
    }

    func sceneDidEnterBackground(_ scene: UIScene) {
        (window?.rootViewController as? ProfileViewController)?.savedOnBackground = true
    }
}

final class ProfileViewController: UIViewController {
    private let profile: Profile
    private let proSwitch = UISwitch()
    var savedOnBackground = false

    init(profile: Profile) {
        self.profile = profile
        super.init(nibName: nil, bundle: nil)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = profile.name
        proSwitch.isOn = profile.isPro
        proSwitch.addAction(UIAction { [weak self] _ in self?.switchChanged() }, for: .valueChanged)
        view.addSubview(proSwitch)
    }

    private(set) var changes = 0
    private func switchChanged() { changes += 1 }
    var switchIsOn: Bool { proSwitch.isOn }
}

@MainActor @Suite struct AppEntryPorts {
    @Test func theAppLaunchesGoesToTheBackgroundAndComesBack() throws {
        let window = try #require(UIApplication.shared.launch(delegate: ProfileAppDelegate(), sceneDelegate: ProfileSceneDelegate()))
        let profile = try #require(window.rootViewController as? ProfileViewController)
        #expect(profile.title == "Ada" && profile.switchIsOn)
        UIApplication.shared.simulateEnteringBackground()
        #expect(profile.savedOnBackground)
        UIApplication.shared.simulateEnteringForeground()
        #expect(UIApplication.shared.applicationState == .active)
        UIApplication.shared.simulateTermination()
    }
}
