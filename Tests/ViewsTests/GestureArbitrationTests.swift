import Vocabulary
import Foundation
import Testing
@testable import Views

/// Failure requirements and touch filtering between recognizers, as UIKit orders them.
@MainActor @Suite struct GestureArbitrationTests {
    /// Logs every reported transition of the recognizers it watches, by name.
    @MainActor final class Log {
        var lines: [String] = []
        func watch(_ recognizer: UIGestureRecognizer, as name: String) {
            recognizer.addTarget { [unowned self] in lines.append("\(name) \($0.state)") }
        }
    }

    final class Arbiter: UIGestureRecognizerDelegate {
        var waits: [(UIGestureRecognizer, UIGestureRecognizer)] = []
        var refusesTouchesOn: UIView?
        var simultaneous = false
        func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                               shouldRequireFailureOf otherGestureRecognizer: UIGestureRecognizer) -> Bool {
            waits.contains { $0.0 === gestureRecognizer && $0.1 === otherGestureRecognizer }
        }
        func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool {
            guard let refused = refusesTouchesOn, let view = touch.view else { return true }
            return !view.isDescendant(of: refused)
        }
        func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                               shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool {
            simultaneous
        }
    }

    private func scene() -> (UIWindow, UIView) {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        let view = UIView(frame: window.bounds)
        window.addSubview(view)
        window.makeKeyAndVisible()
        return (window, view)
    }

    private func tap(_ window: UIWindow, at point: CGPoint, time: TimeInterval, hold: TimeInterval = 0.1) {
        window.send(Touch(.began, at: point, time: time))
        window.send(Touch(.ended, at: point, time: time + hold))
    }

    @Test func aTapThatRequiresALongPressToFailWaitsForTheLift() {
        let (window, view) = scene()
        let tap = UITapGestureRecognizer()
        let press = UILongPressGestureRecognizer()
        view.addGestureRecognizer(tap)
        view.addGestureRecognizer(press)
        tap.require(toFail: press)
        let log = Log()
        log.watch(tap, as: "tap")
        log.watch(press, as: "press")
        // A quick tap: the press fails at the lift, and the tap is recognized then.
        self.tap(window, at: CGPoint(x: 100, y: 100), time: 0)
        #expect(log.lines == ["tap ended"])
        // A held finger: the press begins at 0.5 s and the tap fails at once, never reported.
        log.lines = []
        window.send(Touch(.began, at: CGPoint(x: 100, y: 100), time: 1))
        window.advance(to: 1.6)
        window.send(Touch(.ended, at: CGPoint(x: 100, y: 100), time: 1.7))
        #expect(log.lines == ["press began", "press ended"])
        #expect(tap.state == .possible && press.state == .possible)
    }

    @Test func aPanHeldBehindALongPressReplaysItsTransitionsWhenThePressFails() {
        let (window, view) = scene()
        let pan = UIPanGestureRecognizer()
        let press = UILongPressGestureRecognizer()
        press.allowableMovement = 40
        view.addGestureRecognizer(pan)
        view.addGestureRecognizer(press)
        pan.require(toFail: press)
        let log = Log()
        log.watch(pan, as: "pan")
        log.watch(press, as: "press")
        window.send(Touch(.began, at: CGPoint(x: 100, y: 100), time: 0))
        window.send(Touch(.moved, at: CGPoint(x: 120, y: 100), time: 0.05))   // past the pan's 10 pt
        window.send(Touch(.moved, at: CGPoint(x: 130, y: 100), time: 0.1))
        #expect(log.lines.isEmpty)                                           // held: the press may still begin
        #expect(pan.state == .possible)
        window.send(Touch(.moved, at: CGPoint(x: 150, y: 100), time: 0.15))  // 50 pt: the press fails
        #expect(log.lines == ["pan began", "pan changed"])
        window.send(Touch(.ended, at: CGPoint(x: 150, y: 100), time: 0.2))
        #expect(log.lines == ["pan began", "pan changed", "pan ended"])
    }

    @Test func theDelegateCanRequireFailureWithoutRequireToFail() {
        let (window, view) = scene()
        let tap = UITapGestureRecognizer()
        let press = UILongPressGestureRecognizer()
        let arbiter = Arbiter()
        arbiter.waits = [(tap, press)]
        tap.delegate = arbiter
        view.addGestureRecognizer(tap)
        view.addGestureRecognizer(press)
        let log = Log()
        log.watch(tap, as: "tap")
        log.watch(press, as: "press")
        window.send(Touch(.began, at: CGPoint(x: 100, y: 100), time: 0))
        window.advance(to: 0.6)
        window.send(Touch(.ended, at: CGPoint(x: 100, y: 100), time: 0.7))
        #expect(log.lines == ["press began", "press ended"])
    }

    @Test func withoutARequirementTheFirstToRecognizeWins() {
        let (window, view) = scene()
        let tap = UITapGestureRecognizer()
        let press = UILongPressGestureRecognizer()
        view.addGestureRecognizer(tap)
        view.addGestureRecognizer(press)
        let log = Log()
        log.watch(tap, as: "tap")
        log.watch(press, as: "press")
        self.tap(window, at: CGPoint(x: 100, y: 100), time: 0)
        #expect(log.lines == ["tap ended"])
    }

    @Test func shouldReceiveKeepsATouchFromARecognizer() {
        let (window, view) = scene()
        let button = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        view.addSubview(button)
        let tap = UITapGestureRecognizer()
        let arbiter = Arbiter()
        arbiter.refusesTouchesOn = button
        tap.delegate = arbiter
        view.addGestureRecognizer(tap)
        let log = Log()
        log.watch(tap, as: "tap")
        self.tap(window, at: CGPoint(x: 20, y: 20), time: 0)         // on the button: refused
        self.tap(window, at: CGPoint(x: 200, y: 200), time: 1)       // elsewhere: recognized
        #expect(log.lines == ["tap ended"])
    }

    @Test func uiTouchGivesItsLocationInAnyView() {
        let (_, view) = scene()
        let inner = UIView(frame: CGRect(x: 50, y: 60, width: 100, height: 100))
        view.addSubview(inner)
        let touch = UITouch(Touch(.began, at: CGPoint(x: 70, y: 90), time: 0), view: inner)
        #expect(touch.location(in: inner) == CGPoint(x: 20, y: 30))
        #expect(touch.location(in: nil) == CGPoint(x: 70, y: 90))
        #expect(touch.window === view.window)
    }

    @Test func unhonouredRecognizerSettingsAreReported() {
        let tap = UITapGestureRecognizer()
        tap.numberOfTapsRequired = 2
        #expect(UIKitCompatibility.reported.contains("UITapGestureRecognizer.numberOfTapsRequired = 2"))
    }
}
