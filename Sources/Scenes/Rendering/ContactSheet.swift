import Foundation
import Raster

/// Frames of a scene side by side in a grid, each captioned with its time: the motion at a glance,
/// for documentation and for reviewing a change.
public struct ContactSheet {
    /// Frames shown: 0, every, 2·every, … up to the last frame.
    public var every: Int
    public var columns: Int
    /// Each frame is drawn at this fraction of its pixel size (0.5: half).
    public var thumbnailScale: Double
    public var background = Color(rgb: 0xE5E5EA)
    public var captionColor = Color(rgb: 0x3C3C43)

    static let margin = 16.0, gap = 12.0, captionHeight = 22.0, captionSize = 13.0

    public init(every: Int, columns: Int, thumbnailScale: Double = 0.5) {
        self.every = max(1, every)
        self.columns = max(1, columns)
        self.thumbnailScale = thumbnailScale
    }

    /// The frame numbers the sheet shows for a scene of `frameCount` frames.
    public func frames(frameCount: Int) -> [Int] {
        Array(stride(from: 0, to: frameCount, by: every))
    }

    /// Renders the scene's frames and lays them out; the sheet's pixels are its points (scale 1).
    public func draw(_ scene: Scene, font: Font) -> Canvas {
        let indices = frames(frameCount: scene.frameCount)
        let images = SceneRendering(scene: scene, font: font, workers: 1).images(ofFrames: indices)
        let captions = indices.map { "frame \($0) · \(String(format: "%.2f", Double($0) / scene.fps)) s" }
        return grid(Array(zip(images, captions)), font: font)
    }

    /// Images of one size in rows of `columns`, each drawn at `thumbnailScale` of its pixel size
    /// with its caption under it.
    public func grid(_ cells: [(image: Canvas, caption: String)], font: Font) -> Canvas {
        let cellWidth = (Double(cells.map(\.image.width).max() ?? 1) * thumbnailScale).rounded()
        let cellHeight = (Double(cells.map(\.image.height).max() ?? 1) * thumbnailScale).rounded()
        let columnCount = min(columns, max(1, cells.count))
        let rows = (cells.count + columnCount - 1) / columnCount
        let width = 2 * Self.margin + Double(columnCount) * cellWidth + Double(columnCount - 1) * Self.gap
        let height = 2 * Self.margin + Double(rows) * (cellHeight + Self.captionHeight) + Double(max(0, rows - 1)) * Self.gap
        let sheet = Canvas(pixelWidth: Int(width), pixelHeight: Int(height), scale: 1, background: background)
        for (position, (image, caption)) in cells.enumerated() {
            let x = Self.margin + Double(position % columnCount) * (cellWidth + Self.gap)
            let y = Self.margin + Double(position / columnCount) * (cellHeight + Self.captionHeight + Self.gap)
            // Image points → sheet pixels: undo the image's scale, shrink, place.
            let k = thumbnailScale * image.scale
            sheet.draw(image, transform: Transform(scaleX: k, y: k).concatenating(Transform(translationX: x, y: y)))
            sheet.drawText(caption, in: CGRect(x: x, y: y + cellHeight, width: cellWidth, height: Self.captionHeight),
                           font: font, size: Self.captionSize, color: captionColor)
        }
        return sheet
    }
}
