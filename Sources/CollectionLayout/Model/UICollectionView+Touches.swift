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
              let identifier = itemIdentifier(at: indexPath) else { return }
        trackedTouchItem = identifier
        if delegate?.collectionView(self, shouldHighlightItemAt: indexPath) ?? true {
            highlightedIdentifier = identifier
            delegate?.collectionView(self, didHighlightItemAt: indexPath)
        }
    }

    func finishTouchTracking(_ touch: Touch) {
        guard touch.phase == .ended || touch.phase == .cancelled, let identifier = trackedTouchItem else { return }
        let wasHighlighted = highlightedIdentifier == identifier
        cancelTouchTracking()
        guard touch.phase == .ended, wasHighlighted, let indexPath = indexPath(forItemIdentifier: identifier),
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

    /// Drops the touch tracking and any highlight.
    func cancelTouchTracking() {
        if let identifier = highlightedIdentifier {
            highlightedIdentifier = nil
            if let indexPath = indexPath(forItemIdentifier: identifier) {
                delegate?.collectionView(self, didUnhighlightItemAt: indexPath)
            }
        }
        trackedTouchItem = nil
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
