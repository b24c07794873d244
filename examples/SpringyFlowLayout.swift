// The Messages-style springy flow layout, as the iOS code is: one attachment per item to its
// layout center, and scrolling that moves each item by its share of the delta. As in the
// article's Objective-C, the animator is made in the initialiser (before `prepare()` can run).
import Springframes

final class SpringyFlowLayout: UICollectionViewFlowLayout {
    var dynamicAnimator: UIDynamicAnimator!

    override init() {
        super.init()
        dynamicAnimator = UIDynamicAnimator(collectionViewLayout: self)
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
        dynamicAnimator = UIDynamicAnimator(collectionViewLayout: self)
    }

    override func prepare() {
        super.prepare()
        let contentSize = collectionViewContentSize
        let items = super.layoutAttributesForElements(in: CGRect(origin: .zero, size: contentSize)) ?? []
        if items.count != dynamicAnimator.behaviors.count {
            dynamicAnimator.removeAllBehaviors()
            for item in items {
                let spring = UIAttachmentBehavior(item: item, attachedToAnchor: item.center)
                // Tuned by eye.
                spring.length = 0
                spring.damping = 1
                spring.frequency = 6.8
                dynamicAnimator.addBehavior(spring)
            }
        }
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        dynamicAnimator.items(in: rect).compactMap { $0 as? UICollectionViewLayoutAttributes }
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        dynamicAnimator.layoutAttributesForCell(at: indexPath)
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        guard let collectionView = collectionView else { return false }
        let scrollDelta = newBounds.origin.y - collectionView.bounds.origin.y
        let touchLocation = collectionView.panGestureRecognizer.location(in: collectionView)
        for case let spring as UIAttachmentBehavior in dynamicAnimator.behaviors {
            let touchDistance = abs(touchLocation.y - spring.anchorPoint.y)
            let resistanceFactor: CGFloat = 0.002
            guard let item = spring.items.first else { continue }
            var center = item.center
            let resistedScroll = scrollDelta * touchDistance * resistanceFactor
            var actualScroll = min(abs(scrollDelta), abs(resistedScroll))
            if scrollDelta < 0 { actualScroll *= -1 }
            center.y += actualScroll
            item.center = center
            dynamicAnimator.updateItem(usingCurrentState: item)
        }
        return false
    }
}
