import Dynamics
import Vocabulary
import Foundation
import Testing
@testable import CollectionLayout

/// An animator made with a collection view layout finds the attributes its behaviors move.
@MainActor @Suite struct AnimatorAttributesTests {
    @Test func decorationViewsAreFoundByKindAndIndexPath() {
        let animator = UIDynamicAnimator(collectionViewLayout: UICollectionViewFlowLayout())
        let badge = UICollectionViewLayoutAttributes(forDecorationViewOfKind: "badge", with: IndexPath(item: 2, section: 0))
        badge.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
        let cell = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: 2, section: 0))
        animator.addBehavior(UIGravityBehavior(items: [badge, cell]))
        #expect(animator.layoutAttributesForDecorationView(ofKind: "badge", at: IndexPath(item: 2, section: 0)) === badge)
        #expect(animator.layoutAttributesForDecorationView(ofKind: "ribbon", at: IndexPath(item: 2, section: 0)) == nil)
        #expect(animator.layoutAttributesForDecorationView(ofKind: "badge", at: IndexPath(item: 3, section: 0)) == nil)
        #expect(animator.layoutAttributesForCell(at: IndexPath(item: 2, section: 0)) === cell)
    }
}
