import Foundation
import Testing
@testable import CollectionLayout
import Vocabulary

@MainActor struct FlowLayoutTests {
    /// 390 pt wide, 60 pt items, spacing 10, insets 16: 358 pt per line, 5 items use 340, and the
    /// 18 pt left over widens the 4 gaps to 14.5.
    private func grid(items: Int, direction: UICollectionViewScrollDirection = .vertical,
                      size: CGSize = CGSize(width: 390, height: 844)) -> UICollectionView {
        let layout = UICollectionViewFlowLayout()
        layout.scrollDirection = direction
        layout.itemSize = CGSize(width: 60, height: 60)
        layout.minimumInteritemSpacing = 10
        layout.minimumLineSpacing = 10
        layout.sectionInset = UIEdgeInsets(top: 16, left: 16, bottom: 16, right: 16)
        return makeCollectionView(layout, Model(items: items), size: size)
    }

    @Test func flowLayout_FullLineIsJustifiedBetweenTheInsets() {
        let collectionView = grid(items: 10)
        let xs = (0..<5).map { frame(collectionView, $0).minX }
        #expect(xs == [16, 90.5, 165, 239.5, 314])
        #expect(close(frame(collectionView, 4).maxX, 390 - 16))
        #expect(frame(collectionView, 5) == CGRect(x: 16, y: 86, width: 60, height: 60))
        #expect(collectionView.contentSize == CGSize(width: 390, height: 16 + 60 + 10 + 60 + 16))
    }

    @Test func flowLayout_PartialLastLineKeepsTheGridColumns() {
        let collectionView = grid(items: 7)
        #expect(frame(collectionView, 5) == CGRect(x: 16, y: 86, width: 60, height: 60))
        #expect(frame(collectionView, 6) == CGRect(x: 90.5, y: 86, width: 60, height: 60))
    }

    @Test func flowLayout_SingleItemLineIsCentered() {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 200, height: 100)
        layout.sectionInset = UIEdgeInsets(top: 16, left: 16, bottom: 16, right: 16)
        let collectionView = makeCollectionView(layout, Model(items: 3))
        // 358 pt per line holds one 200 pt item: (358 − 200)/2 = 79 either side.
        #expect(frame(collectionView, 0) == CGRect(x: 95, y: 16, width: 200, height: 100))
        #expect(frame(collectionView, 2) == CGRect(x: 95, y: 16 + 2 * 110, width: 200, height: 100))
    }

    @Test func flowLayout_SectionsWithHeadersAndFooters() {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 60, height: 60)
        layout.sectionInset = UIEdgeInsets(top: 16, left: 16, bottom: 16, right: 16)
        layout.headerReferenceSize = CGSize(width: 0, height: 40)
        layout.footerReferenceSize = CGSize(width: 0, height: 20)
        let collectionView = makeCollectionView(layout, Model(sections: [3, 2]))
        let header = UICollectionView.elementKindSectionHeader, footer = UICollectionView.elementKindSectionFooter
        func supplementary(_ kind: String, _ section: Int) -> CGRect? {
            collectionView.layoutAttributesForSupplementaryElement(ofKind: kind, at: IndexPath(item: 0, section: section))?.frame
        }
        #expect(supplementary(header, 0) == CGRect(x: 0, y: 0, width: 390, height: 40))
        #expect(frame(collectionView, 0) == CGRect(x: 16, y: 56, width: 60, height: 60))
        #expect(frame(collectionView, 2) == CGRect(x: 165, y: 56, width: 60, height: 60))
        #expect(supplementary(footer, 0) == CGRect(x: 0, y: 132, width: 390, height: 20))
        #expect(supplementary(header, 1) == CGRect(x: 0, y: 152, width: 390, height: 40))
        #expect(frame(collectionView, 1, section: 1) == CGRect(x: 90.5, y: 208, width: 60, height: 60))
        #expect(supplementary(footer, 1) == CGRect(x: 0, y: 284, width: 390, height: 20))
        #expect(collectionView.contentSize.height == 304)

        let all = collectionView.collectionViewLayout.layoutAttributesForElements(in: CGRect(x: 0, y: 0, width: 390, height: 304)) ?? []
        #expect(all.filter { $0.representedElementCategory == .supplementaryView }.count == 4)
        #expect(all.filter { $0.representedElementCategory == .cell }.count == 5)
    }

    @Test func flowLayout_HorizontalFillsColumnsTopToBottom() {
        let collectionView = grid(items: 7, direction: .horizontal, size: CGSize(width: 390, height: 300))
        // 268 pt per column holds 3 items (200 pt); the 68 pt left over makes the gaps 44.
        #expect(frame(collectionView, 0) == CGRect(x: 16, y: 16, width: 60, height: 60))
        #expect(frame(collectionView, 1) == CGRect(x: 16, y: 120, width: 60, height: 60))
        #expect(frame(collectionView, 2) == CGRect(x: 16, y: 224, width: 60, height: 60))
        #expect(frame(collectionView, 3) == CGRect(x: 86, y: 16, width: 60, height: 60))
        #expect(frame(collectionView, 6) == CGRect(x: 156, y: 16, width: 60, height: 60))
        #expect(collectionView.contentSize == CGSize(width: 16 + 3 * 60 + 2 * 10 + 16, height: 300))
    }

    @Test func flowLayout_HorizontalHeaderIsAColumn() {
        let layout = UICollectionViewFlowLayout()
        layout.scrollDirection = .horizontal
        layout.itemSize = CGSize(width: 60, height: 60)
        layout.headerReferenceSize = CGSize(width: 30, height: 999)
        let collectionView = makeCollectionView(layout, Model(items: 2), size: CGSize(width: 390, height: 300))
        let header = collectionView.layoutAttributesForSupplementaryElement(
            ofKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 0))
        #expect(header?.frame == CGRect(x: 0, y: 0, width: 30, height: 300))
        #expect(frame(collectionView, 0).minX == 30)
    }

    @Test func flowLayout_ItemsOfDifferentHeightsAreCentredInTheirLine() {
        final class Sizes: Model, UICollectionViewDelegateFlowLayout {
            func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                                sizeForItemAt indexPath: IndexPath) -> CGSize {
                CGSize(width: 100, height: indexPath.item == 1 ? 80 : 40)
            }
        }
        let layout = UICollectionViewFlowLayout()
        let model = Sizes(items: 3)
        let collectionView = makeCollectionView(layout, model, size: CGSize(width: 320, height: 500))
        collectionView.delegate = model
        #expect(frame(collectionView, 0) == CGRect(x: 0, y: 20, width: 100, height: 40))
        #expect(frame(collectionView, 1) == CGRect(x: 110, y: 0, width: 100, height: 80))
        #expect(frame(collectionView, 2) == CGRect(x: 220, y: 20, width: 100, height: 40))
    }

    /// The query finds lines by binary search; with 100,000 items it returns exactly the cells that
    /// meet the rect, wherever the rect is.
    @Test func flowLayout_RectQueryOverOneHundredThousandItems() {
        let collectionView = grid(items: 100_000)
        let layout = collectionView.collectionViewLayout
        let height: CGFloat = 16 + 20_000 * 60 + 19_999 * 10 + 16
        #expect(collectionView.contentSize.height == height)
        for top in [0.0, 700_000.5, 1_399_000] {
            let rect = CGRect(x: 0, y: top, width: 390, height: 844)
            let found = (layout.layoutAttributesForElements(in: rect) ?? []).map(\.indexPath.item)
            // Line k spans 16 + 70k … 76 + 70k.
            let lines = (0..<20_000).filter { k in
                let minY = 16 + 70 * Double(k)
                return minY <= rect.maxY && minY + 60 >= rect.minY
            }
            #expect(found == lines.flatMap { k in (5 * k)..<(5 * k + 5) })
        }
    }
}
