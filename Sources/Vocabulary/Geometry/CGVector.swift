// CoreGraphics provides CGVector on Apple platforms; swift-corelibs-foundation does not.
#if !canImport(CoreGraphics)
import Foundation

/// A two-dimensional vector, as in CoreGraphics: a direction and magnitude in points.
public struct CGVector: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var dx: CGFloat
    public var dy: CGFloat

    public init() {
        self.dx = 0
        self.dy = 0
    }

    public init(dx: CGFloat, dy: CGFloat) {
        self.dx = dx
        self.dy = dy
    }

    public init(dx: Double, dy: Double) {
        self.dx = CGFloat(dx)
        self.dy = CGFloat(dy)
    }

    public init(dx: Int, dy: Int) {
        self.dx = CGFloat(dx)
        self.dy = CGFloat(dy)
    }

    /// The vector whose components are both zero.
    public static let zero = CGVector()

    public var description: String { "(\(dx), \(dy))" }
}
#endif
