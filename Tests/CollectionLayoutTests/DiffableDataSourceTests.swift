import Foundation
import Testing
@testable import CollectionLayout
import Vocabulary

/// Snapshots, diffable data sources and registrations, as iOS 13/14 code uses them.
@MainActor @Suite struct DiffableDataSourceTests {
    typealias Snapshot = NSDiffableDataSourceSnapshot<String, Int>

    // MARK: Snapshots

    @Test func aSnapshotHoldsSectionsAndItemsByIdentifier() {
        var snapshot = Snapshot()
        snapshot.appendSections(["a", "b"])
        snapshot.appendItems([1, 2, 3], toSection: "a")
        snapshot.appendItems([10, 11])                               // the last section
        #expect(snapshot.numberOfSections == 2 && snapshot.numberOfItems == 5)
        #expect(snapshot.itemIdentifiers(inSection: "b") == [10, 11])
        #expect(snapshot.indexOfItem(10) == 3 && snapshot.indexOfSection("b") == 1)
        #expect(snapshot.sectionIdentifier(containingItem: 2) == "a")

        snapshot.insertItems([4], beforeItem: 1)
        snapshot.insertItems([5], afterItem: 3)
        #expect(snapshot.itemIdentifiers(inSection: "a") == [4, 1, 2, 3, 5])
        snapshot.moveItem(4, afterItem: 11)
        snapshot.moveItem(2, beforeItem: 1)
        #expect(snapshot.itemIdentifiers == [2, 1, 3, 5, 10, 11, 4])
        snapshot.deleteItems([3, 10])
        #expect(snapshot.itemIdentifiers == [2, 1, 5, 11, 4])
        #expect(snapshot.sectionIdentifier(containingItem: 3) == nil)

        snapshot.insertSections(["z"], beforeSection: "a")
        snapshot.appendItems([20], toSection: "z")
        snapshot.moveSection("z", afterSection: "b")
        #expect(snapshot.sectionIdentifiers == ["a", "b", "z"])
        #expect(snapshot.sectionIdentifier(containingItem: 20) == "z")
        snapshot.reloadItems([1])
        snapshot.reconfigureItems([5, 5])
        #expect(snapshot.reloadedItemIdentifiers == [1] && snapshot.reconfiguredItemIdentifiers == [5])
        snapshot.deleteSections(["a"])
        #expect(snapshot.itemIdentifiers == [11, 4, 20])
        #expect(snapshot.reloadedItemIdentifiers.isEmpty, "a deleted item is no longer reloaded")
        snapshot.deleteAllItems()
        #expect(snapshot.numberOfSections == 0 && snapshot.numberOfItems == 0)
    }

    // MARK: Applying

    /// A one-column list of 50 pt rows, 390 pt wide; the log has each configuration ("item@row").
    /// The collection view holds its data source weakly, and the data source its collection view,
    /// as in UIKit: the test keeps both. `windowed` shows it in a window (the log keeps it), so
    /// that it has cells.
    private func list(windowed: Bool = false) -> (UICollectionView, UICollectionViewDiffableDataSource<String, Int>, Log) {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 390, height: 50)
        layout.minimumLineSpacing = 0
        let collectionView = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: layout)
        let log = Log()
        if windowed {
            let window = UIWindow(frame: collectionView.frame)
            window.addSubview(collectionView)
            window.makeKeyAndVisible()
            log.window = window
        }
        let registration = UICollectionView.CellRegistration<UICollectionViewCell, Int> { cell, indexPath, item in
            log.lines.append("\(item)@\(indexPath.item)")
            cell.tag = item
        }
        let dataSource = UICollectionViewDiffableDataSource<String, Int>(collectionView: collectionView) { view, indexPath, item in
            view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
        }
        return (collectionView, dataSource, log)
    }

    final class Log {
        var lines: [String] = []
        var window: UIWindow?
    }

    private func snapshot(_ items: [Int], section: String = "s") -> Snapshot {
        var snapshot = Snapshot()
        snapshot.appendSections([section])
        snapshot.appendItems(items)
        return snapshot
    }

    private func shown(_ collectionView: UICollectionView, _ item: Int) -> UICollectionViewLayoutAttributes? {
        collectionView.layoutAttributesForDisplayedElements().first { $0.indexPath == IndexPath(item: item, section: 0) }
    }

    @Test func theDataSourceAnswersFromItsSnapshotAndCellsComeFromTheRegistration() {
        let (collectionView, dataSource, log) = list(windowed: true)
        #expect(collectionView.dataSource === dataSource)
        dataSource.apply(snapshot([7, 8, 9]), animatingDifferences: false)
        collectionView.layoutIfNeeded()
        #expect(collectionView.numberOfItems(inSection: 0) == 3)
        #expect(collectionView.visibleCells.map(\.tag) == [7, 8, 9])
        #expect(log.lines == ["7@0", "8@1", "9@2"])
        #expect(dataSource.itemIdentifier(for: IndexPath(item: 1, section: 0)) == 8)
        #expect(dataSource.indexPath(for: 9) == IndexPath(item: 2, section: 0))
        #expect(dataSource.sectionIdentifier(for: 0) == "s" && dataSource.index(for: "s") == 0)
    }

    /// Fewest moves: n − (longest common subsequence of the items in both), by dynamic programming.
    private func referenceMoveCount(_ old: [Int], _ new: [Int]) -> Int {
        let newSet = Set(new), oldSet = Set(old)
        let a = old.filter(newSet.contains), b = new.filter(oldSet.contains)
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0..<a.count {
            for j in 0..<b.count {
                table[i + 1][j + 1] = a[i] == b[j] ? table[i][j] + 1 : max(table[i][j + 1], table[i + 1][j])
            }
        }
        return a.count - table[a.count][b.count]
    }

    @Test(arguments: 0..<6)
    func theDifferenceIsTheReferences(seed: Int) {
        var random = SplitMix64(seed: UInt64(100 + seed))
        let (collectionView, dataSource, _) = list()
        var old = Array(0..<40), fresh = 1000
        dataSource.apply(snapshot(old), animatingDifferences: false)
        collectionView.layoutIfNeeded()
        for _ in 0..<3 {
            var new = old.filter { _ in random.next() % 5 != 0 }                          // about a fifth deleted
            for _ in 0..<Int(random.next() % 4) { new.swapAt(Int(random.next() % UInt64(new.count)), Int(random.next() % UInt64(new.count))) }
            for _ in 0..<Int(random.next() % 6) {
                new.insert(fresh, at: Int(random.next() % UInt64(new.count + 1)))
                fresh += 1
            }
            dataSource.apply(snapshot(new))
            let difference = dataSource.lastDifference
            #expect(Set(difference.deletedItems) == Set(old).subtracting(new))
            #expect(Set(difference.insertedItems) == Set(new).subtracting(old))
            #expect(difference.movedItems.count == referenceMoveCount(old, new), "old \(old) new \(new)")
            #expect(Set(difference.movedItems).isSubset(of: Set(old).intersection(new)))
            // Keeping the items that did not move, in their old order, gives their new order.
            let moved = Set(difference.movedItems)
            #expect(old.filter { !moved.contains($0) && new.contains($0) } == new.filter { !moved.contains($0) && old.contains($0) })
            collectionView.advance(to: collectionView.currentTime + 1)
            old = new
        }
    }

    @Test func anItemThatChangesSectionMoves() {
        let (collectionView, dataSource, _) = list()
        defer { withExtendedLifetime(collectionView) {} }
        var first = Snapshot()
        first.appendSections(["a", "b"])
        first.appendItems([1, 2, 3], toSection: "a")
        first.appendItems([4], toSection: "b")
        dataSource.apply(first, animatingDifferences: false)
        var second = first
        second.moveItem(2, afterItem: 4)
        dataSource.apply(second)
        #expect(dataSource.lastDifference.movedItems == [2])
        #expect(dataSource.lastDifference.insertedItems.isEmpty && dataSource.lastDifference.deletedItems.isEmpty)
    }

    /// Half way through the animation every moved and shifted cell is half way from where it was
    /// to its new place, and an inserted one half faded in.
    @Test func halfWayThroughTheAnimationEveryCellIsHalfWay() {
        let (collectionView, dataSource, _) = list()
        dataSource.apply(snapshot(Array(0..<10)), animatingDifferences: false)
        collectionView.layoutIfNeeded()
        let before = Dictionary(uniqueKeysWithValues: (0..<10).map { ($0, shown(collectionView, $0)!.center) })
        // 9 moves to the top, 4 is deleted, 50 is inserted after 2.
        dataSource.apply(snapshot([9, 0, 1, 2, 50, 3, 5, 6, 7, 8]))
        #expect(dataSource.lastDifference.movedItems == [9])
        let duration = collectionView.moveAnimationDuration
        collectionView.advance(to: collectionView.currentTime + duration / 2)
        let now = dataSource.snapshot().itemIdentifiers
        for (index, item) in now.enumerated() {
            let final = CGPoint(x: 195, y: 25 + 50 * Double(index))
            let attributes = shown(collectionView, index)!
            if let start = before[item] {
                #expect(abs(attributes.center.y - (start.y + final.y) / 2) < 1e-9, "item \(item)")
            } else {
                #expect(attributes.center == final && abs(attributes.alpha - 0.5) < 1e-9, "inserted item \(item)")
            }
        }
        collectionView.advance(to: collectionView.currentTime + duration)
        for index in now.indices { #expect(abs(Double(shown(collectionView, index)!.center.y) - (25 + 50 * Double(index))) < 1e-9) }
    }

    @Test func itemsThatStayKeepTheirSelection() {
        let (collectionView, dataSource, _) = list()
        collectionView.allowsMultipleSelection = true
        dataSource.apply(snapshot([1, 2, 3, 4]), animatingDifferences: false)
        collectionView.selectItem(at: IndexPath(item: 2, section: 0), animated: false, scrollPosition: [])
        collectionView.selectItem(at: IndexPath(item: 0, section: 0), animated: false, scrollPosition: [])
        dataSource.apply(snapshot([0, 3, 2, 4]), animatingDifferences: false)
        #expect(collectionView.indexPathsForSelectedItems?.map(\.item).sorted() == [1], "3 kept its selection; 1 is gone")
    }

    @Test func reconfiguringKeepsTheCellAndReloadingReplacesIt() {
        let (collectionView, dataSource, log) = list(windowed: true)
        dataSource.apply(snapshot([1, 2]), animatingDifferences: false)
        collectionView.layoutIfNeeded()
        let first = collectionView.cellForItem(at: IndexPath(item: 0, section: 0))
        log.lines = []
        var again = dataSource.snapshot()
        again.reconfigureItems([1])
        dataSource.apply(again)
        collectionView.layoutIfNeeded()
        #expect(collectionView.cellForItem(at: IndexPath(item: 0, section: 0)) === first)
        #expect(log.lines == ["1@0"], "the handler configured the same cell again")
        var reloaded = dataSource.snapshot()
        reloaded.reloadItems([1])
        dataSource.apply(reloaded)
        collectionView.layoutIfNeeded()
        #expect(dataSource.lastDifference.reloadedItems == [1])
        #expect(log.lines == ["1@0", "1@0"])
    }

    @Test func aSupplementaryRegistrationConfiguresItsView() {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 100, height: 100)
        layout.headerReferenceSize = CGSize(width: 390, height: 40)
        let collectionView = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: layout)
        let window = UIWindow(frame: collectionView.frame)
        window.addSubview(collectionView)
        window.makeKeyAndVisible()
        let cells = UICollectionView.CellRegistration<UICollectionViewCell, Int> { _, _, _ in }
        let headers = UICollectionView.SupplementaryRegistration<UICollectionReusableView>(elementKind: UICollectionView.elementKindSectionHeader) {
            view, kind, indexPath in view.tag = 500 + indexPath.section
        }
        let dataSource = UICollectionViewDiffableDataSource<String, Int>(collectionView: collectionView) { view, indexPath, item in
            view.dequeueConfiguredReusableCell(using: cells, for: indexPath, item: item)
        }
        dataSource.supplementaryViewProvider = { view, kind, indexPath in
            view.dequeueConfiguredReusableSupplementary(using: headers, for: indexPath)
        }
        var snapshot = Snapshot()
        snapshot.appendSections(["a", "b"])
        snapshot.appendItems([1], toSection: "a")
        snapshot.appendItems([2], toSection: "b")
        dataSource.apply(snapshot, animatingDifferences: false)
        collectionView.layoutIfNeeded()
        let tags = collectionView.visibleSupplementaryViews(ofKind: UICollectionView.elementKindSectionHeader).map(\.tag).sorted()
        #expect(tags == [500, 501])
        withExtendedLifetime(window) {}
    }
}

/// Outlines: section snapshots with parents, expanded and collapsed.
@MainActor @Suite struct SectionSnapshotTests {
    typealias Outline = NSDiffableDataSourceSectionSnapshot<String>

    private func animals() -> Outline {
        var outline = Outline()
        outline.append(["mammals", "birds"])
        outline.append(["cat", "dog"], to: "mammals")
        outline.append(["kitten"], to: "cat")
        outline.append(["owl"], to: "birds")
        return outline
    }

    @Test func anOutlineShowsTheChildrenOfExpandedParents() {
        var outline = animals()
        #expect(outline.items == ["mammals", "cat", "kitten", "dog", "birds", "owl"])
        #expect(outline.visibleItems == ["mammals", "birds"])
        outline.expand(["mammals"])
        #expect(outline.visibleItems == ["mammals", "cat", "dog", "birds"])
        outline.expand(["cat"])
        #expect(outline.visibleItems == ["mammals", "cat", "kitten", "dog", "birds"])
        #expect(outline.level(of: "kitten") == 2 && outline.parent(of: "kitten") == "cat")
        #expect(outline.isVisible("kitten") && !outline.isVisible("owl"))
        outline.collapse(["mammals"])
        #expect(outline.visibleItems == ["mammals", "birds"])
        #expect(outline.isExpanded("cat"), "a collapsed parent's children keep their own state")
        #expect(outline.visualDescription() == "+ mammals\n  - cat\n      kitten\n    dog\n+ birds\n    owl")

        outline.insert(["bat"], after: "cat")
        outline.insert(["fish"], before: "birds")
        #expect(outline.rootItems == ["mammals", "fish", "birds"])
        #expect(outline.snapshot(of: "mammals").rootItems == ["cat", "bat", "dog"])
        #expect(outline.snapshot(of: "mammals", includingParent: true).items == ["mammals", "cat", "kitten", "bat", "dog"])
        outline.delete(["cat"])
        #expect(outline.items == ["mammals", "bat", "dog", "fish", "birds", "owl"])
        #expect(!outline.contains("kitten"), "a deleted parent takes its children")
        var replacement = Outline()
        replacement.append(["whale"])
        outline.replace(childrenOf: "mammals", using: replacement)
        #expect(outline.snapshot(of: "mammals").items == ["whale"])
    }

    @Test func expandingAnItemInsertsItsChildrenWithAnimation() {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 390, height: 44)
        layout.minimumLineSpacing = 0
        let collectionView = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: layout)
        let registration = UICollectionView.CellRegistration<UICollectionViewCell, String> { _, _, _ in }
        let dataSource = UICollectionViewDiffableDataSource<Int, String>(collectionView: collectionView) { view, indexPath, item in
            view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
        }
        var outline = animals()
        dataSource.apply(outline, to: 0, animatingDifferences: false)
        #expect(dataSource.snapshot().itemIdentifiers == ["mammals", "birds"])
        outline.expand(["mammals"])
        dataSource.apply(outline, to: 0)
        #expect(dataSource.lastDifference.insertedItems == ["cat", "dog"])
        #expect(dataSource.lastDifference.movedItems.isEmpty && dataSource.lastDifference.deletedItems.isEmpty)
        #expect(dataSource.snapshot().itemIdentifiers == ["mammals", "cat", "dog", "birds"])
        #expect(dataSource.snapshot(for: 0).isExpanded("mammals"))
        // "birds" slides from the second row to the fourth.
        collectionView.advance(to: collectionView.moveAnimationDuration / 2)
        let birds = collectionView.layoutAttributesForDisplayedElements().first { $0.indexPath.item == 3 }
        #expect(birds.map { abs(Double($0.center.y) - (66 + 154) / 2) < 1e-9 } == true)
    }
}
