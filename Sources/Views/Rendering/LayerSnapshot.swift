import Foundation
import DisplayList
import Raster

/// Layers in the snapshot: a stand-alone layer becomes a node like a view's, and every layer's
/// 3-D geometry, mask and content-shaped shadow are worked out here.
extension CALayer {
    /// This layer's node with its sublayers, or nil when it shows nothing. A view's layer is its
    /// view's node.
    func layerSnapshotNode(at time: TimeInterval, parentSublayer: SublayerTransform?) -> ViewSnapshot.Node? {
        if let owner { return owner.snapshotNode(at: time, parentSublayer: parentSublayer) }
        guard let (own, sublayer) = ownLayerNode(at: time, parentSublayer: parentSublayer) else { return nil }
        var node = own
        node.children = sublayerNodes(at: time, parentSublayer: sublayer)
        finishNode(&node, at: time)
        return node
    }

    /// A stand-alone layer's own node, without its sublayers, and the transform its sublayers
    /// take; nil when it shows nothing.
    @inline(never)
    private func ownLayerNode(at time: TimeInterval, parentSublayer: SublayerTransform?) -> (ViewSnapshot.Node, SublayerTransform?)? {
        // Rounded to `Float`, as the property holds it, so a frame shows what `presentation()` reports.
        let opacity = Double(Float(shown(.opacity, CGFloat(self.opacity), at: time)))
        guard !isHidden, opacity > 0 else { return nil }
        layoutIfNeeded()
        hasBeenDrawn = true
        let bounds = shown(.bounds, self.bounds, at: time)
        let background = shown(.backgroundColor, OptionalColor(backgroundColor), at: time).color.map(\.rasterColor)
            .flatMap { $0.alpha > 0 ? $0 : nil }
        var node = appearanceNode(bounds: bounds, alpha: min(1, opacity), background: background,
                                  placement: placement(bounds: bounds, position: shown(.position, position, at: time),
                                                       transform: shown(.transform, transform, at: time),
                                                       parentSublayer: parentSublayer, at: time),
                                  clipsToBounds: masksToBounds, at: time)
        node.content = layerContent(in: bounds, at: time)
        return (node, sublayerTransformAboutAnchor(of: bounds, at: time))
    }

    /// The nodes of the sublayers (views' layers and stand-alone ones), back to front.
    ///
    /// Stand-alone layers are walked with a stack of our own, not by recursion: a tree of 2,000
    /// nested `CALayer`s overflowed the thread's stack. (A view's layer is its view's node, whose
    /// recursion takes little stack per level.)
    func sublayerNodes(at time: TimeInterval, parentSublayer: SublayerTransform?) -> [ViewSnapshot.Node] {
        /// A layer whose sublayers are being made: its own node, the sublayers in drawing order,
        /// the next one to make, and the nodes made so far.
        struct Level {
            var layer: CALayer?
            var node: ViewSnapshot.Node?
            let sublayers: [CALayer]
            let sublayerTransform: SublayerTransform?
            var next = 0
            var children: [ViewSnapshot.Node] = []
        }
        var levels = [Level(layer: nil, node: nil, sublayers: sublayersInDrawingOrder, sublayerTransform: parentSublayer)]
        while let top = levels.indices.last {
            guard levels[top].next == levels[top].sublayers.count else {
                let layer = levels[top].sublayers[levels[top].next]
                levels[top].next += 1
                if let owner = layer.owner {
                    if let node = owner.snapshotNode(at: time, parentSublayer: levels[top].sublayerTransform) { levels[top].children.append(node) }
                } else if let (node, sublayer) = layer.ownLayerNode(at: time, parentSublayer: levels[top].sublayerTransform) {
                    levels.append(Level(layer: layer, node: node, sublayers: layer.sublayersInDrawingOrder, sublayerTransform: sublayer))
                }
                continue
            }
            let done = levels.removeLast()
            guard let layer = done.layer, var node = done.node else { return done.children }
            node.children = done.children
            layer.finishNode(&node, at: time)
            levels[levels.count - 1].children.append(node)
        }
        return []
    }

    /// The node of a layer with these geometry and appearance, without content or children.
    func appearanceNode(bounds: CGRect, alpha: Double, background: Color?, placement: (transform: Transform, projection: Projection?),
                        clipsToBounds: Bool, at time: TimeInterval) -> ViewSnapshot.Node {
        let radii = self.radii(for: bounds.size, cornerRadius: shown(.cornerRadius, cornerRadius, at: time))
        let cornerRadii = CornerRadii(topLeft: radii.topLeft, topRight: radii.topRight,
                                      bottomRight: radii.bottomRight, bottomLeft: radii.bottomLeft)
        var shadow: Shadow?
        let shadowOpacity = CGFloat(Float(shown(.shadowOpacity, CGFloat(self.shadowOpacity), at: time)))
        if shadowOpacity > 0, let color = shown(.shadowColor, OptionalColor(shadowColor), at: time).color {
            shadow = Shadow(offset: shown(.shadowOffset, shadowOffset, at: time), radius: Double(shown(.shadowRadius, shadowRadius, at: time)),
                            color: color.rasterColor.withOpacity(Double(min(1, shadowOpacity))))
        }
        var node = ViewSnapshot.Node(
            transform: placement.transform, bounds: bounds, alpha: alpha, background: background, radii: cornerRadii,
            borderWidth: Double(shown(.borderWidth, borderWidth, at: time)),
            borderColor: shown(.borderColor, OptionalColor(borderColor), at: time).color?.rasterColor ?? .clear,
            shadow: shadow, shadowPath: shownPath(.shadowPath, shadowPath, at: time)?.path, clipsToBounds: clipsToBounds,
            contentTransform: .identity, content: [], children: [])
        if placement.projection != nil || !isDoubleSided {
            node.projection = placement.projection
            node.isDoubleSided = isDoubleSided
        }
        return node
    }

    /// Adds the mask, and settles what casts the shadow once the children are known: without a
    /// `shadowPath`, an opaque background that everything else stays inside casts the shadow of
    /// its rounded bounds (the same pixels as the alpha of the whole, for far less work);
    /// otherwise the alpha of everything the node draws casts it.
    func finishNode(_ node: inout ViewSnapshot.Node, at time: TimeInterval) {
        if node.shadow != nil, node.shadowPath == nil, let background = node.background, background.alpha == 255 {
            var body = node
            body.shadow = nil
            body.projection = nil
            let reach = ViewRenderer.extent(of: body, toCanvas: .identity)
            if node.clipsToBounds || node.bounds.insetBy(dx: -1e-9, dy: -1e-9).contains(reach) {
                node.shadowPath = Path(roundedRect: node.bounds, radii: node.radii)
            }
        }
        if let mask {
            let maskNode = mask.owner?.snapshotNode(at: time) ?? mask.layerSnapshotNode(at: time, parentSublayer: nil)
            // A mask that shows nothing hides everything.
            node.mask = maskNode ?? ViewSnapshot.Node(
                transform: .identity, bounds: .zero, alpha: 1, background: nil, radii: CornerRadii(0), borderWidth: 0,
                borderColor: .clear, shadow: nil, shadowPath: nil, clipsToBounds: false, contentTransform: .identity,
                content: [], children: [])
        }
    }

    /// `sublayerTransform` about the anchor point of `bounds`, or nil when it is the identity.
    func sublayerTransformAboutAnchor(of bounds: CGRect, at time: TimeInterval) -> SublayerTransform? {
        guard hasSublayerTransform || !runningAnimations.isEmpty else { return nil }
        let sublayerTransform = shown(.sublayerTransform, self.sublayerTransform, at: time)
        guard sublayerTransform != .identity else { return nil }
        let x = bounds.minX + anchorPoint.x * bounds.width, y = bounds.minY + anchorPoint.y * bounds.height
        return SublayerTransform(matrix: CATransform3DConcat(CATransform3DConcat(CATransform3DMakeTranslation(-x, -y, 0), sublayerTransform),
                                                             CATransform3DMakeTranslation(x, y, 0)))
    }

    /// The layer's bounds coordinates → its superlayer's, as Core Animation composes them: the
    /// anchor point (and `anchorPointZ`) to the origin, `transform`, then to (`position`,
    /// `zPosition`), then the superlayer's `sublayerTransform`. The layer is flat, so the result
    /// is a projection of its plane: affine unless a perspective divide remains.
    func placement(bounds: CGRect, position: CGPoint, transform: CATransform3D,
                   parentSublayer: SublayerTransform?, at time: TimeInterval) -> (transform: Transform, projection: Projection?) {
        let anchorPoint = shown(.anchorPoint, self.anchorPoint, at: time)
        let zPosition = shown(.zPosition, self.zPosition, at: time)
        let anchorX = bounds.minX + anchorPoint.x * bounds.width, anchorY = bounds.minY + anchorPoint.y * bounds.height
        var m = CATransform3DConcat(CATransform3DMakeTranslation(-anchorX, -anchorY, -anchorPointZ), transform)
        m = CATransform3DConcat(m, CATransform3DMakeTranslation(position.x, position.y, zPosition))
        if let parentSublayer { m = CATransform3DConcat(m, parentSublayer.matrix) }
        let affine = Transform(a: Double(m.m11), b: Double(m.m12), c: Double(m.m21), d: Double(m.m22),
                               tx: Double(m.m41), ty: Double(m.m42))
        guard m.m14 != 0 || m.m24 != 0 || m.m44 != 1 else { return (affine, nil) }
        let projection = Projection(a: Double(m.m11), b: Double(m.m12), c: Double(m.m21), d: Double(m.m22),
                                    tx: Double(m.m41), ty: Double(m.m42), wx: Double(m.m14), wy: Double(m.m24), w0: Double(m.m44))
        return (projection.affine ?? affine, projection.affine == nil ? projection : nil)
    }
}

/// A superlayer's `sublayerTransform` about its anchor point, as its sublayers' nodes take it
/// (a reference, so that passing it down the tree costs a word of stack per level).
final class SublayerTransform {
    let matrix: CATransform3D
    init(matrix: CATransform3D) { self.matrix = matrix }
}
