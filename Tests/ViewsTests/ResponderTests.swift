import Vocabulary
import Foundation
import Testing
@testable import Views

/// The responder chain as UIKit builds it: touches to the view a finger is on and up the chain,
/// cancelled by a recognizer that recognizes, `next` links, the first responder of a window, and
/// view controllers made with UIKit's designated initializer.
@MainActor @Suite struct ResponderTests {
    /// A view that logs its touches as drawing and signature views do.
    final class SketchView: UIView {
        var log: [String] = []
        var touches: [UITouch] = []

        static func text(_ point: CGPoint) -> String { "(\(point.x), \(point.y))" }

        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
            let touch = touches.first!
            self.touches.append(touch)
            log.append("began \(Self.text(touch.location(in: self)))")
        }

        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
            let touch = touches.first!
            self.touches.append(touch)
            log.append("moved \(Self.text(touch.previousLocation(in: self))) → \(Self.text(touch.location(in: self)))")
        }

        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
            self.touches.append(touches.first!)
            log.append("ended \(touches.first!.phase == .ended)")
        }

        override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
            log.append("cancelled")
        }
    }

    private func window() -> UIWindow {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        window.makeKeyAndVisible()
        return window
    }

    @Test func touchesReachTheViewUnderTheFingerAsOneTouchObject() {
        let window = window()
        let sketch = SketchView(frame: CGRect(x: 100, y: 100, width: 100, height: 100))
        window.addSubview(sketch)
        window.send(Touch(.began, at: CGPoint(x: 110, y: 120), time: 0.1))
        window.send(Touch(.moved, at: CGPoint(x: 130, y: 125), time: 0.2))
        window.send(Touch(.ended, at: CGPoint(x: 130, y: 125), time: 0.3))
        #expect(sketch.log == ["began (10.0, 20.0)", "moved (10.0, 20.0) → (30.0, 25.0)", "ended true"])
        #expect(sketch.touches.count == 3 && sketch.touches.allSatisfy { $0 === sketch.touches[0] })
        #expect(sketch.touches[0].view === sketch && sketch.touches[0].window === window)
    }

    @Test func aViewThatDoesNotHandleTouchesPassesThemUpTheChain() {
        let window = window()
        let sketch = SketchView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let plain = UIView(frame: CGRect(x: 50, y: 50, width: 50, height: 50))
        sketch.addSubview(plain)
        window.addSubview(sketch)
        window.send(Touch(.began, at: CGPoint(x: 60, y: 60), time: 0.1))
        window.send(Touch(.ended, at: CGPoint(x: 60, y: 60), time: 0.2))
        #expect(sketch.log == ["began (60.0, 60.0)", "ended true"])
        #expect(sketch.touches[0].view === plain)
    }

    @Test func aRecognizerThatRecognizesCancelsTheViewsTouches() {
        let window = window()
        let sketch = SketchView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let pan = UIPanGestureRecognizer()
        sketch.addGestureRecognizer(pan)
        window.addSubview(sketch)
        window.send(Touch(.began, at: CGPoint(x: 50, y: 50), time: 0.1))
        for step in 1...5 { window.send(Touch(.moved, at: CGPoint(x: 50 + 10 * Double(step), y: 50), time: 0.1 + 0.02 * Double(step))) }
        window.send(Touch(.ended, at: CGPoint(x: 100, y: 50), time: 0.3))
        #expect(sketch.log.first == "began (50.0, 50.0)")
        #expect(sketch.log.last == "cancelled" && !sketch.log.contains("ended true"), "\(sketch.log)")

        sketch.log = []
        pan.cancelsTouchesInView = false
        window.send(Touch(.began, at: CGPoint(x: 50, y: 50), time: 1.1))
        for step in 1...5 { window.send(Touch(.moved, at: CGPoint(x: 50 + 10 * Double(step), y: 50), time: 1.1 + 0.02 * Double(step))) }
        window.send(Touch(.ended, at: CGPoint(x: 100, y: 50), time: 1.3))
        #expect(sketch.log.last == "ended true" && !sketch.log.contains("cancelled"))
    }

    @Test func nextLinksViewsControllersAndSuperviews() {
        let window = window()
        let parent = UIViewController()
        let child = UIViewController()
        parent.addChild(child)
        parent.view.addSubview(child.view)
        child.didMove(toParent: parent)
        window.addSubview(parent.view)
        let leaf = UIView()
        child.view.addSubview(leaf)
        #expect(leaf.next === child.view)
        #expect(child.view.next === child)
        #expect(child.next === parent.view)
        #expect(parent.view.next === parent)
        #expect(parent.next === window)
        #expect(UIViewController().next == nil)
    }

    final class Field: UIView {
        var refuses = false
        override var canBecomeFirstResponder: Bool { true }
        override var canResignFirstResponder: Bool { !refuses }
    }

    @Test func oneFirstResponderPerWindow() {
        let window = window()
        let first = Field(), second = Field(), plain = UIView()
        for view in [first, second, plain] { window.addSubview(view) }
        #expect(!plain.becomeFirstResponder() && !plain.isFirstResponder)
        #expect(first.becomeFirstResponder() && first.isFirstResponder)
        #expect(second.becomeFirstResponder() && second.isFirstResponder && !first.isFirstResponder)
        second.refuses = true
        #expect(!first.becomeFirstResponder() && second.isFirstResponder, "the current one refuses to resign")
        second.refuses = false
        #expect(second.resignFirstResponder() && !second.isFirstResponder)
        #expect(!Field().becomeFirstResponder(), "a view in no window cannot become first responder")
    }

    /// A controller written as iOS code writes one: its own initializer calling UIKit's designated
    /// `init(nibName:bundle:)`, and `init?(coder:)` for storyboards.
    final class ProfileViewController: UIViewController {
        let name: String

        init(name: String) {
            self.name = name
            super.init(nibName: nil, bundle: nil)
        }

        required init?(coder: NSCoder) {
            name = "from a storyboard"
            super.init(coder: coder)
        }

        override func viewDidLoad() {
            super.viewDidLoad()
            title = name
        }
    }

    @Test func controllersUseUIKitsDesignatedInitializer() {
        let controller = ProfileViewController(name: "Ada")
        #expect(controller.nibName == nil && controller.nibBundle == nil)
        controller.loadViewIfNeeded()
        #expect(controller.title == "Ada")
        let plain = UIViewController()
        #expect(plain.nibName == nil)
        let named = UIViewController(nibName: "Profile", bundle: .main)
        #expect(named.nibName == "Profile" && named.view.subviews.isEmpty)
    }
}
