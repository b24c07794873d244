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
        return TextMetrics(width: layout(text, size: size).advance * k, ascent: ascender * k, descent: -descender * k)
    }

    /// `text` as one path in points, baseline starting at `origin` (colour glyphs, which are
    /// bitmaps, are left out).
    public func path(of text: String, size: Double, origin: CGPoint) -> Path {
        let k = size / unitsPerEm
        return layout(text, size: size).path.applying(scale: k, translationX: Double(origin.x), y: Double(origin.y))
    }

    /// The transform from `layout(text, size:).path` (font units, baseline at y = 0) to points.
    func placement(size: Double, origin: CGPoint) -> Transform {
        let k = size / unitsPerEm
        return Transform(a: k, b: 0, c: 0, d: k, tx: Double(origin.x), ty: Double(origin.y))
    }
}

extension Canvas {
    /// Draws one line of `text` centred in `rect` (both in points, mapped by `transform`), as a
    /// centred `UILabel` places it: horizontally by its advance width, vertically by the box from
    /// the font's ascender to its descender.
    /// With `leading`, the line starts at the rect's left edge instead.
    public func drawText(_ text: String, in rect: CGRect, font: Font, size: Double, color: Color,
                         transform: Transform = .identity, leading: Bool = false) {
        guard !text.isEmpty, size > 0, size.isFinite else { return }
        let layout = font.layout(text, size: size)
        drawLine(text, layout: layout, font: font, color: color,
                 transform: font.placement(size: size, origin: font.baselineOrigin(of: layout, in: rect, size: size, leading: leading))
                    .concatenating(transform))
    }
}

extension Font {
    /// Where the baseline of one line of `text` starts when it is centred in `rect` as
    /// `Canvas.drawText(_:in:font:size:color:transform:leading:)` centres it (or starts at the
    /// rect's left edge, `leading`): what a view records to draw the same line.
    public func baselineOrigin(of text: String, in rect: CGRect, size: Double, leading: Bool = false) -> CGPoint {
        baselineOrigin(of: layout(text, size: size), in: rect, size: size, leading: leading)
    }

    func baselineOrigin(of layout: TextLayout, in rect: CGRect, size: Double, leading: Bool) -> CGPoint {
        let k = size / unitsPerEm
        // Centre of the ascender–descender box on the rect's centre: baseline = midY + (a − d)/2.
        return CGPoint(x: leading ? Double(rect.minX) : Double(rect.midX) - layout.advance * k / 2,
                       y: Double(rect.midY) + (ascender + descender) * k / 2)
    }
}

extension Canvas {
    /// Draws one line of `text` with its baseline starting at `origin` (points, mapped by
    /// `transform`): the primitive a label's line layout uses.
    public func drawText(_ text: String, baselineAt origin: CGPoint, font: Font, size: Double, color: Color,
                         transform: Transform = .identity) {
        guard !text.isEmpty, size > 0, size.isFinite, color.alpha > 0 else { return }
        drawLine(text, layout: font.layout(text, size: size), font: font, color: color,
                 transform: font.placement(size: size, origin: origin).concatenating(transform))
    }

    /// A laid-out line: its outline in `color`, then its colour glyphs at the colour's opacity.
    private func drawLine(_ text: String, layout: Font.TextLayout, font: Font, color: Color, transform: Transform) {
        if !layout.path.elements.isEmpty { fillText(text, layout: layout, font: font, color: color, transform: transform) }
        drawColorGlyphs(layout.colorGlyphs, transform: transform, opacity: Double(color.alpha) / 255)
    }
}
