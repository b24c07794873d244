import Vocabulary
import Views
import CollectionLayout
import Foundation

/// Supplies the table view's sections, rows and their cells, and applies edits, as in UIKit.
///
/// Asked lazily, as UIKit asks: at the first layout pass after the data source is set or
/// `reloadData()` is called, `numberOfSections(in:)` then `tableView(_:numberOfRowsInSection:)`
/// for each section; then, for each row that comes on screen, `tableView(_:cellForRowAt:)`.
/// Optional requirements have default implementations, as the collection view's protocols do.
@preconcurrency @MainActor
public protocol UITableViewDataSource: AnyObject {
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int
    /// The cell showing the row, from `dequeueReusableCell(withIdentifier:for:)`; asked only when
    /// the row comes on screen (or is measured, for a self-sizing row).
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell
    /// 1 unless implemented.
    func numberOfSections(in tableView: UITableView) -> Int
    /// The text of a standard header (nil: none, unless the delegate gives a view).
    func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String?
    /// The text of a standard footer.
    func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String?
    /// Whether the row may be edited: swiped, or shown with its editing control (true unless implemented).
    func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool
    /// Whether the row shows a reorder control in editing mode and may be dragged by it (true
    /// unless implemented). UIKit shows the control only when the data source implements
    /// `tableView(_:moveRowAt:to:)`, which Swift cannot see: return false here to hide it.
    func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool
    /// Move the data: called once when a reordering drag ends, before the table moves its row.
    func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath)
    /// Delete or insert the row's data after the user confirmed it (a tapped delete button or a
    /// full swipe of the standard Delete action); the data source then calls `deleteRows` or `insertRows`.
    func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath)
    /// Declared as in UIKit and never asked: no index bar is drawn (nil unless implemented).
    func sectionIndexTitles(for tableView: UITableView) -> [String]?
    /// Declared as in UIKit and never asked (see `sectionIndexTitles(for:)`).
    func tableView(_ tableView: UITableView, sectionForSectionIndexTitle title: String, at index: Int) -> Int
}

extension UITableViewDataSource {
    public func numberOfSections(in tableView: UITableView) -> Int { 1 }
    public func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { nil }
    public func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? { nil }
    public func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { true }
    public func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool { true }
    public func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {}
    public func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {}
    public func sectionIndexTitles(for tableView: UITableView) -> [String]? { nil }
    public func tableView(_ tableView: UITableView, sectionForSectionIndexTitle title: String, at index: Int) -> Int { index }
}

/// Heights, headers and footers, display, highlight, selection, editing and swipe actions, as
/// UIKit's delegate (it refines `UIScrollViewDelegate`). Every method is optional.
///
/// A height method that is not implemented returns `UITableView.automaticDimension`, which
/// means "the table's own": `rowHeight`, `sectionHeaderHeight`, `sectionFooterHeight` (and, when
/// those are automatic too, the height the cell or header sizes itself to).
///
/// A tap on a row calls, in UIKit's order: `shouldHighlightRowAt`, `didHighlightRowAt` (after
/// the scroll view's content touch delay, or at the lift), then at the lift `willSelectRowAt`,
/// `didUnhighlightRowAt`, `willDeselectRowAt` and `didDeselectRowAt` for a row selected before
/// (single selection), and `didSelectRowAt`.
@preconcurrency @MainActor
public protocol UITableViewDelegate: UIScrollViewDelegate {
    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat
    func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat
    func tableView(_ tableView: UITableView, heightForFooterInSection section: Int) -> CGFloat
    func tableView(_ tableView: UITableView, estimatedHeightForRowAt indexPath: IndexPath) -> CGFloat
    func tableView(_ tableView: UITableView, estimatedHeightForHeaderInSection section: Int) -> CGFloat
    func tableView(_ tableView: UITableView, estimatedHeightForFooterInSection section: Int) -> CGFloat
    /// A header view of your own (nil: the standard header for the section's title, if any).
    func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView?
    func tableView(_ tableView: UITableView, viewForFooterInSection section: Int) -> UIView?
    func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath)
    func tableView(_ tableView: UITableView, didEndDisplaying cell: UITableViewCell, forRowAt indexPath: IndexPath)
    func tableView(_ tableView: UITableView, willDisplayHeaderView view: UIView, forSection section: Int)
    func tableView(_ tableView: UITableView, willDisplayFooterView view: UIView, forSection section: Int)
    func tableView(_ tableView: UITableView, didEndDisplayingHeaderView view: UIView, forSection section: Int)
    func tableView(_ tableView: UITableView, didEndDisplayingFooterView view: UIView, forSection section: Int)
    func tableView(_ tableView: UITableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool
    func tableView(_ tableView: UITableView, didHighlightRowAt indexPath: IndexPath)
    func tableView(_ tableView: UITableView, didUnhighlightRowAt indexPath: IndexPath)
    /// The row to select instead (nil: none). Unless implemented: the row itself.
    func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath?
    func tableView(_ tableView: UITableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath?
    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath)
    func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath)
    /// The detail button of `.detailButton` or `.detailDisclosureButton` was tapped.
    func tableView(_ tableView: UITableView, accessoryButtonTappedForRowWith indexPath: IndexPath)
    /// The editing control a row shows in editing mode. Unless implemented: `.delete` for a row
    /// the data source lets edit.
    func tableView(_ tableView: UITableView, editingStyleForRowAt indexPath: IndexPath) -> UITableViewCell.EditingStyle
    /// The title of the standard delete action ("Delete" unless implemented).
    func tableView(_ tableView: UITableView, titleForDeleteConfirmationButtonForRowAt indexPath: IndexPath) -> String?
    /// Whether the row's content indents for its editing control (true unless implemented).
    func tableView(_ tableView: UITableView, shouldIndentWhileEditingRowAt indexPath: IndexPath) -> Bool
    /// The actions a swipe to the right reveals (nil: none).
    func tableView(_ tableView: UITableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration?
    /// The actions a swipe to the left reveals. Unless implemented (nil), a row the data source
    /// lets edit with the `.delete` style shows the standard Delete action, which commits the
    /// deletion through `tableView(_:commit:forRowAt:)`, as in UIKit.
    func tableView(_ tableView: UITableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration?
    /// Where a reordered row may go (the proposal unless implemented).
    func tableView(_ tableView: UITableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
                   toProposedIndexPath proposedDestinationIndexPath: IndexPath) -> IndexPath
    func tableView(_ tableView: UITableView, willBeginEditingRowAt indexPath: IndexPath)
    func tableView(_ tableView: UITableView, didEndEditingRowAt indexPath: IndexPath?)
    func tableView(_ tableView: UITableView, indentationLevelForRowAt indexPath: IndexPath) -> Int
}

extension UITableViewDelegate {
    public func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat { UITableView.automaticDimension }
    public func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat { UITableView.automaticDimension }
    public func tableView(_ tableView: UITableView, heightForFooterInSection section: Int) -> CGFloat { UITableView.automaticDimension }
    public func tableView(_ tableView: UITableView, estimatedHeightForRowAt indexPath: IndexPath) -> CGFloat { UITableView.automaticDimension }
    public func tableView(_ tableView: UITableView, estimatedHeightForHeaderInSection section: Int) -> CGFloat { UITableView.automaticDimension }
    public func tableView(_ tableView: UITableView, estimatedHeightForFooterInSection section: Int) -> CGFloat { UITableView.automaticDimension }
    public func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView? { nil }
    public func tableView(_ tableView: UITableView, viewForFooterInSection section: Int) -> UIView? { nil }
    public func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: UITableView, didEndDisplaying cell: UITableViewCell, forRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: UITableView, willDisplayHeaderView view: UIView, forSection section: Int) {}
    public func tableView(_ tableView: UITableView, willDisplayFooterView view: UIView, forSection section: Int) {}
    public func tableView(_ tableView: UITableView, didEndDisplayingHeaderView view: UIView, forSection section: Int) {}
    public func tableView(_ tableView: UITableView, didEndDisplayingFooterView view: UIView, forSection section: Int) {}
    public func tableView(_ tableView: UITableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool { true }
    public func tableView(_ tableView: UITableView, didHighlightRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: UITableView, didUnhighlightRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
    public func tableView(_ tableView: UITableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
    public func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: UITableView, accessoryButtonTappedForRowWith indexPath: IndexPath) {}
    public func tableView(_ tableView: UITableView, editingStyleForRowAt indexPath: IndexPath) -> UITableViewCell.EditingStyle {
        tableView.dataSource?.tableView(tableView, canEditRowAt: indexPath) ?? true ? .delete : .none
    }
    public func tableView(_ tableView: UITableView, titleForDeleteConfirmationButtonForRowAt indexPath: IndexPath) -> String? { "Delete" }
    public func tableView(_ tableView: UITableView, shouldIndentWhileEditingRowAt indexPath: IndexPath) -> Bool { true }
    public func tableView(_ tableView: UITableView,
                          leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? { nil }
    public func tableView(_ tableView: UITableView,
                          trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? { nil }
    public func tableView(_ tableView: UITableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
                          toProposedIndexPath proposedDestinationIndexPath: IndexPath) -> IndexPath { proposedDestinationIndexPath }
    public func tableView(_ tableView: UITableView, willBeginEditingRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: UITableView, didEndEditingRowAt indexPath: IndexPath?) {}
    public func tableView(_ tableView: UITableView, indentationLevelForRowAt indexPath: IndexPath) -> Int { 0 }
}
