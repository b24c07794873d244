import Vocabulary
import Raster
import Foundation
import DisplayList
import Testing
@testable import Views

/// Layer trees and animations that once crashed without a word or never ended: mask cycles and
/// animation groups that contain themselves stop with a message (as a sublayer cycle does); deep
/// trees and long mask chains draw; many sublayers and animations cost linear time; non-finite
/// durations act at once, as negative ones do.
@Suite struct CoreAnimationCycleTests {
    @Test func aLayerThatIsItsOwnMaskStopsWithAMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let layer = CALayer()
                layer.mask = layer
            }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("CALayer.mask: a layer cannot be its own mask"), "\(message)")
    }

    @Test func twoLayersMaskingEachOtherStopWithAMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let a = CALayer(), b = CALayer()
                a.mask = b
                b.mask = a
            }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("CALayer.mask: the mask (a CALayer) draws this layer (a CALayer) inside itself"), "\(message)")
    }

    @Test func aSublayerMaskedByItsSuperlayerStopsWithAMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let parent = CALayer(), child = CAShapeLayer()
                parent.addSublayer(child)
                child.mask = parent
            }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("the mask (a CALayer) draws this layer (a CAShapeLayer) inside itself"), "\(message)")
    }

    @Test func aLayerAddedUnderItsOwnMaskStopsWithAMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let layer = CALayer(), mask = CALayer()
                layer.mask = mask
                mask.addSublayer(layer)
            }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("CALayer.insertSublayer: the layer tree would have a cycle"), "\(message)")
    }

    /// Each nested mask is drawn on the stack of the one it masks: 1,000 of them overflowed it.
    @Test func nestingMoreMasksThanTheLimitStopsWithAMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                // Built from the bottom up and from the top down: both ends count.
                let top = CALayer(), middle = CALayer()
                var bottom = middle
                for _ in 0..<40 {
                    let mask = CALayer()
                    bottom.mask = mask
                    bottom = mask
                }
                var masked = top
                for _ in 0..<30 {
                    let layer = CALayer()
                    masked.mask = layer
                    masked = layer
                }
                masked.mask = middle
            }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("CALayer.mask: this mask would nest 71 masks inside one another"), "\(message)")
        #expect(message.contains("at most 64 are drawn"), "\(message)")
    }

    @Test func anAnimationGroupThatContainsItselfStopsWithAMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let outer = CAAnimationGroup(), inner = CAAnimationGroup()
                inner.animations = [CABasicAnimation(keyPath: "opacity")]
                outer.animations = [inner]
                inner.animations = [outer]
            }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("CAAnimationGroup.animations: the group would contain itself"), "\(message)")
    }
}

@MainActor @Suite struct CoreAnimationScaleTests {
    /// A mask that is a sublayer of the layer it masks (Core Animation leaves this undefined)
    /// is no cycle: the layer draws, cut by the mask.
    @Test func aSuperlayerMaskedByItsSublayerIsNoCycle() {
        let parent = CALayer(), child = CALayer()
        parent.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        child.frame = CGRect(x: 0, y: 0, width: 10, height: 20)
        child.backgroundColor = UIColor.black.cgColor
        parent.addSublayer(child)
        parent.mask = child
        #expect(parent.mask === child)
    }

    @Test func oneHundredThousandSublayersAreAddedInOrder() {
        let root = CALayer()
        let layers = (0..<100_000).map { _ in CALayer() }
        for layer in layers { root.addSublayer(layer) }
        let middle = CALayer()
        root.insertSublayer(middle, at: 50_000)
        let sublayers = root.sublayers ?? []
        #expect(sublayers.count == 100_001)
        #expect(sublayers[0] === layers[0] && sublayers[50_000] === middle && sublayers[100_000] === layers[99_999])
        #expect(layers.allSatisfy { $0.superlayer === root })
    }

    @Test func tenThousandAnimationsOnOneLayerAreFoundByKeyAndReplaced() {
        let (window, view) = makeWindowWithView()
        for index in 0..<10_000 {
            let animation = CABasicAnimation(keyPath: "opacity")
            animation.fromValue = 0.5
            animation.toValue = 1.0
            animation.duration = 1
            view.layer.add(animation, forKey: "fade\(index)")
        }
        #expect(view.layer.animationKeys()?.count == 10_000)
        #expect((view.layer.animation(forKey: "fade5000") as? CABasicAnimation)?.fromValue as? Double == 0.5)
        let replacement = CABasicAnimation(keyPath: "opacity")
        replacement.toValue = 0.0
        view.layer.add(replacement, forKey: "fade5000")
        #expect(view.layer.animationKeys()?.count == 10_000)
        #expect(view.layer.animationKeys()?.last == "fade5000")
        view.layer.removeAnimation(forKey: "fade0")
        #expect(view.layer.animation(forKey: "fade0") == nil && view.layer.animationKeys()?.count == 9_999)
        window.advance(to: 1.5)
        #expect(view.layer.animationKeys() == nil, "all removed on completion")
    }

    /// Timers due together run in scheduling order, and one an earlier one cancels does not run.
    @Test func timersDueTogetherRunInOrderAndACancelledOneDoesNot() {
        let clock = SimulatedClock()
        var ran: [Int] = []
        var second = 0
        clock.schedule(at: 1) { ran.append(1); clock.cancel(second) }
        second = clock.schedule(at: 1) { ran.append(2) }
        clock.schedule(at: 0.5) { ran.append(0); clock.schedule(at: 0.5) { ran.append(5) } }
        clock.schedule(at: 1) { ran.append(3) }
        clock.advance(to: 2)
        #expect(ran == [0, 5, 1, 3])
    }

    /// A dash of a thousandth of a point along a million points: 10⁹ dashes before. The layer
    /// hands the pattern to the canvas with the path, which dashes only where the clip is: the
    /// 100 pt on screen make 50,000 dashes, under `Path.defaultMaximumDashes`, and all of them.
    @Test func tinyDashesOnALongPathAreMadeOnlyWhereTheyCanBeSeen() throws {
        let layer = CAShapeLayer()
        let line = UIBezierPath()
        line.move(to: CGPoint(x: 0, y: 10))
        line.addLine(to: CGPoint(x: 1_000_000, y: 10))
        layer.path = line.cgPath
        layer.strokeColor = UIColor.black.cgColor
        layer.lineDashPattern = [0.001, 0.001]
        let commands = layer.layerContent(in: CGRect(x: 0, y: 0, width: 100, height: 20), at: 0)
        guard case let .stroke(path, width, _, style) = try #require(commands.last) else {
            Issue.record("no stroke: \(commands)")
            return
        }
        #expect(style.dashes == [0.001, 0.001])
        let canvas = Canvas(pixelWidth: 100, pixelHeight: 20, background: .white)
        #expect(canvas.stroke(path, width: width, with: .solid(.black), style: style), "every visible dash is drawn")
        #expect(canvas.pixel(x: 50, y: 10) != .white)
    }

    static let depth = 2_000

    @Test func twoThousandNestedLayersDraw() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        var parent = window.layer
        for level in 0..<Self.depth {
            let layer = CALayer()
            layer.frame = (level == 0 ? CGRect(x: 0, y: 0, width: 100, height: 100) : parent.bounds).insetBy(dx: 0.02, dy: 0.02)
            layer.backgroundColor = (level % 2 == 0 ? UIColor.red : UIColor.green).cgColor
            parent.addSublayer(layer)
            parent = layer
        }
        parent.backgroundColor = UIColor.blue.cgColor
        window.makeKeyAndVisible()
        let canvas = Canvas(pointWidth: 100, pointHeight: 100, scale: 1, background: .white)
        ViewRenderer.draw(window.snapshot(at: 0), into: canvas)
        #expect(canvas.pixel(x: 50, y: 50) == UIColor.blue.rasterColor)
    }

    @Test func sixtyFourChainedMasksDraw() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        layer.backgroundColor = UIColor.blue.cgColor
        window.layer.addSublayer(layer)
        var masked = layer
        for _ in 0..<CALayer.maximumMaskNesting {
            let mask = CALayer()
            mask.frame = CGRect(x: 0, y: 0, width: 60, height: 100)
            mask.backgroundColor = UIColor.black.cgColor
            masked.mask = mask
            masked = mask
        }
        window.makeKeyAndVisible()
        let canvas = Canvas(pointWidth: 100, pointHeight: 100, scale: 1, background: .white)
        ViewRenderer.draw(window.snapshot(at: 0), into: canvas)
        #expect(canvas.pixel(x: 30, y: 50) == UIColor.blue.rasterColor)
        #expect(canvas.pixel(x: 80, y: 50) == Color.white)
    }
}

/// Durations that are not finite numbers act as negative ones always have: at once.
@MainActor @Suite struct NonFiniteDurationTests {
    @Test(arguments: [Double.infinity, -.infinity, .nan, -1])
    func aPropertyAnimatorOfAnInvalidDurationEndsAtItsValues(_ duration: Double) {
        let (window, view) = makeWindowWithView()
        let animator = UIViewPropertyAnimator(duration: duration, curve: .easeInOut) { view.center = CGPoint(x: 250, y: 50) }
        animator.startAnimation()
        for t in [0.0, 0.1, 1] {
            let center = view.presentation(at: t).center
            #expect(center.x.isFinite && center.y.isFinite, "\(center) at \(t)")
        }
        window.advance(to: 0.1)
        #expect(view.presentation(at: 0.1).center == CGPoint(x: 250, y: 50))
        #expect(animator.state == .inactive)
    }

    @Test(arguments: [(Double.nan, Double.nan), (.infinity, .nan), (.nan, 0), (0.3, .nan), (-1, -1)])
    func animateWithAnInvalidDurationOrDelayReachesItsValues(_ duration: Double, _ delay: Double) {
        let (window, view) = makeWindowWithView()
        var finished: Bool?
        UIView.animate(withDuration: duration, delay: delay, options: [], animations: { view.alpha = 0.25 },
                       completion: { finished = $0 })
        window.advance(to: 1)
        #expect(view.presentation(at: 1).alpha == 0.25)
        #expect(finished == true)
    }
}
