import Foundation
import Vocabulary

/// A force on items, as in UIKit: continuous (a force every step) or instantaneous (one impulse).
/// Magnitude 1 on a 100×100 pt item of density 1 (1 kg) accelerates it at 100 points/s², or, as
/// an instantaneous push, changes its speed by 100 points/s; heavier items move less.
open class UIPushBehavior: UIDynamicBehavior {
    public enum Mode: Int, Sendable {
        case continuous
        case instantaneous
    }

    public let mode: Mode
    private var itemList: ItemList
    private var offsets: [(item: UIDynamicItem, offset: UIOffset)] = []

    public init(items: [UIDynamicItem], mode: Mode) {
        self.mode = mode
        itemList = ItemList(items)
        super.init()
    }

    open var items: [UIDynamicItem] { itemList.items }

    open func addItem(_ item: UIDynamicItem) {
        if itemList.insert(item) { setNeedsRebuild() }
    }

    open func removeItem(_ item: UIDynamicItem) {
        if itemList.remove(item) { setNeedsRebuild() }
    }

    /// Whether the push acts. An instantaneous push sets it back to false once it has acted;
    /// set it to true again to push again.
    open var active = true {
        didSet { if active != oldValue { setNeedsRebuild() } }
    }

    private var stored = PolarVector(angle: 0, magnitude: 0, vector: CGVector(dx: 0, dy: 0))

    /// The force vector, in UIKit Newtons (1 accelerates a 1 kg item at 100 points/s²). Default (0, 0).
    /// Setting it sets `magnitude` to its length and `angle` to its direction; a zero vector keeps
    /// the angle, so a later `magnitude` pushes the way `angle` said.
    open var pushDirection: CGVector {
        get { stored.vector }
        set { if stored.set(vector: newValue) { setNeedsRebuild() } }
    }

    /// The direction of the force, in radians. Default 0. Independent of `magnitude`: either may be set first.
    open var angle: CGFloat {
        get { stored.angle }
        set { setStored(angle: newValue, magnitude: stored.magnitude) }
    }

    /// The length of the force vector; negative reverses it. Default 0 (no force).
    open var magnitude: CGFloat {
        get { stored.magnitude }
        set { setStored(angle: stored.angle, magnitude: newValue) }
    }

    open func setAngle(_ angle: CGFloat, magnitude: CGFloat) {
        setStored(angle: angle, magnitude: magnitude)
    }

    private func setStored(angle: CGFloat, magnitude: CGFloat) {
        if stored.set(angle: angle, magnitude: magnitude) { setNeedsRebuild() }
    }

    /// Applies the force at `offset` from the item's center, in the item's own frame (it turns the item).
    open func setTargetOffsetFromCenter(_ offset: UIOffset, for item: UIDynamicItem) {
        offsets.removeAll { $0.item === item }
        if offset != .zero { offsets.append((item, offset)) }
        setNeedsRebuild()
    }

    open func targetOffsetFromCenter(for item: UIDynamicItem) -> UIOffset {
        offsets.first { $0.item === item }?.offset ?? .zero
    }

    // MARK: Solver

    /// The force in kg·points/s² (or, instantaneous, the impulse in kg·points/s).
    private var solverForce: Vec2 {
        100 * Vec2(Double(pushDirection.dx), Double(pushDirection.dy))
    }

    override var solverItems: [UIDynamicItem] { items }

    override func configureBodies(in animator: UIDynamicAnimator) {
        guard mode == .continuous, active else { return }
        let force = solverForce
        for item in items {
            guard let index = animator.bodyIndex(of: item) else { continue }
            let offset = Vec2(targetOffsetFromCenter(for: item))
            animator.world.properties[index].force += force
            animator.world.properties[index].forceMomentCross += cross(offset, force)
            animator.world.properties[index].forceMomentDot += dot(offset, force)
        }
    }

    /// Gives each item the impulse once, then turns the push off.
    func applyInstantaneousPush(in animator: UIDynamicAnimator) {
        guard mode == .instantaneous, active else { return }
        let impulse = solverForce
        for item in items {
            guard let index = animator.bodyIndex(of: item) else { continue }
            let properties = animator.world.properties[index]
            let lever = Rot(angle: animator.world.states[index].angle).rotate(Vec2(targetOffsetFromCenter(for: item)))
            animator.world.states[index].velocity += properties.invMass * impulse
            animator.world.states[index].angularVelocity += properties.invInertia * cross(lever, impulse)
        }
        active = false
    }
}
