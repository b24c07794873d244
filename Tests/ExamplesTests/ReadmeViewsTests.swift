import Foundation
import Springframes
import Testing

/// The views example in README.md, as written there (the PNG goes to a temporary folder).
@MainActor @Suite struct ReadmeViewsTests {
    final class NumberCell: UICollectionViewCell {
        let label = UILabel()
        required init(frame: CGRect) {
            super.init(frame: frame)
            contentView.backgroundColor = .systemGray5
            contentView.layer.cornerRadius = 8
            label.textAlignment = .center
            contentView.addSubview(label)
            selectedBackgroundView = UIView()
            selectedBackgroundView?.backgroundColor = .systemBlue
        }
        required init?(coder: NSCoder) { nil }
        override func layoutSubviews() {
            super.layoutSubviews()
            label.frame = contentView.bounds
        }
    }

    final class NumbersViewController: UICollectionViewController {
        override func viewDidLoad() {
            super.viewDidLoad()
            collectionView.register(NumberCell.self, forCellWithReuseIdentifier: "number")
        }
        override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 1000 }
        override func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "number", for: indexPath)
            (cell as? NumberCell)?.label.text = "\(indexPath.item)"
            return cell
        }
    }

    @Test func viewsExampleDrawsTheSelectedCell() throws {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 80, height: 80)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        window.rootViewController = NumbersViewController(collectionViewLayout: layout)
        window.makeKeyAndVisible()

        window.send(Touch(.began, at: CGPoint(x: 60, y: 60), time: 0.2))     // tap item 0
        window.send(Touch(.ended, at: CGPoint(x: 60, y: 60), time: 0.3))
        window.advance(to: 0.5)

        let canvas = Canvas(pointWidth: 390, pointHeight: 844, scale: 2, background: .white)
        ViewRenderer.draw(window.snapshot(), into: canvas)                     // the frame at 0.5 s
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("readme-numbers-\(getpid()).png")
        try Data(PNGCodec.encode(canvas)).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }

        let controller = window.rootViewController as? NumbersViewController
        #expect(controller?.collectionView.indexPathsForSelectedItems == [IndexPath(item: 0, section: 0)])
        let decoded = try PNGCodec.read(contentsOf: url)
        // Item 0 fills (0…80, 0…80): its selected background is hidden by the content view's gray,
        // except at the rounded corners, where the blue shows.
        #expect(decoded.pixel(x: 80, y: 80) == Color(rgb: 0xE5E5EA))
        #expect(decoded.pixel(x: 0, y: 0) == Color(rgb: 0x007AFF))
        #expect(decoded.pixel(x: 2 * 85, y: 2 * 40) != Color(rgb: 0x007AFF))
    }
}
