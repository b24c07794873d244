import Foundation

/// Parts of a path by length: what a shape layer's `strokeStart`/`strokeEnd` and its dash
/// pattern keep of its outline.
///
/// Curves are measured on a polyline within `tolerance` points of them (0.01 pt: a hundredth of a
/// point in length per curve, far below a pixel at any screen scale), so the parts are polylines;
/// a part that covers a whole closed contour stays closed, so its stroke has joins, not caps.
extension Path {
    /// The stretch of the path between fractions `start` and `end` of its total length (0…1,
    /// clamped), as Core Animation's `strokeStart` and `strokeEnd` select it: the contours are
    /// laid end to end, in order.
    public func trimmed(from start: Double, to end: Double, tolerance: Double = 0.01) -> Path {
        let contours = Self.polylines(of: self, tolerance: tolerance)
        let total = contours.reduce(0) { $0 + $1.length }
        let from = max(0, min(1, start)) * total, to = max(0, min(1, end)) * total
        guard to > from else { return Path() }
        if from <= 0, to >= total { return Path(polylines: contours) }
        var parts: [Polyline] = []
        var offset = 0.0
        for contour in contours {
            let lower = max(from - offset, 0), upper = min(to - offset, contour.length)
            if upper > lower { parts.append(contour.part(from: lower, to: upper)) }
            offset += contour.length
        }
        return Path(polylines: parts)
    }

    /// The dashes of the path: `pattern` alternates lengths on and off (points), starting
    /// `phase` points into the pattern; each contour starts the pattern anew, as Core Graphics
    /// does. An empty pattern, or one whose lengths add up to nothing, gives the path itself.
    public func dashed(pattern: [Double], phase: Double = 0, tolerance: Double = 0.01) -> Path {
        dashed(pattern: pattern, phase: phase, maximumDashes: .max, tolerance: tolerance).path
    }

    /// The most dashes `dashed(pattern:phase:maximumDashes:tolerance:)` makes by default: a
    /// pattern of tiny dashes along a long path made work and memory without bound (the cost
    /// follows the path's length over the pattern's), whether the dashes could be seen or not.
    public static let defaultMaximumDashes = 100_000

    /// The dashes of the path as `dashed(pattern:phase:tolerance:)` makes them, at most
    /// `maximumDashes` of them (the pattern stops there); `complete` is false when it stopped.
    public func dashed(pattern: [Double], phase: Double = 0, maximumDashes: Int,
                       tolerance: Double = 0.01) -> (path: Path, complete: Bool) {
        dashed(pattern: pattern, phase: phase, maximumDashes: maximumDashes, within: nil, tolerance: tolerance)
    }

    /// The dashes of the path that reach `visible` (path coordinates), as
    /// `dashed(pattern:phase:maximumDashes:tolerance:)` makes them, skipping every stretch of the
    /// path outside it without stepping through its dashes: a long path mostly off-canvas costs
    /// what its visible part costs, and only dashes there count against `maximumDashes`.
    ///
    /// A dash that reaches the rectangle is made whole, exactly as without it, so its caps and
    /// joins are the same. The pattern jumps over whole periods to the next visible stretch;
    /// positions then come from one product instead of a running sum, which can differ in the
    /// last bit (never for lengths that are sums of powers of two).
    public func dashed(pattern: [Double], phase: Double = 0, maximumDashes: Int, within visible: CGRect?,
                       tolerance: Double = 0.01) -> (path: Path, complete: Bool) {
        let lengths = pattern.map { max(0, $0.isFinite ? $0 : 0) }
        let period = lengths.reduce(0, +)
        guard !lengths.isEmpty, period > 0 else { return (self, true) }
        // An odd pattern repeats twice per period, so on and off swap on the second pass.
        let cycle = lengths.count % 2 == 0 ? lengths : lengths + lengths
        let cycleLength = cycle.reduce(0, +)
        var parts: [Polyline] = []
        // Steps through the pattern, on and off, counted too: a pattern of zero-length dashes
        // and tiny gaps makes no parts but as many steps.
        var steps = 0
        let maximumSteps = maximumDashes >= Int.max / 4 ? Int.max : 2 * maximumDashes + cycle.count
        for contour in Self.polylines(of: self, tolerance: tolerance) {
            var position = -(phase.truncatingRemainder(dividingBy: cycleLength) + (phase < 0 ? cycleLength : 0))
            var index = 0
            let stretches = visible.map { contour.stretches(within: $0) } ?? [(0, contour.length)]
            for (from, to) in stretches {
                // Whole periods at once up to the stretch, then dash by dash until the dash that
                // reaches it (one ending exactly at its start is kept: its cap may show).
                if from - position > 2 * cycleLength {
                    position += ((from - position) / cycleLength - 1).rounded(.down) * cycleLength
                }
                while position + cycle[index] < from {
                    position += cycle[index]
                    index = (index + 1) % cycle.count
                }
                while position < contour.length, position <= to {
                    steps += 1
                    guard parts.count < maximumDashes, steps <= maximumSteps else { return (Path(polylines: parts), false) }
                    let length = cycle[index]
                    if index % 2 == 0, length > 0 || position >= 0 {
                        let lower = max(position, 0), upper = min(position + length, contour.length)
                        if upper > lower || (length == 0 && position >= 0) {
                            parts.append(contour.part(from: lower, to: upper, closingWhole: false))
                        }
                    }
                    position += length
                    index = (index + 1) % cycle.count
                }
            }
        }
        return (Path(polylines: parts), true)
    }

    /// The path mapped by any affine transform: its contours flattened within `tolerance` and
    /// their points mapped (arcs of axis-aligned ellipses cannot hold a rotation or shear).
    public func mapped(by transform: Transform, tolerance: Double = 0.01) -> Path {
        Path(polylines: Self.polylines(of: self, tolerance: tolerance).map { line in
            Polyline(points: line.points.map { transform.apply($0.x, $0.y) }, closed: line.closed)
        })
    }

    /// The total length of the path's contours (points).
    public func length(tolerance: Double = 0.01) -> Double {
        Self.polylines(of: self, tolerance: tolerance).reduce(0) { $0 + $1.length }
    }

    /// Whether `point` is inside the path under `rule` (a point on the outline counts as inside
    /// half the time, as with any sampled edge).
    public func contains(_ point: CGPoint, rule: FillRule = .nonZero, tolerance: Double = 0.01) -> Bool {
        let x = Double(point.x), y = Double(point.y)
        var winding = 0
        for contour in Self.polylines(of: self, tolerance: tolerance) {
            let points = contour.points
            guard points.count > 1 else { continue }
            for i in points.indices {
                let a = points[i], b = points[(i + 1) % points.count]
                if a.y <= y {
                    if b.y > y, (b.x - a.x) * (y - a.y) - (x - a.x) * (b.y - a.y) > 0 { winding += 1 }
                } else if b.y <= y, (b.x - a.x) * (y - a.y) - (x - a.x) * (b.y - a.y) < 0 {
                    winding -= 1
                }
            }
        }
        return rule == .nonZero ? winding != 0 : winding % 2 != 0
    }

    private init(polylines: [Polyline]) {
        self.init()
        for line in polylines {
            guard let first = line.points.first else { continue }
            move(to: CGPoint(x: first.x, y: first.y))
            for point in line.points.dropFirst() { addLine(to: CGPoint(x: point.x, y: point.y)) }
            if line.closed { closeSubpath() }
        }
    }

    /// The path's contours as polylines in path coordinates. The flattener works in pixels, so
    /// the path goes in scaled up by 1/tolerance and comes back scaled down: its 0.05-pixel
    /// tolerance becomes `tolerance`/20 points.
    static func polylines(of path: Path, tolerance: Double) -> [Polyline] {
        let zoom = 1 / max(tolerance, 1e-6)
        var collector = PolylineCollector()
        Flattener().flatten(path, transform: Transform(scaleX: zoom, y: zoom), into: &collector)
        return collector.contours.map { contour in
            Polyline(points: contour.points.map { ($0.x / zoom, $0.y / zoom) }, closed: contour.closed)
        }
    }
}

/// One flattened contour and its length.
struct Polyline {
    var points: [(x: Double, y: Double)]
    var closed: Bool
    /// Cumulative length at each point (the first is 0).
    var distances: [Double]

    init(points: [(x: Double, y: Double)], closed: Bool) {
        var points = points
        // A closed contour measures its closing segment too.
        if closed, let first = points.first, let last = points.last, first != last { points.append(first) }
        self.points = points
        self.closed = closed
        var distances = [0.0]
        for i in points.indices.dropFirst() {
            let dx = points[i].x - points[i - 1].x, dy = points[i].y - points[i - 1].y
            distances.append(distances[i - 1] + (dx * dx + dy * dy).squareRoot())
        }
        self.distances = distances
    }

    var length: Double { distances.last ?? 0 }

    /// The stretches of the contour (from, to: distances along it) inside `rect`, in order, each
    /// segment clipped to the rectangle (Liang–Barsky) and touching stretches merged.
    func stretches(within rect: CGRect) -> [(from: Double, to: Double)] {
        let (minX, minY, maxX, maxY) = (Double(rect.minX), Double(rect.minY), Double(rect.maxX), Double(rect.maxY))
        var result: [(from: Double, to: Double)] = []
        if points.count == 1, let p = points.first, p.x >= minX, p.x <= maxX, p.y >= minY, p.y <= maxY { return [(0, 0)] }
        for i in points.indices.dropFirst() {
            let (a, b) = (points[i - 1], points[i])
            let dx = b.x - a.x, dy = b.y - a.y
            var t0 = 0.0, t1 = 1.0, inside = true
            for (p, q) in [(-dx, a.x - minX), (dx, maxX - a.x), (-dy, a.y - minY), (dy, maxY - a.y)] {
                if p == 0 {
                    if q < 0 { inside = false }
                } else if p < 0 {
                    t0 = max(t0, q / p)
                } else {
                    t1 = min(t1, q / p)
                }
            }
            guard inside, t0 <= t1 else { continue }
            let span = distances[i] - distances[i - 1]
            let from = distances[i - 1] + span * t0, to = t1 >= 1 ? distances[i] : distances[i - 1] + span * t1
            if let last = result.last, from <= last.to {
                result[result.count - 1].to = max(last.to, to)
            } else {
                result.append((from, to))
            }
        }
        return result
    }

    /// The points from `lower` to `upper` along the contour. The whole of a closed contour stays
    /// closed unless `closingWhole` is false.
    func part(from lower: Double, to upper: Double, closingWhole: Bool = true) -> Polyline {
        if closingWhole, closed, lower <= 0, upper >= length { return self }
        var result = [point(at: lower)]
        // Binary search, not a scan: a dash pattern asks for up to 100,000 parts of one contour
        // of thousands of points, and scanning every point for each made that quadratic.
        var i = firstIndex(atLeast: lower)
        while i < points.count, distances[i] < upper {
            if distances[i] > lower { result.append(points[i]) }
            i += 1
        }
        result.append(point(at: upper))
        return Polyline(points: result, closed: false)
    }

    /// The first index whose distance is at least `distance` (`distances.count` if none).
    private func firstIndex(atLeast distance: Double) -> Int {
        var low = 0, high = distances.count
        while low < high {
            let middle = (low + high) / 2
            if distances[middle] >= distance { high = middle } else { low = middle + 1 }
        }
        return low
    }

    private func point(at distance: Double) -> (x: Double, y: Double) {
        let found = firstIndex(atLeast: distance)
        guard found < distances.count, found > 0 else { return points.first ?? (0, 0) }
        let after = found
        let before = after - 1
        let span = distances[after] - distances[before]
        let f = span > 0 ? (distance - distances[before]) / span : 0
        return (points[before].x + (points[after].x - points[before].x) * f,
                points[before].y + (points[after].y - points[before].y) * f)
    }
}
