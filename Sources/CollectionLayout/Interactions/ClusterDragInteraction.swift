import Dynamics
import Vocabulary
import Foundation

/// The springy cluster drag (DESIGN 4.1): taps select several cells; a long press starts dragging
/// every selected cell together, each hanging from the finger on four attachment springs whose
/// anchors are the corners of a square centred on the touch, so each keeps its offset from the
/// finger and wobbles behind it. On release the anchors go back to where the drag started; once
/// the animator pauses, the cells rejoin the layout.
///
/// The technique of `RectangleAttachmentBehavior`, `DragBehavior` and `DraggableLayout` (see
/// `examples/ClusterDrag`), done beside any layout instead of in a flow-layout subclass.
public final class ClusterDragInteraction: UICollectionViewInteraction, UIDynamicAnimatorDelegate {
    /// The springs' frequency in Hz (8: "higher frequency, more rigid formation").
    public var frequency: CGFloat = 8
    /// The springs' damping ratio (0.6: "lower damping, longer to come to rest").
    public var damping: CGFloat = 0.6
    /// The square whose corners anchor each cell (40 × 40, about a cell's size).
    public var anchorSquareSize = CGSize(width: 40, height: 40)
    /// Dragged cells draw above the others.
    public var draggedZIndex = 1
    /// The long press that starts a drag.
    public let longPress = UILongPressGestureRecognizer()

    public init() {
        longPress.addTarget { [unowned self] gesture in self.handleLongPress(gesture) }
    }

    /// The animator while cells are dragged or settling; nil once they have rejoined the layout.
    public private(set) var animator: UIDynamicAnimator?
    /// The cells being dragged (or settling), in selection order.
    public private(set) var draggedIndexPaths: [IndexPath] = []
    /// Whether the layout is dynamic: a drag or its settling is under way.
    public var isDragging: Bool { animator != nil }

    private weak var collectionView: UICollectionView?
    private var items: [UICollectionViewLayoutAttributes] = []
    private var attachments: [UIAttachmentBehavior] = []
    private var startPoint: CGPoint = .zero
    private var isFinishedDragging = false

    public func didMove(to collectionView: UICollectionView?) {
        self.collectionView?.removeGestureRecognizer(longPress)
        self.collectionView = collectionView
        guard let collectionView else { return }
        collectionView.allowsMultipleSelection = true
        collectionView.addGestureRecognizer(longPress)
    }

    private func handleLongPress(_ gesture: UIGestureRecognizer) {
        guard let collectionView else { return }
        let location = gesture.location(in: collectionView)
        switch gesture.state {
        case .began:
            var selected = collectionView.indexPathsForSelectedItems ?? []
            if selected.isEmpty, let pressed = collectionView.indexPathForItem(at: location) { selected = [pressed] }
            startDragging(selected, from: location)
        case .changed:
            updateDragLocation(location)
        case .ended, .cancelled, .failed:
            endDragging()
        case .possible:
            break
        }
    }

    /// Hangs each cell at `indexPaths` from `point` on its four springs.
    public func startDragging(_ indexPaths: [IndexPath], from point: CGPoint) {
        guard let collectionView, !indexPaths.isEmpty else { return }
        let layout = collectionView.collectionViewLayout
        layout.prepareIfNeeded()
        let animator = UIDynamicAnimator(collectionViewLayout: layout)
        animator.delegate = self
        items = []
        attachments = []
        draggedIndexPaths = []
        for indexPath in indexPaths {
            guard let attributes = layout.layoutAttributesForItem(at: indexPath)?.copied() else { continue }
            attributes.zIndex = draggedZIndex
            items.append(attributes)
            draggedIndexPaths.append(indexPath)
            for corner in corners(around: point) {
                let spring = UIAttachmentBehavior(item: attributes, attachedToAnchor: corner)
                spring.frequency = frequency
                spring.damping = damping
                attachments.append(spring)
                animator.addBehavior(spring)
            }
        }
        startPoint = point
        isFinishedDragging = false
        self.animator = animator
    }

    /// Moves every anchor square to `point`.
    public func updateDragLocation(_ point: CGPoint) {
        let points = corners(around: point)
        for (index, spring) in attachments.enumerated() { spring.anchorPoint = points[index % 4] }
    }

    /// Sends the anchors back to the start; the cells rejoin the layout when the animator pauses.
    public func endDragging() {
        guard animator != nil else { return }
        isFinishedDragging = true
        updateDragLocation(startPoint)
    }

    /// Top-left, top-right, bottom-left, bottom-right.
    private func corners(around point: CGPoint) -> [CGPoint] {
        let w = anchorSquareSize.width / 2, h = anchorSquareSize.height / 2
        return [CGPoint(x: point.x - w, y: point.y - h), CGPoint(x: point.x + w, y: point.y - h),
                CGPoint(x: point.x - w, y: point.y + h), CGPoint(x: point.x + w, y: point.y + h)]
    }

    public func dynamicAnimatorDidPause(_ animator: UIDynamicAnimator) {
        guard isFinishedDragging, animator === self.animator else { return }
        self.animator = nil
        items = []
        attachments = []
        draggedIndexPaths = []
        isFinishedDragging = false
    }

    public func displayedAttributes(_ elements: [UICollectionViewLayoutAttributes],
                                    in rect: CGRect) -> [UICollectionViewLayoutAttributes] {
        guard !items.isEmpty else { return elements }
        let dragged = Set(draggedIndexPaths)
        // A loop, not `filter`: a closure would check the actor on every call, a million times.
        var shown: [UICollectionViewLayoutAttributes] = []
        shown.reserveCapacity(elements.count + items.count)
        for element in elements where element.representedElementCategory != .cell || !dragged.contains(element.indexPath) {
            shown.append(element)
        }
        for item in items where item.transformedFrame.intersects(rect) { shown.append(item.copied()) }
        return shown
    }

    public var springs: [(anchor: CGPoint, attachment: CGPoint)] {
        attachments.compactMap { spring in spring.items.first.map { (spring.anchorPoint, $0.center) } }
    }
}
