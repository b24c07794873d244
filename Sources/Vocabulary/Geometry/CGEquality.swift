import Foundation

// Core Graphics' comparison functions, which iOS code still calls (`size.equalTo(.zero)`,
// `CGPointEqualToPoint(a, b)`). Apple platforms have them from Core Graphics itself.
#if !canImport(CoreGraphics)
extension CGPoint {
    public func equalTo(_ point2: CGPoint) -> Bool { self == point2 }
}

extension CGSize {
    public func equalTo(_ size2: CGSize) -> Bool { self == size2 }
}

extension CGRect {
    /// Equal as rectangles: standardized, so a negative size equals its flipped twin.
    public func equalTo(_ rect2: CGRect) -> Bool { standardized == rect2.standardized }
}

public func CGPointEqualToPoint(_ point1: CGPoint, _ point2: CGPoint) -> Bool { point1 == point2 }
public func CGSizeEqualToSize(_ size1: CGSize, _ size2: CGSize) -> Bool { size1 == size2 }
public func CGRectEqualToRect(_ rect1: CGRect, _ rect2: CGRect) -> Bool { rect1.equalTo(rect2) }
#endif

#if !canImport(Darwin)
/// C's largest `float`, which Darwin's math.h gives iOS code and Glibc's does not import.
public let MAXFLOAT = Float.greatestFiniteMagnitude
#endif

/// Objective-C's integer types, as Swift code from iOS projects still names them.
public typealias NSInteger = Int
public typealias NSUInteger = UInt
