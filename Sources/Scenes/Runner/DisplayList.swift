import CollectionLayout
import Dynamics
import Foundation

/// What one frame shows, captured from the collection view at the frame's time: plain values in
/// screen points, so a worker thread can draw it while the simulation goes on.
public struct DisplayList: Sendable {
    public enum Content: Equatable, Sendable {
        /// A cell with its label (nil: none) and state.
        case cell(label: String?, selected: Bool, highlighted: Bool)
        case header(String)
        case footer(String)
        case decoration(kind: String)
    }

    public struct Element: Equatable, Sendable {
        public var content: Content
        /// Centre on screen, in points.
        public var center: CGPoint
        /// Untransformed size, in points.
        public var size: CGSize
        /// The layout attributes' 2-D transform (about the centre).
        public var transform: CGAffineTransform
        public var alpha: Double
        /// Dragged: drawn raised and shadowed.
        public var isLifted: Bool
        /// A cell's item identity (its flat index when the data was loaded), which picks its content.
        public var item: Int? = nil
    }

    /// Seconds.
    public var time: Double
    /// Back to front.
    public var elements: [Element]
    /// The finger, on screen, while it is down.
    public var touch: CGPoint?
    /// Springs from anchor to attach point, on screen.
    public var springs: [(anchor: CGPoint, attachment: CGPoint)]
    /// The caption shown over the frame, if any.
    public var caption: String? = nil

    /// Whether drawing `other` gives the same pixels: everything but the time is equal (the
    /// renderer does not draw the time), so its PNG can be written again without drawing.
    public func showsTheSame(as other: DisplayList) -> Bool {
        elements == other.elements && touch == other.touch && caption == other.caption && springs.count == other.springs.count
            && zip(springs, other.springs).allSatisfy { $0.anchor == $1.anchor && $0.attachment == $1.attachment }
    }
}
