// System symbols: SF Symbols names drawn from Material Icons.
//
// Apple's SF Symbols cannot be shipped. The names iOS code uses most (`SystemSymbols.table`) are
// drawn from Material Icons (Apache-2.0), read from the system at run time through Raster's
// `IconFont`, so that a "heart" and a "heart.fill" look like an outline and a filled heart. A name
// that is not in the table, or a machine without the font, gets the older neutral stand-in (a
// circle with a dot) and a debug-build warning that names the reason.
//
// Sizes. Apple publishes no rule for a symbol image's size. A Material icon is drawn in a square
// of 20/17 of the point size (20 × 20 pt at the default 17 pt, the size the stand-in always had),
// whose live area (20 of 24 units) is then about as tall as the point size, as an SF symbol is.
// The scales are our choice, since Apple publishes no factor either: small draws at 0.8× and
// large at 1.3× the medium size.
import Vocabulary
import Foundation
import Raster

extension UIImage {
    /// A symbol's weight, as SF Symbols names them.
    public enum SymbolWeight: Int, Sendable {
        case unspecified = 0, ultraLight, thin, light, regular, medium, semibold, bold, heavy, black
    }

    /// A symbol's size next to text of the same point size.
    public enum SymbolScale: Int, Sendable { case `default` = -1, unspecified, small, medium, large }

    /// The system symbol `name` at body size (17 pt), regular weight, medium scale, as a template
    /// image (drawn in an image view's tint). See `init(systemName:withConfiguration:)`.
    public convenience init?(systemName name: String) {
        self.init(systemName: name, withConfiguration: nil)
    }

    /// The system symbol `name` drawn with `configuration`: a Material icon for the names in the
    /// table (`heart` an outline, `heart.fill` filled), else a neutral stand-in, a circle outline
    /// with a dot, and a debug-build warning. A name with characters no symbol has (spaces,
    /// capitals, slashes) gives nil, as iOS does.
    ///
    /// The image is a template unless the configuration gives colours
    /// (`SymbolConfiguration(hierarchicalColor:)`, `SymbolConfiguration(paletteColors:)`): then it
    /// is drawn in them. Material icons have one layer, so a hierarchical symbol is drawn in its
    /// colour alone (no lighter secondary layers), a palette symbol in its first colour, and a
    /// multicolour one as a template; the font has one weight, so weights above regular are drawn
    /// thicker (the outline grows) and weights below it at regular. A debug build names each of
    /// these the first time it is used.
    public convenience init?(systemName name: String, withConfiguration configuration: SymbolConfiguration?) {
        guard Self.isSymbolName(name) else { return nil }
        let configuration = configuration ?? SymbolConfiguration.unspecified
        let drawn = Self.drawSymbol(named: name, configuration)
        self.init(bitmap: drawn.bitmap)
        renderingMode = drawn.renderingMode
        isSymbolImage = true
        symbolName = name
        symbolConfiguration = configuration
    }

    /// A symbol drawn again with `configuration` applied over its own (what `configuration` sets
    /// wins); nil for an image that is not a system symbol, as on iOS.
    public func applyingSymbolConfiguration(_ configuration: SymbolConfiguration) -> UIImage? {
        guard isSymbolImage, let symbolName else { return nil }
        let merged = (symbolConfiguration ?? .unspecified).applying(configuration)
        guard let image = UIImage(systemName: symbolName, withConfiguration: merged) else { return nil }
        if renderingMode != image.renderingMode, merged.colors.isEmpty || merged.colorMode == .multicolor {
            image.renderingMode = renderingMode
        }
        return image
    }

    /// Lowercase letters, digits and dots, not starting or ending with a dot.
    private static func isSymbolName(_ name: String) -> Bool {
        !name.isEmpty && !name.hasPrefix(".") && !name.hasSuffix(".")
            && name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "." }
    }

    /// How much thicker than the font each weight draws, in ems of the icon's box, added on every
    /// side: chosen by eye so that bold reads as bold next to regular without closing counters.
    static func emboldening(_ weight: SymbolWeight) -> Double {
        switch weight {
        case .unspecified, .ultraLight, .thin, .light, .regular: return 0
        case .medium: return 0.006
        case .semibold: return 0.012
        case .bold: return 0.02
        case .heavy: return 0.028
        case .black: return 0.036
        }
    }

    /// The side of the square a symbol is drawn in, in points.
    static func symbolBox(pointSize: CGFloat, scale: SymbolScale) -> Double {
        let factor: Double
        switch scale {
        case .small: factor = 0.8
        case .large: factor = 1.3
        case .default, .unspecified, .medium: factor = 1
        }
        return Double(pointSize) * 20 / 17 * factor
    }

    /// Pixels per point of a symbol's bitmap: crisp on a 3× screen, smooth when scaled down.
    static let symbolPixelScale = 3.0

    private static func drawSymbol(named name: String, _ configuration: SymbolConfiguration)
        -> (bitmap: Bitmap, renderingMode: RenderingMode) {
        let box = symbolBox(pointSize: configuration.resolvedPointSize, scale: configuration.scale ?? .medium)
        let pixels = max(1, Int((box * symbolPixelScale).rounded()))
        let side = Double(pixels) / symbolPixelScale
        guard let symbol = SystemSymbols.symbol(named: name) else {
            UIKitCompatibility.notHonoured("UIImage(systemName:)",
                                           "\"\(name)\" is not among the SF Symbols names drawn from Material Icons; "
                                           + "it is drawn as a neutral stand-in (a circle with a dot)")
            return (standIn(side: side, pixels: pixels), .alwaysTemplate)
        }
        let icons: IconFont
        do {
            icons = try IconFont.named()
        } catch {
            UIKitCompatibility.notHonoured("UIImage(systemName:)", "\(error) Symbols are drawn as a neutral stand-in until then")
            return (standIn(side: side, pixels: pixels), .alwaysTemplate)
        }
        let weight = configuration.weight ?? .regular
        if weight.rawValue < SymbolWeight.regular.rawValue, weight != .unspecified {
            UIKitCompatibility.notHonoured("UIImage.SymbolWeight below .regular",
                                           "Material Icons has one weight, and a lighter one cannot be made from it: drawn at regular")
        }
        let color = configuration.drawingColor
        let bitmap = Bitmap(pixelWidth: pixels, pixelHeight: pixels, scale: symbolPixelScale) { canvas in
            canvas.drawIcon(symbol.codepoint, of: icons, in: CGRect(x: 0, y: 0, width: side, height: side),
                            color: color?.rasterColor ?? .black, emboldening: emboldening(weight) * side)
        }
        return (bitmap, color == nil ? .alwaysTemplate : .alwaysOriginal)
    }

    /// A circle outline with a dot, in a square of `side` points.
    private static func standIn(side: Double, pixels: Int) -> Bitmap {
        Bitmap(pixelWidth: pixels, pixelHeight: pixels, scale: symbolPixelScale) { canvas in
            let unit = side / 20
            canvas.stroke(Path(ellipseIn: CGRect(x: unit, y: unit, width: 18 * unit, height: 18 * unit)), width: 2 * unit,
                          with: .solid(.black))
            canvas.fill(Path(ellipseIn: CGRect(x: 7 * unit, y: 7 * unit, width: 6 * unit, height: 6 * unit)), with: .solid(.black))
        }
    }

    /// A symbol's size, weight, scale and colours. Each setting is either given or left to the
    /// configuration it is applied over (`applying(_:)`); what no configuration gives is body
    /// size (17 pt), regular, medium, and the tint.
    public final class SymbolConfiguration: @unchecked Sendable {
        enum ColorMode: Sendable { case hierarchical, palette, multicolor }

        /// The point size given, if any.
        let givenPointSize: CGFloat?
        let weight: SymbolWeight?
        let scale: SymbolScale?
        let colorMode: ColorMode?
        let colors: [UIColor]

        init(pointSize: CGFloat?, weight: SymbolWeight?, scale: SymbolScale?, colorMode: ColorMode? = nil, colors: [UIColor] = []) {
            givenPointSize = pointSize
            self.weight = weight == .unspecified ? nil : weight
            self.scale = scale == .unspecified || scale == .default ? nil : scale
            self.colorMode = colorMode
            self.colors = colors
        }

        /// The point size the symbol is drawn at: the one given, else 17 (body text).
        public var pointSize: CGFloat { resolvedPointSize }
        var resolvedPointSize: CGFloat { givenPointSize ?? 17 }

        /// A configuration that sets nothing.
        public static var unspecified: SymbolConfiguration { SymbolConfiguration(pointSize: nil, weight: nil, scale: nil) }

        public convenience init(pointSize: CGFloat) { self.init(pointSize: pointSize, weight: nil, scale: nil) }
        public convenience init(pointSize: CGFloat, weight: SymbolWeight) { self.init(pointSize: pointSize, weight: weight, scale: nil) }
        public convenience init(pointSize: CGFloat, weight: SymbolWeight, scale: SymbolScale) {
            self.init(pointSize: pointSize, weight: Optional(weight), scale: Optional(scale))
        }
        public convenience init(weight: SymbolWeight) { self.init(pointSize: nil, weight: weight, scale: nil) }
        public convenience init(scale: SymbolScale) { self.init(pointSize: nil, weight: nil, scale: scale) }
        /// The font's point size (its weight is not read: `UIFont` keeps no symbol weight).
        public convenience init(font: UIFont) { self.init(pointSize: font.pointSize, weight: nil, scale: nil) }
        public convenience init(font: UIFont, scale: SymbolScale) { self.init(pointSize: font.pointSize, weight: nil, scale: scale) }
        /// The text style's point size at the default content size.
        public convenience init(textStyle: UIFont.TextStyle) {
            self.init(pointSize: UIFont.preferredFont(forTextStyle: textStyle).pointSize, weight: nil, scale: nil)
        }
        public convenience init(textStyle: UIFont.TextStyle, scale: SymbolScale) {
            self.init(pointSize: UIFont.preferredFont(forTextStyle: textStyle).pointSize, weight: nil, scale: scale)
        }
        /// Draws the symbol in `hierarchicalColor`. Material icons have one layer: the whole
        /// symbol takes the colour (iOS draws secondary layers lighter).
        public convenience init(hierarchicalColor: UIColor) {
            self.init(pointSize: nil, weight: nil, scale: nil, colorMode: .hierarchical, colors: [hierarchicalColor])
        }
        /// Draws the symbol in the palette's colours: Material icons have one layer, so the first.
        public convenience init(paletteColors: [UIColor]) {
            self.init(pointSize: nil, weight: nil, scale: nil, colorMode: .palette, colors: paletteColors)
        }
        /// Asks for the symbol's own colours: Material icons have none, so it stays a template.
        public static func preferringMulticolor() -> SymbolConfiguration {
            SymbolConfiguration(pointSize: nil, weight: nil, scale: nil, colorMode: .multicolor)
        }

        /// This configuration with what `configuration` sets put over it.
        public func applying(_ configuration: SymbolConfiguration?) -> SymbolConfiguration {
            guard let configuration else { return self }
            let colored = configuration.colorMode != nil
            return SymbolConfiguration(pointSize: configuration.givenPointSize ?? givenPointSize, weight: configuration.weight ?? weight,
                                       scale: configuration.scale ?? scale, colorMode: colored ? configuration.colorMode : colorMode,
                                       colors: colored ? configuration.colors : colors)
        }

        /// The colour the symbol is drawn in, or nil for a template (drawn in the tint).
        var drawingColor: UIColor? {
            switch colorMode {
            case nil:
                return nil
            case .multicolor:
                UIKitCompatibility.notHonoured("UIImage.SymbolConfiguration.preferringMulticolor()",
                                               "Material Icons have no colours of their own: the symbol is drawn in the tint")
                return nil
            case .hierarchical:
                UIKitCompatibility.notHonoured("UIImage.SymbolConfiguration(hierarchicalColor:)",
                                               "Material Icons have one layer: the whole symbol is drawn in the colour, no layer lighter")
                return colors.first
            case .palette:
                if colors.count > 1 {
                    UIKitCompatibility.notHonoured("UIImage.SymbolConfiguration(paletteColors:)",
                                                   "Material Icons have one layer: the symbol is drawn in the palette's first colour")
                }
                return colors.first
            }
        }
    }
}
