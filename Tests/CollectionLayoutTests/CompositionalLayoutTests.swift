import Foundation
import Testing
@testable import CollectionLayout
import Dynamics

/// Compositional layouts against frames worked out by hand, on a 390 × 844 pt collection view.
@MainActor @Suite struct CompositionalLayoutTests {
    private func size(_ width: NSCollectionLayoutDimension, _ height: NSCollectionLayoutDimension) -> NSCollectionLayoutSize {
        NSCollectionLayoutSize(widthDimension: width, heightDimension: height)
    }

    private func view(_ layout: UICollectionViewLayout, sections: [Int]) -> UICollectionView {
        let collectionView = makeCollectionView(layout, Model(sections: sections))
        _ = collectionView.contentSize
        return collectionView
    }

    private func near(_ a: CGRect, _ b: CGRect) -> Bool {
        abs(a.minX - b.minX) < 1e-9 && abs(a.minY - b.minY) < 1e-9 && abs(a.width - b.width) < 1e-9 && abs(a.height - b.height) < 1e-9
    }

    /// A grid of thirds: 370 pt of content (10 pt insets) make three 123.33 pt items a row, each
    /// inset 2 pt; rows 100 pt tall, 5 pt apart.
    @Test func aGridOfFractionalItems() {
        let item = NSCollectionLayoutItem(layoutSize: size(.fractionalWidth(1.0 / 3), .fractionalHeight(1)))
        item.contentInsets = NSDirectionalEdgeInsets(top: 2, leading: 2, bottom: 2, trailing: 2)
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(100)), subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        section.contentInsets = NSDirectionalEdgeInsets(top: 10, leading: 10, bottom: 10, trailing: 10)
        section.interGroupSpacing = 5
        let collectionView = view(UICollectionViewCompositionalLayout(section: section), sections: [7])
        let width = 370.0 / 3
        for k in 0..<7 {
            let expected = CGRect(x: 10 + Double(k % 3) * width + 2, y: 10 + Double(k / 3) * 105 + 2, width: width - 4, height: 96)
            #expect(near(frame(collectionView, k), expected), "item \(k): \(frame(collectionView, k))")
        }
        #expect(collectionView.contentSize == CGSize(width: 390, height: 10 + 3 * 100 + 2 * 5 + 10))
    }

    @Test func aRepeatedSubitemSharesTheGroup() {
        let item = NSCollectionLayoutItem(layoutSize: size(.absolute(10), .fractionalHeight(1)))
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(50)), repeatingSubitem: item, count: 4)
        group.interItemSpacing = .fixed(10)
        let collectionView = view(UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group)), sections: [5])
        #expect(frame(collectionView, 0) == CGRect(x: 0, y: 0, width: 90, height: 50))
        #expect(frame(collectionView, 3) == CGRect(x: 300, y: 0, width: 90, height: 50))
        #expect(frame(collectionView, 4) == CGRect(x: 0, y: 50, width: 90, height: 50), "the second group holds the fifth")
    }

    /// One large item beside a column of two: 260 pt and 130 pt wide, the column's items half its 200 pt.
    @Test func groupsNest() {
        let large = NSCollectionLayoutItem(layoutSize: size(.fractionalWidth(2.0 / 3), .fractionalHeight(1)))
        let small = NSCollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(0.5)))
        let column = NSCollectionLayoutGroup.vertical(layoutSize: size(.fractionalWidth(1.0 / 3), .fractionalHeight(1)), subitems: [small])
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(200)), subitems: [large, column])
        let collectionView = view(UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group)), sections: [6])
        #expect(frame(collectionView, 0) == CGRect(x: 0, y: 0, width: 260, height: 200))
        #expect(frame(collectionView, 1) == CGRect(x: 260, y: 0, width: 130, height: 100))
        #expect(frame(collectionView, 2) == CGRect(x: 260, y: 100, width: 130, height: 100))
        #expect(frame(collectionView, 3) == CGRect(x: 0, y: 200, width: 260, height: 200))
    }

    @Test func flexibleSpacingSharesWhatIsLeft() {
        let item = NSCollectionLayoutItem(layoutSize: size(.absolute(100), .absolute(40)))
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(40)), subitems: [item])
        group.interItemSpacing = .flexible(8)
        let collectionView = view(UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group)), sections: [3])
        // Three 100 pt items in 390 pt: 45 pt between each.
        #expect(frame(collectionView, 0).minX == 0 && frame(collectionView, 1).minX == 145 && frame(collectionView, 2).minX == 290)
    }

    @Test func aCustomGroupPlacesItsItems() {
        let group = NSCollectionLayoutGroup.custom(layoutSize: size(.fractionalWidth(1), .absolute(120))) { environment in
            let width = environment.container.effectiveContentSize.width
            return [NSCollectionLayoutGroupCustomItem(frame: CGRect(x: 0, y: 0, width: width / 2, height: 120)),
                    NSCollectionLayoutGroupCustomItem(frame: CGRect(x: width / 2, y: 60, width: width / 2, height: 60), zIndex: 3)]
        }
        let collectionView = view(UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group)), sections: [3])
        #expect(frame(collectionView, 1) == CGRect(x: 195, y: 60, width: 195, height: 60))
        #expect(collectionView.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.zIndex == 3)
        #expect(frame(collectionView, 2) == CGRect(x: 0, y: 120, width: 195, height: 120))
    }

    /// Two sections 20 pt apart, each with a 40 pt header, 50 pt rows and a 30 pt footer, and a
    /// background inset 4 pt; the first section's header pinned while it shows.
    @Test func headersFootersBackgroundsAndSpacing() {
        let item = NSCollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(1)))
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(50)), subitems: [item])
        let layout = UICollectionViewCompositionalLayout(sectionProvider: { index, environment in
            let section = NSCollectionLayoutSection(group: group)
            let header = NSCollectionLayoutBoundarySupplementaryItem(layoutSize: self.size(.fractionalWidth(1), .absolute(40)),
                                                                     elementKind: "header", alignment: .top)
            header.pinToVisibleBounds = index == 0
            let footer = NSCollectionLayoutBoundarySupplementaryItem(layoutSize: self.size(.fractionalWidth(1), .absolute(30)),
                                                                     elementKind: "footer", alignment: .bottom)
            section.boundarySupplementaryItems = [header, footer]
            let background = NSCollectionLayoutDecorationItem.background(elementKind: "background")
            background.contentInsets = NSDirectionalEdgeInsets(top: 4, leading: 4, bottom: 4, trailing: 4)
            section.decorationItems = [background]
            #expect(environment.container.effectiveContentSize.width == 390)
            return section
        })
        let configuration = UICollectionViewCompositionalLayoutConfiguration()
        configuration.interSectionSpacing = 20
        layout.configuration = configuration
        let collectionView = view(layout, sections: [10, 3])
        // Section 0: header 0–40, rows 40–540, footer 540–570; section 1 from 590.
        #expect(frame(collectionView, 0) == CGRect(x: 0, y: 40, width: 390, height: 50))
        #expect(layout.layoutAttributesForSupplementaryView(ofKind: "footer", at: IndexPath(item: 0, section: 0))?.frame
                == CGRect(x: 0, y: 540, width: 390, height: 30))
        #expect(layout.layoutAttributesForSupplementaryView(ofKind: "header", at: IndexPath(item: 0, section: 1))?.frame.minY == 590)
        #expect(frame(collectionView, 0, section: 1) == CGRect(x: 0, y: 630, width: 390, height: 50))
        #expect(layout.layoutAttributesForDecorationView(ofKind: "background", at: IndexPath(item: 0, section: 0))?.frame
                == CGRect(x: 4, y: 4, width: 382, height: 562))
        #expect(abs(collectionView.contentSize.height - (590 + 40 + 150 + 30)) < 1e-9)
        // Scrolled 200 pt: the pinned header is at the top of what shows; near its section's end it is pushed up.
        collectionView.contentOffset = CGPoint(x: 0, y: 200)
        #expect(layout.layoutAttributesForSupplementaryView(ofKind: "header", at: IndexPath(item: 0, section: 0))?.frame.minY == 200)
        collectionView.contentOffset = CGPoint(x: 0, y: 550)
        #expect(layout.layoutAttributesForSupplementaryView(ofKind: "header", at: IndexPath(item: 0, section: 0))?.frame.minY == 530)
        #expect(layout.layoutAttributesForSupplementaryView(ofKind: "header", at: IndexPath(item: 0, section: 1))?.frame.minY == 590,
                "an unpinned header stays")
    }

    /// An orthogonal section lays its groups in a row across: 80 % wide groups, 10 pt apart.
    @Test func anOrthogonalSectionLaysItsGroupsAcross() {
        let item = NSCollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(1)))
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: size(.fractionalWidth(0.8), .absolute(150)), subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        section.orthogonalScrollingBehavior = .groupPaging
        section.interGroupSpacing = 10
        var seen: [IndexPath] = []
        section.visibleItemsInvalidationHandler = { items, _, _ in
            seen = items.map(\.indexPath)
            for item in items where item.indexPath.item > 0 { item.alpha = 0.5 }
        }
        let collectionView = view(UICollectionViewCompositionalLayout(section: section), sections: [4])
        #expect(frame(collectionView, 0) == CGRect(x: 0, y: 0, width: 312, height: 150))
        #expect(frame(collectionView, 1) == CGRect(x: 322, y: 0, width: 312, height: 150))
        #expect(frame(collectionView, 3).minX == 966)
        #expect(collectionView.contentSize.height == 150, "one row")
        #expect(seen.count == 4)
        #expect(collectionView.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.alpha == 0.5)
    }
}

/// Estimated heights: each cell sizes itself, and the list stacks the sizes.
@MainActor @Suite struct CompositionalSelfSizingTests {
    final class TallerCell: UICollectionViewCell {
        override func preferredLayoutAttributesFitting(_ layoutAttributes: UICollectionViewLayoutAttributes) -> UICollectionViewLayoutAttributes {
            let attributes = layoutAttributes
            attributes.size.height = 30 + 10 * CGFloat(layoutAttributes.indexPath.item)
            return attributes
        }
    }

    @Test func cellsOfAnEstimatedListSizeThemselves() {
        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(44)))
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1),
                                                                                          heightDimension: .estimated(44)), subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        section.interGroupSpacing = 2
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let collectionView = UICollectionView(frame: window.bounds, collectionViewLayout: UICollectionViewCompositionalLayout(section: section))
        let registration = UICollectionView.CellRegistration<TallerCell, Int> { _, _, _ in }
        let dataSource = UICollectionViewDiffableDataSource<Int, Int>(collectionView: collectionView) { view, indexPath, item in
            view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
        }
        var snapshot = NSDiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([0])
        snapshot.appendItems(Array(0..<10))
        dataSource.apply(snapshot, animatingDifferences: false)
        window.addSubview(collectionView)
        window.makeKeyAndVisible()
        collectionView.layoutIfNeeded()
        var y: CGFloat = 0
        for k in 0..<10 {
            let height = 30 + 10 * CGFloat(k)
            #expect(frame(collectionView, k) == CGRect(x: 0, y: y, width: 390, height: height), "item \(k)")
            y += height + 2
        }
        #expect(collectionView.contentSize.height == y - 2)
        #expect(collectionView.visibleCells.count == 10)
    }
}
