import Foundation
import Vocabulary

/// Told when the animator stops because everything is at rest, and when it starts again.
@preconcurrency @MainActor
public protocol UIDynamicAnimatorDelegate: AnyObject {
    func dynamicAnimatorWillResume(_ animator: UIDynamicAnimator)
    func dynamicAnimatorDidPause(_ animator: UIDynamicAnimator)
}

extension UIDynamicAnimatorDelegate {
    public func dynamicAnimatorWillResume(_ animator: UIDynamicAnimator) {}
    public func dynamicAnimatorDidPause(_ animator: UIDynamicAnimator) {}
}

/// How the animator integrates springs and forces.
public enum UIDynamicAnimatorIntegrator: String, Sendable, CaseIterable {
    /// The physics of the spring itself: springs and forces by the trapezoidal rule at
    /// `stepDuration` (1/960 s by default), rigid joints and contacts in Box2D v3's soft step.
    /// A zero-length spring follows the closed-form damped oscillator to a fraction of a percent.
    case exact
    /// What a device shows: Box2D 2.x as UIKit steps it, implicit Euler at 1/120 s. A spring obeys
    /// v₊ = (v − hω²x)/(1 + 2ζωh + ω²h²), x₊ = x + h·v₊, and a zero-length attachment has Box2D's
    /// 0.5 pt dead zone around its anchor, where it pulls no more.
    case uikit
}

/// Runs dynamic behaviors on items, headless: UIKit's `UIDynamicAnimator` with simulated time.
///
/// No display link drives it: call `advance(by:)` to move it forward. Time advances in whole fixed
/// steps from 0, and a remainder carries over to the next call, so the motion never depends on
/// how the calls are chunked: 300 calls of 1/60 s and one call of 5 s leave items in the same place.
///
///     let animator = UIDynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 390, height: 844))
///     let spring = UIAttachmentBehavior(item: card, attachedToAnchor: CGPoint(x: 195, y: 300))
///     spring.length = 0
///     spring.frequency = 2
///     spring.damping = 0.3
///     animator.addBehavior(spring)
///     animator.advance(by: 1.0 / 60)   // card.center is now 1/60 s along
///
/// The animator pauses when every item has been at rest (speed ≤ 1 pt/s, rotation ≤ 2°/s) for
/// 0.5 s, telling its delegate, and resumes when a behavior or an item changes. Pausing stops the
/// items (their velocities become zero), as Box2D's sleep does.
@preconcurrency @MainActor
open class UIDynamicAnimator {
    /// The step of the `.exact` integrator: 1/960 s, so that frames at 24, 30, 60 and 120 fps fall
    /// on whole steps.
    nonisolated public static let defaultStepDuration: TimeInterval = 1.0 / 960
    /// The step the `.uikit` integrator takes by default: 1/120 s.
    nonisolated public static let uikitStepDuration: TimeInterval = 1.0 / 120

    /// How UIKit's Box2D applied `resistance` (linear damping) each step.
    public enum ResistanceModel: String, Sendable, CaseIterable {
        /// v ← v·clamp(1 − h·c, 0, 1): Box2D 2.2 and earlier, the Box2D of iOS 7 (PhysicsKit
        /// shipped with iOS 7 in September 2013).
        case linearClamped
        /// v ← v/(1 + h·c): Box2D's form from late October 2013 (2.3.0) on.
        case pade
    }

    /// Stands in for UIKit's reference view: the rectangle that `translatesReferenceBoundsIntoBoundary`
    /// turns into walls.
    open var referenceBounds: CGRect {
        didSet { setNeedsRebuild() }
    }

    public init(referenceBounds: CGRect) {
        self.referenceBounds = referenceBounds
    }

    open weak var delegate: UIDynamicAnimatorDelegate?

    /// The top-level behaviors, in the order they were added.
    open private(set) var behaviors: [UIDynamicBehavior] = []

    open var integrator: UIDynamicAnimatorIntegrator = .exact {
        didSet { if integrator != oldValue { restartClock(); setNeedsRebuild() } }
    }

    /// The step of the `.uikit` integrator: 1/120 s (the default) or 1/60 s. UIKit's animator steps
    /// Box2D once per display refresh; a 120 Hz ProMotion display (iPhone 13 Pro and later) steps
    /// it at 1/120 s, a 60 Hz one at 1/60 s. 1/120 s is the default because the current devices
    /// that show these interactions best run at 120 Hz; any other value is ignored.
    open var uikitStep: TimeInterval = UIDynamicAnimator.uikitStepDuration {
        didSet {
            if uikitStep != 1.0 / 60 && uikitStep != 1.0 / 120 { uikitStep = oldValue }
            if uikitStep != oldValue, integrator == .uikit { restartClock() }
        }
    }

    /// How the `.uikit` integrator applies `resistance`: `.linearClamped` (default, the Box2D
    /// inside iOS 7) or `.pade` (Box2D from late 2013). The difference is h·c per step: 0.8 pt over
    /// 5 s at c = 1, 8 % at c = 10. The `.exact` integrator always uses v/(1 + h·c).
    open var uikitResistance: ResistanceModel = .linearClamped {
        didSet { if uikitResistance != oldValue { setNeedsRebuild() } }
    }

    /// The fixed step of the `.exact` integrator, in seconds (the `.uikit` one steps `uikitStep`).
    open var stepDuration: TimeInterval = UIDynamicAnimator.defaultStepDuration {
        didSet {
            if !(stepDuration > 0) || !stepDuration.isFinite { stepDuration = oldValue }
            if stepDuration != oldValue { restartClock() }
        }
    }

    /// The step actually taken: `stepDuration`, or `uikitStep` with the `.uikit` integrator.
    public var effectiveStepDuration: TimeInterval {
        integrator == .uikit ? uikitStep : stepDuration
    }

    /// Whether the animator is moving items (false once everything rests, or with nothing to run).
    open private(set) var isRunning = false

    /// The simulated time, in seconds: how far `advance(by:)` has stepped, paused or not.
    open var elapsedTime: TimeInterval {
        clockOrigin + Double(stepsSinceOrigin) * effectiveStepDuration
    }

    // MARK: Behaviors
    //
    // As in the iOS SDK, where the class is not main-actor isolated, adding and removing
    // behaviors are nonisolated: a layout's `deinit` removes them, and a deinit runs wherever the
    // last reference goes. On the main thread the change is made at once; off it (UIKit requires
    // the main thread, and its Main Thread Checker would report) it is made on the main actor's
    // next turn, never concurrently with the simulation.

    nonisolated open func addBehavior(_ behavior: UIDynamicBehavior) {
        onMainActor { [self] in addBehaviorOnMain(behavior) }
    }

    /// Runs `change` now when on the main actor, else on the main actor's next turn.
    private nonisolated func onMainActor(_ change: @escaping @MainActor @Sendable () -> Void) {
        guard MainQueue.isCurrent else {
            Task { @MainActor in change() }
            return
        }
        MainActor.assumeIsolated { change() }
    }

    private func addBehaviorOnMain(_ behavior: UIDynamicBehavior) {
        guard !behaviors.contains(where: { $0 === behavior }) else { return }
        behavior.parent?.removeChildBehavior(behavior)
        behavior.dynamicAnimator?.removeBehavior(behavior)
        behaviors.append(behavior)
        behavior.attach(to: self)
        setNeedsRebuild()
    }

    nonisolated open func removeBehavior(_ behavior: UIDynamicBehavior) {
        onMainActor { [self] in removeBehaviorOnMain(behavior) }
    }

    private func removeBehaviorOnMain(_ behavior: UIDynamicBehavior) {
        guard let index = behaviors.firstIndex(where: { $0 === behavior }) else { return }
        behaviors.remove(at: index)
        behavior.attach(to: nil)
        setNeedsRebuild()
        if behaviors.isEmpty { pause() }
    }

    nonisolated open func removeAllBehaviors() {
        onMainActor { [self] in removeAllBehaviorsOnMain() }
    }

    private func removeAllBehaviorsOnMain() {
        let removed = behaviors
        behaviors = []
        for behavior in removed { behavior.attach(to: nil) }
        setNeedsRebuild()
        pause()
    }

    // MARK: Items

    /// The items whose rotated frames intersect `rect`, in the order they joined the animator.
    open func items(in rect: CGRect) -> [UIDynamicItem] {
        rebuildIfNeeded()
        var found: [UIDynamicItem] = []
        for index in 1..<world.bodyCount {
            let state = world.states[index], size = world.properties[index].size
            let c = abs(cos(state.angle)), s = abs(sin(state.angle))
            let width = c * size.x + s * size.y, height = s * size.x + c * size.y
            let frame = CGRect(x: state.center.x - width / 2, y: state.center.y - height / 2, width: width, height: height)
            if frame.intersects(rect), let item = bodyItems[index] { found.append(item) }
        }
        return found
    }

    /// Reads the item's center, size and rotation again (after you moved it yourself), keeping its
    /// velocity, and resumes the animator.
    open func updateItem(usingCurrentState item: UIDynamicItem) {
        guard let index = bodyIndex(of: item) else { return }
        world.states[index].center = Vec2(item.center)
        world.states[index].angle = item.rotationAngle
        readAngles[index] = world.states[index].angle
        let size = Vec2(Double(item.bounds.width), Double(item.bounds.height))
        if size != world.properties[index].size {
            world.properties[index].size = size
            world.properties[index].updateMass()
        }
        wake()
    }

    // MARK: Time

    /// Moves simulated time forward by `duration` seconds in whole fixed steps (the remainder carries
    /// over), running behaviors' actions and the delegate's pause and resume calls, then writes the
    /// items' positions back.
    open func advance(by duration: TimeInterval) {
        guard duration.isFinite, duration > 0 else { return }
        requestedTime += duration
        let step = effectiveStepDuration
        // A tolerance well below one step absorbs the rounding of summed durations (1/60 s × 60).
        let targetSteps = Int(((requestedTime - clockOrigin) / step + 1e-6).rounded(.down))
        rebuildIfNeeded()
        while stepsSinceOrigin < targetSteps {
            guard isRunning else {
                stepsSinceOrigin = targetSteps
                break
            }
            singleStep(step)
        }
        writeBack()
    }

    // MARK: - Hooks for the collection-view layer

    /// The layout an animator made with `init(collectionViewLayout:)` works in (weakly held).
    package weak var collectionViewLayoutObject: AnyObject?
    /// The view an animator made with `init(referenceView:)` was made for (`referenceView` in Views).
    package weak var referenceViewObject: AnyObject?

    /// The items of every behavior, in the order they joined the animator.
    package var dynamicItems: [UIDynamicItem] {
        rebuildIfNeeded()
        return bodyItems.compactMap { $0 }
    }

    // MARK: - Internals

    var world = World()
    /// The item of each body; nil for the ground (index 0).
    private(set) var bodyItems: [UIDynamicItem?] = [nil]
    private var bodyIndexByItem: [ObjectIdentifier: Int] = [:]
    /// The angle read from each item, so that unrotated items keep their own transform.
    private var readAngles: [Double] = [0]
    private var needsRebuild = false
    /// The behaviors with an action, and the instantaneous pushes, as of the last rebuild: the
    /// per-step loop touches only these.
    private var behaviorsWithActions: [UIDynamicBehavior] = []
    /// The collision behavior of each collision group of the world, in order.
    var collisionBehaviorsByGroup: [UICollisionBehavior] = []
    /// The contacts touching after the last step, with where they touched, for the delegates.
    private var touchingContacts: [ContactKey: TouchingContact] = [:]
    /// The world's touching contacts after the last report, as (body A, body B, source); nil
    /// after a rebuild, when body indices change. While it stays the same, no contact began or
    /// ended, and the report has nothing to say.
    private var lastTouching: [TouchingPair]?
    private struct TouchingPair: Equatable {
        var bodyA: Int, bodyB: Int
        var source: ContactConstraint.Source
    }
    private var instantaneousPushes: [UIPushBehavior] = []
    private var needsActionRefresh = false
    private var restTime: TimeInterval = 0

    private var requestedTime: TimeInterval = 0
    private var clockOrigin: TimeInterval = 0
    private var stepsSinceOrigin = 0

    /// Rest thresholds (UIKit's): 1 pt/s, 2°/s, held for 0.5 s.
    nonisolated static let restSpeed = 1.0
    nonisolated static let restAngularSpeed = 2.0 * Double.pi / 180
    nonisolated static let restDuration = 0.5

    func bodyIndex(of item: UIDynamicItem) -> Int? {
        bodyIndexByItem[ObjectIdentifier(item)]
    }

    func setNeedsRebuild() {
        needsRebuild = true
        wake()
    }

    /// An action was set or cleared: only the list of behaviors to call changes, not the world,
    /// so the motion and the paused state stay as they are.
    func setNeedsActionRefresh() {
        needsActionRefresh = true
    }

    private func refreshActionsIfNeeded() {
        guard needsActionRefresh else { return }
        needsActionRefresh = false
        behaviorsWithActions = flattenedBehaviors().filter { $0.action != nil }
    }

    private func flattenedBehaviors() -> [UIDynamicBehavior] {
        var flattened: [UIDynamicBehavior] = []
        for behavior in behaviors { behavior.flatten(into: &flattened) }
        return flattened
    }

    /// Starts running again (telling the delegate) if paused; restarts the rest timer.
    func wake() {
        restTime = 0
        if !isRunning && !behaviors.isEmpty {
            isRunning = true
            delegate?.dynamicAnimatorWillResume(self)
        }
    }

    private func pause() {
        guard isRunning else { return }
        isRunning = false
        delegate?.dynamicAnimatorDidPause(self)
    }

    private func restartClock() {
        clockOrigin = elapsedTime
        requestedTime = clockOrigin
        stepsSinceOrigin = 0
    }

    /// How often behaviors' actions run: once per animator tick, as UIKit calls them (its
    /// animator ticks with the display; this one's tick is the 120 Hz display tick the windows
    /// use), however finely the integrator steps. With the `.exact` integrator's 1/960 s step,
    /// every 8th step; with `.uikit`, every step (so every 1/60 s when `uikitStep` is 1/60 s, a
    /// 60 Hz display's tick).
    nonisolated public static let actionInterval: TimeInterval = 1.0 / 120

    /// Steps between two calls of the actions.
    private var stepsPerAction: Int {
        max(1, Int((Self.actionInterval / effectiveStepDuration).rounded()))
    }

    private func singleStep(_ h: TimeInterval) {
        rebuildIfNeeded()
        refreshActionsIfNeeded()
        if !behaviorsWithActions.isEmpty, stepsSinceOrigin % stepsPerAction == 0 {
            writeBack()
            for behavior in behaviorsWithActions { behavior.action?() }
            rebuildIfNeeded()
            refreshActionsIfNeeded()
        }
        for push in instantaneousPushes { push.applyInstantaneousPush(in: self) }
        world.step(h)
        stepsSinceOrigin += 1
        reportContacts()
        detectRest(h)
    }

    private func detectRest(_ h: TimeInterval) {
        let resting = world.isAtRest(speed: Self.restSpeed, angularSpeed: Self.restAngularSpeed)
        restTime = resting ? restTime + h : 0
        if restTime >= Self.restDuration - 1e-9 {
            // Box2D puts resting bodies to sleep with their velocities zeroed, so what is left
            // of a motion does not come back when the animator resumes (a residual 0.002 pt/s
            // across a 100 pt spring is enough angular momentum for a zero-length attachment,
            // whose damper never acts across its axis, to orbit the anchor for ever).
            world.stopBodies()
            pause()
        } else if behaviors.isEmpty {
            pause()
        }
    }

    func rebuildIfNeeded() {
        guard needsRebuild else { return }
        needsRebuild = false
        lastTouching = nil
        if behaviors.isEmpty { pause() }

        let flattened = flattenedBehaviors()
        needsActionRefresh = false
        behaviorsWithActions = flattened.filter { $0.action != nil }
        instantaneousPushes = flattened.compactMap { $0 as? UIPushBehavior }.filter { $0.mode == .instantaneous }

        var newWorld = World()
        newWorld.time = world.time
        collisionBehaviorsByGroup = []
        newWorld.scheme = integrator == .exact ? .trapezoidal : .implicitEuler
        // Two passes for the exact integrator: one Gauss-Seidel pass over springs that pull on the
        // same item leaves an error that drifts the energy (1.6 % over 10 s for the cluster drag's
        // four 8 Hz springs; 2·10⁻⁶ with two). Eight for Box2D 2.x's default.
        newWorld.settings.velocityIterations = integrator == .exact ? 2 : 8
        newWorld.settings.springMassIsEffective = integrator == .uikit
        newWorld.settings.springsAtMidpoint = integrator == .exact
        newWorld.settings.locatesImpacts = integrator == .exact
        newWorld.settings.jointsAsBox2D23 = integrator == .uikit
        newWorld.settings.correctionStep = integrator == .exact ? Self.uikitStepDuration : nil
        newWorld.settings.dampingIsClampedLinear = integrator == .uikit && uikitResistance == .linearClamped
        var newItems: [UIDynamicItem?] = [nil]
        var newIndex: [ObjectIdentifier: Int] = [:]
        var newAngles: [Double] = [0]
        for behavior in flattened {
            for item in behavior.solverItems where newIndex[ObjectIdentifier(item)] == nil {
                let state: BodyState
                let angle: Double
                if let old = bodyIndex(of: item) {
                    state = world.states[old]
                    angle = readAngles[old]
                } else {
                    angle = item.rotationAngle
                    state = BodyState(center: Vec2(item.center), angle: angle, velocity: .zero, angularVelocity: 0)
                }
                var properties = BodyProperties()
                properties.size = Vec2(Double(item.bounds.width), Double(item.bounds.height))
                // A path's mass and inertia stay those of the bounds (as UIKit documents mass: density × area of the bounds).
                if let shape = item.collisionShape {
                    properties.shape = shape
                } else {
                    UIKitCompatibility.notHonoured("UIDynamicItemCollisionBoundsType.path on \(type(of: item))",
                                                   "without a collisionBoundingPolygon of three points or more (a view gives one from "
                                                   + "collisionBoundingPath), the item collides as its bounds")
                    properties.shape = .box
                }
                if let group = item as? UIDynamicItemGroup { properties.unitMass = group.massAtUnitDensity }
                newIndex[ObjectIdentifier(item)] = newWorld.addBody(state, properties)
                newItems.append(item)
                newAngles.append(angle)
            }
        }
        world = newWorld
        bodyItems = newItems
        bodyIndexByItem = newIndex
        readAngles = newAngles
        for behavior in flattened { behavior.configureBodies(in: self) }
        for index in world.properties.indices { world.properties[index].updateMass() }
        for behavior in flattened { behavior.installJoints(in: self) }
    }

    /// A contact as the delegates see it: two items, or an item and a boundary of a collision
    /// behavior. Kept by identity, not by body index, so that a rebuild of the world (a behavior
    /// added) neither ends nor begins a contact that goes on.
    private struct ContactKey: Hashable {
        var item: ObjectIdentifier
        var other: ObjectIdentifier?
        var behavior: ObjectIdentifier?
        /// The wall's identifier; nil for the reference bounds (and for two items).
        var wall: AnyHashable?
    }

    /// A touching contact: who, which boundary, where, and its place in the reporting order.
    private struct TouchingContact {
        var order: [Int]
        var item: UIDynamicItem
        var other: UIDynamicItem?
        var behavior: UICollisionBehavior?
        var identifier: (any NSCopying)?
        var point: Vec2
    }

    /// Tells the collision delegates which contacts began and ended in the last step: ended ones
    /// first, then begun ones, items before boundaries, in body order.
    private func reportContacts() {
        guard !touchingContacts.isEmpty || collisionBehaviorsByGroup.contains(where: { $0.collisionDelegate != nil }) else {
            lastTouching = nil
            return
        }
        let touching = world.contacts.map { TouchingPair(bodyA: $0.bodyA, bodyB: $0.bodyB, source: $0.source) }
        if touching == lastTouching { return }
        lastTouching = touching
        var now: [ContactKey: TouchingContact] = [:]
        for contact in world.contacts {
            let b = contact.bodyB
            guard b < bodyItems.count, let item = bodyItems[b] else { continue }
            let point = world.states[b].center + (1 / Double(contact.points.count)) * contact.points.reduce(Vec2.zero) { $0 + $1.anchorB }
            switch contact.source {
            case .item:
                guard let first = bodyItems[contact.bodyA] else { continue }
                now[ContactKey(item: ObjectIdentifier(first), other: ObjectIdentifier(item))] =
                    TouchingContact(order: [0, contact.bodyA, b, 0], item: first, other: item, point: point)
            case .referenceBounds(let group), .wall(let group, _):
                guard group < collisionBehaviorsByGroup.count else { continue }
                let behavior = collisionBehaviorsByGroup[group]
                var wall: (number: Int, key: AnyHashable, identifier: (any NSCopying)?)?
                if case .wall(_, let index) = contact.source, let key = behavior.wallIdentifier(index) {
                    wall = (index + 1, key, behavior.delegateIdentifier(ofWall: index))
                }
                now[ContactKey(item: ObjectIdentifier(item), behavior: ObjectIdentifier(behavior), wall: wall?.key)] =
                    TouchingContact(order: [1, b, group, wall?.number ?? 0], item: item, behavior: behavior,
                                    identifier: wall?.identifier, point: point)
            }
        }
        func inOrder(_ contacts: [TouchingContact]) -> [TouchingContact] {
            contacts.sorted { $0.order.lexicographicallyPrecedes($1.order) }
        }
        let ended = inOrder(touchingContacts.filter { now[$0.key] == nil }.map(\.value))
        let began = inOrder(now.filter { touchingContacts[$0.key] == nil }.map(\.value))
        touchingContacts = now
        for contact in ended { tell(contact, began: false) }
        for contact in began { tell(contact, began: true) }
    }

    /// One delegate call, for a contact that began (with its point) or ended.
    private func tell(_ contact: TouchingContact, began: Bool) {
        let item = contact.item
        if let other = contact.other {
            for behavior in collisionBehaviorsByGroup where behavior.collisionMode.contains(.items) {
                guard let delegate = behavior.collisionDelegate,
                      behavior.items.contains(where: { $0 === item }), behavior.items.contains(where: { $0 === other }) else { continue }
                if began {
                    delegate.collisionBehavior(behavior, beganContactFor: item, with: other, at: contact.point.point)
                } else {
                    delegate.collisionBehavior(behavior, endedContactFor: item, with: other)
                }
            }
        } else if let behavior = contact.behavior, let delegate = behavior.collisionDelegate {
            if began {
                delegate.collisionBehavior(behavior, beganContactFor: item, withBoundaryIdentifier: contact.identifier, at: contact.point.point)
            } else {
                delegate.collisionBehavior(behavior, endedContactFor: item, withBoundaryIdentifier: contact.identifier)
            }
        }
    }

    /// Writes each body's position (and its rotation, once it differs from what was read) to its item.
    private func writeBack() {
        for index in 1..<world.bodyCount {
            guard let item = bodyItems[index] else { continue }
            let state = world.states[index]
            item.center = state.center.point
            if state.angle != readAngles[index] {
                item.transform = CGAffineTransform(rotationAngle: CGFloat(state.angle))
            }
        }
    }
}
