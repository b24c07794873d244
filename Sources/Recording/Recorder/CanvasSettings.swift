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

    public var pixelWidth: Int { Int((width * scale).rounded()) }
    public var pixelHeight: Int { Int((height * scale).rounded()) }
}
