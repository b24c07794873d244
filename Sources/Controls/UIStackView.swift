import Vocabulary
import Foundation
import Views

/// UIKit's stack view: its arranged subviews in a row or a column, placed by `axis`,
/// `distribution`, `alignment` and `spacing` through Auto Layout constraints that the stack view
/// makes and activates itself, as UIKit's does (its "UISV-" constraints), so the arranged views'
/// own constraints, intrinsic sizes, hugging and compression resistance are solved together with
/// them.
///
/// Adding an arranged view sets its `translatesAutoresizingMaskIntoConstraints` to false. Along
/// the axis the views are chained edge to edge with the spacing (or the custom spacing after a
/// view); `.fill` leaves their sizes to their own constraints and priorities (the view that hugs
/// least takes spare room, the one that resists compression least gives it up, the earlier one
/// among equals); `.fillEqually` makes them equal; `.fillProportionally` sizes them in proportion
/// to their intrinsic sizes (at priority 999); `.equalSpacing` makes the gaps equal and at least
/// the spacing; `.equalCentering` spaces their centres equally (999). Across the axis, `.fill`
/// pins both edges; `.leading`/`.top`, `.center`, `.trailing`/`.bottom` pin one (or the centre)
/// and keep the view inside; `.firstBaseline`/`.lastBaseline` line up the baselines of a row.
/// Hidden views take no part.
open class UIStackView: UIView {
    public enum Distribution: Int, Sendable {
        case fill, fillEqually, fillProportionally, equalSpacing, equalCentering
    }

    public enum Alignment: Int, Sendable {
        case fill, leading, firstBaseline, center, trailing, lastBaseline
        public static let top = Alignment.leading
        public static let bottom = Alignment.trailing
    }

    open var axis: NSLayoutConstraint.Axis = .horizontal { didSet { arrangementChanged() } }
    open var distribution: Distribution = .fill { didSet { arrangementChanged() } }
    open var alignment: Alignment = .fill { didSet { arrangementChanged() } }
    open var spacing: CGFloat = 0 { didSet { arrangementChanged() } }
    open var isLayoutMarginsRelativeArrangement = false { didSet { arrangementChanged() } }
    open var isBaselineRelativeArrangement = false
    open private(set) var arrangedSubviews: [UIView] = []
    private var customSpacing: [ObjectIdentifier: CGFloat] = [:]
    /// The constraints the stack view made for its arrangement, active.
    private var arrangement: [NSLayoutConstraint] = []
    /// The guides between views that `.equalSpacing` and `.equalCentering` make equal.
    private var spacers: [UILayoutGuide] = []
    /// Which views were shown when the arrangement was made.
    private var arrangedShown: [ObjectIdentifier] = []

    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    public convenience init(arrangedSubviews views: [UIView]) {
        self.init(frame: .zero)
        for view in views { addArrangedSubview(view) }
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    open func addArrangedSubview(_ view: UIView) {
        insertArrangedSubview(view, at: arrangedSubviews.count)
    }

    open func insertArrangedSubview(_ view: UIView, at stackIndex: Int) {
        arrangedSubviews.removeAll { $0 === view }
        arrangedSubviews.insert(view, at: min(max(0, stackIndex), arrangedSubviews.count))
        view.translatesAutoresizingMaskIntoConstraints = false
        if view.superview !== self { addSubview(view) }
        arrangementChanged()
    }

    /// Stops arranging `view`; it stays a subview, as in UIKit.
    open func removeArrangedSubview(_ view: UIView) {
        arrangedSubviews.removeAll { $0 === view }
        arrangementChanged()
    }

    open override func willRemoveSubview(_ subview: UIView) {
        super.willRemoveSubview(subview)
        if arrangedSubviews.contains(where: { $0 === subview }) {
            arrangedSubviews.removeAll { $0 === subview }
            arrangementChanged()
        }
    }

    open func setCustomSpacing(_ spacing: CGFloat, after arrangedSubview: UIView) {
        customSpacing[ObjectIdentifier(arrangedSubview)] = spacing
        arrangementChanged()
    }

    open func customSpacing(after arrangedSubview: UIView) -> CGFloat {
        customSpacing[ObjectIdentifier(arrangedSubview)] ?? spacing
    }

    private var shown: [UIView] { arrangedSubviews.filter { !$0.isHidden } }

    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        systemLayoutSizeFitting(UIView.layoutFittingCompressedSize)
    }

    open override func layoutSubviews() {
        // A view hidden or shown since the arrangement was made changes it.
        if shown.map(ObjectIdentifier.init) != arrangedShown { arrangementChanged() }
        super.layoutSubviews()
    }

    /// Replaces the arrangement's constraints with ones for the current properties and views.
    private func arrangementChanged() {
        NSLayoutConstraint.deactivate(arrangement)
        for guide in spacers { removeLayoutGuide(guide) }
        spacers = []
        let views = shown
        arrangedShown = views.map(ObjectIdentifier.init)
        arrangement = constraints(for: views)
        NSLayoutConstraint.activate(arrangement)
        setNeedsLayout()
    }

    private func constraints(for views: [UIView]) -> [NSLayoutConstraint] {
        guard let firstView = views.first, let lastView = views.last else { return [] }
        let horizontal = axis == .horizontal
        let container: LayoutAnchorItem = isLayoutMarginsRelativeArrangement ? layoutMarginsGuide : self
        func leading(_ item: LayoutAnchorItem) -> NSLayoutAnchor<AnyObject> { horizontal ? item.leadingAnchor.erased : item.topAnchor.erased }
        func trailing(_ item: LayoutAnchorItem) -> NSLayoutAnchor<AnyObject> { horizontal ? item.trailingAnchor.erased : item.bottomAnchor.erased }
        func middle(_ item: LayoutAnchorItem) -> NSLayoutAnchor<AnyObject> { horizontal ? item.centerXAnchor.erased : item.centerYAnchor.erased }
        func length(_ item: LayoutAnchorItem) -> NSLayoutDimension { horizontal ? item.widthAnchor : item.heightAnchor }
        func top(_ item: LayoutAnchorItem) -> NSLayoutAnchor<AnyObject> { horizontal ? item.topAnchor.erased : item.leadingAnchor.erased }
        func bottom(_ item: LayoutAnchorItem) -> NSLayoutAnchor<AnyObject> { horizontal ? item.bottomAnchor.erased : item.trailingAnchor.erased }
        func across(_ item: LayoutAnchorItem) -> NSLayoutAnchor<AnyObject> { horizontal ? item.centerYAnchor.erased : item.centerXAnchor.erased }

        var made: [NSLayoutConstraint] = []
        // Along the axis: the ends to the container, the views chained.
        made.append(leading(firstView).constraint(equalTo: leading(container)))
        made.append(trailing(lastView).constraint(equalTo: trailing(container)))
        for (previous, next) in zip(views, views.dropFirst()) {
            let gap = customSpacing(after: previous)
            switch distribution {
            case .fill, .fillEqually, .fillProportionally:
                made.append(leading(next).constraint(equalTo: trailing(previous), constant: gap))
            case .equalSpacing, .equalCentering:
                made.append(leading(next).constraint(greaterThanOrEqualTo: trailing(previous), constant: gap))
            }
        }
        switch distribution {
        case .fill:
            break
        case .fillEqually:
            for view in views.dropFirst() { made.append(length(view).constraint(equalTo: length(firstView))) }
        case .fillProportionally:
            let sizes = views.map { view -> CGFloat in
                let intrinsic = view.intrinsicContentSize
                return max(0, horizontal ? intrinsic.width : intrinsic.height)
            }
            let total = sizes.reduce(0, +)
            let gaps = zip(views, views.dropFirst()).map { customSpacing(after: $0.0) }.reduce(0, +)
            for (view, size) in zip(views, sizes) {
                let share = total > 0 ? size / total : 1 / CGFloat(views.count)
                let proportional = length(view).constraint(equalTo: length(container), multiplier: share, constant: -gaps * share)
                proportional.priority = UILayoutPriority(999)
                made.append(proportional)
            }
        case .equalSpacing, .equalCentering:
            // A guide in each gap (between edges, or between centres), all of one length.
            let centering = distribution == .equalCentering
            for (previous, next) in zip(views, views.dropFirst()) {
                let guide = UILayoutGuide()
                guide.identifier = centering ? "UISV-distributing-centers" : "UISV-distributing"
                addLayoutGuide(guide)
                spacers.append(guide)
                made.append(leading(guide).constraint(equalTo: centering ? middle(previous) : trailing(previous)))
                made.append(trailing(guide).constraint(equalTo: centering ? middle(next) : leading(next)))
            }
            for guide in spacers.dropFirst() {
                let equal = length(guide).constraint(equalTo: length(spacers[0]))
                if centering { equal.priority = UILayoutPriority(999) }
                made.append(equal)
            }
        }
        // Across the axis.
        let baseline = horizontal && (alignment == .firstBaseline || alignment == .lastBaseline)
        for view in views {
            switch alignment {
            case .fill:
                made.append(top(view).constraint(equalTo: top(container)))
                made.append(bottom(view).constraint(equalTo: bottom(container)))
            case .leading, .firstBaseline, .lastBaseline:
                if baseline {
                    made.append(top(view).constraint(greaterThanOrEqualTo: top(container)))
                    made.append(bottom(view).constraint(lessThanOrEqualTo: bottom(container)))
                    // Held as high as the baselines let them: the lowest-hanging view touches the top.
                    made.append(lowPriority(top(view).constraint(equalTo: top(container))))
                    if view !== firstView {
                        let anchor: NSLayoutYAxisAnchor = alignment == .firstBaseline ? view.firstBaselineAnchor : view.lastBaselineAnchor
                        let firstAnchor: NSLayoutYAxisAnchor = alignment == .firstBaseline ? firstView.firstBaselineAnchor : firstView.lastBaselineAnchor
                        made.append(anchor.constraint(equalTo: firstAnchor))
                    }
                } else {
                    made.append(top(view).constraint(equalTo: top(container)))
                    made.append(bottom(view).constraint(lessThanOrEqualTo: bottom(container)))
                    made.append(lowPriority(bottom(view).constraint(equalTo: bottom(container))))
                }
            case .center:
                made.append(across(view).constraint(equalTo: across(container)))
                made.append(top(view).constraint(greaterThanOrEqualTo: top(container)))
                made.append(lowPriority(top(view).constraint(equalTo: top(container))))
            case .trailing:
                made.append(bottom(view).constraint(equalTo: bottom(container)))
                made.append(top(view).constraint(greaterThanOrEqualTo: top(container)))
                made.append(lowPriority(top(view).constraint(equalTo: top(container))))
            }
        }
        for constraint in made where constraint.identifier == nil { constraint.identifier = "UISV-arrangement" }
        return made
    }

    /// The stack's hold on a view that may be smaller than it across the axis: as small as its
    /// own constraints let it be, it is pulled to the edge, weakly (UIKit's "UISV-spanning-fit").
    private func lowPriority(_ constraint: NSLayoutConstraint) -> NSLayoutConstraint {
        constraint.priority = UILayoutPriority(1)
        return constraint
    }
}
