import Foundation

/// One section's items as an outline, as UIKit's `NSDiffableDataSourceSectionSnapshot` (iOS 14):
/// items with children, each parent expanded or collapsed. The section shows its visible items:
/// the root items and the children of expanded parents, depth first.
public struct NSDiffableDataSourceSectionSnapshot<ItemIdentifierType: Hashable & Sendable>: Sendable {
    public typealias Item = ItemIdentifierType

    private var roots: [Item] = []
    private var childrenOf: [Item: [Item]] = [:]
    private var parentOf: [Item: Item] = [:]
    private var expanded: Set<Item> = []
    private var members: Set<Item> = []

    public init() {}

    // MARK: Reading

    /// Every item, depth first.
    public var items: [Item] { flatten(roots, onlyVisible: false) }
    /// The items a section shows: roots, and the children of expanded parents, depth first.
    public var visibleItems: [Item] { flatten(roots, onlyVisible: true) }
    public var rootItems: [Item] { roots }

    public func contains(_ item: Item) -> Bool { members.contains(item) }
    public func isExpanded(_ item: Item) -> Bool { expanded.contains(item) }
    /// Whether every ancestor is expanded.
    public func isVisible(_ item: Item) -> Bool {
        guard members.contains(item) else { return false }
        var current = parentOf[item]
        while let parent = current {
            guard expanded.contains(parent) else { return false }
            current = parentOf[parent]
        }
        return true
    }
    public func parent(of item: Item) -> Item? { parentOf[item] }
    /// 0 for a root item.
    public func level(of item: Item) -> Int {
        var level = 0, current = parentOf[item]
        while let parent = current {
            level += 1
            current = parentOf[parent]
        }
        return level
    }
    /// The item's index among all items, depth first.
    public func index(of item: Item) -> Int? { items.firstIndex(of: item) }

    /// The subtree of `parent`: its descendants (and itself, when asked), with their expansion.
    public func snapshot(of parent: Item, includingParent: Bool = false) -> Self {
        var result = Self()
        if includingParent {
            result.append([parent])
            result.copySubtree(of: parent, from: self, under: parent)
        } else {
            result.append(childrenOf[parent] ?? [])
            for child in childrenOf[parent] ?? [] { result.copySubtree(of: child, from: self, under: child) }
        }
        return result
    }

    /// An outline as text, one item a line, indented by level, `+`/`-` for collapsed/expanded parents.
    public func visualDescription() -> String {
        items.map { item in
            let mark = (childrenOf[item]?.isEmpty ?? true) ? " " : expanded.contains(item) ? "-" : "+"
            return String(repeating: "  ", count: level(of: item)) + "\(mark) \(item)"
        }.joined(separator: "\n")
    }

    // MARK: Changing

    /// Appends items at the root or as the last children of `parent` (which must be there).
    public mutating func append(_ newItems: [Item], to parent: Item? = nil) {
        requireNew(newItems, "append(_:to:)")
        if let parent {
            precondition(members.contains(parent), "append(_:to:): the snapshot has no item \(parent) (UIKit raises here too)")
            childrenOf[parent, default: []].append(contentsOf: newItems)
            for item in newItems { parentOf[item] = parent }
        } else {
            roots.append(contentsOf: newItems)
        }
        members.formUnion(newItems)
    }

    public mutating func insert(_ newItems: [Item], before item: Item) { insert(newItems, next: item, offset: 0, "insert(_:before:)") }
    public mutating func insert(_ newItems: [Item], after item: Item) { insert(newItems, next: item, offset: 1, "insert(_:after:)") }

    /// Deletes items and their descendants.
    public mutating func delete(_ doomed: [Item]) {
        for item in doomed where members.contains(item) {
            for child in childrenOf[item] ?? [] { delete([child]) }
            childrenOf[item] = nil
            if let parent = parentOf.removeValue(forKey: item) {
                childrenOf[parent]?.removeAll { $0 == item }
            } else {
                roots.removeAll { $0 == item }
            }
            expanded.remove(item)
            members.remove(item)
        }
    }

    public mutating func deleteAll() { self = Self() }

    public mutating func expand(_ parents: [Item]) {
        for item in parents where members.contains(item) { expanded.insert(item) }
    }

    public mutating func collapse(_ parents: [Item]) {
        for item in parents { expanded.remove(item) }
    }

    /// Replaces `parent`'s children with `snapshot`'s items (its roots become the children).
    public mutating func replace(childrenOf parent: Item, using snapshot: Self) {
        precondition(members.contains(parent), "replace(childrenOf:using:): the snapshot has no item \(parent) (UIKit raises here too)")
        delete(childrenOf[parent] ?? [])
        append(snapshot.rootItems, to: parent)
        for root in snapshot.rootItems { copySubtree(of: root, from: snapshot, under: root) }
    }

    // MARK: Helpers

    private func flatten(_ items: [Item], onlyVisible: Bool) -> [Item] {
        var result: [Item] = []
        func visit(_ item: Item) {
            result.append(item)
            guard !onlyVisible || expanded.contains(item) else { return }
            for child in childrenOf[item] ?? [] { visit(child) }
        }
        for item in items { visit(item) }
        return result
    }

    /// Copies `item`'s children (recursively) and expansion from `other`, under `parent` here.
    private mutating func copySubtree(of item: Item, from other: Self, under parent: Item) {
        if other.expanded.contains(item) { expanded.insert(parent) }
        let children = other.childrenOf[item] ?? []
        guard !children.isEmpty else { return }
        append(children, to: parent)
        for child in children { copySubtree(of: child, from: other, under: child) }
    }

    private func requireNew(_ newItems: [Item], _ call: String) {
        var seen = Set<Item>()
        for item in newItems {
            precondition(!members.contains(item) && seen.insert(item).inserted,
                         "\(call): item \(item) is already in the snapshot; item identifiers must be unique (UIKit raises here too)")
        }
    }

    private mutating func insert(_ newItems: [Item], next item: Item, offset: Int, _ call: String) {
        precondition(members.contains(item), "\(call): the snapshot has no item \(item) (UIKit raises here too)")
        requireNew(newItems, call)
        if let parent = parentOf[item] {
            let index = childrenOf[parent]!.firstIndex(of: item)! + offset
            childrenOf[parent]!.insert(contentsOf: newItems, at: index)
            for new in newItems { parentOf[new] = parent }
        } else {
            roots.insert(contentsOf: newItems, at: roots.firstIndex(of: item)! + offset)
        }
        members.formUnion(newItems)
    }
}

extension UICollectionViewDiffableDataSource {
    /// Shows `sectionSnapshot` as `section`'s items (its visible items, depth first), adding the
    /// section at the end when it is not there yet; the rest of the data stays.
    public func apply(_ sectionSnapshot: NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>, to section: SectionIdentifierType,
                      animatingDifferences: Bool = true, completion: (() -> Void)? = nil) {
        var snapshot = self.snapshot()
        if snapshot.indexOfSection(section) == nil {
            snapshot.appendSections([section])
        } else {
            snapshot.deleteItems(snapshot.itemIdentifiers(inSection: section))
        }
        snapshot.appendItems(sectionSnapshot.visibleItems, toSection: section)
        sectionSnapshots[section] = sectionSnapshot
        apply(snapshot, animatingDifferences: animatingDifferences, completion: completion)
        refreshOutlineStates()
    }

    /// The outline last applied to `section`, or its items as root items.
    public func snapshot(for section: SectionIdentifierType) -> NSDiffableDataSourceSectionSnapshot<ItemIdentifierType> {
        if let outline = sectionSnapshots[section] { return outline }
        var outline = NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>()
        if snapshot().indexOfSection(section) != nil { outline.append(snapshot().itemIdentifiers(inSection: section)) }
        return outline
    }
}
