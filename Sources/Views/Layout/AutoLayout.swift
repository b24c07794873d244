import Vocabulary
import Foundation

// Auto Layout's equalities, enough for the way iOS code pins views with anchors:
//
//     collectionView.translatesAutoresizingMaskIntoConstraints = false
//     collectionView.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor).isActive = true
//     collectionView.widthAnchor.constraint(equalToConstant: 320).isActive = true
//
// What is solved: equalities between edges, centres and sizes of a view, its superview, its
// siblings and the superview's layout guides, each with a multiplier and a constant. A view whose
// `translatesAutoresizingMaskIntoConstraints` is false takes its frame from the active
// constraints that name it when its superview runs `layoutSubviews()` (UIKit's default
// implementation is where Auto Layout applies, so an override that skips `super` skips it too).
// On each axis two of {leading, trailing, centre, size} fix the frame; with one position and no
// size the view keeps its `intrinsicContentSize`, or its current size if it has none. Between two
// views that are both placed by constraints, a constraint places its first item from its second
// (`box.topAnchor.constraint(equalTo: label.bottomAnchor)` moves the box, never the label).
// Siblings that depend on siblings are solved in two passes, which settles chains of two.
//
// Baselines: a label's first and last baselines are where its first and last lines sit; any
// other view's baseline is its bottom edge, as in UIKit.
//
// Not solved: inequalities and priorities (there is no Cassowary engine). An inequality
// (`lessThanOrEqualTo`, `greaterThanOrEqualTo`, `relatedBy: .lessThanOrEqual`) is kept and
// listed but takes no part in layout, and a debug build says so the first time one is
// activated: with the equalities fixing a view, an inequality that holds changes nothing. A
// constraint between a view and a view outside its superview's subtree is read through
// `convert(_:to:)` as it stands. Right-to-left layout is not modelled: leading is left.

/// What a constraint holds onto: a view or a layout guide.
@preconcurrency @MainActor
public protocol LayoutAnchorItem: AnyObject {
    /// The item's alignment rectangle (untransformed frame) in `view`'s bounds coordinates.
    func alignmentRect(in view: UIView) -> CGRect
    /// The view whose superview lays this item out, if it is laid out by constraints.
    var constrainedView: UIView? { get }
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

extension UIView {
    /// The constant of an active `attribute == constant` constraint on this view alone (a width
    /// or a height), if it has one.
    package func constantLength(of attribute: NSLayoutConstraint.Attribute) -> CGFloat? {
        activeConstraints.first {
            $0.relation == .equal && $0.first.item === self && $0.first.attribute == attribute && $0.second == nil
        }?.constant
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

    /// This anchor equals `anchor`, inactive until `isActive` is set.
    open func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint {
        constraint(equalTo: anchor, constant: 0)
    }

    /// This anchor equals `anchor` plus `c` points.
    open func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat) -> NSLayoutConstraint {
        NSLayoutConstraint(first: end, second: anchor.end, multiplier: 1, constant: c)
    }

    /// An inequality: kept, but not solved (see the note at the top of this file).
    open func constraint(greaterThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat = 0) -> NSLayoutConstraint {
        NSLayoutConstraint(first: end, second: anchor.end, multiplier: 1, constant: c, relation: .greaterThanOrEqual)
    }

    /// An inequality: kept, but not solved (see the note at the top of this file).
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

    /// An inequality: kept, but not solved (see the note at the top of this file).
    public func constraint(greaterThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint {
        NSLayoutConstraint(first: end, second: nil, multiplier: 1, constant: c, relation: .greaterThanOrEqual)
    }

    /// An inequality: kept, but not solved (see the note at the top of this file).
    public func constraint(lessThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint {
        NSLayoutConstraint(first: end, second: nil, multiplier: 1, constant: c, relation: .lessThanOrEqual)
    }
}

/// `first = second × multiplier + constant`, applied while `isActive`.
@preconcurrency @MainActor
open class NSLayoutConstraint {
    public var firstItem: AnyObject? { first.item }
    public var secondItem: AnyObject? { second?.item }
    public var firstAttribute: NSLayoutConstraint.Attribute { first.attribute }
    public var secondAttribute: NSLayoutConstraint.Attribute { second?.attribute ?? .notAnAttribute }
    public let multiplier: CGFloat
    open var identifier: String?

    public let relation: Relation
    /// Kept for ports; every constraint here is required (see the note at the top of this file).
    open var priority = UILayoutPriority.required

    let first: AnchorEnd
    let second: AnchorEnd?

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
        didSet { if isActive { invalidateLayout() } }
    }

    /// Whether the constraint takes part in layout; activating it asks the constrained views'
    /// superviews for a layout pass.
    open var isActive = false {
        didSet {
            guard isActive != oldValue else { return }
            if isActive, relation != .equal {
                UIKitCompatibility.notHonoured("NSLayoutConstraint inequalities",
                                               "an inequality is kept but not solved; equalities alone place the views")
            }
            for view in constrainedViews {
                if isActive {
                    view.activeConstraints.append(self)
                } else {
                    view.activeConstraints.removeAll { $0 === self }
                }
            }
            invalidateLayout()
        }
    }

    public class func activate(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { constraint.isActive = true }
    }

    public class func deactivate(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { constraint.isActive = false }
    }

    private var constrainedViews: [UIView] {
        [first.item?.constrainedView, second?.item?.constrainedView].compactMap { $0 }
    }

    private func invalidateLayout() {
        for view in constrainedViews { view.superview?.setNeedsLayout() }
    }

    /// What this constraint says `view`'s `attribute` is, in `superview`'s coordinates, if it
    /// names that attribute of `view` and the other end is known.
    func value(for attribute: NSLayoutConstraint.Attribute, of view: UIView, in superview: UIView) -> CGFloat? {
        guard relation == .equal else { return nil }
        if first.item === view, first.attribute == attribute, second?.item !== view {
            guard let second else { return constant }
            return second.value(in: superview).map { $0 * multiplier + constant }
        }
        // Read backwards only when the first item is not placed by constraints itself: between
        // two constrained views the constraint places its first item from its second.
        if let second, second.item === view, second.attribute == attribute, first.item !== view, multiplier != 0 {
            guard let other = first.item, other.constrainedView == nil else { return nil }
            return first.value(in: superview).map { ($0 - constant) / multiplier }
        }
        return nil
    }
}

/// A rectangle a view offers to constraints without being a view: the safe area, the margins,
/// and the top and bottom layout guides of a view controller.
@preconcurrency @MainActor
open class UILayoutGuide: LayoutAnchorItem {
    public init() {}

    package init(owningView: UIView, frame: @escaping (UIView) -> CGRect) {
        self.owningView = owningView
        self.frameInOwner = frame
    }

    open weak var owningView: UIView?
    open var identifier = ""
    private var frameInOwner: ((UIView) -> CGRect)?

    /// The guide's rectangle in its owning view's coordinates.
    open var layoutFrame: CGRect {
        guard let owningView, let frameInOwner else { return .zero }
        return frameInOwner(owningView)
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
        UILayoutGuide(owningView: self) { $0.bounds.inset(by: $0.safeAreaInsets) }
    }

    /// The bounds inset by `layoutMargins`.
    public var layoutMarginsGuide: UILayoutGuide {
        UILayoutGuide(owningView: self) { $0.bounds.inset(by: $0.layoutMargins) }
    }

    /// Sets frames of the subviews laid out by constraints, from the constraints that name them.
    func applyConstraintsToSubviews() {
        let constrained = subviews.filter { !$0.translatesAutoresizingMaskIntoConstraints && !$0.activeConstraints.isEmpty }
        guard !constrained.isEmpty else { return }
        for _ in 0..<2 {
            for view in constrained { view.solveFrameFromConstraints(in: self) }
        }
    }

    /// What the active constraints say this view's `attribute` is in `superview`, if they do.
    private func constrainedValue(_ attribute: NSLayoutConstraint.Attribute, or alias: NSLayoutConstraint.Attribute? = nil,
                                  in superview: UIView) -> CGFloat? {
        for constraint in activeConstraints {
            if let value = constraint.value(for: attribute, of: self, in: superview) { return value }
            if let alias, let value = constraint.value(for: alias, of: self, in: superview) { return value }
        }
        return nil
    }

    private func solveFrameFromConstraints(in superview: UIView) {
        func known(_ attribute: NSLayoutConstraint.Attribute, or alias: NSLayoutConstraint.Attribute? = nil) -> CGFloat? {
            constrainedValue(attribute, or: alias, in: superview)
        }
        func solve(min: CGFloat?, max: CGFloat?, mid: CGFloat?, size fixedSize: CGFloat?, intrinsic: CGFloat, current: CGRect.Axis)
            -> (origin: CGFloat, size: CGFloat) {
            let size: CGFloat
            if let fixedSize {
                size = fixedSize
            } else if let min, let max {
                size = max - min
            } else if let min, let mid {
                size = 2 * (mid - min)
            } else if let max, let mid {
                size = 2 * (max - mid)
            } else {
                size = intrinsic >= 0 ? intrinsic : current.size
            }
            let origin = min ?? max.map { $0 - size } ?? mid.map { $0 - size / 2 } ?? current.origin
            return (origin, size)
        }
        let frame = alignmentRect(in: superview), intrinsic = intrinsicContentSize
        let x = solve(min: known(.leading, or: .left), max: known(.trailing, or: .right), mid: known(.centerX),
                      size: known(.width), intrinsic: intrinsic.width, current: .init(origin: frame.minX, size: frame.width))
        // A baseline places the top, by the view's own baseline offset.
        let top = known(.top) ?? known(.firstBaseline).map { $0 - baselineOffsetFromTop(first: true) }
            ?? known(.lastBaseline).map { $0 - baselineOffsetFromTop(first: false) }
        let y = solve(min: top, max: known(.bottom), mid: known(.centerY),
                      size: known(.height), intrinsic: intrinsic.height, current: .init(origin: frame.minY, size: frame.height))
        center = CGPoint(x: x.origin + x.size / 2, y: y.origin + y.size / 2)
        bounds.size = CGSize(width: max(0, x.size), height: max(0, y.size))
    }
}

/// How much a constraint counts (UIKit's scale, 1…1000). Constraints here are all required; the
/// priorities matter to `systemLayoutSizeFitting`, where `.required` holds a dimension at the
/// target and anything lower lets it fit the content.
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

    /// The height (or width) the constrained subviews need with the other dimension `across`,
    /// nil when nothing constrains it.
    func fittingLength(vertical: Bool, across: CGFloat) -> CGFloat? {
        // Lay out in a box far too long, then take back what the pinned subviews do not use.
        let probe: CGFloat = 100_000
        let saved = bounds
        bounds = CGRect(origin: saved.origin, size: vertical ? CGSize(width: across, height: probe) : CGSize(width: probe, height: across))
        defer {
            bounds = saved
            setNeedsLayout()
        }
        applyConstraintsToSubviews()
        var needed: CGFloat?
        for subview in subviews {
            let frame = subview.frame.offsetBy(dx: -bounds.minX, dy: -bounds.minY)
            let start = vertical ? frame.minY : frame.minX
            let length = vertical ? frame.height : frame.width
            let other = vertical ? frame.width : frame.height
            if subview.translatesAutoresizingMaskIntoConstraints {
                // A full-size content view: measured in place.
                guard subview.activeConstraints.isEmpty, start == 0, length == probe,
                      let inner = subview.fittingLength(vertical: vertical, across: other) else { continue }
                needed = max(needed ?? 0, inner)
                continue
            }
            guard !subview.activeConstraints.isEmpty else { continue }
            let (lead, trail, size): (NSLayoutConstraint.Attribute, NSLayoutConstraint.Attribute, NSLayoutConstraint.Attribute) =
                vertical ? (.top, .bottom, .height) : (.leading, .trailing, .width)
            let pinnedStart = subview.constrainedValue(lead, or: vertical ? nil : .left, in: self) != nil
            let pinnedEnd = subview.constrainedValue(trail, or: vertical ? nil : .right, in: self) != nil
            let fixed = subview.constrainedValue(size, in: self) != nil
            if pinnedStart, pinnedEnd, !fixed {
                let natural = subview.fittingLength(vertical: vertical, across: other)
                    ?? (vertical ? subview.sizeThatFits(CGSize(width: other, height: 0)).height
                                 : subview.sizeThatFits(CGSize(width: 0, height: other)).width)
                needed = max(needed ?? 0, probe - length + natural)
            } else if pinnedEnd, !pinnedStart {
                needed = max(needed ?? 0, probe - start)
            } else if pinnedStart {
                needed = max(needed ?? 0, start + length)
            } else {
                needed = max(needed ?? 0, length)
            }
        }
        return needed
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

private extension CGRect {
    struct Axis { var origin: CGFloat; var size: CGFloat }
}

extension UIView {
    public var firstBaselineAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .firstBaseline) }
    public var lastBaselineAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .lastBaseline) }

    /// The constraints added with `addConstraint`, in order (active ones).
    public var constraints: [NSLayoutConstraint] { addedConstraints }

    /// Activates `constraint`, as UIKit's older spelling did when added to the common ancestor.
    public func addConstraint(_ constraint: NSLayoutConstraint) {
        constraint.isActive = true
        if !addedConstraints.contains(where: { $0 === constraint }) { addedConstraints.append(constraint) }
    }

    public func addConstraints(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { addConstraint(constraint) }
    }

    public func removeConstraint(_ constraint: NSLayoutConstraint) {
        constraint.isActive = false
        addedConstraints.removeAll { $0 === constraint }
    }

    public func removeConstraints(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { removeConstraint(constraint) }
    }
}
