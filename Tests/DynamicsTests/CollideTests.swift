import Foundation
import Vocabulary
import Testing
@testable import Dynamics

@MainActor struct CollideTests {
    @Test func collide_BoxesTouchingFaceToFace_GiveTwoPointsAlongTheNormal() {
        var a = BodyProperties(), b = BodyProperties()
        a.size = Vec2(40, 40)
        b.size = Vec2(40, 40)
        let left = ConvexPolygon.body(BodyState(center: Vec2(0, 0), angle: 0, velocity: .zero, angularVelocity: 0), a)
        let right = ConvexPolygon.body(BodyState(center: Vec2(39, 5), angle: 0, velocity: .zero, angularVelocity: 0), b)
        let manifold = Collide.polygons(left, right, speculative: 2, slop: 0.5)
        #expect(manifold?.normal == Vec2(1, 0))
        #expect(manifold?.points.count == 2)
        #expect(manifold?.points.allSatisfy { abs($0.separation + 1) < 1e-12 } == true)
        // The right box overhangs the left one's face by 5 pt: as in Box2D 2.3, the incident face
        // is clipped to the reference face's side planes moved out by the skins (2 pt).
        #expect(manifold?.points.map { $0.point.y }.sorted() == [-15, 22])
        let apart = ConvexPolygon.body(BodyState(center: Vec2(43, 0), angle: 0, velocity: .zero, angularVelocity: 0), b)
        #expect(Collide.polygons(left, apart, speculative: 2, slop: 0.5) == nil)
    }
}
