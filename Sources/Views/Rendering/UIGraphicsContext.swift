import Vocabulary
import DisplayList
import Foundation
import Raster

/// The drawing context of `draw(_:)` and of image renderers (Core Graphics' `CGContext` is this
/// class): where `UIBezierPath.fill()`, `UIColor.setFill()`, `UIRectFill` and the `CGContext`
/// calls go. It records commands rather than painting, so that a view draws once and its drawing
/// is replayed in every frame until `setNeedsDisplay()`; an image context paints its recording
/// when asked for the image.
///
/// The current transformation matrix (`translateBy`, `scaleBy`, `rotate`, `concatenate`,
/// `saveGState`/`restoreGState`) applies to what is drawn after it; a path under a transform other
/// than a translation and a uniform scale is drawn as its outline flattened within 0.01 pt.
public final class UIGraphicsContext {
    public var fillColor: CGColor = UIColor.black.cgColor
    public var strokeColor: CGColor = UIColor.black.cgColor
    public private(set) var commands: [DrawingCommand] = []
    var lineWidth: Double = 1
    var lineStyle = StrokeStyle()
    /// `setAlpha`: later fills and strokes are faded by it.
    var alpha: Double = 1
    var ctm = CGAffineTransform.identity
    var savedStates: [(fill: CGColor, stroke: CGColor, width: Double, style: StrokeStyle, ctm: CGAffineTransform, alpha: Double)] = []
    /// The path being built with `move(to:)`, `addLine(to:)`…
    var currentPath = Path()

    /// For an image context: its size (points), scale and the origin of its bounds.
    let size: CGSize?
    let scale: Double
    let origin: CGPoint

    init() {
        size = nil
        scale = 1
        origin = .zero
    }

    init(size: CGSize, scale: Double, opaque: Bool, origin: CGPoint) {
        self.size = size
        self.scale = scale
        self.origin = origin
    }

    func fill(_ path: Path, rule: FillRule) {
        commands.append(.fill(transformed(path), color: fillColor.rasterColor.withOpacity(alpha), rule: rule))
    }

    func stroke(_ path: Path, width: Double, style: StrokeStyle) {
        commands.append(.stroke(transformed(path), width: width * ctmScale, color: strokeColor.rasterColor.withOpacity(alpha), style: style))
    }

    /// Fills `path` with `paint` (a gradient), both under the current transform.
    func paint(_ path: Path, with paint: Paint, rule: FillRule = .nonZero) {
        let m = ctm
        func map(_ p: CGPoint) -> CGPoint { p.applying(m) }
        let scale = CGFloat(ctmScale)
        let mapped: Paint
        switch paint {
        case .linearGradient(let g): mapped = .linearGradient(LinearGradient(start: map(g.start), end: map(g.end), stops: g.stops))
        case .radialGradient(let g):
            mapped = .radialGradient(RadialGradient(center: map(g.center), radii: CGSize(width: g.radii.width * scale, height: g.radii.height * scale),
                                                    stops: g.stops))
        case .conicGradient(let g): mapped = .conicGradient(ConicGradient(center: map(g.center), startAngle: g.startAngle, stops: g.stops))
        case .solid(let colour): mapped = .solid(colour)
        }
        commands.append(.paint(transformed(path), paint: mapped, rule: rule))
    }

    func clip(to rect: CGRect) {
        commands.append(.clip(rect.applying(ctm)))
    }

    package func append(_ command: DrawingCommand) {
        commands.append(command)
    }

    func appendImage(_ image: Bitmap, transform: Transform, opacity: Double) {
        commands.append(.image(image, transform: transform.concatenating(Self.transform(ctm)), opacity: opacity))
    }

    /// `path` under the current transform.
    private func transformed(_ path: Path) -> Path {
        let m = ctm
        guard m != .identity else { return path }
        if m.b == 0, m.c == 0, m.a == m.d, m.a > 0 {
            return path.applying(scale: Double(m.a), translationX: Double(m.tx), y: Double(m.ty))
        }
        return path.mapped(by: Self.transform(m))
    }

    /// How much the current transform scales lengths (a stroke's width).
    private var ctmScale: Double {
        let m = ctm
        return Double((abs(m.a * m.d - m.b * m.c)).squareRoot())
    }

    static func transform(_ m: CGAffineTransform) -> Transform {
        Transform(a: Double(m.a), b: Double(m.b), c: Double(m.c), d: Double(m.d), tx: Double(m.tx), ty: Double(m.ty))
    }

    /// Draws `snapshot` (what a view tree shows) into `rect`, as an image at this context's scale.
    func drawSnapshot(_ snapshot: ViewSnapshot, in rect: CGRect) {
        guard snapshot.size.width > 0, snapshot.size.height > 0, rect.width > 0, rect.height > 0 else { return }
        let zoom = max(Double(rect.width / snapshot.size.width), Double(rect.height / snapshot.size.height))
        let canvas = Canvas(pointWidth: Double(snapshot.size.width), pointHeight: Double(snapshot.size.height), scale: scale * zoom)
        ViewRenderer.draw(snapshot, into: canvas)
        appendImage(Bitmap(adopting: canvas), transform: Transform(scaleX: Double(rect.width / snapshot.size.width), y: Double(rect.height / snapshot.size.height))
            .concatenating(Transform(translationX: Double(rect.minX), y: Double(rect.minY))), opacity: 1)
    }

    /// An image context's recording painted into a canvas of its size.
    func makeCanvas() -> Canvas {
        let size = self.size ?? CGSize(width: 1, height: 1)
        let canvas = Canvas(pointWidth: max(Double(size.width), 1 / scale), pointHeight: max(Double(size.height), 1 / scale), scale: scale)
        ViewRenderer.drawRecorded(commands, transform: Transform(translationX: -Double(origin.x), y: -Double(origin.y)), into: canvas)
        return canvas
    }

    // MARK: The thread's context

    /// The context `draw(_:)` or an image context is drawing into on this thread, if any.
    public static var current: UIGraphicsContext? {
        (Thread.current.threadDictionary[key] as? ContextStack)?.contexts.last
    }

    private static let key = "Springframes.UIGraphicsContext"

    private final class ContextStack {
        var contexts: [UIGraphicsContext] = []
    }

    private static var stack: ContextStack {
        let dictionary = Thread.current.threadDictionary
        if let stack = dictionary[key] as? ContextStack { return stack }
        let stack = ContextStack()
        dictionary[key] = stack
        return stack
    }

    static func push(_ context: UIGraphicsContext) { stack.contexts.append(context) }

    static func pop() { _ = stack.contexts.popLast() }

    /// Records what `body` draws into a new context.
    static func record(_ body: () -> Void) -> [DrawingCommand] {
        let context = UIGraphicsContext()
        push(context)
        body()
        pop()
        return context.commands
    }
}

public typealias CGContext = UIGraphicsContext

/// UIKit's function: the context of the `draw(_:)` or image context in progress.
public func UIGraphicsGetCurrentContext() -> UIGraphicsContext? { UIGraphicsContext.current }
