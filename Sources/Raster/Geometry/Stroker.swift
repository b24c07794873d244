import Foundation

/// How a stroke turns corners and ends open contours.
public struct StrokeStyle: Sendable, Equatable {
    public enum Join: Sendable { case miter, round, bevel }
    public enum Cap: Sendable { case butt, round, square }

    public var join: Join
    public var cap: Cap
    /// Longest miter, in stroke widths, before a miter join becomes a bevel (Core Graphics: 10).
    public var miterLimit: Double
    /// Lengths on and off along the path (points; empty: a solid line), and how far into the
    /// pattern the path starts. Dashed where the canvas' clip is known, so dashes wholly outside
    /// it are never made (`Path.dashed(pattern:phase:maximumDashes:within:)`).
    public var dashes: [Double]
    public var dashPhase: Double

    public init(join: Join = .miter, cap: Cap = .butt, miterLimit: Double = 10, dashes: [Double] = [], dashPhase: Double = 0) {
        self.join = join
        self.cap = cap
        self.miterLimit = miterLimit
        self.dashes = dashes
        self.dashPhase = dashPhase
    }
}

/// Turns flattened contours into the outline of their stroke, in pixel space, for a non-zero fill.
///
/// Each closed contour becomes two contours, its left and right offsets, wound oppositely, so the
/// band between them fills; an open contour becomes one loop: one side, the end cap, the other side
/// back, the start cap. On the inner side of a corner the outline goes through the corner itself
/// (Skia's "pivot"), which keeps the winding of the overlap positive instead of cutting a notch.
///
/// The outline is one path filled once, so where a stroke overlaps itself the pixels are covered
/// once: drawing each segment as its own quad would darken every join by coverage counted twice.
struct Stroker {
    let halfWidth: Double
    let style: StrokeStyle
    /// Chord tolerance for round joins and caps, pixels.
    let tolerance: Double

    typealias Point = (x: Double, y: Double)

    func stroke<Sink: PolylineSink>(_ contours: [PolylineCollector.Contour], into sink: inout Sink) {
        guard halfWidth > 0 else { return }
        for contour in contours {
            let points = contour.points
            if points.count == 1 {
                dot(points[0], into: &sink)
                continue
            }
            if contour.closed && points.count > 2 {
                var left: [Point] = [], right: [Point] = []
                offsetSide(points, closed: true, side: 1, into: &left)
                offsetSide(points, closed: true, side: -1, into: &right)
                emit(left, into: &sink)
                emit(right.reversed(), into: &sink)
            } else {
                var outline: [Point] = []
                offsetSide(points, closed: false, side: 1, into: &outline)
                let count = points.count
                cap(at: points[count - 1], direction: unit(points[count - 2], points[count - 1]), into: &outline)
                var back: [Point] = []
                offsetSide(points.reversed(), closed: false, side: 1, into: &back)
                outline.append(contentsOf: back)
                cap(at: points[0], direction: unit(points[1], points[0]), into: &outline)
                emit(outline, into: &sink)
            }
        }
    }

    private func emit<C: Collection>(_ points: C, into sink: inout some PolylineSink) where C.Element == Point {
        guard let first = points.first else { return }
        sink.moveTo(first.x, first.y)
        for p in points.dropFirst() { sink.lineTo(p.x, p.y) }
        sink.endContour(closed: true)
    }

    /// The offset of one side (side = +1: left of the direction of travel, on screen with y down
    /// it is the side the normal (−dy, dx) points to), joins included.
    private func offsetSide(_ points: [Point], closed: Bool, side: Double, into out: inout [Point]) {
        let count = points.count
        let segments = closed ? count : count - 1
        func direction(_ i: Int) -> Point { unit(points[i % count], points[(i + 1) % count]) }
        for i in 0..<segments {
            let d = direction(i)
            let n = (x: -d.y * side * halfWidth, y: d.x * side * halfWidth)
            let a = points[i], b = points[(i + 1) % count]
            if i == 0 {
                if closed {
                    // The closing edge of the outline comes from the last segment's end here.
                    join(at: a, incoming: direction(count - 1), outgoing: d, side: side, into: &out)
                } else {
                    out.append((a.x + n.x, a.y + n.y))
                }
            }
            out.append((b.x + n.x, b.y + n.y))
            if i + 1 < segments {
                join(at: b, incoming: d, outgoing: direction(i + 1), side: side, into: &out)
            }
        }
    }

    /// Points between the offset end of the incoming segment (already emitted) and the offset
    /// start of the outgoing one, which this appends.
    private func join(at p: Point, incoming d1: Point, outgoing d2: Point, side: Double, into out: inout [Point]) {
        let n1 = (x: -d1.y * side, y: d1.x * side), n2 = (x: -d2.y * side, y: d2.x * side)
        let end = (x: p.x + n2.x * halfWidth, y: p.y + n2.y * halfWidth)
        let turn = d1.x * d2.y - d1.y * d2.x
        let cosine = n1.x * n2.x + n1.y * n2.y
        if abs(turn) < 1e-12 && cosine > 0 {
            out.append(end)     // straight on: no join
            return
        }
        if turn * side > 0 {
            // Inner side: through the corner, so the overlap keeps positive winding.
            out.append(p)
            out.append(end)
            return
        }
        switch style.join {
        case .miter:
            // The miter tip is at distance w/2 / cos(θ/2) along n1 + n2.
            let denominator = 1 + cosine
            let miterRatio = denominator > 1e-12 ? (2 / denominator).squareRoot() : .infinity
            if miterRatio <= style.miterLimit {
                let k = halfWidth / denominator
                out.append((p.x + (n1.x + n2.x) * k, p.y + (n1.y + n2.y) * k))
            }
            out.append(end)
        case .bevel:
            out.append(end)
        case .round:
            // The shorter way round: normals turn by the path's own turn angle.
            var sweep = atan2(n2.y, n2.x) - atan2(n1.y, n1.x)
            if sweep > .pi { sweep -= 2 * .pi } else if sweep < -.pi { sweep += 2 * .pi }
            arc(center: p, from: n1, sweep: sweep, into: &out)
            out.append(end)
        }
    }

    /// The interior points of an arc of radius w/2 around `center`, from the direction of the unit
    /// normal `n1` turning by `sweep` radians (the caller appends the end point).
    private func arc(center: Point, from n1: Point, sweep: Double, into out: inout [Point]) {
        let start = atan2(n1.y, n1.x)
        // Chord sagitta r·(1 − cos(δ/2)) ≈ rδ²/8 stays within the tolerance.
        let step = min(Double.pi / 8, (8 * tolerance / halfWidth).squareRoot())
        // Capped before converting to `Int`: a width of 1e300 makes the ideal count astronomical.
        let ideal = (abs(sweep) / step).rounded(.up)
        let steps = ideal.isFinite ? max(1, Int(min(4096, ideal))) : 1
        for i in 1..<steps {
            let angle = start + sweep * Double(i) / Double(steps)
            out.append((center.x + cos(angle) * halfWidth, center.y + sin(angle) * halfWidth))
        }
    }

    /// The cap at the end `p` of an open contour travelling along `d`; continues the outline from
    /// the left offset to the right offset.
    private func cap(at p: Point, direction d: Point, into out: inout [Point]) {
        let n = (x: -d.y, y: d.x)
        switch style.cap {
        case .butt:
            break
        case .square:
            out.append((p.x + (n.x + d.x) * halfWidth, p.y + (n.y + d.y) * halfWidth))
            out.append((p.x + (-n.x + d.x) * halfWidth, p.y + (-n.y + d.y) * halfWidth))
        case .round:
            // From the left normal round the front (rotating the normal by −90° gives d) to the right.
            arc(center: p, from: n, sweep: -.pi, into: &out)
            out.append((p.x - n.x * halfWidth, p.y - n.y * halfWidth))
        }
    }

    /// A zero-length contour: a round or square dot for those caps, nothing for butt.
    private func dot(_ p: Point, into sink: inout some PolylineSink) {
        var outline: [Point] = []
        switch style.cap {
        case .butt:
            return
        case .square:
            outline = [(p.x - halfWidth, p.y - halfWidth), (p.x + halfWidth, p.y - halfWidth),
                       (p.x + halfWidth, p.y + halfWidth), (p.x - halfWidth, p.y + halfWidth)]
        case .round:
            let steps = 32
            outline = (0..<steps).map { i in
                let angle = 2 * Double.pi * Double(i) / Double(steps)
                return (p.x + cos(angle) * halfWidth, p.y + sin(angle) * halfWidth)
            }
        }
        emit(outline, into: &sink)
    }

    private func unit(_ a: Point, _ b: Point) -> Point {
        let dx = b.x - a.x, dy = b.y - a.y
        let length = (dx * dx + dy * dy).squareRoot()
        return length > 0 ? (dx / length, dy / length) : (1, 0)
    }
}
