import CFreeType
import Foundation

/// Why a font could not be used.
public enum FontError: Error, CustomStringConvertible, Equatable {
    /// The Debian package that installs the font at `path`, for the fonts this package uses.
    static func package(installing path: String) -> String? {
        if path.hasPrefix("/usr/share/fonts/opentype/inter/") { return "fonts-inter" }
        if path.hasPrefix("/usr/share/fonts/truetype/noto/NotoColorEmoji") { return "fonts-noto-color-emoji" }
        if path.hasPrefix("/usr/share/fonts/truetype/dejavu/") { return "fonts-dejavu-core" }
        if path.hasPrefix("/usr/share/fonts/truetype/material-design-icons-iconfont/") { return "fonts-material-design-icons-iconfont" }
        return nil
    }

    case fileNotFound(path: String)
    case unreadable(path: String, freeTypeError: Int32)
    /// A pipe, a device or a folder: not opened, since reading it could block forever.
    case notARegularFile(path: String)
    /// The font opens, but the outlines of its letters cannot be read (a damaged glyph table).
    case damagedGlyphs(path: String, freeTypeError: Int32)

    public var description: String {
        switch self {
        case .fileNotFound(let path):
            let package = Self.package(installing: path) ?? "fonts-dejavu-core"
            return "font file not found: \(path). Install the Debian package \(package) "
                + "(apt-get install \(package)) or give the path of a TrueType or OpenType font."
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
/// **Fallback.** A character the face lacks is taken, glyph by glyph, from the first face of
/// `Font.fallbackPaths` that has it (DejaVu Sans for the scripts and symbols Inter lacks, then
/// Noto Color Emoji), scaled to this face's em. Colour glyphs (emoji) are bitmaps, drawn in colour
/// and scaled smoothly (see `ColorGlyph`). What is deliberately simple, and documented as such:
/// - no glyph substitution: a ZWJ sequence (👩‍👩‍👧), a flag or a skin tone shows as its parts, and
///   Arabic letters keep their isolated forms; default-ignorable characters (ZWJ, variation
///   selectors) take no room;
/// - right-to-left runs (Hebrew, Arabic) are reversed cluster by cluster inside a left-to-right
///   line, so they read correctly and keep their widths; there is no full bidirectional algorithm;
/// - combining marks keep the zero advance their font gives them and sit over the character
///   before them.
///
/// **Kerning** comes from the `kern` table or, for fonts that keep it only there (Inter), from the
/// GPOS table's pair adjustments (`PairKerning`). **Tracking** (`Tracking`), when the face has a
/// table, is added after every glyph at each size, as Core Text tracks the system font.
///
/// A `Font` may be shared between threads: FreeType calls and the glyph cache are behind a lock,
/// and the caches of laid-out and rasterised text are thread-safe (`BoundedCache`).
/// `@unchecked`: the metrics are constants, and the FreeType face and caches are used only
/// behind the lock described above.
public final class Font: @unchecked Sendable {
    /// DejaVu Sans where Debian's fonts-dejavu-core installs it.
    public static let defaultPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    /// Noto Color Emoji where Debian's fonts-noto-color-emoji installs it.
    public static let emojiPath = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"
    /// The faces tried, in order, for a character a face lacks: DejaVu Sans (broad coverage of
    /// scripts and symbols) then Noto Color Emoji. A face missing from the machine is skipped;
    /// `Font.missingFallbacks` names the packages that install them.
    public static let fallbackPaths = [defaultPath, emojiPath]

    public let path: String
    /// Letter spacing by size (nil: none), added after every glyph.
    public let tracking: Tracking?
    /// Font units per em, and the ascender and descender (y up, descender negative), in font units.
    let unitsPerEm: Double, ascender: Double, descender: Double
    /// A colour bitmap face (emoji): its strike's pixels per em, else nil.
    private let colorStrike: Double?

    private var library: FT_Library?
    private var face: FT_Face?
    private let lock = NSLock()
    private var glyphs: [UInt32: Glyph] = [:]
    private let hasKernTable: Bool
    private let pairKerning: PairKerning
    /// Laid-out lines; bounded, though scenes label a few thousand items at most.
    private let layouts = BoundedCache<LayoutKey, TextLayout>(limit: 4096)
    /// The fallback faces, loaded the first time a character is missing.
    private let fallbackFaces = BoundedCache<Int, FallbackList>(limit: 1)

    /// Opens the font at `path`; throws `FontError` naming the file when it is missing or unreadable.
    public init(path: String = Font.defaultPath, tracking: Tracking? = nil) throws {
        self.path = path
        self.tracking = tracking
        guard FileManager.default.fileExists(atPath: path) else { throw FontError.fileNotFound(path: path) }
        guard isRegularFile(atPath: path) else { throw FontError.notARegularFile(path: path) }
        var library: FT_Library?
        var error = FT_Init_FreeType(&library)
        guard error == 0, let library else { throw FontError.unreadable(path: path, freeTypeError: error) }
        var face: FT_Face?
        error = FT_New_Face(library, path, 0, &face)
        guard error == 0, let face else {
            FT_Done_FreeType(library)
            throw FontError.unreadable(path: path, freeTypeError: error)
        }
        // A colour bitmap face has no outlines and no units: its largest strike is selected, its
        // glyphs are loaded as bitmaps, and one unit is one pixel of the strike.
        var strike: (ppem: Double, ascender: Double, descender: Double)?
        if CFT_HAS_COLOR(face) != 0, CFT_IS_SCALABLE(face) == 0, face.pointee.num_fixed_sizes > 0 {
            let sizes = (0..<Int(face.pointee.num_fixed_sizes)).map { face.pointee.available_sizes[$0] }
            let largest = sizes.indices.max { sizes[$0].y_ppem < sizes[$1].y_ppem } ?? 0
            if FT_Select_Size(face, FT_Int(largest)) == 0, let metrics = face.pointee.size?.pointee.metrics,
               metrics.y_ppem > 0 {
                strike = (Double(metrics.y_ppem), Double(metrics.ascender) / 64, Double(metrics.descender) / 64)
            }
        }
        guard face.pointee.units_per_EM > 0 || strike != nil else {
            FT_Done_Face(face)
            FT_Done_FreeType(library)
            throw FontError.unreadable(path: path, freeTypeError: -1)
        }
        // A damaged glyph table opens but draws nothing: the letters a text most likely holds are
        // loaded once here, and a font that has them and cannot load any is refused.
        var mapped = 0, firstError: Int32 = 0, loaded = false
        for scalar in "aeoAEO0".unicodeScalars {
            let index = FT_Get_Char_Index(face, FT_ULong(scalar.value))
            guard index != 0 else { continue }
            mapped += 1
            let status = FT_Load_Glyph(face, index, strike == nil ? CFT_LOAD_OUTLINE_ONLY : CFT_LOAD_COLOR_BITMAP)
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
        colorStrike = strike?.ppem
        unitsPerEm = strike?.ppem ?? Double(face.pointee.units_per_EM)
        ascender = strike?.ascender ?? Double(face.pointee.ascender)
        descender = strike?.descender ?? Double(face.pointee.descender)
        hasKernTable = face.pointee.face_flags & FT_Long(FT_FACE_FLAG_KERNING) != 0
        pairKerning = hasKernTable ? PairKerning(gpos: nil) : PairKerning(gpos: Self.table(CFT_TAG_GPOS, of: face))
    }

    deinit {
        if let face { FT_Done_Face(face) }
        if let library { FT_Done_FreeType(library) }
    }

    private static func table(_ tag: FT_ULong, of face: FT_Face) -> [UInt8]? {
        var length: FT_ULong = 0
        guard FT_Load_Sfnt_Table(face, tag, 0, nil, &length) == 0, length > 0 else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(length))
        let status = bytes.withUnsafeMutableBufferPointer { FT_Load_Sfnt_Table(face, tag, 0, $0.baseAddress, &length) }
        return status == 0 ? bytes : nil
    }

    private static let sharedLock = NSLock()
    /// `nonisolated(unsafe)`: read and written only with `sharedLock` held.
    nonisolated(unsafe) private static var shared: [String: Font] = [:]

    /// The advance width of `text` on one line at `size` points.
    public func width(of text: String, size: Double) -> Double {
        layout(text, size: size).advance * size / unitsPerEm
    }

    /// One shared instance per path (and tracking), so glyph caches are shared between canvases
    /// and threads.
    public static func named(_ path: String = Font.defaultPath, tracking: Tracking? = nil) throws -> Font {
        let key = tracking.map { "\(path)#\($0.name)" } ?? path
        sharedLock.lock()
        defer { sharedLock.unlock() }
        if let font = shared[key] { return font }
        let font = try Font(path: path, tracking: tracking)
        shared[key] = font
        return font
    }

    /// The fallback faces this machine lacks, with the Debian package that installs each.
    public static var missingFallbacks: [(path: String, package: String)] {
        fallbackPaths.filter { !FileManager.default.fileExists(atPath: $0) }
            .map { ($0, FontError.package(installing: $0) ?? "a package that installs \($0)") }
    }

    /// A glyph's outline in its face's units, y down, and its advance; or a colour bitmap.
    struct Glyph {
        var elements: [Path.Element]
        var advance: Double
        var color: ColorGlyph?
    }

    /// A colour glyph placed in a line: its bitmap's top-left corner and its size per bitmap pixel,
    /// in the line's font units (y down, baseline at 0).
    struct PlacedColorGlyph {
        var glyph: ColorGlyph
        var x: Double, y: Double
        var unitsPerPixel: Double
    }

    /// A line of text set in font units: its outline (baseline at y = 0, y down), its colour
    /// glyphs, and its advance.
    struct TextLayout {
        var path: Path
        var advance: Double
        /// The box of every point of `path`, control points included, in font units.
        var bounds: (minX: Double, minY: Double, maxX: Double, maxY: Double)
        var colorGlyphs: [PlacedColorGlyph] = []
        /// The tracking it was set with, in font units (part of the coverage cache's key).
        var tracking = 0.0
    }

    struct LayoutKey: Hashable {
        var text: String
        /// Tracking in font units (0 without a table).
        var tracking: Double
    }

    /// The tracking added after each glyph at `size` points, in font units.
    func trackingUnits(size: Double) -> Double {
        guard let tracking else { return 0 }
        return tracking.thousandths(atSize: size) / 1000 * unitsPerEm
    }

    /// `text` laid out at `size` (which sets the tracking), from a cache: labels repeat frame
    /// after frame.
    func layout(_ text: String, size: Double) -> TextLayout {
        let key = LayoutKey(text: text, tracking: trackingUnits(size: size))
        return layouts.value(for: key) {
            var path = Path()
            var colorGlyphs: [PlacedColorGlyph] = []
            var pen = 0.0
            for placed in shape(text, tracking: key.tracking) {
                let k = unitsPerEm / placed.face.unitsPerEm
                if let color = placed.glyph.color {
                    colorGlyphs.append(PlacedColorGlyph(
                        glyph: color, x: placed.x + color.left * k * color.unitsPerPixel,
                        y: -color.top * k * color.unitsPerPixel, unitsPerPixel: k * color.unitsPerPixel))
                } else if !placed.glyph.elements.isEmpty {
                    path.append(Path(placed.glyph.elements).applying(scale: k, translationX: placed.x, y: 0))
                }
                pen = placed.end
            }
            return TextLayout(path: path, advance: pen, bounds: Self.bounds(of: path), colorGlyphs: colorGlyphs,
                              tracking: key.tracking)
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

    // MARK: Shaping

    /// A glyph placed on the line: from which face, where its origin is and where the pen ends,
    /// in this face's units.
    private struct PlacedGlyph {
        var glyph: Glyph
        var face: Font
        var x: Double
        var end: Double
    }

    /// A character and the combining marks after it, with the face that has each glyph.
    private struct Cluster {
        var glyphs: [(index: UInt32, face: Font)]
        var rightToLeft: Bool
        /// White space, which takes the direction of the text around it.
        var neutral: Bool
    }

    /// The glyphs of `text` in visual order, kerned within each face and tracked, in font units.
    private func shape(_ text: String, tracking: Double) -> [PlacedGlyph] {
        var result: [PlacedGlyph] = []
        var pen = 0.0
        var previous: (index: UInt32, face: Font)?
        for cluster in Self.visualOrder(clusters(of: text)) {
            for (index, face) in cluster.glyphs {
                let glyph = face.glyph(at: index)
                let k = unitsPerEm / face.unitsPerEm
                if let previous, previous.face === face {
                    pen += face.kerning(previous.index, index) * k
                }
                let x = pen
                pen += glyph.advance * k
                // Marks (zero advance) sit on their base: tracking follows whole characters.
                if glyph.advance != 0 { pen += tracking }
                result.append(PlacedGlyph(glyph: glyph, face: face, x: x, end: pen))
                previous = (index, face)
            }
        }
        return result
    }

    /// `text` as clusters, each glyph from this face or the first fallback that has it.
    private func clusters(of text: String) -> [Cluster] {
        var clusters: [Cluster] = []
        let scalars = Array(text.unicodeScalars)
        for (i, scalar) in scalars.enumerated() {
            if Self.isIgnorable(scalar) { continue }
            // Emoji shown as emoji by default, or asked for with the variation selector U+FE0F,
            // come from a colour face first, even when this face has a plain glyph for them.
            let wantsColor = scalar.properties.isEmojiPresentation
                || (i + 1 < scalars.count && scalars[i + 1].value == 0xFE0F && scalar.properties.isEmoji)
            let found = glyphIndex(for: scalar, color: wantsColor)
            if scalar.properties.generalCategory == .nonspacingMark || scalar.properties.generalCategory == .enclosingMark,
               !clusters.isEmpty {
                clusters[clusters.count - 1].glyphs.append(found)
            } else {
                clusters.append(Cluster(glyphs: [found], rightToLeft: Self.isRightToLeft(scalar),
                                        neutral: scalar.properties.isWhitespace))
            }
        }
        return clusters
    }

    /// Reverses each run of right-to-left clusters (spaces between two of them included).
    private static func visualOrder(_ clusters: [Cluster]) -> [Cluster] {
        guard clusters.contains(where: \.rightToLeft) else { return clusters }
        var result: [Cluster] = []
        var run: [Cluster] = []
        var pending: [Cluster] = []  // neutral clusters after an RTL run, not yet known to be inside it
        for cluster in clusters {
            if cluster.rightToLeft {
                run += pending + [cluster]
                pending = []
            } else if !run.isEmpty, cluster.neutral {
                pending.append(cluster)
            } else {
                result += run.reversed() + pending + [cluster]
                run = []
                pending = []
            }
        }
        return result + run.reversed() + pending
    }

    private static func isIgnorable(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isDefaultIgnorableCodePoint
    }

    private static func isRightToLeft(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF: true
        default: false
        }
    }

    /// The glyph for `scalar`: this face's, else the first fallback's that has one, else this
    /// face's missing-glyph box. With `color`, a colour face that has it comes first.
    private func glyphIndex(for scalar: Unicode.Scalar, color: Bool) -> (index: UInt32, face: Font) {
        if color, colorStrike == nil {
            for fallback in fallbacks() where fallback.colorStrike != nil {
                let index = fallback.charIndex(scalar)
                if index != 0 { return (index, fallback) }
            }
        }
        let own = charIndex(scalar)
        if own != 0 || scalar.value < 0x20 { return (own, self) }
        for fallback in fallbacks() {
            let index = fallback.charIndex(scalar)
            if index != 0 { return (index, fallback) }
        }
        return (0, self)
    }

    private final class FallbackList: @unchecked Sendable {
        let fonts: [Font]
        init(_ fonts: [Font]) { self.fonts = fonts }
    }

    private func fallbacks() -> [Font] {
        fallbackFaces.value(for: 0) {
            FallbackList(Self.fallbackPaths.filter { $0 != path }.compactMap { try? Font.named($0) })
        }.fonts
    }

    // Each of these takes the lock for one FreeType call, so faces never hold each other's locks.

    func charIndex(_ scalar: Unicode.Scalar) -> UInt32 {
        lock.lock()
        defer { lock.unlock() }
        guard let face else { return 0 }
        return FT_Get_Char_Index(face, FT_ULong(scalar.value))
    }

    private func kerning(_ left: UInt32, _ right: UInt32) -> Double {
        guard left != 0, right != 0 else { return 0 }
        if !hasKernTable { return Double(pairKerning.adjustment(left, right)) }
        lock.lock()
        defer { lock.unlock() }
        guard let face else { return 0 }
        var kerning = FT_Vector()
        guard FT_Get_Kerning(face, left, right, UInt32(FT_KERNING_UNSCALED.rawValue), &kerning) == 0 else { return 0 }
        return Double(kerning.x)
    }

    func glyph(at index: UInt32) -> Glyph {
        lock.lock()
        defer { lock.unlock() }
        if let cached = glyphs[index] { return cached }
        var glyph = Glyph(elements: [], advance: 0)
        guard let face else { return glyph }
        if colorStrike != nil {
            // Advances come in 26.6 pixels of the strike, which are this face's units.
            if FT_Load_Glyph(face, index, CFT_LOAD_COLOR_BITMAP) == 0, let slot = face.pointee.glyph {
                glyph.advance = Double(slot.pointee.advance.x) / 64
                glyph.color = ColorGlyph(slot: slot, unitsPerPixel: 1)
            }
        } else if FT_Load_Glyph(face, index, CFT_LOAD_OUTLINE_ONLY) == 0, let slot = face.pointee.glyph {
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
