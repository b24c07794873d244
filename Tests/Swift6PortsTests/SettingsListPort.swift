import Foundation
import Springframes
import Testing

// A settings screen as iOS 14+ code writes it, compiled as written with `import UIKit` changed:
// an inset-grouped list layout, list cells configured with `defaultContentConfiguration()`,
// accessories, headers from a supplementary registration, and a diffable data source.

final class SettingsViewController: UIViewController {
    enum Section: Int, Hashable, CaseIterable { case network, general }

    struct Row: Hashable {
        let title: String
        var value: String? = nil
        var checked = false
    }

    var collectionView: UICollectionView!
    var dataSource: UICollectionViewDiffableDataSource<Section, Row>!
    let rows: [Section: [Row]] = [
        .network: [Row(title: "Wi-Fi", value: "Home"), Row(title: "Bluetooth", value: "On"), Row(title: "Cellular")],
        .general: [Row(title: "About"), Row(title: "Software Update", checked: true)],
    ]

    override func viewDidLoad() {
        super.viewDidLoad()
        var configuration = UICollectionLayoutListConfiguration(appearance: .insetGrouped)
        configuration.headerMode = .supplementary
        let layout = UICollectionViewCompositionalLayout.list(using: configuration)
        collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: layout)
        collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.addSubview(collectionView)
        configureDataSource()
    }

    private func configureDataSource() {
        let cellRegistration = UICollectionView.CellRegistration<UICollectionViewListCell, Row> { cell, _, row in
            var content = UIListContentConfiguration.valueCell()
            content.text = row.title
            content.secondaryText = row.value
            cell.contentConfiguration = content
            cell.accessories = row.checked ? [.checkmark()] : [.disclosureIndicator()]
        }
        let headerRegistration = UICollectionView.SupplementaryRegistration<UICollectionViewListCell>(
            elementKind: UICollectionView.elementKindSectionHeader) { header, _, indexPath in
            var content = header.defaultContentConfiguration()
            content.text = indexPath.section == 0 ? "Network" : "General"
            header.contentConfiguration = content
        }
        dataSource = UICollectionViewDiffableDataSource<Section, Row>(collectionView: collectionView) { collectionView, indexPath, row in
            collectionView.dequeueConfiguredReusableCell(using: cellRegistration, for: indexPath, item: row)
        }
        dataSource.supplementaryViewProvider = { collectionView, _, indexPath in
            collectionView.dequeueConfiguredReusableSupplementary(using: headerRegistration, for: indexPath)
        }
        var snapshot = NSDiffableDataSourceSnapshot<Section, Row>()
        snapshot.appendSections(Section.allCases)
        for section in Section.allCases { snapshot.appendItems(rows[section]!, toSection: section) }
        dataSource.apply(snapshot, animatingDifferences: false)
    }
}

@MainActor @Suite struct SettingsListPortTests {
    private func shown() -> (UIWindow, SettingsViewController) {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let controller = SettingsViewController()
        window.rootViewController = controller
        window.makeKeyAndVisible()
        controller.collectionView.layoutIfNeeded()
        return (window, controller)
    }

    private func render(_ window: UIWindow) -> Canvas {
        let canvas = Canvas(pointWidth: Double(window.bounds.width), pointHeight: Double(window.bounds.height), scale: 2, background: .white)
        ViewRenderer.draw(window.snapshot(), into: canvas)
        if let path = ProcessInfo.processInfo.environment["SPRINGFRAMES_PORT_PNG"],
           let bytes = try? PNGCodec.encode(canvas) {
            FileManager.default.createFile(atPath: path, contents: Data(bytes))
        }
        return canvas
    }

    @Test func rowsFollowTheInsetGroupedMetrics() throws {
        let (window, controller) = shown()
        let collectionView = controller.collectionView!
        let first = try #require(collectionView.layoutAttributesForItem(at: IndexPath(item: 0, section: 0)))
        // 16 pt margins on a 390 pt list; a 38 pt header above the first row; rows 44 pt.
        #expect(first.frame == CGRect(x: 16, y: 38, width: 358, height: 44))
        let second = try #require(collectionView.layoutAttributesForItem(at: IndexPath(item: 1, section: 0)))
        #expect(second.frame.minY == 82)
        let general = try #require(collectionView.layoutAttributesForItem(at: IndexPath(item: 0, section: 1)))
        #expect(general.frame.minY == 208, "38 + 3 × 44 + 38")
        #expect(collectionView.backgroundColor == .systemGroupedBackground)
        _ = render(window)
    }
}
