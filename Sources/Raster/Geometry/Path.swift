import Foundation

/// A vector path in points: contours of lines, Bézier curves and elliptical arcs.
///
/// Arcs are their own element rather than cubic approximations so that flattening can place the
/// polygon's vertices for exact area (see `Flattener`): a filled circle then covers πr² pixels,
/// not 0.05 % more or 0.2 % less.
///
/// ```swift
/// var path = Path()
/// path.move(to: CGPoint(x: 10, y: 10))
/// path.addLine(to: CGPoint(x: 50, y: 10))
/// path.addQuadCurve(to: CGPoint(x: 50, y: 50), control: CGPoint(x: 70, y: 30))
/// path.closeSubpath()
/// ```
public struct Path: Sendable, Equatable {
    public enum Element: Sendable, Equatable {
        case move(Double, Double)
        case line(Double, Double)
        case quad(control: (Double, Double), to: (Double, Double))
        case cubic(control1: (Double, Double), control2: (Double, Double), to: (Double, Double))
        /// An arc of the axis-aligned ellipse centred on `center` with radii `radii`, from
        /// `startAngle` turning by `sweep` radians (positive: clockwise on screen). A line joins
        /// the current point to the arc's start.
        case arc(center: (Double, Double), radii: (Double, Double), startAngle: Double, sweep: Double)
        case close

        public static func == (lhs: Element, rhs: Element) -> Bool {
            switch (lhs, rhs) {
            case let (.move(a, b), .move(c, d)), let (.line(a, b), .line(c, d)):
                return a == c && b == d
            case let (.quad(c1, t1), .quad(c2, t2)):
                return c1 == c2 && t1 == t2
            case let (.cubic(a1, b1, t1), .cubic(a2, b2, t2)):
                return a1 == a2 && b1 == b2 && t1 == t2
            case let (.arc(c1, r1, s1, w1), .arc(c2, r2, s2, w2)):
                return c1 == c2 && r1 == r2 && s1 == s2 && w1 == w2
            case (.close, .close):
                return true
            default:
                return false
            }
        }
    }

    public private(set) var elements: [Element] = []

    public init() {}

    init(_ elements: [Element]) {
        self.elements = elements
    }

    /// A path of these elements.
    public init(elementsOf elements: [Element]) {
        self.elements = elements
    }

    /// The path scaled by `scale` about the origin, then moved. (A general transform would turn
    /// arcs of axis-aligned ellipses into rotated ones, which `Element` cannot hold; drawing
    /// methods take a transform instead.)
    public func applying(scale: Double, translationX tx: Double, y ty: Double) -> Path {
        func map(_ p: (Double, Double)) -> (Double, Double) { (p.0 * scale + tx, p.1 * scale + ty) }
        return Path(elements.map { element in
            switch element {
            case let .move(x, y): let p = map((x, y)); return .move(p.0, p.1)
            case let .line(x, y): let p = map((x, y)); return .line(p.0, p.1)
            case let .quad(control, to): return .quad(control: map(control), to: map(to))
            case let .cubic(c1, c2, to): return .cubic(control1: map(c1), control2: map(c2), to: map(to))
            case let .arc(center, radii, start, sweep):
                let flip = scale < 0 ? Double.pi : 0
                return .arc(center: map(center), radii: (abs(radii.0 * scale), abs(radii.1 * scale)), startAngle: start + flip, sweep: sweep)
            case .close: return .close
            }
        })
    }

    public var isEmpty: Bool { elements.isEmpty }

    /// The box around every point of the path, control points and whole arc ellipses included
    /// (a bound, not always the tightest); nil for an empty path.
    public var boundingBox: CGRect? {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        func add(_ x: Double, _ y: Double) {
            (minX, minY, maxX, maxY) = (min(minX, x), min(minY, y), max(maxX, x), max(maxY, y))
        }
        for element in elements {
            switch element {
            case let .move(x, y), let .line(x, y): add(x, y)
            case let .quad(c, p): add(c.0, c.1); add(p.0, p.1)
            case let .cubic(c1, c2, p): add(c1.0, c1.1); add(c2.0, c2.1); add(p.0, p.1)
            case let .arc(center, radii, _, _):
                add(center.0 - radii.0, center.1 - radii.1)
                add(center.0 + radii.0, center.1 + radii.1)
            case .close: break
            }
        }
        guard minX <= maxX, minY <= maxY else { return nil }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    public mutating func move(to point: CGPoint) {
        elements.append(.move(Double(point.x), Double(point.y)))
    }

    public mutating func addLine(to point: CGPoint) {
        elements.append(.line(Double(point.x), Double(point.y)))
    }

    public mutating func addQuadCurve(to point: CGPoint, control: CGPoint) {
        elements.append(.quad(control: (Double(control.x), Double(control.y)), to: (Double(point.x), Double(point.y))))
    }

    public mutating func addCurve(to point: CGPoint, control1: CGPoint, control2: CGPoint) {
        elements.append(.cubic(
            control1: (Double(control1.x), Double(control1.y)),
            control2: (Double(control2.x), Double(control2.y)),
            to: (Double(point.x), Double(point.y))
        ))
    }

    /// Adds an arc of the ellipse with the given centre and radii; angles in radians, measured
    /// from the +x axis towards +y (clockwise on screen).
    public mutating func addArc(center: CGPoint, radiusX: Double, radiusY: Double, startAngle: Double, sweep: Double) {
        elements.append(.arc(center: (Double(center.x), Double(center.y)), radii: (radiusX, radiusY), startAngle: startAngle, sweep: sweep))
    }

    public mutating func closeSubpath() {
        elements.append(.close)
    }

    public mutating func append(_ other: Path) {
        elements.append(contentsOf: other.elements)
    }

    /// Where the path ends now (nil when empty): the end of the last element, or the start of the
    /// contour a `close` ended.
    public var currentPoint: CGPoint? {
        var contourStart: (Double, Double)?
        var point: (Double, Double)?
        for element in elements {
            switch element {
            case let .move(x, y):
                point = (x, y)
                contourStart = (x, y)
            case let .line(x, y): point = (x, y)
            case let .quad(_, to), let .cubic(_, _, to): point = to
            case let .arc(center, radii, start, sweep):
                let end = start + sweep
                point = (center.0 + radii.0 * cos(end), center.1 + radii.1 * sin(end))
                if contourStart == nil { contourStart = (center.0 + radii.0 * cos(start), center.1 + radii.1 * sin(start)) }
            case .close: point = contourStart
            }
        }
        return point.map { CGPoint(x: $0.0, y: $0.1) }
    }

    // MARK: Shapes

    /// A rectangle, clockwise on screen from its top-left corner.
    public init(rect: CGRect) {
        let r = rect.standardized
        self.init()
        move(to: CGPoint(x: r.minX, y: r.minY))
        addLine(to: CGPoint(x: r.maxX, y: r.minY))
        addLine(to: CGPoint(x: r.maxX, y: r.maxY))
        addLine(to: CGPoint(x: r.minX, y: r.maxY))
        closeSubpath()
    }

    /// A rectangle with rounded corners. Radii larger than the rectangle allows are scaled down
    /// together, as CSS and Core Animation do, so adjacent corners never overlap.
    ///
    /// A rectangle with a NaN or infinite coordinate or size gives an empty path (nothing is drawn):
    /// transforming an infinite point makes NaN (∞ × 0), so no outline of it would be whole.
    /// Huge finite ones (1e300) are drawn, clamped where they become pixels.
    public init(roundedRect rect: CGRect, radii: CornerRadii) {
        guard rect.origin.x.isFinite, rect.origin.y.isFinite, rect.width.isFinite, rect.height.isFinite else {
            self.init()
            return
        }
        let r = rect.standardized
        let fitted = radii.fitted(width: Double(r.width), height: Double(r.height))
        guard fitted.hasRounding else {
            self.init(rect: r)
            return
        }
        self.init()
        let (minX, minY, maxX, maxY) = (Double(r.minX), Double(r.minY), Double(r.maxX), Double(r.maxY))
        let quarter = Double.pi / 2
        elements.append(.move(minX + fitted.topLeft, minY))
        elements.append(.line(maxX - fitted.topRight, minY))
        appendCorner(center: (maxX - fitted.topRight, minY + fitted.topRight), radius: fitted.topRight, start: -quarter)
        elements.append(.line(maxX, maxY - fitted.bottomRight))
        appendCorner(center: (maxX - fitted.bottomRight, maxY - fitted.bottomRight), radius: fitted.bottomRight, start: 0)
        elements.append(.line(minX + fitted.bottomLeft, maxY))
        appendCorner(center: (minX + fitted.bottomLeft, maxY - fitted.bottomLeft), radius: fitted.bottomLeft, start: quarter)
        elements.append(.line(minX, minY + fitted.topLeft))
        appendCorner(center: (minX + fitted.topLeft, minY + fitted.topLeft), radius: fitted.topLeft, start: 2 * quarter)
        elements.append(.close)
    }

    public init(roundedRect rect: CGRect, cornerRadius: Double) {
        self.init(roundedRect: rect, radii: CornerRadii(cornerRadius))
    }

    private mutating func appendCorner(center: (Double, Double), radius: Double, start: Double) {
        if radius > 0 {
            elements.append(.arc(center: center, radii: (radius, radius), startAngle: start, sweep: Double.pi / 2))
        }
    }

    /// The ellipse inscribed in `rect`.
    public init(ellipseIn rect: CGRect) {
        let r = rect.standardized
        let (rx, ry) = (Double(r.width) / 2, Double(r.height) / 2)
        self.init()
        guard rx > 0, ry > 0 else { return }
        elements.append(.move(Double(r.maxX), Double(r.midY)))
        elements.append(.arc(center: (Double(r.midX), Double(r.midY)), radii: (rx, ry), startAngle: 0, sweep: 2 * Double.pi))
        elements.append(.close)
    }

    /// A closed polygon through `points`.
    public init(polygon points: [CGPoint]) {
        self.init()
        guard let first = points.first else { return }
        move(to: first)
        for point in points.dropFirst() { addLine(to: point) }
        closeSubpath()
    }
}

/// The four corner radii of a rounded rectangle, in points.
public struct CornerRadii: Equatable, Sendable {
    public var topLeft: Double, topRight: Double, bottomRight: Double, bottomLeft: Double

    public init(topLeft: Double, topRight: Double, bottomRight: Double, bottomLeft: Double) {
        self.topLeft = max(0, topLeft)
        self.topRight = max(0, topRight)
        self.bottomRight = max(0, bottomRight)
        self.bottomLeft = max(0, bottomLeft)
    }

    /// The same radius at every corner.
    public init(_ radius: Double) {
        self.init(topLeft: radius, topRight: radius, bottomRight: radius, bottomLeft: radius)
    }

    public var hasRounding: Bool { topLeft > 0 || topRight > 0 || bottomRight > 0 || bottomLeft > 0 }

    /// Scaled down uniformly so that the radii along each side sum to no more than its length.
    ///
    /// An infinite radius counts as 1e300 (its sums stay finite), so it is scaled down to the side
    /// like any large one instead of becoming NaN (∞ × 0) and then no rounding at all.
    func fitted(width: Double, height: Double) -> CornerRadii {
        let (topLeft, topRight) = (min(topLeft, 1e300), min(topRight, 1e300))
        let (bottomRight, bottomLeft) = (min(bottomRight, 1e300), min(bottomLeft, 1e300))
        var factor = 1.0
        for (sum, side) in [(topLeft + topRight, width), (bottomLeft + bottomRight, width),
                            (topLeft + bottomLeft, height), (topRight + bottomRight, height)] where sum > side {
            factor = min(factor, side / sum)
        }
        return CornerRadii(
            topLeft: topLeft * factor, topRight: topRight * factor,
            bottomRight: bottomRight * factor, bottomLeft: bottomLeft * factor
        )
    }

    /// Each radius reduced by `amount` (not below zero): the inner edge of a border of that width.
    public func inset(by amount: Double) -> CornerRadii {
        CornerRadii(topLeft: topLeft - amount, topRight: topRight - amount,
                    bottomRight: bottomRight - amount, bottomLeft: bottomLeft - amount)
    }
}
