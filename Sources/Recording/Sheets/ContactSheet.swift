import Foundation
import Raster

/// Frames of a scene side by side in a grid, each captioned with its time: the motion at a glance,
/// for documentation and for reviewing a change.
public struct ContactSheet: Sendable {
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

    /// A frame's caption: its number and time.
    public static func caption(frame index: Int, fps: Double) -> String {
        "frame \(index) · \(String(format: "%.2f", Double(index) / fps)) s"
    }

    /// `frame` shrunk to `thumbnailScale` of its pixel size, at scale 1, ready for `grid(thumbnails:font:)`.
    public func thumbnail(of frame: Canvas) -> Bitmap {
        let width = max(1, Int((Double(frame.width) * thumbnailScale).rounded()))
        let height = max(1, Int((Double(frame.height) * thumbnailScale).rounded()))
        let k = thumbnailScale * frame.scale
        return Bitmap(pixelWidth: width, pixelHeight: height, scale: 1, background: .clear) {
            $0.draw(frame, transform: Transform(scaleX: k, y: k))
        }
    }

    /// Thumbnails (from `thumbnail(of:)`) in rows of `columns`, each with its caption under it.
    public func grid(thumbnails cells: [(image: Bitmap, caption: String)], font: Font) -> Canvas {
        let grid = Grid(sheet: self, cellCount: cells.count, cellWidth: Double(cells.map(\.image.width).max() ?? 1),
                        cellHeight: Double(cells.map(\.image.height).max() ?? 1))
        for (position, cell) in cells.enumerated() { grid.place(cell.image, caption: cell.caption, at: position, scale: 1, font: font) }
        return grid.canvas
    }

    /// Images in rows of `columns`, each drawn at `thumbnailScale` of its pixel size (the
    /// largest sets the cell) with its caption under it.
    public func grid(_ cells: [(image: Bitmap, caption: String)], font: Font) -> Canvas {
        let grid = Grid(sheet: self, cellCount: cells.count,
                        cellWidth: (Double(cells.map(\.image.width).max() ?? 1) * thumbnailScale).rounded(),
                        cellHeight: (Double(cells.map(\.image.height).max() ?? 1) * thumbnailScale).rounded())
        for (position, cell) in cells.enumerated() {
            grid.place(cell.image, caption: cell.caption, at: position, scale: thumbnailScale * cell.image.scale, font: font)
        }
        return grid.canvas
    }

    /// The sheet's canvas and where each cell goes.
    private struct Grid {
        let sheet: ContactSheet
        let canvas: Canvas
        let cellWidth: Double, cellHeight: Double
        let columnCount: Int

        init(sheet: ContactSheet, cellCount: Int, cellWidth: Double, cellHeight: Double) {
            self.sheet = sheet
            self.cellWidth = cellWidth
            self.cellHeight = cellHeight
            columnCount = min(sheet.columns, max(1, cellCount))
            let rows = (cellCount + columnCount - 1) / columnCount
            let width = 2 * ContactSheet.margin + Double(columnCount) * cellWidth + Double(columnCount - 1) * ContactSheet.gap
            let height = 2 * ContactSheet.margin + Double(rows) * (cellHeight + ContactSheet.captionHeight)
                + Double(max(0, rows - 1)) * ContactSheet.gap
            canvas = Canvas(pixelWidth: Int(width), pixelHeight: Int(height), scale: 1, background: sheet.background)
        }

        /// Draws `image` at `scale` sheet pixels per image point in the cell at `position`.
        func place(_ image: Bitmap, caption: String, at position: Int, scale k: Double, font: Font) {
            let x = ContactSheet.margin + Double(position % columnCount) * (cellWidth + ContactSheet.gap)
            let y = ContactSheet.margin + Double(position / columnCount) * (cellHeight + ContactSheet.captionHeight + ContactSheet.gap)
            canvas.draw(image, transform: Transform(scaleX: k, y: k).concatenating(Transform(translationX: x, y: y)))
            canvas.drawText(caption, in: CGRect(x: x, y: y + cellHeight, width: cellWidth, height: ContactSheet.captionHeight),
                            font: font, size: ContactSheet.captionSize, color: sheet.captionColor)
        }
    }
}
