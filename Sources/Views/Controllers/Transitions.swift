import Vocabulary
import Foundation

// Custom view-controller transitions, as UIKit runs them: a transitioning delegate gives an
// animator (and, for `.custom` presentations, a presentation controller); the animator moves the
// views in a container view, on the window's clock, and calls `completeTransition(_:)`.

/// What an animator of a transition is given: the container, the two controllers and their
/// views, their frames, and the call that ends the transition.
@preconcurrency @MainActor
public protocol UIViewControllerContextTransitioning: AnyObject {
    var containerView: UIView { get }
    var isAnimated: Bool { get }
    var isInteractive: Bool { get }
    var transitionWasCancelled: Bool { get }
    var presentationStyle: UIModalPresentationStyle { get }
    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController?
    func view(forKey key: UITransitionContextViewKey) -> UIView?
    func initialFrame(for vc: UIViewController) -> CGRect
    func finalFrame(for vc: UIViewController) -> CGRect
    func completeTransition(_ didComplete: Bool)
    func updateInteractiveTransition(_ percentComplete: CGFloat)
    func finishInteractiveTransition()
    func cancelInteractiveTransition()
    func pauseInteractiveTransition()
    var targetTransform: CGAffineTransform { get }
}

public struct UITransitionContextViewControllerKey: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let from = UITransitionContextViewControllerKey(rawValue: "UITransitionContextFromViewControllerKey")
    public static let to = UITransitionContextViewControllerKey(rawValue: "UITransitionContextToViewControllerKey")
}

public struct UITransitionContextViewKey: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let from = UITransitionContextViewKey(rawValue: "UITransitionContextFromViewKey")
    public static let to = UITransitionContextViewKey(rawValue: "UITransitionContextToViewKey")
}

/// The state and control of a view animation (UIKit's protocol; `UIViewPropertyAnimator` has it).
@preconcurrency @MainActor
public protocol UIViewAnimating: AnyObject {
    var state: UIViewAnimatingState { get }
    var isRunning: Bool { get }
    var isReversed: Bool { get set }
    var fractionComplete: CGFloat { get set }
    func startAnimation()
    func startAnimation(afterDelay delay: TimeInterval)
    func pauseAnimation()
    func stopAnimation(_ withoutFinishing: Bool)
    func finishAnimation(at finalPosition: UIViewAnimatingPosition)
}

/// An animation that takes more animations and completions while it runs.
@preconcurrency @MainActor
public protocol UIViewImplicitlyAnimating: UIViewAnimating {
    func addAnimations(_ animation: @escaping () -> Void)
    func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void)
}

extension UIViewPropertyAnimator: UIViewImplicitlyAnimating {}

/// An animator of a transition.
@preconcurrency @MainActor
public protocol UIViewControllerAnimatedTransitioning: AnyObject {
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval
    func animateTransition(using transitionContext: UIViewControllerContextTransitioning)
    /// The animator an interactive transition scrubs. Without one, a percent-driven transition
    /// cannot follow a finger here (see `UIPercentDrivenInteractiveTransition`).
    func interruptibleAnimator(using transitionContext: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating
    func animationEnded(_ transitionCompleted: Bool)
}

extension UIViewControllerAnimatedTransitioning {
    public func interruptibleAnimator(using transitionContext: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating {
        NoInterruptibleAnimator()
    }

    public func animationEnded(_ transitionCompleted: Bool) {}
}

/// What `interruptibleAnimator(using:)` gives when an animator does not implement it.
final class NoInterruptibleAnimator: UIViewImplicitlyAnimating {
    var state = UIViewAnimatingState.inactive
    var isRunning: Bool { false }
    var isReversed = false
    var fractionComplete: CGFloat = 0
    func startAnimation() {}
    func startAnimation(afterDelay delay: TimeInterval) {}
    func pauseAnimation() {}
    func stopAnimation(_ withoutFinishing: Bool) {}
    func finishAnimation(at finalPosition: UIViewAnimatingPosition) {}
    func addAnimations(_ animation: @escaping () -> Void) {}
    func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void) {}
}

/// An interactive transition's driver.
@preconcurrency @MainActor
public protocol UIViewControllerInteractiveTransitioning: AnyObject {
    func startInteractiveTransition(_ transitionContext: UIViewControllerContextTransitioning)
    var wantsInteractiveStart: Bool { get }
}

extension UIViewControllerInteractiveTransitioning {
    public var wantsInteractiveStart: Bool { true }
}

/// UIKit's percent-driven interactive transition: a gesture calls `update(_:)` with how far the
/// transition has gone, then `finish()` or `cancel()`.
///
/// Here it scrubs the animator's `interruptibleAnimator(using:)` (a `UIViewPropertyAnimator`),
/// then runs it to the end or back to the start at the remaining speed. UIKit can also scrub an
/// animator that only uses `UIView.animate` in `animateTransition(using:)`; that is not honoured:
/// such a transition runs whole when `finish()` is called (and jumps back on `cancel()`), and a
/// debug build says so once.
@preconcurrency @MainActor
open class UIPercentDrivenInteractiveTransition: UIViewControllerInteractiveTransitioning {
    open private(set) var percentComplete: CGFloat = 0
    open var duration: CGFloat { CGFloat(animator?.transitionDuration(using: context) ?? 0) }
    open var completionSpeed: CGFloat = 1
    open var completionCurve: UIView.AnimationCurve = .easeInOut
    open var wantsInteractiveStart = true
    open var timingCurve: UITimingCurveProvider?

    private var context: TransitionContext?
    private var animator: UIViewControllerAnimatedTransitioning?
    private var scrubbed: UIViewImplicitlyAnimating?

    public init() {}

    open func startInteractiveTransition(_ transitionContext: UIViewControllerContextTransitioning) {
        guard let context = transitionContext as? TransitionContext else { return }
        self.context = context
        animator = context.animator
        guard let animator else { return }
        let interruptible = animator.interruptibleAnimator(using: context)
        if interruptible is NoInterruptibleAnimator {
            UIKitCompatibility.notHonoured("UIPercentDrivenInteractiveTransition scrubbing UIView.animate",
                                           "give the animator an interruptibleAnimator(using:); the transition runs whole on finish()")
        } else {
            scrubbed = interruptible
            interruptible.pauseAnimation()
            interruptible.fractionComplete = 0
        }
    }

    open func update(_ percentComplete: CGFloat) {
        self.percentComplete = min(1, max(0, percentComplete))
        scrubbed?.fractionComplete = self.percentComplete
        context?.interactivePercent = self.percentComplete
    }

    open func finish() {
        guard let context else { return }
        if let scrubbed {
            (scrubbed as? UIViewPropertyAnimator)?.continueAnimation(withTimingParameters: nil, durationFactor: completionSpeed > 0 ? 1 / completionSpeed : 1)
            if !(scrubbed is UIViewPropertyAnimator) { scrubbed.startAnimation() }
        } else {
            context.interactivity = .finishing
            animator?.animateTransition(using: context)
        }
        self.context = nil
    }

    open func cancel() {
        guard let context else { return }
        context.cancelled = true
        if let scrubbed {
            scrubbed.isReversed = true
            (scrubbed as? UIViewPropertyAnimator)?.continueAnimation(withTimingParameters: nil, durationFactor: completionSpeed > 0 ? 1 / completionSpeed : 1)
            if !(scrubbed is UIViewPropertyAnimator) { scrubbed.startAnimation() }
        } else {
            context.completeTransition(false)
        }
        self.context = nil
    }

    open func pause() { scrubbed?.pauseAnimation() }
}

/// What a transitioning delegate gives for a presentation or a dismissal.
@preconcurrency @MainActor
public protocol UIViewControllerTransitioningDelegate: AnyObject {
    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> UIViewControllerAnimatedTransitioning?
    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning?
    func interactionControllerForPresentation(using animator: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning?
    func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning?
    func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                                source: UIViewController) -> UIPresentationController?
}

extension UIViewControllerTransitioningDelegate {
    public func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                                    source: UIViewController) -> UIViewControllerAnimatedTransitioning? { nil }
    public func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? { nil }
    public func interactionControllerForPresentation(using animator: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? { nil }
    public func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? { nil }
    public func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                                       source: UIViewController) -> UIPresentationController? { nil }
}

/// UIKit's presentation controller: where a `.custom` presentation puts the presented view, and
/// what it adds around it (a dimming view, say) in the container, at the transition's start and end.
@preconcurrency @MainActor
open class UIPresentationController {
    public let presentedViewController: UIViewController
    public unowned(unsafe) let presentingViewController: UIViewController
    /// The view the transition happens in (nil until the presentation starts).
    open internal(set) var containerView: UIView?
    open var presentedView: UIView? { presentedViewController.viewIfLoaded }
    /// The presented view's frame; the container's bounds unless overridden.
    open var frameOfPresentedViewInContainerView: CGRect { containerView?.bounds ?? .zero }
    /// Whether the presenting controller's view leaves the window when the presentation ends.
    open var shouldRemovePresentersView: Bool { false }
    open var shouldPresentInFullscreen: Bool { true }
    open var adaptivePresentationStyle: UIModalPresentationStyle { .none }
    open var overrideTraitCollection: UITraitCollection?

    public init(presentedViewController: UIViewController, presenting presentingViewController: UIViewController?) {
        self.presentedViewController = presentedViewController
        self.presentingViewController = presentingViewController ?? presentedViewController
    }

    open func presentationTransitionWillBegin() {}
    open func presentationTransitionDidEnd(_ completed: Bool) {}
    open func dismissalTransitionWillBegin() {}
    open func dismissalTransitionDidEnd(_ completed: Bool) {}
    open func containerViewWillLayoutSubviews() {}
    open func containerViewDidLayoutSubviews() {}
    open func size(forChildContentContainer container: AnyObject, withParentContainerSize parentSize: CGSize) -> CGSize { parentSize }
}

/// Runs the container's layout callbacks of its presentation controller.
final class TransitionContainerView: UIView {
    weak var presentationController: UIPresentationController?

    override func layoutSubviews() {
        presentationController?.containerViewWillLayoutSubviews()
        super.layoutSubviews()
        presentationController?.containerViewDidLayoutSubviews()
    }
}

/// The context a custom transition runs in.
final class TransitionContext: UIViewControllerContextTransitioning {
    enum Interactivity { case none, interactive, finishing }

    let containerView: UIView
    let from: UIViewController, to: UIViewController
    let fromView: UIView?, toView: UIView?
    let isAnimated: Bool
    let presentationStyle: UIModalPresentationStyle
    let animator: UIViewControllerAnimatedTransitioning
    let finalFrames: [ObjectIdentifier: CGRect]
    var interactivity = Interactivity.none
    var cancelled = false
    var interactivePercent: CGFloat = 0
    private var completed = false
    private let done: (Bool) -> Void

    init(container: UIView, from: UIViewController, to: UIViewController, fromView: UIView?, toView: UIView?, animated: Bool,
         style: UIModalPresentationStyle, animator: UIViewControllerAnimatedTransitioning, finalFrames: [ObjectIdentifier: CGRect],
         done: @escaping (Bool) -> Void) {
        containerView = container
        self.from = from
        self.to = to
        self.fromView = fromView
        self.toView = toView
        isAnimated = animated
        presentationStyle = style
        self.animator = animator
        self.finalFrames = finalFrames
        self.done = done
    }

    var isInteractive: Bool { interactivity == .interactive }
    var transitionWasCancelled: Bool { cancelled }
    var targetTransform: CGAffineTransform { .identity }

    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? {
        key == .from ? from : key == .to ? to : nil
    }

    func view(forKey key: UITransitionContextViewKey) -> UIView? {
        key == .from ? fromView : key == .to ? toView : nil
    }

    func initialFrame(for vc: UIViewController) -> CGRect {
        vc === from ? (from.viewIfLoaded?.frame ?? .zero) : .zero
    }

    func finalFrame(for vc: UIViewController) -> CGRect {
        finalFrames[ObjectIdentifier(vc)] ?? .zero
    }

    func completeTransition(_ didComplete: Bool) {
        guard !completed else { return }
        completed = true
        cancelled = !didComplete
        done(didComplete)
        animator.animationEnded(didComplete)
    }

    func updateInteractiveTransition(_ percentComplete: CGFloat) { interactivePercent = percentComplete }
    func finishInteractiveTransition() { interactivity = .finishing }
    func cancelInteractiveTransition() { cancelled = true }
    func pauseInteractiveTransition() {}
}

// MARK: Size transitions

/// What a controller hears about an animated change of its size (`viewWillTransition(to:with:)`):
/// animations to run alongside and a completion. Here a window's size changes at once, so the
/// alongside animations run without animation and the completion follows.
@preconcurrency @MainActor
public protocol UIViewControllerTransitionCoordinator: AnyObject {
    var isAnimated: Bool { get }
    var isInteractive: Bool { get }
    var isCancelled: Bool { get }
    var transitionDuration: TimeInterval { get }
    var containerView: UIView { get }
    @discardableResult
    func animate(alongsideTransition animation: ((UIViewControllerTransitionCoordinatorContext) -> Void)?,
                 completion: ((UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool
}

/// The state of a transition as a coordinator's blocks see it.
@preconcurrency @MainActor
public protocol UIViewControllerTransitionCoordinatorContext: AnyObject {
    var isAnimated: Bool { get }
    var isInteractive: Bool { get }
    var isCancelled: Bool { get }
    var transitionDuration: TimeInterval { get }
    var containerView: UIView { get }
    var targetTransform: CGAffineTransform { get }
}

/// A size change's coordinator: alongside blocks run at once, completions when the change is laid out.
final class SizeTransitionCoordinator: UIViewControllerTransitionCoordinator, UIViewControllerTransitionCoordinatorContext {
    let containerView: UIView
    var isAnimated: Bool { false }
    var isInteractive: Bool { false }
    var isCancelled: Bool { false }
    var transitionDuration: TimeInterval { 0 }
    var targetTransform: CGAffineTransform { .identity }
    private var completions: [(UIViewControllerTransitionCoordinatorContext) -> Void] = []

    init(container: UIView) { containerView = container }

    func animate(alongsideTransition animation: ((UIViewControllerTransitionCoordinatorContext) -> Void)?,
                 completion: ((UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool {
        animation?(self)
        if let completion { completions.append(completion) }
        return true
    }

    func complete() {
        let pending = completions
        completions = []
        for completion in pending { completion(self) }
    }
}
