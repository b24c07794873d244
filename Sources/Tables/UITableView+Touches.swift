import Vocabulary
import Views
import Foundation

extension UITableView {
    /// Highlight and tap selection, as UIKit's: the row under a finger going down highlights (if
    /// the delegate agrees) after the scroll view's `contentTouchDelay` (or at the lift, if that
    /// comes first); when the finger lifts on it without a gesture having begun, the row is
    /// selected (see `UITableViewDelegate` for the order of the calls). A scroll, a swipe or a
    /// reordering drag that begins cancels the highlight. A tap while a row is swiped open
    /// closes it and selects nothing.
    public func touchDidBegin(_ touch: Touch) {
        cancelTouchTracking()
        if swipedRow != nil {
            closeSwipedRow(animated: true)
            suppressesNextSelection = true
            return
        }
        suppressesNextSelection = false
        guard isEditing ? allowsSelectionDuringEditing : allowsSelection,
              let indexPath = indexPathForRow(at: convert(touch.location, from: nil)),
              let id = identifier(at: indexPath) else { return }
        guard delaysContentTouches else {
            highlight(id)
            return
        }
        pendingHighlight = (id, clock.schedule(at: touch.timestamp + Self.contentTouchDelay) { [weak self] in
            self?.deliverPendingHighlight()
        })
    }

    private func deliverPendingHighlight() {
        guard let (id, timer) = pendingHighlight else { return }
        clock.cancel(timer)
        pendingHighlight = nil
        highlight(id)
    }

    private func highlight(_ id: Int) {
        guard let indexPath = indexPath(forIdentifier: id),
              tableDelegate?.tableView(self, shouldHighlightRowAt: indexPath) ?? true else { return }
        highlightedIdentifier = id
        visibleCellsByIdentifier[id]?.setHighlighted(true, animated: false)
        tableDelegate?.tableView(self, didHighlightRowAt: indexPath)
    }

    public func touchDidFinish(_ touch: Touch) {
        guard touch.phase == .ended || touch.phase == .cancelled else { return }
        if touch.phase == .ended, pendingHighlight != nil { deliverPendingHighlight() }
        guard let id = highlightedIdentifier else { return }
        guard touch.phase == .ended, let indexPath = indexPath(forIdentifier: id),
              indexPathForRow(at: convert(touch.location, from: nil)) == indexPath, !suppressesNextSelection else {
            cancelTouchTracking()
            return
        }
        highlightedIdentifier = nil
        let delegate = tableDelegate
        if allowsMultipleSelection, selectedIdentifiers.contains(id) {
            unhighlight(id, at: indexPath)
            guard let target = delegate.map({ $0.tableView(self, willDeselectRowAt: indexPath) }) ?? indexPath,
                  let targetID = identifier(at: target) else { return }
            selectedIdentifiers.remove(targetID)
            visibleCellsByIdentifier[targetID]?.setSelected(false, animated: false)
            delegate?.tableView(self, didDeselectRowAt: target)
            return
        }
        let chosen = delegate.map { $0.tableView(self, willSelectRowAt: indexPath) } ?? indexPath
        // The row stays shaded while it becomes selected: the highlight hands over to the selection.
        if let chosen, let chosenID = identifier(at: chosen) {
            visibleCellsByIdentifier[chosenID]?.setSelected(true, animated: false)
        }
        unhighlight(id, at: indexPath)
        guard let chosen, let chosenID = identifier(at: chosen) else { return }
        if !allowsMultipleSelection {
            for path in indexPathsForSelectedRows ?? [] where path != chosen {
                guard let deselected = delegate.map({ $0.tableView(self, willDeselectRowAt: path) }) ?? path,
                      let deselectedID = identifier(at: deselected) else { continue }
                selectedIdentifiers.remove(deselectedID)
                visibleCellsByIdentifier[deselectedID]?.setSelected(false, animated: false)
                delegate?.tableView(self, didDeselectRowAt: deselected)
            }
        }
        selectedIdentifiers.insert(chosenID)
        delegate?.tableView(self, didSelectRowAt: chosen)
    }

    private func unhighlight(_ id: Int, at indexPath: IndexPath) {
        visibleCellsByIdentifier[id]?.setHighlighted(false, animated: false)
        tableDelegate?.tableView(self, didUnhighlightRowAt: indexPath)
    }

    /// Drops the touch tracking: the highlighted row unhighlights.
    public func cancelTouchTracking() {
        if let (_, timer) = pendingHighlight { clock.cancel(timer) }
        pendingHighlight = nil
        guard let id = highlightedIdentifier else { return }
        highlightedIdentifier = nil
        if let indexPath = indexPath(forIdentifier: id) { unhighlight(id, at: indexPath) }
    }
}
