import Vocabulary
import Foundation

/// A data source that holds the collection view's data as snapshots and updates the collection
/// view by the difference between two of them, as UIKit's `UICollectionViewDiffableDataSource`.
///
/// `apply(_:animatingDifferences:completion:)` works out which items were deleted, inserted,
/// moved, reloaded and reconfigured (by identifier) and performs them as one batch update:
/// the layout hears `prepare(forCollectionViewUpdates:)` with them, inserted items come in from
/// `initialLayoutAttributesForAppearingItem(at:)` (by default their place, transparent: a fade),
/// moved and shifted cells travel from where they were, over the collection view's
/// `moveAnimationDuration` with ease-in-out, and deleted cells leave through
/// `finalLayoutAttributesForDisappearingItem(at:)` (by default fading where they were). Items
/// that stay keep their identity, so their selection and cells too.
///
/// Moves are found as UIKit finds them, fewest first: of the items in both snapshots, those in
/// the longest run that keeps its order stay, every other one moves.
@MainActor
open class UICollectionViewDiffableDataSource<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>:
    NSObject, UICollectionViewDataSource {
    public typealias CellProvider = (UICollectionView, IndexPath, ItemIdentifierType) -> UICollectionViewCell?
    public typealias SupplementaryViewProvider = (UICollectionView, String, IndexPath) -> UICollectionReusableView?
    public typealias Snapshot = NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>

    /// What `apply` did, by identifier: for tests and tools that want to know.
    public struct Difference: Equatable, Sendable {
        public var deletedSections: [SectionIdentifierType] = []
        public var insertedSections: [SectionIdentifierType] = []
        public var deletedItems: [ItemIdentifierType] = []
        public var insertedItems: [ItemIdentifierType] = []
        public var movedItems: [ItemIdentifierType] = []
        public var reloadedItems: [ItemIdentifierType] = []
        public var reconfiguredItems: [ItemIdentifierType] = []
    }

    public private(set) weak var collectionView: UICollectionView?
    private let cellProvider: CellProvider
    /// Asked for headers, footers and other supplementary views; an empty view when nil.
    public var supplementaryViewProvider: SupplementaryViewProvider?
    private var current = Snapshot()
    /// Each item's identity in the collection view.
    private var identities: [ItemIdentifierType: Int] = [:]
    /// What the latest `apply` did.
    public private(set) var lastDifference = Difference()
    /// The outlines applied to sections (`apply(_:to:animatingDifferences:completion:)`).
    var sectionSnapshots: [SectionIdentifierType: NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>] = [:]
    /// Asked and told as outline items expand and collapse.
    public var sectionSnapshotHandlers = NSDiffableDataSourceSectionSnapshotHandlers<ItemIdentifierType>()
    /// Asked and told as the user reorders items; without `canReorderItem`, nothing moves.
    public var reorderingHandlers = NSDiffableDataSourceReorderingHandlers<SectionIdentifierType, ItemIdentifierType>()

    /// Becomes `collectionView`'s data source, as in UIKit.
    public init(collectionView: UICollectionView, cellProvider: @escaping CellProvider) {
        self.collectionView = collectionView
        self.cellProvider = cellProvider
        super.init()
        collectionView.dataSource = self
    }

    // MARK: Snapshots

    /// A copy of the data as the collection view shows it.
    public func snapshot() -> Snapshot { current }

    /// Shows `snapshot`: the difference from the current one is performed as one batch update,
    /// animated unless `animatingDifferences` is false (then the cells simply take their new
    /// places). `completion` runs when the animation ends (at once when not animated).
    open func apply(_ snapshot: Snapshot, animatingDifferences: Bool = true, completion: (() -> Void)? = nil) {
        guard let collectionView else { return }
        let old = Places(current), new = Places(snapshot)
        var difference = Difference()
        let oldSections = Set(current.sectionIdentifiers), newSections = Set(snapshot.sectionIdentifiers)
        difference.deletedSections = current.sectionIdentifiers.filter { !newSections.contains($0) }
        difference.insertedSections = snapshot.sectionIdentifiers.filter { !oldSections.contains($0) }
        let reloaded = Set(snapshot.reloadedItemIdentifiers), reloadedSections = Set(snapshot.reloadedSectionIdentifiers)
        difference.deletedItems = old.order.filter { new.place[$0] == nil }
        difference.insertedItems = new.order.filter { old.place[$0] == nil }
        difference.reloadedItems = new.order.filter {
            old.place[$0] != nil && (reloaded.contains($0) || reloadedSections.contains(snapshot.sectionIdentifiers[new.place[$0]!.section]))
        }
        difference.movedItems = Self.movedItems(from: old, to: new, oldSections: current.sectionIdentifiers,
                                                newSections: snapshot.sectionIdentifiers, keeping: oldSections.intersection(newSections))
        let reloadedSet = Set(difference.reloadedItems)
        difference.reconfiguredItems = snapshot.reconfiguredItemIdentifiers.filter { old.place[$0] != nil && !reloadedSet.contains($0) }

        // The collection view's identities: kept for items in both, new for inserted and reloaded ones.
        var newIdentities: [ItemIdentifierType: Int] = [:]
        var sections: [[Int]] = []
        var updates: [UICollectionViewUpdateItem] = []
        var fresh = collectionView.nextIdentifier
        for (section, sectionIdentifier) in snapshot.sectionIdentifiers.enumerated() {
            var row: [Int] = []
            for identifier in snapshot.items(inSectionAt: section) {
                let identity: Int
                if let kept = identities[identifier], !reloadedSet.contains(identifier) {
                    identity = kept
                } else {
                    identity = fresh
                    fresh += 1
                }
                row.append(identity)
                newIdentities[identifier] = identity
            }
            sections.append(row)
            if !oldSections.contains(sectionIdentifier) {
                updates.append(UICollectionViewUpdateItem(.insert, before: nil, after: IndexPath(index: section)))
            }
        }
        for section in difference.deletedSections {
            updates.append(UICollectionViewUpdateItem(.delete, before: IndexPath(index: current.indexOfSection(section)!), after: nil))
        }
        for item in difference.deletedItems where newSections.contains(current.sectionIdentifiers[old.place[item]!.section]) {
            updates.append(UICollectionViewUpdateItem(.delete, before: old.place[item], after: nil))
        }
        for item in difference.insertedItems where oldSections.contains(snapshot.sectionIdentifiers[new.place[item]!.section]) {
            updates.append(UICollectionViewUpdateItem(.insert, before: nil, after: new.place[item]))
        }
        for item in difference.movedItems {
            updates.append(UICollectionViewUpdateItem(.move, before: old.place[item], after: new.place[item]))
        }
        for item in difference.reloadedItems {
            updates.append(UICollectionViewUpdateItem(.reload, before: old.place[item], after: new.place[item]))
        }

        current = snapshot
        identities = newIdentities
        lastDifference = difference
        // An outline whose section now shows other items no longer describes it.
        for (section, outline) in sectionSnapshots where snapshot.indexOfSection(section) == nil
            || outline.visibleItems != snapshot.itemIdentifiers(inSection: section) {
            sectionSnapshots[section] = nil
        }
        collectionView.applyIdentities(sections, nextIdentifier: fresh, updates: updates, animated: animatingDifferences,
                                       completion: completion.map { done in { _ in done() } })
        reconfigure(difference.reconfiguredItems, in: collectionView)
    }

    /// Where every item of a snapshot is: its index path and its index in the whole snapshot.
    struct Places {
        var place: [ItemIdentifierType: IndexPath] = [:]
        var flat: [ItemIdentifierType: Int] = [:]
        var order: [ItemIdentifierType] = []

        init(_ snapshot: Snapshot) {
            order = snapshot.itemIdentifiers
            place.reserveCapacity(order.count)
            flat.reserveCapacity(order.count)
            var index = 0
            for section in 0..<snapshot.numberOfSections {
                for (item, identifier) in snapshot.items(inSectionAt: section).enumerated() {
                    place[identifier] = IndexPath(item: item, section: section)
                    flat[identifier] = index
                    index += 1
                }
            }
        }
    }

    /// Shows `snapshot` by reloading the collection view's data: no animation, every cell anew.
    public func applySnapshotUsingReloadData(_ snapshot: Snapshot, completion: (() -> Void)? = nil) {
        current = snapshot
        identities = [:]
        lastDifference = Difference()
        collectionView?.reloadData()
        if let collectionView {
            // The identities the collection view gave the items when it read them again.
            for (section, _) in snapshot.sectionIdentifiers.enumerated() {
                for (item, identifier) in snapshot.items(inSectionAt: section).enumerated() {
                    if let identity = collectionView.itemIdentifier(at: IndexPath(item: item, section: section)) {
                        identities[identifier] = identity
                    }
                }
            }
        }
        completion?()
    }

    /// The items of the longest run of common items (in the same section) that keeps its order
    /// stay; every other common item moved, and so did every item that changed section.
    /// Longest increasing subsequence, O(n log n). In the new snapshot's order.
    static func movedItems(from old: Places, to new: Places, oldSections: [SectionIdentifierType], newSections: [SectionIdentifierType],
                           keeping sections: Set<SectionIdentifierType>) -> [ItemIdentifierType] {
        var moved: [ItemIdentifierType] = []
        var common: [ItemIdentifierType] = []
        for identifier in old.order {
            guard let from = old.place[identifier], sections.contains(oldSections[from.section]),
                  let to = new.place[identifier] else { continue }
            if oldSections[from.section] != newSections[to.section] { moved.append(identifier) } else { common.append(identifier) }
        }
        // Each common item's place in the new snapshot, in old order; the longest increasing run stays.
        let places = common.map { new.flat[$0]! }
        var tails: [Int] = [], tailIndex: [Int] = [], previous = [Int](repeating: -1, count: places.count)
        for (index, place) in places.enumerated() {
            var low = 0, high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if tails[middle] < place { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[index] = tailIndex[low - 1] }
            if low == tails.count {
                tails.append(place)
                tailIndex.append(index)
            } else {
                tails[low] = place
                tailIndex[low] = index
            }
        }
        var stays = Set<Int>()
        var index = tailIndex.last ?? -1
        while index >= 0 {
            stays.insert(index)
            index = previous[index]
        }
        for (index, identifier) in common.enumerated() where !stays.contains(index) { moved.append(identifier) }
        return moved.sorted { new.flat[$0]! < new.flat[$1]! }
    }

    /// Asks the cell provider again for reconfigured items on screen, handing it their own cells.
    private func reconfigure(_ items: [ItemIdentifierType], in collectionView: UICollectionView) {
        for identifier in items {
            guard let indexPath = current.indexPath(of: identifier), let cell = collectionView.cellForItem(at: indexPath) else { continue }
            collectionView.reconfiguringCell = cell
            let configured = cellProvider(collectionView, indexPath, identifier)
            collectionView.reconfiguringCell = nil
            if configured !== cell {
                UIKitCompatibility.notHonoured("NSDiffableDataSourceSnapshot.reconfigureItems(_:)",
                                               "the cell provider dequeued another kind of cell for a reconfigured item; its cell was kept")
            }
        }
    }

    // MARK: Looking up

    public func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? {
        guard indexPath.count == 2, indexPath.section >= 0, indexPath.section < current.numberOfSections else { return nil }
        let items = current.items(inSectionAt: indexPath.section)
        return indexPath.item >= 0 && indexPath.item < items.count ? items[indexPath.item] : nil
    }

    public func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? { current.indexPath(of: itemIdentifier) }

    public func sectionIdentifier(for index: Int) -> SectionIdentifierType? {
        index >= 0 && index < current.numberOfSections ? current.sectionIdentifiers[index] : nil
    }

    public func index(for sectionIdentifier: SectionIdentifierType) -> Int? { current.indexOfSection(sectionIdentifier) }

    // MARK: UICollectionViewDataSource

    open func numberOfSections(in collectionView: UICollectionView) -> Int { current.numberOfSections }

    open func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        section >= 0 && section < current.numberOfSections ? current.items(inSectionAt: section).count : 0
    }

    open func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        guard let item = itemIdentifier(for: indexPath) else { return collectionView.plainCell(for: indexPath) }
        guard let cell = cellProvider(collectionView, indexPath, item) else {
            preconditionFailure("UICollectionViewDiffableDataSource: the cell provider returned nil for item \(item) at \(indexPath); "
                                + "it must return a dequeued cell (UIKit raises here too)")
        }
        cell.isOutlineExpanded = isOutlineExpanded(at: indexPath)
        return cell
    }

    /// Only with `reorderingHandlers.canReorderItem` saying yes, as in UIKit.
    open func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool {
        guard let item = itemIdentifier(for: indexPath), let canReorder = reorderingHandlers.canReorderItem else { return false }
        return canReorder(item)
    }

    /// A reordering by the user: the data source's snapshot follows it, and `willReorder` and
    /// `didReorder` hear it as a transaction.
    open func collectionView(_ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath,
                             to destinationIndexPath: IndexPath) {
        guard let item = itemIdentifier(for: sourceIndexPath), sourceIndexPath != destinationIndexPath else { return }
        let initial = current
        var sections = initial.sectionIdentifiers.map { initial.itemIdentifiers(inSection: $0) }
        sections[sourceIndexPath.section].remove(at: sourceIndexPath.item)
        sections[destinationIndexPath.section].insert(item, at: min(destinationIndexPath.item, sections[destinationIndexPath.section].count))
        var final = Snapshot()
        final.appendSections(initial.sectionIdentifiers)
        for (section, items) in zip(initial.sectionIdentifiers, sections) { final.appendItems(items, toSection: section) }
        let touched = [sourceIndexPath.section, destinationIndexPath.section].map { initial.sectionIdentifiers[$0] }
        var sectionTransactions: [NSDiffableDataSourceSectionTransaction<SectionIdentifierType, ItemIdentifierType>] = []
        for section in touched where !sectionTransactions.contains(where: { $0.sectionIdentifier == section }) {
            var before = NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>(), after = before
            before.append(initial.itemIdentifiers(inSection: section))
            after.append(final.itemIdentifiers(inSection: section))
            sectionTransactions.append(.init(sectionIdentifier: section, initialSnapshot: before, finalSnapshot: after,
                                             difference: after.items.difference(from: before.items)))
        }
        let transaction = NSDiffableDataSourceTransaction(initialSnapshot: initial, finalSnapshot: final,
                                                          difference: final.itemIdentifiers.difference(from: initial.itemIdentifiers),
                                                          sectionTransactions: sectionTransactions)
        reorderingHandlers.willReorder?(transaction)
        current = final
        for section in touched { sectionSnapshots[section] = nil }
        reorderingHandlers.didReorder?(transaction)
    }

    open func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
                             at indexPath: IndexPath) -> UICollectionReusableView {
        supplementaryViewProvider?(collectionView, kind, indexPath) ?? collectionView.plainSupplementaryView(ofKind: kind, for: indexPath)
    }
}
