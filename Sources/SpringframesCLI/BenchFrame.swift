import Foundation
import Springframes

/// The benchmark's frame: what a springy cluster drag looks like on an iPhone-sized screen
/// (390×844 pt at scale 3, 1170×2532 pixels). A 5-column grid of 60 pt rounded cells, each with
/// its content view inset to 80 % with a 2 pt border and its item number as a label, and four
/// selected cells lifted above the grid with shadows, displaced and turned as the drag moves them.
struct BenchFrame {
    static let pointWidth = 390.0, pointHeight = 844.0, scale = 3.0

    let font: Font

    /// Cells drawn: the visible grid (60) plus the four dragged ones.
    static let gridCells = 60
    static let draggedCells = [3, 4, 12, 13]

    static func makeCanvas() -> Canvas {
        Canvas(pointWidth: pointWidth, pointHeight: pointHeight, scale: scale, background: .white)
    }

    /// Draws frame `frame` over whatever `canvas` holds (clear it first).
    func draw(frame: Int, into canvas: Canvas) {
        let columns = 5
        let side = 60.0, spacing = 10.0, inset = 16.0
        func cellRect(_ item: Int) -> CGRect {
            CGRect(x: inset + Double(item % columns) * (side + spacing), y: inset + Double(item / columns) * (side + spacing),
                   width: side, height: side)
        }
        for item in 0..<Self.gridCells where !Self.draggedCells.contains(item) {
            drawCell(item, in: cellRect(item), selected: false, transform: .identity, on: canvas)
        }
        // The dragged cells keep their offsets from the finger and wobble behind it: each is
        // moved and turned a little per frame.
        let t = Double(frame) / 60
        let rects = Self.draggedCells.map(cellRect)
        let centroid = CGPoint(x: rects.map(\.midX).reduce(0, +) / CGFloat(rects.count), y: rects.map(\.midY).reduce(0, +) / CGFloat(rects.count))
        let finger = CGPoint(x: 195 + 60 * sin(2 * .pi * t / 2), y: 420 + 40 * cos(2 * .pi * t / 3))
        for (k, item) in Self.draggedCells.enumerated() {
            let rect = rects[k]
            let dx = Double(finger.x - centroid.x) + 6 * sin(2 * .pi * (t + Double(k) * 0.1))
            let dy = Double(finger.y - centroid.y) + 6 * cos(2 * .pi * (t * 0.8 + Double(k) * 0.15))
            let angle = 0.08 * sin(2 * .pi * (t * 1.3 + Double(k) * 0.2))
            let local = CGRect(x: -side / 2, y: -side / 2, width: side, height: side)
            let transform = Transform(rotationAngle: angle).concatenating(Transform(translationX: Double(rect.midX) + dx, y: Double(rect.midY) + dy))
            canvas.drawShadow(of: Path(roundedRect: local, cornerRadius: 8), transform: transform,
                              shadow: Shadow(offset: CGSize(width: 0, height: 4), radius: 8, color: Color(rgb: 0x000000, alpha: 90)))
            drawCell(item, in: local, selected: true, transform: transform, on: canvas)
        }
    }

    /// A collection-view cell: background, content view scaled to 80 % with a light-gray border,
    /// and the item number centred.
    private func drawCell(_ item: Int, in rect: CGRect, selected: Bool, transform: Transform, on canvas: Canvas) {
        canvas.fillRoundedRect(rect, radii: CornerRadii(8), with: .solid(selected ? .red : .gray), transform: transform)
        let content = rect.insetBy(dx: rect.width * 0.1, dy: rect.height * 0.1)
        canvas.fillRoundedRect(content, radii: CornerRadii(6), with: .solid(selected ? Color(rgb: 0xFF6060) : Color(rgb: 0xA0A0A0)),
                               transform: transform)
        canvas.strokeBorder(of: content, radii: CornerRadii(6), width: 2, color: .lightGray, transform: transform)
        canvas.drawText(String(item), in: content, font: font, size: 17, color: .white, transform: transform)
    }
}
