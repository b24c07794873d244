import Springframes

/// `springframes-bench views`: what views and cells cost per frame, on top of the layout.
@MainActor
enum ViewsBenchmark {
    /// A cell with the built-in look's parts: a rounded content view with a border and a label.
    private final class BenchCell: UICollectionViewCell {
        let label = UILabel()

        required init(frame: CGRect) {
            super.init(frame: frame)
            backgroundColor = .systemGray
            layer.cornerRadius = 8
            contentView.transform = CGAffineTransform(scaleX: 0.8, y: 0.8)
            contentView.layer.borderWidth = 2
            contentView.layer.borderColor = UIColor.lightGray.cgColor
            contentView.layer.cornerRadius = 8
            label.textAlignment = .center
            label.textColor = .white
            contentView.addSubview(label)
        }

        required init?(coder: NSCoder) { nil }

        override func layoutSubviews() {
            super.layoutSubviews()
            label.frame = contentView.bounds
        }
    }

    private final class Grid: UICollectionViewController {
        let count: Int

        init(count: Int, layout: UICollectionViewLayout) {
            self.count = count
            super.init(collectionViewLayout: layout)
        }

        required init?(coder: NSCoder) { nil }

        override func viewDidLoad() {
            super.viewDidLoad()
            collectionView.register(BenchCell.self, forCellWithReuseIdentifier: "cell")
        }

        override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { count }

        override func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
            (cell as? BenchCell)?.label.text = String(indexPath.item)
            return cell
        }
    }

    /// A window over 10,000 items scrolled 10 pt per frame for `frames` frames at 60 fps; per frame
    /// the layout pass (cells dequeued, configured and placed), the snapshot and the drawing at
    /// 1170×2532 px are timed apart, beside the layout's displayed-attributes query alone.
    static func run(runs: Int) {
        let frames = 120
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 60, height: 60)
        layout.sectionInset = UIEdgeInsets(top: 16, left: 16, bottom: 16, right: 16)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let grid = Grid(count: 10_000, layout: layout)
        window.rootViewController = grid
        window.makeKeyAndVisible()
        let canvas = Canvas(pointWidth: 390, pointHeight: 844, scale: 3)
        var pass = 0.0, snapshot = 0.0, draw = 0.0, attributes = 0.0
        var frame = 0
        var nodes = 0
        func clock() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
        // Each run scrolls on from where the last stopped, as a long render would.
        let perRun = {
            for _ in 0..<frames {
                frame += 1
                grid.collectionView.contentOffset.y = CGFloat(frame * 10)
                window.advance(to: Double(frame) / 60)
                grid.collectionView.setNeedsLayout()
                var start = clock()
                _ = grid.collectionView.layoutAttributesForDisplayedElements()
                attributes += clock() - start
                start = clock()
                window.layoutIfNeeded()
                pass += clock() - start
                start = clock()
                let shown = window.snapshot()
                snapshot += clock() - start
                nodes = count(shown.root)
                start = clock()
                canvas.clear(.white)
                ViewRenderer.draw(shown, into: canvas)
                draw += clock() - start
            }
        }
        var attributeTimes: [Double] = [], passTimes: [Double] = [], snapshotTimes: [Double] = [], drawTimes: [Double] = []
        for run in 0...runs {
            attributes = 0; pass = 0; snapshot = 0; draw = 0
            perRun()
            guard run > 0 else { continue }
            attributeTimes.append(attributes / Double(frames) * 1000)
            passTimes.append(pass / Double(frames) * 1000)
            snapshotTimes.append(snapshot / Double(frames) * 1000)
            drawTimes.append(draw / Double(frames) * 1000)
        }
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        let cells = grid.collectionView.visibleCells.count
        print("views: 10,000 items in a flow layout, \(cells) cells on screen (\(nodes) views in the snapshot), "
              + "scrolling 10 pt per frame; medians of \(runs) runs of \(frames) frames")
        print(String(format: "  displayed attributes alone   %7.3f ms/frame", median(attributeTimes)))
        print(String(format: "  layout pass (cells placed)   %7.3f ms/frame", median(passTimes)))
        print(String(format: "  snapshot of the window       %7.3f ms/frame", median(snapshotTimes)))
        print(String(format: "  drawing at 1170×2532 px      %7.3f ms/frame", median(drawTimes)))
    }

    private static func count(_ node: ViewSnapshot.Node?) -> Int {
        guard let node else { return 0 }
        return 1 + node.children.reduce(0) { $0 + count($1) }
    }
}
