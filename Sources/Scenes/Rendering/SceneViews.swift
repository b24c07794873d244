import CollectionLayout
import Foundation
import Raster

/// A section header or footer of a scene: its style's background and one line of text, 16 pt in
/// from the leading edge as iOS draws section headers (or centred), in the scene's font.
final class SceneSupplementaryView: UICollectionReusableView {
    private(set) var text = ""
    private var style = Scene.TextStyle()
    private var font: Font?

    func configure(text: String, style: Scene.TextStyle, font: Font) {
        (self.text, self.style, self.font) = (text, style, font)
        setNeedsDisplay()
    }

    override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        let bounds = CGRect(origin: .zero, size: rect.size)
        if style.background.alpha > 0 {
            context.append(.fill(Path(rect: bounds), color: SceneAppearance.resolved(style.background, as: .barBackground), rule: .nonZero))
        }
        guard let font, !text.isEmpty, style.textColor.alpha > 0 else { return }
        let left = style.alignment == .left
        let origin = font.baselineOrigin(of: text, in: left ? bounds.insetBy(dx: 16, dy: 0) : bounds, size: style.fontSize, leading: left)
        context.append(.text(text, origin: origin, font: font, size: style.fontSize,
                             color: SceneAppearance.resolved(style.textColor, as: .barText)))
    }
}

/// A line from each spring's anchor to its attach point, over the whole window (for documentation).
final class SpringsOverlayView: UIView {
    struct Spring: Equatable {
        var anchor: CGPoint
        var attachment: CGPoint
    }

    static let color = Color(rgb: 0x007AFF)

    /// Window points; drawn again when they change.
    var springs: [Spring] = [] {
        didSet { if springs != oldValue { setNeedsDisplay() } }
    }

    override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
        isOpaque = false
    }

    required init?(coder: NSCoder) { nil }

    override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        for spring in springs {
            var line = Path()
            line.move(to: spring.anchor)
            line.addLine(to: spring.attachment)
            context.append(.stroke(line, width: 1.5, color: Self.color.withOpacity(0.8), style: StrokeStyle()))
            context.append(.fill(Path(ellipseIn: CGRect(x: spring.anchor.x - 2.5, y: spring.anchor.y - 2.5, width: 5, height: 5)),
                                 color: Self.color, rule: .nonZero))
            context.append(.fill(Path(ellipseIn: CGRect(x: spring.attachment.x - 2, y: spring.attachment.y - 2, width: 4, height: 4)),
                                 color: .white, rule: .nonZero))
        }
    }
}

/// A caption at the bottom of the window: white text on a dark rounded band 24 pt from the
/// bottom, as subtitles sit over a video; hidden while there is no text.
final class CaptionView: UIView {
    static let background = Color(rgb: 0x000000, alpha: 166)
    static let size = 17.0
    private let font: Font
    private let canvas: CGSize

    var text: String? {
        didSet {
            guard text != oldValue else { return }
            isHidden = text == nil
            guard let text else { return }
            // As wide as the text and 16 pt either side, within 16 pt of the window's edges.
            let width = min(Double(canvas.width) - 32, font.width(of: text, size: Self.size) + 32)
            let height = Self.size * 2
            frame = CGRect(x: (Double(canvas.width) - width) / 2, y: Double(canvas.height) - 24 - height, width: width, height: height)
            layer.cornerRadius = CGFloat(height / 2)
            setNeedsDisplay()
        }
    }

    init(font: Font, canvas: CGSize) {
        (self.font, self.canvas) = (font, canvas)
        super.init(frame: .zero)
        isUserInteractionEnabled = false
        isHidden = true
        backgroundColor = UIColor(color: Self.background)
    }

    required init?(coder: NSCoder) { nil }

    override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext(), let text else { return }
        let bounds = CGRect(origin: .zero, size: rect.size)
        context.append(.text(text, origin: font.baselineOrigin(of: text, in: bounds, size: Self.size), font: font, size: Self.size,
                             color: .white))
    }
}
