import Foundation

/// iOS 9 interactive movement driven by a long press (DESIGN 4.4), as
/// `installsStandardGestureForInteractiveMovement` does: the press begins the movement of the cell
/// under the finger, moves update the target position, lifting ends it and a cancelled touch
/// cancels it. The collection view does the rest (`beginInteractiveMovementForItem(at:)` …).
///
/// UIKit ignores reordering when the data source does not implement `moveItemAt`; Swift cannot
/// tell whether a protocol method is implemented, so this press instead gives way on an item whose
/// delegate shows an edit menu: the menu, not a move, answers a long press there.
public final class InteractiveMovementInteraction: UICollectionViewInteraction, UIGestureRecognizerDelegate {
    public let longPress = UILongPressGestureRecognizer()
    /// Seconds before the movement starts: UIKit's long-press default, 0.5.
    public var minimumPressDuration: TimeInterval {
        get { longPress.minimumPressDuration }
        set { longPress.minimumPressDuration = newValue }
    }

    public init() {
        longPress.addTarget { [unowned self] gesture in self.handleLongPress(gesture) }
        longPress.delegate = self
    }

    public func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        guard let collectionView else { return true }
        return !collectionView.showsMenu(at: gestureRecognizer.location(in: collectionView))
    }

    private weak var collectionView: UICollectionView?

    public func didMove(to collectionView: UICollectionView?) {
        self.collectionView?.removeGestureRecognizer(longPress)
        self.collectionView = collectionView
        collectionView?.addGestureRecognizer(longPress)
    }

    private func handleLongPress(_ gesture: UIGestureRecognizer) {
        guard let collectionView else { return }
        let location = gesture.location(in: collectionView)
        switch gesture.state {
        case .began:
            if let indexPath = collectionView.indexPathForItem(at: location) {
                collectionView.beginInteractiveMovementForItem(at: indexPath)
            }
        case .changed:
            collectionView.updateInteractiveMovementTargetPosition(location)
        case .ended:
            collectionView.endInteractiveMovement()
        case .cancelled, .failed:
            collectionView.cancelInteractiveMovement()
        case .possible:
            break
        }
    }

    public func displayedAttributes(_ elements: [UICollectionViewLayoutAttributes],
                                    in rect: CGRect) -> [UICollectionViewLayoutAttributes] {
        elements
    }
}
