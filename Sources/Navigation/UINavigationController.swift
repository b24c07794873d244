import Vocabulary
import Foundation
import Views

/// UIKit's navigation stack: a bar across the top and the top controller's view under it.
///
/// `pushViewController(_:animated:)` slides the new view in from the right edge while the old one
/// moves a third of the width to the left under a dimming shade; popping runs it backwards. The
/// slide takes 0.35 s along the system spring (damping ratio 4.56, `UISpringTimingParameters()`),
/// our reading of iOS's push: Apple publishes neither. The bar's titles and back button move
/// and cross-fade along the same animator (see `UINavigationBar`'s transition). A pan from the
/// left edge (`interactivePopGestureRecognizer`) pops interactively: the views follow the finger
/// and, on release, finish or go back (see `backSwipeFinishes(translation:velocity:width:)`). Appearance
/// calls (`viewWillAppear`, `viewDidAppear`, `viewWillDisappear`, `viewDidDisappear`) come with
/// `animated` as given, the will-calls when the transition starts and the did-calls when it ends,
/// and the delegate hears `willShow` and `didShow` then.
///
/// The top controller's view fills the navigation controller's view and extends under the bar,
/// as `edgesForExtendedLayout = .all` does on iOS; its safe area starts below the bar, so scroll
/// views inset their content by the bar's height.
open class UINavigationController: UIViewController {
    public private(set) var navigationBar = UINavigationBar(frame: .zero)
    open weak var delegate: UINavigationControllerDelegate?
    /// The push and pop slide's length.
    public static let transitionDuration: TimeInterval = 0.35

    private var stack: [UIViewController] = []
    private var transitioning = false

    public init(rootViewController: UIViewController) {
        super.init(nibName: nil, bundle: nil)
        stack = [rootViewController]
        addChild(rootViewController)
    }

    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    open var viewControllers: [UIViewController] {
        get { stack }
        set { setViewControllers(newValue, animated: false) }
    }

    open var topViewController: UIViewController? { stack.last }
    open var visibleViewController: UIViewController? { topViewController?.presentedViewController ?? topViewController }

    open var isNavigationBarHidden = false {
        didSet { navigationBar.isHidden = isNavigationBarHidden; viewIfLoaded?.setNeedsLayout() }
    }

    open func setNavigationBarHidden(_ hidden: Bool, animated: Bool) {
        isNavigationBarHidden = hidden
    }

    open override func loadView() {
        let container = NavigationContainerView(frame: UIScreen.main.bounds)
        container.navigationController = self
        view = container
        view.backgroundColor = .systemBackground
    }

    open override func viewDidLoad() {
        super.viewDidLoad()
        view.addGestureRecognizer(edgeSwipe)
        view.addSubview(navigationBar)
        navigationBar.navigationController = self
        if let top = topViewController {
            install(top.view, at: 0)
            top.didMove(toParent: self)
        }
        navigationBar.show(items: stack.map(\.navigationItem), animated: false)
    }

    open override func viewWillLayoutSubviews() {
        super.viewWillLayoutSubviews()
        layoutBarAndContent()
    }

    private func layoutBarAndContent() {
        guard let view = viewIfLoaded else { return }
        let top = view.safeAreaInsets.top - (additionalSafeAreaInsets.top)
        let barHeight = isNavigationBarHidden ? 0 : navigationBar.height(forLargeTitle: showsLargeTitle)
        navigationBar.frame = CGRect(x: 0, y: max(0, top), width: view.bounds.width, height: barHeight)
        for controller in stack where controller.isViewLoaded {
            let inset = UIEdgeInsets(top: barHeight, left: 0, bottom: 0, right: 0)
            if controller.additionalSafeAreaInsets != inset { controller.additionalSafeAreaInsets = inset }
        }
        if !transitioning, let content = topViewController?.viewIfLoaded, content.superview === view {
            content.frame = view.bounds
        }
    }

    private var showsLargeTitle: Bool {
        guard navigationBar.prefersLargeTitles, let item = topViewController?.navigationItem else { return false }
        switch item.largeTitleDisplayMode {
        case .always: return true
        case .never: return false
        case .automatic: return true
        }
    }

    private func install(_ content: UIView, at offset: CGFloat) {
        content.frame = view.bounds.offsetBy(dx: offset, dy: 0)
        view.insertSubview(content, belowSubview: navigationBar)
    }

    // MARK: Push and pop

    open func pushViewController(_ viewController: UIViewController, animated: Bool) {
        guard !stack.contains(where: { $0 === viewController }) else { return }
        let from = topViewController
        addChild(viewController)
        stack.append(viewController)
        transition(from: from, to: viewController, forward: true, animated: animated) { [self] in
            viewController.didMove(toParent: self)
        }
    }

    @discardableResult
    open func popViewController(animated: Bool) -> UIViewController? {
        guard stack.count > 1 else { return nil }
        return popToViewController(stack[stack.count - 2], animated: animated)?.first
    }

    @discardableResult
    open func popToRootViewController(animated: Bool) -> [UIViewController]? {
        guard let root = stack.first else { return nil }
        return popToViewController(root, animated: animated)
    }

    @discardableResult
    open func popToViewController(_ viewController: UIViewController, animated: Bool) -> [UIViewController]? {
        guard let index = stack.firstIndex(where: { $0 === viewController }), index < stack.count - 1 else { return nil }
        let popped = Array(stack[(index + 1)...])
        let from = topViewController
        stack.removeSubrange((index + 1)...)
        for controller in popped { controller.willMove(toParent: nil) }
        transition(from: from, to: viewController, forward: false, animated: animated) {
            for controller in popped {
                controller.viewIfLoaded?.removeFromSuperview()
                controller.removeFromParent()
            }
        }
        return popped
    }

    open func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {
        let from = topViewController
        for controller in stack where !viewControllers.contains(where: { $0 === controller }) {
            controller.viewIfLoaded?.removeFromSuperview()
            controller.removeFromParent()
        }
        for controller in viewControllers where controller.parent !== self { addChild(controller) }
        stack = viewControllers
        guard let to = topViewController, to !== from else {
            if isViewLoaded { navigationBar.show(items: stack.map(\.navigationItem), animated: false) }
            return
        }
        transition(from: from, to: to, forward: true, animated: animated) {}
    }

    /// Shows `to` in place of `from`: sliding when animated and the view is in a window. An
    /// `interactive` pop starts paused at its start, for the back swipe to scrub; the animator is
    /// returned then. `restore` puts the stack back when it ends at its start (a cancelled pop).
    @discardableResult
    private func transition(from: UIViewController?, to: UIViewController, forward: Bool, animated: Bool,
                            interactive: Bool = false, restore: @escaping () -> Void = {},
                            finished: @escaping () -> Void) -> UIViewPropertyAnimator? {
        guard isViewLoaded else {
            finished()
            return nil
        }
        let animated = animated && view.window != nil && from?.viewIfLoaded != nil
        let width = view.bounds.width
        let previousItems = navigationBar.items ?? []
        // While it slides, layout leaves the incoming view where the slide has it.
        transitioning = animated
        to.beginAppearanceTransition(true, animated: animated)
        from?.beginAppearanceTransition(false, animated: animated)
        delegate?.navigationController(self, willShow: to, animated: animated)
        install(to.view, at: animated ? (forward ? width : -width / 3) : 0)
        if !forward, let fromView = from?.viewIfLoaded { view.insertSubview(to.view, belowSubview: fromView) }
        layoutBarAndContent()
        to.view.layoutIfNeeded()
        let complete = { [self] in
            transitioning = false
            from?.viewIfLoaded?.removeFromSuperview()
            from?.viewIfLoaded?.transform = .identity
            shade.removeFromSuperview()
            to.view.frame = view.bounds
            finished()
            from?.endAppearanceTransition()
            to.endAppearanceTransition()
            delegate?.navigationController(self, didShow: to, animated: animated)
        }
        guard animated, let fromView = from?.viewIfLoaded else {
            navigationBar.show(items: stack.map(\.navigationItem), animated: false)
            complete()
            return nil
        }
        // The view underneath darkens under a shade as the other covers it.
        let under = forward ? fromView : to.view!
        shade.frame = view.bounds
        shade.backgroundColor = UIColor(white: 0, alpha: 0.1)
        shade.alpha = forward ? 0 : 1
        view.insertSubview(shade, aboveSubview: under)
        let spring = UISpringTimingParameters()
        // Scrubbed by the finger, the views follow it linearly; released, they finish along the spring.
        let animator = UIViewPropertyAnimator(duration: Self.transitionDuration,
                                              timingParameters: interactive ? UICubicTimingParameters(animationCurve: .linear) : spring)
        animator.addAnimations { [self] in
            if forward {
                to.view.frame = view.bounds
                fromView.frame = view.bounds.offsetBy(dx: -width / 3, dy: 0)
                shade.alpha = 1
            } else {
                to.view.frame = view.bounds
                fromView.frame = view.bounds.offsetBy(dx: width, dy: 0)
                shade.alpha = 0
            }
        }
        navigationBar.show(items: stack.map(\.navigationItem), along: animator, forward: forward, restoring: previousItems)
        animator.addCompletion { [self] position in
            guard position == .start else {
                complete()
                return
            }
            // Cancelled: the popped controller stays on top, the other goes back under it.
            transitioning = false
            to.view.removeFromSuperview()
            shade.removeFromSuperview()
            fromView.frame = view.bounds
            restore()
            to.beginAppearanceTransition(false, animated: true)
            from?.beginAppearanceTransition(true, animated: true)
            to.endAppearanceTransition()
            from?.endAppearanceTransition()
        }
        if interactive {
            animator.pauseAnimation()
        } else {
            animator.startAnimation()
        }
        return animator
    }

    // MARK: Interactive pop

    /// The back swipe: a pan from the left edge of the screen pops the top controller, following
    /// the finger (see `UIScreenEdgePanGestureRecognizer.edgeWidth` for where it may start).
    /// Disable it, or give it a delegate, as on iOS.
    open var interactivePopGestureRecognizer: UIGestureRecognizer? { edgeSwipe }

    private lazy var edgeSwipe: UIScreenEdgePanGestureRecognizer = {
        let recognizer = UIScreenEdgePanGestureRecognizer { [weak self] recognizer in
            self?.edgeSwipeChanged(recognizer as! UIScreenEdgePanGestureRecognizer)
        }
        recognizer.edges = .left
        return recognizer
    }()

    private var interactivePop: UIViewPropertyAnimator?

    /// Whether the back swipe may begin now: there is a controller to go back to and no
    /// transition under way (else it fails, and a scroll view under the finger keeps the pan).
    fileprivate func backSwipeMayBegin(_ recognizer: UIGestureRecognizer) -> Bool {
        recognizer !== edgeSwipe || (stack.count > 1 && !transitioning && interactivePop == nil)
    }

    /// Whether a back swipe released after moving the view by `translation` (points) at
    /// `velocity` (points per second) finishes the pop: when the point where the view would
    /// come to rest if it kept moving and decelerated as a scroll view does passes the middle
    /// of the screen.
    ///
    /// UIKit publishes no thresholds. The rule follows WWDC 2018's "Designing Fluid Interfaces"
    /// (session 803), which decides where a flicked interface goes by projecting its momentum
    /// with the scroll view's deceleration rate: rest = translation + v · d / (1000 · (1 − d)),
    /// d = 0.998 (`UIScrollView.DecelerationRate.normal`), so a release that is slow past the
    /// middle finishes, and one that is still moving right at 300 pt/s from a third of a 390 pt
    /// screen does too (130 + 150 > 195), while any release moving left cancels.
    package static func backSwipeFinishes(translation: CGFloat, velocity: CGFloat, width: CGFloat) -> Bool {
        let rate = 0.998
        let rest = Double(translation) + Double(velocity) * rate / (1000 * (1 - rate))
        return velocity >= 0 && rest > Double(width) / 2
    }

    private func edgeSwipeChanged(_ recognizer: UIScreenEdgePanGestureRecognizer) {
        let width = view.bounds.width
        let translation = max(0, recognizer.translation(in: view).x)
        switch recognizer.state {
        case .began:
            guard interactivePop == nil, !transitioning, stack.count > 1 else { return }
            let popped = stack.removeLast()
            guard let to = stack.last else { return }
            popped.willMove(toParent: nil)
            interactivePop = transition(from: popped, to: to, forward: false, animated: true, interactive: true,
                                        restore: { [self] in
                                            stack.append(popped)
                                            popped.didMove(toParent: self)
                                            navigationBar.show(items: stack.map(\.navigationItem), animated: false)
                                        },
                                        finished: {
                                            popped.viewIfLoaded?.removeFromSuperview()
                                            popped.removeFromParent()
                                        })
            interactivePop?.fractionComplete = width > 0 ? min(1, translation / width) : 0
        case .changed:
            interactivePop?.fractionComplete = width > 0 ? min(1, translation / width) : 0
        case .ended, .cancelled, .failed:
            guard let animator = interactivePop else { return }
            interactivePop = nil
            let finishes = recognizer.state == .ended
                && Self.backSwipeFinishes(translation: translation, velocity: recognizer.velocity(in: view).x, width: width)
            animator.isReversed = !finishes
            animator.continueAnimation(withTimingParameters: UISpringTimingParameters(), durationFactor: 0)
        default:
            break
        }
    }

    private let shade = UIView(frame: .zero)
}

/// The navigation controller's view, which lets the back swipe begin only when it can pop.
private final class NavigationContainerView: UIView {
    weak var navigationController: UINavigationController?

    override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        guard let navigationController else { return true }
        return navigationController.backSwipeMayBegin(gestureRecognizer)
    }
}

/// The navigation controller's delegate.
@preconcurrency @MainActor
public protocol UINavigationControllerDelegate: AnyObject {
    func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool)
    func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool)
}

extension UINavigationControllerDelegate {
    public func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController,
                                     animated: Bool) {}
    public func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController,
                                     animated: Bool) {}
}

extension UIViewController {
    /// The nearest navigation controller above this one.
    public var navigationController: UINavigationController? {
        sequence(first: parent, next: { $0?.parent }).lazy.compactMap { $0 as? UINavigationController }.first
    }
}
