import Vocabulary
import Views
import Foundation

/// A section's header or footer: a content view with the list header or footer style of its
/// table (`defaultContentConfiguration()`), reused by identifier as cells are. The table shows
/// one for a section title (`titleForHeaderInSection`) unless the delegate gives its own view.
///
/// Made from a registered class with `init(reuseIdentifier:)`, which is `required` here for the
/// reason `UITableViewCell.init(style:reuseIdentifier:)` is.
open class UITableViewHeaderFooterView: UIView {
    open private(set) var reuseIdentifier: String?
    public private(set) var contentView = UIView()

    public required init(reuseIdentifier: String?) {
        self.reuseIdentifier = reuseIdentifier
        super.init(frame: .zero)
        addSubview(contentView)
    }

    public convenience override init(frame: CGRect) {
        self.init(reuseIdentifier: nil)
        self.frame = frame
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        addSubview(contentView)
    }

    /// Whether the view is a header or a footer, and in which style of table.
    var role: (isHeader: Bool, style: UITableView.Style) = (true, .plain)

    /// The header or footer style of the table the view is in: `plainHeader()` and
    /// `plainFooter()` in a plain table, `groupedHeader()` and `groupedFooter()` otherwise.
    open func defaultContentConfiguration() -> UIListContentConfiguration {
        switch (role.isHeader, role.style) {
        case (true, .plain): .plainHeader()
        case (false, .plain): .plainFooter()
        case (true, _): .groupedHeader()
        case (false, _): .groupedFooter()
        }
    }

    open var contentConfiguration: UIContentConfiguration? {
        didSet {
            guard let configuration = contentConfiguration else { return }
            if let view = contentView as? UIView & UIContentView, view.supports(configuration) {
                view.configuration = configuration
                return
            }
            let view = configuration.makeContentView()
            contentView.removeFromSuperview()
            contentView = view
            addSubview(view)
            setNeedsLayout()
        }
    }

    /// The header's background (nil: the table's, clear in grouped styles and systemBackground in a plain table).
    open var backgroundConfiguration: UIBackgroundConfiguration? {
        didSet {
            background?.removeFromSuperview()
            background = backgroundConfiguration.map(BackgroundConfigurationView.init)
            if let background { insertSubview(background, at: 0) }
            setNeedsLayout()
        }
    }
    private var background: BackgroundConfigurationView?

    open var backgroundView: UIView? {
        didSet {
            oldValue?.removeFromSuperview()
            if let backgroundView { insertSubview(backgroundView, at: 0) }
            setNeedsLayout()
        }
    }

    /// The classic header text: setting it shows the table's header style with that text.
    open var textLabel: UILabel? {
        if let storedTextLabel { return storedTextLabel }
        let label = UILabel()
        let content = defaultContentConfiguration()
        label.font = content.textProperties.font
        label.textColor = content.textProperties.color
        storedTextLabel = label
        contentView.addSubview(label)
        return label
    }
    private var storedTextLabel: UILabel?

    open var detailTextLabel: UILabel? { nil }

    /// Called before a reused view is handed out again.
    open func prepareForReuse() {}

    /// The height the view needs at `width`.
    func fittingHeight(width: CGFloat) -> CGFloat {
        if contentView is UIContentView { return contentView.sizeThatFits(CGSize(width: width, height: 0)).height }
        if !contentView.constraints.isEmpty {
            return contentView.systemLayoutSizeFitting(CGSize(width: width, height: 0), withHorizontalFittingPriority: .required,
                                                       verticalFittingPriority: .fittingSizeLevel).height
        }
        return bounds.height
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        for view in [background, backgroundView].compactMap({ $0 }) { view.frame = bounds }
        contentView.frame = bounds
        if let label = storedTextLabel {
            let content = defaultContentConfiguration()
            let margins = content.directionalLayoutMargins
            let size = label.sizeThatFits(CGSize(width: bounds.width - margins.leading - margins.trailing, height: 0))
            label.frame = CGRect(x: margins.leading, y: bounds.height - margins.bottom - size.height,
                                 width: bounds.width - margins.leading - margins.trailing, height: size.height)
        }
    }
}
