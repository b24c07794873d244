import Foundation
import Vocabulary

/// Makes items collide with each other and with boundaries, as in UIKit. Items of one collision
/// behavior collide with each other (not with items of another); boundaries are the animator's
/// reference bounds (`translatesReferenceBoundsIntoBoundary`) and walls between two points.
///
/// `collisionDelegate` hears when an item begins and ends touching another item or a boundary,
/// once per contact, after the step in which it happens (touching: within Box2D 2.3's polygon
/// skin and the slop, not merely near). The reference bounds' identifier is nil, as in UIKit.
///
/// Boundaries from a `UIBezierPath` (`addBoundary(withIdentifier:for:)`, in Views) are walls along
/// the path, its curves flattened.
open class UICollisionBehavior: UIDynamicBehavior {
    public struct Mode: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let items = Mode(rawValue: 1 << 0)
        public static let boundaries = Mode(rawValue: 1 << 1)
        public static let everything: Mode = [.items, .boundaries]
    }

    private var itemList: ItemList
    private var boundaries: [(identifier: AnyHashable, segment: BoundarySegment)] = []
    private var referenceInsets: UIEdgeInsets?

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

    /// Told when items begin and end touching each other or a boundary.
    open weak var collisionDelegate: UICollisionBehaviorDelegate?

    open var collisionMode: Mode = .everything {
        didSet { if collisionMode != oldValue { setNeedsRebuild() } }
    }

    /// Whether the animator's reference bounds are walls that keep the items inside.
    open var translatesReferenceBoundsIntoBoundary: Bool {
        get { referenceInsets != nil }
        set { setTranslatesReferenceBoundsIntoBoundary(with: newValue ? .zero : nil) }
    }

    /// Makes the reference bounds, shrunk by `insets`, walls that keep the items inside.
    open func setTranslatesReferenceBoundsIntoBoundary(with insets: UIEdgeInsets) {
        setTranslatesReferenceBoundsIntoBoundary(with: Optional(insets))
    }

    private func setTranslatesReferenceBoundsIntoBoundary(with insets: UIEdgeInsets?) {
        guard insets != referenceInsets else { return }
        referenceInsets = insets
        setNeedsRebuild()
    }

    /// Adds a wall between two points, replacing any boundary with the same identifier, as UIKit
    /// spells it (`"wall" as NSCopying`).
    open func addBoundary(withIdentifier identifier: any NSCopying, from p1: CGPoint, to p2: CGPoint) {
        addBoundary(withIdentifier: Self.hashable(identifier), from: p1, to: p2)
    }

    open func removeBoundary(withIdentifier identifier: any NSCopying) {
        removeBoundary(withIdentifier: Self.hashable(identifier))
    }

    /// An `NSCopying` identifier as the hashable one boundaries are kept under: a string is its
    /// `String`, an object itself.
    package static func hashable(_ identifier: any NSCopying) -> AnyHashable {
        if let string = identifier as? NSString { return AnyHashable(string as String) }
        if let object = identifier as? NSObject { return AnyHashable(object) }
        return AnyHashable(ObjectIdentifier(identifier as AnyObject))
    }

    /// The identifier of wall `index` as it is kept.
    func wallIdentifier(_ index: Int) -> AnyHashable? {
        index < boundaries.count ? boundaries[index].identifier : nil
    }

    /// The identifier of wall `index` as the delegate receives it (UIKit's `NSCopying`).
    func delegateIdentifier(ofWall index: Int) -> (any NSCopying)? {
        guard index < boundaries.count else { return nil }
        let identifier = boundaries[index].identifier
        if let string = identifier.base as? String { return string as NSString }
        return identifier.base as? any NSCopying
    }

    /// Adds a wall between two points, replacing any boundary with the same identifier.
    open func addBoundary(withIdentifier identifier: AnyHashable, from p1: CGPoint, to p2: CGPoint) {
        boundaries.removeAll { $0.identifier == identifier }
        boundaryPaths[identifier] = nil
        boundaries.append((identifier, BoundarySegment(start: Vec2(p1), end: Vec2(p2))))
        setNeedsRebuild()
    }

    open func removeBoundary(withIdentifier identifier: AnyHashable) {
        boundaries.removeAll { $0.identifier == identifier }
        boundaryPaths[identifier] = nil
        setNeedsRebuild()
    }

    open func removeAllBoundaries() {
        boundaries.removeAll()
        boundaryPaths.removeAll()
        setNeedsRebuild()
    }

    /// The identifiers of the boundaries added with `addBoundary`, in order.
    open var boundaryIdentifiers: [AnyHashable]? {
        var seen = Set<AnyHashable>()
        let identifiers = boundaries.map(\.identifier).filter { seen.insert($0).inserted }
        return identifiers.isEmpty ? nil : identifiers
    }

    /// What a path boundary was made from (a `UIBezierPath`, which this module cannot name), by identifier.
    private var boundaryPaths: [AnyHashable: AnyObject] = [:]

    /// Adds a boundary of walls along `polylines` (each a run of points, in order), replacing any
    /// boundary with the same identifier; `source` is kept for `boundary(withIdentifier:)`.
    package func addBoundary(withIdentifier identifier: AnyHashable, polylines: [[CGPoint]], source: AnyObject) {
        boundaries.removeAll { $0.identifier == identifier }
        for line in polylines where line.count >= 2 {
            for (start, end) in zip(line, line.dropFirst()) where start != end {
                boundaries.append((identifier, BoundarySegment(start: Vec2(start), end: Vec2(end))))
            }
        }
        boundaryPaths[identifier] = source
        setNeedsRebuild()
    }

    /// The boundary with `identifier`: what it was made from (a path), or its walls' end points.
    package func boundarySource(withIdentifier identifier: AnyHashable) -> (source: AnyObject?, walls: [(CGPoint, CGPoint)])? {
        let walls = boundaries.filter { $0.identifier == identifier }.map { ($0.segment.start.point, $0.segment.end.point) }
        guard !walls.isEmpty else { return nil }
        return (boundaryPaths[identifier], walls)
    }

    override var solverItems: [UIDynamicItem] { items }

    override func installJoints(in animator: UIDynamicAnimator) {
        let bodies = items.compactMap { animator.bodyIndex(of: $0) }
        var planes: [BoundaryPlane] = []
        var segments: [BoundarySegment] = []
        if collisionMode.contains(.boundaries) {
            if let insets = referenceInsets {
                let r = animator.referenceBounds.inset(by: insets)
                planes = [
                    BoundaryPlane(point: Vec2(0, Double(r.minY)), normal: Vec2(0, 1)),
                    BoundaryPlane(point: Vec2(0, Double(r.maxY)), normal: Vec2(0, -1)),
                    BoundaryPlane(point: Vec2(Double(r.minX), 0), normal: Vec2(1, 0)),
                    BoundaryPlane(point: Vec2(Double(r.maxX), 0), normal: Vec2(-1, 0)),
                ]
            }
            segments = boundaries.map(\.segment)
        }
        animator.world.collision.groups.append(
            CollisionGroup(bodies: bodies, collidesWithItems: collisionMode.contains(.items),
                           planes: planes, segments: segments))
        animator.collisionBehaviorsByGroup.append(self)
    }
}

/// Hears when items begin and end touching (UIKit's `UICollisionBehaviorDelegate`; every method
/// is optional).
@preconcurrency @MainActor
public protocol UICollisionBehaviorDelegate: AnyObject {
    func collisionBehavior(_ behavior: UICollisionBehavior, beganContactFor item1: UIDynamicItem, with item2: UIDynamicItem,
                           at p: CGPoint)
    func collisionBehavior(_ behavior: UICollisionBehavior, endedContactFor item1: UIDynamicItem, with item2: UIDynamicItem)
    func collisionBehavior(_ behavior: UICollisionBehavior, beganContactFor item: UIDynamicItem,
                           withBoundaryIdentifier identifier: (any NSCopying)?, at p: CGPoint)
    func collisionBehavior(_ behavior: UICollisionBehavior, endedContactFor item: UIDynamicItem,
                           withBoundaryIdentifier identifier: (any NSCopying)?)
}

extension UICollisionBehaviorDelegate {
    public func collisionBehavior(_ behavior: UICollisionBehavior, beganContactFor item1: UIDynamicItem, with item2: UIDynamicItem,
                                  at p: CGPoint) {}
    public func collisionBehavior(_ behavior: UICollisionBehavior, endedContactFor item1: UIDynamicItem, with item2: UIDynamicItem) {}
    public func collisionBehavior(_ behavior: UICollisionBehavior, beganContactFor item: UIDynamicItem,
                                  withBoundaryIdentifier identifier: (any NSCopying)?, at p: CGPoint) {}
    public func collisionBehavior(_ behavior: UICollisionBehavior, endedContactFor item: UIDynamicItem,
                                  withBoundaryIdentifier identifier: (any NSCopying)?) {}
}
