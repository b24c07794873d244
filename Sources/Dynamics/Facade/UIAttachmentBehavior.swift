import Foundation
import Vocabulary

/// What an attachment connects an item to.
public enum UIAttachmentBehaviorType: Int, Sendable {
    case items
    case anchor
}

/// A connection between a point of an item and an anchor point or a point of a second item, as in
/// UIKit: a rigid rod (`frequency` 0, the default) or a spring.
///
/// - `length` defaults to the distance between the two attach points when the behavior is made.
///   With `length` 0 the attachment pulls the point onto the anchor; its spring is linear there
///   and does not jitter about the anchor.
/// - `frequency` is in Hz and `damping` is the damping ratio ζ (1 is critical). As in UIKit, the
///   spring and its damper act along the axis between the two attach points, with stiffness
///   (2πf)² × the effective mass there (the item's mass, or two items' reduced mass, less what the
///   lever arm of an offset attach point takes), so the same frequency looks the same on a small
///   cell and a big card. The damper never acts across the axis: an item flicked sideways past a
///   zero-length attachment orbits its anchor, as on a device.
/// - An attach point off the center (`offsetFromCenter`) rotates with the item and produces torque.
///   The stiffness then changes as the item turns (the lever arm takes part of the effective
///   mass), and both integrators apply UIKit's force with it, so an undamped spring gains or
///   loses some energy as the item spins, as on a device (see Softness.swift).
/// - Moving `anchorPoint` keeps `length`.
///
///     let spring = UIAttachmentBehavior(item: cell, attachedToAnchor: cell.center)
///     spring.length = 0
///     spring.frequency = 6.8
///     spring.damping = 1
open class UIAttachmentBehavior: UIDynamicBehavior {
    enum Kind {
        case distance
        /// iOS 9 `fixedAttachment`: a pin plus a rigid relative angle (a weld).
        case fixed(referenceAngle: Double)
        /// iOS 9 `pinAttachment`: the two items turn freely about a shared point (within
        /// `attachmentRange` of their relative angle when it was made).
        case pin(referenceAngle: Double)
        /// iOS 9 `limitAttachment`: a rope, at most `length` apart.
        case limit
        /// iOS 9 `slidingAttachment`: the second item (or the one item) slides along `axis`, given
        /// in the first item's frame (or the reference frame), keeping its angle to it.
        case sliding(axis: Vec2, referenceAngle: Double)
    }

    public let attachedBehaviorType: UIAttachmentBehaviorType
    private let firstItem: UIDynamicItem
    private let secondItem: UIDynamicItem?
    private let firstOffset: UIOffset
    private let secondOffset: UIOffset
    private let kind: Kind

    /// The items attached: one for anchor attachments, two for item attachments.
    open var items: [UIDynamicItem] {
        secondItem.map { [firstItem, $0] } ?? [firstItem]
    }

    /// The anchor, for anchor attachments (in the animator's coordinates).
    open var anchorPoint: CGPoint {
        didSet {
            guard anchorPoint != oldValue, attachedBehaviorType == .anchor else { return }
            moveInstalledAnchor()
        }
    }

    /// The distance the attachment keeps, in points.
    open var length: CGFloat {
        didSet { if length != oldValue { setNeedsRebuild() } }
    }

    /// The damping ratio ζ of the spring (1 is critical). Default 0.
    open var damping: CGFloat = 0 {
        didSet { if damping != oldValue { setNeedsRebuild() } }
    }

    /// The spring's frequency in Hz; 0 (the default) makes a rigid rod.
    open var frequency: CGFloat = 0 {
        didSet { if frequency != oldValue { setNeedsRebuild() } }
    }

    /// How far the items may move along the axis of a sliding attachment (in points), or turn
    /// about the anchor of a pin attachment (in radians, negative counter-clockwise), from where
    /// they were when the attachment was made. The range should contain 0; the default,
    /// `.infinite`, sets no limit. Other kinds of attachment ignore it, as UIKit does.
    open var attachmentRange: UIFloatRange = .infinite {
        didSet { if attachmentRange != oldValue { setNeedsRebuild() } }
    }

    /// The torque (in UIKit Newton·points) that resists the items turning about the attach point. Default 0.
    open var frictionTorque: CGFloat = 0 {
        didSet { if frictionTorque != oldValue { setNeedsRebuild() } }
    }

    // MARK: Initializers

    public convenience init(item: UIDynamicItem, attachedToAnchor point: CGPoint) {
        self.init(item: item, offsetFromCenter: .zero, attachedToAnchor: point)
    }

    public convenience init(item: UIDynamicItem, offsetFromCenter offset: UIOffset, attachedToAnchor point: CGPoint) {
        self.init(item: item, offsetFromCenter: offset, attachedToAnchor: point, kind: .distance)
    }

    private init(item: UIDynamicItem, offsetFromCenter offset: UIOffset, attachedToAnchor point: CGPoint, kind: Kind) {
        attachedBehaviorType = .anchor
        firstItem = item
        secondItem = nil
        firstOffset = offset
        secondOffset = .zero
        self.kind = kind
        anchorPoint = point
        length = CGFloat((item.attachPoint(offset) - Vec2(point)).length)
        super.init()
    }

    public convenience init(item item1: UIDynamicItem, attachedTo item2: UIDynamicItem) {
        self.init(item: item1, offsetFromCenter: .zero, attachedTo: item2, offsetFromCenter: .zero)
    }

    public convenience init(item item1: UIDynamicItem, offsetFromCenter offset1: UIOffset,
                            attachedTo item2: UIDynamicItem, offsetFromCenter offset2: UIOffset) {
        self.init(item1, offset1, item2, offset2, kind: .distance)
    }

    private init(_ item1: UIDynamicItem, _ offset1: UIOffset, _ item2: UIDynamicItem, _ offset2: UIOffset, kind: Kind) {
        attachedBehaviorType = .items
        firstItem = item1
        secondItem = item2
        firstOffset = offset1
        secondOffset = offset2
        self.kind = kind
        anchorPoint = .zero
        length = CGFloat((item2.attachPoint(offset2) - item1.attachPoint(offset1)).length)
        super.init()
    }

    /// Welds two items at `point`: they move and turn as one.
    open class func fixedAttachment(with item1: UIDynamicItem, attachedTo item2: UIDynamicItem,
                                    attachmentAnchor point: CGPoint) -> UIAttachmentBehavior {
        let (offset1, offset2) = offsets(of: item1, item2, at: point)
        return UIAttachmentBehavior(item1, offset1, item2, offset2,
                                    kind: .fixed(referenceAngle: item2.rotationAngle - item1.rotationAngle))
    }

    /// Pins two items together at `point`: they turn freely about it (resisted by `frictionTorque`).
    open class func pinAttachment(with item1: UIDynamicItem, attachedTo item2: UIDynamicItem,
                                  attachmentAnchor point: CGPoint) -> UIAttachmentBehavior {
        let (offset1, offset2) = offsets(of: item1, item2, at: point)
        return UIAttachmentBehavior(item1, offset1, item2, offset2,
                                    kind: .pin(referenceAngle: item2.rotationAngle - item1.rotationAngle))
    }

    /// Ties two items with a rope as long as the current distance between the attach points: they
    /// may come closer, never farther apart.
    open class func limitAttachment(with item1: UIDynamicItem, offsetFromCenter offset1: UIOffset,
                                    attachedTo item2: UIDynamicItem, offsetFromCenter offset2: UIOffset) -> UIAttachmentBehavior {
        UIAttachmentBehavior(item1, offset1, item2, offset2, kind: .limit)
    }

    /// Lets `item2` slide along `axis` (in the animator's coordinates) through `point` relative to
    /// `item1`, neither turning relative to the other. `attachmentRange` limits the travel; a
    /// zero axis slides along x.
    open class func slidingAttachment(with item1: UIDynamicItem, attachedTo item2: UIDynamicItem,
                                      attachmentAnchor point: CGPoint, axisOfTranslation axis: CGVector) -> UIAttachmentBehavior {
        let (offset1, offset2) = offsets(of: item1, item2, at: point)
        let localAxis = Rot(angle: item1.rotationAngle).inverseRotate(unitAxis(axis))
        return UIAttachmentBehavior(item1, offset1, item2, offset2,
                                    kind: .sliding(axis: localAxis, referenceAngle: item2.rotationAngle - item1.rotationAngle))
    }

    /// Lets `item` slide along `axis` through `point` (both in the animator's coordinates) without
    /// turning. `attachmentRange` limits the travel; a zero axis slides along x.
    open class func slidingAttachment(with item: UIDynamicItem, attachmentAnchor point: CGPoint,
                                      axisOfTranslation axis: CGVector) -> UIAttachmentBehavior {
        UIAttachmentBehavior(item: item, offsetFromCenter: offsets(of: item, item, at: point).0, attachedToAnchor: point,
                             kind: .sliding(axis: unitAxis(axis), referenceAngle: item.rotationAngle))
    }

    private static func unitAxis(_ axis: CGVector) -> Vec2 {
        let (unit, length) = Vec2(Double(axis.dx), Double(axis.dy)).normalized()
        return length > 0 ? unit : Vec2(1, 0)
    }

    /// The offsets, in each item's own frame, of a point given in the animator's coordinates.
    private static func offsets(of item1: UIDynamicItem, _ item2: UIDynamicItem, at point: CGPoint) -> (UIOffset, UIOffset) {
        func offset(_ item: UIDynamicItem) -> UIOffset {
            let local = Rot(angle: item.rotationAngle).inverseRotate(Vec2(point) - Vec2(item.center))
            return UIOffset(horizontal: CGFloat(local.x), vertical: CGFloat(local.y))
        }
        return (offset(item1), offset(item2))
    }

    // MARK: Solver

    /// Where this behavior's main joint sits in the animator's world, for in-place anchor moves.
    private enum InstalledJoint {
        case point(Int)
        case distance(Int)
    }
    private var installed: InstalledJoint?

    override var solverItems: [UIDynamicItem] { items }

    override func installJoints(in animator: UIDynamicAnimator) {
        installed = nil
        guard let b = animator.bodyIndex(of: firstItem) else { return }
        // Anchor attachments hang the item (as body B) from the ground; item attachments join
        // the first item (A) to the second (B).
        let a: Int, localA: Vec2, bodyB: Int, localB: Vec2
        if let secondItem {
            guard let second = animator.bodyIndex(of: secondItem) else { return }
            a = b
            localA = Vec2(firstOffset)
            bodyB = second
            localB = Vec2(secondOffset)
        } else {
            a = 0
            localA = Vec2(anchorPoint)
            bodyB = b
            localB = Vec2(firstOffset)
        }
        let stiffness = JointStiffness(hertz: max(Double(frequency), 0), dampingRatio: max(Double(damping), 0))
        let world = animator.world
        let isUIKit = animator.integrator == .uikit
        let length = max(Double(self.length), 0)

        switch kind {
        case .distance:
            if length == 0 && !isUIKit {
                installed = .point(world.pointJoints.count)
                animator.world.pointJoints.append(
                    PointJoint(bodyA: a, bodyB: bodyB, localA: localA, localB: localB, stiffness: stiffness,
                               dampsAlongAxisOnly: true))
            } else {
                var joint = DistanceJoint(bodyA: a, bodyB: bodyB, localA: localA, localB: localB, length: length,
                                          minLength: stiffness.isSpring ? 0 : length,
                                          maxLength: stiffness.isSpring ? .infinity : length,
                                          stiffness: stiffness)
                if length == 0 { joint.deadZone = animator.world.settings.linearSlop }
                installed = .distance(world.distanceJoints.count)
                animator.world.distanceJoints.append(joint)
            }
        case .fixed(let referenceAngle) where isUIKit:
            animator.world.weldJoints.append(
                WeldJoint(bodyA: a, bodyB: bodyB, localA: localA, localB: localB, referenceAngle: referenceAngle))
        case .fixed(let referenceAngle):
            animator.world.pointJoints.append(
                PointJoint(bodyA: a, bodyB: bodyB, localA: localA, localB: localB, stiffness: .rigid))
            animator.world.angleJoints.append(
                AngleJoint(bodyA: a, bodyB: bodyB, referenceAngle: referenceAngle, mode: .hold(.rigid)))
        case .pin(let referenceAngle):
            animator.world.pointJoints.append(
                PointJoint(bodyA: a, bodyB: bodyB, localA: localA, localB: localB, stiffness: .rigid))
            if attachmentRange != .infinite {
                animator.world.angleJoints.append(
                    AngleJoint(bodyA: a, bodyB: bodyB, referenceAngle: referenceAngle,
                               mode: .limit(lower: Double(attachmentRange.minimum), upper: Double(attachmentRange.maximum))))
            }
        case .sliding(let axis, let referenceAngle):
            animator.world.slidingJoints.append(
                SlidingJoint(bodyA: a, bodyB: bodyB, localA: localA, localB: localB, localAxis: axis,
                             referenceAngle: referenceAngle, lower: Double(attachmentRange.minimum),
                             upper: Double(attachmentRange.maximum)))
        case .limit:
            animator.world.distanceJoints.append(
                DistanceJoint(bodyA: a, bodyB: bodyB, localA: localA, localB: localB, length: length,
                              minLength: 0, maxLength: length, stiffness: .rigid))
        }
        if frictionTorque > 0 {
            // UIKit Newton·points: 100 kg·pt/s² × pt.
            animator.world.angleJoints.append(
                AngleJoint(bodyA: a, bodyB: bodyB, referenceAngle: 0,
                           mode: .friction(maxTorque: 100 * Double(frictionTorque))))
        }
    }

    /// Moves the anchor of the installed joint without a rebuild (drags move anchors every frame).
    private func moveInstalledAnchor() {
        guard let animator = dynamicAnimator else { return }
        switch installed {
        case .point(let index) where index < animator.world.pointJoints.count:
            animator.world.pointJoints[index].localA = Vec2(anchorPoint)
            animator.wake()
        case .distance(let index) where index < animator.world.distanceJoints.count:
            animator.world.distanceJoints[index].localA = Vec2(anchorPoint)
            animator.wake()
        default:
            setNeedsRebuild()
        }
    }
}

extension Vec2 {
    init(_ offset: UIOffset) {
        self.init(Double(offset.horizontal), Double(offset.vertical))
    }
}
