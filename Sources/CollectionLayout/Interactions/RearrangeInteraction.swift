import Vocabulary
import Foundation

/// Drag and rearrange (DESIGN 4.2): a long press on a cell hides it and shows a snapshot that
/// follows the finger, keeping the offset at which it was grabbed. When the finger crosses another
/// cell, the data item moves there (the data source's `moveItemAt`, then an animated
/// `moveItem(at:to:)`) and the other cells slide to their new slots. Near an edge of the visible
/// bounds the content scrolls: a page at a time, checking again every `pagingInterval` while the
/// finger stays (`.paged`), or steadily while the dragged cell's center is near the edge
/// (`.continuous`). On release the snapshot settles into the cell's final slot.
///
/// The technique of `KDRearrangeableCollectionViewFlowLayout` (see `examples/Rearrange`), beside
/// any layout.
public final class RearrangeInteraction: UICollectionViewInteraction, UIGestureRecognizerDelegate {
    public enum EdgeScrolling: String, Sendable {
        /// A page towards the edge when the finger is within `pagingEdgeInset`, then every
        /// `pagingInterval` while it stays there.
        case paged
        /// `continuousSpeed` points per second while the dragged center is within
        /// `continuousEdgeInset` of the edge.
        case continuous
    }

    /// 0.2 s: a shorter press than UIKit's default.
    public var minimumPressDuration: TimeInterval {
        get { longPress.minimumPressDuration }
        set { longPress.minimumPressDuration = newValue }
    }
    /// 10 pt.
    public var allowableMovement: CGFloat {
        get { longPress.allowableMovement }
        set { longPress.allowableMovement = newValue }
    }
    public var edgeScrolling: EdgeScrolling = .paged
    /// How near an edge (points, from the finger) paging starts: 20.
    public var pagingEdgeInset: CGFloat = 20
    /// Seconds between pages while the finger stays at the edge: 0.8.
    public var pagingInterval: TimeInterval = 0.8
    /// How near an edge (points, from the dragged cell's center) continuous scrolling runs: 50.
    public var continuousEdgeInset: CGFloat = 50
    /// Continuous scrolling speed, points per second: 300.
    public var continuousSpeed: CGFloat = 300
    /// The snapshot draws above everything.
    public var snapshotZIndex = 1000

    public let longPress = UILongPressGestureRecognizer()

    public init() {
        longPress.minimumPressDuration = 0.2
        longPress.allowableMovement = 10
        longPress.delegate = self
        longPress.addTarget { [unowned self] gesture in self.handleLongPress(gesture) }
    }

    /// The dragged cell's index path now, while dragging.
    public var draggedIndexPath: IndexPath? {
        drag.flatMap { collectionView?.indexPath(forItemIdentifier: $0.identifier) }
    }

    /// How many times the content has paged during the current or last drag.
    public private(set) var pageCount = 0

    private struct Drag {
        var identifier: Int
        /// Finger minus the cell's center when grabbed.
        var grabOffset: CGPoint
        var size: CGSize
        /// The finger, in screen coordinates.
        var screenLocation: CGPoint
    }

    private weak var collectionView: UICollectionView?
    private var drag: Drag?
    private var pagingPending = false

    public func didMove(to collectionView: UICollectionView?) {
        self.collectionView?.removeGestureRecognizer(longPress)
        self.collectionView = collectionView
        collectionView?.addGestureRecognizer(longPress)
    }

    /// A press away from every cell does not begin.
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        guard let collectionView else { return false }
        return collectionView.indexPathForItem(at: gestureRecognizer.location(in: collectionView)) != nil
    }

    private func handleLongPress(_ gesture: UIGestureRecognizer) {
        guard let collectionView else { return }
        switch gesture.state {
        case .began:
            let point = gesture.location(in: collectionView)
            guard let indexPath = collectionView.indexPathForItem(at: point),
                  let identifier = collectionView.itemIdentifier(at: indexPath),
                  let attributes = collectionView.layoutAttributesForItem(at: indexPath) else { return }
            drag = Drag(identifier: identifier,
                        grabOffset: CGPoint(x: point.x - attributes.center.x, y: point.y - attributes.center.y),
                        size: attributes.size, screenLocation: gesture.location(in: nil))
            pageCount = 0
            collectionView.setItemHidden(true, at: indexPath)
        case .changed:
            drag?.screenLocation = gesture.location(in: nil)
            followFinger()
            // The snapshot's attributes follow the finger: its view moves at the next layout pass.
            collectionView.setNeedsLayout()
        case .ended, .cancelled, .failed:
            finishDrag()
        case .possible:
            break
        }
    }

    /// Moves the data item under the finger and checks the edges (KD's `handleGesture` on change).
    private func followFinger() {
        guard let collectionView, let drag, let current = collectionView.indexPath(forItemIdentifier: drag.identifier) else { return }
        let point = collectionView.convertFromScreen(drag.screenLocation)
        if let target = collectionView.indexPathForItem(at: point), target != current {
            collectionView.dataSource?.collectionView(collectionView, moveItemAt: current, to: target)
            collectionView.moveItem(at: current, to: target)
        }
        if edgeScrolling == .paged { pageIfAtEdge() }
    }

    /// A page towards the edge the finger is near (clamped to the content), then a check again
    /// after `pagingInterval`.
    private func pageIfAtEdge() {
        guard let collectionView, let drag, !pagingPending else { return }
        let bounds = collectionView.bounds
        let finger = collectionView.convertFromScreen(drag.screenLocation)
        var next = bounds.origin
        if collectionView.scrollsVertically {
            if finger.y > bounds.maxY - pagingEdgeInset { next.y += bounds.height }
            else if finger.y < bounds.minY + pagingEdgeInset { next.y -= bounds.height }
        }
        if collectionView.scrollsHorizontally {
            if finger.x > bounds.maxX - pagingEdgeInset { next.x += bounds.width }
            else if finger.x < bounds.minX + pagingEdgeInset { next.x -= bounds.width }
        }
        next = collectionView.clampedContentOffset(next)
        guard next != bounds.origin else { return }
        pagingPending = true
        pageCount += 1
        collectionView.setContentOffset(next, animated: true)
        collectionView.schedule(at: collectionView.currentTime + pagingInterval) { [weak self] in
            self?.pagingPending = false
            self?.followFinger()
        }
    }

    public func collectionView(_ collectionView: UICollectionView, didTickAt time: TimeInterval) {
        guard edgeScrolling == .continuous, let drag else { return }
        let bounds = collectionView.bounds
        let center = collectionView.convertFromScreen(
            CGPoint(x: drag.screenLocation.x - drag.grabOffset.x, y: drag.screenLocation.y - drag.grabOffset.y))
        let step = continuousSpeed * UICollectionView.displayTickInterval
        var offset = bounds.origin
        if collectionView.scrollsVertically {
            if center.y > bounds.maxY - continuousEdgeInset { offset.y += step }
            else if center.y < bounds.minY + continuousEdgeInset { offset.y -= step }
        }
        if collectionView.scrollsHorizontally {
            if center.x > bounds.maxX - continuousEdgeInset { offset.x += step }
            else if center.x < bounds.minX + continuousEdgeInset { offset.x -= step }
        }
        offset = collectionView.clampedContentOffset(offset)
        guard offset != bounds.origin else { return }
        collectionView.contentOffset = offset
        followFinger()
    }

    private func finishDrag() {
        guard let collectionView, let drag else { return }
        self.drag = nil
        guard let indexPath = collectionView.indexPath(forItemIdentifier: drag.identifier) else { return }
        collectionView.setItemHidden(false, at: indexPath)
        collectionView.animateIntoSlot(identifier: drag.identifier, from: snapshotCenter(drag, in: collectionView), at: indexPath)
    }

    private func snapshotCenter(_ drag: Drag, in collectionView: UICollectionView) -> CGPoint {
        let finger = collectionView.convertFromScreen(drag.screenLocation)
        return CGPoint(x: finger.x - drag.grabOffset.x, y: finger.y - drag.grabOffset.y)
    }

    /// The hidden cell is replaced by the snapshot under the finger.
    public func displayedAttributes(_ elements: [UICollectionViewLayoutAttributes],
                                    in rect: CGRect) -> [UICollectionViewLayoutAttributes] {
        guard let collectionView, let drag, let indexPath = collectionView.indexPath(forItemIdentifier: drag.identifier) else {
            return elements
        }
        var shown = elements.filter { $0.representedElementCategory != .cell || $0.indexPath != indexPath }
        let snapshot = UICollectionViewLayoutAttributes(forCellWith: indexPath)
        snapshot.size = drag.size
        snapshot.center = snapshotCenter(drag, in: collectionView)
        snapshot.zIndex = snapshotZIndex
        if snapshot.frame.intersects(rect) { shown.append(snapshot) }
        return shown
    }
}
