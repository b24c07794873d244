import Foundation
import Vocabulary
import Raster

/// UIKit's font: a face and a size in points.
///
/// **The system font** stands in for San Francisco, which cannot be shipped: it is Inter
/// (Debian's fonts-inter), the open typeface closest to SF Pro, with iOS's default tracking
/// (`Tracking.sanFrancisco`). As SF switches from its Text to its Display design at 20 pt, sizes
/// of 20 pt and more use Inter Display. Each weight has its own file:
///
/// | UIFont.Weight | Inter |
/// |---|---|
/// | ultraLight | Thin |
/// | thin | ExtraLight |
/// | light | Light |
/// | regular | Regular |
/// | medium | Medium |
/// | semibold | SemiBold |
/// | bold | Bold |
/// | heavy | ExtraBold |
/// | black | Black |
///
/// Characters Inter lacks come from DejaVu Sans, emoji from Noto Color Emoji (see `Font`).
/// Without fonts-inter, the system font is DejaVu Sans (a warning says which package to install).
/// Inter's digits all have one advance, so `monospacedDigitSystemFont` is the system font.
///
/// **By name,** `UIFont(name:size:)` finds a registered font, then any installed face by
/// PostScript name ("Inter-Bold", "DejaVuSans-Bold"), full name or family (`FontCatalog`). A few
/// names iOS apps ask for and Linux lacks stand for their nearest installed face: Helvetica,
/// Helvetica Neue, Avenir and SF Pro names for Inter, Menlo, Courier and SF Mono for DejaVu Sans
/// Mono, Georgia and Times for DejaVu Serif (`UIFont.substitutes`). Any other missing name gives
/// nil, as on iOS. Register a file to use it by name, or to make it the system face:
///
///     let name = try UIFont.register(fileAt: "Fonts/Brand-Regular.ttf")
///     label.font = UIFont(name: name, size: 17)
///     try UIFont.setSystemFont(fileAt: "Fonts/Brand-Regular.ttf", boldFileAt: "Fonts/Brand-Bold.ttf")
///
/// `@unchecked`: immutable (name, size, weight and face are constants), as UIKit's fonts are
/// Sendable; the face is a thread-safe `Font`.
open class UIFont: Equatable, Hashable, @unchecked Sendable, CustomStringConvertible {
    public struct Weight: RawRepresentable, Hashable, Comparable, Sendable {
        public let rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }
        public static func < (lhs: Weight, rhs: Weight) -> Bool { lhs.rawValue < rhs.rawValue }

        public static let ultraLight = Weight(-0.8)
        public static let thin = Weight(-0.6)
        public static let light = Weight(-0.4)
        public static let regular = Weight(0)
        public static let medium = Weight(0.23)
        public static let semibold = Weight(0.3)
        public static let bold = Weight(0.4)
        public static let heavy = Weight(0.56)
        public static let black = Weight(0.62)
    }

    /// The face, loaded through FreeType; nil only for the system font on a machine without
    /// fonts-dejavu-core, where text measures 0 and draws nothing.
    public let face: Font?
    public let fontName: String
    public let pointSize: CGFloat

    /// The weight, for a system font (whose face depends on the size too).
    let systemWeight: Weight?
    /// How the font follows the text size, for a font from `preferredFont(forTextStyle:)` or
    /// `UIFontMetrics`; set once, when the font is made.
    var dynamicType: DynamicTypeScaling?

    public init(face: Font?, name: String, size: CGFloat) {
        self.face = face
        fontName = name
        pointSize = size
        systemWeight = nil
    }

    init(face: Font?, name: String, size: CGFloat, systemWeight: Weight) {
        self.face = face
        fontName = name
        pointSize = size
        self.systemWeight = systemWeight
    }

    /// A registered font (see `register(fileAt:name:)`), else an installed face by PostScript name,
    /// full name or family, else a stand-in from `substitutes`; nil when none has that name.
    public convenience init?(name: String, size: CGFloat) {
        guard let face = Self.registry.face(named: name) ?? Self.installedFace(named: name) else { return nil }
        self.init(face: face, name: name, size: size)
    }

    /// Names iOS has and Linux lacks, with the installed face that stands for each (matched by
    /// prefix, case-insensitively; the weight suffix picks the file: "HelveticaNeue-Bold" is
    /// Inter-Bold).
    public static let substitutes: [(prefix: String, family: String)] = [
        ("HelveticaNeue", "Inter"), ("Helvetica Neue", "Inter"), ("Helvetica", "Inter"), ("Avenir", "Inter"),
        ("SFPro", "Inter"), ("SF Pro", "Inter"), (".SFUI", "Inter"), ("ArialMT", "Inter"), ("Arial", "Inter"),
        ("Menlo", "DejaVu Sans Mono"), ("Courier", "DejaVu Sans Mono"), ("SFMono", "DejaVu Sans Mono"),
        ("Georgia", "DejaVu Serif"), ("TimesNewRoman", "DejaVu Serif"), ("Times", "DejaVu Serif"),
    ]

    private static func installedFace(named name: String) -> Font? {
        if let path = FontCatalog.path(named: name) { return try? Font.named(path) }
        guard let substitute = substitutes.first(where: { name.lowercased().hasPrefix($0.prefix.lowercased()) }) else {
            return nil
        }
        let lower = name.lowercased()
        // The weight a name ends with and Inter's style for it; a longer suffix before the one it ends in.
        let styles = [("ultralight", "Thin"), ("extrabold", "ExtraBold"), ("semibold", "SemiBold"), ("black", "Black"),
                      ("heavy", "ExtraBold"), ("bold", "Bold"), ("medium", "Medium"), ("light", "Light"), ("thin", "ExtraLight")]
        let compact = substitute.family.replacingOccurrences(of: " ", with: "")
        let path = styles.first { lower.hasSuffix($0.0) }.flatMap { FontCatalog.path(named: "\(compact)-\($0.1)") }
            ?? FontCatalog.path(named: substitute.family)
        return path.flatMap { try? Font.named($0) }
    }

    /// The system font (see the table above for the faces), with iOS's tracking at `size`.
    ///
    /// Widths of "The quick brown fox" in the regular weight, tracking included (kept true by
    /// `SystemFontTests`):
    ///
    /// | size (pt) | face | tracking (1/1000 em) | width (pt) |
    /// |---|---|---|---|
    /// | 11 | Inter | +6 | 106.77 |
    /// | 13 | Inter | −6 | 123.22 |
    /// | 17 | Inter | −26 | 154.67 |
    /// | 22 | Inter Display | −12 | 187.01 |
    /// | 34 | Inter Display | +12 | 304.52 |
    ///
    /// Inter's vertical metrics are its own: at 17 pt the ascender is 16.47 pt and the descender
    /// −4.11 pt, so a line is 20.57 pt tall.
    public static func systemFont(ofSize size: CGFloat, weight: Weight = .regular) -> UIFont {
        let face = registry.systemFace(weight: weight, size: Double(size))
        return UIFont(face: face, name: ".SFUI-\(weight.interStyle)", size: size, systemWeight: weight)
    }

    public static func boldSystemFont(ofSize size: CGFloat) -> UIFont { systemFont(ofSize: size, weight: .bold) }

    public static func italicSystemFont(ofSize size: CGFloat) -> UIFont { systemFont(ofSize: size) }

    public static func monospacedDigitSystemFont(ofSize size: CGFloat, weight: Weight) -> UIFont {
        systemFont(ofSize: size, weight: weight)
    }

    /// UIKit's body size.
    public static var systemFontSize: CGFloat { 17 }
    public static var labelFontSize: CGFloat { 17 }
    public static var smallSystemFontSize: CGFloat { 12 }

    public func withSize(_ size: CGFloat) -> UIFont {
        if let systemWeight { return Self.systemFont(ofSize: size, weight: systemWeight) }
        return UIFont(face: face, name: fontName, size: size)
    }

    /// This font at `size`, keeping how it follows the text size.
    func resized(to size: CGFloat, dynamicType: DynamicTypeScaling?) -> UIFont {
        let font = withSize(size)
        font.dynamicType = dynamicType
        return font
    }

    // MARK: Metrics (points)

    /// Above the baseline, positive.
    public var ascender: CGFloat { CGFloat(face?.metrics(of: "", size: Double(pointSize)).ascent ?? 0) }
    /// Below the baseline, negative as UIKit reports it.
    public var descender: CGFloat { -CGFloat(face?.metrics(of: "", size: Double(pointSize)).descent ?? 0) }
    /// The distance between baselines of wrapped lines.
    public var lineHeight: CGFloat { ascender - descender }
    public var leading: CGFloat { 0 }

    /// The advance width of `text` on one line.
    public func width(of text: String) -> CGFloat { CGFloat(face?.metrics(of: text, size: Double(pointSize)).width ?? 0) }

    public static func == (lhs: UIFont, rhs: UIFont) -> Bool {
        lhs.face === rhs.face && lhs.fontName == rhs.fontName && lhs.pointSize == rhs.pointSize
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(fontName)
        hasher.combine(pointSize)
    }

    public var description: String { "UIFont(\(fontName), \(pointSize) pt)" }

    // MARK: Registration

    /// Makes the TrueType or OpenType file at `path` available as `UIFont(name:size:)`, under
    /// `name` (the file's name without its extension by default); returns the name.
    @discardableResult
    public static func register(fileAt path: String, name: String? = nil) throws -> String {
        let face = try Font.named(path)
        let name = name ?? URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        registry.register(face, as: name)
        return name
    }

    /// Makes the files the system font (regular, and bold for semibold and heavier weights).
    public static func setSystemFont(fileAt path: String, boldFileAt boldPath: String? = nil) throws {
        let regular = try Font.named(path)
        let bold = try boldPath.map { try Font.named($0) } ?? regular
        registry.setSystem(regular: regular, bold: bold)
    }

    static let registry = FontRegistry()
}

/// The fonts `UIFont` knows by name, shared by every thread.
final class FontRegistry: Sendable {
    static let interFolder = "/usr/share/fonts/opentype/inter"
    static let dejaVuBoldPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"

    private struct Contents {
        /// Looked up, never iterated.
        var faces: [String: Font] = [:]
        var system: (regular: Font, bold: Font)?
        var warnedAboutInter = false
    }

    private let contents = LockBox(Contents())

    func register(_ face: Font, as name: String) {
        contents.withLock { $0.faces[name] = face }
    }

    func face(named name: String) -> Font? {
        contents.withLock { $0.faces[name] }
    }

    func setSystem(regular: Font, bold: Font) {
        contents.withLock { $0.system = (regular, bold) }
    }

    /// Inter's file for `weight` at `size` (Inter Display from 20 pt).
    static func interPath(weight: UIFont.Weight, size: Double) -> String {
        "\(interFolder)/\(size >= 20 ? "InterDisplay" : "Inter")-\(weight.interStyle).otf"
    }

    /// The face set with `UIFont.setSystemFont`, else Inter with SF's tracking, else DejaVu Sans
    /// (with a warning naming fonts-inter); nil only without any of them, where text measures 0.
    func systemFace(weight: UIFont.Weight, size: Double) -> Font? {
        if let custom = contents.withLock({ $0.system }) { return weight >= .semibold ? custom.bold : custom.regular }
        if let inter = try? Font.named(Self.interPath(weight: weight, size: size), tracking: .sanFrancisco) { return inter }
        let warn = contents.withLock { contents in
            defer { contents.warnedAboutInter = true }
            return !contents.warnedAboutInter
        }
        if warn {
            UIKitCompatibility.notHonoured("the system font (Inter)",
                                           "fonts-inter is not installed (apt-get install fonts-inter); text is set in DejaVu Sans")
        }
        let path = weight >= .semibold ? Self.dejaVuBoldPath : Font.defaultPath
        return (try? Font.named(path)) ?? (try? Font.named())
    }
}

extension UIFont.Weight {
    /// The name of the Inter file of the nearest weight.
    var interStyle: String {
        switch rawValue {
        case ..<(-0.7): "Thin"
        case ..<(-0.5): "ExtraLight"
        case ..<(-0.2): "Light"
        case ..<(0.115): "Regular"
        case ..<(0.265): "Medium"
        case ..<(0.35): "SemiBold"
        case ..<(0.48): "Bold"
        case ..<(0.59): "ExtraBold"
        default: "Black"
        }
    }
}
