import Vocabulary
import Foundation
import Views

/// UIKit's stack view: its arranged subviews in a row or a column, placed in `layoutSubviews`
/// by `axis`, `distribution`, `alignment` and `spacing`, as UIKit's stack view constrains them.
///
/// Each arranged view's size along the axis is what it asks for: a width or height constraint
/// with a constant, else its intrinsic content size, else its current size. `.fill` gives what is
/// left over (or takes what is missing) to the view that hugs its content least (the lowest
/// `contentHuggingPriority`, or compression resistance when shrinking), the first one among
/// equals; `.fillEqually` makes them equal; `.fillProportionally` scales them by their sizes;
/// `.equalSpacing` and `.equalCentering` spread the spare room between them. Across the axis,
/// `.fill` stretches them, `.leading`/`.top`, `.center`, `.trailing`/`.bottom` place them, and
/// `.firstBaseline`/`.lastBaseline` line up their baselines. Hidden views take no room.
open class UIStackView: UIView {
    public enum Distribution: Int, Sendable {
        case fill, fillEqually, fillProportionally, equalSpacing, equalCentering
    }

    public enum Alignment: Int, Sendable {
        case fill, leading, firstBaseline, center, trailing, lastBaseline
        public static let top = Alignment.leading
        public static let bottom = Alignment.trailing
    }

    open var axis: NSLayoutConstraint.Axis = .horizontal { didSet { setNeedsLayout() } }
    open var distribution: Distribution = .fill { didSet { setNeedsLayout() } }
    open var alignment: Alignment = .fill { didSet { setNeedsLayout() } }
    open var spacing: CGFloat = 0 { didSet { setNeedsLayout() } }
    open var isLayoutMarginsRelativeArrangement = false { didSet { setNeedsLayout() } }
    open var isBaselineRelativeArrangement = false
    open private(set) var arrangedSubviews: [UIView] = []
    private var customSpacing: [ObjectIdentifier: CGFloat] = [:]

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
        if view.superview !== self { addSubview(view) }
        setNeedsLayout()
    }

    /// Stops arranging `view`; it stays a subview, as in UIKit.
    open func removeArrangedSubview(_ view: UIView) {
        arrangedSubviews.removeAll { $0 === view }
        setNeedsLayout()
    }

    open override func willRemoveSubview(_ subview: UIView) {
        super.willRemoveSubview(subview)
        arrangedSubviews.removeAll { $0 === subview }
    }

    open func setCustomSpacing(_ spacing: CGFloat, after arrangedSubview: UIView) {
        customSpacing[ObjectIdentifier(arrangedSubview)] = spacing
        setNeedsLayout()
    }

    open func customSpacing(after arrangedSubview: UIView) -> CGFloat {
        customSpacing[ObjectIdentifier(arrangedSubview)] ?? spacing
    }

    private var shown: [UIView] { arrangedSubviews.filter { !$0.isHidden } }

    private var area: CGRect {
        isLayoutMarginsRelativeArrangement ? bounds.inset(by: layoutMargins) : bounds
    }

    /// What a view asks for along (or across) an axis.
    private func length(of view: UIView, along horizontal: Bool) -> CGFloat {
        let attribute: NSLayoutConstraint.Attribute = horizontal ? .width : .height
        if let constant = view.constantLength(of: attribute) { return constant }
        let intrinsic = view.intrinsicContentSize
        let value = horizontal ? intrinsic.width : intrinsic.height
        if value >= 0 { return value }
        return horizontal ? view.bounds.width : view.bounds.height
    }

    open override var intrinsicContentSize: CGSize {
        let views = shown
        guard !views.isEmpty else { return CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric) }
        let horizontal = axis == .horizontal
        let gaps = zip(views, views.dropFirst()).map { customSpacing(after: $0.0) }.reduce(0, +)
        let along = views.map { length(of: $0, along: horizontal) }.reduce(0, +) + gaps
        let across = views.map { length(of: $0, along: !horizontal) }.max() ?? 0
        let margins = isLayoutMarginsRelativeArrangement ? layoutMargins : .zero
        return horizontal ? CGSize(width: along + margins.left + margins.right, height: across + margins.top + margins.bottom)
            : CGSize(width: across + margins.left + margins.right, height: along + margins.top + margins.bottom)
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let views = shown
        guard !views.isEmpty else { return }
        let horizontal = axis == .horizontal
        let area = self.area
        let available = horizontal ? area.width : area.height
        let gaps = zip(views, views.dropFirst()).map { customSpacing(after: $0.0) }
        var lengths = views.map { length(of: $0, along: horizontal) }
        var spaces = gaps
        let spare = available - lengths.reduce(0, +) - gaps.reduce(0, +)
        switch distribution {
        case .fill:
            if spare != 0 {
                let axisKind: NSLayoutConstraint.Axis = horizontal ? .horizontal : .vertical
                let priority: (UIView) -> Float = spare > 0 ? { $0.contentHuggingPriority(for: axisKind).rawValue }
                    : { $0.contentCompressionResistancePriority(for: axisKind).rawValue }
                let lowest = views.map(priority).min() ?? 0
                if let index = views.firstIndex(where: { priority($0) == lowest }) {
                    lengths[index] = max(0, lengths[index] + spare)
                }
            }
        case .fillEqually:
            let each = max(0, (available - gaps.reduce(0, +)) / CGFloat(views.count))
            lengths = views.map { _ in each }
        case .fillProportionally:
            let total = lengths.reduce(0, +)
            let room = available - gaps.reduce(0, +)
            lengths = lengths.map { total > 0 ? $0 * room / total : room / CGFloat(views.count) }
        case .equalSpacing:
            if views.count > 1, spare > 0 { spaces = gaps.map { $0 + spare / CGFloat(views.count - 1) } }
        case .equalCentering:
            if views.count > 1 {
                // Centres evenly apart, from the first view's centre to the last one's.
                let first = lengths[0] / 2, last = lengths[lengths.count - 1] / 2
                let step = (available - first - last) / CGFloat(views.count - 1)
                spaces = (0..<(views.count - 1)).map { i in max(gaps[i], step - lengths[i] / 2 - lengths[i + 1] / 2) }
            }
        }
        let across = horizontal ? area.height : area.width
        var position = horizontal ? area.minX : area.minY
        for (index, view) in views.enumerated() {
            let own = length(of: view, along: !horizontal)
            let size: CGFloat, offset: CGFloat
            switch alignment {
            case .fill: (size, offset) = (across, 0)
            case .leading: (size, offset) = (own, 0)
            case .center: (size, offset) = (own, (across - own) / 2)
            case .trailing: (size, offset) = (own, across - own)
            case .firstBaseline, .lastBaseline: (size, offset) = (own, 0)
            }
            view.frame = horizontal
                ? CGRect(x: position, y: area.minY + offset, width: lengths[index], height: size)
                : CGRect(x: area.minX + offset, y: position, width: size, height: lengths[index])
            position += lengths[index] + (index < spaces.count ? spaces[index] : 0)
        }
        // Baselines are known once the views have their sizes: each moves down to the lowest.
        if horizontal, alignment == .firstBaseline || alignment == .lastBaseline {
            let baselines = views.map { $0.baselineOffsetFromTop(first: alignment == .firstBaseline) }
            let lowest = baselines.max() ?? 0
            for (view, baseline) in zip(views, baselines) { view.frame.origin.y = area.minY + lowest - baseline }
        }
    }
}
