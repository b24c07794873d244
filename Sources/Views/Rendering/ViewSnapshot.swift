import Dynamics
import Foundation
import Raster

/// What a view tree shows at one moment: an immutable tree of plain values (geometry as shown,
/// with running animations applied; appearance; the recorded drawing of each view), taken on the
/// simulation thread and drawn by `ViewRenderer` on any thread. Equal snapshots draw equal bytes.
public struct ViewSnapshot: Sendable, Equatable {
    /// The root's size in points (the canvas it is drawn on).
    public var size: CGSize
    /// The simulated time it shows.
    public var time: TimeInterval
    public var root: Node?

    /// One view as shown.
    public struct Node: Sendable, Equatable {
        /// The view's bounds coordinates → its parent's bounds coordinates.
        public var transform: Transform
        public var bounds: CGRect
        public var alpha: Double
        public var background: Color?
        public var radii: CornerRadii
        public var borderWidth: Double
        public var borderColor: Color
        public var shadow: Shadow?
        /// The shape casting `shadow` (bounds coordinates): the layer's `shadowPath`, or its
        /// rounded bounds when it has a background.
        public var shadowPath: Path?
        public var clipsToBounds: Bool
        /// Maps recorded drawing onto the bounds (a stretch when the drawing was made at another
        /// size and `contentMode` is `.scaleToFill`).
        public var contentTransform: Transform
        public var content: [DrawingCommand]
        /// Back to front.
        public var children: [Node]
    }
}

extension UIView {
    /// The view and everything under it as shown at `time`, with the view's own position taken
    /// as the origin (for a window: its bounds). Lays the tree out first, as a frame would.
    public func snapshot(at time: TimeInterval? = nil) -> ViewSnapshot {
        layoutIfNeeded()
        let time = time ?? window?.clock.currentTime ?? SimulatedClock.current.currentTime
        let shown = presentation(at: time)
        var root = snapshotNode(at: time)
        root?.transform = Transform(translationX: -Double(shown.bounds.minX), y: -Double(shown.bounds.minY))
        return ViewSnapshot(size: shown.bounds.size, time: time, root: root)
    }

    /// This view's node, or nil when it shows nothing (hidden or fully transparent).
    func snapshotNode(at time: TimeInterval) -> ViewSnapshot.Node? {
        guard var node = ownSnapshotNode(at: time) else { return nil }
        node.children = subviewsInDrawingOrder.compactMap { $0.snapshotNode(at: time) }
        finishSnapshotNode(&node)
        return node
    }

    /// This view's node without its subviews. Kept out of `snapshotNode(at:)`, which recurses
    /// once per level of the tree, so that each level takes little stack (2,000 nested views
    /// draw on a thread's default stack, in a debug build too).
    @inline(never)
    private func ownSnapshotNode(at time: TimeInterval) -> ViewSnapshot.Node? {
        guard !isHidden else { return nil }
        let shown = presentation(at: time)
        guard shown.alpha > 0 else { return nil }
        let toParent = CGAffineTransform(translationX: -shown.bounds.midX, y: -shown.bounds.midY)
            .concatenating(shown.transform)
            .concatenating(CGAffineTransform(translationX: shown.center.x, y: shown.center.y))
        let size = shown.bounds.size
        let radii = layer.radii(for: size)
        let cornerRadii = CornerRadii(topLeft: radii.topLeft, topRight: radii.topRight,
                                      bottomRight: radii.bottomRight, bottomLeft: radii.bottomLeft)
        let background = shown.backgroundColor.map(\.rasterColor).flatMap { $0.alpha > 0 ? $0 : nil }
        let bounds = shown.bounds

        var shadow: Shadow?
        var shadowPath: Path?
        if layer.shadowOpacity > 0, let color = layer.shadowColor {
            shadowPath = layer.shadowPath?.path ?? (background != nil ? Path(roundedRect: bounds, radii: cornerRadii) : nil)
            if shadowPath != nil {
                shadow = Shadow(offset: layer.shadowOffset, radius: Double(layer.shadowRadius),
                                color: color.rasterColor.withOpacity(Double(min(1, layer.shadowOpacity))))
            }
        }

        let content = contentCommands()
        var contentTransform = Transform(translationX: Double(bounds.minX), y: Double(bounds.minY))
        if let recorded = recordedDrawing, recorded.size != size, recorded.size.width > 0, recorded.size.height > 0,
           !recorded.commands.isEmpty {
            contentTransform = Transform(scaleX: Double(size.width / recorded.size.width), y: Double(size.height / recorded.size.height))
                .concatenating(contentTransform)
        }

        let node = ViewSnapshot.Node(
            transform: Transform(a: Double(toParent.a), b: Double(toParent.b), c: Double(toParent.c), d: Double(toParent.d),
                                 tx: Double(toParent.tx), ty: Double(toParent.ty)),
            bounds: bounds, alpha: shown.alpha, background: background, radii: cornerRadii,
            borderWidth: Double(layer.borderWidth), borderColor: layer.borderColor?.rasterColor ?? .clear,
            shadow: shadow, shadowPath: shadowPath, clipsToBounds: clipsToBounds,
            contentTransform: contentTransform, content: content, children: [])
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

    override func finishSnapshotNode(_ node: inout ViewSnapshot.Node) {
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
