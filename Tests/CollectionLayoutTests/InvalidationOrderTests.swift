import Foundation
import Testing
@testable import CollectionLayout
import Vocabulary

/// The order in which a collection view invalidates its layout, per cause, as UIKit orders it.
///
/// Sources of the expected order:
/// - WWDC 2013 session 217, "Exploring Scroll Views on iOS 7": the springy layout's
///   `shouldInvalidateLayout(forBoundsChange:)` takes the scroll delta as
///   `newBounds.origin.y - collectionView.bounds.origin.y`, so the old bounds are current there.
/// - The widespread flow-layout subclass that centres its cells by setting the collection view's
///   `contentInset` in `invalidateLayout(with:)` (centring on a device after a size change), so
///   the new bounds are current there.
/// - A measured run on an iPhone 7 with iOS 11.4 (github.com/danielctull-tests/Collection-View-Layout-Bounds-Change-Test):
///   on rotation, an overridden `invalidateLayout()` is called although the collection view
///   invalidates with a context, so the base `invalidateLayout(with:)` calls `invalidateLayout()`.
/// - Apple's documentation of `invalidateLayout()` ("If you override this method, you must call
///   super") and of `invalidationContext(forBoundsChange:)`.
@MainActor @Suite struct InvalidationOrderTests {
    /// A flow layout that writes down each invalidation call with the collection view's width
    /// and offset at that moment.
    final class RecordingLayout: UICollectionViewFlowLayout {
        var events: [String] = []
        var invalidatesOnScroll = false

        private var state: String {
            guard let collectionView else { return "no view" }
            return "width \(Int(collectionView.bounds.width)) y \(Int(collectionView.bounds.minY))"
        }

        override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
            events.append("should(\(Int(newBounds.width)), \(Int(newBounds.minY))) at \(state)")
            return invalidatesOnScroll || super.shouldInvalidateLayout(forBoundsChange: newBounds)
        }
        override func invalidationContext(forBoundsChange newBounds: CGRect) -> UICollectionViewLayoutInvalidationContext {
            events.append("context at \(state)")
            return super.invalidationContext(forBoundsChange: newBounds)
        }
        override func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
            let what = context.invalidateEverything ? "everything" : context.invalidateDataSourceCounts ? "counts" : "part"
            events.append("with(\(what)) at \(state)")
            super.invalidateLayout(with: context)
        }
        override func invalidateLayout() {
            events.append("invalidate() at \(state)")
            super.invalidateLayout()
        }
    }

    private func recording(size: CGSize = CGSize(width: 390, height: 844)) -> (UICollectionView, RecordingLayout) {
        let layout = RecordingLayout()
        layout.itemSize = CGSize(width: 100, height: 100)
        let collectionView = makeCollectionView(layout, Model(items: 300), size: size)
        collectionView.layoutIfNeeded()
        layout.events = []
        return (collectionView, layout)
    }

    @Test func sizeChange_AsksWithOldBoundsAndInvalidatesWithNewBounds() {
        let (collectionView, layout) = recording(size: .zero)
        collectionView.frame = CGRect(x: 0, y: 0, width: 390, height: 844)
        #expect(layout.events == [
            "should(390, 0) at width 0 y 0",
            "context at width 0 y 0",
            "with(part) at width 390 y 0",
            "invalidate() at width 390 y 0",
        ])
    }

    @Test func scroll_InvalidatesWithNewOffsetAndReachesInvalidateLayout() {
        let (collectionView, layout) = recording()
        layout.invalidatesOnScroll = true
        collectionView.contentOffset = CGPoint(x: 0, y: 250)
        #expect(layout.events == [
            "should(390, 250) at width 390 y 0",
            "context at width 390 y 0",
            "with(part) at width 390 y 250",
            "invalidate() at width 390 y 250",
        ])
    }

    @Test func scrollTheLayoutDeclines_InvalidatesNothing() {
        let (collectionView, layout) = recording()
        collectionView.contentOffset = CGPoint(x: 0, y: 250)
        #expect(layout.events == ["should(390, 250) at width 390 y 0"])
    }

    @Test func dataChange_InvalidatesCountsThenCallsInvalidateLayout() {
        let (collectionView, layout) = recording()
        collectionView.reloadData()
        #expect(layout.events == ["with(everything) at width 390 y 0", "invalidate() at width 390 y 0"])
        layout.events = []
        collectionView.performBatchUpdates {
            (collectionView as? ModelCollectionView)?.model?.sections[0].removeLast()
            collectionView.deleteItems(at: [IndexPath(item: 299, section: 0)])
        }
        #expect(layout.events.prefix(2) == ["with(counts) at width 390 y 0", "invalidate() at width 390 y 0"])
    }

    @Test func plainInvalidateLayout_ReachesInvalidateLayoutWithContextOnce() {
        let (collectionView, layout) = recording()
        layout.invalidateLayout()
        withExtendedLifetime(collectionView) {}
        #expect(layout.events == ["invalidate() at width 390 y 0", "with(everything) at width 390 y 0"])
    }

    /// A cell 60 pt tall whatever it is given.
    final class TallCell: UICollectionViewCell {
        override func preferredLayoutAttributesFitting(_ layoutAttributes: UICollectionViewLayoutAttributes)
            -> UICollectionViewLayoutAttributes {
            layoutAttributes.size = CGSize(width: layoutAttributes.size.width, height: 60)
            return layoutAttributes
        }
    }

    final class TallCells: UICollectionViewDataSource {
        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 20 }
        func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            collectionView.dequeueReusableCell(withReuseIdentifier: "tall", for: indexPath)
        }
    }

    @Test func selfSizing_InvalidatesWithItsContextThenCallsInvalidateLayout() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let layout = RecordingLayout()
        layout.estimatedItemSize = CGSize(width: 390, height: 44)
        let collectionView = UICollectionView(frame: window.bounds, collectionViewLayout: layout)
        collectionView.register(TallCell.self, forCellWithReuseIdentifier: "tall")
        let cells = TallCells()
        collectionView.dataSource = cells
        window.addSubview(collectionView)
        window.makeKeyAndVisible()
        layout.events = []
        window.layoutIfNeeded()
        let invalidations = layout.events.filter { !$0.hasPrefix("should") && !$0.hasPrefix("context") }
        #expect(invalidations.count >= 2)
        #expect(invalidations.prefix(2) == ["with(part) at width 390 y 0", "invalidate() at width 390 y 0"])
        // 60 pt tall, then the default 10 pt line spacing.
        #expect(close(frame(collectionView, 1).minY, 70))
    }

    /// Centres one row of cells by setting the collection view's inset in `invalidateLayout(with:)`.
    final class CentringLayout: UICollectionViewFlowLayout {
        override func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
            super.invalidateLayout(with: context)
            guard let collectionView else { return }
            let side = max(0, (collectionView.bounds.width - itemSize.width) / 2)
            collectionView.contentInset = UIEdgeInsets(top: 0, left: side, bottom: 0, right: side)
        }
    }

    @Test func flowLayoutSettingContentInsetInInvalidateLayoutWithContext_CentresItsCells() {
        let layout = CentringLayout()
        layout.scrollDirection = .horizontal
        layout.itemSize = CGSize(width: 100, height: 100)
        let collectionView = makeCollectionView(layout, Model(items: 5), size: .zero)
        collectionView.layoutIfNeeded()
        collectionView.frame = CGRect(x: 0, y: 0, width: 390, height: 200)
        collectionView.layoutIfNeeded()
        #expect(collectionView.contentInset.left == 145)
        let first = frame(collectionView, 0)
        #expect(close(first.midX - collectionView.contentOffset.x, 195), "first cell at \(first), offset \(collectionView.contentOffset)")
    }

    /// Counts pages from the invalidations scrolling causes, as paging carousels do.
    final class PageCountingLayout: UICollectionViewFlowLayout {
        var page = 0
        override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { true }
        override func invalidateLayout() {
            super.invalidateLayout()
            guard let collectionView, collectionView.bounds.width > 0 else { return }
            page = Int((collectionView.contentOffset.x / collectionView.bounds.width).rounded())
        }
    }

    @Test func layoutCountingPagesFromInvalidations_SeesEveryScroll() {
        let layout = PageCountingLayout()
        layout.scrollDirection = .horizontal
        layout.itemSize = CGSize(width: 390, height: 200)
        layout.minimumLineSpacing = 0
        let collectionView = makeCollectionView(layout, Model(items: 5), size: CGSize(width: 390, height: 200))
        collectionView.layoutIfNeeded()
        collectionView.contentOffset = CGPoint(x: 780, y: 0)
        #expect(layout.page == 2)
        collectionView.contentOffset = CGPoint(x: 390, y: 0)
        #expect(layout.page == 1)
    }
}
