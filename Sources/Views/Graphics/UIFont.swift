import Foundation
import Raster

/// UIKit's font: a face and a size in points.
///
/// The system font is DejaVu Sans (Debian's fonts-dejavu-core), bold weights DejaVu Sans Bold;
/// register another file to use it by name, or to make it the system face:
///
///     let name = try UIFont.register(fileAt: "Fonts/Inter-Regular.ttf")
///     label.font = UIFont(name: name, size: 17)
///     try UIFont.setSystemFont(fileAt: "Fonts/Inter-Regular.ttf", boldFileAt: "Fonts/Inter-Bold.ttf")
///
/// DejaVu Sans' digits all have one advance, so `monospacedDigitSystemFont` is the system font.
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

    public init(face: Font?, name: String, size: CGFloat) {
        self.face = face
        fontName = name
        pointSize = size
    }

    /// A registered font (see `register(fileAt:name:)`), or nil when no font has that name.
    public convenience init?(name: String, size: CGFloat) {
        guard let face = Self.registry.face(named: name) else { return nil }
        self.init(face: face, name: name, size: size)
    }

    public static func systemFont(ofSize size: CGFloat, weight: Weight = .regular) -> UIFont {
        let bold = weight >= .semibold
        return UIFont(face: registry.systemFace(bold: bold), name: bold ? ".SFUI-Bold" : ".SFUI-Regular", size: size)
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

    public func withSize(_ size: CGFloat) -> UIFont { UIFont(face: face, name: fontName, size: size) }

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
/// `@unchecked`: `faces` is read and written only with `lock` held.
final class FontRegistry: @unchecked Sendable {
    static let regularPath = Font.defaultPath
    static let boldPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"

    private let lock = NSLock()
    /// Looked up, never iterated.
    private var faces: [String: Font] = [:]
    private var system: (regular: Font, bold: Font)?

    func register(_ face: Font, as name: String) {
        lock.lock()
        defer { lock.unlock() }
        faces[name] = face
    }

    func face(named name: String) -> Font? {
        lock.lock()
        defer { lock.unlock() }
        return faces[name]
    }

    func setSystem(regular: Font, bold: Font) {
        lock.lock()
        defer { lock.unlock() }
        system = (regular, bold)
    }

    /// DejaVu Sans unless another face was set; nil without the font files (fonts-dejavu-core),
    /// which the command line reports before it draws anything.
    func systemFace(bold: Bool) -> Font? {
        lock.lock()
        defer { lock.unlock() }
        if system == nil, let regular = try? Font.named(Self.regularPath) {
            system = (regular, (try? Font.named(Self.boldPath)) ?? regular)
        }
        return bold ? system?.bold : system?.regular
    }
}
