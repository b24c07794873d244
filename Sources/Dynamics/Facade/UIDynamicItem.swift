import Foundation
import Vocabulary

/// How the animator outlines an item for collisions, as in UIKit.
public enum UIDynamicItemCollisionBoundsType: UInt, Sendable {
    /// The item's bounds, rotated with it.
    case rectangle
    /// The ellipse inscribed in the item's bounds (collided as a 16-sided polygon).
    case ellipse
    /// A custom outline: `collisionBoundingPolygon` (a view's `collisionBoundingPath`), collided
    /// as its convex hull.
    case path
}

/// Something a dynamic animator can move: UIKit's protocol, adopted by
/// `UICollectionViewLayoutAttributes` and by any class of yours.
///
/// The animator reads `center`, `bounds` and `transform` when the item joins it (and again on
/// `updateItem(usingCurrentState:)`), and writes `center` (unrounded) and, once the item has
/// rotated, `transform` (a pure rotation) after each `advance(by:)`.
@preconcurrency @MainActor
public protocol UIDynamicItem: AnyObject {
    var center: CGPoint { get set }
    /// Only the size is used: mass is density × area, and the size is the collision outline.
    var bounds: CGRect { get }
    var transform: CGAffineTransform { get set }
    var collisionBoundsType: UIDynamicItemCollisionBoundsType { get }
    /// The outline of a `.path` item, its centre at (0, 0): what a view's `collisionBoundingPath`
    /// flattens to. UIKit asks for a convex, counter-clockwise polygon; a concave one collides as
    /// its convex hull. Nil (the default) collides as the bounds.
    var collisionBoundingPolygon: [CGPoint]? { get }
}

extension UIDynamicItem {
    public var collisionBoundsType: UIDynamicItemCollisionBoundsType { .rectangle }
    public var collisionBoundingPolygon: [CGPoint]? { nil }
}

/// A list of items compared by identity, as behaviors keep them.
struct ItemList {
    private(set) var items: [UIDynamicItem] = []

    init(_ items: [UIDynamicItem] = []) {
        for item in items { insert(item) }
    }

    func contains(_ item: UIDynamicItem) -> Bool {
        items.contains { $0 === item }
    }

    /// Appends `item` unless already present; returns whether it was added.
    @discardableResult
    mutating func insert(_ item: UIDynamicItem) -> Bool {
        guard !contains(item) else { return false }
        items.append(item)
        return true
    }

    /// Removes `item`; returns whether it was present.
    @discardableResult
    mutating func remove(_ item: UIDynamicItem) -> Bool {
        guard let index = items.firstIndex(where: { $0 === item }) else { return false }
        items.remove(at: index)
        return true
    }
}

extension UIDynamicItem {
    /// The rotation angle of the item's transform, in radians.
    var rotationAngle: Double {
        Double(atan2(transform.b, transform.a))
    }

    /// The outline the item collides as: its bounds, their ellipse, or the convex hull of its
    /// `collisionBoundingPolygon`; nil for a `.path` item without a polygon of three points or more.
    var collisionShape: BodyShape? {
        switch collisionBoundsType {
        case .ellipse: return .ellipse
        case .path: return collisionBoundingPolygon.flatMap { BodyShape.hull($0.map(Vec2.init)) }
        default: return .box
        }
    }

    /// The position of a point given in the item's own (unrotated) frame, relative to its center.
    func attachPoint(_ offset: UIOffset) -> Vec2 {
        Vec2(center) + Rot(angle: rotationAngle).rotate(Vec2(Double(offset.horizontal), Double(offset.vertical)))
    }
}
