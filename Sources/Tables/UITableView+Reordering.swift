import Vocabulary
import Views
import Foundation

/// A row being dragged by its reorder control.
struct ReorderState {
    var identifier: Int
    weak var cell: UITableViewCell?
    /// The touch's distance from the cell's centre when it was grabbed.
    var grabOffset: CGFloat
    var original: IndexPath
    var current: IndexPath
}

/// Reordering in editing mode, as UIKit's: a finger down on a row's reorder grip lifts the row
/// (it draws above the others, without its separator) and it follows the finger vertically,
/// keeping the offset at which it was grabbed. When its centre crosses the middle of a
/// neighbour, the delegate may redirect the move (`targetIndexPathForMoveFromRowAt`) and the
/// rows in between slide over to make room (over `rowAnimationDuration`). When the finger lifts,
/// the data source hears `tableView(_:moveRowAt:to:)` once, from the original index path to the
/// final one, and the row settles into its slot. Rows move within their section here (UIKit also
/// lets them cross into others).
extension UITableView {
    func isReordering(_ id: Int) -> Bool { reorder?.identifier == id }

    /// The row whose reorder grip is under `point` (content coordinates).
    func reorderControlRow(at point: CGPoint) -> IndexPath? {
        guard isEditing else { return nil }
        for (id, cell) in visibleCellsByIdentifier.sorted(by: { $0.key < $1.key }) where cell.showsReorderControl && cell.isEditing {
            let grip = cell.reorderControl.convert(cell.reorderControl.bounds, to: self).insetBy(dx: -12, dy: 0)
            if grip.contains(point) { return indexPath(forIdentifier: id) }
        }
        return nil
    }

    func reorderShouldBegin() -> Bool {
        reorderControlRow(at: reorderPress.location(in: self)) != nil
    }

    func handleReorderPress() {
        let location = reorderPress.location(in: self)
        switch reorderPress.state {
        case .began:
            guard let indexPath = reorderControlRow(at: location), let id = identifier(at: indexPath),
                  let cell = cellForRow(at: indexPath) else { return }
            cancelTouchTracking()
            reorder = ReorderState(identifier: id, cell: cell, grabOffset: location.y - cell.center.y, original: indexPath, current: indexPath)
            cell.isEditingMoving = true
            bringSubviewToFront(cell)
        case .changed:
            guard var state = reorder, let cell = state.cell else { return }
            let section = geometry.sections[state.current.section]
            let top = section.rows.first?.minY ?? 0, bottom = section.rows.last?.maxY ?? 0
            let centerY = min(max(location.y - state.grabOffset, top + cell.bounds.height / 2), bottom - cell.bounds.height / 2)
            UIView.performWithoutAnimation { cell.center = CGPoint(x: cell.center.x, y: centerY) }
            let proposed = proposedRow(forCenterY: centerY, in: state.current.section, moving: state.current.row)
            guard proposed != state.current.row else { return }
            let proposal = IndexPath(row: proposed, section: state.current.section)
            var target = tableDelegate?.tableView(self, targetIndexPathForMoveFromRowAt: state.original, toProposedIndexPath: proposal) ?? proposal
            if target.section != state.current.section || target.row < 0 || target.row >= rows[state.current.section].count {
                target = state.current
            }
            guard target != state.current else { return }
            moveLive(&state, to: target)
            reorder = state
        case .ended, .cancelled:
            guard let state = reorder else { return }
            reorder = nil
            if state.original != state.current {
                dataSource?.tableView(self, moveRowAt: state.original, to: state.current)
            }
            guard let cell = state.cell, let frame = geometry.rowFrame(state.current) else { return }
            cell.isEditingMoving = false
            SimulatedClock.withCurrent(clock) {
                UIView.animate(withDuration: Self.rowAnimationDuration, delay: 0, options: [.curveEaseInOut]) { cell.frame = frame }
            }
            setNeedsLayout()
        default:
            break
        }
    }

    /// The row the dragged row would take with its centre at `centerY`: it passes a neighbour
    /// once its centre crosses the neighbour's middle.
    private func proposedRow(forCenterY centerY: CGFloat, in section: Int, moving: Int) -> Int {
        let frames = geometry.sections[section].rows
        var row = moving
        while row + 1 < frames.count, centerY > frames[row + 1].midY { row += 1 }
        while row - 1 >= 0, centerY < frames[row - 1].midY { row -= 1 }
        return row
    }

    /// Moves the dragged row in the table's own model (the data source hears of it at the end),
    /// and slides the rows in between.
    private func moveLive(_ state: inout ReorderState, to target: IndexPath) {
        let section = state.current.section
        let id = rows[section].remove(at: state.current.row)
        rows[section].insert(id, at: target.row)
        state.current = target
        geometry = computeGeometry()
        SimulatedClock.withCurrent(clock) {
            UIView.animate(withDuration: Self.rowAnimationDuration, delay: 0, options: [.curveEaseInOut]) {
                for (row, other) in self.rows[section].enumerated() where other != id {
                    guard let cell = self.visibleCellsByIdentifier[other] else { continue }
                    cell.frame = self.geometry.sections[section].rows[row]
                    cell.placement = self.placement(forRowAt: IndexPath(row: row, section: section))
                }
            }
        }
    }
}
