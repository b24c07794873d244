import Vocabulary
import Foundation
import Views

/// Told when the user selects a tab.
@preconcurrency @MainActor
public protocol UITabBarControllerDelegate: AnyObject {
    /// Asked before a tap selects `viewController`'s tab; false leaves the selection alone.
    func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool
    /// Told after a tap selected `viewController`'s tab (also when it was already selected).
    func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController)
}

extension UITabBarControllerDelegate {
    public func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool { true }
    public func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {}
}

/// Shows one of several view controllers, chosen with a tab bar at the bottom.
///
/// A tap on a tab runs, in UIKit's order: the delegate's `tabBarController(_:shouldSelect:)`,
/// then the switch (the old view's `viewWillDisappear`, the new one's `viewWillAppear`, the
/// views swapped, `viewDidDisappear`, `viewDidAppear`), then `tabBarController(_:didSelect:)`.
/// A tap on the selected tab asks and tells the delegate too, and pops a navigation
/// controller there to its root. Setting `selectedIndex` or `selectedViewController` switches
/// without asking or telling the delegate, as on iOS.
///
/// Each child's view fills the controller's view, under the bar: the bar's 49 pt are added to
/// its bottom safe area, so a scroll view's content clears the bar.
open class UITabBarController: UIViewController, UITabBarDelegate {
    /// The bar (its delegate is the controller; do not change it, as UIKit says).
    public let tabBar = UITabBar(frame: .zero)
    open weak var delegate: UITabBarControllerDelegate?

    open var viewControllers: [UIViewController]? {
        get { controllers.isEmpty ? nil : controllers }
        set { setViewControllers(newValue, animated: false) }
    }

    /// The selected tab's index, `NSNotFound` when there are no tabs.
    open var selectedIndex: Int {
        get { selected ?? NSNotFound }
        set {
            guard controllers.indices.contains(newValue) else { return }
            select(newValue)
        }
    }

    open var selectedViewController: UIViewController? {
        get { selected.map { controllers[$0] } }
        set {
            guard let newValue, let index = controllers.firstIndex(where: { $0 === newValue }) else { return }
            select(index)
        }
    }

    private var controllers: [UIViewController] = []
    private var selected: Int?

    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
        tabBar.delegate = self
        tabBar.tabBarController = self
        tabBar.isAtScrollEdge = { [unowned self] in self.contentIsAtBottomEdge }
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        tabBar.delegate = self
        tabBar.tabBarController = self
        tabBar.isAtScrollEdge = { [unowned self] in self.contentIsAtBottomEdge }
    }

    open func setViewControllers(_ viewControllers: [UIViewController]?, animated: Bool) {
        let old = selectedViewController
        for controller in controllers where !(viewControllers ?? []).contains(where: { $0 === controller }) {
            if controller === old, controller.viewIfLoaded?.superview != nil {
                controller.beginAppearanceTransition(false, animated: false)
                controller.viewIfLoaded?.removeFromSuperview()
                controller.endAppearanceTransition()
            }
            controller.removeFromParent()
        }
        controllers = viewControllers ?? []
        for controller in controllers where controller.parent !== self {
            addChild(controller)
            controller.didMove(toParent: self)
        }
        tabBar.items = controllers.map { $0.tabBarItem }
        selected = nil
        if let old, let index = controllers.firstIndex(where: { $0 === old }) {
            selected = index
            tabBar.selectedItem = old.tabBarItem
        } else if !controllers.isEmpty {
            select(0)
        } else {
            tabBar.selectedItem = nil
        }
    }

    open override func loadView() {
        view = UIView(frame: UIScreen.main.bounds)
        view.backgroundColor = .systemBackground
    }

    open override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(tabBar)
        if let shown = selectedViewController { view.insertSubview(shown.view, belowSubview: tabBar) }
    }

    open override func viewWillLayoutSubviews() {
        super.viewWillLayoutSubviews()
        let bottom = view.safeAreaInsets.bottom - additionalSafeAreaInsets.bottom
        let height = UITabBar.barHeight + max(0, bottom)
        tabBar.frame = CGRect(x: 0, y: view.bounds.height - height, width: view.bounds.width, height: height)
        let inset = UIEdgeInsets(top: 0, left: 0, bottom: UITabBar.barHeight, right: 0)
        for controller in controllers where controller.isViewLoaded && controller.additionalSafeAreaInsets != inset {
            controller.additionalSafeAreaInsets = inset
        }
        selectedViewController?.viewIfLoaded?.frame = view.bounds
    }

    /// What a tap on the tab at `index` does (see the type's description for the order).
    func userSelectedTab(at index: Int) {
        guard controllers.indices.contains(index) else { return }
        let controller = controllers[index]
        if let delegate, !delegate.tabBarController(self, shouldSelect: controller) { return }
        if index == selected {
            (controller as? UINavigationController)?.popToRootViewController(animated: true)
        } else {
            select(index)
        }
        delegate?.tabBarController(self, didSelect: controller)
    }

    /// Shows the tab at `index` in place of the selected one.
    private func select(_ index: Int) {
        guard index != selected else { return }
        let old = selectedViewController
        selected = index
        let new = controllers[index]
        tabBar.selectedItem = new.tabBarItem
        guard isViewLoaded else { return }
        let appearing = view.window != nil
        if appearing {
            old?.beginAppearanceTransition(false, animated: false)
            new.beginAppearanceTransition(true, animated: false)
        }
        old?.viewIfLoaded?.removeFromSuperview()
        new.view.frame = view.bounds
        view.insertSubview(new.view, belowSubview: tabBar)
        view.setNeedsLayout()
        if appearing {
            old?.endAppearanceTransition()
            new.endAppearanceTransition()
        }
    }

    /// Whether the selected tab's content is scrolled to its bottom (or has no scroll view):
    /// the tab bar's scroll-edge state. The content scroll view is found as a navigation bar
    /// finds it, inside a navigation controller's top view controller too.
    var contentIsAtBottomEdge: Bool {
        var shown = selectedViewController
        if let navigation = shown as? UINavigationController { shown = navigation.topViewController }
        guard let view = shown?.viewIfLoaded else { return true }
        guard let scrollView = view as? UIScrollView ?? view.subviews.first as? UIScrollView else { return true }
        let bottom = scrollView.contentSize.height + scrollView.adjustedContentInset.bottom - scrollView.bounds.height
        return scrollView.contentOffset.y >= bottom - 1e-6
    }
}

extension UIViewController {
    /// The nearest tab bar controller above this controller, if any.
    public var tabBarController: UITabBarController? {
        var ancestor = parent
        while let current = ancestor {
            if let tabs = current as? UITabBarController { return tabs }
            ancestor = current.parent
        }
        return nil
    }
}
