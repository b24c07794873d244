import Foundation
import Springframes
import Testing

/// The WWDC 2013 "tiling" springy layout, as public iOS code writes it: springs only for the
/// items near the visible rect, added and removed in `prepare()`, which runs again only because
/// the layout's animator invalidates the layout on each of its ticks (its
/// `shouldInvalidateLayout(forBoundsChange:)` returns false).
@MainActor @Suite struct TilingSpringyLayoutTests {
    final class TilingSpringyLayout: UICollectionViewFlowLayout {
        lazy var animator = UIDynamicAnimator(collectionViewLayout: self)
        /// The springs' damping ratio.
        var damping: CGFloat = 0.8
        private var tiled = Set<IndexPath>()
        private var latestDelta: CGFloat = 0
        /// The most springs held at once, and the most items near the visible rect at that moment.
        private(set) var mostSprings = 0
        private(set) var mostNearby = 0

        override func prepare() {
            super.prepare()
            guard let collectionView else { return }
            let near = CGRect(origin: collectionView.bounds.origin, size: collectionView.frame.size).insetBy(dx: -100, dy: -100)
            let items = super.layoutAttributesForElements(in: near) ?? []
            let nearby = Set(items.map(\.indexPath))
            for case let spring as UIAttachmentBehavior in animator.behaviors {
                guard let item = spring.items.first as? UICollectionViewLayoutAttributes, !nearby.contains(item.indexPath) else { continue }
                animator.removeBehavior(spring)
                tiled.remove(item.indexPath)
            }
            let touch = collectionView.panGestureRecognizer.location(in: collectionView)
            for item in items where !tiled.contains(item.indexPath) {
                let spring = UIAttachmentBehavior(item: item, attachedToAnchor: item.center)
                spring.length = 0
                spring.damping = damping
                spring.frequency = 1
                // A newly tiled cell starts where the in-flight scroll has pushed its neighbours.
                if latestDelta != 0 {
                    let resistance = abs(touch.y - spring.anchorPoint.y) / 1500
                    item.center.y += latestDelta < 0 ? max(latestDelta, latestDelta * resistance) : min(latestDelta, latestDelta * resistance)
                }
                animator.addBehavior(spring)
                tiled.insert(item.indexPath)
            }
            mostSprings = max(mostSprings, animator.behaviors.count)
            mostNearby = max(mostNearby, nearby.count)
        }

        override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
            animator.items(in: rect).compactMap { $0 as? UICollectionViewLayoutAttributes }
        }

        override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
            animator.layoutAttributesForCell(at: indexPath) ?? super.layoutAttributesForItem(at: indexPath)
        }

        override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
            guard let collectionView else { return false }
            let delta = newBounds.origin.y - collectionView.bounds.origin.y
            latestDelta = delta
            let touch = collectionView.panGestureRecognizer.location(in: collectionView)
            for case let spring as UIAttachmentBehavior in animator.behaviors {
                guard let item = spring.items.first else { continue }
                let resistance = abs(touch.y - spring.anchorPoint.y) / 1500
                item.center.y += delta < 0 ? max(delta, delta * resistance) : min(delta, delta * resistance)
                animator.updateItem(usingCurrentState: item)
            }
            return false
        }
    }

    final class ListController: UICollectionViewController {
        override func viewDidLoad() {
            super.viewDidLoad()
            collectionView.backgroundColor = .white
            collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "row")
        }

        override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 1000 }

        override func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "row", for: indexPath)
            cell.backgroundColor = .systemBlue
            return cell
        }
    }

    /// Flicked through hundreds of rows: every frame is covered by rows (no white gap as tall as
    /// two rows' pitch, though the springs stretch the 10 pt spacing; without the animator's
    /// invalidation the frames go blank, an 844 pt gap), and the springs never outnumber the rows
    /// near the visible rect.
    @Test func aFlickShowsRowsInEveryFrameWithSpringsOnlyNearTheVisibleRect() throws {
        var layout: TilingSpringyLayout?
        let touches = TouchScript().down(at: 0.1, CGPoint(x: 195, y: 700)).move(to: CGPoint(x: 195, y: 150), duration: 0.1).up()
        let recorder = Recorder(name: "tiling", fps: 20, duration: 3, scale: 1, touches: touches, size: CGSize(width: 390, height: 844)) {
            let tiling = TilingSpringyLayout()
            tiling.itemSize = CGSize(width: 370, height: 44)
            tiling.minimumLineSpacing = 10
            layout = tiling
            return ListController(collectionViewLayout: tiling)
        }
        let frames = Array(0..<recorder.frameCount)
        var longestGap = 0, scrolled: CGFloat = 0
        let canvas = recorder.makeCanvas()
        try recorder.forEachImage(ofFrames: frames, in: canvas) { _, _ in
            // The longest run of background down the middle of the frame.
            var run = 0
            for y in 0..<canvas.height {
                run = canvas.pixel(x: 195, y: y) == Color.white ? run + 1 : 0
                longestGap = max(longestGap, run)
            }
            scrolled = layout?.collectionView?.contentOffset.y ?? 0
        }
        #expect(scrolled > 3000, "the flick went through more than 50 rows (offset \(scrolled))")
        #expect(longestGap < 108, "a white gap of \(longestGap) pt: rows that scrolled in were not tiled")
        let tiling = try #require(layout)
        #expect(tiling.mostSprings > 0 && tiling.mostSprings <= tiling.mostNearby)
        #expect(tiling.mostNearby <= 22, "one row per 54 pt over the 844 pt window and 100 pt either side")
    }
}
