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

    /// The gravity vector; (0, 1) by default. Its length is `magnitude`, its direction `angle`.
    open var gravityDirection = CGVector(dx: 0, dy: 1) {
        didSet { if gravityDirection != oldValue { setNeedsRebuild() } }
    }

    /// The direction, in radians (π/2 points down).
    open var angle: CGFloat {
        get { gravityDirection.angle }
        set { setAngle(newValue, magnitude: magnitude) }
    }

    /// 1 is 1000 points/s². Setting 0 also resets `angle` to 0, as UIKit does.
    open var magnitude: CGFloat {
        get { gravityDirection.magnitude }
        set { setAngle(newValue == 0 ? 0 : angle, magnitude: newValue) }
    }

    open func setAngle(_ angle: CGFloat, magnitude: CGFloat) {
        gravityDirection = CGVector(angle: angle, magnitude: magnitude)
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
