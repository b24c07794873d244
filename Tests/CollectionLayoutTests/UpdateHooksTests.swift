import Foundation
import Testing
@testable import CollectionLayout
import Vocabulary

/// What a layout hears around batch updates and layout transitions, and how inserted items come in.
@MainActor @Suite struct UpdateHooksTests {
    final class Listening: UICollectionViewFlowLayout {
        var log: [String] = []
        /// When set, inserted items come in from this far above their place.
        var dropFrom: CGFloat?

        override func prepare(forCollectionViewUpdates updateItems: [UICollectionViewUpdateItem]) {
            super.prepare(forCollectionViewUpdates: updateItems)
            log += updateItems.map { item in
                let before = item.indexPathBeforeUpdate.map { "\($0.last ?? -1)" } ?? "-"
                let after = item.indexPathAfterUpdate.map { "\($0.last ?? -1)" } ?? "-"
                return "\(item.updateAction) \(before)→\(after)"
            }
        }
        override func finalizeCollectionViewUpdates() { log.append("finalize") }
        override func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
            guard let dropFrom, let attributes = layoutAttributesForItem(at: itemIndexPath)?.copied() else {
                return super.initialLayoutAttributesForAppearingItem(at: itemIndexPath)
            }
            attributes.center.y -= dropFrom
            return attributes
        }
        override func prepareForTransition(to newLayout: UICollectionViewLayout) { log.append("to") }
        override func prepareForTransition(from oldLayout: UICollectionViewLayout) { log.append("from") }
        override func finalizeLayoutTransition() { log.append("finalize transition") }
    }

    private func list(_ layout: Listening, items: Int = 20) -> UICollectionView {
        layout.itemSize = CGSize(width: 390, height: 50)
        layout.minimumLineSpacing = 0
        let collectionView = makeCollectionView(layout, Model(items: items))
        _ = collectionView.contentSize                   // the counts are read at the first layout
        return collectionView
    }

    private func shown(_ collectionView: UICollectionView, _ item: Int) -> UICollectionViewLayoutAttributes? {
        collectionView.layoutAttributesForDisplayedElements().first { $0.indexPath == IndexPath(item: item, section: 0) }
    }

    @Test func theLayoutHearsTheBatchsUpdatesThenFinalizes() {
        let layout = Listening()
        let collectionView = list(layout)
        let model = (collectionView as? ModelCollectionView)?.model
        collectionView.performBatchUpdates {
            model?.sections[0].insert(100, at: 2)
            collectionView.insertItems(at: [IndexPath(item: 2, section: 0)])
            model?.sections[0].remove(at: 10)
            collectionView.deleteItems(at: [IndexPath(item: 10, section: 0)])
            collectionView.reloadItems(at: [IndexPath(item: 0, section: 0)])
        }
        #expect(layout.log == ["insert -→2", "delete 10→-", "reload 0→0", "finalize"])
    }

    @Test func anInsertedItemFadesInInItsPlaceByDefault() {
        let layout = Listening()
        let collectionView = list(layout)
        (collectionView as? ModelCollectionView)?.model?.sections[0].insert(100, at: 3)
        collectionView.insertItems(at: [IndexPath(item: 3, section: 0)])
        #expect(shown(collectionView, 3)?.alpha == 0)
        #expect(shown(collectionView, 3)?.center == CGPoint(x: 195, y: 175))
        collectionView.advance(to: 0.15)                 // half-way through ease-in-out
        #expect(abs((shown(collectionView, 3)?.alpha ?? 0) - 0.5) < 1e-9)
        collectionView.advance(to: 1)
        #expect(shown(collectionView, 3)?.alpha == 1)
        // The items after it slide down a row.
        #expect(shown(collectionView, 4)?.center == CGPoint(x: 195, y: 225))
    }

    @Test func aLayoutsInitialAttributesSetWhereAnInsertedItemComesFrom() {
        let layout = Listening()
        layout.dropFrom = 300
        let collectionView = list(layout)
        (collectionView as? ModelCollectionView)?.model?.sections[0].insert(100, at: 8)
        collectionView.insertItems(at: [IndexPath(item: 8, section: 0)])
        #expect(shown(collectionView, 8)?.center == CGPoint(x: 195, y: 425 - 300))
        collectionView.advance(to: 0.15)
        #expect(shown(collectionView, 8)?.center == CGPoint(x: 195, y: 425 - 150))
        collectionView.advance(to: 1)
        #expect(shown(collectionView, 8)?.center == CGPoint(x: 195, y: 425))
    }

    @Test func reloadingAnItemAsksTheDataSourceForANewCell() {
        final class Cells: UICollectionViewDataSource {
            var asked: [Int] = []
            func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 20 }
            func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
                asked.append(indexPath.item)
                return collectionView.dequeueReusableCell(withReuseIdentifier: UpdateHooksTests.cellIdentifier, for: indexPath)
            }
        }
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let layout = Listening()
        layout.itemSize = CGSize(width: 390, height: 50)
        let collectionView = UICollectionView(frame: window.bounds, collectionViewLayout: layout)
        collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: Self.cellIdentifier)
        let cells = Cells()
        collectionView.dataSource = cells
        window.addSubview(collectionView)
        window.layoutIfNeeded()
        #expect(cells.asked.count > 10)
        cells.asked = []
        collectionView.reloadItems(at: [IndexPath(item: 1, section: 0)])
        #expect(cells.asked == [1])                      // at once, as UIKit's batch updates do
        #expect(collectionView.cellForItem(at: IndexPath(item: 1, section: 0)) != nil)
    }

    nonisolated static let cellIdentifier = "cell"

    @Test func sectionsComeAndGoWithTheirItems() {
        let layout = Listening()
        let collectionView = list(layout, items: 4)
        let model = (collectionView as? ModelCollectionView)?.model
        model?.sections.insert([50, 51, 52], at: 0)
        collectionView.insertSections(IndexSet(integer: 0))
        #expect(collectionView.numberOfSections == 2)
        #expect(collectionView.numberOfItems(inSection: 0) == 3 && collectionView.numberOfItems(inSection: 1) == 4)
        model?.sections.remove(at: 1)
        collectionView.deleteSections(IndexSet(integer: 1))
        #expect(collectionView.numberOfSections == 1 && collectionView.numberOfItems(inSection: 0) == 3)
        #expect(layout.log.suffix(4) == ["insert -→0", "finalize", "delete 1→-", "finalize"])
    }

    @Test func anUpdateTheModelDoesNotMatchReloadsInsteadOfCrashing() {
        let layout = Listening()
        let collectionView = list(layout, items: 5)
        let model = (collectionView as? ModelCollectionView)?.model
        model?.sections[0].append(contentsOf: [5, 6])               // two added, one announced
        collectionView.insertItems(at: [IndexPath(item: 5, section: 0)])
        #expect(collectionView.numberOfItems(inSection: 0) == 7)
        #expect(!layout.log.contains("finalize"))
    }

    @Test func aLayoutTransitionTellsBothLayouts() {
        let old = Listening(), new = Listening()
        let collectionView = list(old)
        new.itemSize = CGSize(width: 100, height: 100)
        collectionView.setCollectionViewLayout(new, animated: true)
        #expect(old.log == ["to"] && new.log == ["from"])
        collectionView.advance(to: 1)
        #expect(old.log == ["to", "finalize transition"] && new.log == ["from", "finalize transition"])
    }

    /// A deleted cell goes to the layout's final attributes for it (asked with its index path
    /// before the delete), halfway at half the animation, then leaves.
    @Test func aDeletedCellLeavesAsTheLayoutSays() throws {
        final class Shrinking: UICollectionViewFlowLayout {
            var asked: [IndexPath] = []
            override func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
                asked.append(itemIndexPath)
                let attributes = super.finalLayoutAttributesForDisappearingItem(at: itemIndexPath)
                attributes?.transform = CGAffineTransform(scaleX: 0.2, y: 0.2)
                return attributes
            }
        }
        let layout = Shrinking()
        layout.itemSize = CGSize(width: 100, height: 100)
        let collectionView = makeCollectionView(layout, Model(items: 10))
        let window = UIWindow(frame: collectionView.frame)
        window.addSubview(collectionView)
        window.makeKeyAndVisible()
        collectionView.layoutIfNeeded()
        let doomed = try #require(collectionView.cellForItem(at: IndexPath(item: 2, section: 0)))
        let before = doomed.center
        (collectionView as? ModelCollectionView)?.model?.sections[0].remove(at: 2)
        collectionView.deleteItems(at: [IndexPath(item: 2, section: 0)])
        #expect(layout.asked == [IndexPath(item: 2, section: 0)])
        // Ease-in-out at half the 0.3 s is halfway: alpha 0.5, scale 0.6, where it was.
        collectionView.advance(to: 0.15)
        #expect(doomed.superview === collectionView)
        #expect(abs(doomed.alpha - 0.5) < 1e-9)
        #expect(abs(doomed.transform.a - 0.6) < 1e-9)
        #expect(doomed.center == before)
        #expect(!collectionView.visibleCells.contains(doomed) || collectionView.indexPath(for: doomed) == nil)
        collectionView.advance(to: 0.31)
        #expect(doomed.superview == nil, "gone once the animation ends")
        #expect(!UIKitCompatibility.reported.contains("UICollectionViewLayout.finalLayoutAttributesForDisappearingItem(at:)"))
    }

    @Test func coreAnimationsTransformFunctionsComposeAsDocumented() {
        let scaled = CATransform3DScale(CATransform3DMakeTranslation(10, 20, 0), 2, 3, 1)
        // Scale first, then the translation: the origin goes to (10, 20), (1, 1) to (12, 23).
        let affine = CATransform3DGetAffineTransform(scaled)
        #expect(CGPoint(x: 1, y: 1).applying(affine) == CGPoint(x: 12, y: 23))
        let turned = CATransform3DRotate(CATransform3DIdentity, .pi / 2, 0, 0, 1)
        let p = CGPoint(x: 1, y: 0).applying(CATransform3DGetAffineTransform(turned))
        #expect(abs(p.x) < 1e-12 && abs(p.y - 1) < 1e-12)
        #expect(!turned.hasPerspective && !CATransform3DMakeTranslation(0, 0, -1).hasPerspective)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 500
        #expect(CATransform3DRotate(perspective, 0.3, 0, 1, 0).hasPerspective)
    }
}
