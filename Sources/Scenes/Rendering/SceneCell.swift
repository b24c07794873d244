import CollectionLayout
import Vocabulary
import Foundation
import Recording
import Raster

/// The scenes' cells as a `UICollectionViewCell`, built from the style's template as a port would
/// build them in UIKit; a scene's data source makes them and the view renderer draws them.
///
/// - `plain`: a rounded background in the style's colour (the item's colour, when it has one; the
///   highlight colour while highlighted, the selected colour while selected), a content view
///   inset by a scale transform with a border and an optional fill, and a centred label (the
///   item's text, else its number).
/// - `photo`: the item's image filling the cell (aspect fill), clipped to the rounded corners;
///   selected cells get a 3 pt border in the selected colour, highlighted ones dim.
/// - `bubble`: a chat bubble sized to the item's text (wrapping at three quarters of the cell's
///   width), 8 pt from the left edge (grey, dark text) or the right (blue, white text); the item's
///   colour replaces the bubble's.
/// - `card`: a white rounded card with the item's text as its title and its subtitle under it,
///   16 pt from the left; the item's colour fills a 6 pt band on the left edge.
open class SceneCell: UICollectionViewCell {
    public let label = UILabel()
    public let subtitleLabel = UILabel()
    public let imageView = UIImageView()
    /// The bubble (`bubble`) or the card (`card`) the labels sit on.
    public let panel = UIView()
    private let band = UIView()
    private var style = Scene.CellStyle()
    private var content: Scene.ItemContent?

    public required init(frame: CGRect) {
        super.init(frame: frame)
        label.textAlignment = .center
        // Never "…": a label wider than a small cell overflows it, centred, as scenes always drew it.
        label.lineBreakMode = .byClipping
        contentView.addSubview(label)
        apply(style)
    }

    public required init?(coder: NSCoder) { nil }

    /// Takes the style's colours, corner radius, content scale, border and font.
    open func configure(with style: Scene.CellStyle, font: Font, text: String?) {
        configure(with: style, font: font, text: text, content: nil)
    }

    /// Takes the style and the item's own content (format 1.1): its text, subtitle, colour,
    /// image and side.
    open func configure(with style: Scene.CellStyle, font: Font, text: String?, content: Scene.ItemContent?) {
        self.style = style
        self.content = content
        label.font = UIFont(face: font, name: "scene", size: CGFloat(style.fontSize))
        subtitleLabel.font = UIFont(face: font, name: "scene", size: CGFloat(style.fontSize * 0.8))
        switch style.template {
        case .plain:
            label.text = style.label ? (content?.text ?? text) : nil
        case .photo:
            label.text = nil
            imageView.image = content?.image.flatMap { image in
                SamplePhotos.number(in: image).map(SamplePhotos.image) ?? Self.image(atPath: image)
            }
            imageView.contentMode = .scaleAspectFill
            imageView.clipsToBounds = true
            contentView.insertSubview(imageView, at: 0)
        case .bubble:
            label.text = content?.text ?? text
            label.numberOfLines = 0
            label.lineBreakMode = .byWordWrapping
            label.textAlignment = .natural
            panel.addSubview(label)
            contentView.addSubview(panel)
        case .card:
            label.text = content?.text ?? text
            label.textAlignment = .natural
            label.lineBreakMode = .byTruncatingTail
            subtitleLabel.text = content?.subtitle
            subtitleLabel.textColor = .secondaryLabel
            panel.addSubview(band)
            panel.addSubview(label)
            panel.addSubview(subtitleLabel)
            contentView.addSubview(panel)
        }
        apply(style)
        setNeedsLayout()
    }

    /// How the cell looks while dragged, and when it is: while `isLifted` holds for the layout
    /// attributes it is given, it is drawn scaled by the style's lift about its centre, casting
    /// the lift's shadow (the shape of its rounded background).
    public var lift: (style: Scene.LiftStyle, isLifted: @MainActor (UICollectionViewLayoutAttributes) -> Bool)?
    private var isRaised = false

    open override func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {
        super.apply(layoutAttributes)
        let raised = lift?.isLifted(layoutAttributes) ?? false
        guard raised || isRaised, let style = lift?.style else { return }
        isRaised = raised
        UIView.performWithoutAnimation {
            guard raised else {
                // The collection view gives back the attributes' transform on its next pass.
                transform = layoutAttributes.transform
                removeLiftShadow()
                return
            }
            transform = CGAffineTransform(scaleX: CGFloat(style.scale), y: CGFloat(style.scale)).concatenating(layoutAttributes.transform)
            let size = layoutAttributes.size
            let radius = min(self.style.cornerRadius, Double(min(size.width, size.height)) / 2)
            layer.shadowPath = CGPath(path: Path(roundedRect: CGRect(origin: .zero, size: size), radii: CornerRadii(radius)))
            layer.shadowColor = UIColor(color: style.shadowColor).cgColor
            layer.shadowOpacity = 1
            layer.shadowRadius = CGFloat(style.shadowRadius)
            layer.shadowOffset = style.shadowOffset
        }
    }

    open override func prepareForReuse() {
        super.prepareForReuse()
        lift = nil
        if isRaised {
            isRaised = false
            removeLiftShadow()
        }
    }

    private func removeLiftShadow() {
        layer.shadowOpacity = 0
        layer.shadowPath = nil
    }

    open override var isSelected: Bool {
        didSet { updateBackground() }
    }

    open override var isHighlighted: Bool {
        didSet { updateBackground() }
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let bounds = contentView.bounds
        switch style.template {
        case .plain:
            label.frame = bounds
        case .photo:
            imageView.frame = bounds
        case .bubble:
            let widest = bounds.width * 0.75
            let fits = label.sizeThatFits(CGSize(width: widest - 24, height: .greatestFiniteMagnitude))
            let size = CGSize(width: min(fits.width + 24, widest), height: min(fits.height + 16, bounds.height))
            let x = content?.side == .right ? bounds.width - 8 - size.width : 8
            panel.frame = CGRect(x: x, y: (bounds.height - size.height) / 2, width: size.width, height: size.height)
            label.frame = panel.bounds.insetBy(dx: 12, dy: 8)
        case .card:
            panel.frame = bounds
            band.frame = CGRect(x: 0, y: 0, width: content?.color == nil ? 0 : 6, height: bounds.height)
            let line = CGFloat(style.fontSize) * 1.3
            let top = content?.subtitle == nil ? (bounds.height - line) / 2 : bounds.height / 2 - line
            label.frame = CGRect(x: 16, y: top, width: bounds.width - 32, height: line)
            subtitleLabel.frame = CGRect(x: 16, y: top + line, width: bounds.width - 32, height: line)
        }
    }

    private func apply(_ style: Scene.CellStyle) {
        layer.cornerRadius = CGFloat(style.cornerRadius)
        if style.template != .plain {
            // The plain look's inset, bordered content view does not apply.
            contentView.transform = .identity
            contentView.isHidden = false
            contentView.backgroundColor = nil
            contentView.layer.borderWidth = 0
        }
        switch style.template {
        case .plain:
            contentView.transform = CGAffineTransform(scaleX: CGFloat(style.contentScale), y: CGFloat(style.contentScale))
            contentView.isHidden = style.contentScale <= 0
            contentView.backgroundColor = style.contentColor.map(UIColor.init(color:))
            contentView.layer.cornerRadius = CGFloat(style.cornerRadius)
            contentView.layer.borderWidth = CGFloat(style.borderWidth)
            contentView.layer.borderColor = UIColor(color: style.borderColor).cgColor
            label.textColor = UIColor(color: style.labelColor)
        case .photo:
            contentView.layer.cornerRadius = CGFloat(style.cornerRadius)
            contentView.clipsToBounds = true
            imageView.backgroundColor = UIColor(color: content?.color ?? style.color)
        case .bubble:
            let right = content?.side == .right
            panel.layer.cornerRadius = 18
            panel.backgroundColor = content?.color.map(UIColor.init(color:)) ?? (right ? .systemBlue : .systemGray5)
            label.textColor = right ? .white : .label
        case .card:
            panel.backgroundColor = .secondarySystemGroupedBackground
            panel.layer.cornerRadius = CGFloat(style.cornerRadius)
            panel.layer.borderWidth = 0.5
            panel.layer.borderColor = UIColor.systemGray4.cgColor
            panel.clipsToBounds = true
            band.backgroundColor = content?.color.map(UIColor.init(color:))
            label.textColor = .label
        }
        updateBackground()
    }

    private func updateBackground() {
        switch style.template {
        case .plain:
            backgroundColor = UIColor(color: isHighlighted ? style.highlightColor : isSelected ? style.selectedColor : content?.color ?? style.color)
        case .photo, .bubble, .card:
            backgroundColor = nil
            layer.borderWidth = isSelected ? 3 : 0
            layer.borderColor = UIColor(color: style.selectedColor).cgColor
            contentView.alpha = isHighlighted ? 0.6 : 1
        }
    }
}

extension UIColor {
    /// The colour of a scene file (8-bit sRGB, straight alpha).
    public convenience init(color: Color) {
        self.init(red: CGFloat(color.red) / 255, green: CGFloat(color.green) / 255, blue: CGFloat(color.blue) / 255,
                  alpha: CGFloat(color.alpha) / 255)
    }
}

extension SceneCell {
    /// Decoded images by file, shared by every cell that shows the same file (twelve items naming
    /// one large PNG decoded it twelve times, once per cell). The key holds the file's size and
    /// modification time, so a file changed between two scenes is read again.
    private static let images = BoundedCache<String, UIImage?>(limit: 64)

    /// The image in the PNG file at `path`, decoded once for as long as the file is unchanged.
    package static func image(atPath path: String) -> UIImage? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              let size = attributes[.size] as? NSNumber, let modified = attributes[.modificationDate] as? Date else {
            return UIImage(contentsOfFile: path)
        }
        let key = "\(path)\u{0}\(size)\u{0}\(modified.timeIntervalSinceReferenceDate)"
        return images.value(for: key) { UIImage(contentsOfFile: path) }
    }
}
