import Vocabulary
import Foundation

/// The view of a `UIListContentConfiguration`: an image view and two labels laid out as the
/// configuration's style says (see `UIListContentConfiguration` for the metrics). It sizes
/// itself: `sizeThatFits` gives the height its texts need at a width, at least the style's
/// minimum (44 pt for rows), which is what a list cell's self-sizing asks.
open class UIListContentView: UIView, UIContentView {
    private var current: UIListContentConfiguration
    private let imageView = UIImageView()
    private let textLabel = UILabel()
    private let secondaryTextLabel = UILabel()

    /// Where the text, the secondary text and the image are, in this view.
    public private(set) lazy var textLayoutGuide: UILayoutGuide? = UILayoutGuide(owningView: self) { ($0 as? UIListContentView)?.arrangement(width: $0.bounds.width).text ?? .zero }
    public private(set) lazy var secondaryTextLayoutGuide: UILayoutGuide? = UILayoutGuide(owningView: self) { ($0 as? UIListContentView)?.arrangement(width: $0.bounds.width).secondary ?? .zero }
    public private(set) lazy var imageLayoutGuide: UILayoutGuide? = UILayoutGuide(owningView: self) { ($0 as? UIListContentView)?.arrangement(width: $0.bounds.width).image ?? .zero }

    public init(configuration: UIListContentConfiguration) {
        current = configuration
        super.init(frame: .zero)
        for view in [imageView, textLabel, secondaryTextLabel] as [UIView] { addSubview(view) }
        imageView.contentMode = .scaleAspectFit
        apply(configuration)
    }

    public required init?(coder: NSCoder) {
        current = .cell()
        super.init(coder: coder)
    }

    open var configuration: UIContentConfiguration {
        get { current }
        set {
            guard let list = newValue as? UIListContentConfiguration else {
                preconditionFailure("UIListContentView: a \(type(of: newValue)) is not a UIListContentConfiguration (UIKit raises here too)")
            }
            apply(list)
        }
    }

    public var listConfiguration: UIListContentConfiguration {
        get { current }
        set { apply(newValue) }
    }

    public func supports(_ configuration: UIContentConfiguration) -> Bool {
        configuration is UIListContentConfiguration
    }

    private func apply(_ configuration: UIListContentConfiguration) {
        current = configuration
        configure(textLabel, configuration.text, configuration.attributedText, configuration.textProperties)
        configure(secondaryTextLabel, configuration.secondaryText, configuration.secondaryAttributedText, configuration.secondaryTextProperties)
        imageView.image = configuration.image
        imageView.isHidden = configuration.image == nil
        imageView.tintColor = configuration.imageProperties.resolvedTintColor(for: tintColor ?? .tintColor)
        imageView.layer.cornerRadius = configuration.imageProperties.cornerRadius
        imageView.clipsToBounds = configuration.imageProperties.cornerRadius > 0
        if configuration.imageProperties.preferredSymbolConfiguration != nil {
            UIKitCompatibility.notHonoured("UIListContentConfiguration.ImageProperties.preferredSymbolConfiguration",
                                           "SF Symbols are stand-ins here, drawn at their own size")
        }
        setNeedsLayout()
    }

    private func configure(_ label: UILabel, _ text: String?, _ attributed: NSAttributedString?,
                           _ properties: UIListContentConfiguration.TextProperties) {
        label.adjustsFontForContentSizeCategory = properties.adjustsFontForContentSizeCategory
        label.font = properties.font
        label.textColor = properties.resolvedColor()
        label.numberOfLines = properties.numberOfLines
        label.lineBreakMode = properties.lineBreakMode
        if properties.allowsDefaultTighteningForTruncation {
            UIKitCompatibility.notHonoured("UIListContentConfiguration.TextProperties.allowsDefaultTighteningForTruncation",
                                           "text is truncated without tightening its letter spacing first")
        }
        label.adjustsFontSizeToFitWidth = properties.adjustsFontSizeToFitWidth
        label.minimumScaleFactor = properties.minimumScaleFactor
        label.textAlignment = properties.alignment == .center ? .center : (properties.alignment == .justified ? .justified : .natural)
        if let attributed {
            label.attributedText = attributed
        } else {
            label.text = text.map(properties.shown)
        }
        label.isHidden = (label.text ?? "").isEmpty
    }

    /// The margins in effect: the configuration's, and the superview's along the preserved axes.
    private var margins: NSDirectionalEdgeInsets {
        var margins = current.directionalLayoutMargins
        if let superview {
            let outer = superview.layoutMargins
            if current.axesPreservingSuperviewLayoutMargins.contains(.horizontal) {
                margins.leading = max(margins.leading, outer.left)
                margins.trailing = max(margins.trailing, outer.right)
            }
            if current.axesPreservingSuperviewLayoutMargins.contains(.vertical) {
                margins.top = max(margins.top, outer.top)
                margins.bottom = max(margins.bottom, outer.bottom)
            }
        }
        return margins
    }

    private var imageSize: CGSize {
        guard let image = current.image else { return .zero }
        var size = image.size
        let maximum = current.imageProperties.maximumSize
        if maximum.width > 0, size.width > maximum.width { size = CGSize(width: maximum.width, height: size.height * maximum.width / size.width) }
        if maximum.height > 0, size.height > maximum.height { size = CGSize(width: size.width * maximum.height / size.height, height: maximum.height) }
        return size
    }

    /// Frames of the image, the text and the secondary text at `width`, and the height they need.
    func arrangement(width: CGFloat) -> (image: CGRect, text: CGRect, secondary: CGRect, height: CGFloat) {
        let margins = margins
        var x = margins.leading
        var image = CGRect.zero
        if current.image != nil {
            let size = imageSize
            let reserved = current.imageProperties.reservedLayoutSize
            let slot = CGSize(width: max(size.width, reserved.width), height: max(size.height, reserved.height))
            image = CGRect(x: x + (slot.width - size.width) / 2, y: 0, width: size.width, height: size.height)
            x += slot.width + current.imageToTextPadding
        }
        let available = max(0, width - x - margins.trailing)
        let hasText = !textLabel.isHidden, hasSecondary = !secondaryTextLabel.isHidden
        let textSize = hasText ? textLabel.sizeThatFits(CGSize(width: available, height: 0)) : .zero
        let secondarySize = hasSecondary ? secondaryTextLabel.sizeThatFits(CGSize(width: available, height: 0)) : .zero
        var text = CGRect(x: x, y: 0, width: min(textSize.width, available), height: textSize.height)
        var secondary = CGRect.zero
        var textHeight: CGFloat
        let sideBySide = current.prefersSideBySideTextAndSecondaryText && hasText && hasSecondary
            && textSize.width + current.textToSecondaryTextHorizontalPadding + secondarySize.width <= available
        if sideBySide {
            textHeight = max(textSize.height, secondarySize.height)
            text.origin.y = (textHeight - textSize.height) / 2
            secondary = CGRect(x: width - margins.trailing - secondarySize.width, y: (textHeight - secondarySize.height) / 2,
                               width: secondarySize.width, height: secondarySize.height)
        } else {
            textHeight = textSize.height
            if hasSecondary {
                let gap = hasText ? current.textToSecondaryTextVerticalPadding : 0
                secondary = CGRect(x: x, y: textHeight + gap, width: min(secondarySize.width, available), height: secondarySize.height)
                textHeight += gap + secondarySize.height
            }
        }
        if current.textProperties.alignment == .center { text.origin.x = x + (available - text.width) / 2 }
        let content = max(textHeight, image.height)
        let height = max(current.style.minimumHeight, margins.top + textHeight + margins.bottom, image.height + 8)
        // The content is centred in the height the view has (rows), or sits on its bottom margin (headers).
        let shown = max(bounds.height, height)
        let top: CGFloat = current.style.minimumHeight > 0
            ? margins.top + (shown - margins.top - margins.bottom - content) / 2
            : shown - margins.bottom - content
        let textTop = top + (content - textHeight) / 2
        text.origin.y += textTop
        secondary.origin.y += textTop
        image.origin.y = top + (content - image.height) / 2
        return (image, text, secondary, height)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let frames = arrangement(width: bounds.width)
        // Laid out leading to trailing; right to left, the row reads from the right.
        let width = bounds.width, mirrored = effectiveUserInterfaceLayoutDirection == .rightToLeft
        func placed(_ frame: CGRect) -> CGRect { mirrored ? CGRect(x: width - frame.maxX, y: frame.minY, width: frame.width, height: frame.height) : frame }
        imageView.frame = placed(frames.image)
        textLabel.frame = placed(frames.text)
        secondaryTextLabel.frame = placed(frames.secondary)
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: size.width, height: arrangement(width: size.width).height)
    }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        imageView.tintColor = current.imageProperties.resolvedTintColor(for: tintColor ?? .tintColor)
    }
}
