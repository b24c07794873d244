import Foundation

extension Canvas {
    /// Strokes `path` with a line `width` points wide, centred on the path. The width scales with
    /// the transform (as in Core Graphics, where the line width is in user space).
    public func stroke(_ path: Path, width: Double, with paint: Paint, transform: Transform = .identity,
                       style: StrokeStyle = StrokeStyle()) {
        guard !clip.isEmpty, width > 0, width.isFinite else { return }
        let toPixels = pixelTransform(transform)
        // Flatten in points, then stroke in pixels: a uniform scale keeps the width exact; a
        // non-uniform one uses its larger factor, as the stroke outline is built after the map.
        var collector = PolylineCollector()
        flattener.flatten(path, transform: toPixels, into: &collector)
        let stroker = Stroker(halfWidth: width * toPixels.maximumScale / 2, style: style, tolerance: flattener.tolerance)
        accumulator.reset(clipMinX: clip.minX, clipMinY: clip.minY, clipMaxX: clip.maxX, clipMaxY: clip.maxY)
        stroker.stroke(collector.contours, into: &accumulator)
        paintAccumulated(with: paint, toPixels: toPixels, rule: .nonZero)
    }

    /// Draws a border of `width` points inside the edge of a rounded rectangle, as a Core Animation
    /// layer's `borderWidth` does: the outer edge is the rectangle, the inner edge is inset by the
    /// width with each corner radius reduced by it.
    public func strokeBorder(of rect: CGRect, radii: CornerRadii, width: Double, color: Color, transform: Transform = .identity) {
        guard width > 0 else { return }
        let inner = rect.insetBy(dx: width, dy: width)
        var ring = Path(roundedRect: rect, radii: radii)
        guard inner.width > 0, inner.height > 0 else {
            fillRoundedRect(rect, radii: radii, with: .solid(color), transform: transform)
            return
        }
        let innerRadii = radii.inset(by: width)
        ring.append(Path(roundedRect: inner, radii: innerRadii))
        let toPixels = pixelTransform(transform)
        guard toPixels.isAxisAligned, toPixels.d != 0 else {
            fill(ring, with: .solid(color), transform: transform, rule: .evenOdd)
            return
        }
        // Rows where both edges of the ring are straight are all alike.
        let outerBand = Self.straightBand(of: rect, radii: radii, toPixels: toPixels)
        let innerBand = Self.straightBand(of: inner, radii: innerRadii, toPixels: toPixels)
        fillWithStraightMiddle(ring, with: .solid(color), toPixels: toPixels, rule: .evenOdd,
                               straightTop: max(outerBand.top, innerBand.top),
                               straightBottom: min(outerBand.bottom, innerBand.bottom))
    }
}
