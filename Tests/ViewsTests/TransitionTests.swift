import Vocabulary
import Foundation
import Testing
@testable import Views

/// Custom transitions as iOS apps write them (a transitioning delegate, an animator, a
/// presentation controller, a percent-driven interactive dismissal) and size transitions,
/// run on the window's clock in UIKit's order.
@MainActor @Suite struct TransitionTests {
    final class Log {
        var entries: [String] = []
    }

    /// A card that fades in over the bottom half; the presentation controller dims the rest.
    final class HalfSheetPresentationController: UIPresentationController {
        let log: Log
        let dimming = UIView()

        init(presented: UIViewController, presenting: UIViewController?, log: Log) {
            self.log = log
            super.init(presentedViewController: presented, presenting: presenting)
        }

        override var frameOfPresentedViewInContainerView: CGRect {
            guard let bounds = containerView?.bounds else { return .zero }
            return CGRect(x: 0, y: bounds.midY, width: bounds.width, height: bounds.height / 2)
        }

        override func presentationTransitionWillBegin() {
            log.entries.append("presentationTransitionWillBegin")
            dimming.frame = containerView?.bounds ?? .zero
            dimming.backgroundColor = UIColor(white: 0, alpha: 0.3)
            containerView?.addSubview(dimming)
        }

        override func presentationTransitionDidEnd(_ completed: Bool) { log.entries.append("presentationTransitionDidEnd(\(completed))") }
        override func dismissalTransitionWillBegin() { log.entries.append("dismissalTransitionWillBegin") }
        override func dismissalTransitionDidEnd(_ completed: Bool) { log.entries.append("dismissalTransitionDidEnd(\(completed))") }
    }

    final class FadeAnimator: UIViewControllerAnimatedTransitioning {
        let presenting: Bool
        let log: Log
        var propertyAnimator: UIViewPropertyAnimator?

        init(presenting: Bool, log: Log) {
            self.presenting = presenting
            self.log = log
        }

        func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.4 }

        func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
            log.entries.append("animateTransition(\(presenting ? "present" : "dismiss"))")
            interruptibleAnimator(using: transitionContext).startAnimation()
        }

        func interruptibleAnimator(using transitionContext: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating {
            if let propertyAnimator { return propertyAnimator }
            let animator = UIViewPropertyAnimator(duration: 0.4, curve: .linear)
            if presenting {
                let view = transitionContext.view(forKey: .to)!
                let controller = transitionContext.viewController(forKey: .to)!
                view.frame = transitionContext.finalFrame(for: controller)
                view.alpha = 0
                transitionContext.containerView.addSubview(view)
                animator.addAnimations { view.alpha = 1 }
            } else {
                let view = transitionContext.view(forKey: .from)!
                animator.addAnimations { view.frame.origin.y = transitionContext.containerView.bounds.maxY }
            }
            animator.addCompletion { _ in transitionContext.completeTransition(!transitionContext.transitionWasCancelled) }
            propertyAnimator = animator
            return animator
        }
    }

    final class CardController: UIViewController {
        let log: Log
        init(log: Log) {
            self.log = log
            super.init(nibName: nil, bundle: nil)
        }

        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
        override func viewWillAppear(_ animated: Bool) { log.entries.append("card viewWillAppear") }
        override func viewDidAppear(_ animated: Bool) { log.entries.append("card viewDidAppear") }
        override func viewWillDisappear(_ animated: Bool) { log.entries.append("card viewWillDisappear") }
        override func viewDidDisappear(_ animated: Bool) { log.entries.append("card viewDidDisappear") }
    }

    final class Transitions: UIViewControllerTransitioningDelegate {
        let log: Log
        let interaction = UIPercentDrivenInteractiveTransition()
        var interactive = false

        init(log: Log) { self.log = log }

        func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                                 source: UIViewController) -> UIViewControllerAnimatedTransitioning? {
            FadeAnimator(presenting: true, log: log)
        }

        func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
            FadeAnimator(presenting: false, log: log)
        }

        func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? {
            interactive ? interaction : nil
        }

        func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                                    source: UIViewController) -> UIPresentationController? {
            log.entries.append("presentationController(forPresented:)")
            return HalfSheetPresentationController(presented: presented, presenting: presenting, log: log)
        }
    }

    private func setUp() -> (UIWindow, UIViewController, CardController, Transitions, Log) {
        let log = Log()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 300, height: 600))
        let root = UIViewController()
        window.rootViewController = root
        window.makeKeyAndVisible()
        let card = CardController(log: log)
        let transitions = Transitions(log: log)
        card.modalPresentationStyle = .custom
        card.transitioningDelegate = transitions
        return (window, root, card, transitions, log)
    }

    @Test func aCustomPresentationRunsTheAnimatorInsideThePresentationControllersFrame() {
        let (window, root, card, transitions, log) = setUp()
        var completed = false
        root.present(card, animated: true) { completed = true }
        #expect(log.entries == ["presentationController(forPresented:)", "presentationTransitionWillBegin", "card viewWillAppear",
                                "animateTransition(present)"])
        #expect(card.view.frame == CGRect(x: 0, y: 300, width: 300, height: 300))
        window.advance(to: 0.2)
        #expect(abs(card.view.presentation(at: 0.2).alpha - 0.5) < 1e-6, "linear fade, halfway at 0.2 s")
        #expect(!completed)
        window.advance(to: 0.4)
        #expect(completed && log.entries.suffix(2) == ["presentationTransitionDidEnd(true)", "card viewDidAppear"])
        #expect(root.view.window === window, "a custom presentation leaves the presenting view in place")
        #expect(card.presentationController is HalfSheetPresentationController && root.presentedViewController === card)
        withExtendedLifetime(transitions) {}
    }

    @Test func aCustomDismissalSlidesTheCardOffAndRemovesTheContainer() {
        let (window, root, card, transitions, log) = setUp()
        root.present(card, animated: false)
        window.advance(to: 1)
        let container = card.view.superview
        log.entries = []
        var completed = false
        card.dismiss(animated: true) { completed = true }
        #expect(log.entries == ["dismissalTransitionWillBegin", "card viewWillDisappear", "animateTransition(dismiss)"])
        window.advance(to: 1.2)
        #expect(abs(card.view.presentation(at: 1.2).center.y - 600) < 1e-6, "halfway from 450 to 750")
        window.advance(to: 1.4)
        #expect(completed && root.presentedViewController == nil && card.view.superview == nil && container?.superview == nil)
        #expect(log.entries.suffix(2) == ["dismissalTransitionDidEnd(true)", "card viewDidDisappear"])
        withExtendedLifetime(transitions) {}
    }

    @Test func aPercentDrivenDismissalFollowsTheFingerAndCanBeCancelled() {
        let (window, root, card, transitions, _) = setUp()
        root.present(card, animated: false)
        window.advance(to: 1)
        transitions.interactive = true
        card.dismiss(animated: true)
        transitions.interaction.update(0.5)
        window.advance(to: 1.1)
        #expect(abs(card.view.presentation(at: 1.1).center.y - 600) < 1e-6, "scrubbed halfway")
        transitions.interaction.cancel()
        window.advance(to: 2)
        #expect(root.presentedViewController === card && card.view.frame.minY == 300, "cancelled: still presented, back in place")

        card.dismiss(animated: true)
        transitions.interaction.update(0.25)
        transitions.interaction.finish()
        window.advance(to: 3)
        #expect(root.presentedViewController == nil && card.view.superview == nil)
    }

    final class Split: UIViewController {
        var sizes: [CGSize] = []
        var completions = 0
        override func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator) {
            super.viewWillTransition(to: size, with: coordinator)
            sizes.append(size)
            coordinator.animate(alongsideTransition: nil) { [self] _ in completions += 1 }
        }
    }

    @Test func aResizedWindowTellsItsControllersFirst() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let parent = Split(), child = Split()
        parent.addChild(child)
        parent.view.addSubview(child.view)
        child.didMove(toParent: parent)
        window.rootViewController = parent
        window.makeKeyAndVisible()
        window.frame = CGRect(x: 0, y: 0, width: 844, height: 390)
        window.layoutIfNeeded()
        #expect(parent.sizes == [CGSize(width: 844, height: 390)] && child.sizes == [CGSize(width: 844, height: 390)])
        #expect(parent.completions == 1 && child.completions == 1 && parent.view.bounds.size == CGSize(width: 844, height: 390))
    }

    @Test func segueesAreNamedAsNotHonoured() {
        UIViewController().performSegue(withIdentifier: "showDetail", sender: nil)
        #expect(UIKitCompatibility.reported.contains("UIViewController.performSegue(withIdentifier: \"showDetail\")"))
    }
}
