import Foundation
import Springframes
import SpringframesTesting
import Testing

// The README's "Collection views as iOS 14 writes them" code, as written there: an inset-grouped
// list fed by a diffable data source, whose rows leave with UIKit's fade when tapped, and a grid
// under a carousel of centred cards that scale as they scroll. Each is recorded and checked
// against committed goldens, as any UI is.

final class ShoppingListViewController: UIViewController, UICollectionViewDelegate {
    var collectionView: UICollectionView!
    var dataSource: UICollectionViewDiffableDataSource<String, String>!

    override func viewDidLoad() {
        super.viewDidLoad()
        var list = UICollectionLayoutListConfiguration(appearance: .insetGrouped)
        list.headerMode = .supplementary
        collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: UICollectionViewCompositionalLayout.list(using: list))
        collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        collectionView.delegate = self
        view.addSubview(collectionView)

        let row = UICollectionView.CellRegistration<UICollectionViewListCell, String> { cell, _, title in
            var content = cell.defaultContentConfiguration()
            content.text = title
            cell.contentConfiguration = content
            cell.accessories = [.disclosureIndicator()]
        }
        let header = UICollectionView.SupplementaryRegistration<UICollectionViewListCell>(
            elementKind: UICollectionView.elementKindSectionHeader) { header, _, indexPath in
            var content = header.defaultContentConfiguration()
            content.text = indexPath.section == 0 ? "Groceries" : "Hardware"
            header.contentConfiguration = content
        }
        dataSource = UICollectionViewDiffableDataSource(collectionView: collectionView) { collectionView, indexPath, title in
            collectionView.dequeueConfiguredReusableCell(using: row, for: indexPath, item: title)
        }
        dataSource.supplementaryViewProvider = { collectionView, _, indexPath in
            collectionView.dequeueConfiguredReusableSupplementary(using: header, for: indexPath)
        }
        var snapshot = NSDiffableDataSourceSnapshot<String, String>()
        snapshot.appendSections(["Groceries", "Hardware"])
        snapshot.appendItems(["Milk", "Eggs", "Bread", "Apples"], toSection: "Groceries")
        snapshot.appendItems(["Nails", "Glue"], toSection: "Hardware")
        dataSource.apply(snapshot, animatingDifferences: false)
    }

    // A tapped row is done: it fades out as the rows below close up, and "Butter" fades in.
    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        guard let done = dataSource.itemIdentifier(for: indexPath) else { return }
        var snapshot = dataSource.snapshot()
        snapshot.deleteItems([done])
        snapshot.insertItems(["Butter"], afterItem: "Milk")
        dataSource.apply(snapshot, animatingDifferences: true)
    }
}

final class CarouselViewController: UIViewController {
    var collectionView: UICollectionView!

    override func viewDidLoad() {
        super.viewDidLoad()
        let layout = UICollectionViewCompositionalLayout { section, environment in
            if section == 0 {
                // Cards 80 % of the width, a card a flick, centred; the off-centre ones shrink.
                let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1),
                                                                                     heightDimension: .fractionalHeight(1)))
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.8),
                                                                                                 heightDimension: .absolute(200)),
                                                               subitems: [item])
                let carousel = NSCollectionLayoutSection(group: group)
                carousel.interGroupSpacing = 12
                carousel.contentInsets = NSDirectionalEdgeInsets(top: 16, leading: 16, bottom: 16, trailing: 16)
                carousel.orthogonalScrollingBehavior = .groupPagingCentered
                carousel.visibleItemsInvalidationHandler = { items, offset, environment in
                    let width = environment.container.contentSize.width
                    for item in items {
                        let distance = abs(item.frame.midX - offset.x - width / 2)
                        let scale = max(0.85, 1 - 0.15 * distance / (width * 0.8))
                        item.transform = CGAffineTransform(scaleX: scale, y: scale)
                    }
                }
                return carousel
            }
            let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0 / 3),
                                                                                 heightDimension: .fractionalHeight(1)))
            item.contentInsets = NSDirectionalEdgeInsets(top: 4, leading: 4, bottom: 4, trailing: 4)
            let row = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1),
                                                                                           heightDimension: .fractionalWidth(1.0 / 3)),
                                                         subitems: [item])
            let grid = NSCollectionLayoutSection(group: row)
            grid.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 12, bottom: 12, trailing: 12)
            return grid
        }
        collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: layout)
        collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        collectionView.backgroundColor = .systemBackground
        view.addSubview(collectionView)
        let tile = UICollectionView.CellRegistration<UICollectionViewCell, Int> { cell, indexPath, number in
            cell.contentView.backgroundColor = indexPath.section == 0 ? .systemIndigo : (number.isMultiple(of: 2) ? .systemTeal : .systemMint)
            cell.contentView.layer.cornerRadius = indexPath.section == 0 ? 16 : 8
        }
        let dataSource = UICollectionViewDiffableDataSource<Int, Int>(collectionView: collectionView) { collectionView, indexPath, number in
            collectionView.dequeueConfiguredReusableCell(using: tile, for: indexPath, item: number)
        }
        var snapshot = NSDiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([0, 1])
        snapshot.appendItems(Array(0..<5), toSection: 0)
        snapshot.appendItems(Array(100..<130), toSection: 1)
        dataSource.apply(snapshot, animatingDifferences: false)
        self.dataSource = dataSource
    }

    var dataSource: UICollectionViewDiffableDataSource<Int, Int>!
}

@MainActor @Suite struct ModernCollectionViewsTests {
    static func shopping() -> Recorder {
        Recorder(name: "shopping", fps: 30, duration: 1.2, scale: 1, touches: TouchScript().tap(at: 0.3, CGPoint(x: 195, y: 104))) {
            ShoppingListViewController()
        }
    }

    static let flick = TouchScript().down(at: 0.2, CGPoint(x: 300, y: 116)).move(to: CGPoint(x: 140, y: 118), duration: 0.12).up()

    static func carousel() -> Recorder {
        Recorder(name: "carousel", fps: 30, duration: 1.5, scale: 1, touches: flick) { CarouselViewController() }
    }

    /// The tapped row ("Eggs", the second: 38 pt of header, rows of 44) fades out while Bread and
    /// Apples close up and Butter fades in; a diffable apply, so the difference is by identifier.
    @Test func aTappedRowLeavesWithUIKitsAnimation() throws {
        let controller = ShoppingListViewController()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        window.rootViewController = controller
        window.makeKeyAndVisible()
        window.send(Touch(.began, at: CGPoint(x: 195, y: 104), time: 0.3))
        window.send(Touch(.ended, at: CGPoint(x: 195, y: 104), time: 0.35))
        #expect(controller.dataSource.lastDifference.deletedItems == ["Eggs"])
        #expect(controller.dataSource.lastDifference.insertedItems == ["Butter"])
        let collectionView = controller.collectionView!
        let eggs = try #require(collectionView.subviews.compactMap { $0 as? UICollectionViewListCell }.first {
            (($0.contentView as? UIListContentView)?.configuration as? UIListContentConfiguration)?.text == "Eggs"
        })
        window.advance(to: 0.5)   // halfway through the 0.3 s animation
        #expect(abs(eggs.alpha - 0.5) < 1e-6)
        #expect(eggs.frame.minY == 82, "Eggs fades where it was")
        window.advance(to: 0.7)
        #expect(eggs.superview == nil)
        #expect(controller.dataSource.snapshot().itemIdentifiers(inSection: "Groceries") == ["Milk", "Butter", "Bread", "Apples"])
    }

    @Test func theShoppingListMatchesItsGoldens() throws {
        try assertRecording(of: Self.shopping(), named: "shopping", every: 3)
    }

    /// One flick pages the carousel one card: the second card settles centred, at full size, its
    /// neighbours shrunk.
    @Test func aFlickCentresTheNextCard() throws {
        let controller = CarouselViewController()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        window.rootViewController = controller
        window.makeKeyAndVisible()
        for touch in Self.flick.touches { window.send(touch) }
        window.advance(to: 1.5)
        let card = try #require(controller.collectionView.cellForItem(at: IndexPath(item: 1, section: 0)))
        #expect(abs(card.center.x - 195) < 0.01)
        #expect(abs(card.transform.a - 1) < 1e-9, "centred: full size")
        let next = try #require(controller.collectionView.cellForItem(at: IndexPath(item: 2, section: 0)))
        #expect(next.transform.a < 0.9, "the next card is smaller: \(next.transform.a)")
    }

    @Test func theCarouselMatchesItsGoldens() throws {
        try assertRecording(of: Self.carousel(), named: "carousel", every: 5)
    }
}
