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
    /// Each frame is drawn into one reused canvas and shrunk onto the sheet at once, so the
    /// memory is the sheet and one frame, however many frames it shows.
    public func draw(_ scene: Scene, font: Font) -> Canvas {
        let indices = frames(frameCount: scene.frameCount)
        let rendering = SceneRendering(scene: scene, font: font, workers: 1)
        let frame = Canvas(pixelWidth: scene.canvas.pixelWidth, pixelHeight: scene.canvas.pixelHeight,
                           scale: scene.canvas.scale, background: scene.canvas.background)
        var grid = Grid(sheet: self, cellCount: indices.count, imageWidth: frame.width, imageHeight: frame.height)
        rendering.forEachImage(ofFrames: indices, in: frame) { position, index in
            grid.place(frame, caption: "frame \(index) · \(String(format: "%.2f", Double(index) / scene.fps)) s",
                       at: position, font: font)
        }
        return grid.canvas
    }

    /// Images in rows of `columns`, each drawn at `thumbnailScale` of its pixel size (the
    /// largest sets the cell) with its caption under it.
    public func grid(_ cells: [(image: Canvas, caption: String)], font: Font) -> Canvas {
        var grid = Grid(sheet: self, cellCount: cells.count, imageWidth: cells.map(\.image.width).max() ?? 1,
                        imageHeight: cells.map(\.image.height).max() ?? 1)
        for (position, cell) in cells.enumerated() { grid.place(cell.image, caption: cell.caption, at: position, font: font) }
        return grid.canvas
    }

    /// The sheet's canvas and where each cell goes.
    private struct Grid {
        let sheet: ContactSheet
        let canvas: Canvas
        let cellWidth: Double, cellHeight: Double
        let columnCount: Int

        init(sheet: ContactSheet, cellCount: Int, imageWidth: Int, imageHeight: Int) {
            self.sheet = sheet
            cellWidth = (Double(imageWidth) * sheet.thumbnailScale).rounded()
            cellHeight = (Double(imageHeight) * sheet.thumbnailScale).rounded()
            columnCount = min(sheet.columns, max(1, cellCount))
            let rows = (cellCount + columnCount - 1) / columnCount
            let width = 2 * ContactSheet.margin + Double(columnCount) * cellWidth + Double(columnCount - 1) * ContactSheet.gap
            let height = 2 * ContactSheet.margin + Double(rows) * (cellHeight + ContactSheet.captionHeight)
                + Double(max(0, rows - 1)) * ContactSheet.gap
            canvas = Canvas(pixelWidth: Int(width), pixelHeight: Int(height), scale: 1, background: sheet.background)
        }

        func place(_ image: Canvas, caption: String, at position: Int, font: Font) {
            let x = ContactSheet.margin + Double(position % columnCount) * (cellWidth + ContactSheet.gap)
            let y = ContactSheet.margin + Double(position / columnCount) * (cellHeight + ContactSheet.captionHeight + ContactSheet.gap)
            // Image points → sheet pixels: undo the image's scale, shrink, place.
            let k = sheet.thumbnailScale * image.scale
            canvas.draw(image, transform: Transform(scaleX: k, y: k).concatenating(Transform(translationX: x, y: y)))
            canvas.drawText(caption, in: CGRect(x: x, y: y + cellHeight, width: cellWidth, height: ContactSheet.captionHeight),
                            font: font, size: ContactSheet.captionSize, color: sheet.captionColor)
        }
    }
}
