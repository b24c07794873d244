@testable import Dynamics
import Foundation
import Testing
@testable import Views

/// Collisions with paths: boundaries from a `UIBezierPath`, and views outlined by
/// `collisionBoundingPath`.
@MainActor @Suite struct DynamicPathTests {
    /// A triangle, flat side down: its base 25 pt below its centre.
    final class Triangle: UIView {
        override var collisionBoundsType: UIDynamicItemCollisionBoundsType { .path }
        override var collisionBoundingPath: UIBezierPath {
            let path = UIBezierPath()
            path.move(to: CGPoint(x: -50, y: 25))
            path.addLine(to: CGPoint(x: 50, y: 25))
            path.addLine(to: CGPoint(x: 0, y: -25))
            path.close()
            return path
        }
    }

    private func drop(_ view: UIView, onFloorAt y: CGFloat, for seconds: Double = 2) {
        let animator = UIDynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 400, height: 800))
        let collision = UICollisionBehavior(items: [view])
        collision.addBoundary(withIdentifier: "floor" as NSCopying, from: CGPoint(x: 0, y: y), to: CGPoint(x: 400, y: y))
        animator.addBehavior(collision)
        animator.addBehavior(UIGravityBehavior(items: [view]))
        animator.advance(by: seconds)
    }

    @Test func aViewCollidesAsItsBoundingPath() {
        let triangle = Triangle(frame: CGRect(x: 150, y: 100, width: 100, height: 100))
        drop(triangle, onFloorAt: 500)
        // Resting on its base: the centre 25 pt above the floor (its bounds would keep it 50 above),
        // less Box2D 2.3's skins, which keep shapes 1.5–2 pt apart.
        #expect((473...473.6).contains(triangle.center.y), "\(triangle.center)")
        let square = UIView(frame: CGRect(x: 150, y: 100, width: 100, height: 100))
        drop(square, onFloorAt: 500)
        #expect((448...448.6).contains(square.center.y), "\(square.center)")
        #expect(square.collisionBoundingPolygon == nil)
        #expect(triangle.collisionBoundingPolygon?.count == 4)
    }

    @Test func aCircularBoundaryHoldsAnItemInside() {
        let card = UIView(frame: CGRect(x: 170, y: 370, width: 60, height: 60))
        let animator = UIDynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 400, height: 800))
        let collision = UICollisionBehavior(items: [card])
        let bowl = UIBezierPath(ovalIn: CGRect(x: 50, y: 250, width: 300, height: 300))
        collision.addBoundary(withIdentifier: "bowl" as NSCopying, for: bowl)
        animator.addBehavior(collision)
        animator.addBehavior(UIGravityBehavior(items: [card]))
        var deepest: CGFloat = 0
        for _ in 0..<120 {
            animator.advance(by: 1.0 / 60)
            deepest = max(deepest, card.center.y)
        }
        // The bowl's bottom is at y 550; a 60 pt card resting on the (flattened) circle sits
        // with its centre no lower than 520.
        #expect(deepest < 521, "\(deepest)")
        #expect(card.center.y > 500, "it fell to the bottom: \(card.center)")
        #expect(collision.boundary(withIdentifier: "bowl" as NSCopying) === bowl)
        #expect(collision.boundaryIdentifiers == ["bowl"])
    }

    @Test func aTwoPointBoundaryIsReturnedAsALine() {
        let collision = UICollisionBehavior(items: [])
        collision.addBoundary(withIdentifier: "wall" as NSCopying, from: CGPoint(x: 0, y: 10), to: CGPoint(x: 100, y: 10))
        let path = collision.boundary(withIdentifier: "wall" as NSCopying)
        #expect(path?.polylines() == [[CGPoint(x: 0, y: 10), CGPoint(x: 100, y: 10)]])
        #expect(collision.boundary(withIdentifier: "none" as NSCopying) == nil)
        collision.removeBoundary(withIdentifier: "wall" as NSCopying)
        #expect(collision.boundary(withIdentifier: "wall" as NSCopying) == nil)
    }

    @Test func aConcaveOutlineCollidesAsItsHull() {
        // Four points with a notch: the hull drops the notch's inner point.
        let points = [Vec2(-50, 50), Vec2(0, 20), Vec2(50, 50), Vec2(0, -50)]
        guard case .polygon(let hull)? = BodyShape.hull(points) else {
            Issue.record("no hull")
            return
        }
        #expect(hull.count == 3 && !hull.contains(Vec2(0, 20)))
        // In the order collision expects (a box's): a positive signed area in screen coordinates.
        let area = hull.indices.reduce(0.0) { $0 + cross(hull[$1], hull[($1 + 1) % hull.count]) }
        #expect(area > 0)
        // Fewer than three points, or all on a line: no polygon (the item collides as its bounds).
        #expect(BodyShape.hull([Vec2(0, 0), Vec2(1, 1), Vec2(2, 2)]) == nil)
    }
}
