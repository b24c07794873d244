import Vocabulary
import Foundation

/// A cell's or header's background: a colour, a custom view, a corner radius, a stroke and
/// insets (UIKit, iOS 14).
///
/// The list styles resolve their colour from the state, as iOS does, unless `backgroundColor`
/// is set (a set colour stays, selected or not, as on iOS):
///
/// | style | normal | highlighted or selected |
/// |---|---|---|
/// | `listPlainCell()` | systemBackground | systemGray4 |
/// | `listGroupedCell()` | secondarySystemGroupedBackground | systemGray4 |
/// | `listSidebarCell()`, `listAccompaniedSidebarCell()` | clear | systemGray4 |
/// | `listPlainHeaderFooter()` | systemBackground | – |
/// | `listGroupedHeaderFooter()`, `listSidebarHeader()`, `clear()` | clear | – |
///
/// In an inset-grouped list the first and last rows of a section round their outer corners by
/// 10 pt unless `cornerRadius` is set.
public struct UIBackgroundConfiguration: Hashable {
    enum Style: Hashable { case custom, plainCell, groupedCell, sidebarCell, plainHeaderFooter, clear }

    let style: Style
    /// Whether the configuration was updated for a highlighted or selected state.
    private var isEmphasized = false

    public var customView: UIView?
    public var cornerRadius: CGFloat = 0
    public var backgroundInsets: NSDirectionalEdgeInsets = .zero
    public var backgroundColor: UIColor?
    public var backgroundColorTransformer: UIConfigurationColorTransformer?
    public var strokeColor: UIColor?
    public var strokeColorTransformer: UIConfigurationColorTransformer?
    public var strokeWidth: CGFloat = 0
    public var strokeOutset: CGFloat = 0
    public var image: UIImage?
    public var imageContentMode: UIView.ContentMode = .scaleToFill

    init(_ style: Style) { self.style = style }

    public static func clear() -> Self { Self(.clear) }
    public static func listPlainCell() -> Self { Self(.plainCell) }
    public static func listGroupedCell() -> Self { Self(.groupedCell) }
    public static func listSidebarCell() -> Self { Self(.sidebarCell) }
    public static func listAccompaniedSidebarCell() -> Self { Self(.sidebarCell) }
    public static func listPlainHeaderFooter() -> Self { Self(.plainHeaderFooter) }
    public static func listGroupedHeaderFooter() -> Self { Self(.clear) }
    public static func listSidebarHeader() -> Self { Self(.clear) }
    /// iOS 18's row background, which adapts to the list: the plain row here.
    public static func listCell() -> Self { Self(.plainCell) }
    /// iOS 18's header background: clear.
    public static func listHeader() -> Self { Self(.clear) }
    public static func listFooter() -> Self { Self(.clear) }

    /// The colour the background is filled with, for a view whose tint is `tintColor`.
    public func resolvedBackgroundColor(for tintColor: UIColor) -> UIColor {
        let base: UIColor
        if let backgroundColor {
            base = backgroundColor
        } else {
            switch style {
            case .plainCell: base = isEmphasized ? .systemGray4 : .systemBackground
            case .groupedCell: base = isEmphasized ? .systemGray4 : .secondarySystemGroupedBackground
            case .sidebarCell: base = isEmphasized ? .systemGray4 : .clear
            case .plainHeaderFooter: base = .systemBackground
            case .custom, .clear: base = .clear
            }
        }
        return backgroundColorTransformer?(base) ?? base
    }

    public func resolvedStrokeColor(for tintColor: UIColor) -> UIColor {
        let base = strokeColor ?? tintColor
        return strokeColorTransformer?(base) ?? base
    }

    /// The configuration for a state: a list row's colour for highlighted and selected rows.
    public func updated(for state: UIConfigurationState) -> Self {
        var copy = self
        if let cell = state as? UICellConfigurationState {
            copy.isEmphasized = cell.isHighlighted || cell.isSelected
        } else if let view = state as? UIViewConfigurationState {
            copy.isEmphasized = view.isHighlighted || view.isSelected
        }
        return copy
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.style == rhs.style && lhs.isEmphasized == rhs.isEmphasized && lhs.customView === rhs.customView
            && lhs.cornerRadius == rhs.cornerRadius && lhs.backgroundInsets == rhs.backgroundInsets
            && lhs.backgroundColor == rhs.backgroundColor && lhs.strokeColor == rhs.strokeColor
            && lhs.strokeWidth == rhs.strokeWidth && lhs.strokeOutset == rhs.strokeOutset && lhs.image === rhs.image
            && (lhs.backgroundColorTransformer == nil) == (rhs.backgroundColorTransformer == nil)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(style)
        hasher.combine(isEmphasized)
        hasher.combine(cornerRadius)
    }
}

/// The view that draws a background configuration behind a cell's content.
package final class BackgroundConfigurationView: UIView {
    package var configuration: UIBackgroundConfiguration {
        didSet { apply() }
    }
    /// Rounded corners the list asks for when the configuration sets none: the radius and which corners.
    package var listCorners: (radius: CGFloat, corners: CACornerMask) = (0, []) {
        didSet { apply() }
    }
    private let fill = UIView()
    private let imageView = UIImageView()

    /// Shows `base` (updated for `state`, when given) at the back of `host`: in `current` when
    /// there is one, else in a new view inserted below `host`'s other subviews; with no `base`,
    /// `current` is removed. Returns the view now shown, and whether it was made.
    package static func show(_ base: UIBackgroundConfiguration?, for state: UICellConfigurationState?, in host: UIView,
                             replacing current: BackgroundConfigurationView?) -> (view: BackgroundConfigurationView?, made: Bool) {
        guard let base else {
            current?.removeFromSuperview()
            return (nil, false)
        }
        let configuration = state.map { base.updated(for: $0) } ?? base
        if let current {
            current.configuration = configuration
            return (current, false)
        }
        let view = BackgroundConfigurationView(configuration)
        host.insertSubview(view, at: 0)
        return (view, true)
    }

    package init(_ configuration: UIBackgroundConfiguration) {
        self.configuration = configuration
        super.init(frame: .zero)
        isUserInteractionEnabled = false
        addSubview(fill)
        fill.addSubview(imageView)
        apply()
    }

    package required init?(coder: NSCoder) { nil }

    private func apply() {
        let tint = tintColor ?? .tintColor
        fill.backgroundColor = configuration.resolvedBackgroundColor(for: tint)
        if configuration.cornerRadius > 0 {
            fill.layer.cornerRadius = configuration.cornerRadius
            fill.layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner]
        } else {
            fill.layer.cornerRadius = listCorners.radius
            fill.layer.maskedCorners = listCorners.corners
        }
        fill.clipsToBounds = fill.layer.cornerRadius > 0
        fill.layer.borderWidth = configuration.strokeWidth
        fill.layer.borderColor = configuration.strokeWidth > 0 ? configuration.resolvedStrokeColor(for: tint).cgColor : nil
        imageView.image = configuration.image
        imageView.contentMode = configuration.imageContentMode
        imageView.isHidden = configuration.image == nil
        if let custom = configuration.customView, custom.superview !== fill {
            for view in fill.subviews where view !== imageView { view.removeFromSuperview() }
            fill.addSubview(custom)
        } else if configuration.customView == nil {
            for view in fill.subviews where view !== imageView { view.removeFromSuperview() }
        }
        setNeedsLayout()
    }

    package override func layoutSubviews() {
        super.layoutSubviews()
        let insets = configuration.backgroundInsets
        let outset = configuration.strokeWidth > 0 ? configuration.strokeOutset : 0
        fill.frame = CGRect(x: insets.leading - outset, y: insets.top - outset,
                            width: bounds.width - insets.leading - insets.trailing + 2 * outset,
                            height: bounds.height - insets.top - insets.bottom + 2 * outset)
        imageView.frame = fill.bounds
        configuration.customView?.frame = fill.bounds
    }

    package override func tintColorDidChange() {
        super.tintColorDidChange()
        apply()
    }
}
