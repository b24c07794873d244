import Foundation
import Testing
import DisplayList
@testable import Views

/// Each animated key path drawn at mid-animation shows what `presentation()` reports.
///
/// Source of the expected values: Apple's documentation of `CAPropertyAnimation.isAdditive`
/// ("the value specified by the animation is added to the current render tree value") and
/// `isCumulative` ("the value of the property is the value at the end of the previous repeat
/// cycle, plus the value of the current repeat cycle"); of `CALayer.presentation()` ("a copy of
/// the layer … as it was at the start of the current transaction, with any active animations
/// applied"), which is what a frame draws.
@MainActor @Suite struct AnimationAsDrawnTests {
    /// The drawn node of `view` (the window's first child) at `time`.
    private func drawnNode(_ window: UIWindow, at time: TimeInterval) -> ViewSnapshot.Node? {
        window.snapshot(at: time).root?.children.first
    }

    /// The scale a node draws at: the length of its transform's first column.
    private func drawnScale(_ node: ViewSnapshot.Node) -> Double {
        (node.transform.a * node.transform.a + node.transform.b * node.transform.b).squareRoot()
    }

    @Test func additiveScaleKeyframePop_DrawsWhatPresentationReports() throws {
        let (window, view) = makeWindowWithView()
        let pop = CAKeyframeAnimation(keyPath: "transform.scale")
        // The pop iOS code writes: 0.2 added to the model's scale of 1 at the middle.
        pop.values = [0, 0.2, 0]
        pop.keyTimes = [0, 0.5, 1]
        pop.duration = 1
        pop.isAdditive = true
        view.layer.add(pop, forKey: "pop")
        window.advance(to: 0.5)
        let presented = try #require(view.layer.presentation())
        #expect(abs(Double(presented.transform.m11) - 1.2) < 1e-9, "presentation() scale \(presented.transform.m11)")
        let node = try #require(drawnNode(window, at: 0.5))
        #expect(abs(drawnScale(node) - Double(presented.transform.m11)) < 1e-9, "drawn at \(drawnScale(node))")
    }

    @Test func absoluteScaleKeyframe_DrawsWhatPresentationReports() throws {
        let (window, view) = makeWindowWithView()
        let grow = CAKeyframeAnimation(keyPath: "transform.scale")
        grow.values = [1, 1.2, 1]
        grow.duration = 1
        view.layer.add(grow, forKey: "grow")
        window.advance(to: 0.5)
        let presented = try #require(view.layer.presentation())
        #expect(abs(Double(presented.transform.m11) - 1.2) < 1e-9)
        let node = try #require(drawnNode(window, at: 0.5))
        #expect(abs(drawnScale(node) - 1.2) < 1e-9, "drawn at \(drawnScale(node))")
    }

    @Test func cumulativeAdditiveRotation_SecondCycleStartsWhereTheFirstEnded() throws {
        let (window, view) = makeWindowWithView()
        let spin = CAKeyframeAnimation(keyPath: "transform.rotation.z")
        spin.values = [0, Double.pi / 4]
        spin.duration = 1
        spin.repeatCount = 2
        spin.isCumulative = true
        spin.isAdditive = true
        view.layer.add(spin, forKey: "spin")
        window.advance(to: 1.5)
        let presented = try #require(view.layer.presentation())
        let angle = atan2(Double(presented.transform.m12), Double(presented.transform.m11))
        // π/4 from the first cycle, plus half of the second cycle's π/4.
        #expect(abs(angle - 3 * Double.pi / 8) < 1e-9, "presentation() angle \(angle)")
        let node = try #require(drawnNode(window, at: 1.5))
        #expect(abs(atan2(node.transform.b, node.transform.a) - angle) < 1e-9)
    }
}
