import Foundation
import Vocabulary
#if canImport(ObjectiveC)
import ObjectiveC
#endif

#if !canImport(ObjectiveC)
/// An action's name as Objective-C names a method (`"copy:"`). Swift on Linux has no Objective-C
/// runtime, so `#selector(copy(_:))` cannot be written there; a port writes `Selector("copy:")`
/// (which compiles on iOS too) or one of the names below, and compares selectors with `==`.
public struct Selector: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let name: String
    public init(_ name: String) { self.name = name }
    public init(stringLiteral name: String) { self.name = name }
    public var description: String { name }
}
#endif

extension Selector {
    /// UIKit's standard edit actions (`UIResponderStandardEditActions`), the ones a collection
    /// view's cell menu offers.
    public static let cut = Selector("cut:")
    public static let copy = Selector("copy:")
    public static let paste = Selector("paste:")
}

/// The edit menu, as `UIMenuController` shows it for a collection view's cell: a dark bar of
/// titled actions with an arrow pointing at its target.
///
/// Headless, a menu is an `EditMenuView` placed over its target's window; tapping one of its
/// actions performs it, a touch anywhere else in that window hides it. One menu shows per window
/// (each window is its own screen here, so windows in tests running side by side do not meet).
@preconcurrency @MainActor
public final class UIMenuController {
    public static let shared = UIMenuController()

    private let menus = LockBox<[WeakMenu]>([])

    /// A shown menu and the root (window) it was shown in. Entries are compared by identity only,
    /// so looking up one window's menu never reads another thread's views.
    private struct WeakMenu {
        weak var menu: EditMenuView?
        let root: ObjectIdentifier
    }

    private init() {}

    /// Whether a menu is showing in any window.
    public var isMenuVisible: Bool { menus.withLock { $0.contains { $0.menu != nil } } }

    /// The menu showing in `window` (any view of the window will do), to inspect its actions.
    public func menuView(in window: UIView) -> EditMenuView? {
        let root = ObjectIdentifier(window.rootView)
        return menus.withLock { $0.first { $0.root == root && $0.menu != nil }?.menu }
    }

    /// The frame of the menu showing in `window`, in its window's coordinates (`.zero` when none).
    public func menuFrame(in window: UIView) -> CGRect {
        guard let menu = menuView(in: window) else { return .zero }
        return menu.convert(menu.bounds, to: nil)
    }

    /// Hides every menu.
    public func hideMenu() {
        for menu in menus.withLock({ $0.compactMap(\.menu) }) { menu.dismiss() }
    }

    /// Hides the menu showing in `window` unless `touched` (the view a new touch landed on) is
    /// inside it.
    public func hideMenu(in window: UIView, unlessTouching touched: UIView?) {
        guard let menu = menuView(in: window), touched?.isDescendant(of: menu) != true else { return }
        menu.dismiss()
    }

    /// Shows `menu` as a subview of `container` (a window, usually), hiding the window's other menu.
    public func show(_ menu: EditMenuView, in container: UIView) {
        menuView(in: container)?.dismiss()
        container.addSubview(menu)
        let root = ObjectIdentifier(container.rootView)
        menus.withLock { $0.append(WeakMenu(menu: menu, root: root)) }
    }

    /// `menu` went away.
    func remove(_ menu: EditMenuView) {
        menus.withLock { $0.removeAll { $0.menu == nil || $0.menu === menu } }
    }

}

/// The edit menu's bar, drawn as iOS 7–15 drew `UIMenuController`: a near-black rounded bar with
/// white 14 pt titles between thin separators, and an arrow toward the target (down when the menu
/// sits above it). The pressed action lightens. Apple publishes no metrics; these were chosen from
/// screenshots: bar 36 pt high, 8 pt corners, 12 pt padding either side of a title, a 16 × 8 pt
/// arrow, 8 pt from the target and at least 8 pt inside the container.
public final class EditMenuView: UIView, UITouchTracking {
    public static let barHeight: CGFloat = 36
    public static let arrowSize = CGSize(width: 16, height: 8)
    public static let cornerRadius: CGFloat = 8
    public static let titlePadding: CGFloat = 12
    public static let gap: CGFloat = 8
    public static let fill = UIColor(white: 0.11, alpha: 0.94)
    public static let pressedFill = UIColor(white: 0.3, alpha: 1)
    public static let separatorColor = UIColor(white: 1, alpha: 0.22)

    /// The actions, left to right, with their titles and frames in the menu's bounds.
    public let actions: [Selector]
    public private(set) var actionFrames: [CGRect] = []
    /// Whether the arrow points up (the menu below its target).
    public let pointsUp: Bool
    /// The pressed action, while a finger is on it.
    public private(set) var pressedIndex: Int? { didSet { setNeedsDisplay() } }

    private let arrowX: CGFloat
    private let onAction: (Selector) -> Void
    private let onHide: () -> Void
    private var isDismissed = false

    /// UIKit's title for a standard action ("Copy"), or the selector's name without its colon.
    public static func title(of action: Selector) -> String {
        switch action {
        case .cut: return "Cut"
        case .copy: return "Copy"
        case .paste: return "Paste"
        default:
            let name = "\(action)".replacingOccurrences(of: ":", with: "")
            return name.prefix(1).uppercased() + name.dropFirst()
        }
    }

    /// A menu for `actions` pointing at `target` (in `container`'s bounds coordinates): above it
    /// when there is room, else below it. `onAction` runs when an action is tapped (the menu
    /// hides first); `onHide` runs once whenever the menu goes away.
    public init(actions: [Selector], target: CGRect, in container: CGRect,
                onAction: @escaping (Selector) -> Void, onHide: @escaping () -> Void) {
        self.actions = actions
        self.onAction = onAction
        self.onHide = onHide
        let font = UIFont.systemFont(ofSize: 14)
        let widths = actions.map { ceil(font.width(of: EditMenuView.title(of: $0))) + 2 * EditMenuView.titlePadding }
        let width = widths.reduce(0, +)
        let height = EditMenuView.barHeight + EditMenuView.arrowSize.height
        let above = target.minY - EditMenuView.gap - height
        pointsUp = above < container.minY + EditMenuView.gap
        let y = pointsUp ? target.maxY + EditMenuView.gap : above
        let x = min(max(target.midX - width / 2, container.minX + EditMenuView.gap),
                    container.maxX - EditMenuView.gap - width)
        let halfArrow = EditMenuView.arrowSize.width / 2
        arrowX = min(max(target.midX - x, EditMenuView.cornerRadius + halfArrow),
                     width - EditMenuView.cornerRadius - halfArrow)
        super.init(frame: CGRect(x: x, y: y, width: width, height: height))
        isOpaque = false
        contentMode = .redraw
        let barTop = pointsUp ? EditMenuView.arrowSize.height : 0
        var left: CGFloat = 0
        for (action, itemWidth) in zip(actions, widths) {
            let frame = CGRect(x: left, y: barTop, width: itemWidth, height: EditMenuView.barHeight)
            actionFrames.append(frame)
            let label = UILabel(frame: frame)
            label.text = EditMenuView.title(of: action)
            label.font = font
            label.textColor = .white
            label.textAlignment = .center
            addSubview(label)
            left += itemWidth
        }
    }

    public required init?(coder: NSCoder) { nil }

    /// The bar with its arrow, in bounds coordinates.
    public var outline: UIBezierPath {
        let barTop = pointsUp ? EditMenuView.arrowSize.height : 0
        let bar = CGRect(x: 0, y: barTop, width: bounds.width, height: EditMenuView.barHeight)
        let path = UIBezierPath(roundedRect: bar, cornerRadius: EditMenuView.cornerRadius)
        let half = EditMenuView.arrowSize.width / 2
        let base = pointsUp ? bar.minY : bar.maxY
        let tip = pointsUp ? 0 : bounds.height
        path.move(to: CGPoint(x: arrowX - half, y: base))
        path.addLine(to: CGPoint(x: arrowX, y: tip))
        path.addLine(to: CGPoint(x: arrowX + half, y: base))
        path.close()
        return path
    }

    public override func draw(_ rect: CGRect) {
        let outline = self.outline
        EditMenuView.fill.setFill()
        outline.fill()
        if let pressedIndex {
            outline.addClip()
            EditMenuView.pressedFill.setFill()
            UIBezierPath(rect: actionFrames[pressedIndex]).fill()
        }
        EditMenuView.separatorColor.setFill()
        for frame in actionFrames.dropFirst() {
            UIBezierPath(rect: CGRect(x: frame.minX - 0.25, y: frame.minY, width: 0.5, height: frame.height)).fill()
        }
    }

    public override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        actionFrames.contains { $0.contains(point) }
    }

    /// The action under `point` (bounds coordinates).
    public func actionIndex(at point: CGPoint) -> Int? {
        actionFrames.firstIndex { $0.contains(point) }
    }

    // MARK: UITouchTracking

    public func touchDidBegin(_ touch: Touch) {
        pressedIndex = actionIndex(at: convert(touch.location, from: nil))
    }

    public func touchDidFinish(_ touch: Touch) {
        guard let pressed = pressedIndex else { return }
        pressedIndex = nil
        guard touch.phase == .ended, actionIndex(at: convert(touch.location, from: nil)) == pressed else { return }
        dismiss()
        onAction(actions[pressed])
    }

    public func cancelTouchTracking() {
        pressedIndex = nil
    }

    /// Removes the menu; `onHide` runs once.
    public func dismiss() {
        guard !isDismissed else { return }
        isDismissed = true
        removeFromSuperview()
        UIMenuController.shared.remove(self)
        onHide()
    }
}
