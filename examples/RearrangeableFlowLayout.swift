// Drag and rearrange through a layout, after KDRearrangeableCollectionViewFlowLayout: the layout
// owns the long press; the pressed cell hides and a snapshot follows the finger; crossing another
// cell moves the data and the cell; near the bottom or top edge the content pages, re-checking
// every 0.8 s. Headless there are no snapshot views: the layout adds the snapshot as a decoration
// element above the others.
import Springframes

/// Told to move a data item, as `KDRearrangeableCollectionViewDelegate` is.
protocol RearrangeableCollectionViewDelegate: AnyObject {
    func moveDataItem(_ fromIndexPath: IndexPath, toIndexPath: IndexPath)
}

final class RearrangeableFlowLayout: UICollectionViewFlowLayout, UIGestureRecognizerDelegate {
    struct Bundle {
        /// The finger's offset from the cell's origin when grabbed.
        var offset: CGPoint
        var size: CGSize
        var currentIndexPath: IndexPath
        /// The finger on the screen.
        var fingerOnScreen: CGPoint
    }

    static let snapshotKind = "Snapshot"

    var bundle: Bundle?
    var animating = false
    weak var dataDelegate: RearrangeableCollectionViewDelegate?

    /// Call once the layout belongs to a collection view (`awakeFromNib` in the original).
    func setup() {
        guard let collectionView = collectionView else { return }
        let gesture = UILongPressGestureRecognizer { [unowned self] gesture in self.handleGesture(gesture) }
        gesture.minimumPressDuration = 0.2
        gesture.delegate = self
        collectionView.addGestureRecognizer(gesture)
    }

    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        guard let collectionView = collectionView else { return false }
        let point = gestureRecognizer.location(in: collectionView)
        guard let indexPath = collectionView.indexPathForItem(at: point),
              let frame = layoutAttributesForItem(at: indexPath)?.frame else { return false }
        bundle = Bundle(offset: CGPoint(x: point.x - frame.origin.x, y: point.y - frame.origin.y), size: frame.size,
                        currentIndexPath: indexPath, fingerOnScreen: gestureRecognizer.location(in: nil))
        return true
    }

    func handleGesture(_ gesture: UIGestureRecognizer) {
        guard let collectionView = collectionView, var bundle = bundle else { return }
        switch gesture.state {
        case .began:
            collectionView.setItemHidden(true, at: bundle.currentIndexPath)
        case .changed:
            bundle.fingerOnScreen = gesture.location(in: nil)
            self.bundle = bundle
            checkForDraggingAtTheEdgeAndAnimatePaging()
            moveIfOverAnotherCell()
        case .ended, .cancelled, .failed:
            collectionView.setItemHidden(false, at: bundle.currentIndexPath)
            self.bundle = nil
        case .possible:
            break
        }
    }

    private func moveIfOverAnotherCell() {
        guard let collectionView = collectionView, var bundle = bundle else { return }
        let point = collectionView.convertFromScreen(bundle.fingerOnScreen)
        // Ask the grid itself: the snapshot under the finger would answer first otherwise.
        let probe = CGRect(x: point.x, y: point.y, width: 1, height: 1)
        let hit = super.layoutAttributesForElements(in: probe)?.first { $0.frame.contains(point) }
        guard let indexPath = hit?.indexPath, indexPath != bundle.currentIndexPath else { return }
        dataDelegate?.moveDataItem(bundle.currentIndexPath, toIndexPath: indexPath)
        collectionView.moveItem(at: bundle.currentIndexPath, to: indexPath)
        bundle.currentIndexPath = indexPath
        self.bundle = bundle
    }

    private func checkForDraggingAtTheEdgeAndAnimatePaging() {
        guard !animating, let collectionView = collectionView, let bundle = bundle else { return }
        let bounds = collectionView.bounds
        let finger = collectionView.convertFromScreen(bundle.fingerOnScreen)
        var nextPageRect = bounds
        if finger.y > bounds.maxY - 20 {
            nextPageRect.origin.y = min(bounds.origin.y + bounds.height, collectionViewContentSize.height - bounds.height)
        } else if finger.y < bounds.minY + 20 {
            nextPageRect.origin.y = max(bounds.origin.y - bounds.height, 0)
        }
        guard nextPageRect != bounds else { return }
        animating = true
        collectionView.scrollRectToVisible(nextPageRect, animated: true)
        // The original re-runs its gesture handler after 0.8 s on the main queue.
        collectionView.schedule(at: collectionView.currentTime + 0.8) { [weak self] in
            self?.animating = false
            self?.checkForDraggingAtTheEdgeAndAnimatePaging()
            self?.moveIfOverAnotherCell()
        }
    }

    /// The snapshot follows the finger above everything.
    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        var attributes = super.layoutAttributesForElements(in: rect) ?? []
        if let bundle = bundle, let collectionView = collectionView,
           collectionView.isItemHidden(at: bundle.currentIndexPath) {
            let finger = collectionView.convertFromScreen(bundle.fingerOnScreen)
            // Not a cell (the cell is hidden in its slot): a view of its own, as the original's
            // snapshot image view on the canvas is.
            let snapshot = UICollectionViewLayoutAttributes(forDecorationViewOfKind: RearrangeableFlowLayout.snapshotKind,
                                                            with: bundle.currentIndexPath)
            snapshot.frame = CGRect(x: finger.x - bundle.offset.x, y: finger.y - bundle.offset.y,
                                    width: bundle.size.width, height: bundle.size.height)
            snapshot.zIndex = 1000
            attributes.append(snapshot)
        }
        return attributes
    }
}
