import Foundation

/// The area a field acts in, relative to the field's `position`: a circle, a rectangle centred on
/// it, everything, or their combinations (UIKit, iOS 9).
///
///     field.region = UIRegion(radius: 200).difference(from: UIRegion(radius: 50))   // a ring
public final class UIRegion: @unchecked Sendable, CustomStringConvertible {
    /// `@unchecked`: immutable.
    private indirect enum Shape {
        case infinite
        case circle(radius: Double)
        case rectangle(width: Double, height: Double)
        case inverse(Shape)
        case union(Shape, Shape)
        case difference(Shape, Shape)
        case intersection(Shape, Shape)

        func contains(_ x: Double, _ y: Double) -> Bool {
            switch self {
            case .infinite: true
            case .circle(let r): x * x + y * y <= r * r
            case let .rectangle(w, h): abs(x) <= w / 2 && abs(y) <= h / 2
            case .inverse(let shape): !shape.contains(x, y)
            case let .union(a, b): a.contains(x, y) || b.contains(x, y)
            case let .difference(a, b): a.contains(x, y) && !b.contains(x, y)
            case let .intersection(a, b): a.contains(x, y) && b.contains(x, y)
            }
        }
    }

    private let shape: Shape

    private init(shape: Shape) { self.shape = shape }

    /// Every point: the default region of a field.
    public static var infinite: UIRegion { UIRegion(shape: .infinite) }

    /// A disc of `radius` points about the field's position.
    public convenience init(radius: CGFloat) { self.init(shape: .circle(radius: Double(radius))) }

    /// A rectangle of `size` centred on the field's position.
    public convenience init(size: CGSize) { self.init(shape: .rectangle(width: Double(size.width), height: Double(size.height))) }

    /// Every point outside this region.
    public func inverse() -> UIRegion { UIRegion(shape: .inverse(shape)) }

    /// The points in this region or in `region`.
    public func union(with region: UIRegion) -> UIRegion { UIRegion(shape: .union(shape, region.shape)) }

    /// The points of this region that are not in `region`.
    public func difference(from region: UIRegion) -> UIRegion { UIRegion(shape: .difference(shape, region.shape)) }

    /// The points in both regions.
    public func intersection(with region: UIRegion) -> UIRegion { UIRegion(shape: .intersection(shape, region.shape)) }

    /// Whether `point` (relative to the region's centre, the field's position) lies in it; its edge
    /// counts as in.
    public func contains(_ point: CGPoint) -> Bool { shape.contains(Double(point.x), Double(point.y)) }

    public var description: String { "UIRegion(\(shape))" }
}
