import Foundation
import Raster

/// Draws view snapshots into canvases, as Core Animation composites layers: for each view its
/// shadow, background (rounded by the corner radius), own drawing, subviews back to front, then
/// its border on top; clipped to its bounds (rounded when the layer is) when it clips; and faded
/// as one group when its alpha is below 1 and it has more than one thing to draw, so overlapping
/// subviews do not show through each other.
///
/// A function of the snapshot alone: frames can be drawn on any thread, in any order.
public enum ViewRenderer {
    /// Draws `snapshot` over what `canvas` holds (clear it to the background first).
    public static func draw(_ snapshot: ViewSnapshot, into canvas: Canvas) {
        guard let root = snapshot.root else { return }
        draw(root, parent: .identity, alpha: 1, into: canvas)
    }

    /// Draws one view's node (and its subtree) with `transform` from its parent's coordinates to
    /// the canvas' points, faded by `alpha`: how a renderer places a view it lays out itself.
    public static func draw(_ node: ViewSnapshot.Node, transform: Transform, alpha: Double = 1, into canvas: Canvas) {
        draw(node, parent: transform, alpha: alpha, into: canvas)
    }

    private static func draw(_ node: ViewSnapshot.Node, parent: Transform, alpha inherited: Double, into canvas: Canvas) {
        let toCanvas = node.transform.concatenating(parent)
        let alpha = inherited * node.alpha
        guard alpha > 0 else { return }
        let parts = (node.background != nil ? 1 : 0) + node.content.count + node.children.count
            + (node.borderWidth > 0 ? 1 : 0) + (node.shadow != nil ? 1 : 0)
        guard alpha < 1, parts > 1 else {
            drawParts(of: node, toCanvas: toCanvas, alpha: alpha, into: canvas)
            return
        }
        let reach = extent(of: node, toCanvas: toCanvas)
        guard let layer = canvas.makeLayer(covering: reach, outset: 1) else { return }
        drawParts(of: node, toCanvas: toCanvas, alpha: 1, into: layer)
        canvas.composite(layer, opacity: alpha)
    }

    private static func drawParts(of node: ViewSnapshot.Node, toCanvas: Transform, alpha: Double, into canvas: Canvas) {
        if let shadow = node.shadow, let path = node.shadowPath {
            var faded = shadow
            faded.color = shadow.color.withOpacity(alpha)
            canvas.drawShadow(of: path, transform: toCanvas, shadow: faded)
        }
        if let background = node.background {
            canvas.fillRoundedRect(node.bounds, radii: node.radii, with: .solid(background.withOpacity(alpha)), transform: toCanvas)
        }
        if !node.content.isEmpty || !node.children.isEmpty {
            if !node.clipsToBounds {
                drawInside(node, toCanvas: toCanvas, alpha: alpha, into: canvas)
            } else if !node.radii.hasRounding, toCanvas.isAxisAligned {
                canvas.withClip(to: node.bounds, transform: toCanvas) {
                    drawInside(node, toCanvas: toCanvas, alpha: alpha, into: canvas)
                }
            } else if let layer = canvas.makeLayer(covering: node.bounds, transform: toCanvas) {
                drawInside(node, toCanvas: toCanvas, alpha: alpha, into: layer)
                layer.mask(to: Path(roundedRect: node.bounds, radii: node.radii), transform: toCanvas)
                canvas.composite(layer)
            }
        }
        if node.borderWidth > 0, node.borderColor.alpha > 0 {
            canvas.strokeBorder(of: node.bounds, radii: node.radii, width: node.borderWidth,
                                color: node.borderColor.withOpacity(alpha), transform: toCanvas)
        }
    }

    private static func drawInside(_ node: ViewSnapshot.Node, toCanvas: Transform, alpha: Double, into canvas: Canvas) {
        drawCommands(node.content[...], transform: node.contentTransform.concatenating(toCanvas), alpha: alpha, into: canvas)
        for child in node.children {
            draw(child, parent: toCanvas, alpha: alpha, into: canvas)
        }
    }

    private static func drawCommands(_ commands: ArraySlice<DrawingCommand>, transform: Transform, alpha: Double, into canvas: Canvas) {
        for (offset, command) in zip(commands.indices, commands) {
            switch command {
            case let .fill(path, color, rule):
                canvas.fill(path, with: .solid(color.withOpacity(alpha)), transform: transform, rule: rule)
            case let .stroke(path, width, color, style):
                canvas.stroke(path, width: width, with: .solid(color.withOpacity(alpha)), transform: transform, style: style)
            case let .text(text, origin, font, size, color):
                canvas.drawText(text, baselineAt: origin, font: font, size: size, color: color.withOpacity(alpha), transform: transform)
            case let .image(image, imageTransform, opacity):
                canvas.draw(image, transform: imageTransform.concatenating(transform), opacity: opacity * alpha)
            case .clip(let rect):
                // The rest of this recording is clipped (to the pixel box of the rect).
                canvas.withClip(to: rect, transform: transform) {
                    drawCommands(commands[(offset + 1)...], transform: transform, alpha: alpha, into: canvas)
                }
                return
            }
        }
    }

    /// The box (canvas points) the node and its subtree can paint, shadows included.
    static func extent(of node: ViewSnapshot.Node, toCanvas: Transform) -> CGRect {
        var box = transformedBox(node.bounds, toCanvas)
        if let shadow = node.shadow {
            let blur = CGFloat(shadow.radius * 1.5 + 2)
            box = box.union(box.offsetBy(dx: shadow.offset.width, dy: shadow.offset.height).insetBy(dx: -blur, dy: -blur))
        }
        guard !node.clipsToBounds else { return box }
        for command in node.content {
            if let commandBox = bounds(of: command) {
                box = box.union(transformedBox(commandBox, node.contentTransform.concatenating(toCanvas)))
            }
        }
        for child in node.children {
            box = box.union(extent(of: child, toCanvas: child.transform.concatenating(toCanvas)))
        }
        return box
    }

    private static func bounds(of command: DrawingCommand) -> CGRect? {
        switch command {
        case .fill(let path, _, _): return path.boundingBox
        case .stroke(let path, let width, _, _): return path.boundingBox?.insetBy(dx: -CGFloat(width), dy: -CGFloat(width))
        case let .text(text, origin, font, size, _):
            let metrics = font.metrics(of: text, size: size)
            return CGRect(x: Double(origin.x), y: Double(origin.y) - metrics.ascent - size * 0.2,
                          width: metrics.width + size * 0.2, height: metrics.ascent + metrics.descent + size * 0.4)
        case let .image(image, transform, _):
            return transformedBox(CGRect(origin: .zero, size: image.pointSize), transform)
        case .clip:
            return nil
        }
    }

    private static func transformedBox(_ rect: CGRect, _ transform: Transform) -> CGRect {
        let corners = [CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
                       CGPoint(x: rect.minX, y: rect.maxY), CGPoint(x: rect.maxX, y: rect.maxY)].map(transform.apply(to:))
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let minX = xs.min() ?? 0, minY = ys.min() ?? 0
        return CGRect(x: minX, y: minY, width: (xs.max() ?? 0) - minX, height: (ys.max() ?? 0) - minY)
    }
}
