import Vocabulary
import Foundation
import Views

/// A bar of buttons, 44 pt tall (our reading of iOS 17's toolbar on iPhone, from the HIG), drawn
/// with its standard appearance: the system chrome material by default, with a hairline along
/// its top. Items sit between 16 pt margins, 8 pt apart; a flexible space takes an equal share of
/// the room the other items leave, a fixed space its `width`. A tap on an item runs its action.
///
///     let toolbar = UIToolbar(frame: CGRect(x: 0, y: 756, width: 390, height: 44))
///     toolbar.items = [UIBarButtonItem(barButtonSystemItem: .trash), .flexibleSpace(),
///                      UIBarButtonItem(barButtonSystemItem: .compose)]
open class UIToolbar: UIView {
    /// The toolbar's height on iPhone.
    public static let barHeight: CGFloat = 44

    open var items: [UIBarButtonItem]? {
        didSet { invalidateButtons() }
    }
    open var standardAppearance = UIToolbarAppearance() {
        didSet { invalidateButtons() }
    }
    /// The appearance in a compact-height environment; nil uses `standardAppearance`.
    open var compactAppearance: UIToolbarAppearance? {
        didSet { invalidateButtons() }
    }
    /// Declared: a stand-alone toolbar has no content scroll view to be at the edge of, so it
    /// always draws its standard (or compact) appearance (warns once when set).
    open var scrollEdgeAppearance: UIToolbarAppearance? {
        didSet {
            if scrollEdgeAppearance != nil {
                UIKitCompatibility.notHonoured("UIToolbar.scrollEdgeAppearance", "a stand-alone toolbar always draws its standardAppearance")
            }
        }
    }
    /// A colour over the appearance's background, as iOS bridges this older property.
    open var barTintColor: UIColor? {
        didSet { invalidateButtons() }
    }
    /// False draws the background opaque, without material.
    open var isTranslucent = true

    private var background = UIView(frame: .zero)
    private var buttons: [UIView] = []
    private var buttonsMade = BarButtonsMade()

    public override init(frame: CGRect) {
        super.init(frame: frame)
        background = BarBackground.makeView(contentEdge: .top) { [unowned self] in self.backgroundAppearance }
        addSubview(background)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    open func setItems(_ items: [UIBarButtonItem]?, animated: Bool) {
        self.items = items
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: size.width, height: Self.barHeight)
    }

    private var activeAppearance: UIToolbarAppearance {
        traitCollection.verticalSizeClass == .compact ? compactAppearance ?? standardAppearance : standardAppearance
    }

    private var backgroundAppearance: UIBarAppearance {
        activeAppearance.bridging(barTintColor: barTintColor, isTranslucent: isTranslucent)
    }

    private func invalidateButtons() {
        buttonsMade.invalidate()
        setNeedsLayout()
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        // The background reaches down under the home indicator when the bar sits on it.
        background.frame = CGRect(x: 0, y: 0, width: bounds.width, height: bounds.height + safeAreaInsets.bottom)
        guard buttonsMade.remake(forWidth: bounds.width) else { return }
        for button in buttons { button.removeFromSuperview() }
        buttons = []
        let items = items ?? []
        let appearance = activeAppearance
        let tint = tintColor ?? .systemBlue
        let row = min(bounds.height, Self.barHeight)
        // Widths first, then the room left for flexible spaces.
        var views: [(item: UIBarButtonItem, view: UIView?, width: CGFloat)] = []
        for item in items {
            switch item.systemItem {
            case .flexibleSpace?: views.append((item, nil, 0))
            case .fixedSpace?: views.append((item, nil, item.width))
            default:
                let button = BarButton(item: item, color: item.tintColor ?? tint,
                                       plain: appearance.buttonAppearance, done: appearance.doneButtonAppearance)
                views.append((item, button, item.width > 0 ? item.width : button.fittingWidth))
            }
        }
        let margin: CGFloat = 16, spacing: CGFloat = 8
        let buttonCount = views.filter { $0.view != nil }.count
        let flexibleCount = items.filter { $0.systemItem == .flexibleSpace }.count
        let used = views.reduce(0) { $0 + $1.width } + CGFloat(max(0, buttonCount - 1)) * spacing
        let flexible = flexibleCount > 0 ? max(0, bounds.width - 2 * margin - used) / CGFloat(flexibleCount) : 0
        var x = margin
        var previousWasButton = false
        for entry in views {
            guard let view = entry.view else {
                x += entry.item.systemItem == .flexibleSpace ? flexible : entry.width
                continue
            }
            if previousWasButton { x += spacing }
            view.frame = CGRect(x: x, y: 0, width: entry.width, height: row)
            addSubview(view)
            buttons.append(view)
            x += entry.width
            previousWasButton = true
        }
    }
}

/// When a bar's buttons are made again: for a new width, or after `invalidate()` (its items or
/// their look changed). Never otherwise, so a touch that began on a button ends on the same one.
struct BarButtonsMade {
    private var generation = 0
    private var made: (width: CGFloat, generation: Int)?

    mutating func invalidate() { generation += 1 }

    /// Whether the buttons must be made for `width` now; if so, they count as made.
    mutating func remake(forWidth width: CGFloat) -> Bool {
        guard made.map({ $0.width != width || $0.generation != generation }) ?? true else { return false }
        made = (width, generation)
        return true
    }
}
