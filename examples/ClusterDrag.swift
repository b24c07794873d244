// The springy cluster drag, written as the iOS code is: a low-level behavior that hangs an item
// from four corners, a high-level behavior for several items, and a flow layout that asks its
// animator for the dragged cells. Only the import and the gesture target (a closure, since there
// is no Objective-C runtime) differ from UIKit code.
import Springframes

/// Hangs one item on four springs whose anchors are the corners of a 40 × 40 square around a point.
final class RectangleAttachmentBehavior: UIDynamicBehavior {
    init(item: UIDynamicItem, point: CGPoint) {
        // Higher frequency: a more rigid formation. Lower damping: longer to come to rest.
        let frequency: CGFloat = 8.0
        let damping: CGFloat = 0.6
        super.init()
        for anchor in attachmentPoints(for: point) {
            let attachment = UIAttachmentBehavior(item: item, attachedToAnchor: anchor)
            attachment.frequency = frequency
            attachment.damping = damping
            addChildBehavior(attachment)
        }
    }

    func updateAttachmentLocation(with point: CGPoint) {
        let attachments = childBehaviors.compactMap { $0 as? UIAttachmentBehavior }
        for (anchor, attachment) in zip(attachmentPoints(for: point), attachments) {
            attachment.anchorPoint = anchor
        }
    }

    func attachmentPoints(for point: CGPoint) -> [CGPoint] {
        // About the size of an item.
        let width: CGFloat = 40.0
        let height: CGFloat = 40.0
        return [
            CGPoint(x: point.x - width * 0.5, y: point.y - height * 0.5),
            CGPoint(x: point.x + width * 0.5, y: point.y - height * 0.5),
            CGPoint(x: point.x - width * 0.5, y: point.y + height * 0.5),
            CGPoint(x: point.x + width * 0.5, y: point.y + height * 0.5),
        ]
    }
}

/// One `RectangleAttachmentBehavior` per dragged item, all following the same point.
final class DragBehavior: UIDynamicBehavior {
    init(items: [UIDynamicItem], point: CGPoint) {
        super.init()
        for item in items {
            addChildBehavior(RectangleAttachmentBehavior(item: item, point: point))
        }
    }

    func updateDragLocation(with point: CGPoint) {
        for behavior in childBehaviors.compactMap({ $0 as? RectangleAttachmentBehavior }) {
            behavior.updateAttachmentLocation(with: point)
        }
    }
}

/// A grid that hands the dragged cells to a dynamic animator while they are dragged.
final class DraggableLayout: UICollectionViewFlowLayout, UIDynamicAnimatorDelegate {
    var indexPathsForDraggingElements: [IndexPath]?
    var animator: UIDynamicAnimator?
    var dragBehavior: DragBehavior?
    var startDragPoint = CGPoint.zero
    var isFinishedDragging = false

    func startDragging(indexPaths selectedIndexPaths: [IndexPath], from point: CGPoint) {
        indexPathsForDraggingElements = selectedIndexPaths
        animator = UIDynamicAnimator(collectionViewLayout: self)
        animator?.delegate = self
        // The dragged cells' attributes, drawn above the others.
        let draggableAttributes: [UICollectionViewLayoutAttributes] = selectedIndexPaths.compactMap {
            let attributes = super.layoutAttributesForItem(at: $0)
            attributes?.zIndex = 1
            return attributes
        }
        startDragPoint = point
        dragBehavior = DragBehavior(items: draggableAttributes, point: point)
        animator?.addBehavior(dragBehavior!)
    }

    func updateDragLocation(_ point: CGPoint) {
        dragBehavior?.updateDragLocation(with: point)
    }

    func endDragging() {
        isFinishedDragging = true
        dragBehavior?.updateDragLocation(with: startDragPoint)
    }

    func clearDraggedIndexPaths() {
        animator = nil
        indexPathsForDraggingElements = nil
        isFinishedDragging = false
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        let existingAttributes = super.layoutAttributesForElements(in: rect) ?? []
        var allAttributes = existingAttributes.filter {
            !(indexPathsForDraggingElements?.contains($0.indexPath) ?? false)
        }
        if let animator = animator {
            allAttributes.append(contentsOf: animator.items(in: rect).compactMap { $0 as? UICollectionViewLayoutAttributes })
        }
        return allAttributes
    }

    func dynamicAnimatorDidPause(_ animator: UIDynamicAnimator) {
        guard isFinishedDragging else { return }
        clearDraggedIndexPaths()
    }
}

/// The view controller's part: selection by taps, dragging by a long press.
final class ClusterDragController: UICollectionViewDelegate {
    let collectionView: UICollectionView
    let layout = DraggableLayout()
    var selectedIndexPaths = [IndexPath]()

    init(frame: CGRect) {
        layout.itemSize = CGSize(width: 60, height: 60)
        layout.sectionInset = UIEdgeInsets(top: 16, left: 16, bottom: 16, right: 16)
        collectionView = UICollectionView(frame: frame, collectionViewLayout: layout)
        collectionView.allowsMultipleSelection = true
        collectionView.delegate = self
        let longPress = UILongPressGestureRecognizer { [unowned self] sender in self.handleLongPress(sender) }
        collectionView.addGestureRecognizer(longPress)
    }

    func handleLongPress(_ sender: UIGestureRecognizer) {
        let location = sender.location(in: collectionView)
        switch sender.state {
        case .began:
            layout.startDragging(indexPaths: selectedIndexPaths, from: location)
        case .changed:
            layout.updateDragLocation(location)
        case .ended, .failed, .cancelled:
            layout.endDragging()
        case .possible:
            break
        }
    }

    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        selectedIndexPaths.append(indexPath)
    }

    func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) {
        selectedIndexPaths.removeAll { $0 == indexPath }
    }
}
