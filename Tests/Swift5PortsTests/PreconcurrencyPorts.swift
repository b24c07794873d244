import Foundation
import Springframes
import Testing

// Code written before Swift concurrency, compiled in Swift 5 mode as most iOS libraries still are:
// UIKit's types are main-actor classes imported `@preconcurrency`, so a nonisolated helper that
// reads and writes layout attributes compiles on iOS. The same holds here.

/// An "attributes animator" as carousel and page-transition libraries write one: a plain protocol
/// and struct, not isolated to any actor, that change the attributes they are given.
protocol AttributesAnimator {
    func animate(_ attributes: UICollectionViewLayoutAttributes, distance: CGFloat)
}

struct ZoomAnimator: AttributesAnimator {
    var scale: CGFloat = 0.7

    func animate(_ attributes: UICollectionViewLayoutAttributes, distance: CGFloat) {
        let ratio = max(0, 1 - abs(distance))
        let zoom = scale + (1 - scale) * ratio
        attributes.transform = CGAffineTransform(scaleX: zoom, y: zoom)
        attributes.alpha = 0.5 + 0.5 * ratio
        attributes.zIndex = Int(ratio * 10)
    }
}

/// A nonisolated free function that builds attributes, as layout helpers do.
func makeAttributes(item: Int, frame: CGRect) -> UICollectionViewLayoutAttributes {
    let attributes = UICollectionViewLayoutAttributes(forCellWith: NSIndexPath(item: item, section: 0) as IndexPath)
    attributes.frame = frame
    return attributes
}

@MainActor @Suite struct PreconcurrencyPortTests {
    @Test func aNonisolatedAnimatorChangesAttributesAsOnIOS() {
        let attributes = makeAttributes(item: 3, frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        ZoomAnimator().animate(attributes, distance: 0.5)
        #expect(attributes.indexPath == IndexPath(item: 3, section: 0))
        #expect(abs(attributes.transform.a - 0.85) < 1e-12)
        #expect(attributes.alpha == 0.75 && attributes.zIndex == 5)
        #expect(attributes.size.equalTo(CGSize(width: 200, height: 100)))
    }

    @Test func objectiveCEraValuesArePresent() {
        let path = NSIndexPath(item: 4, section: 2)
        #expect(path.item == 4 && path.row == 4 && path.section == 2)
        #expect(CGPointEqualToPoint(CGPoint(x: 1, y: 2), CGPoint(x: 1, y: 2)))
        #expect(CGRect(x: 10, y: 10, width: -5, height: 5).equalTo(CGRect(x: 5, y: 10, width: 5, height: 5)))
        #expect(MAXFLOAT == Float.greatestFiniteMagnitude)
    }

    /// Carousel layouts copy the flow layout's attributes with `NSArray(array:copyItems: true)`
    /// before changing them. On Linux, Foundation copies only `NSObject`s that way, so the
    /// "copies" are the originals; what keeps this harmless is that the flow layout hands out
    /// fresh attributes from every query, as this checks.
    @Test func theFlowLayoutHandsOutFreshAttributesEachQuery() throws {
        let layout = UICollectionViewFlowLayout()
        let collectionView = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), collectionViewLayout: layout)
        final class Ten: UICollectionViewDataSource {
            func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 10 }
        }
        let source = Ten()
        collectionView.dataSource = source
        _ = collectionView.contentSize                  // the collection view prepares its layout
        let first = try #require(layout.layoutAttributesForElements(in: collectionView.bounds))
        let changed = try #require(NSArray(array: first, copyItems: true) as? [UICollectionViewLayoutAttributes])
        for attributes in changed { attributes.alpha = 0.2 }
        let again = try #require(layout.layoutAttributesForElements(in: collectionView.bounds))
        #expect(again.count == 10 && again.allSatisfy { $0.alpha == 1 })
        withExtendedLifetime(source) {}
    }
}
