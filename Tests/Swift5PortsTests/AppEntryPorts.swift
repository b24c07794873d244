import Foundation
import Springframes
import Testing

// An app's entry points as a Swift 5 iOS project writes them, unchanged but for the import:
// `UIResponder` subclasses for the delegates, a controller with its own initializer ending in
// `super.init(nibName: nil, bundle: nil)` and `required init?(coder:)`, a view that draws with
// `touchesMoved`, haptics, and the device's orientation mask.

class SketchAppDelegate: UIResponder, UIApplicationDelegate {
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        return true
    }

    func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession, options: UIScene.ConnectionOptions) -> UISceneConfiguration {
        return UISceneConfiguration(name: "Default Configuration", sessionRole: connectingSceneSession.role)
    }

    func application(_ application: UIApplication, supportedInterfaceOrientationsFor window: UIWindow?) -> UIInterfaceOrientationMask {
        return .portrait
    }
}

class SketchSceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        guard let windowScene = (scene as? UIWindowScene) else { return }
        let window = UIWindow(windowScene: windowScene)
        window.rootViewController = UINavigationController(rootViewController: SketchViewController(lineWidth: 4))
        self.window = window
        window.makeKeyAndVisible()
    }
}

class SketchView: UIView {
    var points: [CGPoint] = []
    let feedback = UIImpactFeedbackGenerator(style: .light)

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first else { return }
        feedback.impactOccurred()
        points = [touch.location(in: self)]
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first else { return }
        points.append(touch.location(in: self))
        setNeedsDisplay()
    }
}

class SketchViewController: UIViewController {
    let lineWidth: CGFloat
    var sketchView: SketchView!

    init(lineWidth: CGFloat) {
        self.lineWidth = lineWidth
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func loadView() {
        sketchView = SketchView()
        view = sketchView
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Sketch"
    }
}

@MainActor @Suite struct AppEntryPorts {
    @Test func theAppLaunchesAndItsViewHearsTheFinger() throws {
        let window = try #require(UIApplication.shared.launch(delegate: SketchAppDelegate(), sceneDelegate: SketchSceneDelegate()))
        let navigation = try #require(window.rootViewController as? UINavigationController)
        let sketch = try #require(navigation.topViewController as? SketchViewController)
        #expect(sketch.lineWidth == 4 && sketch.title == "Sketch")
        let point = sketch.view.convert(CGPoint(x: 100, y: 300), to: nil)
        window.send(Touch(.began, at: point, time: 0.1))
        window.send(Touch(.moved, at: CGPoint(x: point.x + 30, y: point.y), time: 0.2))
        window.send(Touch(.ended, at: CGPoint(x: point.x + 30, y: point.y), time: 0.3))
        #expect(sketch.sketchView.points == [CGPoint(x: 100, y: 300), CGPoint(x: 130, y: 300)])
        UIApplication.shared.simulateTermination()
    }
}
