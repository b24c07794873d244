import Vocabulary
import Foundation
import Views

/// A tab bar's look (iOS 13+): its background (`UIBarAppearance`) and how its items look in each
/// state. Phones in portrait lay items out stacked (image over title): `stackedLayoutAppearance`
/// is the one drawn; the inline forms are kept for code that sets them.
open class UITabBarAppearance: UIBarAppearance {
    open var stackedLayoutAppearance = UITabBarItemAppearance(style: .stacked)
    /// Declared: tab bars here always lay items out stacked, so its settings warn once.
    open var inlineLayoutAppearance = UITabBarItemAppearance(style: .inline)
    /// Declared: tab bars here always lay items out stacked, so its settings warn once.
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
    public let normal: UITabBarItemStateAppearance
    public let selected: UITabBarItemStateAppearance
    public let disabled: UITabBarItemStateAppearance
    /// Declared: nothing takes focus headless (its settings warn once).
    public let focused = UITabBarItemStateAppearance(undrawn: "focused")

    public init(style: Style = .stacked) {
        self.style = style
        let undrawn = style == .stacked ? nil : "\(style) layout"
        normal = UITabBarItemStateAppearance(undrawn: undrawn)
        selected = UITabBarItemStateAppearance(undrawn: undrawn)
        disabled = UITabBarItemStateAppearance(undrawn: undrawn)
    }

    public required convenience init?(coder: NSCoder) {
        self.init(style: .stacked)
    }

    /// The system's look: resets every state.
    open func configureWithDefault(for style: Style) {
        for state in [normal, selected, disabled, focused] { state.copy(from: UITabBarItemStateAppearance(undrawn: nil)) }
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

/// One state of a tab bar item: title attributes, icon colour and badge colours. Position
/// adjustments are not applied (they warn once), nor is a state that is never drawn (inline
/// layouts, focus).
@preconcurrency @MainActor
public final class UITabBarItemStateAppearance {
    /// `.foregroundColor` and `.font` are drawn.
    public var titleTextAttributes: [NSAttributedString.Key: Any] = [:] { didSet { warnIfUndrawn("titleTextAttributes", !titleTextAttributes.isEmpty) } }
    public var titlePositionAdjustment: UIOffset = .zero { didSet { warnIfMoved(titlePositionAdjustment, "titlePositionAdjustment") } }
    /// The icon's colour; nil takes the title's.
    public var iconColor: UIColor? { didSet { warnIfUndrawn("iconColor", iconColor != nil) } }
    public var badgeBackgroundColor: UIColor? { didSet { warnIfUndrawn("badgeBackgroundColor", badgeBackgroundColor != nil) } }
    /// `.foregroundColor` and `.font` are drawn.
    public var badgeTextAttributes: [NSAttributedString.Key: Any] = [:] { didSet { warnIfUndrawn("badgeTextAttributes", !badgeTextAttributes.isEmpty) } }
    public var badgePositionAdjustment: UIOffset = .zero { didSet { warnIfMoved(badgePositionAdjustment, "badgePositionAdjustment") } }
    public var badgeTitlePositionAdjustment: UIOffset = .zero {
        didSet { warnIfMoved(badgeTitlePositionAdjustment, "badgeTitlePositionAdjustment") }
    }
    /// Why this state is never drawn, or nil when it is.
    private let undrawn: String?

    init(undrawn: String? = nil) {
        self.undrawn = undrawn
    }

    private func warnIfUndrawn(_ member: String, _ isSet: Bool) {
        guard let undrawn, isSet else { return }
        UIKitCompatibility.notHonoured("UITabBarItemStateAppearance.\(member) of the \(undrawn)",
                                       "tab bars here lay items out stacked and take no focus")
    }

    private func warnIfMoved(_ offset: UIOffset, _ member: String) {
        if offset != .zero { UIKitCompatibility.notHonoured("UITabBarItemStateAppearance.\(member)", "tab bar items are not moved") }
    }

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
