import Foundation
@testable import Examples
import Springframes
import Testing

/// The Messages-style springy layout article, driven as its app would be: a chat list in a
/// collection view controller, scrolled by a finger in a window.
@MainActor @Suite struct MessagesPortTests {
    final class BubbleCell: UICollectionViewCell {
        let label = UILabel()
        required init(frame: CGRect) {
            super.init(frame: frame)
            contentView.backgroundColor = .systemBlue
            contentView.layer.cornerRadius = 18
            label.textColor = .white
            contentView.addSubview(label)
        }
        required init?(coder: NSCoder) { nil }
        override func layoutSubviews() {
            super.layoutSubviews()
            label.frame = contentView.bounds.insetBy(dx: 12, dy: 0)
        }
    }

    final class ChatViewController: UICollectionViewController {
        override func viewDidLoad() {
            super.viewDidLoad()
            collectionView.register(BubbleCell.self, forCellWithReuseIdentifier: "bubble")
        }
        override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 200 }
        override func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "bubble", for: indexPath) as! BubbleCell
            cell.label.text = "Message \(indexPath.item)"
            return cell
        }
    }

    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    let layout = SpringyFlowLayout()
    let controller: ChatViewController

    init() {
        layout.itemSize = CGSize(width: 370, height: 44)
        controller = ChatViewController(collectionViewLayout: layout)
        window.rootViewController = controller
        window.makeKeyAndVisible()
    }

    private func cellY(_ item: Int) -> CGFloat {
        controller.collectionView.cellForItem(at: IndexPath(item: item, section: 0))!.center.y
    }

    @Test func cellsFarFromTheFingerLagAndAllSettleOnTheirSprings() {
        let collectionView = controller.collectionView!
        let near = 8, far = 14                                   // the finger is on item 7
        let home = (cellY(near), cellY(far))
        window.send(Touch(.began, at: CGPoint(x: 200, y: 400), time: 0))
        for step in 1...30 {
            window.send(Touch(.moved, at: CGPoint(x: 200, y: 400 - 4 * CGFloat(step)), time: Double(step) / 120))
        }
        let scrolled = collectionView.contentOffset.y
        #expect(scrolled > 60)
        // In content coordinates a cell that kept up would still be at home; a lagging one has
        // been pushed back by its share of the scroll, more the farther it is from the finger.
        let nearLag = cellY(near) - home.0, farLag = cellY(far) - home.1
        #expect(nearLag >= 0 && farLag > nearLag && farLag <= scrolled, "near \(nearLag), far \(farLag)")
        // The views are where the layout says.
        let attributes = layout.layoutAttributesForItem(at: IndexPath(item: far, section: 0))!
        #expect(collectionView.cellForItem(at: IndexPath(item: far, section: 0))!.center == attributes.center)

        window.send(Touch(.ended, at: CGPoint(x: 200, y: 280), time: 0.26))
        window.advance(to: 6)
        #expect(abs(cellY(far) - home.1) < 0.05 && abs(cellY(near) - home.0) < 0.05)
        #expect(collectionView.visibleCells.count <= 20)
    }
}
