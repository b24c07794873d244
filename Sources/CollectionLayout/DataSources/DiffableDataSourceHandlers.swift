import Vocabulary
import Foundation

/// What a diffable data source asks and tells while outline items expand and collapse (iOS 14):
/// through the outline disclosure accessory, or `expand`/`collapse` on a section snapshot applied again.
public struct NSDiffableDataSourceSectionSnapshotHandlers<ItemIdentifierType: Hashable & Sendable> {
    public var shouldExpandItem: ((ItemIdentifierType) -> Bool)?
    public var willExpandItem: ((ItemIdentifierType) -> Void)?
    public var shouldCollapseItem: ((ItemIdentifierType) -> Bool)?
    public var willCollapseItem: ((ItemIdentifierType) -> Void)?
    /// The children to show under a parent being expanded (loaded lazily, say).
    public var snapshotForExpandingParent: ((ItemIdentifierType, NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>)
        -> NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>)?

    public init() {}
}

/// What a diffable data source asks and tells when the user reorders items (iOS 14). Items can
/// be moved only when `canReorderItem` is set and says yes, as in UIKit.
public struct NSDiffableDataSourceReorderingHandlers<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable> {
    public var canReorderItem: ((ItemIdentifierType) -> Bool)?
    public var willReorder: ((NSDiffableDataSourceTransaction<SectionIdentifierType, ItemIdentifierType>) -> Void)?
    public var didReorder: ((NSDiffableDataSourceTransaction<SectionIdentifierType, ItemIdentifierType>) -> Void)?

    public init() {}
}

/// One reordering: the data before and after, and the difference between them.
public struct NSDiffableDataSourceTransaction<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable> {
    public let initialSnapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
    public let finalSnapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
    /// The change of the whole item order (removal and insertion of the moved item).
    public let difference: CollectionDifference<ItemIdentifierType>
    public let sectionTransactions: [NSDiffableDataSourceSectionTransaction<SectionIdentifierType, ItemIdentifierType>]
}

/// A reordering as one section sees it.
public struct NSDiffableDataSourceSectionTransaction<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable> {
    public let sectionIdentifier: SectionIdentifierType
    public let initialSnapshot: NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>
    public let finalSnapshot: NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>
    public let difference: CollectionDifference<ItemIdentifierType>
}

extension UICollectionViewDiffableDataSource: OutlineExpanding {
    /// Expands or collapses the outline item at `indexPath`, asking `sectionSnapshotHandlers`
    /// first, animated (the outline disclosure accessory's action).
    func toggleExpansion(at indexPath: IndexPath) {
        guard let item = itemIdentifier(for: indexPath), let section = sectionIdentifier(for: indexPath.section) else { return }
        var outline = snapshot(for: section)
        guard outline.contains(item) else { return }
        if outline.isExpanded(item) {
            guard sectionSnapshotHandlers.shouldCollapseItem?(item) ?? true else { return }
            sectionSnapshotHandlers.willCollapseItem?(item)
            outline.collapse([item])
        } else {
            guard sectionSnapshotHandlers.shouldExpandItem?(item) ?? true else { return }
            sectionSnapshotHandlers.willExpandItem?(item)
            if let children = sectionSnapshotHandlers.snapshotForExpandingParent {
                let current = outline.snapshot(of: item, includingParent: false)
                let replacement = children(item, current)
                if replacement.items != current.items {
                    outline.delete(current.items)
                    outline.append(replacement.items, to: item)
                }
            }
            outline.expand([item])
        }
        apply(outline, to: section, animatingDifferences: true)
    }

    /// Marks the shown cells of outline parents expanded or not (their configuration state).
    func refreshOutlineStates() {
        guard let collectionView else { return }
        for cell in collectionView.visibleCells {
            guard let indexPath = collectionView.indexPath(for: cell) else { continue }
            cell.isOutlineExpanded = isOutlineExpanded(at: indexPath)
        }
    }

    func isOutlineExpanded(at indexPath: IndexPath) -> Bool {
        guard let item = itemIdentifier(for: indexPath), let section = sectionIdentifier(for: indexPath.section),
              let outline = sectionSnapshots[section] else { return false }
        return outline.isExpanded(item)
    }
}
