import Foundation
@testable import Examples
import Springframes
import Testing

/// The drag-and-rearrange article, driven as its app would be: a view controller whose collection
/// view has the article's layout, a long press that picks a cell up, a drag that moves the data.
@MainActor @Suite struct RearrangePortTests {
    final class ColourCell: UICollectionViewCell {
        let label = UILabel()
        required init(frame: CGRect) {
            super.init(frame: frame)
            label.textAlignment = .center
            contentView.addSubview(label)
        }
        required init?(coder: NSCoder) { nil }
        override func layoutSubviews() {
            super.layoutSubviews()
            label.frame = contentView.bounds
        }
    }

    static func colour(of value: Int) -> UIColor {
        UIColor(hue: CGFloat(value % 12) / 12, saturation: 0.6, brightness: 0.9, alpha: 1)
    }

    final class RearrangeViewController: UIViewController, UICollectionViewDataSource, KDRearrangeableCollectionViewDelegate {
        var data = Array(0..<200)
        let layout = KDRearrangeableCollectionViewFlowLayout()
        lazy var collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: layout)

        override func viewDidLoad() {
            super.viewDidLoad()
            layout.itemSize = CGSize(width: 80, height: 80)
            collectionView.register(ColourCell.self, forCellWithReuseIdentifier: "cell")
            collectionView.dataSource = self
            collectionView.delegate = self
            view.addSubview(collectionView)
            layout.setup()
        }

        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { data.count }

        func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath) as! ColourCell
            cell.backgroundColor = RearrangePortTests.colour(of: data[indexPath.item])
            cell.label.text = "\(data[indexPath.item])"
            return cell
        }

        func moveDataItem(_ fromIndexPath: IndexPath, toIndexPath: IndexPath) {
            let value = data.remove(at: fromIndexPath.item)
            data.insert(value, at: toIndexPath.item)
        }
    }

    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    let controller = RearrangeViewController()

    init() {
        window.rootViewController = controller
        window.makeKeyAndVisible()
    }

    private func gridCenter(_ item: Int) -> CGPoint {
        controller.layout.layoutAttributesForItem(at: IndexPath(item: item, section: 0))!.center
    }

    private func drag(from: CGPoint, to: CGPoint, start: TimeInterval, steps: Int = 20) {
        window.send(Touch(.began, at: from, time: start))
        for step in 1...steps {
            let p = CGFloat(step) / CGFloat(steps)
            window.send(Touch(.moved, at: CGPoint(x: from.x + (to.x - from.x) * p, y: from.y + (to.y - from.y) * p),
                              time: start + 0.3 + 0.3 * Double(p)))
        }
    }

    @Test func aDraggedSnapshotFollowsTheFingerAndTheDataMoves() {
        let from = gridCenter(0), to = gridCenter(5)
        let source = controller.collectionView.cellForItem(at: IndexPath(item: 0, section: 0))!
        drag(from: from, to: to, start: 0)
        #expect(Array(controller.data.prefix(7)) == [1, 2, 3, 4, 5, 0, 6])
        #expect(source.isHidden && controller.collectionView.indexPath(for: source) == IndexPath(item: 5, section: 0))
        // The snapshot is on the canvas (the controller's view), under the finger.
        let snapshot = controller.view.subviews.last!
        #expect(snapshot !== controller.collectionView)
        #expect(abs(snapshot.center.x - to.x) < 1e-9 && abs(snapshot.center.y - to.y) < 1e-9)
        #expect(pixel(of: window, at: CGPoint(x: Int(snapshot.frame.minX) + 4, y: Int(snapshot.frame.minY) + 4))
                == RearrangePortTests.colour(of: 0).rasterColor)

        window.send(Touch(.ended, at: to, time: 0.7))
        #expect(snapshot.superview == nil && !source.isHidden)
        let cell5 = controller.collectionView.cellForItem(at: IndexPath(item: 5, section: 0)) as? ColourCell
        #expect(cell5?.label.text == "0" && cell5?.center == to)
    }

    @Test func aSnapshotAtTheBottomEdgePagesAndLooksAgainAfterAPause() {
        let from = gridCenter(1)
        let edge = CGPoint(x: from.x, y: 844 - 30)              // the snapshot reaches the 20 pt strip
        drag(from: from, to: edge, start: 0)
        let collectionView = controller.collectionView
        window.advance(to: 0.75)
        #expect(collectionView.contentOffset.y > 0, "scrolling to the next page")
        window.advance(to: 1.35)
        #expect(collectionView.contentOffset.y == 844)
        // 0.8 s after the page began (the finger reached the strip at 0.6 s) the handler runs
        // again and, the snapshot still at the edge, pages on.
        window.advance(to: 1.45)
        #expect(collectionView.contentOffset.y > 844)
        window.advance(to: 2.1)
        #expect(collectionView.contentOffset.y == 1688)
    }
}
