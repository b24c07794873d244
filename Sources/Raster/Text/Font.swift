import CFreeType
import Foundation

/// Why a font could not be used.
public enum FontError: Error, CustomStringConvertible, Equatable {
    case fileNotFound(path: String)
    case unreadable(path: String, freeTypeError: Int32)
    /// A pipe, a device or a folder: not opened, since reading it could block forever.
    case notARegularFile(path: String)
    /// The font opens, but the outlines of its letters cannot be read (a damaged glyph table).
    case damagedGlyphs(path: String, freeTypeError: Int32)

    public var description: String {
        switch self {
        case .fileNotFound(let path):
            return "font file not found: \(path). Install the Debian package fonts-dejavu-core "
                + "(apt-get install fonts-dejavu-core) or give the path of a TrueType or OpenType font."
        case let .damagedGlyphs(path, code):
            return "FreeType opened the font \(path) but cannot read its letters' outlines (FreeType error \(code)): "
                + "the file is damaged; give another TrueType or OpenType font."
        case .notARegularFile(let path):
            return "\(path) is not a regular file (a pipe, a device or a folder); give the path of a TrueType or OpenType font file."
        case .unreadable(let path, let code):
            return "FreeType could not open the font \(path) (FreeType error \(code)): is it a TrueType or OpenType file?"
        }
    }
}

/// A font face read by FreeType, whose glyph outlines Raster fills itself.
///
/// Glyphs are loaded unscaled and unhinted, as outlines in font units, and cached: text is then
/// a path like any other, so it is anti-aliased like the shapes around it and follows any
/// transform (a cell scaled by a line layout scales its label exactly). FreeType's own bitmaps
/// would be hinted to a pixel grid that transforms do not respect.
///
/// A `Font` may be shared between threads: FreeType calls and the glyph cache are behind a lock,
/// and the caches of laid-out and rasterised text are thread-safe (`BoundedCache`).
/// `@unchecked`: the metrics are constants, and the FreeType face and caches are used only
/// behind the lock described above.
public final class Font: @unchecked Sendable {
    /// DejaVu Sans where Debian's fonts-dejavu-core installs it.
    public static let defaultPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    public let path: String
    /// Font units per em, and the ascender and descender (y up, descender negative), in font units.
    let unitsPerEm: Double, ascender: Double, descender: Double

    private var library: FT_Library?
    private var face: FT_Face?
    private let lock = NSLock()
    private var glyphs: [UInt32: Glyph] = [:]
    /// Laid-out lines; bounded, though scenes label a few thousand items at most.
    private let layouts = BoundedCache<String, TextLayout>(limit: 4096)

    /// Opens the font at `path`; throws `FontError` naming the file when it is missing or unreadable.
    public init(path: String = Font.defaultPath) throws {
        self.path = path
        guard FileManager.default.fileExists(atPath: path) else { throw FontError.fileNotFound(path: path) }
        guard isRegularFile(atPath: path) else { throw FontError.notARegularFile(path: path) }
        var library: FT_Library?
        var error = FT_Init_FreeType(&library)
        guard error == 0, let library else { throw FontError.unreadable(path: path, freeTypeError: error) }
        var face: FT_Face?
        error = FT_New_Face(library, path, 0, &face)
        guard error == 0, let face, face.pointee.units_per_EM > 0 else {
            FT_Done_FreeType(library)
            throw FontError.unreadable(path: path, freeTypeError: error == 0 ? -1 : error)
        }
        // A damaged glyph table opens but draws nothing: the letters a text most likely holds are
        // loaded once here, and a font that has them and cannot load any is refused.
        var mapped = 0, firstError: Int32 = 0, loaded = false
        for scalar in "aeoAEO0".unicodeScalars {
            let index = FT_Get_Char_Index(face, FT_ULong(scalar.value))
            guard index != 0 else { continue }
            mapped += 1
            let status = FT_Load_Glyph(face, index, CFT_LOAD_OUTLINE_ONLY)
            if status == 0 { loaded = true; break }
            if firstError == 0 { firstError = status }
        }
        guard loaded || mapped == 0 else {
            FT_Done_Face(face)
            FT_Done_FreeType(library)
            throw FontError.damagedGlyphs(path: path, freeTypeError: firstError)
        }
        self.library = library
        self.face = face
        unitsPerEm = Double(face.pointee.units_per_EM)
        ascender = Double(face.pointee.ascender)
        descender = Double(face.pointee.descender)
    }

    deinit {
        if let face { FT_Done_Face(face) }
        if let library { FT_Done_FreeType(library) }
    }

    private static let sharedLock = NSLock()
    /// `nonisolated(unsafe)`: read and written only with `sharedLock` held.
    nonisolated(unsafe) private static var shared: [String: Font] = [:]

    /// The advance width of `text` on one line at `size` points.
    public func width(of text: String, size: Double) -> Double {
        layout(text).advance * size / unitsPerEm
    }

    /// One shared instance per path, so glyph caches are shared between canvases and threads.
    public static func named(_ path: String = Font.defaultPath) throws -> Font {
        sharedLock.lock()
        defer { sharedLock.unlock() }
        if let font = shared[path] { return font }
        let font = try Font(path: path)
        shared[path] = font
        return font
    }

    /// A glyph's outline in font units, y down, and its advance.
    struct Glyph {
        var elements: [Path.Element]
        var advance: Double
    }

    /// A line of text set in font units: its outline (baseline at y = 0, y down) and advance.
    struct TextLayout {
        var path: Path
        var advance: Double
        /// The box of every point of `path`, control points included, in font units.
        var bounds: (minX: Double, minY: Double, maxX: Double, maxY: Double)
    }

    /// `text` laid out, from a cache: labels repeat frame after frame.
    func layout(_ text: String) -> TextLayout {
        layouts.value(for: text) {
            lock.lock()
            defer { lock.unlock() }
            var path = Path()
            var advance = 0.0
            for (glyph, x) in shape(text) {
                path.append(Path(glyph.elements).applying(scale: 1, translationX: x, y: 0))
                advance = x + glyph.advance
            }
            return TextLayout(path: path, advance: advance, bounds: Self.bounds(of: path))
        }
    }

    private static func bounds(of path: Path) -> (minX: Double, minY: Double, maxX: Double, maxY: Double) {
        var box = (minX: Double.infinity, minY: Double.infinity, maxX: -Double.infinity, maxY: -Double.infinity)
        func add(_ p: (Double, Double)) {
            box = (min(box.minX, p.0), min(box.minY, p.1), max(box.maxX, p.0), max(box.maxY, p.1))
        }
        for element in path.elements {
            switch element {
            case .move(let x, let y), .line(let x, let y): add((x, y))
            case .quad(let control, let to): add(control); add(to)
            case .cubic(let control1, let control2, let to): add(control1); add(control2); add(to)
            case .arc(let center, let radii, _, _):
                add((center.0 - radii.0, center.1 - radii.1))
                add((center.0 + radii.0, center.1 + radii.1))
            case .close: break
            }
        }
        return box
    }

    /// The coverage of text rasterised at a scale and sub-pixel offset (see TextCoverage.swift);
    /// bounded, since moving labels make new offsets every frame.
    let coverages = BoundedCache<TextCoverage.Key, TextCoverage>(limit: 2048)

    /// The glyphs of `text` and the kerning between neighbours, in font units. Call with the lock held.
    private func shape(_ text: String) -> [(glyph: Glyph, x: Double)] {
        guard let face else { return [] }
        var result: [(glyph: Glyph, x: Double)] = []
        var pen = 0.0
        var previous: UInt32 = 0
        for scalar in text.unicodeScalars {
            let index = FT_Get_Char_Index(face, FT_ULong(scalar.value))
            if previous != 0, index != 0 {
                var kerning = FT_Vector()
                if FT_Get_Kerning(face, previous, index, UInt32(FT_KERNING_UNSCALED.rawValue), &kerning) == 0 {
                    pen += Double(kerning.x)
                }
            }
            let glyph = loadGlyph(index, face: face)
            result.append((glyph, pen))
            pen += glyph.advance
            previous = index
        }
        return result
    }

    private func loadGlyph(_ index: UInt32, face: FT_Face) -> Glyph {
        if let cached = glyphs[index] { return cached }
        var glyph = Glyph(elements: [], advance: 0)
        if FT_Load_Glyph(face, index, CFT_LOAD_OUTLINE_ONLY) == 0, let slot = face.pointee.glyph {
            glyph.advance = Double(slot.pointee.metrics.horiAdvance)
            if slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE {
                glyph.elements = Self.decompose(&slot.pointee.outline)
            }
        }
        glyphs[index] = glyph
        return glyph
    }

    /// FreeType outline → path elements, flipping y (font units point up, the canvas down).
    private static func decompose(_ outline: inout FT_Outline) -> [Path.Element] {
        let builder = OutlineBuilder()
        var funcs = FT_Outline_Funcs(
            move_to: { to, user in OutlineBuilder.from(user)?.move(to) ?? 1 },
            line_to: { to, user in OutlineBuilder.from(user)?.line(to) ?? 1 },
            conic_to: { control, to, user in OutlineBuilder.from(user)?.quad(control, to) ?? 1 },
            cubic_to: { control1, control2, to, user in OutlineBuilder.from(user)?.cubic(control1, control2, to) ?? 1 },
            shift: 0,
            delta: 0
        )
        let user = Unmanaged.passUnretained(builder).toOpaque()
        let error = withExtendedLifetime(builder) { FT_Outline_Decompose(&outline, &funcs, user) }
        guard error == 0 else { return [] }
        return builder.finished()
    }
}

/// Receives FreeType's outline callbacks; each returns 0 to go on, as FreeType expects.
private final class OutlineBuilder {
    private var elements: [Path.Element] = []

    static func from(_ user: UnsafeMutableRawPointer?) -> OutlineBuilder? {
        guard let user else { return nil }
        return Unmanaged<OutlineBuilder>.fromOpaque(user).takeUnretainedValue()
    }

    private static func point(_ v: UnsafePointer<FT_Vector>?) -> (Double, Double)? {
        guard let v else { return nil }
        return (Double(v.pointee.x), -Double(v.pointee.y))
    }

    func move(_ to: UnsafePointer<FT_Vector>?) -> Int32 {
        guard let p = Self.point(to) else { return 1 }
        if !elements.isEmpty { elements.append(.close) }
        elements.append(.move(p.0, p.1))
        return 0
    }

    func line(_ to: UnsafePointer<FT_Vector>?) -> Int32 {
        guard let p = Self.point(to) else { return 1 }
        elements.append(.line(p.0, p.1))
        return 0
    }

    func quad(_ control: UnsafePointer<FT_Vector>?, _ to: UnsafePointer<FT_Vector>?) -> Int32 {
        guard let c = Self.point(control), let p = Self.point(to) else { return 1 }
        elements.append(.quad(control: c, to: p))
        return 0
    }

    func cubic(_ control1: UnsafePointer<FT_Vector>?, _ control2: UnsafePointer<FT_Vector>?, _ to: UnsafePointer<FT_Vector>?) -> Int32 {
        guard let c1 = Self.point(control1), let c2 = Self.point(control2), let p = Self.point(to) else { return 1 }
        elements.append(.cubic(control1: c1, control2: c2, to: p))
        return 0
    }

    func finished() -> [Path.Element] {
        if !elements.isEmpty { elements.append(.close) }
        return elements
    }
}
