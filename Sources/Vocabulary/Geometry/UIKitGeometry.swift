import Foundation

/// Insets for each edge of a rectangle, as in UIKit. Positive values shrink the rectangle.
public struct UIEdgeInsets: Equatable, Hashable, Sendable {
    public var top: CGFloat
    public var left: CGFloat
    public var bottom: CGFloat
    public var right: CGFloat

    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    public init() {
        self.init(top: 0, left: 0, bottom: 0, right: 0)
    }

    public static let zero = UIEdgeInsets()
}

/// Insets by leading and trailing edges rather than left and right.
public struct NSDirectionalEdgeInsets: Hashable, Sendable {
    public var top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat
    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
        (self.top, self.leading, self.bottom, self.trailing) = (top, leading, bottom, trailing)
    }
    public static let zero = NSDirectionalEdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0)
}

extension CGRect {
    /// The rectangle shrunk by `insets`, as UIKit's `inset(by:)`.
    public func inset(by insets: UIEdgeInsets) -> CGRect {
        CGRect(
            x: origin.x + insets.left,
            y: origin.y + insets.top,
            width: size.width - insets.left - insets.right,
            height: size.height - insets.top - insets.bottom
        )
    }
}

/// An offset in points, as in UIKit: `horizontal` to the right, `vertical` downwards.
public struct UIOffset: Equatable, Hashable, Sendable {
    public var horizontal: CGFloat
    public var vertical: CGFloat

    public init(horizontal: CGFloat, vertical: CGFloat) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    public init() {
        self.init(horizontal: 0, vertical: 0)
    }

    public static let zero = UIOffset()
}

/// A closed range of floating-point values, as in UIKit (used by `UIAttachmentBehavior.attachmentRange`).
public struct UIFloatRange: Equatable, Hashable, Sendable {
    public var minimum: CGFloat
    public var maximum: CGFloat

    public init(minimum: CGFloat, maximum: CGFloat) {
        self.minimum = minimum
        self.maximum = maximum
    }

    public init() {
        self.init(minimum: 0, maximum: 0)
    }

    public static let zero = UIFloatRange()
    public static let infinite = UIFloatRange(minimum: -.infinity, maximum: .infinity)

    public var isInfinite: Bool { minimum == -.infinity && maximum == .infinity }
}

extension CGVector {
    /// The vector of `magnitude` pointing at `angle` radians (0 is +x, π/2 is down the screen).
    package init(angle: CGFloat, magnitude: CGFloat) {
        self.init(dx: magnitude * CGFloat(cos(Double(angle))), dy: magnitude * CGFloat(sin(Double(angle))))
    }

    package var angle: CGFloat { CGFloat(atan2(Double(dy), Double(dx))) }
    package var magnitude: CGFloat { CGFloat((Double(dx) * Double(dx) + Double(dy) * Double(dy)).squareRoot()) }
}
