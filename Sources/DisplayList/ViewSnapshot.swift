import Vocabulary
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

    public init(size: CGSize, time: TimeInterval, root: Node?) {
        self.size = size
        self.time = time
        self.root = root
    }

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
        /// rounded bounds when it has an opaque background and draws nothing outside it; nil
        /// when the shadow comes from the alpha of everything the node draws.
        public var shadowPath: Path?
        public var clipsToBounds: Bool
        /// Maps recorded drawing onto the bounds (a stretch when the drawing was made at another
        /// size and `contentMode` is `.scaleToFill`).
        public var contentTransform: Transform
        public var content: [DrawingCommand]
        /// Back to front.
        public var children: [Node]
        /// What few nodes have (perspective, one side, a mask), kept apart so that a node stays
        /// small: drawing and snapshots recurse once per level of the tree, with nodes on the stack.
        var layerExtras: LayerExtras?

        public init(transform: Transform, bounds: CGRect, alpha: Double, background: Color?, radii: CornerRadii,
                    borderWidth: Double, borderColor: Color, shadow: Shadow?, shadowPath: Path?, clipsToBounds: Bool,
                    contentTransform: Transform, content: [DrawingCommand], children: [Node]) {
            self.transform = transform
            self.bounds = bounds
            self.alpha = alpha
            self.background = background
            self.radii = radii
            self.borderWidth = borderWidth
            self.borderColor = borderColor
            self.shadow = shadow
            self.shadowPath = shadowPath
            self.clipsToBounds = clipsToBounds
            self.contentTransform = contentTransform
            self.content = content
            self.children = children
        }

        /// The node's bounds coordinates → its parent's under perspective (a layer turned in 3-D
        /// with `m34`); `transform` then holds its affine part, for estimates only.
        public var projection: Projection? {
            get { layerExtras?.projection }
            set { updateExtras { $0.projection = newValue } }
        }
        /// False hides the node when its transform shows its back.
        public var isDoubleSided: Bool {
            get { layerExtras?.isDoubleSided ?? true }
            set { updateExtras { $0.isDoubleSided = newValue } }
        }
        /// The layer whose alpha cuts this node (its transform maps it into this node's bounds
        /// coordinates).
        public var mask: Node? {
            get { layerExtras?.mask }
            set { updateExtras { $0.mask = newValue } }
        }

        private mutating func updateExtras(_ change: (inout LayerExtras.Values) -> Void) {
            var values = layerExtras?.values ?? LayerExtras.Values()
            change(&values)
            layerExtras = values == LayerExtras.Values() ? nil : LayerExtras(values)
        }
    }

    /// A node's rarely set fields, immutable and shared.
    final class LayerExtras: Sendable, Equatable {
        struct Values: Equatable {
            var projection: Projection?
            var isDoubleSided = true
            var mask: Node?
        }
        let values: Values
        init(_ values: Values) { self.values = values }
        var projection: Projection? { values.projection }
        var isDoubleSided: Bool { values.isDoubleSided }
        var mask: Node? { values.mask }
        static func == (lhs: LayerExtras, rhs: LayerExtras) -> Bool { lhs === rhs || lhs.values == rhs.values }
    }
}
