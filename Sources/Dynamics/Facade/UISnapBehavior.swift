import Foundation

/// Moves an item to a point with a damped spring and turns it back upright, as in UIKit.
///
/// The snap is a zero-length spring of `UISnapBehavior.frequency` (3 Hz) from the snap point to the
/// item's center, with the same spring on its rotation. `damping` (0…1, default 0.5) is its damping
/// ratio, kept at least 0.05 so that every snap comes to rest: 0.5 overshoots by about 16 %,
/// 1 not at all.
open class UISnapBehavior: UIDynamicBehavior {
    /// The frequency of the snap spring, in Hz.
    nonisolated public static let frequency = 3.0

    private let item: UIDynamicItem

    public init(item: UIDynamicItem, snapTo point: CGPoint) {
        self.item = item
        snapPoint = point
        super.init()
    }

    open var snapPoint: CGPoint {
        didSet { if snapPoint != oldValue { setNeedsRebuild() } }
    }

    /// 0 oscillates most, 1 least. Default 0.5.
    open var damping: CGFloat = 0.5 {
        didSet { if damping != oldValue { setNeedsRebuild() } }
    }

    override var solverItems: [UIDynamicItem] { [item] }

    override func installJoints(in animator: UIDynamicAnimator) {
        guard let index = animator.bodyIndex(of: item) else { return }
        let stiffness = JointStiffness(hertz: Self.frequency, dampingRatio: min(max(Double(damping), 0.05), 1))
        animator.world.pointJoints.append(
            PointJoint(bodyA: 0, bodyB: index, localA: Vec2(snapPoint), localB: .zero, stiffness: stiffness))
        animator.world.angleJoints.append(
            AngleJoint(bodyA: 0, bodyB: index, referenceAngle: 0, mode: .hold(stiffness)))
    }
}
