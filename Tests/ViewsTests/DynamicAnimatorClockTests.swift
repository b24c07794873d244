import Dynamics
import Vocabulary
import Foundation
import Testing
@testable import Views

/// `UIDynamicAnimator(referenceView:)` steps with the clock of its reference view's window, however
/// early it was made: public iOS code (a Tinder-style card stack) makes it in `init(frame:)`,
/// before the view is in any window.
@MainActor @Suite struct DynamicAnimatorClockTests {
    final class CardStack: UIView {
        let card = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        var animator: UIDynamicAnimator?

        override init(frame: CGRect) {
            super.init(frame: frame)
            addSubview(card)
            animator = UIDynamicAnimator(referenceView: self)
        }

        required init?(coder: NSCoder) { nil }
    }

    @Test func anAnimatorMadeBeforeItsViewIsInAWindowStepsWithThatWindow() throws {
        let stack = CardStack(frame: CGRect(x: 0, y: 0, width: 300, height: 600))
        // Another clock made later (another window's) is the current one: the animator must not stay on it.
        let elsewhere = SimulatedClock()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 300, height: 600))
        window.advance(to: 1)
        window.addSubview(stack)
        let animator = try #require(stack.animator)
        animator.addBehavior(UIGravityBehavior(items: [stack.card]))

        window.advance(to: 1.5)
        // Half a second of gravity 1.0 (1000 pt/s²) from rest: ½ g t² = 125 pt.
        #expect(abs(stack.card.center.y - 50 - 125) < 0.5, "fell \(stack.card.center.y - 50) pt")

        let fallen = stack.card.center.y
        elsewhere.advance(to: 10)
        #expect(stack.card.center.y == fallen, "the other clock does not move the card")
    }

    @Test func anAnimatorKnowsItsReferenceView() {
        var view: UIView? = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 300))
        let animator = UIDynamicAnimator(referenceView: view!)
        #expect(animator.referenceView === view)
        #expect(animator.referenceBounds == CGRect(x: 0, y: 0, width: 200, height: 300))
        #expect(UIDynamicAnimator(referenceBounds: .zero).referenceView == nil)
        // Held weakly, as UIKit holds it.
        view = nil
        #expect(animator.referenceView == nil)
    }

    @Test func anAnimatorMadeInsideAWindowKeepsItsClock() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 300, height: 600))
        let ball = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(ball)
        let animator = UIDynamicAnimator(referenceView: window)
        animator.addBehavior(UIGravityBehavior(items: [ball]))
        window.advance(to: 0.5)
        #expect(abs(ball.center.y - 50 - 125) < 0.5, "fell \(ball.center.y - 50) pt")
    }
}
