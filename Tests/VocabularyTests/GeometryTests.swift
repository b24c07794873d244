import Foundation
@testable import Vocabulary
import Testing

@MainActor struct GeometryTests {
    @Test func affineTransform_RotationMapsXOntoY() {
        let quarter = CGAffineTransform(rotationAngle: .pi / 2)
        let p = CGPoint(x: 10, y: 0).applying(quarter)
        #expect(abs(p.x) < 1e-12 && abs(p.y - 10) < 1e-12)
    }

    @Test func affineTransform_ConcatenatingAppliesLeftFirst() {
        let scaleThenMove = CGAffineTransform(scaleX: 2, y: 3).concatenating(CGAffineTransform(translationX: 5, y: -1))
        #expect(CGPoint(x: 1, y: 1).applying(scaleThenMove) == CGPoint(x: 7, y: 2))
        // scaledBy applies the scale before the receiver, as CoreGraphics does.
        let moveThenScale = CGAffineTransform(translationX: 5, y: -1).scaledBy(x: 2, y: 3)
        #expect(CGPoint(x: 1, y: 1).applying(moveThenScale) == CGPoint(x: 7, y: 2))
    }

    @Test func affineTransform_InvertedUndoesIt_AndSingularStaysAsIs() {
        let t = CGAffineTransform(rotationAngle: 0.7).scaledBy(x: 2, y: 0.5).translatedBy(x: 3, y: 4)
        let p = CGPoint(x: 12, y: -7)
        let back = p.applying(t).applying(t.inverted())
        #expect(abs(back.x - p.x) < 1e-12 && abs(back.y - p.y) < 1e-12)
        let singular = CGAffineTransform(scaleX: 0, y: 1)
        #expect(singular.inverted() == singular)
        #expect(CGAffineTransform.identity.isIdentity)
    }

    @Test func affineTransform_RectBoundsTheRotatedCorners() {
        let square = CGRect(x: -1, y: -1, width: 2, height: 2)
        let turned = square.applying(CGAffineTransform(rotationAngle: .pi / 4))
        let half = 2.0.squareRoot()
        #expect(abs(turned.minX + half) < 1e-12 && abs(turned.width - 2 * half) < 1e-12)
    }

    @Test func edgeInsets_ShrinkTheRect() {
        let r = CGRect(x: 0, y: 0, width: 100, height: 50).inset(by: UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        #expect(r == CGRect(x: 2, y: 1, width: 94, height: 46))
    }

    @Test func vector_AngleAndMagnitudeRoundTrip() {
        let v = CGVector(angle: 2.5, magnitude: 3)
        #expect(abs(v.angle - 2.5) < 1e-12 && abs(v.magnitude - 3) < 1e-12)
        #expect(CGVector.zero.magnitude == 0)
    }
}
