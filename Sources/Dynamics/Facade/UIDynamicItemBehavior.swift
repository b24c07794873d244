import Foundation

/// Material and motion settings of items, as in UIKit. When several item behaviors set the same
/// item, the one added last wins.
open class UIDynamicItemBehavior: UIDynamicBehavior {
    private var itemList: ItemList
    /// Velocities added before the items joined an animator, applied when they do.
    private var pendingLinear: [(item: UIDynamicItem, velocity: Vec2)] = []
    private var pendingAngular: [(item: UIDynamicItem, velocity: Double)] = []

    public init(items: [UIDynamicItem]) {
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

    /// Restitution of collisions: 0 (default) stops, 1 bounces back at full speed.
    open var elasticity: CGFloat = 0 { didSet { changed(elasticity, oldValue) } }
    /// Coulomb friction between items in contact; 0 by default.
    open var friction: CGFloat = 0 { didSet { changed(friction, oldValue) } }
    /// Mass per area: a 100×100 pt item of density 1 weighs 1 kg. Default 1.
    open var density: CGFloat = 1 { didSet { changed(density, oldValue) } }
    /// Linear damping c, in 1/s: each step the velocity becomes v / (1 + h·c). Default 0.
    open var resistance: CGFloat = 0 { didSet { changed(resistance, oldValue) } }
    /// Angular damping, in 1/s, applied like `resistance`. Default 0.
    open var angularResistance: CGFloat = 0 { didSet { changed(angularResistance, oldValue) } }
    /// Electric charge, which electric and magnetic fields (`UIFieldBehavior`) act on. Default 0.
    open var charge: CGFloat = 0 { didSet { changed(charge, oldValue) } }
    /// An anchored item does not move, but others collide with it. Default false.
    open var isAnchored = false { didSet { if isAnchored != oldValue { setNeedsRebuild() } } }
    /// Whether forces off the center turn the item. Default true.
    open var allowsRotation = true { didSet { if allowsRotation != oldValue { setNeedsRebuild() } } }

    private func changed(_ value: CGFloat, _ oldValue: CGFloat) {
        if value != oldValue { setNeedsRebuild() }
    }

    // MARK: Velocity

    /// Adds `velocity` (points per second) to the item's linear velocity.
    open func addLinearVelocity(_ velocity: CGPoint, for item: UIDynamicItem) {
        let delta = Vec2(velocity)
        if let (animator, index) = body(of: item) {
            animator.world.states[index].velocity += delta
            animator.wake()
        } else if itemList.contains(item) {
            pendingLinear.append((item, delta))
        }
    }

    /// The item's linear velocity, in points per second.
    open func linearVelocity(for item: UIDynamicItem) -> CGPoint {
        if let (animator, index) = body(of: item) {
            return animator.world.states[index].velocity.point
        }
        return pendingLinear.filter { $0.item === item }.reduce(Vec2.zero) { $0 + $1.velocity }.point
    }

    /// Adds `velocity` (radians per second) to the item's angular velocity.
    open func addAngularVelocity(_ velocity: CGFloat, for item: UIDynamicItem) {
        if let (animator, index) = body(of: item) {
            animator.world.states[index].angularVelocity += Double(velocity)
            animator.wake()
        } else if itemList.contains(item) {
            pendingAngular.append((item, Double(velocity)))
        }
    }

    /// The item's angular velocity, in radians per second.
    open func angularVelocity(for item: UIDynamicItem) -> CGFloat {
        if let (animator, index) = body(of: item) {
            return CGFloat(animator.world.states[index].angularVelocity)
        }
        return CGFloat(pendingAngular.filter { $0.item === item }.reduce(0) { $0 + $1.velocity })
    }

    private func body(of item: UIDynamicItem) -> (UIDynamicAnimator, Int)? {
        guard itemList.contains(item), let animator = dynamicAnimator else { return nil }
        animator.rebuildIfNeeded()
        return animator.bodyIndex(of: item).map { (animator, $0) }
    }

    // MARK: Solver

    override var solverItems: [UIDynamicItem] { items }

    override func configureBodies(in animator: UIDynamicAnimator) {
        for item in items {
            guard let index = animator.bodyIndex(of: item) else { continue }
            var properties = animator.world.properties[index]
            properties.density = Double(density)
            properties.friction = max(Double(friction), 0)
            properties.restitution = max(Double(elasticity), 0)
            properties.linearDamping = max(Double(resistance), 0)
            properties.angularDamping = max(Double(angularResistance), 0)
            properties.isAnchored = isAnchored
            properties.allowsRotation = allowsRotation
            properties.charge = Double(charge)
            animator.world.properties[index] = properties
        }
        for (item, velocity) in pendingLinear {
            if let index = animator.bodyIndex(of: item) { animator.world.states[index].velocity += velocity }
        }
        for (item, velocity) in pendingAngular {
            if let index = animator.bodyIndex(of: item) { animator.world.states[index].angularVelocity += velocity }
        }
        pendingLinear = []
        pendingAngular = []
    }
}
