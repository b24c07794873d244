import Foundation
import Vocabulary

/// A constant acceleration on items, as in UIKit: magnitude 1 is 1000 points/s², downwards by
/// default, whatever the item's mass.
open class UIGravityBehavior: UIDynamicBehavior {
    private var itemList: ItemList

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

    // Angle and magnitude are stored apart, as for `UIPushBehavior`: "the alternate, equivalent
    // values update automatically", and an angle set while the magnitude is 0 must not be lost.
    private var storedAngle: CGFloat = .pi / 2
    private var storedMagnitude: CGFloat = 1
    private var storedVector = CGVector(dx: 0, dy: 1)

    /// The gravity vector; (0, 1) by default. Its length is `magnitude`, its direction `angle`;
    /// a zero vector keeps the angle.
    open var gravityDirection: CGVector {
        get { storedVector }
        set {
            guard newValue != storedVector else { return }
            let length = newValue.magnitude
            // A vector set as a vector is kept bit for bit (no round trip through cos and sin).
            storedVector = newValue
            storedAngle = length > 0 ? newValue.angle : storedAngle
            storedMagnitude = length
            setNeedsRebuild()
        }
    }

    /// The direction, in radians (π/2 points down). Independent of `magnitude`: either may be set first.
    open var angle: CGFloat {
        get { storedAngle }
        set { setStored(angle: newValue, magnitude: storedMagnitude) }
    }

    /// 1 is 1000 points/s². Setting 0 also resets `angle` to 0, as UIKit does; an angle set
    /// afterwards is kept for the next non-zero magnitude.
    open var magnitude: CGFloat {
        get { storedMagnitude }
        set { setStored(angle: newValue == 0 ? 0 : storedAngle, magnitude: newValue) }
    }

    open func setAngle(_ angle: CGFloat, magnitude: CGFloat) {
        setStored(angle: angle, magnitude: magnitude)
    }

    private func setStored(angle: CGFloat, magnitude: CGFloat) {
        guard angle != storedAngle || magnitude != storedMagnitude else { return }
        storedAngle = angle
        storedMagnitude = magnitude
        let vector = CGVector(angle: angle, magnitude: magnitude)
        if vector != storedVector {
            storedVector = vector
            setNeedsRebuild()
        }
    }

    override var solverItems: [UIDynamicItem] { items }

    override func configureBodies(in animator: UIDynamicAnimator) {
        let acceleration = 1000 * Vec2(Double(gravityDirection.dx), Double(gravityDirection.dy))
        for item in items {
            if let index = animator.bodyIndex(of: item) {
                animator.world.properties[index].acceleration += acceleration
            }
        }
    }
}
