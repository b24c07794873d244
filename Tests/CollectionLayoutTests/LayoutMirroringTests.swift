import Foundation
import Testing
@testable import CollectionLayout
import Views
import Vocabulary

/// Flow and compositional layouts right to left: every frame is its left-to-right frame mirrored
/// across the content's width.
@MainActor @Suite struct LayoutMirroringTests {
    private func frames(_ layout: UICollectionViewLayout, rightToLeft: Bool, items: Int = 7) -> (frames: [CGRect], width: CGFloat) {
        let collectionView = makeCollectionView(layout, Model(sections: [items]), size: CGSize(width: 390, height: 600))
        if rightToLeft { collectionView.traitOverrides.layoutDirection = .rightToLeft }
        _ = collectionView.contentSize
        let frames = (0..<items).map { collectionView.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))!.frame }
        return (frames, collectionView.collectionViewLayout.collectionViewContentSize.width)
    }

    private func flowLayout() -> UICollectionViewFlowLayout {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 100, height: 80)
        layout.minimumInteritemSpacing = 10
        layout.sectionInset = UIEdgeInsets(top: 8, left: 12, bottom: 8, right: 30)
        return layout
    }

    @Test func aFlowLayoutMirrorsEveryFrameRightToLeft() {
        let ltr = frames(flowLayout(), rightToLeft: false), rtl = frames(flowLayout(), rightToLeft: true)
        #expect(ltr.width == 390)
        #expect(ltr.frames[0].minX == 12, "the first item starts at the left inset")
        for (left, right) in zip(ltr.frames, rtl.frames) {
            #expect(right == CGRect(x: 390 - left.maxX, y: left.minY, width: left.width, height: left.height))
        }
        // The first item sits at the top right, 12 pt from the right edge.
        #expect(rtl.frames[0].maxX == 378)
        #expect(UICollectionViewFlowLayout().flipsHorizontallyInOppositeLayoutDirection)
        #expect(!UICollectionViewLayout().flipsHorizontallyInOppositeLayoutDirection)
    }

    @Test func aCompositionalLayoutMirrorsRightToLeft() {
        func layout() -> UICollectionViewCompositionalLayout {
            let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(100), heightDimension: .absolute(50)))
            let group = NSCollectionLayoutGroup.horizontal(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(50)), subitems: [item])
            group.interItemSpacing = .fixed(10)
            return UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group))
        }
        let ltr = frames(layout(), rightToLeft: false), rtl = frames(layout(), rightToLeft: true)
        #expect(ltr.frames[0].minX == 0 && ltr.frames[1].minX == 110)
        for (left, right) in zip(ltr.frames, rtl.frames) {
            #expect(right == CGRect(x: ltr.width - left.maxX, y: left.minY, width: left.width, height: left.height))
        }
    }

    @Test func changingTheDirectionLaysTheItemsOutAgain() {
        let collectionView = makeCollectionView(flowLayout(), Model(sections: [3]), size: CGSize(width: 390, height: 600))
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 600))
        window.addSubview(collectionView)
        window.makeKeyAndVisible()
        #expect(collectionView.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame.minX == 12)
        window.traitOverrides.layoutDirection = .rightToLeft
        #expect(collectionView.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame.maxX == 378)
    }
}
