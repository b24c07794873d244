import Foundation

/// The state of a collection view's data: its sections and, in each, its items, all by
/// identifier, as UIKit's `NSDiffableDataSourceSnapshot`. A value: change a copy, then
/// `apply(_:animatingDifferences:)` it to a `UICollectionViewDiffableDataSource`.
///
/// Identifiers are unique across the snapshot: appending one that is already there is a
/// programming error, as UIKit's assertion ("Fatal: supplied item identifiers are not unique")
/// makes it; so is naming an identifier the snapshot does not hold.
public struct NSDiffableDataSourceSnapshot<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>: Sendable {
    private var sections: [SectionIdentifierType] = []
    private var items: [[ItemIdentifierType]] = []
    /// The section index of each item: looked up, never iterated.
    private var sectionOfItem: [ItemIdentifierType: Int] = [:]
    public private(set) var reloadedSectionIdentifiers: [SectionIdentifierType] = []
    public private(set) var reloadedItemIdentifiers: [ItemIdentifierType] = []
    public private(set) var reconfiguredItemIdentifiers: [ItemIdentifierType] = []

    public init() {}

    // MARK: What it holds

    public var numberOfItems: Int { sectionOfItem.count }
    public var numberOfSections: Int { sections.count }
    public var sectionIdentifiers: [SectionIdentifierType] { sections }
    /// Every item, section by section.
    public var itemIdentifiers: [ItemIdentifierType] { items.flatMap { $0 } }

    public func numberOfItems(inSection identifier: SectionIdentifierType) -> Int {
        items[section(identifier, "numberOfItems(inSection:)")].count
    }

    public func itemIdentifiers(inSection identifier: SectionIdentifierType) -> [ItemIdentifierType] {
        items[section(identifier, "itemIdentifiers(inSection:)")]
    }

    public func sectionIdentifier(containingItem identifier: ItemIdentifierType) -> SectionIdentifierType? {
        sectionOfItem[identifier].map { sections[$0] }
    }

    /// The item's index in the whole snapshot (counting the sections before it), as UIKit's.
    public func indexOfItem(_ identifier: ItemIdentifierType) -> Int? {
        guard let section = sectionOfItem[identifier], let item = items[section].firstIndex(of: identifier) else { return nil }
        return items[..<section].reduce(0) { $0 + $1.count } + item
    }

    public func indexOfSection(_ identifier: SectionIdentifierType) -> Int? { sections.firstIndex(of: identifier) }

    /// Where an item is: its section index and index within it.
    func indexPath(of identifier: ItemIdentifierType) -> IndexPath? {
        guard let section = sectionOfItem[identifier], let item = items[section].firstIndex(of: identifier) else { return nil }
        return IndexPath(item: item, section: section)
    }

    /// The items of section `index`.
    func items(inSectionAt index: Int) -> [ItemIdentifierType] { items[index] }

    // MARK: Items

    /// Appends items to `section`, or to the last section (there must be one).
    public mutating func appendItems(_ identifiers: [ItemIdentifierType], toSection identifier: SectionIdentifierType? = nil) {
        let index: Int
        if let identifier {
            index = section(identifier, "appendItems(_:toSection:)")
        } else {
            precondition(!sections.isEmpty, "appendItems(_:toSection:): there are no sections to append to; appendSections first")
            index = sections.count - 1
        }
        requireNew(identifiers, "appendItems(_:toSection:)")
        items[index].append(contentsOf: identifiers)
        for item in identifiers { sectionOfItem[item] = index }
    }

    public mutating func insertItems(_ identifiers: [ItemIdentifierType], beforeItem before: ItemIdentifierType) {
        insert(identifiers, at: place(of: before, "insertItems(_:beforeItem:)"), offset: 0)
    }

    public mutating func insertItems(_ identifiers: [ItemIdentifierType], afterItem after: ItemIdentifierType) {
        insert(identifiers, at: place(of: after, "insertItems(_:afterItem:)"), offset: 1)
    }

    public mutating func deleteItems(_ identifiers: [ItemIdentifierType]) {
        let doomed = Set(identifiers)
        var touched = Set<Int>()
        for item in identifiers {
            guard let section = sectionOfItem.removeValue(forKey: item) else { continue }
            touched.insert(section)
        }
        for section in touched { items[section].removeAll { doomed.contains($0) } }
        forget(doomed)
    }

    public mutating func deleteAllItems() {
        sections = []
        items = []
        sectionOfItem = [:]
        reloadedSectionIdentifiers = []
        reloadedItemIdentifiers = []
        reconfiguredItemIdentifiers = []
    }

    public mutating func moveItem(_ identifier: ItemIdentifierType, beforeItem before: ItemIdentifierType) {
        move(identifier, next: before, offset: 0, "moveItem(_:beforeItem:)")
    }

    public mutating func moveItem(_ identifier: ItemIdentifierType, afterItem after: ItemIdentifierType) {
        move(identifier, next: after, offset: 1, "moveItem(_:afterItem:)")
    }

    /// The items get new cells: the cell provider is asked again, for a cell dequeued afresh.
    public mutating func reloadItems(_ identifiers: [ItemIdentifierType]) {
        for item in identifiers { _ = place(of: item, "reloadItems(_:)") }
        for item in identifiers where !reloadedItemIdentifiers.contains(item) { reloadedItemIdentifiers.append(item) }
    }

    /// The items keep their cells, which the cell provider configures again (iOS 15).
    public mutating func reconfigureItems(_ identifiers: [ItemIdentifierType]) {
        for item in identifiers { _ = place(of: item, "reconfigureItems(_:)") }
        for item in identifiers where !reconfiguredItemIdentifiers.contains(item) { reconfiguredItemIdentifiers.append(item) }
    }

    // MARK: Sections

    public mutating func appendSections(_ identifiers: [SectionIdentifierType]) {
        requireNewSections(identifiers, "appendSections(_:)")
        sections.append(contentsOf: identifiers)
        items.append(contentsOf: identifiers.map { _ in [] })
    }

    public mutating func insertSections(_ identifiers: [SectionIdentifierType], beforeSection before: SectionIdentifierType) {
        insertSections(identifiers, at: section(before, "insertSections(_:beforeSection:)"))
    }

    public mutating func insertSections(_ identifiers: [SectionIdentifierType], afterSection after: SectionIdentifierType) {
        insertSections(identifiers, at: section(after, "insertSections(_:afterSection:)") + 1)
    }

    /// Deletes the sections and their items.
    public mutating func deleteSections(_ identifiers: [SectionIdentifierType]) {
        let doomed = Set(identifiers)
        var gone = Set<ItemIdentifierType>()
        for index in sections.indices.reversed() where doomed.contains(sections[index]) {
            gone.formUnion(items[index])
            sections.remove(at: index)
            items.remove(at: index)
        }
        reloadedSectionIdentifiers.removeAll { doomed.contains($0) }
        forget(gone)
        reindex()
    }

    public mutating func moveSection(_ identifier: SectionIdentifierType, beforeSection before: SectionIdentifierType) {
        moveSection(identifier, next: before, offset: 0, "moveSection(_:beforeSection:)")
    }

    public mutating func moveSection(_ identifier: SectionIdentifierType, afterSection after: SectionIdentifierType) {
        moveSection(identifier, next: after, offset: 1, "moveSection(_:afterSection:)")
    }

    public mutating func reloadSections(_ identifiers: [SectionIdentifierType]) {
        for identifier in identifiers { _ = section(identifier, "reloadSections(_:)") }
        for section in identifiers where !reloadedSectionIdentifiers.contains(section) { reloadedSectionIdentifiers.append(section) }
    }

    /// Same as `reloadSections` for sections (iOS 15 reconfigures their supplementary views).
    public mutating func reconfigureSections(_ identifiers: [SectionIdentifierType]) { reloadSections(identifiers) }

    // MARK: Helpers

    private func section(_ identifier: SectionIdentifierType, _ call: String) -> Int {
        guard let index = sections.firstIndex(of: identifier) else {
            preconditionFailure("\(call): the snapshot has no section \(identifier) (UIKit raises here too)")
        }
        return index
    }

    private func place(of identifier: ItemIdentifierType, _ call: String) -> IndexPath {
        guard let place = indexPath(of: identifier) else {
            preconditionFailure("\(call): the snapshot has no item \(identifier) (UIKit raises here too)")
        }
        return place
    }

    private func requireNew(_ identifiers: [ItemIdentifierType], _ call: String) {
        var seen = Set<ItemIdentifierType>()
        for item in identifiers {
            precondition(sectionOfItem[item] == nil && seen.insert(item).inserted,
                         "\(call): item \(item) is already in the snapshot; item identifiers must be unique (UIKit raises here too)")
        }
    }

    private func requireNewSections(_ identifiers: [SectionIdentifierType], _ call: String) {
        var seen = Set<SectionIdentifierType>()
        for section in identifiers {
            precondition(!sections.contains(section) && seen.insert(section).inserted,
                         "\(call): section \(section) is already in the snapshot; section identifiers must be unique (UIKit raises here too)")
        }
    }

    private mutating func insert(_ identifiers: [ItemIdentifierType], at place: IndexPath, offset: Int) {
        requireNew(identifiers, "insertItems")
        items[place.section].insert(contentsOf: identifiers, at: place.item + offset)
        for item in identifiers { sectionOfItem[item] = place.section }
    }

    private mutating func move(_ identifier: ItemIdentifierType, next other: ItemIdentifierType, offset: Int, _ call: String) {
        let from = place(of: identifier, call)
        guard identifier != other else { return }
        items[from.section].remove(at: from.item)
        let to = place(of: other, call)
        items[to.section].insert(identifier, at: to.item + offset)
        sectionOfItem[identifier] = to.section
    }

    private mutating func insertSections(_ identifiers: [SectionIdentifierType], at index: Int) {
        requireNewSections(identifiers, "insertSections")
        sections.insert(contentsOf: identifiers, at: index)
        items.insert(contentsOf: identifiers.map { _ in [] }, at: index)
        reindex()
    }

    private mutating func moveSection(_ identifier: SectionIdentifierType, next other: SectionIdentifierType, offset: Int, _ call: String) {
        let from = section(identifier, call)
        guard identifier != other else { return }
        let moved = items.remove(at: from)
        sections.remove(at: from)
        let to = section(other, call) + offset
        sections.insert(identifier, at: to)
        items.insert(moved, at: to)
        reindex()
    }

    private mutating func forget(_ gone: Set<ItemIdentifierType>) {
        guard !gone.isEmpty else { return }
        for item in gone { sectionOfItem[item] = nil }
        reloadedItemIdentifiers.removeAll { gone.contains($0) }
        reconfiguredItemIdentifiers.removeAll { gone.contains($0) }
    }

    private mutating func reindex() {
        sectionOfItem.removeAll(keepingCapacity: true)
        for (section, members) in items.enumerated() {
            for item in members { sectionOfItem[item] = section }
        }
    }
}
