import Vocabulary
import Views
import CollectionLayout
import Foundation

/// A table's data source driven by snapshots (iOS 13), with the collection view's
/// `NSDiffableDataSourceSnapshot`:
///
///     let dataSource = UITableViewDiffableDataSource<Section, Message>(tableView: table) { table, indexPath, message in
///         let cell = table.dequeueReusableCell(withIdentifier: "Message", for: indexPath)
///         cell.textLabel?.text = message.subject
///         return cell
///     }
///     var snapshot = NSDiffableDataSourceSnapshot<Section, Message>()
///     snapshot.appendSections([.inbox])
///     snapshot.appendItems(messages)
///     dataSource.apply(snapshot)
///
/// `apply(_:animatingDifferences:)` performs the difference from the current snapshot as one
/// batch: rows of items in both keep their cells and move, inserted rows arrive and deleted
/// rows leave with `defaultRowAnimation`, reloaded items get new cells. The first snapshot of a
/// table that has not been laid out yet is shown without animation, as UIKit shows it.
@MainActor
open class UITableViewDiffableDataSource<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>:
    NSObject, UITableViewDataSource {
    public typealias CellProvider = (UITableView, IndexPath, ItemIdentifierType) -> UITableViewCell?
    public typealias Snapshot = NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>

    public private(set) weak var tableView: UITableView?
    private let cellProvider: CellProvider
    private var current = Snapshot()
    /// The table's row identifier of each item shown.
    private var identities: [ItemIdentifierType: Int] = [:]

    /// How rows arrive and leave in an animated apply (UIKit's default: `.automatic`).
    open var defaultRowAnimation: UITableView.RowAnimation = .automatic

    public init(tableView: UITableView, cellProvider: @escaping CellProvider) {
        self.tableView = tableView
        self.cellProvider = cellProvider
        super.init()
        tableView.dataSource = self
    }

    public func snapshot() -> Snapshot { current }

    /// Shows `snapshot`, animating the difference unless `animatingDifferences` is false.
    open func apply(_ snapshot: Snapshot, animatingDifferences: Bool = true, completion: (() -> Void)? = nil) {
        guard let tableView else { return }
        let old = current
        current = snapshot
        guard !tableView.needsReload, !old.sectionIdentifiers.isEmpty || !tableView.rows.isEmpty else {
            tableView.reloadData()
            tableView.reloadIfNeeded()
            rememberIdentities()
            tableView.setNeedsLayout()
            completion?()
            return
        }
        let reloaded = Set(snapshot.reloadedItemIdentifiers)
        var sections: [[Int]] = []
        var inserted: Set<Int> = []
        var animations: [Int: UITableView.RowAnimation] = [:]
        var newIdentities: [ItemIdentifierType: Int] = [:]
        for section in snapshot.sectionIdentifiers {
            var ids: [Int] = []
            for item in snapshot.itemIdentifiers(inSection: section) {
                let id: Int
                if let kept = identities[item], !reloaded.contains(item) {
                    id = kept
                } else {
                    tableView.nextIdentifier += 1
                    id = tableView.nextIdentifier
                    inserted.insert(id)
                    animations[id] = defaultRowAnimation.resolved
                }
                ids.append(id)
                newIdentities[item] = id
            }
            sections.append(ids)
        }
        for (item, id) in identities where newIdentities[item] != id { animations[id] = defaultRowAnimation.resolved }
        identities = newIdentities
        tableView.prepareGeometry()
        SimulatedClock.withCurrent(tableView.clock) {
            tableView.applyRows((sections, inserted, animations), animated: animatingDifferences,
                                completions: completion.map { done in [{ _ in done() }] } ?? [])
        }
    }

    /// Shows `snapshot` by reloading the table: no animation, every cell anew.
    open func applySnapshotUsingReloadData(_ snapshot: Snapshot, completion: (() -> Void)? = nil) {
        current = snapshot
        tableView?.reloadData()
        tableView?.reloadIfNeeded()
        rememberIdentities()
        completion?()
    }

    private func rememberIdentities() {
        guard let tableView else { return }
        identities = [:]
        for (section, sectionIdentifier) in current.sectionIdentifiers.enumerated() where section < tableView.rows.count {
            for (item, id) in zip(current.itemIdentifiers(inSection: sectionIdentifier), tableView.rows[section]) { identities[item] = id }
        }
    }

    public func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? {
        guard indexPath.section < current.numberOfSections else { return nil }
        let items = current.itemIdentifiers(inSection: current.sectionIdentifiers[indexPath.section])
        return indexPath.row < items.count ? items[indexPath.row] : nil
    }

    public func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? {
        guard let section = current.sectionIdentifier(containingItem: itemIdentifier),
              let sectionIndex = current.indexOfSection(section),
              let row = current.itemIdentifiers(inSection: section).firstIndex(of: itemIdentifier) else { return nil }
        return IndexPath(row: row, section: sectionIndex)
    }

    public func sectionIdentifier(for index: Int) -> SectionIdentifierType? {
        index < current.numberOfSections ? current.sectionIdentifiers[index] : nil
    }

    public func index(for sectionIdentifier: SectionIdentifierType) -> Int? { current.indexOfSection(sectionIdentifier) }

    // MARK: UITableViewDataSource

    open func numberOfSections(in tableView: UITableView) -> Int { current.numberOfSections }

    open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        section < current.numberOfSections ? current.numberOfItems(inSection: current.sectionIdentifiers[section]) : 0
    }

    open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        guard let item = itemIdentifier(for: indexPath), let cell = cellProvider(tableView, indexPath, item) else {
            preconditionFailure("UITableViewDiffableDataSource: the cell provider returned no cell for \(indexPath) (UIKit raises too)")
        }
        return cell
    }

    open func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { nil }
    open func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? { nil }
    /// False unless overridden, as in UIKit: a diffable table's rows are not edited by default.
    open func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { false }
    open func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool { false }
    open func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {}

    /// The move a reordering drag made: the snapshot follows it.
    open func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
        guard let item = itemIdentifier(for: sourceIndexPath), sourceIndexPath != destinationIndexPath else { return }
        var snapshot = current
        let section = current.sectionIdentifiers[destinationIndexPath.section]
        var items = snapshot.itemIdentifiers(inSection: section)
        items.removeAll { $0 == item }
        snapshot.deleteItems([item])
        if destinationIndexPath.row < items.count {
            snapshot.insertItems([item], beforeItem: items[destinationIndexPath.row])
        } else {
            snapshot.appendItems([item], toSection: section)
        }
        current = snapshot
    }
}
