import Foundation
import Vocabulary

/// Several dynamic items moved as one rigid unit, as in UIKit: add the group to behaviors in
/// place of its items.
///
/// - Its `bounds` enclose the items as they were when the group was made, and its `center` is
///   the center of that rectangle. Setting `center` or `transform` (the animator does, each
///   frame) moves and turns every item about it, keeping their places in the group.
/// - Its mass is the sum of its items' (density × area of each), and its moment of inertia theirs
///   about the group's center, so a group turns as the items would welded together. (It turns
///   about that center, not about the items' center of mass, where the two differ.)
/// - It collides as the convex hull of its items' outlines (rectangles, ellipses as 16-gons,
///   paths). An L-shaped group collides as its hull: UIKit's collides as the items themselves.
/// - A group cannot contain another group; as in UIKit, trying to is a programming error.
///
///     let group = UIDynamicItemGroup(items: [icon, label])
///     animator.addBehavior(UIGravityBehavior(items: [group]))
@preconcurrency @MainActor
open class UIDynamicItemGroup: UIDynamicItem {
    /// The items in the group, fixed when it is made.
    public let items: [UIDynamicItem]

    /// Each item's center in the group's frame, and its transform when the group was made.
    private let placements: [(offset: Vec2, transform: CGAffineTransform)]
    private let size: CGSize
    private let hull: [CGPoint]
    private let unitMass: (mass: Double, inertia: Double)

    public init(items: [UIDynamicItem]) {
        precondition(!items.contains { $0 is UIDynamicItemGroup }, "A UIDynamicItemGroup cannot contain another group")
        self.items = items
        // Every item's outline in the reference frame.
        let outlines = items.map { item -> [Vec2] in
            let rotation = Rot(angle: item.rotationAngle), center = Vec2(item.center)
            let size = Vec2(Double(item.bounds.width), Double(item.bounds.height))
            return (item.collisionShape ?? .box).vertices(size: size).map { center + rotation.rotate($0) }
        }
        let points = outlines.joined()
        let minX = points.map(\.x).min() ?? 0, maxX = points.map(\.x).max() ?? 0
        let minY = points.map(\.y).min() ?? 0, maxY = points.map(\.y).max() ?? 0
        let groupCenter = Vec2((minX + maxX) / 2, (minY + maxY) / 2)
        size = CGSize(width: maxX - minX, height: maxY - minY)
        center = CGPoint(x: groupCenter.x, y: groupCenter.y)
        placements = items.map { (Vec2($0.center) - groupCenter, $0.transform) }
        if case .polygon(let vertices)? = BodyShape.hull(points.map { $0 - groupCenter }) {
            hull = vertices.map { CGPoint(x: $0.x, y: $0.y) }
        } else {
            hull = []
        }
        // Σ mᵢ and Σ (Iᵢ + mᵢ·|cᵢ − c|²) at density 1, each item a box or an ellipse of its bounds.
        var mass = 0.0, inertia = 0.0
        for (item, placement) in zip(items, placements) {
            let extent = Vec2(Double(item.bounds.width), Double(item.bounds.height))
            let m = max(extent.x, 0) * max(extent.y, 0) / 10_000
            mass += m
            inertia += m * extent.lengthSquared / (item.collisionBoundsType == .ellipse ? 16 : 12)
                + m * placement.offset.lengthSquared
        }
        unitMass = (mass, inertia)
    }

    /// The center of the rectangle that encloses the items. Setting it moves them all.
    open var center: CGPoint {
        didSet { place() }
    }

    /// The rectangle that encloses the items as they were when the group was made.
    open var bounds: CGRect { CGRect(origin: .zero, size: size) }

    /// The group's rotation. Setting it turns the items about the group's center.
    open var transform: CGAffineTransform = .identity {
        didSet { place() }
    }

    open var collisionBoundsType: UIDynamicItemCollisionBoundsType { .path }

    /// The convex hull of the items' outlines, about the group's center.
    open var collisionBoundingPolygon: [CGPoint]? { hull.isEmpty ? nil : hull }

    /// Puts every item where the group's center and rotation say.
    private func place() {
        let angle = rotationAngle
        let rotation = Rot(angle: angle), groupCenter = Vec2(center)
        let turn = CGAffineTransform(rotationAngle: CGFloat(angle))
        for (item, placement) in zip(items, placements) {
            let position = groupCenter + rotation.rotate(placement.offset)
            item.center = CGPoint(x: position.x, y: position.y)
            item.transform = placement.transform.concatenating(turn)
        }
    }

    /// The group's mass and moment of inertia at density 1, for the animator.
    var massAtUnitDensity: (mass: Double, inertia: Double) { unitMass }
}
