import Foundation
import Raster

/// The frames' size and background: a window's size in points, at a scale.
public struct CanvasSettings: Equatable, Sendable {
    /// Points.
    public var width: Double, height: Double
    /// Pixels per point (1 to 4).
    public var scale: Double
    /// What shows where the UI draws nothing.
    public var background: Color

    public init(width: Double, height: Double, scale: Double, background: Color) {
        (self.width, self.height, self.scale, self.background) = (width, height, scale, background)
    }

    public var pixelWidth: Int { Self.pixels(width * scale) }
    public var pixelHeight: Int { Self.pixels(height * scale) }

    /// Pixels for a length, 0 for a length that is not a finite, positive number of them (never a
    /// trap: `problem` says what is wrong).
    static func pixels(_ length: Double) -> Int {
        guard length.isFinite, length > 0 else { return 0 }
        return Int(min(length, Double(Int32.max)).rounded())
    }

    /// What makes these settings impossible to draw, naming the parameter, or nil: a size that is
    /// not positive and finite, a scale that is not positive or is above 4, or more than 16,384
    /// pixels a side.
    public var problem: String? {
        guard width.isFinite, height.isFinite, width > 0, height > 0 else {
            return "size must be positive and finite, not \(width) × \(height) points"
        }
        guard scale.isFinite, scale > 0, scale <= SceneLimits.scale.upperBound else {
            return "scale must be positive and at most \(SceneLimits.scale.upperBound), not \(scale)"
        }
        guard pixelWidth >= 1, pixelHeight >= 1, pixelWidth <= SceneLimits.pixelSide, pixelHeight <= SceneLimits.pixelSide else {
            return "\(width) × \(height) points at scale \(scale) is \(pixelWidth) × \(pixelHeight) pixels; a frame has 1 to "
                + "\(SceneLimits.pixelSide) pixels a side"
        }
        return nil
    }
}
