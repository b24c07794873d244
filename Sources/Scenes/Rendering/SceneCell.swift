import CollectionLayout
import Dynamics
import Foundation
import Raster

/// The scenes' built-in look as a `UICollectionViewCell`: a rounded background in the style's
/// colour (its highlight colour while highlighted, its selected colour while selected), a content
/// view inset by a scale transform with a border and an optional fill, and a centred label, as a
/// port would build the cell in UIKit. `SceneRenderer` draws every scene cell through it and the
/// view renderer.
open class SceneCell: UICollectionViewCell {
    public let label = UILabel()
    private var style = Scene.CellStyle()

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
        self.style = style
        label.font = UIFont(face: font, name: "scene", size: CGFloat(style.fontSize))
        label.text = style.label ? text : nil
        apply(style)
    }

    open override var isSelected: Bool {
        didSet { updateBackground() }
    }

    open override var isHighlighted: Bool {
        didSet { updateBackground() }
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        label.frame = contentView.bounds
    }

    private func apply(_ style: Scene.CellStyle) {
        layer.cornerRadius = CGFloat(style.cornerRadius)
        contentView.transform = CGAffineTransform(scaleX: CGFloat(style.contentScale), y: CGFloat(style.contentScale))
        contentView.isHidden = style.contentScale <= 0
        contentView.backgroundColor = style.contentColor.map(UIColor.init(color:))
        contentView.layer.cornerRadius = CGFloat(style.cornerRadius)
        contentView.layer.borderWidth = CGFloat(style.borderWidth)
        contentView.layer.borderColor = UIColor(color: style.borderColor).cgColor
        label.textColor = UIColor(color: style.labelColor)
        updateBackground()
    }

    private func updateBackground() {
        backgroundColor = UIColor(color: isHighlighted ? style.highlightColor : isSelected ? style.selectedColor : style.color)
    }
}

extension UIColor {
    /// The colour of a scene file (8-bit sRGB, straight alpha).
    public convenience init(color: Color) {
        self.init(red: CGFloat(color.red) / 255, green: CGFloat(color.green) / 255, blue: CGFloat(color.blue) / 255,
                  alpha: CGFloat(color.alpha) / 255)
    }
}
