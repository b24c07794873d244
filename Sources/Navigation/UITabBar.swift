import Vocabulary
import Foundation
import Views

/// Told when the user selects an item of a tab bar.
@preconcurrency @MainActor
public protocol UITabBarDelegate: AnyObject {
    func tabBar(_ tabBar: UITabBar, didSelect item: UITabBarItem)
}

extension UITabBarDelegate {
    public func tabBar(_ tabBar: UITabBar, didSelect item: UITabBarItem) {}
}

/// A bar of tabs, as iOS 17 draws it on iPhone (our reading of Apple's HIG and documentation):
/// 49 pt tall above the home indicator, its background reaching under it; items share the width
/// equally, each a 25 pt image centred 7 pt below the top over its title in 10 pt medium, in the
/// tint colour when selected and `systemGray` when not; a badge is a `systemRed` capsule 18 pt
/// tall (at least as wide) with its text in 13 pt white, its leading edge 6 pt right of the
/// image's centre and its top 2 pt below the bar's. A tap on an item selects it and tells the
/// delegate.
///
/// The background follows `standardAppearance`, or `scrollEdgeAppearance` while the content
/// scroll view of the selected tab is scrolled to its bottom (or it has none): with no
/// scroll-edge appearance that is the standard one made transparent, as on iOS 15+.
open class UITabBar: UIView, UITabBarItemObserver {
    /// The bar's height above the bottom safe area.
    public static let barHeight: CGFloat = 49

    open weak var delegate: UITabBarDelegate?
    open var items: [UITabBarItem]? {
        didSet {
            for item in oldValue ?? [] where item.observer === self { item.observer = nil }
            for item in items ?? [] { item.observer = self }
            if let selectedItem, !(items ?? []).contains(where: { $0 === selectedItem }) { self.selectedItem = nil }
            invalidateButtons()
        }
    }
    open var selectedItem: UITabBarItem? {
        didSet { invalidateButtons() }
    }
    /// The selected item's colour; nil is the view's tint colour.
    open var selectedImageTintColor: UIColor? { didSet { invalidateButtons() } }
    /// Unselected items' colour; nil is `systemGray`.
    open var unselectedItemTintColor: UIColor? { didSet { invalidateButtons() } }
    open var standardAppearance = UITabBarAppearance() { didSet { invalidateButtons() } }
    /// The appearance while the content is scrolled to its bottom; nil uses `standardAppearance`
    /// with a transparent background.
    open var scrollEdgeAppearance: UITabBarAppearance? { didSet { invalidateButtons() } }
    /// A colour over the appearance's background, as iOS bridges this older property.
    open var barTintColor: UIColor?
    /// False draws the background opaque, without material.
    open var isTranslucent = true

    /// Whether the bar shows its scroll-edge state; set by the tab bar controller, which knows
    /// the content. A bar on its own is at no edge.
    var isAtScrollEdge: () -> Bool = { false }

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

    open func setItems(_ items: [UITabBarItem]?, animated: Bool) {
        self.items = items
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: size.width, height: Self.barHeight + safeAreaInsets.bottom)
    }

    package func tabBarItemChanged(_ item: UITabBarItem) { invalidateButtons() }

    private var backgroundAppearance: UIBarAppearance? {
        let atEdge = isAtScrollEdge()
        let appearance = atEdge ? scrollEdgeAppearance ?? standardAppearance : standardAppearance
        if atEdge, scrollEdgeAppearance == nil { return nil }
        return appearance.bridging(barTintColor: barTintColor, isTranslucent: isTranslucent)
    }

    /// Selects `item` as a tap does: the delegate hears of it after the selection changes.
    func userSelected(_ item: UITabBarItem) {
        guard item.isEnabled else { return }
        if let controller = tabBarController, let index = items?.firstIndex(where: { $0 === item }) {
            controller.userSelectedTab(at: index)
            return
        }
        selectedItem = item
        delegate?.tabBar(self, didSelect: item)
    }

    weak var tabBarController: UITabBarController?

    private func invalidateButtons() {
        buttonsMade.invalidate()
        setNeedsLayout()
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        background.frame = CGRect(x: 0, y: 0, width: bounds.width, height: bounds.height)
        guard buttonsMade.remake(forWidth: bounds.width) else { return }
        for button in buttons { button.removeFromSuperview() }
        let items = items ?? []
        guard !items.isEmpty else { return buttons = [] }
        let width = bounds.width / CGFloat(items.count)
        let appearance = standardAppearance.stackedLayoutAppearance
        buttons = items.enumerated().map { index, item in
            let state = !item.isEnabled ? appearance.disabled : item === selectedItem ? appearance.selected : appearance.normal
            let standardColor: UIColor = !item.isEnabled ? .tertiaryLabel
                : item === selectedItem ? selectedImageTintColor ?? tintColor ?? .systemBlue : unselectedItemTintColor ?? .systemGray
            let button = TabBarButton(item: item, selected: item === selectedItem, state: state, color: standardColor)
            button.frame = CGRect(x: CGFloat(index) * width, y: 0, width: width, height: Self.barHeight)
            button.action = { [weak self, weak item] in
                if let self, let item { self.userSelected(item) }
            }
            addSubview(button)
            return button
        }
    }
}

/// One tab: image, title and badge, laid out as `UITabBar` describes.
final class TabBarButton: UIView {
    var action: (() -> Void)?
    private var imageView: UIImageView?
    private let label = UILabel(frame: .zero)
    private var badge: UILabel?

    init(item: UITabBarItem, selected: Bool, state: UITabBarItemStateAppearance, color: UIColor) {
        super.init(frame: .zero)
        let titleColor = state.titleTextAttributes[.foregroundColor] as? UIColor ?? color
        let iconColor = state.iconColor ?? titleColor
        let image = selected ? item.selectedImage ?? item.image : item.image
        if let image {
            let imageView = UIImageView(image: image.withRenderingMode(.alwaysTemplate))
            imageView.tintColor = iconColor
            imageView.contentMode = .scaleAspectFit
            self.imageView = imageView
            addSubview(imageView)
        }
        label.text = item.title
        label.font = state.titleTextAttributes[.font] as? UIFont ?? .systemFont(ofSize: 10, weight: .medium)
        label.textColor = titleColor
        label.textAlignment = .center
        addSubview(label)
        if let badgeValue = item.badgeValue {
            let badge = UILabel(frame: .zero)
            badge.text = badgeValue
            badge.font = state.badgeTextAttributes[.font] as? UIFont ?? .systemFont(ofSize: 13)
            badge.textColor = state.badgeTextAttributes[.foregroundColor] as? UIColor ?? .white
            badge.textAlignment = .center
            badge.backgroundColor = state.badgeBackgroundColor ?? item.badgeColor ?? .systemRed
            badge.layer.cornerRadius = badgeValue.isEmpty ? 4 : 9
            badge.clipsToBounds = true
            self.badge = badge
            addSubview(badge)
        }
        addGestureRecognizer(UITapGestureRecognizer { [weak self] recognizer in
            if recognizer.state == .ended { self?.action?() }
        })
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let centerX = bounds.midX
        imageView?.frame = CGRect(x: centerX - 12.5, y: 7, width: 25, height: 25)
        label.frame = CGRect(x: 2, y: 34, width: max(0, bounds.width - 4), height: 12)
        if let badge {
            let text = badge.text ?? ""
            let size: CGSize = text.isEmpty ? CGSize(width: 8, height: 8)
                : CGSize(width: max(18, ceil(badge.font.width(of: text)) + 10), height: 18)
            badge.frame = CGRect(x: centerX + 6, y: 2, width: size.width, height: size.height)
        }
    }
}
