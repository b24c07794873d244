import Springframes

/// `springframes-bench contacts`: the contact solver. 40 boxes of 40–60 pt are dropped in five
/// columns into a 400×800 pt reference bounds under gravity (friction 0.4, elasticity 0.2), ten
/// of them on 2 Hz springs from the top, and pile up for 3 s in 1/60 s frames: every step has
/// dozens of contacts, most of them resting.
enum ContactsBenchmark {
    @MainActor static func run(runs: Int, integrator: UIDynamicAnimatorIntegrator) {
        var durations: [Double] = []
        for run in 0...runs {
            let duration = pile(integrator: integrator)
            if run > 0 { durations.append(duration) }   // run 0 warms up
        }
        durations.sort()
        let median = durations[durations.count / 2]
        print("contacts: a 40-box pile, \(integrator.rawValue) integrator, 3 s in 1/60 s frames")
        print("  median of \(runs) runs: \(format(median * 1000, 1)) ms (\(format(3 / median, 1))× real time)")
        print("  runs (ms): \(durations.map { format($0 * 1000, 1) }.joined(separator: " "))")
    }

    /// One timed run's wall time, in seconds.
    @MainActor private static func pile(integrator: UIDynamicAnimatorIntegrator) -> Double {
        var boxes: [PileBox] = []
        for i in 0..<40 {
            let x: Double = 40 + 80 * Double(i % 5), y: Double = 60 + 70 * Double(i / 5)
            let width: Double = 40 + 10 * Double(i % 3), height: Double = 40 + 10 * Double(i % 2)
            boxes.append(PileBox(center: CGPoint(x: x, y: y), size: CGSize(width: width, height: height)))
        }
        let animator = UIDynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 400, height: 800))
        animator.integrator = integrator
        let collision = UICollisionBehavior(items: boxes)
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(collision)
        animator.addBehavior(UIGravityBehavior(items: boxes))
        let material = UIDynamicItemBehavior(items: boxes)
        material.friction = 0.4
        material.elasticity = 0.2
        animator.addBehavior(material)
        for i in 0..<10 {
            let anchorX: Double = 40 + 35 * Double(i)
            let spring = UIAttachmentBehavior(item: boxes[i], attachedToAnchor: CGPoint(x: anchorX, y: 40))
            spring.frequency = 2
            spring.damping = 0.3
            animator.addBehavior(spring)
        }
        let clock = ContinuousClock()
        let start = clock.now
        for _ in 0..<180 { animator.advance(by: 1.0 / 60) }
        return (clock.now - start).inSeconds
    }
}

private final class PileBox: UIDynamicItem {
    var center: CGPoint
    let bounds: CGRect
    var transform = CGAffineTransform.identity

    init(center: CGPoint, size: CGSize) {
        self.center = center
        bounds = CGRect(origin: .zero, size: size)
    }
}
