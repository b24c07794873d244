import Vocabulary
import Foundation
import Views

/// A tab bar's look (iOS 13+): its background (`UIBarAppearance`) and how its items look in each
/// state. Phones in portrait lay items out stacked (image over title): `stackedLayoutAppearance`
/// is the one drawn; the inline forms are kept for code that sets them.
open class UITabBarAppearance: UIBarAppearance {
    open var stackedLayoutAppearance = UITabBarItemAppearance(style: .stacked)
    open var inlineLayoutAppearance = UITabBarItemAppearance(style: .inline)
    open var compactInlineLayoutAppearance = UITabBarItemAppearance(style: .compactInline)
    /// Declared; a selection indicator is not drawn (warns once when set).
    open var selectionIndicatorTintColor: UIColor? {
        didSet {
            if selectionIndicatorTintColor != nil {
                UIKitCompatibility.notHonoured("UITabBarAppearance.selectionIndicatorTintColor", "tab bars draw no selection indicator")
            }
        }
    }

    override func copyAll(from other: UIBarAppearance) {
        super.copyAll(from: other)
        guard let other = other as? UITabBarAppearance else { return }
        stackedLayoutAppearance = other.stackedLayoutAppearance.copy()
        inlineLayoutAppearance = other.inlineLayoutAppearance.copy()
        compactInlineLayoutAppearance = other.compactInlineLayoutAppearance.copy()
    }
}

/// How tab bar items look in one layout, per state.
@preconcurrency @MainActor
open class UITabBarItemAppearance {
    public enum Style: Int, Sendable { case stacked, inline, compactInline }

    public let style: Style
    public let normal = UITabBarItemStateAppearance()
    public let selected = UITabBarItemStateAppearance()
    public let disabled = UITabBarItemStateAppearance()
    public let focused = UITabBarItemStateAppearance()

    public init(style: Style = .stacked) {
        self.style = style
    }

    public required init?(coder: NSCoder) {
        style = .stacked
    }

    /// The system's look: resets every state.
    open func configureWithDefault(for style: Style) {
        for state in [normal, selected, disabled, focused] { state.copy(from: UITabBarItemStateAppearance()) }
    }

    open func copy() -> UITabBarItemAppearance {
        let copy = UITabBarItemAppearance(style: style)
        copy.normal.copy(from: normal)
        copy.selected.copy(from: selected)
        copy.disabled.copy(from: disabled)
        copy.focused.copy(from: focused)
        return copy
    }
}

/// One state of a tab bar item: title attributes, icon colour and badge colours.
@preconcurrency @MainActor
public final class UITabBarItemStateAppearance {
    /// `.foregroundColor` and `.font` are drawn.
    public var titleTextAttributes: [NSAttributedString.Key: Any] = [:]
    public var titlePositionAdjustment: UIOffset = .zero
    /// The icon's colour; nil takes the title's.
    public var iconColor: UIColor?
    public var badgeBackgroundColor: UIColor?
    /// `.foregroundColor` and `.font` are drawn.
    public var badgeTextAttributes: [NSAttributedString.Key: Any] = [:]
    public var badgePositionAdjustment: UIOffset = .zero
    public var badgeTitlePositionAdjustment: UIOffset = .zero

    init() {}

    func copy(from other: UITabBarItemStateAppearance) {
        titleTextAttributes = other.titleTextAttributes
        titlePositionAdjustment = other.titlePositionAdjustment
        iconColor = other.iconColor
        badgeBackgroundColor = other.badgeBackgroundColor
        badgeTextAttributes = other.badgeTextAttributes
        badgePositionAdjustment = other.badgePositionAdjustment
        badgeTitlePositionAdjustment = other.badgeTitlePositionAdjustment
    }
}

/// A toolbar's look (iOS 13+): its background and how its buttons look.
open class UIToolbarAppearance: UIBarAppearance {
    open var buttonAppearance = UIBarButtonItemAppearance(style: .plain)
    open var doneButtonAppearance = UIBarButtonItemAppearance(style: .done)

    override func copyAll(from other: UIBarAppearance) {
        super.copyAll(from: other)
        guard let other = other as? UIToolbarAppearance else { return }
        buttonAppearance = other.buttonAppearance.copy()
        doneButtonAppearance = other.doneButtonAppearance.copy()
    }
}
