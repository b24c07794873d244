// The Messages-style springy flow layout, ported whole from the article's Objective-C
// (`DVCollectionViewFlowLayout`): one attachment per item to its place in the flow, and scrolling
// that moves each item by a share of the scroll that grows with its distance from the finger.
//
// The article is Objective-C; this is its line-by-line Swift, with these differences:
// - `import UIKit` → `import Springframes`; the class is `SpringyFlowLayout`.
// - The article's `initr` (a typo that never runs, so its animator would be nil) is `init()`,
//   and the animator is an implicitly unwrapped property made there, before `prepare()` can run.
// - `fabsf`/`abs`/`MIN` → `abs`/`min`; `float` locals → `CGFloat`.
// - `dealloc` → `deinit`.
import Springframes

final class SpringyFlowLayout: UICollectionViewFlowLayout {
    // The animator that moves every item on its spring.
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
        let contentSize = self.collectionViewContentSize
        let items = super.layoutAttributesForElements(in: CGRect(x: 0, y: 0, width: contentSize.width, height: contentSize.height)) ?? []
        if items.count != self.dynamicAnimator.behaviors.count {
            self.dynamicAnimator.removeAllBehaviors()
            for item in items {
                let springBehavior = UIAttachmentBehavior(item: item, attachedToAnchor: item.center)
                // Chosen by eye.
                springBehavior.length = 0
                springBehavior.damping = 1
                springBehavior.frequency = 6.8
                self.dynamicAnimator.addBehavior(springBehavior)
            }
        }
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        return self.dynamicAnimator.items(in: rect) as? [UICollectionViewLayoutAttributes]
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        return self.dynamicAnimator.layoutAttributesForCell(at: indexPath)
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        let scrollDelta = newBounds.origin.y - self.collectionView!.bounds.origin.y
        let touchLocation = self.collectionView!.panGestureRecognizer.location(in: self.collectionView)
        for case let springBehavior as UIAttachmentBehavior in self.dynamicAnimator.behaviors {
            let anchorPoint = springBehavior.anchorPoint
            let touchDistance = abs(touchLocation.y - anchorPoint.y)
            // Chosen by eye.
            let resistanceFactor: CGFloat = 0.002
            let attributes = springBehavior.items.first as! UICollectionViewLayoutAttributes
            var center = attributes.center
            let resistedScroll = scrollDelta * touchDistance * resistanceFactor
            let simpleScroll = scrollDelta
            var actualScroll = min(abs(simpleScroll), abs(resistedScroll))
            if simpleScroll < 0 {
                actualScroll *= -1
            }
            center.y += actualScroll
            attributes.center = center
            self.dynamicAnimator.updateItem(usingCurrentState: attributes)
        }
        return false
    }

    deinit {
        self.dynamicAnimator.removeAllBehaviors()
        self.dynamicAnimator = nil
    }
}
