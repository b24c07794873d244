import Testing
import Springframes

/// The collection-view example in README.md, as written there.
@MainActor struct ReadmeCollectionViewTests {
    final class Numbers: UICollectionViewDataSource {
        var items = Array(0..<1000)
        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { items.count }
        func collectionView(_ collectionView: UICollectionView, moveItemAt from: IndexPath, to: IndexPath) {
            items.insert(items.remove(at: from.item), at: to.item)
        }
    }

    @Test func rearrangeExampleMovesItemZeroToFive() {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 60, height: 60)
        layout.sectionInset = UIEdgeInsets(top: 16, left: 16, bottom: 16, right: 16)
        let collectionView = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: layout)
        let numbers = Numbers()
        collectionView.dataSource = numbers
        collectionView.addInteraction(RearrangeInteraction())

        collectionView.send(Touch(.began, at: CGPoint(x: 46, y: 46), time: 0))
        collectionView.send(Touch(.moved, at: CGPoint(x: 46, y: 80), time: 0.4))
        collectionView.send(Touch(.moved, at: CGPoint(x: 46, y: 116), time: 0.5))
        collectionView.send(Touch(.ended, at: CGPoint(x: 46, y: 116), time: 0.6))
        collectionView.advance(to: 1.0)

        #expect(Array(numbers.items.prefix(7)) == [1, 2, 3, 4, 5, 0, 6])
        let cells = collectionView.layoutAttributesForDisplayedElements()
        let five = cells.first { $0.indexPath.item == 5 }
        #expect(five?.frame == CGRect(x: 16, y: 86, width: 60, height: 60))
        #expect(five.map { collectionView.itemIdentifier(at: $0.indexPath) } == 0)
        #expect(cells.allSatisfy { !$0.isHidden })
    }
}
