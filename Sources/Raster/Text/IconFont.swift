// Icons from an icon font: one glyph per icon, found by its code point and drawn as a path.
//
// An icon font keeps each icon as the outline of one glyph on a square em (Material Icons draws
// on a 24-unit grid whose em is the icon's box), so an icon is drawn exactly as a letter is:
// loaded unscaled through `Font`, filled by the rasterizer at any size and transform. FreeType's
// own rendering is not used for the same reason as for text (hinting to a pixel grid that
// transforms do not keep). The font has one weight; heavier weights are drawn by stroking the
// outline in the same colour on top of its fill (the shape grows by half the stroke on every
// side), which keeps counters open at the few hundredths of an em it adds. Lighter weights would
// need the outline moved inwards, which a stroke cannot do: they are drawn at the font's weight.
import Foundation

/// An icon font (Material Icons by default): icons by code point, drawn in a square.
/// `@unchecked`: it holds only a `Font`, which is thread-safe.
public final class IconFont: @unchecked Sendable {
    /// Material Icons (Apache-2.0) where Debian's fonts-material-design-icons-iconfont installs it.
    public static let materialIconsPath = "/usr/share/fonts/truetype/material-design-icons-iconfont/MaterialIcons-Regular.ttf"

    /// The font the icons are glyphs of.
    public let font: Font

    /// Opens the icon font at `path`; throws `FontError` naming the file (and, for Material Icons,
    /// the Debian package that installs it) when it is missing or unreadable.
    public init(path: String = IconFont.materialIconsPath) throws {
        font = try Font.named(path)
    }

    private static let sharedLock = NSLock()
    /// `nonisolated(unsafe)`: read and written only with `sharedLock` held.
    nonisolated(unsafe) private static var shared: [String: IconFont] = [:]

    /// One shared instance per path, so the glyph cache is shared between threads.
    public static func named(_ path: String = IconFont.materialIconsPath) throws -> IconFont {
        sharedLock.lock()
        defer { sharedLock.unlock() }
        if let icons = shared[path] { return icons }
        let icons = try IconFont(path: path)
        shared[path] = icons
        return icons
    }

    /// Whether the font has a glyph at `codepoint` (no fallback font is consulted).
    public func hasIcon(_ codepoint: UInt32) -> Bool {
        guard let scalar = Unicode.Scalar(codepoint) else { return false }
        return font.charIndex(scalar) != 0
    }

    /// The icon at `codepoint` as a path in a square of `size` points whose top-left corner is the
    /// origin (the font's em box, baseline at its bottom); nil when the font has no such glyph.
    public func path(ofIcon codepoint: UInt32, size: Double) -> Path? {
        guard let scalar = Unicode.Scalar(codepoint) else { return nil }
        let index = font.charIndex(scalar)
        guard index != 0 else { return nil }
        let k = size / font.unitsPerEm
        // The em box sits on the baseline: the glyph's y runs from 0 up to one em (y down here, so
        // from 0 to −em), and the baseline goes to the square's bottom.
        return Path(elementsOf: font.glyph(at: index).elements).applying(scale: k, translationX: 0, y: size)
    }
}

extension Canvas {
    /// Draws the icon at `codepoint` of `icons` filling the square `rect` (points, mapped by
    /// `transform`) in `color`, made `emboldening` points thicker on every side by a stroke of
    /// twice that width; returns false (and draws nothing) when the font has no such icon.
    @discardableResult
    public func drawIcon(_ codepoint: UInt32, of icons: IconFont, in rect: CGRect, color: Color, emboldening: Double = 0,
                         transform: Transform = .identity) -> Bool {
        let size = Double(min(rect.width, rect.height))
        guard size > 0, size.isFinite, let outline = icons.path(ofIcon: codepoint, size: size) else { return false }
        let placed = outline.applying(scale: 1, translationX: Double(rect.midX) - size / 2, y: Double(rect.midY) - size / 2)
        fill(placed, with: .solid(color), transform: transform)
        if emboldening > 0 { stroke(placed, width: 2 * emboldening, with: .solid(color), transform: transform) }
        return true
    }
}
