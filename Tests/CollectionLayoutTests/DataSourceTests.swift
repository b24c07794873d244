import Foundation
import Testing
@testable import CollectionLayout

/// UIKit asks the data source for its counts lazily: at the first layout pass or query after the
/// data source is assigned or `reloadData` is called, never at the assignment itself.
@MainActor @Suite struct DataSourceTests {
    /// A data source that counts how often it is asked, over a model filled later.
    final class Source: UICollectionViewDataSource {
        var names: [String] = []
        private(set) var countRequests = 0

        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
            countRequests += 1
            return names.count
        }

        func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
        }
    }

    /// A controller wired as a storyboard wires it: the data source is connected before
    /// `viewDidLoad`, which fills the model.
    final class StoryboardController: UIViewController {
        let source = Source()
        let collectionView: UICollectionView

        init() {
            let layout = UICollectionViewFlowLayout()
            layout.itemSize = CGSize(width: 50, height: 50)
            collectionView = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: layout)
            collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
            collectionView.dataSource = source          // the outlet, connected while the nib loads
            super.init(nibName: nil, bundle: nil)
        }

        required init?(coder: NSCoder) { nil }

        override func viewDidLoad() {
            super.viewDidLoad()
            view.addSubview(collectionView)
            source.names = (0..<30).map { "Item \($0)" }
        }
    }

    @Test func storyboardOrder_TheModelFilledInViewDidLoadShows() {
        let controller = StoryboardController()
        #expect(controller.source.countRequests == 0, "assigning the data source asks nothing")
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        window.rootViewController = controller
        window.makeKeyAndVisible()
        #expect(controller.collectionView.numberOfItems(inSection: 0) == 30)
        #expect(controller.collectionView.visibleCells.count == 30)
    }

    @Test func reloadData_AsksAgainAtTheNextQueryNotBefore() {
        let source = Source()
        source.names = ["a", "b"]
        let collectionView = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 844),
                                              collectionViewLayout: UICollectionViewFlowLayout())
        collectionView.dataSource = source
        #expect(source.countRequests == 0)
        #expect(collectionView.numberOfItems(inSection: 0) == 2)
        let asked = source.countRequests
        #expect(asked == 1)
        source.names.append("c")
        #expect(collectionView.numberOfItems(inSection: 0) == 2, "the counts are the data source's answer until reloadData")
        collectionView.reloadData()
        #expect(source.countRequests == asked, "reloadData itself asks nothing")
        #expect(collectionView.numberOfItems(inSection: 0) == 3)
        #expect(source.countRequests == asked + 1)
    }

    @Test func aSelectionMadeBeforeTheFirstLayoutIsKept() {
        let source = Source()
        source.names = (0..<10).map(String.init)
        let collectionView = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 844),
                                              collectionViewLayout: UICollectionViewFlowLayout())
        collectionView.dataSource = source
        collectionView.selectItem(at: IndexPath(item: 3, section: 0), animated: false)
        collectionView.layoutIfNeeded()
        #expect(collectionView.indexPathsForSelectedItems == [IndexPath(item: 3, section: 0)])
    }
}
