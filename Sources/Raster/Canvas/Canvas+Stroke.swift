import Foundation

extension Canvas {
    /// Strokes `path` with a line `width` points wide, centred on the path. The width scales with
    /// the transform (as in Core Graphics, where the line width is in user space).
    ///
    /// A dashed style is dashed here, where the clip is known: only dashes that can reach the
    /// clip are made, and at most `Path.defaultMaximumDashes` of them; the result is false when
    /// the pattern stopped there (the caller may warn), true otherwise.
    @discardableResult
    public func stroke(_ path: Path, width: Double, with paint: Paint, transform: Transform = .identity,
                       style: StrokeStyle = StrokeStyle()) -> Bool {
        guard !clip.isEmpty, width > 0, width.isFinite else { return true }
        let toPixels = pixelTransform(transform)
        var path = path, complete = true
        if !style.dashes.isEmpty {
            let dashed = path.dashed(pattern: style.dashes, phase: style.dashPhase, maximumDashes: Path.defaultMaximumDashes,
                                     within: strokeReach(width: width, style: style, toPixels: toPixels))
            (path, complete) = (dashed.path, dashed.complete)
        }
        // Flatten in points, then stroke in pixels: a uniform scale keeps the width exact; a
        // non-uniform one uses its larger factor, as the stroke outline is built after the map.
        var collector = PolylineCollector()
        flattener.flatten(path, transform: toPixels, into: &collector)
        let stroker = Stroker(halfWidth: width * toPixels.maximumScale / 2, style: style, tolerance: flattener.tolerance)
        accumulator.reset(clipMinX: clip.minX, clipMinY: clip.minY, clipMaxX: clip.maxX, clipMaxY: clip.maxY)
        stroker.stroke(collector.contours, into: &accumulator)
        paintAccumulated(with: paint, toPixels: toPixels, rule: .nonZero)
        return complete
    }

    /// The rectangle (path coordinates) outside which no part of the path can colour a pixel of
    /// the clip: the clip, two pixels wider, mapped back, and widened by the farthest a stroke
    /// reaches from its path (half the width times the miter limit, or √2 for a square cap).
    /// Nil when the transform cannot be inverted: then nothing is skipped.
    private func strokeReach(width: Double, style: StrokeStyle, toPixels: Transform) -> CGRect? {
        guard let back = toPixels.inverted() else { return nil }
        let corners = [(clip.minX - 2, clip.minY - 2), (clip.maxX + 2, clip.minY - 2), (clip.minX - 2, clip.maxY + 2), (clip.maxX + 2, clip.maxY + 2)]
            .map { back.apply(Double($0.0), Double($0.1)) }
        let reach = width / 2 * max(style.miterLimit, 2)
        guard let minX = corners.map(\.x).min(), let maxX = corners.map(\.x).max(),
              let minY = corners.map(\.y).min(), let maxY = corners.map(\.y).max(),
              reach.isFinite, minX.isFinite, maxX.isFinite, minY.isFinite, maxY.isFinite else { return nil }
        return CGRect(x: minX - reach, y: minY - reach, width: maxX - minX + 2 * reach, height: maxY - minY + 2 * reach)
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
