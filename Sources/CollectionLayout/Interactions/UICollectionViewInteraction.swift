import Vocabulary
import Foundation

/// A controller that drives one of the spring interactions on a collection view, whatever its
/// layout: it installs its gesture recognizers, runs its own animator, and replaces the layout's
/// attributes of the elements it moves.
///
/// The four of DESIGN section 4 are `ClusterDragInteraction`, `RearrangeInteraction`,
/// `SpringyScrollInteraction` and `InteractiveMovementInteraction`. (Ported iOS code does the same
/// work in a layout subclass instead, as the `examples/` show.)
@preconcurrency @MainActor
public protocol UICollectionViewInteraction: AnyObject {
    /// Added to (or removed from, with nil) a collection view.
    func didMove(to collectionView: UICollectionView?)
    /// The elements to show in place of `elements` (the layout's, already copied, within `rect`).
    func displayedAttributes(_ elements: [UICollectionViewLayoutAttributes],
                             in rect: CGRect) -> [UICollectionViewLayoutAttributes]
    /// The visible bounds are about to change (the collection view still has the old ones).
    func collectionView(_ collectionView: UICollectionView, willChangeBoundsFrom oldBounds: CGRect, to newBounds: CGRect)
    /// Called on every display tick (120 Hz of simulated time), after scrolling moved.
    func collectionView(_ collectionView: UICollectionView, didTickAt time: TimeInterval)
    /// The springs to draw in an overlay: each from an anchor to the point it pulls, in content
    /// coordinates.
    var springs: [(anchor: CGPoint, attachment: CGPoint)] { get }
}

extension UICollectionViewInteraction {
    public func collectionView(_ collectionView: UICollectionView, willChangeBoundsFrom oldBounds: CGRect,
                               to newBounds: CGRect) {}
    public func collectionView(_ collectionView: UICollectionView, didTickAt time: TimeInterval) {}
    public var springs: [(anchor: CGPoint, attachment: CGPoint)] { [] }
}
