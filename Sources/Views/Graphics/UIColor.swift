import Foundation
import Vocabulary
import Raster

/// Core Graphics' colour, which layers take (`layer.borderColor = UIColor.red.cgColor`). Here it
/// is an sRGB colour with straight alpha, components 0…1.
/// `@unchecked`: immutable, as Core Graphics' colours are; subclasses add no state.
public final class CGColor: Equatable, Hashable, @unchecked Sendable, CustomStringConvertible {
    public let red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat

    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        func unit(_ value: CGFloat) -> CGFloat { value.isFinite ? min(1, max(0, value)) : 0 }
        self.red = unit(red)
        self.green = unit(green)
        self.blue = unit(blue)
        self.alpha = unit(alpha)
    }

    /// Components as Core Graphics lists them for an RGB colour: red, green, blue, alpha.
    public var components: [CGFloat]? { [red, green, blue, alpha] }
    public var numberOfComponents: Int { 4 }

    public func copy(alpha: CGFloat) -> CGColor? { CGColor(red: red, green: green, blue: blue, alpha: alpha) }

    /// The 8-bit colour the rasterizer paints with (components rounded to the nearest step).
    package var rasterColor: Color {
        func byte(_ value: CGFloat) -> UInt8 { UInt8((Double(value) * 255).rounded()) }
        return Color(red: byte(red), green: byte(green), blue: byte(blue), alpha: byte(alpha))
    }

    public static func == (lhs: CGColor, rhs: CGColor) -> Bool {
        lhs.red == rhs.red && lhs.green == rhs.green && lhs.blue == rhs.blue && lhs.alpha == rhs.alpha
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(red)
        hasher.combine(green)
        hasher.combine(blue)
        hasher.combine(alpha)
    }

    public var description: String { rasterColor.description }
}

/// UIKit's colour: sRGB components with straight alpha, UIKit's named colours, and the iOS
/// system colours in light and dark appearance.
///
/// A dynamic colour (`UIColor(dynamicProvider:)`, every system and semantic colour) resolves
/// when it is used: `cgColor` and drawing take `UITraitCollection.current`, which is the view's
/// traits while its content is recorded for a frame (see `UITraitCollection`).
///
///     cell.backgroundColor = .systemGray5
///     label.textColor = UIColor(white: 0.2, alpha: 1)
///     UIColor.red.setFill()       // inside draw(_:)
///     let accent = UIColor { $0.userInterfaceStyle == .dark ? .systemYellow : .systemBlue }
/// `@unchecked`: immutable (the stored colour and the provider are constants), as UIKit's colours
/// are Sendable; a provider is called on the thread that resolves the colour.
open class UIColor: Equatable, Hashable, @unchecked Sendable, CustomStringConvertible, _ExpressibleByColorLiteral {
    private let fixedColor: CGColor
    private let provider: ((UITraitCollection) -> UIColor)?

    /// The colour's components, resolved with `UITraitCollection.current` when it is dynamic.
    public var cgColor: CGColor { provider.map { $0(UITraitCollection.current).cgColor } ?? fixedColor }

    /// `#colorLiteral(red:green:blue:alpha:)`, as Xcode writes colour literals.
    public required convenience init(_colorLiteralRed red: Float, green: Float, blue: Float, alpha: Float) {
        self.init(red: CGFloat(red), green: CGFloat(green), blue: CGFloat(blue), alpha: CGFloat(alpha))
    }

    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        fixedColor = CGColor(red: red, green: green, blue: blue, alpha: alpha)
        provider = nil
    }

    /// A colour that `provider` works out from the traits each time it is resolved.
    public init(dynamicProvider provider: @escaping (UITraitCollection) -> UIColor) {
        fixedColor = provider(UITraitCollection.defaultCurrent).cgColor
        self.provider = provider
    }

    /// The colour for `traitCollection`: itself when it is not dynamic.
    open func resolvedColor(with traitCollection: UITraitCollection) -> UIColor {
        guard let provider else { return self }
        return provider(traitCollection).resolvedColor(with: traitCollection)
    }

    /// Whether the colour depends on the traits.
    var isDynamic: Bool { provider != nil }

    /// `light` in light appearance, `dark` in dark.
    static func dynamic(_ light: UInt32, _ dark: UInt32, _ lightAlpha: CGFloat = 1, _ darkAlpha: CGFloat? = nil) -> UIColor {
        UIColor { $0.userInterfaceStyle == .dark ? UIColor(rgb: dark, alpha: darkAlpha ?? lightAlpha) : UIColor(rgb: light, alpha: lightAlpha) }
    }

    public convenience init(white: CGFloat, alpha: CGFloat) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    public convenience init(displayP3Red red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        // No colour management: Display P3 components are taken as sRGB.
        self.init(red: red, green: green, blue: blue, alpha: alpha)
    }

    public convenience init(cgColor: CGColor) {
        self.init(red: cgColor.red, green: cgColor.green, blue: cgColor.blue, alpha: cgColor.alpha)
    }

    /// Hue, saturation and brightness 0…1, as UIKit's HSB initialiser.
    public convenience init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        let h = (hue - hue.rounded(.down)) * 6, s = min(1, max(0, saturation)), v = min(1, max(0, brightness))
        let sector = Int(h) % 6, f = h - CGFloat(Int(h))
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        let (r, g, b): (CGFloat, CGFloat, CGFloat) = [(v, t, p), (q, v, p), (p, v, t), (p, q, v), (t, p, v), (v, p, q)][sector]
        self.init(red: r, green: g, blue: b, alpha: alpha)
    }

    /// `0xRRGGBB` with an alpha, a convenience ports often define themselves.
    public convenience init(rgb: UInt32, alpha: CGFloat = 1) {
        self.init(red: CGFloat((rgb >> 16) & 0xFF) / 255, green: CGFloat((rgb >> 8) & 0xFF) / 255,
                  blue: CGFloat(rgb & 0xFF) / 255, alpha: alpha)
    }

    public func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        if let provider { return UIColor { provider($0).withAlphaComponent(alpha) } }
        return UIColor(red: fixedColor.red, green: fixedColor.green, blue: fixedColor.blue, alpha: alpha)
    }

    @discardableResult
    public func getRed(_ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
                       blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        let color = cgColor
        red?.pointee = color.red
        green?.pointee = color.green
        blue?.pointee = color.blue
        alpha?.pointee = color.alpha
        return true
    }

    /// Sets the fill and stroke colour of the current drawing context (inside `draw(_:)`).
    open func set() {
        setFill()
        setStroke()
    }

    /// Sets the fill colour of the current drawing context.
    open func setFill() { UIGraphicsContext.current?.fillColor = cgColor }

    /// Sets the stroke colour of the current drawing context.
    open func setStroke() { UIGraphicsContext.current?.strokeColor = cgColor }

    package var rasterColor: Color { cgColor.rasterColor }

    /// Equal when they resolve to the same components in light and in dark appearance.
    public static func == (lhs: UIColor, rhs: UIColor) -> Bool {
        guard lhs.isDynamic || rhs.isDynamic else { return lhs.fixedColor == rhs.fixedColor }
        return [UITraitCollection.light, UITraitCollection.dark].allSatisfy {
            lhs.resolvedColor(with: $0).fixedColor == rhs.resolvedColor(with: $0).fixedColor
        }
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(resolvedColor(with: .light).fixedColor) }
    public var description: String { "UIColor(\(cgColor))" }
}

// MARK: - Named colours

extension UIColor {
    private static func rgb(_ value: UInt32, _ alpha: CGFloat = 1) -> UIColor { UIColor(rgb: value, alpha: alpha) }

    // UIKit's fixed colours.
    public static var black: UIColor { UIColor(white: 0, alpha: 1) }
    public static var darkGray: UIColor { UIColor(white: 1.0 / 3, alpha: 1) }
    public static var lightGray: UIColor { UIColor(white: 2.0 / 3, alpha: 1) }
    public static var white: UIColor { UIColor(white: 1, alpha: 1) }
    public static var gray: UIColor { UIColor(white: 0.5, alpha: 1) }
    public static var red: UIColor { UIColor(red: 1, green: 0, blue: 0, alpha: 1) }
    public static var green: UIColor { UIColor(red: 0, green: 1, blue: 0, alpha: 1) }
    public static var blue: UIColor { UIColor(red: 0, green: 0, blue: 1, alpha: 1) }
    public static var cyan: UIColor { UIColor(red: 0, green: 1, blue: 1, alpha: 1) }
    public static var yellow: UIColor { UIColor(red: 1, green: 1, blue: 0, alpha: 1) }
    public static var magenta: UIColor { UIColor(red: 1, green: 0, blue: 1, alpha: 1) }
    public static var orange: UIColor { UIColor(red: 1, green: 0.5, blue: 0, alpha: 1) }
    public static var purple: UIColor { UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1) }
    public static var brown: UIColor { UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1) }
    public static var clear: UIColor { UIColor(white: 0, alpha: 0) }

    // iOS system colours, light and dark (Apple's Human Interface Guidelines, Color, iOS 15 and
    // later; the base level: elevated backgrounds are not modelled).
    //
    // | colour | light | dark |
    // |---|---|---|
    // | systemRed | FF3B30 | FF453A |
    // | systemOrange | FF9500 | FF9F0A |
    // | systemYellow | FFCC00 | FFD60A |
    // | systemGreen | 34C759 | 30D158 |
    // | systemMint | 00C7BE | 63E6E2 |
    // | systemTeal | 30B0C7 | 40CBE0 |
    // | systemCyan | 32ADE6 | 64D2FF |
    // | systemBlue | 007AFF | 0A84FF |
    // | systemIndigo | 5856D6 | 5E5CE6 |
    // | systemPurple | AF52DE | BF5AF2 |
    // | systemPink | FF2D55 | FF375F |
    // | systemBrown | A2845E | AC8E68 |
    // | systemGray | 8E8E93 | 8E8E93 |
    // | systemGray2…6 | AEAEB2, C7C7CC, D1D1D6, E5E5EA, F2F2F7 | 636366, 48484A, 3A3A3C, 2C2C2E, 1C1C1E |
    // | label | 000000 | FFFFFF |
    // | secondary/tertiary/quaternaryLabel | 3C3C43 at 60, 30, 18 % | EBEBF5 at 60, 30, 16 % |
    // | separator, opaqueSeparator | 3C3C43 at 29 %, C6C6C8 | 545458 at 60 %, 38383A |
    // | system/secondary/tertiary/quaternarySystemFill | 787880 20 %, 787880 16 %, 767680 12 %, 747480 8 % | 787880 36 %, 787880 32 %, 767680 24 %, 767680 18 % |
    // | systemBackground, secondary, tertiary | FFFFFF, F2F2F7, FFFFFF | 000000, 1C1C1E, 2C2C2E |
    // | systemGroupedBackground, secondary, tertiary | F2F2F7, FFFFFF, F2F2F7 | 000000, 1C1C1E, 2C2C2E |
    public static var systemRed: UIColor { dynamic(0xFF3B30, 0xFF453A) }
    public static var systemOrange: UIColor { dynamic(0xFF9500, 0xFF9F0A) }
    public static var systemYellow: UIColor { dynamic(0xFFCC00, 0xFFD60A) }
    public static var systemGreen: UIColor { dynamic(0x34C759, 0x30D158) }
    public static var systemMint: UIColor { dynamic(0x00C7BE, 0x63E6E2) }
    public static var systemTeal: UIColor { dynamic(0x30B0C7, 0x40CBE0) }
    public static var systemCyan: UIColor { dynamic(0x32ADE6, 0x64D2FF) }
    public static var systemBlue: UIColor { dynamic(0x007AFF, 0x0A84FF) }
    public static var systemIndigo: UIColor { dynamic(0x5856D6, 0x5E5CE6) }
    public static var systemPurple: UIColor { dynamic(0xAF52DE, 0xBF5AF2) }
    public static var systemPink: UIColor { dynamic(0xFF2D55, 0xFF375F) }
    public static var systemBrown: UIColor { dynamic(0xA2845E, 0xAC8E68) }
    public static var systemGray: UIColor { dynamic(0x8E8E93, 0x8E8E93) }
    public static var systemGray2: UIColor { dynamic(0xAEAEB2, 0x636366) }
    public static var systemGray3: UIColor { dynamic(0xC7C7CC, 0x48484A) }
    public static var systemGray4: UIColor { dynamic(0xD1D1D6, 0x3A3A3C) }
    public static var systemGray5: UIColor { dynamic(0xE5E5EA, 0x2C2C2E) }
    public static var systemGray6: UIColor { dynamic(0xF2F2F7, 0x1C1C1E) }
    public static var tintColor: UIColor { systemBlue }
    public static var link: UIColor { systemBlue }

    // Semantic colours.
    public static var label: UIColor { dynamic(0x000000, 0xFFFFFF) }
    public static var secondaryLabel: UIColor { dynamic(0x3C3C43, 0xEBEBF5, 0.6) }
    public static var tertiaryLabel: UIColor { dynamic(0x3C3C43, 0xEBEBF5, 0.3) }
    public static var quaternaryLabel: UIColor { dynamic(0x3C3C43, 0xEBEBF5, 0.18, 0.16) }
    public static var placeholderText: UIColor { dynamic(0x3C3C43, 0xEBEBF5, 0.3) }
    public static var separator: UIColor { dynamic(0x3C3C43, 0x545458, 0.29, 0.6) }
    public static var opaqueSeparator: UIColor { dynamic(0xC6C6C8, 0x38383A) }
    public static var systemFill: UIColor { dynamic(0x787880, 0x787880, 0.2, 0.36) }
    public static var secondarySystemFill: UIColor { dynamic(0x787880, 0x787880, 0.16, 0.32) }
    public static var tertiarySystemFill: UIColor { dynamic(0x767680, 0x767680, 0.12, 0.24) }
    public static var quaternarySystemFill: UIColor { dynamic(0x747480, 0x767680, 0.08, 0.18) }
    public static var systemBackground: UIColor { dynamic(0xFFFFFF, 0x000000) }
    public static var secondarySystemBackground: UIColor { dynamic(0xF2F2F7, 0x1C1C1E) }
    public static var tertiarySystemBackground: UIColor { dynamic(0xFFFFFF, 0x2C2C2E) }
    public static var systemGroupedBackground: UIColor { dynamic(0xF2F2F7, 0x000000) }
    public static var secondarySystemGroupedBackground: UIColor { dynamic(0xFFFFFF, 0x1C1C1E) }
    public static var tertiarySystemGroupedBackground: UIColor { dynamic(0xF2F2F7, 0x2C2C2E) }
    public static var lightText: UIColor { UIColor(white: 1, alpha: 0.6) }
    public static var darkText: UIColor { rgb(0x000000) }

    /// The colour named as UIKit names it (`"systemBlue"`, `"secondaryLabel"`, `"red"`), or nil.
    public static func named(_ name: String) -> UIColor? {
        namedColors[name]?()
    }

    /// Every name `named(_:)` knows, sorted.
    public static var colorNames: [String] { namedColors.keys.sorted() }

    private static let namedColors: [String: @Sendable () -> UIColor] = [
        "black": { .black }, "darkGray": { .darkGray }, "lightGray": { .lightGray }, "white": { .white },
        "gray": { .gray }, "red": { .red }, "green": { .green }, "blue": { .blue }, "cyan": { .cyan },
        "yellow": { .yellow }, "magenta": { .magenta }, "orange": { .orange }, "purple": { .purple },
        "brown": { .brown }, "clear": { .clear },
        "systemRed": { .systemRed }, "systemOrange": { .systemOrange }, "systemYellow": { .systemYellow },
        "systemGreen": { .systemGreen }, "systemMint": { .systemMint }, "systemTeal": { .systemTeal },
        "systemCyan": { .systemCyan }, "systemBlue": { .systemBlue }, "systemIndigo": { .systemIndigo },
        "systemPurple": { .systemPurple }, "systemPink": { .systemPink }, "systemBrown": { .systemBrown },
        "systemGray": { .systemGray }, "systemGray2": { .systemGray2 }, "systemGray3": { .systemGray3 },
        "systemGray4": { .systemGray4 }, "systemGray5": { .systemGray5 }, "systemGray6": { .systemGray6 },
        "tintColor": { .tintColor }, "link": { .link },
        "label": { .label }, "secondaryLabel": { .secondaryLabel }, "tertiaryLabel": { .tertiaryLabel },
        "quaternaryLabel": { .quaternaryLabel }, "placeholderText": { .placeholderText },
        "separator": { .separator }, "opaqueSeparator": { .opaqueSeparator },
        "systemFill": { .systemFill }, "secondarySystemFill": { .secondarySystemFill },
        "tertiarySystemFill": { .tertiarySystemFill }, "quaternarySystemFill": { .quaternarySystemFill },
        "systemBackground": { .systemBackground }, "secondarySystemBackground": { .secondarySystemBackground },
        "tertiarySystemBackground": { .tertiarySystemBackground }, "systemGroupedBackground": { .systemGroupedBackground },
        "secondarySystemGroupedBackground": { .secondarySystemGroupedBackground },
        "tertiarySystemGroupedBackground": { .tertiarySystemGroupedBackground },
        "lightText": { .lightText }, "darkText": { .darkText },
    ]
}

extension UIColor {
    /// The colour mixed with black by `fraction`.
    package func darkened(by fraction: CGFloat) -> UIColor {
        let c = cgColor
        return UIColor(red: c.red * (1 - fraction), green: c.green * (1 - fraction), blue: c.blue * (1 - fraction), alpha: c.alpha)
    }
}

/// The type of a colour or image literal with no other type to take, as in UIKit.
public typealias _ColorLiteralType = UIColor
public typealias _ImageLiteralType = UIImage
