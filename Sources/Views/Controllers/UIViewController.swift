import Dynamics
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
open class UIViewController {
    public init() {}

    public convenience init(nibName: String?, bundle: Bundle?) {
        self.init()
    }

    /// Controllers from a storyboard come through here on iOS; headless there is no archive, so
    /// the controller starts empty and `awakeFromNib()` runs.
    public required init?(coder: NSCoder) {
        awakeFromNib()
    }

    open func awakeFromNib() {}

    private var storedView: UIView?

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

    open var title: String?

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
        viewWillAppear(false)
        for child in children where child.isViewLoaded { child.beginAppearance() }
    }

    func endAppearance() {
        viewDidAppear(false)
        for child in children where child.isViewLoaded { child.endAppearance() }
    }
}
