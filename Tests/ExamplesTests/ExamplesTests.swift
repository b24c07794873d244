import Testing
@testable import Examples
import Springframes

/// A data source of `count` items in one section that applies moves to its array.
private final class Items: UICollectionViewDataSource {
    var items: [Int]
    init(_ count: Int) { items = Array(0..<count) }
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { items.count }
}

private let phone = CGRect(x: 0, y: 0, width: 390, height: 844)

@MainActor private func center(_ layout: UICollectionViewLayout, _ item: Int) -> CGPoint {
    layout.prepareIfNeeded()
    return layout.layoutAttributesForItem(at: IndexPath(item: item, section: 0))!.center
}

@MainActor private func tap(_ collectionView: UICollectionView, at point: CGPoint, time: TimeInterval) {
    collectionView.send(Touch(.began, at: point, time: time))
    collectionView.send(Touch(.ended, at: point, time: time + 0.05))
}

@MainActor private func near(_ a: CGPoint, _ b: CGPoint, _ tolerance: CGFloat) -> Bool {
    abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
}

@MainActor struct ExamplesTests {
    @Test func springyFlowLayout_CellsLagWhileScrollingAndSettleAfter() {
        let layout = SpringyFlowLayout()
        layout.itemSize = CGSize(width: 60, height: 60)
        let collectionView = UICollectionView(frame: phone, collectionViewLayout: layout)
        let items = Items(300)
        collectionView.dataSource = items
        let nearItem = 35, farItem = 70
        let before = (center(layout, nearItem), center(layout, farItem))
        collectionView.send(Touch(.began, at: CGPoint(x: 200, y: 400), time: 0))
        for step in 1...20 {
            collectionView.send(Touch(.moved, at: CGPoint(x: 200, y: 400 - 6 * CGFloat(step)), time: Double(step) / 120))
        }
        let nearLag = center(layout, nearItem).y - before.0.y
        let farLag = center(layout, farItem).y - before.1.y
        #expect(nearLag >= 0 && farLag > nearLag, "near \(nearLag), far \(farLag)")
        #expect(farLag <= collectionView.contentOffset.y)
        collectionView.send(Touch(.ended, at: CGPoint(x: 200, y: 280), time: 0.2))
        collectionView.advance(to: 5)
        #expect(near(center(layout, farItem), before.1, 0.05))
    }

    /// The iOS-style line layout and the module's `LineZoomLayout` agree on zoom and snapping.
    @Test func lineLayout_MatchesTheModulesLineZoomLayout() {
        let example = UICollectionView(frame: phone, collectionViewLayout: LineLayout())
        let module = LineZoomLayout()
        module.centersEndItems = false
        let reference = UICollectionView(frame: phone, collectionViewLayout: module)
        let items = Items(12)
        example.dataSource = items
        reference.dataSource = items
        for offset: CGFloat in [0, 120, 377.5] {
            example.contentOffset = CGPoint(x: offset, y: 0)
            reference.contentOffset = CGPoint(x: offset, y: 0)
            let a = example.layoutAttributesForDisplayedElements(), b = reference.layoutAttributesForDisplayedElements()
            #expect(a.map(\.frame) == b.map(\.frame))
            #expect(a.map(\.transform3D) == b.map(\.transform3D))
            let proposed = CGPoint(x: offset + 33, y: 0)
            #expect(example.collectionViewLayout.targetContentOffset(forProposedContentOffset: proposed, withScrollingVelocity: .zero)
                    == module.targetContentOffset(forProposedContentOffset: proposed, withScrollingVelocity: .zero))
        }
    }

    /// The Xamarin-style waterfall and the module's `WaterfallLayout` place items identically.
    @Test func waterfallCollectionLayout_MatchesTheModulesWaterfallLayout() {
        let heights: [CGFloat] = (0..<60).map { CGFloat(40 + ($0 * 37) % 90) }
        let example = WaterfallCollectionLayout()
        example.sizeForItem = { _, _, indexPath in CGSize(width: 100, height: heights[indexPath.item]) }
        let module = WaterfallLayout()
        module.sizeForItem = { CGSize(width: 100, height: heights[$0.item]) }
        let items = Items(60)
        let a = UICollectionView(frame: phone, collectionViewLayout: example)
        let b = UICollectionView(frame: phone, collectionViewLayout: module)
        a.dataSource = items
        b.dataSource = items
        #expect(a.contentSize == b.contentSize)
        for item in 0..<60 {
            let path = IndexPath(item: item, section: 0)
            #expect(a.layoutAttributesForItem(at: path)?.frame == b.layoutAttributesForItem(at: path)?.frame)
        }
    }
}
