import Vocabulary
import Foundation

extension UICollectionView {
    /// Highlight and tap selection, as UIKit's cell tracking does them: the cell under a finger
    /// going down highlights (if the delegate agrees) — after `contentTouchDelay` with
    /// `delaysContentTouches` (the default), or at the lift if that comes first; when the finger
    /// lifts on it without any gesture having begun, it unhighlights and toggles selection (with
    /// `allowsMultipleSelection`) or becomes the one selected item. A gesture that begins (a
    /// scroll, a long press) cancels the tracking and the highlight, so a finger that starts
    /// scrolling at once never highlights. A finger held on a highlighted cell for
    /// `menuPressDuration` shows its menu when the delegate wants one; the finger then lifts
    /// without selecting, and the next touch anywhere hides the menu.
    public func touchDidBegin(_ touch: Touch) {
        hideEditMenu()
        cancelTouchTracking()
        guard allowsSelection,
              let indexPath = indexPathForItem(at: convertFromScreen(touch.location)),
              let identifier = itemIdentifier(at: indexPath) else { return }
        guard delaysContentTouches else {
            highlight(identifier, touchedAt: touch.timestamp)
            return
        }
        pendingHighlight = (identifier, schedule(at: touch.timestamp + Self.contentTouchDelay) { [weak self] in
            self?.deliverPendingHighlight(touchedAt: touch.timestamp)
        })
    }

    /// The held-back touch reaches the content: the cell highlights.
    private func deliverPendingHighlight(touchedAt time: TimeInterval) {
        guard let (identifier, timer) = pendingHighlight else { return }
        cancelTimer(timer)
        pendingHighlight = nil
        highlight(identifier, touchedAt: time)
    }

    private func highlight(_ identifier: Int, touchedAt time: TimeInterval) {
        guard let indexPath = indexPath(forItemIdentifier: identifier),
              collectionDelegate?.collectionView(self, shouldHighlightItemAt: indexPath) ?? true else { return }
        highlightedIdentifier = identifier
        collectionDelegate?.collectionView(self, didHighlightItemAt: indexPath)
        startMenuTimer(for: identifier, at: time)
    }

    /// The cell tracking the finger, for `canCancelContentTouches`.
    package var contentTouchView: UIView? {
        guard let identifier = highlightedIdentifier, let indexPath = indexPath(forItemIdentifier: identifier) else { return nil }
        return cellForItem(at: indexPath) ?? self
    }

    /// A cell that refused the highlight is not tracked at all: as in UIKit, it cannot be
    /// selected by a tap either.
    public func touchDidFinish(_ touch: Touch) {
        guard touch.phase == .ended || touch.phase == .cancelled else { return }
        // A lift before the delay is up delivers the held-back touch first, as UIKit does.
        if touch.phase == .ended, pendingHighlight != nil { deliverPendingHighlight(touchedAt: touch.timestamp) }
        cancelMenuTimer()
        guard editMenu == nil, let identifier = highlightedIdentifier else { return }
        cancelTouchTracking()
        guard touch.phase == .ended, let indexPath = indexPath(forItemIdentifier: identifier),
              indexPathForItem(at: convertFromScreen(touch.location)) == indexPath else { return }
        if allowsMultipleSelection && selectedIdentifiers.contains(identifier) {
            guard collectionDelegate?.collectionView(self, shouldDeselectItemAt: indexPath) ?? true else { return }
            selectedIdentifiers.remove(identifier)
            collectionDelegate?.collectionView(self, didDeselectItemAt: indexPath)
            return
        }
        let extendsSelection = allowsMultipleSelection && !selectedIdentifiers.isEmpty
        if collectionDelegate?.collectionView(self, shouldSelectItemAt: indexPath) ?? true {
            if !allowsMultipleSelection {
                for path in indexPathsForSelectedItems ?? [] where path != indexPath {
                    deselectItem(at: path, animated: false)
                    collectionDelegate?.collectionView(self, didDeselectItemAt: path)
                }
            }
            // As in UIKit, tapping the selected item again (single selection) selects it again.
            selectedIdentifiers.insert(identifier)
            collectionDelegate?.collectionView(self, didSelectItemAt: indexPath)
        }
        // iOS 16's primary action: after the selection, whether or not it was allowed, for a tap
        // that does not extend a selection.
        guard !extendsSelection, let delegate = collectionDelegate,
              delegate.collectionView(self, canPerformPrimaryActionForItemAt: indexPath) else { return }
        delegate.collectionView(self, performPrimaryActionForItemAt: indexPath)
    }

    /// Drops the touch tracking: the highlighted cell unhighlights (unless its menu shows).
    public func cancelTouchTracking() {
        if let (_, timer) = pendingHighlight { cancelTimer(timer) }
        pendingHighlight = nil
        cancelMenuTimer()
        guard editMenu == nil, let identifier = highlightedIdentifier else { return }
        highlightedIdentifier = nil
        if let indexPath = indexPath(forItemIdentifier: identifier) {
            collectionDelegate?.collectionView(self, didUnhighlightItemAt: indexPath)
        }
    }
}
