import Foundation

/// The limits a scene, and a touch script read from JSON, are checked against.
public enum SceneLimits {
    public static let fps: ClosedRange<Double> = 1...240
    /// Seconds within which two times in a scene count as the same moment.
    public static let timeTolerance = 1e-6
    /// Points per canvas side.
    public static let canvasSide: ClosedRange<Double> = 1...8192
    /// Pixels per canvas side (points × scale).
    public static let pixelSide = 16384
    public static let scale: ClosedRange<Double> = 1...4
    /// Seconds.
    public static let duration: ClosedRange<Double> = 0.001...600
    /// Items in all sections together.
    public static let items = 1_000_000
    public static let sections = 10_000
    /// Any length or position in points.
    public static let length: ClosedRange<Double> = -1_000_000...1_000_000
    public static let spring: ClosedRange<Double> = 0...120
    /// Bytes in a scene file. A scene is a few kilobytes; the largest valid ones (a million
    /// selected items listed) are a few megabytes.
    public static let fileBytes = 64 << 20
    /// Characters (graphemes) in a header, footer, item text or caption: one line of text.
    public static let textLength = 1_000
    /// Unicode scalars in the same texts: four per character leaves room for emoji sequences and
    /// accents, and bounds the text's cost however its characters are built.
    public static let textScalars = 4_000
    /// Elements a frame can show (cells, headers, footers), estimated from the canvas, the item
    /// size and the spacing; a circle layout shows every item. Drawing cost grows with it.
    public static let elementsPerFrame = 20_000
    /// Items a cluster drag carries, each on four springs stepped at 960 Hz.
    public static let clusterItems = 10_000
    /// Pixels in one image a scene names: 4096 × 4096 (64 MiB decoded), more than a cell at scale
    /// 4 can show. Checked from the PNG header before the image is decoded.
    public static let imagePixels = 4096 * 4096
}
