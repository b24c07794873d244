import Vocabulary
import Foundation
import DisplayList
import Raster

/// Images drawn from code: `UIGraphicsImageRenderer`, the older
/// `UIGraphicsBeginImageContextWithOptions` functions, `drawHierarchy(in:afterScreenUpdates:)`
/// and `CALayer.render(in:)`. Drawing inside goes to the current context, as in `draw(_:)`:
/// `UIBezierPath.fill()`, `UIColor.setFill()`, `UIRectFill`, `UIImage.draw(in:)`, `NSString.draw`,
/// and the Core Graphics calls of `CGContext` below.

/// How a renderer's images are made: the scale (the main screen's, 3, by default), and whether
/// they are opaque (accepted; the image starts transparent, so fill it).
@preconcurrency @MainActor
open class UIGraphicsImageRendererFormat {
    open var scale: CGFloat = UIScreen.main.scale
    open var opaque = false
    public init() {}
    open class func `default`() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }
    open class func preferred() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }
}

/// The context a renderer's block draws into.
@preconcurrency @MainActor
open class UIGraphicsImageRendererContext {
    public let format: UIGraphicsImageRendererFormat
    public let cgContext: CGContext

    init(format: UIGraphicsImageRendererFormat, context: CGContext) {
        self.format = format
        cgContext = context
    }

    /// What has been drawn so far, as an image.
    open var currentImage: UIImage { UIImage(adopting: cgContext.makeCanvas()) }

    open func fill(_ rect: CGRect) { cgContext.fill(rect) }
    open func stroke(_ rect: CGRect) { cgContext.stroke(rect) }
    open func clip(to rect: CGRect) { cgContext.clip(to: rect) }
}

/// UIKit's image renderer: the block draws, and the result is an image (or PNG data).
@preconcurrency @MainActor
open class UIGraphicsImageRenderer {
    public let format: UIGraphicsImageRendererFormat
    private let bounds: CGRect

    public init(size: CGSize, format: UIGraphicsImageRendererFormat = .default()) {
        bounds = CGRect(origin: .zero, size: size)
        self.format = format
    }

    public init(bounds: CGRect, format: UIGraphicsImageRendererFormat = .default()) {
        self.bounds = bounds
        self.format = format
    }

    open func image(actions: (UIGraphicsImageRendererContext) -> Void) -> UIImage {
        UIImage(adopting: draw(actions))
    }

    open func pngData(actions: (UIGraphicsImageRendererContext) -> Void) -> Data {
        image(actions: actions).pngData() ?? Data()
    }

    private func draw(_ actions: (UIGraphicsImageRendererContext) -> Void) -> Canvas {
        let context = CGContext(size: bounds.size, scale: Double(format.scale), opaque: format.opaque, origin: bounds.origin)
        UIGraphicsContext.push(context)
        actions(UIGraphicsImageRendererContext(format: format, context: context))
        UIGraphicsContext.pop()
        return context.makeCanvas()
    }
}

/// Starts an image context of `size` points (`scale` 0: the main screen's).
@MainActor public func UIGraphicsBeginImageContextWithOptions(_ size: CGSize, _ opaque: Bool, _ scale: CGFloat) {
    UIGraphicsContext.push(CGContext(size: size, scale: Double(scale > 0 ? scale : UIScreen.main.scale), opaque: opaque, origin: .zero))
}

@MainActor public func UIGraphicsBeginImageContext(_ size: CGSize) {
    UIGraphicsBeginImageContextWithOptions(size, false, 1)
}

/// What the current image context holds, as an image; nil outside one.
@MainActor public func UIGraphicsGetImageFromCurrentImageContext() -> UIImage? {
    guard let context = UIGraphicsContext.current, context.size != nil else { return nil }
    return UIImage(adopting: context.makeCanvas())
}

@MainActor public func UIGraphicsEndImageContext() {
    guard UIGraphicsContext.current?.size != nil else { return }
    UIGraphicsContext.pop()
}

/// Strokes `rect` with the current stroke colour.
@MainActor public func UIRectFrame(_ rect: CGRect) {
    UIGraphicsContext.current?.stroke(rect)
}

extension UIView {
    /// Draws the view as it looks now (its subviews, content and layer) into `rect` of the
    /// current context; false outside one. `afterScreenUpdates` makes no difference headless.
    @discardableResult
    public func drawHierarchy(in rect: CGRect, afterScreenUpdates afterUpdates: Bool) -> Bool {
        guard let context = UIGraphicsContext.current else { return false }
        layoutIfNeeded()
        let snapshot = self.snapshot()
        context.drawSnapshot(snapshot, in: rect)
        return true
    }
}

extension CALayer {
    /// Draws the layer and its sublayers into the current context at its bounds' origin.
    public func render(in ctx: CGContext) {
        if let owner {
            let snapshot = owner.snapshot()
            ctx.drawSnapshot(snapshot, in: CGRect(origin: .zero, size: snapshot.size))
            return
        }
        let time = layerClock.currentTime
        guard var node = layerSnapshotNode(at: time, parentSublayer: nil) else { return }
        node.transform = Transform(translationX: -Double(bounds.minX), y: -Double(bounds.minY))
        ctx.drawSnapshot(ViewSnapshot(size: bounds.size, time: time, root: node), in: CGRect(origin: .zero, size: bounds.size))
    }
}

extension UIImage {
    /// Draws the image into `rect` of the current context (a view's `draw(_:)`, or an image context).
    public func draw(in rect: CGRect) {
        draw(in: rect, blendMode: .normal, alpha: 1)
    }

    /// Blend modes other than `.normal` are not honoured: the image is drawn source-over, and a
    /// debug build says so.
    public func draw(in rect: CGRect, blendMode: CGBlendMode, alpha: CGFloat) {
        if blendMode != .normal {
            UIKitCompatibility.notHonoured("UIImage.draw blend mode \(blendMode)", "images are drawn source-over (.normal)")
        }
        guard size.width > 0, size.height > 0 else { return }
        let transform = Transform(scaleX: Double(rect.width / size.width), y: Double(rect.height / size.height))
            .concatenating(Transform(translationX: Double(rect.minX), y: Double(rect.minY)))
        UIGraphicsContext.current?.appendImage(bitmap, transform: transform, opacity: Double(alpha))
    }

    public func draw(at point: CGPoint) {
        draw(in: CGRect(origin: point, size: size))
    }
}

/// Core Graphics' blend modes; images here are composited source-over (`.normal`).
public enum CGBlendMode: Int32, Sendable {
    case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight, hardLight, difference
    case exclusion, hue, saturation, color, luminosity, clear, copy, sourceIn, sourceOut, sourceAtop, destinationOver
    case destinationIn, destinationOut, destinationAtop, xor, plusDarker, plusLighter
}

/// Core Graphics' drawing calls, as ported `draw(_:)` code and image renderers make them.
extension UIGraphicsContext {
    public func setFillColor(_ color: CGColor) { fillColor = color }
    public func setStrokeColor(_ color: CGColor) { strokeColor = color }
    public func setLineWidth(_ width: CGFloat) { lineWidth = Double(width) }
    public func setLineCap(_ cap: CGLineCap) { lineStyle.cap = cap.rasterCap }
    public func setLineJoin(_ join: CGLineJoin) { lineStyle.join = join.rasterJoin }
    public func setMiterLimit(_ limit: CGFloat) { lineStyle.miterLimit = Double(limit) }

    public func fill(_ rect: CGRect) { fill(Path(rect: rect), rule: .nonZero) }
    public func fill(_ rects: [CGRect]) { for rect in rects { fill(rect) } }
    public func stroke(_ rect: CGRect) { stroke(Path(rect: rect), width: lineWidth, style: lineStyle) }
    public func stroke(_ rect: CGRect, width: CGFloat) { stroke(Path(rect: rect), width: Double(width), style: lineStyle) }
    public func fillEllipse(in rect: CGRect) { fill(Path(ellipseIn: rect), rule: .nonZero) }
    public func strokeEllipse(in rect: CGRect) { stroke(Path(ellipseIn: rect), width: lineWidth, style: lineStyle) }
    /// Clears `rect` to transparent. In a fresh context that changes nothing; over drawing already
    /// recorded it is not honoured (recorded drawing is composited, never erased), and a debug
    /// build says so.
    public func clear(_ rect: CGRect) {
        guard !commands.isEmpty else { return }
        UIKitCompatibility.notHonoured("CGContext.clear over earlier drawing", "recorded drawing cannot be erased; the rect is left as drawn")
    }

    // MARK: The current path

    public func beginPath() { currentPath = Path() }
    public func move(to point: CGPoint) { currentPath.move(to: point) }
    public func addLine(to point: CGPoint) { currentPath.addLine(to: point) }
    public func addLines(between points: [CGPoint]) {
        guard let first = points.first else { return }
        currentPath.move(to: first)
        for point in points.dropFirst() { currentPath.addLine(to: point) }
    }
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        currentPath.addCurve(to: end, control1: control1, control2: control2)
    }
    public func addQuadCurve(to end: CGPoint, control: CGPoint) { currentPath.addQuadCurve(to: end, control: control) }
    public func addRect(_ rect: CGRect) { currentPath.append(Path(rect: rect)) }
    public func addEllipse(in rect: CGRect) { currentPath.append(Path(ellipseIn: rect)) }
    public func addPath(_ path: CGPath) { currentPath.append(path.path) }
    public func closePath() { currentPath.closeSubpath() }

    public func fillPath(using rule: CGPathFillRule = .winding) {
        fill(currentPath, rule: rule == .evenOdd ? .evenOdd : .nonZero)
        currentPath = Path()
    }

    public func strokePath() {
        stroke(currentPath, width: lineWidth, style: lineStyle)
        currentPath = Path()
    }

    public func drawPath(using mode: CGPathDrawingMode) {
        let path = currentPath
        if mode == .fill || mode == .fillStroke { fill(path, rule: .nonZero) }
        if mode == .eoFill || mode == .eoFillStroke { fill(path, rule: .evenOdd) }
        if mode == .stroke || mode == .fillStroke || mode == .eoFillStroke { stroke(path, width: lineWidth, style: lineStyle) }
        currentPath = Path()
    }

    /// Clips later drawing to the bounding box of the current path (as `addClip()` does).
    public func clip() {
        if let box = currentPath.boundingBox { clip(to: box) }
        currentPath = Path()
    }

    // MARK: State and transform

    public func saveGState() { savedStates.append((fillColor, strokeColor, lineWidth, lineStyle, ctm, alpha)) }

    public func restoreGState() {
        guard let state = savedStates.popLast() else { return }
        (fillColor, strokeColor, lineWidth, lineStyle, ctm, alpha) = state
    }

    public func translateBy(x tx: CGFloat, y ty: CGFloat) { ctm = CGAffineTransform(translationX: tx, y: ty).concatenating(ctm) }
    public func scaleBy(x sx: CGFloat, y sy: CGFloat) { ctm = CGAffineTransform(scaleX: sx, y: sy).concatenating(ctm) }
    public func rotate(by angle: CGFloat) { ctm = CGAffineTransform(rotationAngle: angle).concatenating(ctm) }
    public func concatenate(_ transform: CGAffineTransform) { ctm = transform.concatenating(ctm) }
    public var ctmTransform: CGAffineTransform { ctm }

    /// Draws `image` into `rect`. Core Graphics' own coordinates are flipped on iOS; a `CGImage`
    /// drawn here lands upright, as UIKit's `UIImage.draw(in:)` draws it.
    public func draw(_ image: CGImage, in rect: CGRect) {
        UIImage(cgImage: image).draw(in: rect)
    }

    /// Accepted; shadows in recorded drawing are not drawn, and a debug build says so.
    public func setShadow(offset: CGSize, blur: CGFloat, color: CGColor? = nil) {
        UIKitCompatibility.notHonoured("CGContext.setShadow", "drawing recorded in draw(_:) casts no shadow; use the layer's shadow")
    }

    /// The alpha applied to later fills and strokes.
    public func setAlpha(_ alpha: CGFloat) { self.alpha = Double(max(0, min(1, alpha))) }
}

public enum CGPathFillRule: Int, Sendable { case winding, evenOdd }
public enum CGPathDrawingMode: Int32, Sendable { case fill, eoFill, stroke, fillStroke, eoFillStroke }
