import Foundation
import Raster
import Vocabulary

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
        // Each level of the tree takes little stack here: the rarer cases are in functions
        // that are not inlined, and no node is copied.
        if node.layerExtras != nil, drawLayerExtras(node, parent: parent, alpha: inherited, into: canvas) { return }
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
        // A faded material blurs the frame beneath it, not the empty group, and fades with it.
        drawBackdrop(of: node, toCanvas: toCanvas, alpha: alpha, into: canvas)
        drawParts(of: node, toCanvas: toCanvas, alpha: 1, into: layer, backdropDrawn: true)
        canvas.composite(layer, opacity: alpha)
    }

    /// Applies the node's leading `backdrop` command to `canvas`, if it has one.
    @inline(never)
    private static func drawBackdrop(of node: ViewSnapshot.Node, toCanvas: Transform, alpha: Double, into canvas: Canvas) {
        guard case let .backdrop(path, filter)? = node.content.first else { return }
        canvas.filterBackdrop(under: path, transform: node.contentTransform.concatenating(toCanvas), filter: filter, opacity: alpha)
    }

    private static func drawParts(of node: ViewSnapshot.Node, toCanvas: Transform, alpha: Double, into canvas: Canvas,
                                  backdropDrawn: Bool = false) {
        // The backdrop goes onto the canvas beneath before anything of the node, so that it
        // blurs what is behind the view even when the rest is drawn apart to be clipped.
        if !backdropDrawn { drawBackdrop(of: node, toCanvas: toCanvas, alpha: alpha, into: canvas) }
        if node.shadow != nil {
            guard node.shadowPath != nil else { return drawWithContentShadow(node, toCanvas: toCanvas, alpha: alpha, into: canvas) }
            drawPathShadow(of: node, toCanvas: toCanvas, alpha: alpha, into: canvas)
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

    /// Draws recorded commands (an image context's) with `transform` to the canvas' points.
    package static func drawRecorded(_ commands: [DrawingCommand], transform: Transform, into canvas: Canvas) {
        drawCommands(commands[...], transform: transform, alpha: 1, into: canvas)
    }

    @inline(never)
    private static func drawCommands(_ commands: ArraySlice<DrawingCommand>, transform: Transform, alpha: Double, into canvas: Canvas) {
        for (offset, command) in zip(commands.indices, commands) {
            switch command {
            case let .fill(path, color, rule):
                canvas.fill(path, with: .solid(color.withOpacity(alpha)), transform: transform, rule: rule)
            case let .paint(path, paint, rule):
                guard alpha < 1 else {
                    canvas.fill(path, with: paint, transform: transform, rule: rule)
                    continue
                }
                if let layer = canvas.makeLayer(covering: path.boundingBox ?? .zero, transform: transform) {
                    layer.fill(path, with: paint, transform: transform, rule: rule)
                    canvas.composite(layer, opacity: alpha)
                }
            case let .stroke(path, width, color, style):
                if !canvas.stroke(path, width: width, with: .solid(color.withOpacity(alpha)), transform: transform, style: style) {
                    UIKitCompatibility.notHonoured("CAShapeLayer.lineDashPattern with more than \(Path.defaultMaximumDashes) visible dashes",
                                                   "the dashes stop after the first \(Path.defaultMaximumDashes) on screen; "
                                                   + "use longer dashes or a shorter path")
                }
            case let .text(text, origin, font, size, color):
                canvas.drawText(text, baselineAt: origin, font: font, size: size, color: color.withOpacity(alpha), transform: transform)
            case let .image(image, imageTransform, opacity):
                canvas.draw(image, transform: imageTransform.concatenating(transform), opacity: opacity * alpha)
            case .backdrop:
                // Applied by `drawBackdrop` before the node's parts (only a leading one is).
                continue
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
    package static func extent(of node: ViewSnapshot.Node, toCanvas: Transform) -> CGRect {
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
            box = box.union(child.projection.map { projectedExtent(of: child, projection: $0, parent: toCanvas) }
                            ?? extent(of: child, toCanvas: child.transform.concatenating(toCanvas)))
        }
        return box
    }

    /// The box (canvas points) a node under perspective can paint: its flat extent's corners
    /// projected, or everything when part of it is behind the viewer.
    private static func projectedExtent(of node: ViewSnapshot.Node, projection: Projection, parent: Transform) -> CGRect {
        var flat = node
        flat.projection = nil
        let local = extent(of: flat, toCanvas: .identity)
        let toCanvas = projection.concatenating(parent)
        let corners = [(local.minX, local.minY), (local.maxX, local.minY), (local.minX, local.maxY), (local.maxX, local.maxY)]
            .map { toCanvas.apply(Double($0.0), Double($0.1)) }
        guard corners.allSatisfy({ $0.w > 0 }) else { return CGRect(x: -1e7, y: -1e7, width: 2e7, height: 2e7) }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        return CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }

    @inline(never)
    private static func drawPathShadow(of node: ViewSnapshot.Node, toCanvas: Transform, alpha: Double, into canvas: Canvas) {
        guard var faded = node.shadow, let path = node.shadowPath else { return }
        faded.color = faded.color.withOpacity(alpha)
        canvas.drawShadow(of: path, transform: toCanvas, shadow: faded)
    }

    /// Draws a node under perspective or cut by a mask, or skips one that shows its back and is
    /// not double-sided; false when the node is none of these and is drawn as usual.
    @inline(never)
    private static func drawLayerExtras(_ node: ViewSnapshot.Node, parent: Transform, alpha: Double, into canvas: Canvas) -> Bool {
        if node.projection != nil {
            drawProjected(node, parent: parent, alpha: alpha, into: canvas)
            return true
        }
        let toCanvas = node.transform.concatenating(parent)
        if !node.isDoubleSided, toCanvas.a * toCanvas.d - toCanvas.b * toCanvas.c < 0 { return true }
        guard node.mask != nil else { return false }
        drawMasked(node, parent: parent, alpha: alpha, into: canvas)
        return true
    }

    /// The shadow of everything the node draws: the node is drawn apart, its alpha shaded, then
    /// it is put on top (its alpha already holds the fade).
    @inline(never)
    private static func drawWithContentShadow(_ node: ViewSnapshot.Node, toCanvas: Transform, alpha: Double, into canvas: Canvas) {
        guard let shadow = node.shadow else { return }
        var body = node
        body.shadow = nil
        guard let layer = canvas.makeLayer(covering: extent(of: body, toCanvas: toCanvas), outset: 1) else { return }
        drawParts(of: body, toCanvas: toCanvas, alpha: alpha, into: layer, backdropDrawn: true)
        canvas.drawShadow(ofAlphaIn: layer, shadow: shadow)
        canvas.composite(layer)
    }

    /// A node cut by its mask: the node drawn apart, scaled by the alpha of its mask drawn in
    /// its bounds coordinates, then composited.
    @inline(never)
    private static func drawMasked(_ node: ViewSnapshot.Node, parent: Transform, alpha: Double, into canvas: Canvas) {
        guard let mask = node.mask else { return }
        let toCanvas = node.transform.concatenating(parent)
        let reach = extent(of: node, toCanvas: toCanvas)
        guard let group = canvas.makeLayer(covering: reach, outset: 1),
              let cut = canvas.makeLayer(covering: reach, outset: 1) else { return }
        var unmasked = node
        unmasked.mask = nil
        draw(unmasked, parent: parent, alpha: alpha, into: group)
        draw(mask, parent: toCanvas, alpha: 1, into: cut)
        group.mask(byAlphaOf: cut)
        canvas.composite(group)
    }

    /// Largest side of the drawing made flat for a node under perspective, in pixels.
    static let projectedSideLimit = 4096.0

    /// A node under perspective: its subtree is drawn flat, in its own bounds coordinates, at the
    /// finest scale the projection shows any part of it at (capped at 4096 pixels a side), and
    /// that drawing is projected onto the canvas pixel by pixel with the exact perspective
    /// divide. A layer that is not double-sided and shows its back is not drawn.
    @inline(never)
    private static func drawProjected(_ node: ViewSnapshot.Node, parent: Transform, alpha: Double, into canvas: Canvas) {
        guard let projection = node.projection else { return }
        var flat = node
        flat.projection = nil
        flat.transform = .identity
        let local = extent(of: flat, toCanvas: .identity)
        let toCanvas = projection.concatenating(parent)
        let centre = (Double(node.bounds.midX), Double(node.bounds.midY))
        if node.layerExtras != nil, !node.isDoubleSided, toCanvas.apply(centre.0, centre.1).w > 0, !toCanvas.showsFront(at: centre.0, centre.1) { return }
        guard local.width > 0, local.height > 0 else { return }
        // Canvas points per local point, at the corners and the centre that are in view.
        var zoom = 0.0
        for (x, y) in [(local.minX, local.minY), (local.maxX, local.minY), (local.minX, local.maxY), (local.maxX, local.maxY),
                       (local.midX, local.midY)].map({ (Double($0.0), Double($0.1)) }) {
            let p = toCanvas.apply(x, y), px = toCanvas.apply(x + 1, y), py = toCanvas.apply(x, y + 1)
            guard p.w > 0, px.w > 0, py.w > 0 else { continue }
            zoom = max(zoom, ((px.x - p.x) * (px.x - p.x) + (px.y - p.y) * (px.y - p.y)).squareRoot(),
                       ((py.x - p.x) * (py.x - p.x) + (py.y - p.y) * (py.y - p.y)).squareRoot())
        }
        guard zoom > 0 else { return }
        let side = Double(max(local.width, local.height))
        let scale = min(max(zoom, 0.05) * canvas.scale, projectedSideLimit / side)
        let margin = 1 / scale
        let flatCanvas = Canvas(pointWidth: Double(local.width) + 2 * margin, pointHeight: Double(local.height) + 2 * margin, scale: scale)
        let origin = Transform(translationX: -Double(local.minX) + margin, y: -Double(local.minY) + margin)
        draw(flat, parent: origin, alpha: alpha, into: flatCanvas)
        let back = Projection(Transform(translationX: Double(local.minX) - margin, y: Double(local.minY) - margin))
        canvas.draw(flatCanvas, projection: back.concatenating(toCanvas), opacity: 1)
    }

    private static func bounds(of command: DrawingCommand) -> CGRect? {
        switch command {
        case .fill(let path, _, _), .paint(let path, _, _): return path.boundingBox
        case .stroke(let path, let width, _, _): return path.boundingBox?.insetBy(dx: -CGFloat(width), dy: -CGFloat(width))
        case let .text(text, origin, font, size, _):
            let metrics = font.metrics(of: text, size: size)
            return CGRect(x: Double(origin.x), y: Double(origin.y) - metrics.ascent - size * 0.2,
                          width: metrics.width + size * 0.2, height: metrics.ascent + metrics.descent + size * 0.4)
        case let .image(image, transform, _):
            return transformedBox(CGRect(origin: .zero, size: image.pointSize), transform)
        case .clip:
            return nil
        case .backdrop(let path, _):
            return path.boundingBox
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
