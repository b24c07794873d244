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

    private var stored = PolarVector(angle: .pi / 2, magnitude: 1, vector: CGVector(dx: 0, dy: 1))

    /// The gravity vector; (0, 1) by default. Its length is `magnitude`, its direction `angle`;
    /// a zero vector keeps the angle.
    open var gravityDirection: CGVector {
        get { stored.vector }
        set { if stored.set(vector: newValue) { setNeedsRebuild() } }
    }

    /// The direction, in radians (π/2 points down). Independent of `magnitude`: either may be set first.
    open var angle: CGFloat {
        get { stored.angle }
        set { setStored(angle: newValue, magnitude: stored.magnitude) }
    }

    /// 1 is 1000 points/s². Setting 0 also resets `angle` to 0, as UIKit does; an angle set
    /// afterwards is kept for the next non-zero magnitude.
    open var magnitude: CGFloat {
        get { stored.magnitude }
        set { setStored(angle: newValue == 0 ? 0 : stored.angle, magnitude: newValue) }
    }

    open func setAngle(_ angle: CGFloat, magnitude: CGFloat) {
        setStored(angle: angle, magnitude: magnitude)
    }

    private func setStored(angle: CGFloat, magnitude: CGFloat) {
        if stored.set(angle: angle, magnitude: magnitude) { setNeedsRebuild() }
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
