import CollectionLayout
import Foundation
import Raster

/// Draws display lists with a scene's style: cells through `SceneCell`, a `UICollectionViewCell`
/// configured from the style, and the view renderer (background, highlight or selected
/// background, a content view inset by a scale transform with a border, a centred label),
/// headers and footers with their text, dragged cells raised with a shadow, and the
/// documentation overlays.
///
/// A function of its input alone, so frames can be drawn on any thread in any order. A cell's
/// view snapshot depends only on its size, label and state, so each one is made once per
/// renderer and shared by the workers.
public struct SceneRenderer: Sendable {
    public let style: Scene.Style
    public let overlays: Scene.Overlays
    public let font: Font
    /// Per-item content by item identity (flat index at load), when the scene lists items.
    private let content: [Scene.ItemContent]?
    private let cells = CellSnapshots()

    public init(scene: Scene, font: Font) {
        style = scene.style
        overlays = scene.overlays
        self.font = font
        content = scene.collection.itemContents
    }

    static let touchColor = Color(rgb: 0x000000, alpha: 46)
    static let touchRingColor = Color(rgb: 0xFFFFFF, alpha: 200)
    static let springColor = Color(rgb: 0x007AFF)
    static let touchRadius = 22.0

    /// Draws `list` over what `canvas` holds (clear it to the background first).
    public func draw(_ list: DisplayList, into canvas: Canvas) {
        for element in list.elements {
            let local = CGRect(x: -element.size.width / 2, y: -element.size.height / 2,
                               width: element.size.width, height: element.size.height)
            var transform = Transform(a: Double(element.transform.a), b: Double(element.transform.b),
                                      c: Double(element.transform.c), d: Double(element.transform.d), tx: 0, ty: 0)
            if element.isLifted { transform = Transform(scaleX: style.lift.scale, y: style.lift.scale).concatenating(transform) }
            transform = transform.concatenating(Transform(translationX: Double(element.center.x), y: Double(element.center.y)))
            switch element.content {
            case let .cell(label, selected, highlighted):
                drawCell(in: local, label: label, item: element.item, selected: selected, highlighted: highlighted,
                         lifted: element.isLifted, alpha: element.alpha, transform: transform, on: canvas)
            case .header(let text):
                drawSupplementary(text, style: style.header, in: local, alpha: element.alpha, transform: transform, on: canvas)
            case .footer(let text):
                drawSupplementary(text, style: style.footer, in: local, alpha: element.alpha, transform: transform, on: canvas)
            case .decoration:
                canvas.fillRoundedRect(local, radii: CornerRadii(style.cell.cornerRadius),
                                       with: .solid(style.header.background.withOpacity(element.alpha)), transform: transform)
            }
        }
        if overlays.springs { drawSprings(list.springs, on: canvas) }
        if overlays.touches, let touch = list.touch { Self.drawTouch(at: touch, on: canvas) }
        if let caption = list.caption { drawCaption(caption, on: canvas) }
    }

    private func drawCell(in rect: CGRect, label: String?, item: Int?, selected: Bool, highlighted: Bool, lifted: Bool,
                          alpha: Double, transform: Transform, on canvas: Canvas) {
        if lifted {
            let lift = style.lift
            let radii = CornerRadii(min(style.cell.cornerRadius, Double(min(rect.width, rect.height)) / 2))
            canvas.drawShadow(of: Path(roundedRect: rect, radii: radii), transform: transform,
                              shadow: Shadow(offset: lift.shadowOffset, radius: lift.shadowRadius, color: lift.shadowColor.withOpacity(alpha)))
        }
        // A cell with content of its own is its item's; the others share a look per label.
        let itemContent = item.flatMap { content?[safe: $0] }
        let key = CellSnapshots.Key(size: rect.size, label: label, item: itemContent == nil ? nil : item, selected: selected,
                                    highlighted: highlighted)
        guard let node = cells.node(for: key, make: { makeCellNode(key) }) else { return }
        // The node's origin is the cell's top-left corner; `rect` is centred on the element.
        let placed = Transform(translationX: Double(rect.minX), y: Double(rect.minY)).concatenating(transform)
        ViewRenderer.draw(node, transform: placed, alpha: alpha, into: canvas)
    }

    /// A `SceneCell` of the key's size, label and state, as a view snapshot at its own origin.
    private func makeCellNode(_ key: CellSnapshots.Key) -> ViewSnapshot.Node? {
        let cell = SceneCell(frame: CGRect(origin: .zero, size: key.size))
        cell.configure(with: style.cell, font: font, text: key.label, content: key.item.flatMap { content?[safe: $0] })
        cell.isSelected = key.selected
        cell.isHighlighted = key.highlighted
        return cell.snapshot(at: 0).root
    }

    /// Text left-aligned 16 pt in from the leading edge, as iOS draws section headers (or centred).
    private func drawSupplementary(_ text: String, style: Scene.TextStyle, in rect: CGRect, alpha: Double,
                                   transform: Transform, on canvas: Canvas) {
        if style.background.alpha > 0 {
            canvas.fill(rect, with: style.background.withOpacity(alpha), transform: transform)
        }
        let left = style.alignment == .left
        canvas.drawText(text, in: left ? rect.insetBy(dx: 16, dy: 0) : rect, font: font, size: style.fontSize,
                        color: style.textColor.withOpacity(alpha), transform: transform, leading: left)
    }

    static let captionBackground = Color(rgb: 0x000000, alpha: 166)
    static let captionSize = 17.0

    /// A caption at the bottom of the canvas: white text on a dark rounded band, 24 pt from the
    /// bottom, as subtitles sit over a video.
    private func drawCaption(_ text: String, on canvas: Canvas) {
        let size = Self.captionSize
        let width = min(Double(canvas.width) / canvas.scale - 32, font.width(of: text, size: size) + 32)
        let height = size * 2
        let points = (width: Double(canvas.width) / canvas.scale, height: Double(canvas.height) / canvas.scale)
        let band = CGRect(x: (points.width - width) / 2, y: points.height - 24 - height, width: width, height: height)
        canvas.fillRoundedRect(band, radii: CornerRadii(height / 2), with: .solid(Self.captionBackground))
        canvas.drawText(text, in: band, font: font, size: size, color: .white)
    }

    private func drawSprings(_ springs: [(anchor: CGPoint, attachment: CGPoint)], on canvas: Canvas) {
        for spring in springs {
            var line = Path()
            line.move(to: spring.anchor)
            line.addLine(to: spring.attachment)
            canvas.stroke(line, width: 1.5, with: .solid(Self.springColor.withOpacity(0.8)))
            canvas.fill(Path(ellipseIn: CGRect(x: spring.anchor.x - 2.5, y: spring.anchor.y - 2.5, width: 5, height: 5)),
                        with: .solid(Self.springColor))
            canvas.fill(Path(ellipseIn: CGRect(x: spring.attachment.x - 2, y: spring.attachment.y - 2, width: 4, height: 4)),
                        with: .solid(.white))
        }
    }

    /// A translucent disc with a light ring where the finger is.
    static func drawTouch(at point: CGPoint, on canvas: Canvas) {
        let r = Self.touchRadius
        let disc = Path(ellipseIn: CGRect(x: point.x - r, y: point.y - r, width: 2 * r, height: 2 * r))
        canvas.fill(disc, with: .solid(Self.touchColor))
        canvas.stroke(disc, width: 2, with: .solid(Self.touchRingColor))
    }
}

/// The cell snapshots a renderer has made, shared by the threads drawing with it.
private final class CellSnapshots: @unchecked Sendable {
    struct Key: Hashable {
        var width: CGFloat, height: CGFloat
        var label: String?
        /// The item whose own content the cell shows; nil when it shows none.
        var item: Int?
        var selected: Bool, highlighted: Bool

        init(size: CGSize, label: String?, item: Int?, selected: Bool, highlighted: Bool) {
            (width, height, self.label, self.item) = (size.width, size.height, label, item)
            (self.selected, self.highlighted) = (selected, highlighted)
        }

        var size: CGSize { CGSize(width: width, height: height) }
    }

    /// Beyond this many (a waterfall of thousands of sizes), the set starts over.
    private let nodes = BoundedCache<Key, ViewSnapshot.Node?>(limit: 4096)

    func node(for key: Key, make: () -> ViewSnapshot.Node?) -> ViewSnapshot.Node? {
        nodes.value(for: key, make: make)
    }
}
