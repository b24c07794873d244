import Vocabulary
import Foundation
import DisplayList
import Raster

/// A view that shows a material (`UIBlurEffect`) or vibrant content (`UIVibrancyEffect`).
///
/// With a blur effect, the frame drawn so far beneath the view, inside its bounds and rounded
/// by its layer's corner radius (clipping or not, as iOS rounds the effect itself), is blurred,
/// made more vivid and tinted (see `Material`). With a vibrancy effect, put it in a blur view's
/// `contentView`: what its own `contentView` draws takes the vibrancy colour.
///
/// Add subviews to `contentView`, as on iOS. As Apple's documentation warns, an `alpha` below 1
/// on the view or a superview spoils the effect: here the view's own alpha fades the material
/// evenly, but a faded superview is drawn apart from the frame, so the material there blurs only
/// what that superview draws beneath it.
///
///     let blur = UIVisualEffectView(effect: UIBlurEffect(style: .systemMaterial))
///     let vibrancy = UIVisualEffectView(effect: UIVibrancyEffect(blurEffect: blur.effect as! UIBlurEffect,
///                                                                style: .secondaryLabel))
///     blur.contentView.addSubview(vibrancy)
open class UIVisualEffectView: UIView {
    /// The effect shown; nil shows no effect, only the content.
    open var effect: UIVisualEffect? {
        didSet { setNeedsDisplay() }
    }

    /// Where the content goes: a subview filling the view.
    public let contentView: UIView

    public init(effect: UIVisualEffect?) {
        self.effect = effect
        contentView = UIView(frame: .zero)
        super.init(frame: .zero)
        installContentView()
    }

    public override init(frame: CGRect) {
        contentView = UIView(frame: CGRect(origin: .zero, size: frame.size))
        super.init(frame: frame)
        installContentView()
    }

    public required init?(coder: NSCoder) {
        contentView = UIView(frame: .zero)
        super.init(coder: coder)
        installContentView()
    }

    private func installContentView() {
        contentView.frame = bounds
        contentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addSubview(contentView)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        contentView.frame = bounds
    }

    package override func finishSnapshotNode(_ node: inout ViewSnapshot.Node) {
        let dark = traitCollection.userInterfaceStyle == .dark
        switch effect {
        case let blur as UIBlurEffect:
            let shape = Path(roundedRect: CGRect(origin: .zero, size: node.bounds.size), radii: node.radii)
            node.content = blur.material(dark: dark).commands(in: shape) + node.content
        case let vibrancy as UIVibrancyEffect:
            let color = vibrancy.contentColor.resolvedColor(with: traitCollection).rasterColor
            for index in node.children.indices { Self.makeVibrant(&node.children[index], color: color) }
        default:
            break
        }
    }

    /// Every colour the subtree draws (fills, strokes, text, backgrounds, borders) becomes
    /// `color`, each keeping its own alpha; images are left as they are.
    private static func makeVibrant(_ node: inout ViewSnapshot.Node, color: Color) {
        func vibrant(_ original: Color) -> Color { color.withOpacity(Double(original.alpha) / 255) }
        node.background = node.background.map(vibrant)
        node.borderColor = vibrant(node.borderColor)
        node.content = node.content.map { command in
            switch command {
            case let .fill(path, original, rule): .fill(path, color: vibrant(original), rule: rule)
            case let .stroke(path, width, original, style): .stroke(path, width: width, color: vibrant(original), style: style)
            case let .text(text, origin, font, size, original): .text(text, origin: origin, font: font, size: size, color: vibrant(original))
            case .paint, .image, .clip, .backdrop: command
            }
        }
        for index in node.children.indices { makeVibrant(&node.children[index], color: color) }
    }
}
