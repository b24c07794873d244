import Vocabulary
import Views
import CollectionLayout
import Foundation

/// Swiping a row to reveal its actions, as iOS does and as the collection view's list does
/// (the buttons are the list's `SwipeActionsView`): a horizontal drag on a row whose delegate gives
/// actions for that side moves the row's content with the finger and shows the buttons in the
/// space it leaves. Let go past half the buttons' width (or with a flick faster than 300 pt/s)
/// and the row stays open at their width; short of it, it closes. Let go past half the row's
/// width and, when the configuration `performsFirstActionWithFullSwipe`, the row slides all the
/// way out and the first action runs (its handler usually deletes the row). The row settles
/// with an ease-out over `swipeSettleDuration` (0.25 s; UIKit's settle is a spring of about that
/// length, unpublished). Without a trailing configuration from the delegate, a row the data
/// source lets edit shows the standard Delete action, which commits `.delete` through the data
/// source, as in UIKit.
extension UITableView {
    /// How long a released swipe takes to settle open, closed, or out.
    nonisolated public static let swipeSettleDuration: TimeInterval = 0.25

    /// The swipe a pan would begin: a horizontal drag on a row with actions on that side (or on
    /// the open row).
    private func swipeCandidate(_ pan: UIPanGestureRecognizer)
        -> (id: Int, indexPath: IndexPath, trailing: UISwipeActionsConfiguration?, leading: UISwipeActionsConfiguration?)? {
        guard !isEditing, reorder == nil else { return nil }
        let translation = pan.translation(in: self)
        guard abs(translation.x) > abs(translation.y) else { return nil }
        let start = convert(pan.startLocation, from: nil)
        guard let indexPath = indexPathForRow(at: start), let id = identifier(at: indexPath) else { return nil }
        let trailing = tableDelegate?.tableView(self, trailingSwipeActionsConfigurationForRowAt: indexPath) ?? standardDeleteConfiguration(at: indexPath)
        let leading = tableDelegate?.tableView(self, leadingSwipeActionsConfigurationForRowAt: indexPath)
        if swipedRow == id, let cell = swipedCell, cell.swipeShift != 0 { return (id, indexPath, swipeConfigurations.trailing, swipeConfigurations.leading) }
        guard let side = translation.x < 0 ? trailing : leading, !side.actions.isEmpty else { return nil }
        return (id, indexPath, trailing, leading)
    }

    /// The Delete action UIKit shows for a row the data source lets edit with the delete style.
    func standardDeleteConfiguration(at indexPath: IndexPath) -> UISwipeActionsConfiguration? {
        guard let dataSource, dataSource.tableView(self, canEditRowAt: indexPath),
              (tableDelegate?.tableView(self, editingStyleForRowAt: indexPath) ?? .delete) == .delete else { return nil }
        let title = tableDelegate?.tableView(self, titleForDeleteConfirmationButtonForRowAt: indexPath) ?? "Delete"
        let action = UIContextualAction(style: .destructive, title: title) { [weak self] _, view, done in
            guard let self, let cell = view as? UITableViewCell, let path = self.indexPath(for: cell) else { return done(false) }
            self.dataSource?.tableView(self, commit: .delete, forRowAt: path)
            done(true)
        }
        return UISwipeActionsConfiguration(actions: [action])
    }

    /// Whether the swipe pan begins (or, probing, would begin: the scroll pan then does not).
    func swipeShouldBegin(probing: Bool = false) -> Bool {
        let pan = probing ? panGestureRecognizer : swipePan
        guard let candidate = swipeCandidate(pan) else { return false }
        if !probing, swipedRow != candidate.id { take(candidate.id, at: candidate.indexPath, trailing: candidate.trailing, leading: candidate.leading) }
        return true
    }

    private func take(_ id: Int, at indexPath: IndexPath, trailing: UISwipeActionsConfiguration?, leading: UISwipeActionsConfiguration?) {
        closeSwipedRow(animated: false)
        guard let cell = cellForRow(at: indexPath) else { return }
        swipedRow = id
        swipedCell = cell
        swipeConfigurations = (trailing, leading)
        cell.showSwipeActions(trailing: trailing, leading: leading) { [weak self] action in self?.perform(action) }
    }

    func handleSwipePan() {
        guard let cell = swipedCell else { return }
        switch swipePan.state {
        case .began:
            cancelTouchTracking()
            swipeStartShift = cell.swipeShift
        case .changed:
            var shift = swipeStartShift - swipePan.translation(in: self).x
            if swipeConfigurations.trailing == nil { shift = min(shift, 0) }
            if swipeConfigurations.leading == nil { shift = max(shift, 0) }
            cell.swipeShift = max(-cell.bounds.width, min(cell.bounds.width, shift))
            cell.layoutIfNeeded()
        case .ended, .cancelled:
            let velocity = -swipePan.velocity(in: self).x
            settle(cell, target: target(for: cell, velocity: velocity))
        default:
            break
        }
    }

    /// Where a released row comes to rest: open at the buttons' width, closed, or out (a full
    /// swipe, which performs the first action).
    private func target(for cell: UITableViewCell, velocity: CGFloat) -> CGFloat {
        let shift = cell.swipeShift
        let sign: CGFloat = shift >= 0 ? 1 : -1
        guard let configuration = shift >= 0 ? swipeConfigurations.trailing : swipeConfigurations.leading else { return 0 }
        let buttons = configuration.actions.reduce(0) { $0 + SwipeActionsView.buttonWidth($1) }
        let reach = abs(shift), speed = velocity * sign
        if configuration.performsFirstActionWithFullSwipe, reach > cell.bounds.width / 2, let first = configuration.actions.first {
            fullSwipe(cell, sign: sign, action: first)
            return sign * cell.bounds.width
        }
        let open = speed > 300 || (speed > -300 && reach > buttons / 2)
        return open ? sign * buttons : 0
    }

    private func fullSwipe(_ cell: UITableViewCell, sign: CGFloat, action: UIContextualAction) {
        // The row slides out, then the action runs (and usually deletes it).
        clock.schedule(at: currentTime) { [weak self, weak cell] in
            guard let self, let cell else { return }
            action.handler(action, cell) { [weak self, weak cell] done in
                guard let self, let cell, !done, self.swipedCell === cell else { return }
                self.closeSwipedRow(animated: true)
            }
        }
    }

    private func settle(_ cell: UITableViewCell, target: CGFloat) {
        SimulatedClock.withCurrent(clock) {
            UIView.animate(withDuration: Self.swipeSettleDuration, delay: 0, options: [.curveEaseOut]) {
                cell.swipeShift = target
                cell.layoutIfNeeded()
            }
        }
        if target == 0 { forgetSwipe(of: cell, after: Self.swipeSettleDuration) }
    }

    private func forgetSwipe(of cell: UITableViewCell, after delay: TimeInterval) {
        clock.schedule(at: currentTime + delay) { [weak self, weak cell] in
            guard let self, let cell, cell.swipeShift == 0 else { return }
            cell.removeSwipeActions()
            if self.swipedCell === cell { self.swipedCell = nil; self.swipedRow = nil }
        }
    }

    /// A tapped button: its handler runs; its completion closes the row.
    private func perform(_ action: UIContextualAction) {
        guard let cell = swipedCell else { return }
        action.handler(action, cell) { [weak self, weak cell] _ in
            guard let self, let cell, self.swipedCell === cell else { return }
            self.closeSwipedRow(animated: true)
        }
    }

    /// Closes the open row, if any.
    func closeSwipedRow(animated: Bool) {
        guard let cell = swipedCell else {
            swipedRow = nil
            return
        }
        guard cell.swipeShift != 0 else { return }
        if animated, window != nil {
            settle(cell, target: 0)
        } else {
            cell.swipeShift = 0
            cell.removeSwipeActions()
            swipedCell = nil
            swipedRow = nil
        }
    }

    /// The delete control of editing mode was tapped: the row opens on its Delete button.
    func openDeleteConfirmation(at indexPath: IndexPath) {
        guard let id = identifier(at: indexPath), let configuration = standardDeleteConfiguration(at: indexPath) else { return }
        take(id, at: indexPath, trailing: configuration, leading: nil)
        guard let cell = swipedCell else { return }
        settle(cell, target: configuration.actions.reduce(0) { $0 + SwipeActionsView.buttonWidth($1) })
    }
}
