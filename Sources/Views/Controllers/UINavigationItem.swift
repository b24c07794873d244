import Vocabulary
import Foundation

/// What a bar that shows navigation items hears when one changes.
@MainActor package protocol UINavigationItemObserver: AnyObject {
    func itemChanged(_ item: UINavigationItem)
}

/// What a controller shows in the navigation bar while it is on top.
@preconcurrency @MainActor
open class UINavigationItem {
    public enum LargeTitleDisplayMode: Int, Sendable { case automatic, always, never }

    open var title: String? { didSet { bar?.itemChanged(self) } }
    open var titleView: UIView? { didSet { bar?.itemChanged(self) } }
    open var prompt: String?
    open var largeTitleDisplayMode: LargeTitleDisplayMode = .automatic
    open var leftBarButtonItems: [UIBarButtonItem]? { didSet { bar?.itemChanged(self) } }
    open var rightBarButtonItems: [UIBarButtonItem]? { didSet { bar?.itemChanged(self) } }
    open var backBarButtonItem: UIBarButtonItem?
    open var backButtonTitle: String?
    open var hidesBackButton = false { didSet { bar?.itemChanged(self) } }
    open var leftItemsSupplementBackButton = false

    open var leftBarButtonItem: UIBarButtonItem? {
        get { leftBarButtonItems?.first }
        set { leftBarButtonItems = newValue.map { [$0] } }
    }

    open var rightBarButtonItem: UIBarButtonItem? {
        get { rightBarButtonItems?.first }
        set { rightBarButtonItems = newValue.map { [$0] } }
    }

    open func setLeftBarButton(_ item: UIBarButtonItem?, animated: Bool) { leftBarButtonItem = item }
    open func setRightBarButton(_ item: UIBarButtonItem?, animated: Bool) { rightBarButtonItem = item }
    open func setHidesBackButton(_ hidesBackButton: Bool, animated: Bool) { self.hidesBackButton = hidesBackButton }

    public init(title: String) { self.title = title }
    public init() {}

    /// The bar showing this item, told when it changes.
    package weak var bar: UINavigationItemObserver?
}

/// A button in a bar: drawn as its title in the tint colour (a system item as the word iOS shows,
/// `+` for `.add`), or its image.
@preconcurrency @MainActor
open class UIBarButtonItem {
    public enum Style: Int, Sendable { case plain, bordered, done }
    public enum SystemItem: Int, Sendable {
        case done, cancel, edit, save, add, flexibleSpace, fixedSpace, compose, reply, action, organize, bookmarks, search
        case refresh, stop, camera, trash, play, pause, rewind, fastForward, undo, redo, close

        var word: String {
            switch self {
            case .done: "Done"
            case .cancel: "Cancel"
            case .edit: "Edit"
            case .save: "Save"
            case .add: "+"
            case .flexibleSpace, .fixedSpace: ""
            case .undo: "Undo"
            case .redo: "Redo"
            case .close: "Close"
            default: "\(self)".prefix(1).uppercased() + "\(self)".dropFirst()
            }
        }
    }

    open var title: String?
    open var image: UIImage?
    open var style: Style = .plain
    open var tintColor: UIColor?
    open var isEnabled = true
    open var width: CGFloat = 0
    open var customView: UIView?
    package let systemItem: SystemItem?
    private var handler: (() -> Void)?

    public init() { systemItem = nil }

    public init(title: String?, style: Style = .plain, target: AnyObject? = nil, action: (() -> Void)? = nil) {
        self.title = title
        self.style = style
        systemItem = nil
        handler = action
    }

    /// `init(title:style:target:action:)` with a method reference for the selector.
    public init<Target: AnyObject>(title: String?, style: Style, target: Target, action: @escaping (Target) -> () -> Void) {
        self.title = title
        self.style = style
        systemItem = nil
        handler = { [weak target] in if let target { action(target)() } }
    }

    public init(image: UIImage?, style: Style = .plain, target: AnyObject? = nil, action: (() -> Void)? = nil) {
        self.image = image
        self.style = style
        systemItem = nil
        handler = action
    }

    public init(barButtonSystemItem systemItem: SystemItem, target: AnyObject? = nil, action: (() -> Void)? = nil) {
        self.systemItem = systemItem
        style = systemItem == .done ? .done : .plain
        handler = action
    }

    public init<Target: AnyObject>(barButtonSystemItem systemItem: SystemItem, target: Target, action: @escaping (Target) -> () -> Void) {
        self.systemItem = systemItem
        style = systemItem == .done ? .done : .plain
        handler = { [weak target] in if let target { action(target)() } }
    }

    public init(customView: UIView) {
        self.customView = customView
        systemItem = nil
    }

    /// A space that takes an equal share of a toolbar's room left over by the other items.
    public static func flexibleSpace() -> UIBarButtonItem { UIBarButtonItem(barButtonSystemItem: .flexibleSpace) }

    /// A space of `width` points between toolbar items.
    public static func fixedSpace(_ width: CGFloat) -> UIBarButtonItem {
        let item = UIBarButtonItem(barButtonSystemItem: .fixedSpace)
        item.width = width
        return item
    }

    /// What the bar shows for it.
    package var label: String { title ?? systemItem?.word ?? "" }

    /// Runs the item's action, as a tap on it would.
    public func performAction() { handler?() }
}
