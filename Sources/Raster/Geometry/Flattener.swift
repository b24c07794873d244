import Foundation

/// Receives a path flattened into polygons, in pixel coordinates.
protocol PolylineSink {
    mutating func moveTo(_ x: Double, _ y: Double)
    mutating func lineTo(_ x: Double, _ y: Double)
    /// Ends the current contour; `closed` says whether the path closed it explicitly.
    mutating func endContour(closed: Bool)
}

/// Turns a `Path` into line segments in pixel space, within `tolerance` pixels of the curves.
///
/// Curves are transformed first and flattened in pixel space (an affine map of a Bézier curve is
/// the Bézier curve of the mapped control points), so the tolerance holds whatever the transform.
///
/// Arcs keep exact area: a chord polygon through points of the ellipse loses the circular segments
/// (0.13 % of a 20 px circle at 0.05 px tolerance), enough to fail the "coverage sums to πr²" check.
/// Interior vertices therefore sit on radius r·√(δ/sin δ) for a step of δ radians, which makes
/// each step's triangle exactly as large as its sector; the arc's two ends stay on the ellipse so
/// arcs join their neighbouring lines without a step. Affine maps scale every area by the same
/// factor, so the property survives transforms.
struct Flattener {
    var tolerance: Double = 0.05

    func flatten<Sink: PolylineSink>(_ path: Path, transform: Transform, into sink: inout Sink) {
        var start = (x: 0.0, y: 0.0)        // contour start, path space
        var current = (x: 0.0, y: 0.0)      // current point, path space
        var open = false
        let maxScale = transform.maximumScale

        func begin(_ x: Double, _ y: Double, _ sink: inout Sink) {
            if open { sink.endContour(closed: false) }
            let p = transform.apply(x, y)
            sink.moveTo(p.x, p.y)
            start = (x, y)
            current = (x, y)
            open = true
        }
        func ensureOpen(_ sink: inout Sink) {
            if !open { begin(current.x, current.y, &sink) }
        }

        for element in path.elements {
            switch element {
            case let .move(x, y):
                begin(x, y, &sink)
            case let .line(x, y):
                ensureOpen(&sink)
                let p = transform.apply(x, y)
                sink.lineTo(p.x, p.y)
                current = (x, y)
            case let .quad(control, to):
                ensureOpen(&sink)
                let p0 = transform.apply(current.x, current.y)
                let p1 = transform.apply(control.0, control.1)
                let p2 = transform.apply(to.0, to.1)
                let ddx = p0.x - 2 * p1.x + p2.x, ddy = p0.y - 2 * p1.y + p2.y
                // Chord error of n uniform steps: |p0 − 2p1 + p2| / (4n²).
                let n = segmentCount(sqrt((ddx * ddx + ddy * ddy) / (4 * tolerance)))
                for i in 1...n {
                    let t = Double(i) / Double(n), u = 1 - t
                    let x = u * u * p0.x + 2 * u * t * p1.x + t * t * p2.x
                    let y = u * u * p0.y + 2 * u * t * p1.y + t * t * p2.y
                    if i == n { sink.lineTo(p2.x, p2.y) } else { sink.lineTo(x, y) }
                }
                current = to
            case let .cubic(control1, control2, to):
                ensureOpen(&sink)
                let p0 = transform.apply(current.x, current.y)
                let p1 = transform.apply(control1.0, control1.1)
                let p2 = transform.apply(control2.0, control2.1)
                let p3 = transform.apply(to.0, to.1)
                let d1 = hypot(p0.x - 2 * p1.x + p2.x, p0.y - 2 * p1.y + p2.y)
                let d2 = hypot(p1.x - 2 * p2.x + p3.x, p1.y - 2 * p2.y + p3.y)
                // Chord error of n uniform steps: ≤ ¾·max|second difference| / n².
                let n = segmentCount(sqrt(0.75 * max(d1, d2) / tolerance))
                for i in 1...n {
                    let t = Double(i) / Double(n), u = 1 - t
                    let (b0, b1, b2, b3) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
                    if i == n {
                        sink.lineTo(p3.x, p3.y)
                    } else {
                        sink.lineTo(b0 * p0.x + b1 * p1.x + b2 * p2.x + b3 * p3.x,
                                    b0 * p0.y + b1 * p1.y + b2 * p2.y + b3 * p3.y)
                    }
                }
                current = to
            case let .arc(center, radii, startAngle, sweep):
                let sx = center.0 + radii.0 * cos(startAngle), sy = center.1 + radii.1 * sin(startAngle)
                if open {
                    let p = transform.apply(sx, sy)
                    sink.lineTo(p.x, p.y)
                } else {
                    begin(sx, sy, &sink)
                }
                let radius = max(radii.0, radii.1) * maxScale
                guard radius > 0, sweep != 0 else { continue }
                // Deviation of the corrected polygon from the ellipse is about r·δ²/12.
                let idealStep = min(Double.pi / 8, sqrt(12 * tolerance / radius))
                let n = segmentCount(abs(sweep) / idealStep)
                let step = sweep / Double(n)
                let grow = n > 1 ? (abs(step) / sin(abs(step))).squareRoot() : 1
                // Unit vector turned by `step` each time: one sin and cos per arc, not per vertex.
                let (stepCos, stepSin) = (cos(step), sin(step))
                var (ux, uy) = (cos(startAngle), sin(startAngle))
                for i in 1...n {
                    (ux, uy) = (ux * stepCos - uy * stepSin, ux * stepSin + uy * stepCos)
                    let p: (x: Double, y: Double)
                    if i == n {
                        let end = startAngle + sweep
                        p = transform.apply(center.0 + radii.0 * cos(end), center.1 + radii.1 * sin(end))
                    } else {
                        p = transform.apply(center.0 + grow * radii.0 * ux, center.1 + grow * radii.1 * uy)
                    }
                    sink.lineTo(p.x, p.y)
                }
                current = (center.0 + radii.0 * cos(startAngle + sweep), center.1 + radii.1 * sin(startAngle + sweep))
            case .close:
                if open {
                    sink.endContour(closed: true)
                    open = false
                }
                current = start
            }
        }
        if open { sink.endContour(closed: false) }
    }

    /// At most 4096 segments per curve. The cap is applied before converting to `Int`: a radius of
    /// 1e300 (a rounded rect of absurd size) asks for about 1e150 segments, which trapped there.
    private func segmentCount(_ ideal: Double) -> Int {
        guard ideal.isFinite else { return 1 }
        return max(1, Int(min(4096, ideal.rounded(.up))))
    }
}

/// Collects flattened contours as point lists, for the stroker.
struct PolylineCollector: PolylineSink {
    struct Contour {
        var points: [(x: Double, y: Double)]
        var closed: Bool
    }

    var contours: [Contour] = []
    private var current: [(x: Double, y: Double)] = []

    mutating func moveTo(_ x: Double, _ y: Double) {
        current = [(x, y)]
    }

    mutating func lineTo(_ x: Double, _ y: Double) {
        if let last = current.last, last.x == x, last.y == y { return }
        current.append((x, y))
    }

    mutating func endContour(closed: Bool) {
        if closed, current.count > 1, let first = current.first, let last = current.last, first.x == last.x, first.y == last.y {
            current.removeLast()
        }
        if !current.isEmpty { contours.append(Contour(points: current, closed: closed)) }
        current = []
    }
}
