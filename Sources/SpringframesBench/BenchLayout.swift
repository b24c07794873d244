import Springframes

/// `springframes-bench layout`: what the collection-view layer costs per frame.
@MainActor
enum LayoutBenchmark {
    private final class Items: UICollectionViewDataSource {
        let count: Int
        init(_ count: Int) { self.count = count }
        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { count }
    }

    private static func demoGrid(items: Int) -> (UICollectionView, Items) {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 60, height: 60)
        layout.sectionInset = UIEdgeInsets(top: 16, left: 16, bottom: 16, right: 16)
        let data = Items(items)
        let collectionView = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: layout)
        collectionView.dataSource = data
        return (collectionView, data)
    }

    /// The median of `runs` timed runs of `body` after one warm-up run, in seconds.
    private static func median(runs: Int, _ body: () -> Void) -> Double {
        var durations: [Double] = []
        for run in 0...runs {
            let start = DispatchTime.now().uptimeNanoseconds
            body()
            if run > 0 { durations.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9) }
        }
        return durations.sorted()[durations.count / 2]
    }

    /// Renders `frames` frames at 60 fps of `collectionView` after `script` has been sent, reading
    /// the displayed attributes each frame as a render would.
    private static func frameLoop(_ collectionView: UICollectionView, frames: Int) -> Int {
        var elements = 0
        for frame in 1...frames {
            collectionView.advance(to: Double(frame) / 60)
            elements += collectionView.layoutAttributesForDisplayedElements().count
        }
        return elements
    }

    static func run(runs: Int) {
        let items = 100_000
        let prepare = median(runs: runs) {
            let (collectionView, data) = demoGrid(items: items)
            _ = collectionView.contentSize
            withExtendedLifetime(data) {}
        }
        let (grid, data) = demoGrid(items: items)
        let height = grid.contentSize.height
        let queries = 1000
        var found = 0
        let query = median(runs: runs) {
            for index in 0..<queries {
                let top = height * CGFloat(index) / CGFloat(queries)
                found += grid.collectionViewLayout.layoutAttributesForElements(in: CGRect(x: 0, y: top, width: 390, height: 844))?.count ?? 0
            }
        }
        withExtendedLifetime(data) {}
        print("layout: flow layout of \(items) items, 60×60 pt in 390 pt lines")
        print("  prepare: \(format(prepare * 1000, 2)) ms (median of \(runs) runs)")
        print("  rect query of one screen: \(format(query / Double(queries) * 1e6, 1)) µs (median of \(runs) runs of \(queries))")

        let frames = 180
        let springy = median(runs: runs) {
            let (collectionView, data) = demoGrid(items: 10_000)
            collectionView.addInteraction(SpringyScrollInteraction())
            collectionView.send(Touch(.began, at: CGPoint(x: 200, y: 700), time: 0))
            for step in 1...24 {
                collectionView.send(Touch(.moved, at: CGPoint(x: 200, y: 700 - 20 * CGFloat(step)), time: Double(step) / 120))
            }
            collectionView.send(Touch(.ended, at: CGPoint(x: 200, y: 220), time: 0.2))
            _ = frameLoop(collectionView, frames: frames)
            withExtendedLifetime(data) {}
        }
        print("  springy scroll, 10,000 items, a flick then 3 s at 60 fps: \(format(springy / Double(frames) * 1000, 3)) ms per frame")

        let cluster = median(runs: runs) {
            let (collectionView, data) = demoGrid(items: 1000)
            let interaction = ClusterDragInteraction()
            collectionView.addInteraction(interaction)
            for item in [3, 4, 12] { collectionView.selectItem(at: IndexPath(item: item, section: 0), animated: false) }
            collectionView.send(Touch(.began, at: CGPoint(x: 150, y: 200), time: 0))
            for step in 1...60 {
                collectionView.send(Touch(.moved, at: CGPoint(x: 150 + 2 * CGFloat(step), y: 200 + 6 * CGFloat(step)),
                                          time: 0.6 + Double(step) / 120))
            }
            collectionView.send(Touch(.ended, at: CGPoint(x: 270, y: 560), time: 1.2))
            _ = frameLoop(collectionView, frames: frames)
            withExtendedLifetime(data) {}
        }
        print("  cluster drag of 3 cells, 3 s at 60 fps: \(format(cluster / Double(frames) * 1000, 3)) ms per frame")

        // A compositional grid of 10,000 items: quarters 93.5 pt square, inset 4 pt, 8 pt section insets.
        let compositional = median(runs: runs) {
            let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.25),
                                                                                  heightDimension: .fractionalHeight(1)))
            item.contentInsets = NSDirectionalEdgeInsets(top: 4, leading: 4, bottom: 4, trailing: 4)
            let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1),
                                                                                              heightDimension: .fractionalWidth(0.25)),
                                                           subitems: [item])
            let section = NSCollectionLayoutSection(group: group)
            section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 8, bottom: 0, trailing: 8)
            let collectionView = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 844),
                                                  collectionViewLayout: UICollectionViewCompositionalLayout(section: section))
            let data = Items(10_000)
            collectionView.dataSource = data
            _ = collectionView.contentSize
            _ = collectionView.layoutAttributesForDisplayedElements()
            withExtendedLifetime(data) {}
        }
        print("  compositional grid of 10,000 items (prepare and one screen's query): \(format(compositional * 1000, 2)) ms")

        // A diffable data source: 10,000 items, then a snapshot with 1,000 changes (500 deleted,
        // 300 inserted, 200 moved) applied with animation.
        var first = NSDiffableDataSourceSnapshot<Int, Int>()
        first.appendSections([0])
        first.appendItems(Array(0..<10_000))
        var second = first
        second.deleteItems(Array(stride(from: 0, to: 10_000, by: 20)))
        for k in 0..<300 { second.insertItems([20_000 + k], afterItem: 1 + 20 * k) }
        for k in 0..<200 { second.moveItem(9_999 - 40 * k, beforeItem: 3 + 40 * k) }
        // Only the apply is timed, after one warm-up run; building the first snapshot's view is not.
        var times: [Double] = []
        for run in 0...runs {
            let (collectionView, _) = demoGrid(items: 0)
            let dataSource = UICollectionViewDiffableDataSource<Int, Int>(collectionView: collectionView) { _, _, _ in nil }
            dataSource.apply(first, animatingDifferences: false)
            _ = collectionView.contentSize
            let start = DispatchTime.now().uptimeNanoseconds
            dataSource.apply(second)
            if run > 0 { times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9) }
        }
        let apply = times.sorted()[times.count / 2]
        print("  diffable apply of 10,000 items with 1,000 changes (500 deleted, 300 inserted, 200 moved), animated: "
              + "\(format(apply * 1000, 1)) ms (median of \(runs) runs)")

        // An inset-grouped list of 10,000 rows made by list cells with a content configuration:
        // the first screen (the snapshot applied, the rows' cells made, configured and sized),
        // then a scroll of one screen a frame for 30 frames (new rows sizing themselves as they
        // come in, each round of sizing laying out the whole list again).
        var firstScreen: [Double] = [], scrolled: [Double] = []
        for run in 0...runs {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let collectionView = UICollectionView(frame: window.bounds, collectionViewLayout:
                UICollectionViewCompositionalLayout.list(using: UICollectionLayoutListConfiguration(appearance: .insetGrouped)))
            window.addSubview(collectionView)
            window.makeKeyAndVisible()
            let row = UICollectionView.CellRegistration<UICollectionViewListCell, Int> { cell, _, number in
                var content = cell.defaultContentConfiguration()
                content.text = "Row \(number)"
                content.secondaryText = number.isMultiple(of: 3) ? "Detail" : nil
                cell.contentConfiguration = content
                cell.accessories = [.disclosureIndicator()]
            }
            let dataSource = UICollectionViewDiffableDataSource<Int, Int>(collectionView: collectionView) { collectionView, indexPath, number in
                collectionView.dequeueConfiguredReusableCell(using: row, for: indexPath, item: number)
            }
            let start = DispatchTime.now().uptimeNanoseconds
            dataSource.apply(first, animatingDifferences: false)
            collectionView.layoutIfNeeded()
            let shown = DispatchTime.now().uptimeNanoseconds
            for frame in 1...30 {
                collectionView.contentOffset = CGPoint(x: 0, y: 844 * Double(frame))
                collectionView.layoutIfNeeded()
            }
            let end = DispatchTime.now().uptimeNanoseconds
            if run > 0 {
                firstScreen.append(Double(shown - start) / 1e9)
                scrolled.append(Double(end - shown) / 1e9 / 30)
            }
        }
        print("  inset-grouped list of 10,000 self-sizing rows: apply and first screen \(format(firstScreen.sorted()[runs / 2] * 1000, 1)) ms, "
              + "then \(format(scrolled.sorted()[runs / 2] * 1000, 2)) ms a frame scrolling a screen a frame (median of \(runs) runs)")
    }
}
