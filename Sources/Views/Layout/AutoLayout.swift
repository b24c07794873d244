import Vocabulary
import Foundation

// Auto Layout as iOS code writes it:
//
//     collectionView.translatesAutoresizingMaskIntoConstraints = false
//     collectionView.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor).isActive = true
//     collectionView.widthAnchor.constraint(lessThanOrEqualToConstant: 320).isActive = true
//
// Constraints are solved, as UIKit solves them, by a Cassowary simplex solver (LayoutEngine.swift
// turns them into linear constraints, Solver/SimplexSolver.swift solves those): equalities and
// inequalities, each at its priority (1000 is required; below that a constraint may be broken,
// the lower priority first), intrinsic content sizes as hugging and compression resistance, layout
// guides, margins and the safe area. A view whose `translatesAutoresizingMaskIntoConstraints` is
// false takes its frame from the solution when its superview runs `layoutSubviews()` (UIKit's
// default implementation is where Auto Layout applies, so an override that skips `super` skips
// it too).
//
// Baselines: a label's first and last baselines are where its first and last lines sit; any
// other view's baseline is its bottom edge, as in UIKit.
//
// Right to left (a view's `effectiveUserInterfaceLayoutDirection`), leading is the right edge and
// trailing the left, and constants towards the trailing side are positive (LayoutEngine.swift).
//
// Not modelled: constraints between a view and a view
// whose frame is not laid out by constraints in the same island (see LayoutEngine.swift) read
// the latter as it stands; removing a view from its superview keeps the constraints that name it
// (UIKit deactivates those that reach outside the removed subtree).

/// What a constraint holds onto: a view or a layout guide.
@preconcurrency @MainActor
public protocol LayoutAnchorItem: AnyObject {
    /// The item's alignment rectangle (untransformed frame) in `view`'s bounds coordinates.
    func alignmentRect(in view: UIView) -> CGRect
    /// The view whose superview lays this item out, if it is laid out by constraints.
    var constrainedView: UIView? { get }
}

extension LayoutAnchorItem {
    /// The view that holds the item: a view itself, a guide's owning view.
    var layoutView: UIView? { (self as? UIView) ?? (self as? UILayoutGuide)?.owningView }

    func appendActiveConstraint(_ constraint: NSLayoutConstraint) {
        if let view = self as? UIView { view.activeConstraints.append(constraint) }
        if let guide = self as? UILayoutGuide { guide.activeConstraints.append(constraint) }
    }

    func removeActiveConstraint(_ constraint: NSLayoutConstraint) {
        if let view = self as? UIView { view.activeConstraints.removeAll { $0 === constraint } }
        if let guide = self as? UILayoutGuide { guide.activeConstraints.removeAll { $0 === constraint } }
    }
}

/// The anchors of views and layout guides.
extension LayoutAnchorItem {
    public var leadingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .leading) }
    public var trailingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .trailing) }
    public var leftAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .left) }
    public var rightAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .right) }
    public var centerXAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .centerX) }
    public var widthAnchor: NSLayoutDimension { NSLayoutDimension(item: self, attribute: .width) }
    public var topAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .top) }
    public var bottomAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .bottom) }
    public var centerYAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .centerY) }
    public var heightAnchor: NSLayoutDimension { NSLayoutDimension(item: self, attribute: .height) }
}

extension NSLayoutConstraint {
    public enum Axis: Int, Sendable {
        case horizontal, vertical
    }

    public enum Relation: Int, Sendable {
        case lessThanOrEqual = -1, equal = 0, greaterThanOrEqual = 1
    }

    public enum Attribute: Int, Sendable {
        case left = 1, right, top, bottom, leading, trailing, width, height, centerX, centerY
        case lastBaseline = 11, firstBaseline = 12
        case notAnAttribute = 0

        public static let baseline = Attribute.lastBaseline

        var isHorizontal: Bool { [.left, .right, .leading, .trailing, .width, .centerX].contains(self) }

        func value(of rect: CGRect) -> CGFloat {
            switch self {
            case .left, .leading: rect.minX
            case .right, .trailing: rect.maxX
            case .top: rect.minY
            case .bottom: rect.maxY
            case .width: rect.width
            case .height: rect.height
            case .centerX: rect.midX
            case .centerY: rect.midY
            case .firstBaseline, .lastBaseline: rect.maxY
            case .notAnAttribute: 0
            }
        }
    }
}

/// One end of a constraint: an item and the attribute of it that is constrained.
struct AnchorEnd {
    /// Views are held weakly (a view holds its constraints); a guide, which nothing else holds
    /// and which holds its view weakly, is held strongly.
    weak var item: LayoutAnchorItem?
    let retainedGuide: UILayoutGuide?
    let attribute: NSLayoutConstraint.Attribute

    init(item: LayoutAnchorItem, attribute: NSLayoutConstraint.Attribute) {
        self.item = item
        self.retainedGuide = item as? UILayoutGuide
        self.attribute = attribute
    }

    /// The attribute's value in `superview`'s coordinates: a baseline is the view's top plus its
    /// baseline's offset.
    @MainActor func value(in superview: UIView) -> CGFloat? {
        guard let item else { return nil }
        let rect = item.alignmentRect(in: superview)
        if let view = item as? UIView, attribute == .firstBaseline || attribute == .lastBaseline {
            return rect.minY + view.baselineOffsetFromTop(first: attribute == .firstBaseline)
        }
        return attribute.value(of: rect)
    }
}

/// An attribute of a view or a layout guide that a constraint can name. Anchors meet only anchors
/// of their own kind: x with x, y with y, size with size.
@preconcurrency @MainActor
open class NSLayoutAnchor<AnchorType: AnyObject> {
    let end: AnchorEnd

    init(item: LayoutAnchorItem, attribute: NSLayoutConstraint.Attribute) {
        end = AnchorEnd(item: item, attribute: attribute)
    }

    init(end: AnchorEnd) {
        self.end = end
    }

    /// The anchor with its axis forgotten, for code that builds the same constraints on either
    /// axis (a stack view's arrangement).
    package var erased: NSLayoutAnchor<AnyObject> { NSLayoutAnchor<AnyObject>(end: end) }

    /// This anchor equals `anchor`, inactive until `isActive` is set.
    open func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint {
        constraint(equalTo: anchor, constant: 0)
    }

    /// This anchor equals `anchor` plus `c` points.
    open func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat) -> NSLayoutConstraint {
        NSLayoutConstraint(first: end, second: anchor.end, multiplier: 1, constant: c)
    }

    /// This anchor at or after `anchor` plus `c` points.
    open func constraint(greaterThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat = 0) -> NSLayoutConstraint {
        NSLayoutConstraint(first: end, second: anchor.end, multiplier: 1, constant: c, relation: .greaterThanOrEqual)
    }

    /// This anchor at or before `anchor` plus `c` points.
    open func constraint(lessThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat = 0) -> NSLayoutConstraint {
        NSLayoutConstraint(first: end, second: anchor.end, multiplier: 1, constant: c, relation: .lessThanOrEqual)
    }
}

public final class NSLayoutXAxisAnchor: NSLayoutAnchor<NSLayoutXAxisAnchor> {}
public final class NSLayoutYAxisAnchor: NSLayoutAnchor<NSLayoutYAxisAnchor> {}

/// A width or a height.
public final class NSLayoutDimension: NSLayoutAnchor<NSLayoutDimension> {
    public func constraint(equalToConstant c: CGFloat) -> NSLayoutConstraint {
        NSLayoutConstraint(first: end, second: nil, multiplier: 1, constant: c)
    }

    public func constraint(equalTo anchor: NSLayoutDimension, multiplier m: CGFloat) -> NSLayoutConstraint {
        NSLayoutConstraint(first: end, second: anchor.end, multiplier: m, constant: 0)
    }

    public func constraint(equalTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat) -> NSLayoutConstraint {
        NSLayoutConstraint(first: end, second: anchor.end, multiplier: m, constant: c)
    }

    /// At least `c` points.
    public func constraint(greaterThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint {
        NSLayoutConstraint(first: end, second: nil, multiplier: 1, constant: c, relation: .greaterThanOrEqual)
    }

    /// At most `c` points.
    public func constraint(lessThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint {
        NSLayoutConstraint(first: end, second: nil, multiplier: 1, constant: c, relation: .lessThanOrEqual)
    }

    /// At least `anchor × m + c`.
    public func constraint(greaterThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat = 0) -> NSLayoutConstraint {
        NSLayoutConstraint(first: end, second: anchor.end, multiplier: m, constant: c, relation: .greaterThanOrEqual)
    }

    /// At most `anchor × m + c`.
    public func constraint(lessThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat = 0) -> NSLayoutConstraint {
        NSLayoutConstraint(first: end, second: anchor.end, multiplier: m, constant: c, relation: .lessThanOrEqual)
    }
}

/// `first (relation) second × multiplier + constant`, solved while `isActive`, at `priority`.
@preconcurrency @MainActor
open class NSLayoutConstraint: @MainActor CustomStringConvertible {
    public var firstItem: AnyObject? { first.item }
    public var secondItem: AnyObject? { second?.item }
    public var firstAttribute: NSLayoutConstraint.Attribute { first.attribute }
    public var secondAttribute: NSLayoutConstraint.Attribute { second?.attribute ?? .notAnAttribute }
    public let multiplier: CGFloat
    open var identifier: String?

    public let relation: Relation
    /// How much the constraint counts: `.required` (1000) must hold; a lower priority may be
    /// broken in favour of higher ones, as little as the solution allows.
    open var priority = UILayoutPriority.required {
        didSet { if isActive, priority != oldValue { invalidateLayout() } }
    }

    let first: AnchorEnd
    let second: AnchorEnd?
    /// The view the constraint is installed on while active: the closest common ancestor of its
    /// items, or the view `addConstraint(_:)` was sent to.
    private(set) weak var installedOn: UIView?
    private var installTarget: UIView?

    init(first: AnchorEnd, second: AnchorEnd?, multiplier: CGFloat, constant: CGFloat, relation: Relation = .equal) {
        self.first = first
        self.second = second
        self.multiplier = multiplier
        self.constant = constant
        self.relation = relation
    }

    /// UIKit's original form: `item.attribute (relation) toItem.attribute × multiplier + constant`.
    public convenience init(item view1: Any, attribute attr1: Attribute, relatedBy relation: Relation, toItem view2: Any?,
                            attribute attr2: Attribute, multiplier: CGFloat, constant c: CGFloat) {
        guard let item1 = view1 as? LayoutAnchorItem else {
            preconditionFailure("NSLayoutConstraint(item:): \(type(of: view1)) is not a view or a layout guide")
        }
        let second = (view2 as? LayoutAnchorItem).flatMap { attr2 == .notAnAttribute ? nil : AnchorEnd(item: $0, attribute: attr2) }
        self.init(first: AnchorEnd(item: item1, attribute: attr1), second: second, multiplier: multiplier, constant: c, relation: relation)
    }

    open var constant: CGFloat {
        didSet { if isActive, constant != oldValue { invalidateLayout() } }
    }

    /// Whether the constraint takes part in layout. Activating installs it on its items' closest
    /// common ancestor (its `constraints` list it) and asks for a layout pass.
    open var isActive = false {
        didSet {
            guard isActive != oldValue else { return }
            for item in [first.item, second?.item].compactMap({ $0 }) {
                if isActive {
                    item.appendActiveConstraint(self)
                } else {
                    item.removeActiveConstraint(self)
                }
            }
            if isActive {
                let target = installTarget ?? commonAncestor
                target?.addedConstraints.append(self)
                installedOn = target
            } else {
                installedOn?.addedConstraints.removeAll { $0 === self }
                installedOn = nil
            }
            installTarget = nil
            invalidateLayout()
        }
    }

    /// Activates the constraint installed on `view` (`addConstraint(_:)`).
    func activate(installingOn view: UIView) {
        guard !isActive else { return }
        installTarget = view
        isActive = true
    }

    /// The closest view that holds every item (a guide counts as its owning view).
    private var commonAncestor: UIView? {
        let views = [first.item, second?.item].compactMap { $0?.layoutView }
        guard let firstView = views.first else { return nil }
        guard views.count > 1 else { return firstView }
        let ancestors = Array(firstView.selfAndAncestors)
        return views[1].selfAndAncestors.first { candidate in ancestors.contains { $0 === candidate } } ?? firstView
    }

    public class func activate(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { constraint.isActive = true }
    }

    public class func deactivate(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { constraint.isActive = false }
    }

    private func invalidateLayout() {
        for item in [first.item, second?.item].compactMap({ $0 }) {
            guard let view = item.layoutView else { continue }
            (view.translatesAutoresizingMaskIntoConstraints || item is UILayoutGuide ? view : view.superview ?? view).setNeedsLayout()
            view.superview?.setNeedsLayout()
        }
    }

    /// As UIKit prints it: `<NSLayoutConstraint:0x… UILabel:0x….leading == UIView:0x….leading + 20   (active)>`.
    public var description: String {
        func side(_ end: AnchorEnd) -> String {
            (end.item.map(LayoutEngine.describe) ?? "nil") + "." + end.attribute.name
        }
        var text = "<NSLayoutConstraint:0x\(String(UInt(bitPattern: ObjectIdentifier(self).hashValue), radix: 16))"
        if let identifier { text += " '\(identifier)'" }
        text += " " + side(first) + " " + (relation == .equal ? "==" : relation == .lessThanOrEqual ? "<=" : ">=")
        if let second {
            text += " " + (multiplier == 1 ? "" : LayoutEngine.number(Double(multiplier)) + "*") + side(second)
            if constant != 0 { text += (constant < 0 ? " - " : " + ") + LayoutEngine.number(Double(abs(constant))) }
        } else {
            text += " " + LayoutEngine.number(Double(constant))
        }
        if priority < .required { text += "   (priority \(LayoutEngine.number(Double(priority.rawValue))))" }
        return text + (isActive ? "   (active)>" : ">")
    }
}

extension NSLayoutConstraint.Attribute {
    var name: String {
        switch self {
        case .left: "left"
        case .right: "right"
        case .top: "top"
        case .bottom: "bottom"
        case .leading: "leading"
        case .trailing: "trailing"
        case .width: "width"
        case .height: "height"
        case .centerX: "centerX"
        case .centerY: "centerY"
        case .lastBaseline: "lastBaseline"
        case .firstBaseline: "firstBaseline"
        case .notAnAttribute: "notAnAttribute"
        }
    }
}

/// A rectangle that constraints place without a view: one you add with `addLayoutGuide(_:)`
/// (laid out by its constraints like a view, and drawn by nothing), or one a view offers (the
/// safe area, the margins, the top and bottom layout guides of a view controller).
@preconcurrency @MainActor
open class UILayoutGuide: LayoutAnchorItem {
    /// How the guide's rectangle is found.
    enum Kind {
        /// Solved from its constraints (a guide you make).
        case free
        /// The owning view's bounds inset by these insets, whatever size the view is solved to.
        case insets((UIView) -> UIEdgeInsets)
        /// A rectangle in the owning view, as it stands.
        case frame((UIView) -> CGRect)
    }

    public init() {
        kind = .free
    }

    package init(owningView: UIView, frame: @escaping (UIView) -> CGRect) {
        self.owningView = owningView
        kind = .frame(frame)
    }

    init(owningView: UIView, identifier: String, insets: @escaping (UIView) -> UIEdgeInsets) {
        self.owningView = owningView
        self.identifier = identifier
        kind = .insets(insets)
    }

    /// The view that holds the guide (set by `addLayoutGuide(_:)`).
    open internal(set) weak var owningView: UIView?
    open var identifier = ""
    let kind: Kind
    /// The active constraints that name this guide.
    var activeConstraints: [NSLayoutConstraint] = []

    /// The guide's rectangle in its owning view's coordinates (a guide you made: as its owning
    /// view's last layout solved it).
    open var layoutFrame: CGRect {
        guard let owningView else { return .zero }
        switch kind {
        case .free:
            return owningView.solvedFrame(of: self) ?? .zero
        case .insets(let insets):
            return owningView.bounds.inset(by: insets(owningView))
        case .frame(let frame):
            return frame(owningView)
        }
    }

    public func alignmentRect(in view: UIView) -> CGRect {
        guard let owningView else { return .zero }
        return owningView === view ? layoutFrame : owningView.convert(layoutFrame, to: view)
    }

    public var constrainedView: UIView? { nil }
}

/// A view controller's `topLayoutGuide` and `bottomLayoutGuide` (iOS 7 to 10): the bars'
/// extent, read through its anchors or its `length`.
@preconcurrency @MainActor
public protocol UILayoutSupport: AnyObject {
    var length: CGFloat { get }
    var topAnchor: NSLayoutYAxisAnchor { get }
    var bottomAnchor: NSLayoutYAxisAnchor { get }
    var heightAnchor: NSLayoutDimension { get }
}

extension UILayoutGuide: UILayoutSupport {
    public var length: CGFloat { layoutFrame.height }
}

extension UIView: LayoutAnchorItem {
    public func alignmentRect(in view: UIView) -> CGRect {
        if view === self { return bounds }
        let size = bounds.size
        let rect = CGRect(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height)
        guard let superview, superview !== view else { return rect }
        return superview.convert(rect, to: view)
    }

    public var constrainedView: UIView? { translatesAutoresizingMaskIntoConstraints ? nil : self }

    /// The bounds inset by `safeAreaInsets`.
    public var safeAreaLayoutGuide: UILayoutGuide {
        UILayoutGuide(owningView: self, identifier: "UIViewSafeAreaLayoutGuide") { $0.safeAreaInsets }
    }

    /// The bounds inset by `layoutMargins`.
    public var layoutMarginsGuide: UILayoutGuide {
        UILayoutGuide(owningView: self, identifier: "UIViewLayoutMarginsGuide") { $0.layoutMargins }
    }

    /// The guides added with `addLayoutGuide(_:)`, in order.
    public var layoutGuides: [UILayoutGuide] { ownedLayoutGuides }

    /// Adds a guide that constraints place in this view (a spacer, a region) without a view.
    public func addLayoutGuide(_ layoutGuide: UILayoutGuide) {
        guard case .free = layoutGuide.kind, !ownedLayoutGuides.contains(where: { $0 === layoutGuide }) else { return }
        layoutGuide.owningView?.removeLayoutGuide(layoutGuide)
        layoutGuide.owningView = self
        ownedLayoutGuides.append(layoutGuide)
        setNeedsLayout()
    }

    public func removeLayoutGuide(_ layoutGuide: UILayoutGuide) {
        guard ownedLayoutGuides.contains(where: { $0 === layoutGuide }) else { return }
        ownedLayoutGuides.removeAll { $0 === layoutGuide }
        layoutGuide.owningView = nil
        setNeedsLayout()
    }

    /// A guide of this view as its island's engine last solved it.
    func solvedFrame(of guide: UILayoutGuide) -> CGRect? {
        LayoutEngine.islandRoot(ofChildOf: self).layoutEngine?.frame(of: guide)
    }

    /// Sets frames of the subviews laid out by constraints, from the solution of their island.
    func applyConstraintsToSubviews() {
        guard subviews.contains(where: { !$0.translatesAutoresizingMaskIntoConstraints }) || !ownedLayoutGuides.isEmpty else { return }
        let engine = LayoutEngine.solvedEngine(forSubviewsOf: self)
        for subview in subviews where !subview.translatesAutoresizingMaskIntoConstraints {
            guard let frame = engine.frame(of: subview) else { continue }
            subview.center = CGPoint(x: frame.midX, y: frame.midY)
            subview.bounds.size = CGSize(width: max(0, frame.width), height: max(0, frame.height))
        }
        // Frames set from the solution change nothing the solution depends on.
        engine.markSolved()
    }

    /// The constraints that place this view on `axis`: the active ones that name its attributes
    /// on that axis, in the order they were activated.
    public func constraintsAffectingLayout(for axis: NSLayoutConstraint.Axis) -> [NSLayoutConstraint] {
        activeConstraints.filter { constraint in
            [constraint.first, constraint.second].contains { end in
                guard let end, end.item === self else { return false }
                return end.attribute.isHorizontal == (axis == .horizontal)
            }
        }
    }

    /// Whether the constraints leave this view's frame open (more than one frame satisfies them
    /// equally well); the view keeps its current frame where they do.
    public var hasAmbiguousLayout: Bool {
        guard !translatesAutoresizingMaskIntoConstraints, let superview else { return false }
        return LayoutEngine.solvedEngine(forSubviewsOf: superview).isAmbiguous(self)
    }
}

/// How much a constraint counts (UIKit's scale, 1…1000): `.required` must hold; a lower
/// priority gives way to higher ones. In `systemLayoutSizeFitting`, `.required` holds a dimension
/// at the target and anything lower lets it fit the content.
public struct UILayoutPriority: RawRepresentable, Hashable, Comparable, Sendable {
    public var rawValue: Float
    public init(rawValue: Float) { self.rawValue = rawValue }
    public init(_ rawValue: Float) { self.rawValue = rawValue }
    public static let required = UILayoutPriority(1000)
    public static let defaultHigh = UILayoutPriority(750)
    public static let defaultLow = UILayoutPriority(250)
    public static let fittingSizeLevel = UILayoutPriority(50)
    public static func < (lhs: UILayoutPriority, rhs: UILayoutPriority) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension UIView {
    /// The smallest size, as a target for `systemLayoutSizeFitting`.
    public static let layoutFittingCompressedSize = CGSize.zero
    /// The largest size, as a target.
    public static let layoutFittingExpandedSize = CGSize(width: 1e6, height: 1e6)

    /// The size the view's subtree of constraints gives it with its size held at `target`, each
    /// dimension at its priority; nil when nothing inside is laid out by constraints.
    func constrainedFittingSize(_ target: CGSize, horizontal: UILayoutPriority, vertical: UILayoutPriority) -> CGSize? {
        guard hasConstrainedDescendant else { return nil }
        let engine = LayoutEngine(root: self, size: .fitting(target, horizontal: horizontal, vertical: vertical))
        engine.update()
        return engine.solvedRootSize
    }

    /// Whether a view below this one is laid out by constraints (through views that are, or
    /// that fill their superview, as a cell's content view does).
    private var hasConstrainedDescendant: Bool {
        subviews.contains { subview in
            !subview.translatesAutoresizingMaskIntoConstraints
                || (subview.frame == bounds || !subview.autoresizingMask.isDisjoint(with: [.flexibleWidth, .flexibleHeight]))
                    && subview.hasConstrainedDescendant
        }
    }
}

extension UIViewController {
    /// The bottom of the status and navigation bars (none headless: the view's top edge).
    public var topLayoutGuide: UILayoutSupport {
        UILayoutGuide(owningView: view) { CGRect(x: 0, y: 0, width: $0.bounds.width, height: $0.safeAreaInsets.top) }
    }

    /// The top of the tab bar and home indicator (none headless: the view's bottom edge).
    public var bottomLayoutGuide: UILayoutSupport {
        UILayoutGuide(owningView: view) {
            CGRect(x: 0, y: $0.bounds.height - $0.safeAreaInsets.bottom, width: $0.bounds.width, height: $0.safeAreaInsets.bottom)
        }
    }
}

extension UIView {
    public var firstBaselineAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .firstBaseline) }
    public var lastBaselineAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .lastBaseline) }

    /// The constraints installed on this view, in the order they were installed: those added
    /// with `addConstraint(_:)`, and those activated whose items' closest common ancestor this
    /// view is (a constraint on one view alone, a width, is installed on that view), as UIKit
    /// installs them.
    public var constraints: [NSLayoutConstraint] { addedConstraints }

    /// Installs `constraint` on this view and activates it (UIKit's older spelling; this view
    /// should be the items' common ancestor).
    public func addConstraint(_ constraint: NSLayoutConstraint) {
        constraint.activate(installingOn: self)
    }

    public func addConstraints(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { addConstraint(constraint) }
    }

    public func removeConstraint(_ constraint: NSLayoutConstraint) {
        guard addedConstraints.contains(where: { $0 === constraint }) else { return }
        constraint.isActive = false
    }

    public func removeConstraints(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { removeConstraint(constraint) }
    }
}
