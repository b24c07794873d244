import Foundation
import Springframes
import Testing

/// Traces promise no NaN or infinity from finite input: a view scaled by 1e300 is traced with
/// its scale, not `inf` and `nan` (a·d − b·c and a² + b² overflowed).
@MainActor @Suite struct TraceFinitenessTests {
    @Test(arguments: [(1e300, 0.0), (1e300, Double.pi / 3), (1e-300, 1.0), (3.0, -2.0)])
    func aHugeOrTinyFiniteScaleDecomposesToFiniteValues(_ scale: Double, _ angle: Double) {
        let (a, b) = (scale * cos(angle), scale * sin(angle))
        let (c, d) = (-scale * sin(angle), scale * cos(angle))
        let parts = SceneTrace.Row.decompose(a: a, b: b, c: c, d: d)
        #expect(abs(parts.scaleX / scale - 1) < 1e-12 && abs(parts.scaleY / scale - 1) < 1e-12, "\(parts)")
        #expect(abs(parts.angle - angle) < 1e-12)
    }

    @Test func aLayerScaledBy1e300IsTracedWithFiniteNumbers() throws {
        let trace = try Recorder(fps: 10, duration: 0.1, scale: 1, size: CGSize(width: 100, height: 100)) {
            let view = UIView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
            view.accessibilityIdentifier = "huge"
            view.layer.transform = CATransform3DMakeScale(1e300, 1e300, 1)
            return view
        }.trace()
        let row = try #require(trace.rows.first { $0.id == "huge" })
        let values = [row.x, row.y, row.width, row.height, row.scaleX, row.scaleY, row.angle, row.alpha]
        #expect(values.allSatisfy { $0.isFinite }, "\(values)")
        #expect(abs(row.scaleX / 1e300 - 1) < 1e-12 && abs(row.scaleY / 1e300 - 1) < 1e-12)
    }
}
