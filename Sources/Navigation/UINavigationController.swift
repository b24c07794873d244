import Vocabulary
import Foundation
import Views

/// UIKit's navigation stack: a bar across the top and the top controller's view under it.
///
/// `pushViewController(_:animated:)` slides the new view in from the right edge while the old one
/// moves a third of the width to the left under a dimming shade; popping runs it backwards. The
/// slide takes 0.35 s along the system spring (damping ratio 4.56, `UISpringTimingParameters()`),
/// our reading of iOS's push: Apple publishes neither. The bar's title cross-fades. Appearance
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
        view = UIView(frame: UIScreen.main.bounds)
        view.backgroundColor = .systemBackground
    }

    open override func viewDidLoad() {
        super.viewDidLoad()
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

    /// Shows `to` in place of `from`: sliding when animated and the view is in a window.
    private func transition(from: UIViewController?, to: UIViewController, forward: Bool, animated: Bool,
                            finished: @escaping () -> Void) {
        guard isViewLoaded else {
            finished()
            return
        }
        let animated = animated && view.window != nil && from?.viewIfLoaded != nil
        let width = view.bounds.width
        // While it slides, layout leaves the incoming view where the slide has it.
        transitioning = animated
        to.beginAppearanceTransition(true, animated: animated)
        from?.beginAppearanceTransition(false, animated: animated)
        delegate?.navigationController(self, willShow: to, animated: animated)
        install(to.view, at: animated ? (forward ? width : -width / 3) : 0)
        if !forward, let fromView = from?.viewIfLoaded { view.insertSubview(to.view, belowSubview: fromView) }
        layoutBarAndContent()
        to.view.layoutIfNeeded()
        navigationBar.show(items: stack.map(\.navigationItem), animated: animated)
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
            complete()
            return
        }
        // The view underneath darkens under a shade as the other covers it.
        let under = forward ? fromView : to.view!
        shade.frame = view.bounds
        shade.backgroundColor = UIColor(white: 0, alpha: 0.1)
        shade.alpha = forward ? 0 : 1
        view.insertSubview(shade, aboveSubview: under)
        let spring = UISpringTimingParameters()
        let animator = UIViewPropertyAnimator(duration: Self.transitionDuration, timingParameters: spring)
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
        animator.addCompletion { _ in complete() }
        animator.startAnimation()
    }

    private let shade = UIView(frame: .zero)
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
