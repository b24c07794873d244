import Dynamics
import Foundation

extension UICollectionView {
    /// Highlight and tap selection, as UIKit's cell tracking does them: the cell under a finger
    /// going down highlights (if the delegate agrees); when the finger lifts on it without any
    /// gesture having begun, it unhighlights and toggles selection (with `allowsMultipleSelection`)
    /// or becomes the one selected item. A gesture that begins (a scroll, a long press) cancels
    /// the tracking and the highlight.
    func trackTouch(_ touch: Touch) {
        guard touch.phase == .began else { return }
        cancelTouchTracking()
        guard allowsSelection,
              let indexPath = indexPathForItem(at: convertFromScreen(touch.location)),
              let identifier = itemIdentifier(at: indexPath),
              delegate?.collectionView(self, shouldHighlightItemAt: indexPath) ?? true else { return }
        highlightedIdentifier = identifier
        delegate?.collectionView(self, didHighlightItemAt: indexPath)
    }

    /// A cell that refused the highlight is not tracked at all: as in UIKit, it cannot be
    /// selected by a tap either.
    func finishTouchTracking(_ touch: Touch) {
        guard touch.phase == .ended || touch.phase == .cancelled, let identifier = highlightedIdentifier else { return }
        cancelTouchTracking()
        guard touch.phase == .ended, let indexPath = indexPath(forItemIdentifier: identifier),
              indexPathForItem(at: convertFromScreen(touch.location)) == indexPath else { return }
        if allowsMultipleSelection && selectedIdentifiers.contains(identifier) {
            guard delegate?.collectionView(self, shouldDeselectItemAt: indexPath) ?? true else { return }
            selectedIdentifiers.remove(identifier)
            delegate?.collectionView(self, didDeselectItemAt: indexPath)
            return
        }
        guard delegate?.collectionView(self, shouldSelectItemAt: indexPath) ?? true else { return }
        if !allowsMultipleSelection {
            for path in indexPathsForSelectedItems ?? [] where path != indexPath {
                deselectItem(at: path, animated: false)
                delegate?.collectionView(self, didDeselectItemAt: path)
            }
        }
        if !selectedIdentifiers.contains(identifier) {
            selectedIdentifiers.insert(identifier)
            delegate?.collectionView(self, didSelectItemAt: indexPath)
        }
    }

    /// Drops the touch tracking: the highlighted cell unhighlights.
    func cancelTouchTracking() {
        guard let identifier = highlightedIdentifier else { return }
        highlightedIdentifier = nil
        if let indexPath = indexPath(forItemIdentifier: identifier) {
            delegate?.collectionView(self, didUnhighlightItemAt: indexPath)
        }
    }

    /// A recognizer began: the others still possible fail (unless a delegate lets them recognize
    /// together), and the touch no longer highlights or selects.
    func gestureRecognizerDidBegin(_ recognizer: UIGestureRecognizer) {
        cancelTouchTracking()
        for other in gestureRecognizers where other !== recognizer && other.state == .possible {
            let together = recognizer.delegate?.gestureRecognizer(recognizer, shouldRecognizeSimultaneouslyWith: other) == true
                || other.delegate?.gestureRecognizer(other, shouldRecognizeSimultaneouslyWith: recognizer) == true
            if !together { other.fail() }
        }
    }
}
