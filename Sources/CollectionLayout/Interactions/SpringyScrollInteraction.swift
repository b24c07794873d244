import Dynamics
import Vocabulary
import Foundation

/// Springy scrolling, as in Messages (DESIGN 4.3): every cell near the visible rect hangs on an
/// attachment to its layout center. When the content scrolls by Δ, each cell is moved by
/// Δ·distance·`resistance`, clamped to Δ, where distance is how far its anchor is from the touch,
/// and the springs pull it home: cells far from the finger lag and catch up.
///
/// The defaults are the Messages tuning (length 0, 6.8 Hz, damping 1, 0.002 per point of distance
/// along the scroll axis). The other well-known tuning, WWDC 2013's, is
/// `frequency = 1, damping = 0.8, resistance = 1/1500, distance = .manhattan`.
///
/// Only cells within `tilingMargin` of the visible rect carry springs: behaviors are added and
/// removed as the content scrolls (a newly tiled cell starts with the offset of the scroll in
/// flight), so 10,000 items cost what the visible ones cost.
public final class SpringyScrollInteraction: UICollectionViewInteraction {
    /// How the distance from the touch to a spring's anchor is measured.
    public enum DistanceMeasure: String, Sendable {
        /// Along the scroll axis only: |touch.y − anchor.y| when scrolling vertically.
        case alongScroll
        /// |Δx| + |Δy|.
        case manhattan
    }

    public var length: CGFloat = 0
    public var frequency: CGFloat = 6.8
    public var damping: CGFloat = 1
    /// Fraction of the scroll delta per point of distance: 0.002.
    public var resistance: CGFloat = 0.002
    public var distance: DistanceMeasure = .alongScroll
    /// Cells within this many points of the visible rect carry springs: 100.
    public var tilingMargin: CGFloat = 100

    public init() {}

    /// The animator running the springs.
    public private(set) var animator: UIDynamicAnimator?
    /// The index paths of the cells that carry a spring now, in index order.
    public var tiledIndexPaths: [IndexPath] { tiles.map(\.indexPath) }

    private weak var collectionView: UICollectionView?
    private var tiles: [(indexPath: IndexPath, spring: UIAttachmentBehavior, item: UICollectionViewLayoutAttributes)] = []
    private var tileIndex: [IndexPath: Int] = [:]
    private var latestDelta: CGPoint = .zero

    public func didMove(to collectionView: UICollectionView?) {
        if let animator { animator.removeAllBehaviors() }
        tiles = []
        tileIndex = [:]
        self.collectionView = collectionView
        guard let collectionView else {
            animator = nil
            return
        }
        collectionView.collectionViewLayout.prepareIfNeeded()
        animator = UIDynamicAnimator(collectionViewLayout: collectionView.collectionViewLayout)
        tile(around: collectionView.bounds)
    }

    /// The scroll moves each sprung cell by its share of the delta (the springs then pull it back).
    public func collectionView(_ collectionView: UICollectionView, willChangeBoundsFrom oldBounds: CGRect,
                               to newBounds: CGRect) {
        guard let animator else { return }
        let delta = CGPoint(x: newBounds.minX - oldBounds.minX, y: newBounds.minY - oldBounds.minY)
        latestDelta = delta
        let touch = collectionView.panGestureRecognizer.location(in: collectionView)
        let vertical = collectionView.scrollsVertically
        for tile in tiles {
            tile.item.center = shifted(tile.item.center, anchor: tile.spring.anchorPoint, touch: touch, delta: delta,
                                       vertical: vertical)
            animator.updateItem(usingCurrentState: tile.item)
        }
    }

    public func collectionView(_ collectionView: UICollectionView, didTickAt time: TimeInterval) {
        tile(around: collectionView.bounds)
    }

    /// `center` moved by delta·distance·resistance on each axis, never further than delta.
    private func shifted(_ center: CGPoint, anchor: CGPoint, touch: CGPoint, delta: CGPoint, vertical: Bool) -> CGPoint {
        let dx = touch.x - anchor.x, dy = touch.y - anchor.y
        let measured: CGFloat
        switch distance {
        case .alongScroll: measured = vertical ? abs(dy) : abs(dx)
        case .manhattan: measured = abs(dx) + abs(dy)
        }
        let share = measured * resistance
        func part(_ d: CGFloat) -> CGFloat {
            let resisted = d * share
            return d < 0 ? max(d, resisted) : min(d, resisted)
        }
        return CGPoint(x: center.x + part(delta.x), y: center.y + part(delta.y))
    }

    /// Springs for the cells within the margin of `bounds`; none for the others.
    private func tile(around bounds: CGRect) {
        guard let collectionView, let animator else { return }
        let layout = collectionView.collectionViewLayout
        layout.prepareIfNeeded()
        let region = bounds.insetBy(dx: -tilingMargin, dy: -tilingMargin)
        let cells = (layout.layoutAttributesForElements(in: region) ?? [])
            .filter { $0.representedElementCategory == .cell }
            .sorted { IndexPath.precedes($0.indexPath, $1.indexPath) }
        let wanted = Set(cells.map(\.indexPath))
        var changed = false
        for tile in tiles where !wanted.contains(tile.indexPath) {
            animator.removeBehavior(tile.spring)
            changed = true
        }
        var kept = tiles.filter { wanted.contains($0.indexPath) }
        let scrolling = collectionView.isDragging || collectionView.isDecelerating
        let touch = collectionView.panGestureRecognizer.location(in: collectionView)
        let vertical = collectionView.scrollsVertically
        for attributes in cells where tileIndex[attributes.indexPath] == nil {
            let item = attributes.copied()
            let anchor = attributes.center
            if scrolling {
                item.center = shifted(item.center, anchor: anchor, touch: touch, delta: latestDelta, vertical: vertical)
            }
            let spring = UIAttachmentBehavior(item: item, attachedToAnchor: anchor)
            spring.length = length
            spring.frequency = frequency
            spring.damping = damping
            animator.addBehavior(spring)
            kept.append((attributes.indexPath, spring, item))
            changed = true
        }
        guard changed else { return }
        tiles = kept.sorted { IndexPath.precedes($0.indexPath, $1.indexPath) }
        tileIndex = [:]
        for (index, tile) in tiles.enumerated() { tileIndex[tile.indexPath] = index }
    }

    /// Sprung cells are shown where their springs hold them.
    public func displayedAttributes(_ elements: [UICollectionViewLayoutAttributes],
                                    in rect: CGRect) -> [UICollectionViewLayoutAttributes] {
        elements.map { attributes in
            guard attributes.representedElementCategory == .cell, let index = tileIndex[attributes.indexPath] else {
                return attributes
            }
            let item = tiles[index].item
            attributes.center = item.center
            attributes.transform = item.transform
            return attributes
        }
    }

    public var springs: [(anchor: CGPoint, attachment: CGPoint)] {
        tiles.map { ($0.spring.anchorPoint, $0.item.center) }
    }
}
