import Vocabulary
import Views
import CollectionLayout
import Foundation

/// UIKit's table view controller: its view is a table view whose data source and delegate it
/// is. The data source and delegate methods are `open` members here, so a subclass's
/// `override func tableView(_:cellForRowAt:)` is the one called:
///
///     final class SettingsViewController: UITableViewController {
///         init() { super.init(style: .insetGrouped) }
///         override func viewDidLoad() {
///             super.viewDidLoad()
///             tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Cell")
///         }
///         override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 3 }
///         override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
///             tableView.dequeueReusableCell(withIdentifier: "Cell", for: indexPath)
///         }
///     }
///
/// With `clearsSelectionOnViewWillAppear` (the default), the selected rows are deselected,
/// animated, each time the view is about to appear, as when a pushed controller is popped.
/// `refreshControl` is the table's (see `UIRefreshControl`). `isEditing`, `setEditing(_:animated:)`
/// and `editButtonItem` are the table's editing mode (UIKit declares them on every view
/// controller; here they are the table view controller's).
open class UITableViewController: UIViewController, UITableViewDataSource, UITableViewDelegate {
    public let style: UITableView.Style

    public init(style: UITableView.Style) {
        self.style = style
        super.init(nibName: nil, bundle: nil)
    }

    /// A plain table (UIKit's choice when no style is given, as with `UITableViewController()`).
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        style = .plain
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }

    public required init?(coder: NSCoder) {
        style = .plain
        super.init(coder: coder)
    }

    /// The controller's view.
    open var tableView: UITableView! {
        get { view as? UITableView }
        set { view = newValue }
    }

    open var clearsSelectionOnViewWillAppear = true

    /// The table's pull-to-refresh control.
    open var refreshControl: UIRefreshControl? {
        get { tableView?.refreshControl }
        set { tableView?.refreshControl = newValue }
    }

    open override func loadView() {
        let table = UITableView(frame: UIScreen.main.bounds, style: style)
        table.dataSource = self
        table.delegate = self
        view = table
    }

    open override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        guard clearsSelectionOnViewWillAppear, let table = tableView else { return }
        for indexPath in table.indexPathsForSelectedRows ?? [] { table.deselectRow(at: indexPath, animated: animated) }
    }

    open var isEditing: Bool {
        get { tableView?.isEditing ?? false }
        set { setEditing(newValue, animated: false) }
    }

    open func setEditing(_ editing: Bool, animated: Bool) {
        tableView?.setEditing(editing, animated: animated)
    }

    // MARK: UITableViewDataSource

    open func numberOfSections(in tableView: UITableView) -> Int { 1 }
    open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 0 }
    open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        UITableViewCell(style: .default, reuseIdentifier: nil)
    }
    open func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { nil }
    open func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? { nil }
    open func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { true }
    open func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool { true }
    open func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {}
    open func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {}

    // MARK: UITableViewDelegate

    open func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat { UITableView.automaticDimension }
    open func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat { UITableView.automaticDimension }
    open func tableView(_ tableView: UITableView, heightForFooterInSection section: Int) -> CGFloat { UITableView.automaticDimension }
    open func tableView(_ tableView: UITableView, estimatedHeightForRowAt indexPath: IndexPath) -> CGFloat { UITableView.automaticDimension }
    open func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView? { nil }
    open func tableView(_ tableView: UITableView, viewForFooterInSection section: Int) -> UIView? { nil }
    open func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {}
    open func tableView(_ tableView: UITableView, didEndDisplaying cell: UITableViewCell, forRowAt indexPath: IndexPath) {}
    open func tableView(_ tableView: UITableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool { true }
    open func tableView(_ tableView: UITableView, didHighlightRowAt indexPath: IndexPath) {}
    open func tableView(_ tableView: UITableView, didUnhighlightRowAt indexPath: IndexPath) {}
    open func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
    open func tableView(_ tableView: UITableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
    open func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}
    open func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {}
    open func tableView(_ tableView: UITableView, accessoryButtonTappedForRowWith indexPath: IndexPath) {}
    open func tableView(_ tableView: UITableView, editingStyleForRowAt indexPath: IndexPath) -> UITableViewCell.EditingStyle {
        self.tableView(tableView, canEditRowAt: indexPath) ? .delete : .none
    }
    open func tableView(_ tableView: UITableView,
                        leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? { nil }
    open func tableView(_ tableView: UITableView,
                        trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? { nil }
    open func tableView(_ tableView: UITableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
                        toProposedIndexPath proposedDestinationIndexPath: IndexPath) -> IndexPath { proposedDestinationIndexPath }
}
