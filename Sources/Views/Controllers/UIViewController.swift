import Vocabulary
import Foundation

/// UIKit's view controller: loads its view on first use (`loadView`, then `viewDidLoad`), hears
/// when it appears and lays out, and holds child controllers.
///
///     final class PhotosViewController: UIViewController {
///         override func viewDidLoad() {
///             super.viewDidLoad()
///             view.backgroundColor = .systemBackground
///         }
///     }
@preconcurrency @MainActor
open class UIViewController: UIResponder {
    /// UIKit's designated initializer. There are no nibs headless: with a `nibName`, the
    /// controller starts with an empty view (`loadView()`), and a debug build says so once.
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        nibName = nibNameOrNil
        nibBundle = nibBundleOrNil
        super.init()
        if let nibNameOrNil {
            UIKitCompatibility.notHonoured("UIViewController(nibName: \"\(nibNameOrNil)\")",
                                           "nibs and storyboards cannot be loaded; the controller gets an empty view; build it in loadView or viewDidLoad")
        }
    }

    public override convenience init() {
        self.init(nibName: nil, bundle: nil)
    }

    /// Controllers from a storyboard come through here on iOS; headless there is no archive, so
    /// the controller starts empty and `awakeFromNib()` runs.
    public required init?(coder: NSCoder) {
        nibName = nil
        nibBundle = nil
        super.init()
        awakeFromNib()
    }

    /// The nib name given to `init(nibName:bundle:)`.
    public let nibName: String?
    /// The bundle given to `init(nibName:bundle:)`.
    public let nibBundle: Bundle?

    /// The superview of the controller's view, else its parent.
    open override var next: UIResponder? { viewIfLoaded?.superview ?? parent }

    override var firstResponderScope: UIWindow? { viewIfLoaded?.window }

    open func awakeFromNib() {}

    private var storedView: UIView?
    /// See `overrideUserInterfaceStyle`.
    var storedOverrideStyle = UIUserInterfaceStyle.unspecified
    /// See `traitOverrides`.
    var storedTraitOverrides = UITraitOverrides()
    /// See `registerForTraitChanges(_:handler:)`.
    var traitChangeRegistrations: [UITraitChangeRegistration] = []

    /// The view's traits once it is loaded; before, the default (light, phone).
    open var traitCollection: UITraitCollection {
        viewIfLoaded?.traitCollection ?? UITraitCollection.defaultCurrent.with(
            style: storedOverrideStyle == .unspecified ? .light : storedOverrideStyle)
    }

    /// Light or dark for this controller's view and everything under it.
    open var overrideUserInterfaceStyle: UIUserInterfaceStyle {
        get { storedOverrideStyle }
        set {
            guard let view = viewIfLoaded else { storedOverrideStyle = newValue; return }
            view.changingTraits { storedOverrideStyle = newValue }
        }
    }

    /// Called after the view's traits change.
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}

    /// The root view, loaded on first access.
    open var view: UIView! {
        get {
            loadViewIfNeeded()
            return storedView
        }
        set {
            storedView?.owningViewController = nil
            storedView = newValue
            storedView?.owningViewController = self
        }
    }

    open var viewIfLoaded: UIView? { storedView }
    open var isViewLoaded: Bool { storedView != nil }

    open func loadViewIfNeeded() {
        guard storedView == nil else { return }
        loadView()
        if storedView == nil { view = UIView(frame: UIScreen.main.bounds) }
        viewDidLoad()
    }

    /// Makes the view; the default makes a plain view the size of the screen.
    open func loadView() {
        view = UIView(frame: UIScreen.main.bounds)
    }

    open func viewDidLoad() {}

    /// Added to the safe area of the controller's view (and so of its subviews): room for a
    /// custom bar drawn over the content, as in UIKit.
    open var additionalSafeAreaInsets: UIEdgeInsets = .zero {
        didSet { viewIfLoaded?.setNeedsLayout() }
    }
    open func viewWillAppear(_ animated: Bool) {}
    open func viewDidAppear(_ animated: Bool) {}
    open func viewWillDisappear(_ animated: Bool) {}
    open func viewDidDisappear(_ animated: Bool) {}
    open func viewWillLayoutSubviews() {}
    open func viewDidLayoutSubviews() {}
    /// Called in the constraint update pass after the root view's `updateConstraints()`, when
    /// `view.setNeedsUpdateConstraints()` asked for it (and on the view's first pass); overrides
    /// call `super` last, as UIKit asks.
    open func updateViewConstraints() {}
    /// Called when the root view's safe area insets change (its `safeAreaInsetsDidChange()`),
    /// before `viewWillLayoutSubviews()`: a device's insets on the first pass, then every change,
    /// `additionalSafeAreaInsets` included.
    open func viewSafeAreaInsetsDidChange() {}

    /// The controller's title; setting it sets the navigation item's title too, as in UIKit, and
    /// the tab bar item's when that item has none of its own.
    open var title: String? {
        didSet {
            navigationItem.title = title
            if let item = storedTabBarItem, item.title == nil || item.title == oldValue { item.title = title }
        }
    }

    /// What the controller shows in a tab bar, made on first use with the controller's title.
    open var tabBarItem: UITabBarItem! {
        get {
            if let item = storedTabBarItem { return item }
            let item = UITabBarItem(title: title, image: nil, tag: 0)
            storedTabBarItem = item
            return item
        }
        set { storedTabBarItem = newValue }
    }
    private var storedTabBarItem: UITabBarItem?

    /// What the controller shows in a navigation bar, made on first use.
    open var navigationItem: UINavigationItem {
        if let item = storedNavigationItem { return item }
        let item = UINavigationItem()
        item.title = title
        storedNavigationItem = item
        return item
    }
    private var storedNavigationItem: UINavigationItem?


    // MARK: Status bar

    /// Whether the status bar hides while this controller is shown. Read by a recording that
    /// draws device chrome; a bare window draws no status bar.
    open var prefersStatusBarHidden: Bool { false }
    open var preferredStatusBarStyle: UIStatusBarStyle { .default }
    open var preferredStatusBarUpdateAnimation: UIStatusBarAnimation { .fade }
    open var childForStatusBarStyle: UIViewController? { nil }
    open var childForStatusBarHidden: UIViewController? { nil }
    open func setNeedsStatusBarAppearanceUpdate() {}
    open var prefersHomeIndicatorAutoHidden: Bool { false }

    // MARK: Appearance transitions

    private var appearing: Bool?

    /// Starts an appearance transition: `viewWillAppear` (or `viewWillDisappear`), and then the
    /// children's.
    open func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
        appearing = isAppearing
        if isAppearing { viewWillAppear(animated) } else { viewWillDisappear(animated) }
        for child in children where child.isViewLoaded { child.beginAppearanceTransition(isAppearing, animated: animated) }
        appearingAnimated = animated
    }

    /// Ends it: `viewDidAppear` (or `viewDidDisappear`), and then the children's.
    open func endAppearanceTransition() {
        guard let isAppearing = appearing else { return }
        appearing = nil
        if isAppearing { viewDidAppear(appearingAnimated) } else { viewDidDisappear(appearingAnimated) }
        for child in children where child.isViewLoaded { child.endAppearanceTransition() }
    }
    private var appearingAnimated = false

    // MARK: Presentation

    /// The delegate that gives this controller's custom presentation and dismissal (kept weakly,
    /// as UIKit keeps it: the app holds it).
    open weak var transitioningDelegate: UIViewControllerTransitioningDelegate?
    /// The coordinator of the transition under way, if any (a size change's, while its
    /// `viewWillTransition(to:with:)` runs).
    open var transitionCoordinator: UIViewControllerTransitionCoordinator? { activeCoordinator ?? parent?.transitionCoordinator }
    var activeCoordinator: UIViewControllerTransitionCoordinator?
    /// The presentation controller of a custom presentation.
    open var presentationController: UIPresentationController? { presentation?.presentationController }

    /// The view's size is about to change to `size` (a window resized or rotated). The default
    /// passes it on to the children, as UIKit's does; call `super` when overriding.
    open func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator) {
        for child in children where child.isViewLoaded {
            child.activeCoordinator = coordinator
            child.viewWillTransition(to: size, with: coordinator)
            child.activeCoordinator = nil
        }
    }

    /// Never called headless: there is no memory pressure to report. Correct as a no-op.
    open func didReceiveMemoryWarning() {}

    /// Storyboard segues need a storyboard, which cannot be loaded headless: nothing is
    /// performed, and a debug build says so once. Present or push the destination in code.
    open func performSegue(withIdentifier identifier: String, sender: Any?) {
        UIKitCompatibility.notHonoured("UIViewController.performSegue(withIdentifier: \"\(identifier)\")",
                                       "storyboards cannot be loaded, so there is no segue to perform; present or push the destination in code")
    }

    /// Called before a segue runs; never called headless (see `performSegue`).
    open func prepare(for segue: UIStoryboardSegue, sender: Any?) {}
    open func shouldPerformSegue(withIdentifier identifier: String, sender: Any?) -> Bool { true }

    /// The orientations the controller supports, as UIKit's defaults for a phone.
    open var supportedInterfaceOrientations: UIInterfaceOrientationMask { .allButUpsideDown }
    open var preferredInterfaceOrientationForPresentation: UIInterfaceOrientation { .portrait }
    open var shouldAutorotate: Bool { true }

    open var modalPresentationStyle: UIModalPresentationStyle = .automatic
    open var modalTransitionStyle: UIModalTransitionStyle = .coverVertical
    open var isModalInPresentation = false
    public internal(set) weak var presentingViewController: UIViewController?
    public internal(set) var presentedViewController: UIViewController?
    var presentation: ModalPresentation?

    /// Presents `viewControllerToPresent` over this controller (see `ModalPresentation` for the
    /// styles and the animation).
    open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil) {
        performPresent(viewControllerToPresent, animated: flag, completion: completion)
    }

    /// Dismisses the controller this one presented, or this one when it was presented.
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
        performDismiss(animated: flag, completion: completion)
    }

    open var isBeingPresented: Bool { presentation != nil && appearing == true }
    open var isBeingDismissed: Bool { presentation != nil && appearing == false }

    // MARK: Children

    public private(set) var children: [UIViewController] = []
    public private(set) weak var parent: UIViewController?

    open func addChild(_ child: UIViewController) {
        guard child !== self, child.parent !== self else { return }
        child.removeFromParent()
        child.willMove(toParent: self)
        children.append(child)
        child.parent = self
    }

    open func removeFromParent() {
        guard let parent else { return }
        parent.children.removeAll { $0 === self }
        self.parent = nil
        didMove(toParent: nil)
    }

    open func willMove(toParent parent: UIViewController?) {}
    open func didMove(toParent parent: UIViewController?) {}

    // MARK: Appearance (called by the window)

    func beginAppearance() {
        beginAppearanceTransition(true, animated: false)
    }

    func endAppearance() {
        endAppearanceTransition()
    }
}

public enum UIStatusBarAnimation: Int, Sendable {
    case none, fade, slide
}

public enum UIModalPresentationStyle: Int, Sendable {
    case fullScreen = 0, pageSheet, formSheet, currentContext, custom, overFullScreen, overCurrentContext, popover, none = -1
    case automatic = -2
}

public enum UIModalTransitionStyle: Int, Sendable {
    case coverVertical, flipHorizontal, crossDissolve, partialCurl
}

/// A storyboard segue. Storyboards cannot be loaded headless, so none is ever made by UIKit
/// here; the type exists for code that declares `prepare(for:sender:)` or makes one by hand.
@preconcurrency @MainActor
open class UIStoryboardSegue {
    public let identifier: String?
    public let source: UIViewController
    public let destination: UIViewController

    public init(identifier: String?, source: UIViewController, destination: UIViewController) {
        self.identifier = identifier
        self.source = source
        self.destination = destination
    }

    /// A segue made by hand shows its destination as a presentation, animated.
    open func perform() { source.present(destination, animated: true) }
}
