import Vocabulary
import DisplayList
import Foundation
import Raster

extension UIView {
    /// The view and everything under it as shown at `time`, with the view's own position taken
    /// as the origin (for a window: its bounds). Lays the tree out first, as a frame would.
    public func snapshot(at time: TimeInterval? = nil) -> ViewSnapshot {
        // Dynamic colours resolve with each view's traits: the root's here, and a view that sets
        // its own style makes its traits current for itself and what is under it.
        traitCollection.performAsCurrent {
            layoutIfNeeded()
            let time = time ?? window?.clock.currentTime ?? SimulatedClock.current.currentTime
            let shown = presentation(at: time)
            var root = snapshotNode(at: time)
            root?.transform = Transform(translationX: -Double(shown.bounds.minX), y: -Double(shown.bounds.minY))
            return ViewSnapshot(size: shown.bounds.size, time: time, root: root)
        }
    }

    /// This view's node, or nil when it shows nothing (hidden or fully transparent).
    /// `parentSublayer` is the superview layer's `sublayerTransform` about its anchor, if any.
    /// Each level of the tree takes little stack here (2,000 nested views draw on a thread's
    /// default stack, in a debug build too): the work is in functions that are not inlined.
    func snapshotNode(at time: TimeInterval, parentSublayer: SublayerTransform? = nil) -> ViewSnapshot.Node? {
        guard let bounds = shownBoundsIfVisible(at: time) else { return nil }
        return withOwnTraitsIfOverridden {
            assembledNode(at: time, parentSublayer: parentSublayer, children: childNodes(at: time, bounds: bounds))
        }
    }

    /// The bounds as shown, or nil when the view shows nothing (hidden or fully transparent).
    @inline(never)
    private func shownBoundsIfVisible(at time: TimeInterval) -> CGRect? {
        guard !isHidden else { return nil }
        let layerAnimates = !layer.runningAnimations.isEmpty
        if animations.isEmpty, !layerAnimates { return alpha > 0 ? storedBounds : nil }
        let shown = presentation(at: time)
        guard !layerAnimates else {
            return layer.shown(.opacity, CGFloat(shown.alpha), at: time) > 0 ? layer.shown(.bounds, shown.bounds, at: time) : nil
        }
        return shown.alpha > 0 ? shown.bounds : nil
    }

    @inline(never)
    private func assembledNode(at time: TimeInterval, parentSublayer: SublayerTransform?,
                               children: [ViewSnapshot.Node]) -> ViewSnapshot.Node? {
        guard var node = ownSnapshotNode(at: time, parentSublayer: parentSublayer) else { return nil }
        node.children = children
        finishNode(&node, at: time)
        return node
    }

    @inline(never)
    private func childNodes(at time: TimeInterval, bounds: CGRect) -> [ViewSnapshot.Node] {
        let sublayer = layer.sublayerTransformAboutAnchor(of: bounds, at: time)
        guard layer.orderedSublayers == nil else { return layer.sublayerNodes(at: time, parentSublayer: sublayer) }
        return subviewsInDrawingOrder.compactMap { $0.snapshotNode(at: time, parentSublayer: sublayer) }
    }

    @inline(never)
    private func finishNode(_ node: inout ViewSnapshot.Node, at time: TimeInterval) {
        if node.shadow != nil || layer.mask != nil { layer.finishNode(&node, at: time) }
        finishSnapshotNode(&node)
    }

    /// This view's node without its subviews. Kept out of `snapshotNode(at:)`, which recurses
    /// once per level of the tree, so that each level takes little stack (2,000 nested views
    /// draw on a thread's default stack, in a debug build too).
    @inline(never)
    private func ownSnapshotNode(at time: TimeInterval, parentSublayer: SublayerTransform?) -> ViewSnapshot.Node? {
        guard !isHidden else { return nil }
        var shown = presentation(at: time)
        let layerAnimates = !layer.runningAnimations.isEmpty
        if layerAnimates { layer.applyAnimations(to: &shown, at: time) }
        guard shown.alpha > 0 else { return nil }
        let size = shown.bounds.size
        let bounds = shown.bounds
        let placement: (transform: Transform, projection: Projection?)
        if layer.nonAffineTransform == nil, layer.anchorIsCentre, layer.anchorPointZ == 0, parentSublayer == nil, !layerAnimates {
            let toParent = CGAffineTransform(translationX: -shown.bounds.midX, y: -shown.bounds.midY)
                .concatenating(shown.transform)
                .concatenating(CGAffineTransform(translationX: shown.center.x, y: shown.center.y))
            placement = (Transform(a: Double(toParent.a), b: Double(toParent.b), c: Double(toParent.c), d: Double(toParent.d),
                                   tx: Double(toParent.tx), ty: Double(toParent.ty)), nil)
        } else {
            let transform = layer.nonAffineTransform ?? CATransform3DMakeAffineTransform(shown.transform)
            placement = layer.placement(bounds: bounds, position: shown.center,
                                        transform: layerAnimates ? layer.shown(.transform, transform, at: time) : transform,
                                        parentSublayer: parentSublayer, at: time)
        }
        let background = shown.backgroundColor.map(\.rasterColor).flatMap { $0.alpha > 0 ? $0 : nil }

        // A shape or gradient layer (`layerClass`) draws its own content in its bounds' space.
        let drawsItself = type(of: layer) != CALayer.self
        if drawsItself, !contentCommands().isEmpty {
            UIKitCompatibility.notHonoured("draw(_:) in a view whose layerClass is \(type(of: layer))",
                                           "the layer's own drawing (its path or gradient) is the view's content")
        }
        let hasContents = drawsItself || layer.contents != nil || layer.animates(.contents)
        let content = drawsItself ? layer.layerContent(in: bounds, at: time)
            : hasContents ? layer.ownContent(in: bounds, at: time) : contentCommands()
        var contentTransform = Transform(translationX: Double(bounds.minX), y: Double(bounds.minY))
        if hasContents {
            contentTransform = .identity
        } else if let recorded = recordedDrawing, recorded.size != size, recorded.size.width > 0, recorded.size.height > 0,
           !recorded.commands.isEmpty {
            contentTransform = Transform(scaleX: Double(size.width / recorded.size.width), y: Double(size.height / recorded.size.height))
                .concatenating(contentTransform)
        }
        var node = layer.appearanceNode(bounds: bounds, alpha: shown.alpha, background: background, placement: placement,
                                        clipsToBounds: clipsToBounds, at: time)
        node.contentTransform = contentTransform
        node.content = content
        return node
    }
}

extension UIView {
    /// A view that shows this view as it looks now (its subviews, content and layer), frozen:
    /// later changes to this view do not show in it. Resized, it stretches the image, as iOS's
    /// snapshot views do. `afterScreenUpdates` makes no difference headless, where every change
    /// is already on screen.
    public func snapshotView(afterScreenUpdates afterUpdates: Bool) -> UIView? {
        layoutIfNeeded()
        let time = window?.clock.currentTime ?? SimulatedClock.current.currentTime
        return SnapshotView(of: self, at: time)
    }
}

/// The view `snapshotView(afterScreenUpdates:)` returns: a plain view that draws a frozen node.
final class SnapshotView: UIView {
    private let frozen: ViewSnapshot.Node?

    init(of view: UIView, at time: TimeInterval) {
        frozen = view.snapshotNode(at: time)
        super.init(frame: CGRect(origin: .zero, size: view.presentation(at: time).bounds.size))
    }

    required init?(coder: NSCoder) {
        frozen = nil
        super.init(coder: coder)
    }

    package override func finishSnapshotNode(_ node: inout ViewSnapshot.Node) {
        guard var image = frozen else { return }
        // The frozen view's bounds onto this view's bounds, stretched when the sizes differ.
        let from = image.bounds, to = node.bounds
        let sx = from.width > 0 ? Double(to.width / from.width) : 1, sy = from.height > 0 ? Double(to.height / from.height) : 1
        image.transform = Transform(translationX: -Double(from.minX), y: -Double(from.minY))
            .concatenating(Transform(scaleX: sx, y: sy))
            .concatenating(Transform(translationX: Double(to.minX), y: Double(to.minY)))
        node.children.insert(image, at: 0)
    }
}
