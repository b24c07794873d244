import Foundation
import Testing
@testable import CollectionLayout
import Vocabulary

@MainActor struct LineZoomLayoutTests {
    private func carousel(items: Int = 10) -> UICollectionView {
        makeCollectionView(LineZoomLayout(), Model(items: items))
    }

    private func zoom(_ collectionView: UICollectionView, _ item: Int) -> CGFloat {
        collectionView.layoutAttributesForItem(at: IndexPath(item: item, section: 0))?.transform3D.m11 ?? .nan
    }

    @Test func lineLayout_ZoomFollowsDistanceFromTheCenter() {
        let collectionView = carousel()
        // Insets of (390 − 200)/2 = 95 centre item 0 (center 195); items are 250 pt apart.
        #expect(frame(collectionView, 0) == CGRect(x: 95, y: 322, width: 200, height: 200))
        #expect(close(zoom(collectionView, 0), 1.3))
        #expect(zoom(collectionView, 1) == 1)
        for offset: CGFloat in [37, 100, 163.25] {
            collectionView.contentOffset = CGPoint(x: offset, y: 0)
            for item in 0..<3 {
                let d = abs(195 + offset - (195 + 250 * CGFloat(item)))
                let expected = d < 200 ? 1 + 0.3 * (1 - d / 200) : 1
                #expect(close(zoom(collectionView, item), expected), "offset \(offset) item \(item)")
            }
        }
        let shown = collectionView.layoutAttributesForDisplayedElements()
        #expect(shown.last?.indexPath.item == 0 || shown.last?.zIndex == 1)
    }

    /// A flow delegate that leaves the insets alone gets the layout's own (here: one centred
    /// row), not the raw `sectionInset`.
    @Test func lineLayout_KeepsItsInsetsUnderAFlowDelegate() {
        final class HeaderSizes: UICollectionViewDelegateFlowLayout {}
        let collectionView = carousel()
        let delegate = HeaderSizes()
        collectionView.delegate = delegate
        collectionView.collectionViewLayout.invalidateLayout()
        #expect(frame(collectionView, 0) == CGRect(x: 95, y: 322, width: 200, height: 200))
        #expect(frame(collectionView, 1) == CGRect(x: 345, y: 322, width: 200, height: 200))
    }

    @Test func lineLayout_ProposedOffsetSnapsToTheNearestCentredCell() {
        let collectionView = carousel()
        let layout = collectionView.collectionViewLayout
        let width: CGFloat = 95 + 10 * 200 + 9 * 50 + 95
        #expect(collectionView.contentSize.width == width)
        // Proposed 300: the visible center 495 is 50 pt past item 1 (center 445).
        #expect(layout.targetContentOffset(forProposedContentOffset: CGPoint(x: 300, y: 0), withScrollingVelocity: .zero)
                == CGPoint(x: 250, y: 0))
        #expect(layout.targetContentOffset(forProposedContentOffset: CGPoint(x: 380, y: 0), withScrollingVelocity: .zero)
                == CGPoint(x: 500, y: 0))
    }

    @Test func lineLayout_FlickComesToRestWithACellCentred() {
        let collectionView = carousel(items: 20)
        drag(collectionView, from: CGPoint(x: 300, y: 400), to: CGPoint(x: 120, y: 400), start: 0.1, duration: 0.2)
        collectionView.advance(to: 4)
        #expect(!collectionView.isDecelerating)
        let offset = collectionView.contentOffset.x
        #expect(offset > 250, "the flick carried the content on")
        #expect(offset.truncatingRemainder(dividingBy: 250) == 0, "\(offset)")
    }
}

@MainActor struct CircleLayoutTests {
    @Test func circleLayout_CentersLieOnTheCircle() {
        let layout = CircleLayout()
        let collectionView = makeCollectionView(layout, Model(items: 12))
        #expect(collectionView.contentSize == CGSize(width: 390, height: 844))
        #expect(layout.radius == 390 / 2.5)
        var angles: [Double] = []
        for item in 0..<12 {
            let center = collectionView.layoutAttributesForItem(at: IndexPath(item: item, section: 0))!.center
            let dx = center.x - 195, dy = center.y - 422
            #expect(close((dx * dx + dy * dy).squareRoot(), 156, 1e-9))
            angles.append(atan2(dy, dx))
        }
        #expect(close(angles[3], .pi / 2, 1e-12), "item 3 of 12 is a quarter turn on, clockwise on screen")
        #expect(collectionView.collectionViewLayout.layoutAttributesForElements(in: CGRect(x: 0, y: 0, width: 195, height: 422))?
            .map(\.indexPath.item) == [6, 7, 8, 9])
    }
}

@MainActor struct WaterfallLayoutTests {
    @Test func waterfall_EachItemGoesToTheShortestColumn() {
        let heights: [CGFloat] = [100, 50, 80, 30, 60, 120, 10, 45]
        let layout = WaterfallLayout()
        layout.sizeForItem = { CGSize(width: 190, height: heights[$0.item]) }
        let collectionView = makeCollectionView(layout, Model(items: heights.count))
        // Columns are ⌊(390 − 10)/2⌋ = 190 wide, at x 0 and 200.
        #expect(frame(collectionView, 0) == CGRect(x: 0, y: 0, width: 190, height: 100))
        #expect(frame(collectionView, 1) == CGRect(x: 200, y: 0, width: 190, height: 50))
        #expect(frame(collectionView, 2) == CGRect(x: 200, y: 60, width: 190, height: 80))
        #expect(frame(collectionView, 3) == CGRect(x: 0, y: 110, width: 190, height: 30))
        #expect(frame(collectionView, 4) == CGRect(x: 0, y: 150, width: 190, height: 60), "a tie goes left")
        var bottoms: [CGFloat] = [0, 0]
        for item in heights.indices {
            let placed = frame(collectionView, item)
            let column = placed.minX == 0 ? 0 : 1
            #expect(bottoms[column] == bottoms.min(), "item \(item) went to the shortest column")
            #expect(placed.minY == bottoms[column])
            bottoms[column] = placed.maxY + 10
        }
        #expect(collectionView.contentSize.height == bottoms.max()! - 10)
    }

    /// Spacing wider than the collection view leaves columns of no width, never of negative width.
    @Test func waterfall_SpacingWiderThanTheViewGivesEmptyColumnsNotNegativeOnes() {
        let layout = WaterfallLayout()
        layout.columnCount = 3
        layout.minimumColumnSpacing = 300
        let collectionView = makeCollectionView(layout, Model(items: 4))
        #expect(layout.itemWidth(inSection: 0) == 0)
        for item in 0..<4 { #expect(frame(collectionView, item).width == 0) }
    }

    @Test func waterfall_HeightsScaleToTheColumnWidthAndSectionsStack() {
        let layout = WaterfallLayout()
        layout.columnCount = 3
        layout.sectionInset = UIEdgeInsets(top: 8, left: 10, bottom: 8, right: 10)
        layout.headerHeight = 30
        layout.sizeForItem = { _ in CGSize(width: 4, height: 3) }
        let collectionView = makeCollectionView(layout, Model(sections: [4, 2]))
        // (390 − 20 − 20)/3 = 116.67 → 116 wide, ⌊116·3/4⌋ = 87 tall.
        #expect(frame(collectionView, 0) == CGRect(x: 10, y: 38, width: 116, height: 87))
        #expect(frame(collectionView, 3) == CGRect(x: 10, y: 135, width: 116, height: 87))
        let header1 = collectionView.layoutAttributesForSupplementaryElement(
            ofKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 1))
        #expect(header1?.frame == CGRect(x: 0, y: 230, width: 390, height: 30))
        #expect(frame(collectionView, 0, section: 1).minY == 268)
    }

    @Test func waterfall_RectQueryMatchesAScanOverManyItems() {
        let layout = WaterfallLayout()
        layout.sizeForItem = { CGSize(width: 10, height: CGFloat(5 + ($0.item * 7919) % 23)) }
        let collectionView = makeCollectionView(layout, Model(items: 20_000))
        let frames = (0..<20_000).map { frame(collectionView, $0) }
        for rect in [CGRect(x: 0, y: 0, width: 390, height: 844), CGRect(x: 0, y: 500_000, width: 390, height: 844),
                     CGRect(x: 250, y: 100_000, width: 20, height: 300)] {
            let found = (layout.layoutAttributesForElements(in: rect) ?? []).map(\.indexPath.item)
            #expect(found == frames.indices.filter { frames[$0].intersects(rect) })
        }
    }
}

/// A layout that gives an element a NaN center stops the program with a message naming the
/// layout and the element, as UIKit raises, rather than trapping inside Foundation without one.
@Suite struct NonFiniteAttributesTests {
    final class NaNLayout: UICollectionViewFlowLayout {
        override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
            let all = super.layoutAttributesForElements(in: rect) ?? []
            all.first?.center = CGPoint(x: CGFloat.nan, y: 10)
            return all
        }
    }

    @Test func aNaNCenterStopsWithAMessageNamingTheLayout() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let collectionView = makeCollectionView(NaNLayout(), Model(items: 5))
                _ = collectionView.layoutAttributesForDisplayedElements()
            }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("CALayer position contains NaN or infinity: NaNLayout gave item [0, 0] the center (nan, 10.0)"),
                "\(message)")
    }
}

/// Drawing order by groups of zIndex and category gives what sorting everything gives.
@MainActor struct DrawingOrderTests {
    @Test(arguments: [0, 1, 2, 3])
    func groupedOrderIsTheFullSort(seed: Int) {
        var random = SplitMix64(seed: UInt64(seed))
        var elements: [UICollectionViewLayoutAttributes] = []
        for item in 0..<400 {
            let path = IndexPath(item: item % 150, section: item / 150)
            let attributes: UICollectionViewLayoutAttributes
            switch random.next() % 7 {
            case 0: attributes = UICollectionViewLayoutAttributes(forSupplementaryViewOfKind: ["header", "footer"][Int(random.next() % 2)], with: path)
            case 1: attributes = UICollectionViewLayoutAttributes(forDecorationViewOfKind: "background", with: path)
            default: attributes = UICollectionViewLayoutAttributes(forCellWith: path)
            }
            attributes.zIndex = seed == 0 ? 0 : [0, 0, 0, 0, 1, -1, 10][Int(random.next() % 7)]
            elements.append(attributes)
        }
        // Mostly in index-path order, as layouts list them, with a few out of place.
        if seed >= 2 { for _ in 0..<20 { elements.swapAt(Int(random.next() % 400), Int(random.next() % 400)) } }
        let expected = elements.sorted(by: UICollectionView.drawsBefore)
        let grouped = UICollectionView.inDrawingOrder(elements)
        #expect(grouped.count == expected.count)
        #expect(zip(grouped, expected).allSatisfy { $0 === $1 })
    }
}

/// A layout whose content size is NaN or infinite stops the program with a message naming the
/// layout and the size, as a NaN element does; before, it trapped in `CGRect.intersection` with none.
@Suite struct NonFiniteContentSizeTests {
    final class NaNContentSizeLayout: UICollectionViewFlowLayout {
        override var collectionViewContentSize: CGSize { CGSize(width: 390, height: CGFloat.nan) }
    }

    @Test func aNaNContentSizeStopsWithAMessageNamingTheLayout() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let collectionView = makeCollectionView(NaNContentSizeLayout(), Model(items: 5))
                // The scroll range is what scrolling clamps to.
                _ = collectionView.maximumContentOffset
            }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("NaNContentSizeLayout gave the content size 390.0 × nan"), "\(message)")
    }
}
