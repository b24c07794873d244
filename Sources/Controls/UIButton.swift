import Vocabulary
import Foundation
import Views

/// UIKit's button: a title and an image in its tint colour (`.system`), or laid out by a
/// `configuration` (iOS 15: `.plain()`, `.tinted()`, `.gray()`, `.filled()`, `.borderedProminent()`).
///
/// Metrics chosen from iOS's look (Apple does not publish them): a `.system` button's title is
/// 15 pt regular with 6 pt above and below; a configured button's is 17 pt regular (15 pt for
/// `.small`, 20 pt for `.large`), with insets of 7 × 12 pt (5 × 10, 14 × 20), its background
/// rounded by 8 pt (`.dynamic`, `.medium`), 6 pt (`.small`), 12 pt (`.large`) or half its height
/// (`.capsule`). `.tinted()` fills with the tint at 15 %, `.gray()` with tertiary system fill.
/// While highlighted, the title and image show at 30 % (a filled background darkens by 20 %).
open class UIButton: UIControl {
    public enum ButtonType: Int, Sendable {
        case custom, system, detailDisclosure, infoLight, infoDark, contactAdd, close
        public static let plain = ButtonType.system
    }

    public private(set) var buttonType: ButtonType
    /// The label that shows the title (its font may be changed).
    public private(set) lazy var titleLabel: UILabel? = {
        let label = UILabel(frame: .zero)
        label.font = .systemFont(ofSize: 15)
        label.textAlignment = .center
        addSubview(label)
        return label
    }()
    public private(set) lazy var imageView: UIImageView? = {
        let view = UIImageView(frame: .zero)
        view.contentMode = .scaleAspectFit
        addSubview(view)
        return view
    }()

    open var configuration: Configuration? { didSet { refresh() } }
    /// Space around the content of a button without a configuration.
    open var contentEdgeInsets = UIEdgeInsets.zero { didSet { refresh() } }
    /// Moves and shrinks the title's rectangle (deprecated in iOS 15, still widely used): the
    /// title is laid out as before, then its frame is inset by these.
    open var titleEdgeInsets = UIEdgeInsets.zero { didSet { setNeedsLayout() } }
    /// The same for the image.
    open var imageEdgeInsets = UIEdgeInsets.zero { didSet { setNeedsLayout() } }

    private var titles: [UInt: String] = [:]
    private var titleColors: [UInt: UIColor] = [:]
    private var images: [UInt: UIImage] = [:]
    private let background = UIView(frame: .zero)

    /// The designated initializer, as in the SDK (so a subclass's `super.init(frame:)` compiles):
    /// a `.custom` button.
    public override init(frame: CGRect) {
        buttonType = .custom
        super.init(frame: frame)
        defaultHuggingPriority = UILayoutPriority(251)
        insertSubview(background, at: 0)
        background.isUserInteractionEnabled = false
    }

    /// A button of `buttonType` (the SDK's `buttonWithType:`, a convenience initializer).
    public convenience init(type buttonType: ButtonType) {
        self.init(frame: .zero)
        self.buttonType = buttonType
    }

    /// iOS 14: a system button running `primaryAction`.
    public convenience init(type buttonType: ButtonType = .system, primaryAction: UIAction?) {
        self.init(type: buttonType)
        if let primaryAction {
            setTitle(primaryAction.title, for: .normal)
            addAction(primaryAction, for: .primaryActionTriggered)
        }
    }

    /// iOS 15: a system button with `configuration`.
    public convenience init(configuration: Configuration, primaryAction: UIAction? = nil) {
        self.init(type: .system, primaryAction: primaryAction)
        self.configuration = configuration
    }

    public required init?(coder: NSCoder) {
        buttonType = .custom
        super.init(coder: coder)
        defaultHuggingPriority = UILayoutPriority(251)
    }


    // MARK: Per-state content

    open func setTitle(_ title: String?, for state: State) {
        titles[state.rawValue] = title
        refresh()
    }

    open func title(for state: State) -> String? { titles[state.rawValue] ?? titles[State.normal.rawValue] }

    open func setTitleColor(_ color: UIColor?, for state: State) {
        titleColors[state.rawValue] = color
        refresh()
    }

    open func titleColor(for state: State) -> UIColor? {
        titleColors[state.rawValue] ?? titleColors[State.normal.rawValue] ?? (buttonType == .system ? tintColor : .white)
    }

    open func setImage(_ image: UIImage?, for state: State) {
        images[state.rawValue] = image
        refresh()
    }

    open func image(for state: State) -> UIImage? { images[state.rawValue] ?? images[State.normal.rawValue] }

    open var currentTitle: String? { configuration?.title ?? title(for: state) }
    open var currentImage: UIImage? { configuration?.image ?? image(for: state) }

    open override var isEnabled: Bool { didSet { refresh() } }
    open override var isSelected: Bool { didSet { refresh() } }
    open override var isHighlighted: Bool { didSet { refresh() } }

    // MARK: Look

    private var titleFont: UIFont {
        guard let configuration else { return titleLabel?.font ?? .systemFont(ofSize: 15) }
        switch configuration.buttonSize {
        case .small, .mini: return .systemFont(ofSize: 15)
        case .large: return .systemFont(ofSize: 20)
        case .medium: return .systemFont(ofSize: 17)
        }
    }

    private var insets: UIEdgeInsets {
        guard let configuration else {
            return contentEdgeInsets == .zero && buttonType == .system ? UIEdgeInsets(top: 6, left: 0, bottom: 6, right: 0) : contentEdgeInsets
        }
        if let given = configuration.contentInsets {
            return UIEdgeInsets(top: given.top, left: given.leading, bottom: given.bottom, right: given.trailing)
        }
        switch configuration.buttonSize {
        case .small, .mini: return UIEdgeInsets(top: 5, left: 10, bottom: 5, right: 10)
        case .large: return UIEdgeInsets(top: 14, left: 20, bottom: 14, right: 20)
        case .medium: return UIEdgeInsets(top: 7, left: 12, bottom: 7, right: 12)
        }
    }

    private func refresh() {
        let title = currentTitle, image = currentImage
        let faded = isHighlighted ? 0.3 : (isEnabled ? 1 : 0.35)
        var foreground = titleColor(for: state) ?? tintColor ?? .systemBlue
        if let configuration {
            foreground = configuration.baseForegroundColor ?? configuration.style.foreground(tint: tintColor ?? .systemBlue)
            let fill = configuration.baseBackgroundColor ?? configuration.style.background(tint: tintColor ?? .systemBlue)
            background.backgroundColor = isHighlighted && configuration.style.isFilled ? fill?.darkened(by: 0.2) : fill
        } else {
            background.backgroundColor = nil
        }
        if let label = titleLabel {
            label.text = title
            label.font = titleFont
            label.textColor = foreground.withAlphaComponent(foreground.cgColor.alpha * CGFloat(faded))
            label.isHidden = title == nil
        }
        if let imageView {
            imageView.image = image
            imageView.alpha = CGFloat(faded)
            imageView.isHidden = image == nil
        }
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

    private var titleSize: CGSize {
        guard let title = currentTitle else { return .zero }
        return CGSize(width: ceil(titleFont.width(of: title)), height: ceil(titleFont.lineHeight))
    }

    private var imagePadding: CGFloat { currentTitle != nil && currentImage != nil ? (configuration?.imagePadding ?? 0) : 0 }

    open override var intrinsicContentSize: CGSize {
        let text = titleSize, image = currentImage?.size ?? .zero, insets = self.insets
        return CGSize(width: text.width + image.width + imagePadding + insets.left + insets.right,
                      height: max(text.height, image.height) + insets.top + insets.bottom)
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }

    open override func layoutSubviews() {
        super.layoutSubviews()
        background.frame = bounds
        let radius: CGFloat
        switch configuration?.cornerStyle ?? .dynamic {
        case .capsule: radius = bounds.height / 2
        case .small: radius = 6
        case .large: radius = 12
        case .fixed: radius = configuration?.background.cornerRadius ?? 8
        case .dynamic, .medium: radius = 8
        }
        background.layer.cornerRadius = radius
        // Image then title, centred together.
        let text = titleSize, image = currentImage?.size ?? .zero
        let width = text.width + image.width + imagePadding
        var x = (bounds.width - width) / 2
        if let imageView, currentImage != nil {
            imageView.frame = CGRect(x: x, y: (bounds.height - image.height) / 2, width: image.width, height: image.height)
                .inset(by: imageEdgeInsets)
            x += image.width + imagePadding
        }
        titleLabel?.frame = CGRect(x: x, y: (bounds.height - text.height) / 2, width: text.width, height: text.height)
            .inset(by: titleEdgeInsets)
    }

    open override func tintColorDidChange() {
        refresh()
    }

    // MARK: Configuration

    /// iOS 15's button configuration, the parts that set how a button looks.
    public struct Configuration: Sendable {
        public enum CornerStyle: Int, Sendable { case fixed, dynamic, small, medium, large, capsule }
        public enum Size: Int, Sendable { case mini, small, medium, large }
        enum Style: Sendable {
            case plain, tinted, gray, filled

            var isFilled: Bool { self == .filled }

            @MainActor func foreground(tint: UIColor) -> UIColor { self == .filled ? .white : tint }

            @MainActor func background(tint: UIColor) -> UIColor? {
                switch self {
                case .plain: nil
                case .tinted: tint.withAlphaComponent(0.15)
                case .gray: .tertiarySystemFill
                case .filled: tint
                }
            }
        }

        public struct Background: Sendable {
            public var cornerRadius: CGFloat = 8
        }

        let style: Style
        public var title: String?
        public var subtitle: String?
        public var image: UIImage?
        public var imagePadding: CGFloat = 0
        public var baseForegroundColor: UIColor?
        public var baseBackgroundColor: UIColor?
        public var cornerStyle: CornerStyle = .dynamic
        public var buttonSize: Size = .medium
        public var contentInsets: NSDirectionalEdgeInsets?
        public var background = Background()

        public static func plain() -> Configuration { Configuration(style: .plain) }
        public static func tinted() -> Configuration { Configuration(style: .tinted) }
        public static func gray() -> Configuration { Configuration(style: .gray) }
        public static func filled() -> Configuration { Configuration(style: .filled) }
        public static func borderedTinted() -> Configuration { Configuration(style: .tinted) }
        public static func borderedProminent() -> Configuration { Configuration(style: .filled) }
        public static func bordered() -> Configuration { Configuration(style: .gray) }
        public static func borderless() -> Configuration { Configuration(style: .plain) }
    }
}

