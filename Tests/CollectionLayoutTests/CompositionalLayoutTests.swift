import Foundation
import Testing
@testable import CollectionLayout
import Vocabulary

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
        // The handler sees the visible items (two of the four in 390 pt) and its changes show.
        let visible = collectionView.collectionViewLayout.layoutAttributesForElements(in: CGRect(x: 0, y: 0, width: 390, height: 844)) ?? []
        #expect(seen.map(\.item) == [0, 1])
        #expect(visible.first { $0.indexPath.item == 1 }?.alpha == 0.5)
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

/// Orthogonal sections scroll on their own: a drag across the layout in the section's band moves
/// its items (not the collection view), and a release settles as the behaviour says.
@MainActor @Suite struct OrthogonalScrollingTests {
    /// A 390 pt wide list whose first section is a row of 150 × 100 pt groups 10 pt apart, with
    /// 20 pt side insets, and whose second section is 30 rows of 50 pt.
    private func make(_ behavior: UICollectionLayoutSectionOrthogonalScrollingBehavior,
                      handler: NSCollectionLayoutSectionVisibleItemsInvalidationHandler? = nil) -> UICollectionView {
        let layout = UICollectionViewCompositionalLayout { index, _ in
            let size = NSCollectionLayoutSize(widthDimension: .absolute(150), heightDimension: .absolute(100))
            if index == 0 {
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: size, subitems: [NSCollectionLayoutItem(layoutSize: size)])
                let section = NSCollectionLayoutSection(group: group)
                section.orthogonalScrollingBehavior = behavior
                section.interGroupSpacing = 10
                section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 20, bottom: 0, trailing: 20)
                section.visibleItemsInvalidationHandler = handler
                return section
            }
            let row = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(50))
            return NSCollectionLayoutSection(group: .vertical(layoutSize: row, subitems: [NSCollectionLayoutItem(layoutSize: row)]))
        }
        let collectionView = makeCollectionView(layout, Model(sections: [10, 30]), size: CGSize(width: 390, height: 600))
        // Laid out before the first touch, as a window lays out before it delivers one.
        _ = collectionView.contentSize
        collectionView.layoutIfNeeded()
        return collectionView
    }

    private func minX(_ collectionView: UICollectionView, _ item: Int) -> CGFloat {
        shown(collectionView, item)?.frame.minX ?? .nan
    }

    @Test func aDragAcrossTheBandScrollsTheSection() {
        let collectionView = make(.continuous)
        #expect(minX(collectionView, 1) == 180)
        // 100 pt to the left, slowly (no fling), then held still before lifting.
        drag(collectionView, from: CGPoint(x: 300, y: 50), to: CGPoint(x: 200, y: 50), start: 0, duration: 0.5, lift: false)
        collectionView.advance(to: 0.7)
        collectionView.send(Touch(.ended, at: CGPoint(x: 200, y: 50), time: 0.7))
        collectionView.advance(to: 2)
        // The pan begins 10 pt in, and the content follows the finger from there without a jump:
        // 90 of the 100 pt.
        #expect(close(minX(collectionView, 1), 90, 0.01), "\(minX(collectionView, 1))")
        #expect(collectionView.contentOffset.y == 0, "the collection view stayed")
        #expect(collectionView.layoutAttributesForItem(at: IndexPath(item: 1, section: 0)).map { close($0.frame.minX, 90, 0.01) } == true)
    }

    @Test func aDragAlongTheLayoutScrollsTheCollectionView() {
        let collectionView = make(.continuous)
        drag(collectionView, from: CGPoint(x: 200, y: 90), to: CGPoint(x: 200, y: 10), start: 0, duration: 0.5, lift: false)
        collectionView.advance(to: 0.7)
        collectionView.send(Touch(.ended, at: CGPoint(x: 200, y: 10), time: 0.7))
        collectionView.advance(to: 2)
        // The pan begins at the sample 10.67 pt in (80 pt in 30 samples).
        #expect(close(collectionView.contentOffset.y, 80 - 32.0 / 3, 0.01), "\(collectionView.contentOffset.y)")
        #expect(minX(collectionView, 1) == 180, "the section stayed")
    }

    /// Group paging: a flick moves one group on (160 pt: a group and its spacing), whatever its speed.
    @Test func groupPagingMovesOneGroupAFlick() {
        let collectionView = make(.groupPaging)
        drag(collectionView, from: CGPoint(x: 300, y: 50), to: CGPoint(x: 100, y: 50), start: 0, duration: 0.1)
        collectionView.advance(to: 3)
        #expect(close(minX(collectionView, 1), 20, 0.01), "group 1 at the section's leading inset: \(minX(collectionView, 1))")
        drag(collectionView, from: CGPoint(x: 300, y: 50), to: CGPoint(x: 100, y: 50), start: 4, duration: 0.1)
        collectionView.advance(to: 7)
        #expect(close(minX(collectionView, 2), 20, 0.01))
    }

    /// Centred group paging: the group settles in the middle of the 390 pt width.
    @Test func centredGroupPagingCentresTheGroup() {
        let collectionView = make(.groupPagingCentered)
        drag(collectionView, from: CGPoint(x: 300, y: 50), to: CGPoint(x: 100, y: 50), start: 0, duration: 0.1)
        collectionView.advance(to: 3)
        #expect(close(shown(collectionView, 1)?.frame.midX ?? 0, 195, 0.01), "\(String(describing: shown(collectionView, 1)?.frame))")
    }

    /// Paging: pages are the visible width.
    @Test func pagingMovesAPageOfTheVisibleWidth() {
        let collectionView = make(.paging)
        drag(collectionView, from: CGPoint(x: 300, y: 50), to: CGPoint(x: 200, y: 50), start: 0, duration: 0.1)
        collectionView.advance(to: 3)
        #expect(close(minX(collectionView, 0), 20 - 390, 0.01), "\(minX(collectionView, 0))")
    }

    /// Leading boundaries: a fling comes to rest with a group's leading edge at the section's start.
    @Test func continuousGroupLeadingBoundarySettlesOnAGroup() {
        let collectionView = make(.continuousGroupLeadingBoundary)
        drag(collectionView, from: CGPoint(x: 300, y: 50), to: CGPoint(x: 170, y: 50), start: 0, duration: 0.15)
        collectionView.advance(to: 4)
        let starts = (0..<10).map { minX(collectionView, $0) }
        #expect(starts.contains { close($0, 20, 0.01) }, "\(starts)")
        #expect(!close(starts[0], 20, 0.01), "it moved on")
    }

    /// The handler hears the section's own offset and sees the items where they are laid out.
    @Test func theVisibleItemsHandlerHearsTheSectionsOffset() {
        var offsets: [CGFloat] = []
        let collectionView = make(.continuous) { items, offset, _ in
            offsets.append(offset.x)
            for item in items { item.alpha = max(0, 1 - abs(item.frame.midX - offset.x - 195) / 390) }
        }
        _ = shown(collectionView, 1)
        #expect(offsets.last == 0)
        drag(collectionView, from: CGPoint(x: 300, y: 50), to: CGPoint(x: 200, y: 50), start: 0, duration: 0.5, lift: false)
        collectionView.advance(to: 0.7)
        collectionView.send(Touch(.ended, at: CGPoint(x: 200, y: 50), time: 0.7))
        collectionView.advance(to: 2)
        // Item 1 now shows at 90…240 pt: its middle 165 pt, 30 pt off the centre.
        #expect(close(shown(collectionView, 1)?.alpha ?? 0, 1 - 30.0 / 390, 0.01))
        #expect(close(offsets.last ?? 0, 90, 0.01))
    }
}

/// Item supplementary items (badges) sit on their cells by their anchors.
@MainActor @Suite struct CompositionalBadgeTests {
    /// The badge of Apple's sample: 20 × 20 pt on the top trailing corner, moved out by 30 % of
    /// its size: its top trailing corner at the cell's, plus (6, −6).
    @Test func aBadgeSitsOnItsCellsCorner() throws {
        let badge = NSCollectionLayoutSupplementaryItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(20), heightDimension: .absolute(20)),
            elementKind: "badge", containerAnchor: NSCollectionLayoutAnchor(edges: [.top, .trailing], fractionalOffset: CGPoint(x: 0.3, y: -0.3)))
        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.25), heightDimension: .fractionalHeight(1)),
                                          supplementaryItems: [badge])
        item.contentInsets = NSDirectionalEdgeInsets(top: 5, leading: 5, bottom: 5, trailing: 5)
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(100)),
                                                       subitems: [item])
        let collectionView = makeCollectionView(UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group)), Model(items: 6))
        _ = collectionView.contentSize
        // Item 5: second row, second column: the cell at (97.5 + 5, 100 + 5), 87.5 × 90.
        let cell = frame(collectionView, 5)
        #expect(cell == CGRect(x: 102.5, y: 105, width: 87.5, height: 90))
        let attributes = try #require(collectionView.layoutAttributesForSupplementaryElement(ofKind: "badge", at: IndexPath(item: 5, section: 0)))
        #expect(attributes.frame == CGRect(x: 190 - 14, y: 99, width: 20, height: 20))
        #expect(attributes.zIndex == 1)
        let shown = collectionView.collectionViewLayout.layoutAttributesForElements(in: CGRect(x: 0, y: 0, width: 390, height: 300)) ?? []
        #expect(shown.filter { $0.representedElementKind == "badge" }.count == 6)
    }

    /// An item anchor names the badge's own point that goes on the container's point: the
    /// badge's centre on the cell's bottom edge, 4 pt down.
    @Test func anItemAnchorPlacesTheBadgesOwnPoint() throws {
        let badge = NSCollectionLayoutSupplementaryItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.5), heightDimension: .absolute(10)),
            elementKind: "dot", containerAnchor: NSCollectionLayoutAnchor(edges: [.bottom], absoluteOffset: CGPoint(x: 0, y: 4)),
            itemAnchor: NSCollectionLayoutAnchor(edges: []))
        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(100), heightDimension: .absolute(50)),
                                          supplementaryItems: [badge])
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(50)),
                                                       subitems: [item])
        let collectionView = makeCollectionView(UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group)), Model(items: 2))
        _ = collectionView.contentSize
        // The cell at (100, 0), 100 × 50: the badge 50 × 10 centred at (150, 54).
        let attributes = try #require(collectionView.layoutAttributesForSupplementaryElement(ofKind: "dot", at: IndexPath(item: 1, section: 0)))
        #expect(attributes.frame == CGRect(x: 125, y: 49, width: 50, height: 10))
    }
}
