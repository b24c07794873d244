import Foundation

/// The size of a line of text, in points.
public struct TextMetrics: Equatable, Sendable {
    /// Sum of advances and kerning.
    public var width: Double
    /// Ascender above the baseline (positive).
    public var ascent: Double
    /// Descender below the baseline (positive).
    public var descent: Double
}

extension Font {
    /// The width, ascent and descent of `text` set at `size` points.
    public func metrics(of text: String, size: Double) -> TextMetrics {
        let k = size / unitsPerEm
        let shaped = shape(text)
        let width = (shaped.last.map { $0.x + $0.glyph.advance } ?? 0) * k
        return TextMetrics(width: width, ascent: ascender * k, descent: -descender * k)
    }

    /// `text` as one path in points, baseline starting at `origin`.
    public func path(of text: String, size: Double, origin: CGPoint) -> Path {
        let k = size / unitsPerEm
        let (ox, oy) = (Double(origin.x), Double(origin.y))
        var path = Path()
        for (glyph, x) in shape(text) {
            // Font units → points: scale by k and move to the pen position; no arcs in glyphs.
            func map(_ p: (Double, Double)) -> CGPoint { CGPoint(x: ox + (x + p.0) * k, y: oy + p.1 * k) }
            for element in glyph.elements {
                switch element {
                case let .move(px, py): path.move(to: map((px, py)))
                case let .line(px, py): path.addLine(to: map((px, py)))
                case let .quad(control, to): path.addQuadCurve(to: map(to), control: map(control))
                case let .cubic(c1, c2, to): path.addCurve(to: map(to), control1: map(c1), control2: map(c2))
                case .arc, .close: path.closeSubpath()
                }
            }
        }
        return path
    }
}

extension Canvas {
    /// Draws one line of `text` centred in `rect` (both in points, mapped by `transform`), as a
    /// centred `UILabel` places it: horizontally by its advance width, vertically by the box from
    /// the font's ascender to its descender.
    public func drawText(_ text: String, in rect: CGRect, font: Font, size: Double, color: Color,
                         transform: Transform = .identity) {
        guard !text.isEmpty, size > 0, size.isFinite else { return }
        let metrics = font.metrics(of: text, size: size)
        let origin = CGPoint(x: Double(rect.midX) - metrics.width / 2,
                             y: Double(rect.midY) + (metrics.ascent - metrics.descent) / 2)
        fill(font.path(of: text, size: size, origin: origin), with: .solid(color), transform: transform)
    }
}
