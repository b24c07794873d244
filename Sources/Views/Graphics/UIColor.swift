import Foundation
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

/// UIKit's colour: sRGB components with straight alpha, UIKit's named colours and the iOS
/// system colours as light mode shows them (dynamic colours resolve to their light values; there
/// is no dark mode headless).
///
///     cell.backgroundColor = .systemGray5
///     label.textColor = UIColor(white: 0.2, alpha: 1)
///     UIColor.red.setFill()       // inside draw(_:)
/// `@unchecked`: immutable (`cgColor` is a `let`), as UIKit's colours are Sendable.
open class UIColor: Equatable, Hashable, @unchecked Sendable, CustomStringConvertible {
    public let cgColor: CGColor

    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        cgColor = CGColor(red: red, green: green, blue: blue, alpha: alpha)
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
        UIColor(red: cgColor.red, green: cgColor.green, blue: cgColor.blue, alpha: alpha)
    }

    @discardableResult
    public func getRed(_ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
                       blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        red?.pointee = cgColor.red
        green?.pointee = cgColor.green
        blue?.pointee = cgColor.blue
        alpha?.pointee = cgColor.alpha
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

    public static func == (lhs: UIColor, rhs: UIColor) -> Bool { lhs.cgColor == rhs.cgColor }
    public func hash(into hasher: inout Hasher) { hasher.combine(cgColor) }
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

    // iOS system colours, light mode (Apple's Human Interface Guidelines, iOS 15 and later).
    public static var systemRed: UIColor { rgb(0xFF3B30) }
    public static var systemOrange: UIColor { rgb(0xFF9500) }
    public static var systemYellow: UIColor { rgb(0xFFCC00) }
    public static var systemGreen: UIColor { rgb(0x34C759) }
    public static var systemMint: UIColor { rgb(0x00C7BE) }
    public static var systemTeal: UIColor { rgb(0x30B0C7) }
    public static var systemCyan: UIColor { rgb(0x32ADE6) }
    public static var systemBlue: UIColor { rgb(0x007AFF) }
    public static var systemIndigo: UIColor { rgb(0x5856D6) }
    public static var systemPurple: UIColor { rgb(0xAF52DE) }
    public static var systemPink: UIColor { rgb(0xFF2D55) }
    public static var systemBrown: UIColor { rgb(0xA2845E) }
    public static var systemGray: UIColor { rgb(0x8E8E93) }
    public static var systemGray2: UIColor { rgb(0xAEAEB2) }
    public static var systemGray3: UIColor { rgb(0xC7C7CC) }
    public static var systemGray4: UIColor { rgb(0xD1D1D6) }
    public static var systemGray5: UIColor { rgb(0xE5E5EA) }
    public static var systemGray6: UIColor { rgb(0xF2F2F7) }
    public static var tintColor: UIColor { systemBlue }
    public static var link: UIColor { systemBlue }

    // Semantic colours, light mode.
    public static var label: UIColor { rgb(0x000000) }
    public static var secondaryLabel: UIColor { rgb(0x3C3C43, 0.6) }
    public static var tertiaryLabel: UIColor { rgb(0x3C3C43, 0.3) }
    public static var quaternaryLabel: UIColor { rgb(0x3C3C43, 0.18) }
    public static var placeholderText: UIColor { rgb(0x3C3C43, 0.3) }
    public static var separator: UIColor { rgb(0x3C3C43, 0.29) }
    public static var opaqueSeparator: UIColor { rgb(0xC6C6C8) }
    public static var systemFill: UIColor { rgb(0x787880, 0.2) }
    public static var secondarySystemFill: UIColor { rgb(0x787880, 0.16) }
    public static var tertiarySystemFill: UIColor { rgb(0x767680, 0.12) }
    public static var quaternarySystemFill: UIColor { rgb(0x747480, 0.08) }
    public static var systemBackground: UIColor { rgb(0xFFFFFF) }
    public static var secondarySystemBackground: UIColor { rgb(0xF2F2F7) }
    public static var tertiarySystemBackground: UIColor { rgb(0xFFFFFF) }
    public static var systemGroupedBackground: UIColor { rgb(0xF2F2F7) }
    public static var secondarySystemGroupedBackground: UIColor { rgb(0xFFFFFF) }
    public static var tertiarySystemGroupedBackground: UIColor { rgb(0xF2F2F7) }
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
