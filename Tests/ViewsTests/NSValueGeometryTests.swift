import Foundation
import Testing
import Vocabulary
@testable import Views

/// Geometry boxed in `NSValue`, as iOS code hands it to animations (`fromValue`, `values`), is
/// unboxed and interpolated like the plain value: Apple's `NSValue` UIKit and Core Animation
/// additions (`init(cgPoint:)`, `init(caTransform3D:)`, `caTransform3DValue` …).
@MainActor @Suite struct NSValueGeometryTests {
    @Test func boxesRoundTrip() {
        let transform = CATransform3DRotate(CATransform3DMakeScale(0.8, 0.9, 1), 0.3, 0, 0, 1)
        #expect(NSValue(caTransform3D: transform).caTransform3DValue == transform)
        let affine = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        #expect(NSValue(cgAffineTransform: affine).cgAffineTransformValue == affine)
        #expect(NSValue(cgPoint: CGPoint(x: 3, y: 4)).cgPointValue == CGPoint(x: 3, y: 4))
        #expect(NSValue(cgSize: CGSize(width: 5, height: 6)).cgSizeValue == CGSize(width: 5, height: 6))
        #expect(NSValue(cgRect: CGRect(x: 1, y: 2, width: 3, height: 4)).cgRectValue == CGRect(x: 1, y: 2, width: 3, height: 4))
        #expect(NSValue(caTransform3D: transform) == NSValue(caTransform3D: transform))
        // A box of something else reads as the identity, not as garbage.
        #expect(NSValue(cgPoint: .zero).caTransform3DValue == CATransform3DIdentity)
    }

    @Test func boxedTransformsAnimateAsPlainOnes() throws {
        let (window, view) = makeWindowWithView()
        let boxed = CABasicAnimation(keyPath: "transform")
        boxed.fromValue = NSValue(caTransform3D: CATransform3DMakeScale(0.5, 0.5, 1))
        boxed.toValue = NSValue(caTransform3D: CATransform3DIdentity)
        boxed.duration = 1
        view.layer.add(boxed, forKey: "grow")
        window.advance(to: 0.25)
        let presented = try #require(view.layer.presentation())
        // No timing function: linear pacing, Core Animation's default.
        #expect(abs(Double(presented.transform.m11) - 0.625) < 1e-9, "scale \(presented.transform.m11)")
    }

    @Test func boxedPointsAnimateAsPlainOnes() throws {
        let (window, view) = makeWindowWithView()
        let move = CABasicAnimation(keyPath: "position")
        move.fromValue = NSValue(cgPoint: CGPoint(x: 0, y: 0))
        move.toValue = NSValue(cgPoint: CGPoint(x: 100, y: 40))
        move.duration = 2
        view.layer.add(move, forKey: "move")
        window.advance(to: 1)
        let presented = try #require(view.layer.presentation())
        #expect(presented.position == CGPoint(x: 50, y: 20))
    }
}
