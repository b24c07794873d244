import Foundation
import Springframes
import Testing

// A collection view as iOS 14+ code writes it, compiled as written with `import UIKit` changed:
// a compositional grid, cells from a registration, data from a diffable data source, and a
// snapshot applied with animation when the model changes.

final class ColorGridViewController: UIViewController {
    enum Section: Hashable { case main }

    struct Swatch: Hashable {
        let id: Int
        let hue: CGFloat
    }

    var collectionView: UICollectionView!
    var dataSource: UICollectionViewDiffableDataSource<Section, Swatch>!
    private(set) var swatches = (0..<12).map { Swatch(id: $0, hue: CGFloat($0) / 12) }

    override func viewDidLoad() {
        super.viewDidLoad()
        collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: createLayout())
        collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.addSubview(collectionView)
        configureDataSource()
    }

    private func createLayout() -> UICollectionViewLayout {
        let itemSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.25), heightDimension: .fractionalHeight(1.0))
        let item = NSCollectionLayoutItem(layoutSize: itemSize)
        item.contentInsets = NSDirectionalEdgeInsets(top: 4, leading: 4, bottom: 4, trailing: 4)
        let groupSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .fractionalWidth(0.25))
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: groupSize, subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 8, bottom: 0, trailing: 8)
        return UICollectionViewCompositionalLayout(section: section)
    }

    private func configureDataSource() {
        let cellRegistration = UICollectionView.CellRegistration<UICollectionViewCell, Swatch> { cell, indexPath, swatch in
            cell.contentView.backgroundColor = UIColor(hue: swatch.hue, saturation: 0.7, brightness: 0.9, alpha: 1)
            cell.contentView.layer.cornerRadius = 8
        }
        dataSource = UICollectionViewDiffableDataSource<Section, Swatch>(collectionView: collectionView) {
            (collectionView: UICollectionView, indexPath: IndexPath, swatch: Swatch) -> UICollectionViewCell? in
            return collectionView.dequeueConfiguredReusableCell(using: cellRegistration, for: indexPath, item: swatch)
        }
        var snapshot = NSDiffableDataSourceSnapshot<Section, Swatch>()
        snapshot.appendSections([.main])
        snapshot.appendItems(swatches)
        dataSource.apply(snapshot, animatingDifferences: false)
    }

    /// Removes every third swatch and shuffles two, animated.
    func shuffle() {
        swatches.removeAll { $0.id % 3 == 0 }
        swatches.swapAt(0, 5)
        var snapshot = NSDiffableDataSourceSnapshot<Section, Swatch>()
        snapshot.appendSections([.main])
        snapshot.appendItems(swatches)
        dataSource.apply(snapshot, animatingDifferences: true)
    }
}

@MainActor @Suite struct ModernCollectionViewPortTests {
    @Test func theGridLaysOutAndAnimatesAChange() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let controller = ColorGridViewController()
        window.rootViewController = controller
        window.makeKeyAndVisible()
        let collectionView = controller.collectionView!
        collectionView.layoutIfNeeded()
        // 374 pt of content (8 pt insets) in quarters of 93.5 pt, each cell inset 4 pt; rows a
        // quarter of the section's width too, since a group's fractions are of its section's.
        #expect(collectionView.layoutAttributesForItem(at: IndexPath(item: 5, section: 0))?.frame
                == CGRect(x: 8 + 93.5 + 4, y: 93.5 + 4, width: 85.5, height: 85.5))
        #expect(collectionView.frame == window.bounds)
        #expect(collectionView.visibleCells.count == 12)
        controller.shuffle()
        #expect(controller.dataSource.lastDifference.deletedItems.map(\.id) == [0, 3, 6, 9])
        #expect(controller.dataSource.lastDifference.movedItems.map(\.id) == [8, 1], "a swap is two moves")
        window.advance(to: window.currentTime + 1)
        collectionView.layoutIfNeeded()
        #expect(collectionView.visibleCells.count == 8)
        #expect(controller.dataSource.itemIdentifier(for: IndexPath(item: 0, section: 0))?.id == 8)
    }
}
