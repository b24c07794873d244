import Vocabulary
import Foundation
import Raster

/// Core Graphics' immutable path, as layers take it (`layer.shadowPath = path.cgPath`).
/// `@unchecked`: a `CGPath` never changes; a `CGMutablePath` changes only while it is being
/// built, on the thread building it, as in Core Graphics.
public class CGPath: Equatable, @unchecked Sendable {
    /// The outline, in the coordinates it was made in.
    public fileprivate(set) var path: Path

    public init(path: Path) { self.path = path }

    public static func == (lhs: CGPath, rhs: CGPath) -> Bool { lhs.path == rhs.path }

    /// The smallest rectangle holding the path's points and control points.
    public var boundingBox: CGRect { path.boundingBox ?? .null }
    public var isEmpty: Bool { path.elements.isEmpty }
    public var currentPoint: CGPoint { path.currentPoint ?? .zero }
    /// An immutable copy.
    public func copy() -> CGPath? { CGPath(path: path) }
    public func mutableCopy() -> CGMutablePath? { CGMutablePath(path: path) }
}

/// A path built with Core Graphics' calls (`move(to:)`, `addLine(to:)`, `addArc…`), then given to
/// a shape layer or a context.
public final class CGMutablePath: CGPath {
    public init() { super.init(path: Path()) }
    public override init(path: Path) { super.init(path: path) }

    public func move(to point: CGPoint, transform: CGAffineTransform = .identity) { path.move(to: point.applying(transform)) }
    public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) { path.addLine(to: point.applying(transform)) }
    public func addLines(between points: [CGPoint], transform: CGAffineTransform = .identity) {
        guard let first = points.first else { return }
        move(to: first, transform: transform)
        for point in points.dropFirst() { addLine(to: point, transform: transform) }
    }
    public func addQuadCurve(to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {
        path.addQuadCurve(to: end.applying(transform), control: control.applying(transform))
    }
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint, transform: CGAffineTransform = .identity) {
        path.addCurve(to: end.applying(transform), control1: control1.applying(transform), control2: control2.applying(transform))
    }
    public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) { addPath(UIBezierPath(rect: rect).cgPath, transform: transform) }
    public func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        addPath(UIBezierPath(ovalIn: rect).cgPath, transform: transform)
    }
    public func addRoundedRect(in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat, transform: CGAffineTransform = .identity) {
        addPath(UIBezierPath(roundedRect: rect, cornerRadius: min(cornerWidth, cornerHeight)).cgPath, transform: transform)
    }
    /// An arc in Core Graphics' sense of `clockwise`, which in UIKit's y-down coordinates turns
    /// counter-clockwise on screen (see `CGContext.addArc`).
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool,
                       transform: CGAffineTransform = .identity) {
        let arc = UIBezierPath(arcCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: !clockwise)
        addPath(arc.cgPath, transform: transform, joined: true)
    }
    public func addPath(_ other: CGPath, transform: CGAffineTransform = .identity) { addPath(other, transform: transform, joined: false) }
    public func closeSubpath() { path.closeSubpath() }

    private func addPath(_ other: CGPath, transform: CGAffineTransform, joined: Bool) {
        let bezier = UIBezierPath(cgPath: other)
        if transform != .identity { bezier.apply(transform) }
        var elements = bezier.cgPath.path.elements
        // Joined to the current point by a line, as Core Graphics joins an arc.
        if joined, path.currentPoint != nil, case let .move(x, y)? = elements.first {
            elements[0] = .line(x, y)
        }
        var added = Path()
        added.append(Path(elementsOf: elements))
        path.append(added)
    }
}

/// UIKit's path: lines, curves, arcs, rectangles, rounded rectangles and ovals, filled or stroked
/// into the current drawing context inside a view's `draw(_:)`.
///
///     override func draw(_ rect: CGRect) {
///         UIColor.systemBlue.setFill()
///         UIBezierPath(roundedRect: rect.insetBy(dx: 4, dy: 4), cornerRadius: 8).fill()
///         let line = UIBezierPath()
///         line.move(to: CGPoint(x: 0, y: rect.midY))
///         line.addLine(to: CGPoint(x: rect.maxX, y: rect.midY))
///         line.lineWidth = 2
///         UIColor.white.setStroke()
///         line.stroke()
///     }
///
/// As in Core Graphics, arcs and ovals are stored as cubic Béziers, so `apply(_:)` maps every
/// element exactly.
open class UIBezierPath {
    enum Element: Equatable {
        case move(CGPoint)
        case line(CGPoint)
        case quad(CGPoint, CGPoint)
        case cubic(CGPoint, CGPoint, CGPoint)
        case close
    }

    private(set) var elements: [Element] = []
    private var subpathStart: CGPoint = .zero
    public private(set) var currentPoint: CGPoint = .zero

    open var lineWidth: CGFloat = 1
    open var lineCapStyle: CGLineCap = .butt
    open var lineJoinStyle: CGLineJoin = .miter
    open var miterLimit: CGFloat = 10
    open var usesEvenOddFillRule = false

    public init() {}

    public convenience init(rect: CGRect) {
        self.init()
        move(to: CGPoint(x: rect.minX, y: rect.minY))
        addLine(to: CGPoint(x: rect.maxX, y: rect.minY))
        addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
        addLine(to: CGPoint(x: rect.minX, y: rect.maxY))
        close()
    }

    public convenience init(ovalIn rect: CGRect) {
        self.init()
        appendEllipse(center: CGPoint(x: rect.midX, y: rect.midY), radiusX: rect.width / 2, radiusY: rect.height / 2)
    }

    public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        self.init(roundedRect: rect, byRoundingCorners: .allCorners, cornerRadii: CGSize(width: cornerRadius, height: cornerRadius))
    }

    /// A rectangle with the chosen corners rounded (radii limited to half the sides, as UIKit does).
    public convenience init(roundedRect rect: CGRect, byRoundingCorners corners: UIRectCorner, cornerRadii: CGSize) {
        self.init()
        let r = rect.standardized
        let rx = max(0, min(cornerRadii.width, r.width / 2)), ry = max(0, min(cornerRadii.height, r.height / 2))
        func radius(_ corner: UIRectCorner) -> CGSize { corners.contains(corner) ? CGSize(width: rx, height: ry) : .zero }
        let (tl, tr, br, bl) = (radius(.topLeft), radius(.topRight), radius(.bottomRight), radius(.bottomLeft))
        move(to: CGPoint(x: r.minX + tl.width, y: r.minY))
        addLine(to: CGPoint(x: r.maxX - tr.width, y: r.minY))
        appendQuarter(center: CGPoint(x: r.maxX - tr.width, y: r.minY + tr.height), radii: tr, from: -.pi / 2)
        addLine(to: CGPoint(x: r.maxX, y: r.maxY - br.height))
        appendQuarter(center: CGPoint(x: r.maxX - br.width, y: r.maxY - br.height), radii: br, from: 0)
        addLine(to: CGPoint(x: r.minX + bl.width, y: r.maxY))
        appendQuarter(center: CGPoint(x: r.minX + bl.width, y: r.maxY - bl.height), radii: bl, from: .pi / 2)
        addLine(to: CGPoint(x: r.minX, y: r.minY + tl.height))
        appendQuarter(center: CGPoint(x: r.minX + tl.width, y: r.minY + tl.height), radii: tl, from: .pi)
        close()
    }

    public convenience init(arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        self.init()
        addArc(withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }

    public convenience init(cgPath: CGPath) {
        self.init()
        for element in cgPath.path.elements {
            switch element {
            case let .move(x, y): move(to: CGPoint(x: x, y: y))
            case let .line(x, y): addLine(to: CGPoint(x: x, y: y))
            case let .quad(c, p): addQuadCurve(to: CGPoint(x: p.0, y: p.1), controlPoint: CGPoint(x: c.0, y: c.1))
            case let .cubic(c1, c2, p):
                addCurve(to: CGPoint(x: p.0, y: p.1), controlPoint1: CGPoint(x: c1.0, y: c1.1), controlPoint2: CGPoint(x: c2.0, y: c2.1))
            case let .arc(center, radii, start, sweep):
                let c = CGPoint(x: center.0, y: center.1)
                let startPoint = CGPoint(x: c.x + radii.0 * cos(start), y: c.y + radii.1 * sin(start))
                if elements.isEmpty { move(to: startPoint) } else { addLine(to: startPoint) }
                appendArc(center: c, radiusX: radii.0, radiusY: radii.1, start: start, sweep: sweep)
            case .close: close()
            }
        }
    }

    // MARK: Building

    /// The path as runs of points, one per subpath, curves flattened into `segmentsPerCurve`
    /// straight pieces (a closed subpath ends at its start).
    func polylines(segmentsPerCurve: Int = 16) -> [[CGPoint]] {
        var lines: [[CGPoint]] = []
        var line: [CGPoint] = []
        func point(_ a: CGPoint, _ b: CGPoint, _ t: CGFloat) -> CGPoint { CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t) }
        for element in elements {
            switch element {
            case .move(let p):
                if line.count > 1 { lines.append(line) }
                line = [p]
            case .line(let p):
                line.append(p)
            case let .quad(c, p):
                guard let start = line.last else { line = [p]; continue }
                for k in 1...segmentsPerCurve {
                    let t = CGFloat(k) / CGFloat(segmentsPerCurve)
                    line.append(point(point(start, c, t), point(c, p, t), t))
                }
            case let .cubic(c1, c2, p):
                guard let start = line.last else { line = [p]; continue }
                for k in 1...segmentsPerCurve {
                    let t = CGFloat(k) / CGFloat(segmentsPerCurve)
                    let (a, b, c) = (point(start, c1, t), point(c1, c2, t), point(c2, p, t))
                    line.append(point(point(a, b, t), point(b, c, t), t))
                }
            case .close:
                if let first = line.first, line.count > 1 {
                    if line.last != first { line.append(first) }
                    lines.append(line)
                    line = [first]
                }
            }
        }
        if line.count > 1 { lines.append(line) }
        return lines
    }

    open func move(to point: CGPoint) {
        elements.append(.move(point))
        subpathStart = point
        currentPoint = point
    }

    open func addLine(to point: CGPoint) {
        elements.append(.line(point))
        currentPoint = point
    }

    open func addQuadCurve(to point: CGPoint, controlPoint: CGPoint) {
        elements.append(.quad(controlPoint, point))
        currentPoint = point
    }

    open func addCurve(to point: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        elements.append(.cubic(controlPoint1, controlPoint2, point))
        currentPoint = point
    }

    /// An arc of the circle, joined to the current point by a line (angles in radians, 0 along +x;
    /// clockwise as seen on the screen, y down).
    open func addArc(withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        let start = CGPoint(x: center.x + radius * cos(startAngle), y: center.y + radius * sin(startAngle))
        if elements.isEmpty { move(to: start) } else { addLine(to: start) }
        var sweep = endAngle - startAngle
        let full = 2 * CGFloat.pi
        if clockwise {
            if sweep < 0 { sweep = sweep.truncatingRemainder(dividingBy: full) + full }
            if sweep > full { sweep = full }
        } else {
            if sweep > 0 { sweep = sweep.truncatingRemainder(dividingBy: full) - full }
            if sweep < -full { sweep = -full }
        }
        appendArc(center: center, radiusX: radius, radiusY: radius, start: startAngle, sweep: sweep)
    }

    open func close() {
        elements.append(.close)
        currentPoint = subpathStart
    }

    open func append(_ other: UIBezierPath) {
        elements.append(contentsOf: other.elements)
        currentPoint = other.currentPoint
    }

    open func removeAllPoints() {
        elements.removeAll()
        currentPoint = .zero
    }

    /// Maps every point of the path.
    open func apply(_ transform: CGAffineTransform) {
        func map(_ p: CGPoint) -> CGPoint { p.applying(transform) }
        elements = elements.map { element in
            switch element {
            case .move(let p): return .move(map(p))
            case .line(let p): return .line(map(p))
            case let .quad(c, p): return .quad(map(c), map(p))
            case let .cubic(c1, c2, p): return .cubic(map(c1), map(c2), map(p))
            case .close: return .close
            }
        }
        currentPoint = map(currentPoint)
        subpathStart = map(subpathStart)
    }

    open var isEmpty: Bool { elements.isEmpty }

    /// The box around every point, control points included (as UIKit's `bounds`).
    open var bounds: CGRect {
        var points: [CGPoint] = []
        for element in elements {
            switch element {
            case .move(let p), .line(let p): points.append(p)
            case let .quad(c, p): points += [c, p]
            case let .cubic(c1, c2, p): points += [c1, c2, p]
            case .close: break
            }
        }
        guard let first = points.first else { return .null }
        var box = CGRect(origin: first, size: .zero)
        for p in points.dropFirst() { box = box.union(CGRect(origin: p, size: .zero)) }
        return box
    }

    /// The outline as a rasterizer path.
    public var rasterPath: Path {
        var path = Path()
        for element in elements {
            switch element {
            case .move(let p): path.move(to: p)
            case .line(let p): path.addLine(to: p)
            case let .quad(c, p): path.addQuadCurve(to: p, control: c)
            case let .cubic(c1, c2, p): path.addCurve(to: p, control1: c1, control2: c2)
            case .close: path.closeSubpath()
            }
        }
        return path
    }

    /// The path as Core Graphics holds it; setting it replaces this path's elements.
    open var cgPath: CGPath {
        get { CGPath(path: rasterPath) }
        set { elements = UIBezierPath(cgPath: newValue).elements }
    }

    /// Whether `point` is inside the path under its fill rule (`usesEvenOddFillRule`), as UIKit
    /// tests it for hit-testing a shape; curves are measured within a hundredth of a point.
    open func contains(_ point: CGPoint) -> Bool {
        rasterPath.contains(point, rule: usesEvenOddFillRule ? .evenOdd : .nonZero)
    }

    // MARK: Drawing

    /// Fills the path with the current context's fill colour.
    open func fill() {
        UIGraphicsContext.current?.fill(rasterPath, rule: usesEvenOddFillRule ? .evenOdd : .nonZero)
    }

    /// Strokes the path with the current context's stroke colour and this path's line settings.
    open func stroke() {
        let style = StrokeStyle(join: lineJoinStyle.rasterJoin, cap: lineCapStyle.rasterCap, miterLimit: Double(miterLimit))
        UIGraphicsContext.current?.stroke(rasterPath, width: Double(lineWidth), style: style)
    }

    /// Clips later drawing in the current context to the path's bounding box.
    open func addClip() {
        UIGraphicsContext.current?.clip(to: bounds)
    }

    // MARK: Arcs as cubics

    private func appendEllipse(center: CGPoint, radiusX: CGFloat, radiusY: CGFloat) {
        move(to: CGPoint(x: center.x + radiusX, y: center.y))
        appendArc(center: center, radiusX: radiusX, radiusY: radiusY, start: 0, sweep: 2 * .pi)
        close()
    }

    private func appendQuarter(center: CGPoint, radii: CGSize, from start: CGFloat) {
        guard radii.width > 0, radii.height > 0 else { return }
        appendArc(center: center, radiusX: radii.width, radiusY: radii.height, start: start, sweep: .pi / 2)
    }

    /// Appends the arc as cubic segments of at most 90° each (k = 4/3·tan(θ/4), the standard
    /// approximation: radial error under 0.03 % of the radius).
    private func appendArc(center: CGPoint, radiusX: CGFloat, radiusY: CGFloat, start: CGFloat, sweep: CGFloat) {
        guard sweep != 0 else { return }
        let segments = max(1, Int((abs(sweep) / (.pi / 2)).rounded(.up) - 1e-9))
        let step = sweep / CGFloat(segments)
        let k = 4.0 / 3.0 * tan(step / 4)
        var angle = start
        for _ in 0..<segments {
            let (c0, s0, c1, s1) = (cos(angle), sin(angle), cos(angle + step), sin(angle + step))
            let p1 = CGPoint(x: center.x + radiusX * (c0 - k * s0), y: center.y + radiusY * (s0 + k * c0))
            let p2 = CGPoint(x: center.x + radiusX * (c1 + k * s1), y: center.y + radiusY * (s1 - k * c1))
            let end = CGPoint(x: center.x + radiusX * c1, y: center.y + radiusY * s1)
            addCurve(to: end, controlPoint1: p1, controlPoint2: p2)
            angle += step
        }
    }
}

/// Which corners a rounded rectangle rounds.
public struct UIRectCorner: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let topLeft = UIRectCorner(rawValue: 1 << 0)
    public static let topRight = UIRectCorner(rawValue: 1 << 1)
    public static let bottomLeft = UIRectCorner(rawValue: 1 << 2)
    public static let bottomRight = UIRectCorner(rawValue: 1 << 3)
    public static let allCorners: UIRectCorner = [.topLeft, .topRight, .bottomLeft, .bottomRight]
}

public enum CGLineCap: Int32, Sendable {
    case butt, round, square

    var rasterCap: StrokeStyle.Cap {
        switch self {
        case .butt: return .butt
        case .round: return .round
        case .square: return .square
        }
    }
}

public enum CGLineJoin: Int32, Sendable {
    case miter, round, bevel

    var rasterJoin: StrokeStyle.Join {
        switch self {
        case .miter: return .miter
        case .round: return .round
        case .bevel: return .bevel
        }
    }
}

/// Fills `rect` with the current context's fill colour, as UIKit's function does.
public func UIRectFill(_ rect: CGRect) {
    UIGraphicsContext.current?.fill(Path(rect: rect), rule: .nonZero)
}
