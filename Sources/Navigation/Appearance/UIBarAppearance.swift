import Vocabulary
import Foundation
import DisplayList
import Raster
import Views

/// How a bar's background looks (iOS 13+): a material (`backgroundEffect`), a colour over it,
/// and the hairline below it (`shadowColor`). Navigation bars, toolbars and tab bars each take
/// one for their standard, compact and scroll-edge states.
///
///     let appearance = UINavigationBarAppearance()
///     appearance.configureWithOpaqueBackground()
///     appearance.backgroundColor = .systemIndigo
///     navigationBar.standardAppearance = appearance
@preconcurrency @MainActor
open class UIBarAppearance {
    /// The device idiom it was made for (phones only here).
    public let idiom: UIUserInterfaceIdiom
    /// The material behind the bar; nil for none.
    open var backgroundEffect: UIBlurEffect?
    /// A colour drawn over the material; nil for none.
    open var backgroundColor: UIColor?
    /// Declared; a background image is not drawn (warns once).
    open var backgroundImage: UIImage? {
        didSet {
            if backgroundImage != nil {
                UIKitCompatibility.notHonoured("UIBarAppearance.backgroundImage",
                                               "bar background images are not drawn; use backgroundColor or backgroundEffect")
            }
        }
    }
    open var backgroundImageContentMode: UIView.ContentMode = .scaleToFill
    /// The hairline at the bar's edge (below a navigation bar, above a tab bar or toolbar); nil
    /// or clear for none.
    open var shadowColor: UIColor?
    /// Declared; a shadow image is not drawn (warns once), the `shadowColor` hairline is.
    open var shadowImage: UIImage? {
        didSet {
            if shadowImage != nil {
                UIKitCompatibility.notHonoured("UIBarAppearance.shadowImage",
                                               "bar shadow images are not drawn; the shadowColor hairline is")
            }
        }
    }

    /// The default background (a bar's `standardAppearance`).
    public init(idiom: UIUserInterfaceIdiom = .phone) {
        self.idiom = idiom
        configureWithDefaultBackground()
    }

    /// A copy of `barAppearance`'s background settings.
    public init(barAppearance: UIBarAppearance) {
        idiom = barAppearance.idiom
        copyBackground(from: barAppearance)
    }

    public required init?(coder: NSCoder) {
        idiom = .phone
        configureWithDefaultBackground()
    }

    /// This appearance with a bar's older properties folded in, as iOS bridges them: a
    /// `barTintColor` over the background colour, and without `isTranslucent` no material and
    /// an opaque background (the system background when no colour is set). The appearance itself
    /// when neither is set.
    func bridging(barTintColor: UIColor?, isTranslucent: Bool) -> UIBarAppearance {
        guard barTintColor != nil || !isTranslucent else { return self }
        let bridged = UIBarAppearance(barAppearance: self)
        if let barTintColor { bridged.backgroundColor = barTintColor }
        if !isTranslucent {
            bridged.backgroundEffect = nil
            if bridged.backgroundColor == nil { bridged.backgroundColor = .systemBackground }
        }
        return bridged
    }

    /// The system chrome material and a hairline: how iOS draws a bar with content under it.
    open func configureWithDefaultBackground() {
        backgroundEffect = UIBlurEffect(style: .systemChromeMaterial)
        backgroundColor = nil
        shadowColor = Self.defaultShadowColor
    }

    /// The system background colour, opaque, and a hairline.
    open func configureWithOpaqueBackground() {
        backgroundEffect = nil
        backgroundColor = .systemBackground
        shadowColor = Self.defaultShadowColor
    }

    /// Nothing: no material, no colour, no hairline (a scroll-edge bar on iOS 15+).
    open func configureWithTransparentBackground() {
        backgroundEffect = nil
        backgroundColor = nil
        shadowColor = nil
    }

    /// A copy of this appearance (a subclass copies its own settings too).
    open func copy() -> Self {
        let copy = Self(coder: NSCoder()) ?? self
        copy.copyAll(from: self)
        return copy
    }

    /// Copies every setting of `other` onto this appearance; subclasses add theirs.
    func copyAll(from other: UIBarAppearance) {
        copyBackground(from: other)
    }

    private func copyBackground(from other: UIBarAppearance) {
        backgroundEffect = other.backgroundEffect
        backgroundColor = other.backgroundColor
        backgroundImageContentMode = other.backgroundImageContentMode
        shadowColor = other.shadowColor
    }

    /// The hairline of the default and opaque backgrounds: black at 30 % in light appearance,
    /// white at 15 % in dark (our reading of iOS 17's bars; the SDK does not publish it).
    static var defaultShadowColor: UIColor {
        UIColor { $0.userInterfaceStyle == .dark ? UIColor(white: 1, alpha: 0.15) : UIColor(white: 0, alpha: 0.3) }
    }

    /// What the background draws over `rect` (the bar's bounds coordinates, reaching up under
    /// the status bar for a navigation bar): the material, then the colour.
    func backgroundCommands(in rect: CGRect, traits: UITraitCollection) -> [DrawingCommand] {
        let shape = Path(rect: rect)
        var commands: [DrawingCommand] = []
        if let backgroundEffect {
            commands += backgroundEffect.material(dark: traits.userInterfaceStyle == .dark).commands(in: shape)
        }
        if let color = backgroundColor?.resolvedColor(with: traits).rasterColor, color.alpha > 0 {
            commands.append(.fill(shape, color: color, rule: .nonZero))
        }
        return commands
    }

    /// The hairline's colour, or nil when it shows nothing.
    func hairline(traits: UITraitCollection) -> Color? {
        guard let color = shadowColor?.resolvedColor(with: traits).rasterColor, color.alpha > 0 else { return nil }
        return color
    }
}

/// The state of one kind of bar button (`normal`, `highlighted`, `disabled`, `focused`).
/// Headless bar buttons show no highlight and take no focus: settings of those two states warn
/// once, as do position adjustments, which are not applied.
@preconcurrency @MainActor
public final class UIBarButtonItemStateAppearance {
    /// The title's attributes: `.foregroundColor` and `.font` are drawn.
    public var titleTextAttributes: [NSAttributedString.Key: Any] = [:] {
        didSet { warnIfUndrawn("titleTextAttributes") }
    }
    public var titlePositionAdjustment: UIOffset = .zero {
        didSet { warnIfSet(titlePositionAdjustment != .zero, "titlePositionAdjustment", "bar button titles are not moved") }
    }
    /// Declared; bar button background images are not drawn (warns once).
    public var backgroundImage: UIImage? {
        didSet { warnIfSet(backgroundImage != nil, "backgroundImage", "bar button backgrounds are not drawn") }
    }
    public var backgroundImagePositionAdjustment: UIOffset = .zero {
        didSet { warnIfSet(backgroundImagePositionAdjustment != .zero, "backgroundImagePositionAdjustment", "bar button backgrounds are not drawn") }
    }
    /// Why this state is never drawn, or nil when it is.
    private let undrawn: String?

    init(undrawn: String? = nil) {
        self.undrawn = undrawn
    }

    private func warnIfUndrawn(_ member: String) {
        guard let undrawn, !titleTextAttributes.isEmpty else { return }
        UIKitCompatibility.notHonoured("UIBarButtonItemStateAppearance.\(member) of the \(undrawn) state",
                                       "bar buttons show no \(undrawn) state headless")
    }

    private func warnIfSet(_ isSet: Bool, _ member: String, _ why: String) {
        if isSet { UIKitCompatibility.notHonoured("UIBarButtonItemStateAppearance.\(member)", why) }
    }

    func copy(from other: UIBarButtonItemStateAppearance) {
        titleTextAttributes = other.titleTextAttributes
        titlePositionAdjustment = other.titlePositionAdjustment
        backgroundImagePositionAdjustment = other.backgroundImagePositionAdjustment
    }
}

/// How a kind of bar button (plain, done, back) looks in each state.
@preconcurrency @MainActor
open class UIBarButtonItemAppearance {
    public let style: UIBarButtonItem.Style
    public let normal = UIBarButtonItemStateAppearance()
    /// Declared: headless bar buttons show no highlight (its settings warn once).
    public let highlighted = UIBarButtonItemStateAppearance(undrawn: "highlighted")
    public let disabled = UIBarButtonItemStateAppearance()
    /// Declared: nothing takes focus headless (its settings warn once).
    public let focused = UIBarButtonItemStateAppearance(undrawn: "focused")

    public init(style: UIBarButtonItem.Style = .plain) {
        self.style = style
    }

    public required init?(coder: NSCoder) {
        style = .plain
    }

    /// The system's look: resets every state's attributes.
    open func configureWithDefault(for style: UIBarButtonItem.Style) {
        for state in [normal, highlighted, disabled, focused] where !state.titleTextAttributes.isEmpty || state.titlePositionAdjustment != .zero {
            state.copy(from: UIBarButtonItemStateAppearance())
        }
    }

    open func copy() -> UIBarButtonItemAppearance {
        let copy = UIBarButtonItemAppearance(style: style)
        copy.normal.copy(from: normal)
        copy.highlighted.copy(from: highlighted)
        copy.disabled.copy(from: disabled)
        copy.focused.copy(from: focused)
        return copy
    }

    /// The colour and font a button title takes in this appearance, given the bar's defaults.
    func title(enabled: Bool, color: UIColor, font: UIFont) -> (UIColor, UIFont) {
        let attributes = enabled ? normal.titleTextAttributes : disabled.titleTextAttributes
        return (attributes[.foregroundColor] as? UIColor ?? color, attributes[.font] as? UIFont ?? font)
    }
}
