import Vocabulary
import Foundation

/// The content of a list row, header or footer: an image, a text and a secondary text, with
/// the styles of iOS's lists (UIKit, iOS 14). `makeContentView()` gives a `UIListContentView`.
///
///     var content = cell.defaultContentConfiguration()
///     content.text = "Wi-Fi"
///     content.secondaryText = "Home"
///     content.image = UIImage(named: "wifi")
///     cell.contentConfiguration = content
///
/// Apple does not publish the styles' metrics. The values here are the ones iOS 17 shows on an
/// iPhone at the default text size, read from screenshots and UIKit's defaults:
///
/// | style | text | secondary text | margins (top, leading, bottom, trailing) | min. height |
/// |---|---|---|---|---|
/// | `cell()` | body, label | subheadline, secondaryLabel, below | 11, 16, 11, 16 | 44 |
/// | `subtitleCell()` | body, label | footnote, secondaryLabel, below | 11, 16, 11, 16 | 44 |
/// | `valueCell()` | body, label | body, secondaryLabel, trailing | 11, 16, 11, 16 | 44 |
/// | `plainHeader()`, `header()` | headline, label | subheadline | 6, 16, 6, 16 | – |
/// | `plainFooter()`, `footer()` | footnote, secondaryLabel | footnote | 6, 16, 6, 16 | – |
/// | `groupedHeader()` | footnote, secondaryLabel, upper case | footnote | 17, 16, 6, 16 | – |
/// | `groupedFooter()` | footnote, secondaryLabel | footnote | 6, 16, 11, 16 | – |
/// | `prominentInsetGroupedHeader()` | title3 bold, label | subheadline | 16, 0, 10, 0 | – |
/// | `extraProminentInsetGroupedHeader()` | title2 bold, label | subheadline | 16, 0, 10, 0 | – |
/// | `sidebarCell()`, `accompaniedSidebarCell()` | body, label | subheadline | 11, 16, 11, 16 | 44 |
/// | `sidebarHeader()` | subheadline semibold, secondaryLabel | footnote | 11, 16, 6, 16 | – |
///
/// An image sits 16 pt before the text, centred on the row; it may reach 4 pt from the row's
/// top and bottom (a 29 pt icon fits a 44 pt row, as in Settings). Horizontal margins also follow the
/// superview's layout margins (`axesPreservingSuperviewLayoutMargins`, horizontal by default),
/// which a list cell sets to the list's margin: 16 pt, or 20 pt on screens 414 pt wide or more.
public struct UIListContentConfiguration: UIContentConfiguration, Hashable {
    /// How a text is drawn.
    public struct TextProperties: Hashable {
        public enum TextTransform: Int, Sendable { case none, capitalized, lowercase, uppercase }
        public enum TextAlignment: Int, Sendable { case natural, center, justified }

        public var font: UIFont
        public var color: UIColor
        public var colorTransformer: UIConfigurationColorTransformer?
        public var alignment: TextAlignment = .natural
        public var lineBreakMode: NSLineBreakMode = .byTruncatingTail
        /// 0 wraps without limit (the default, as UIKit's).
        public var numberOfLines = 0
        public var adjustsFontSizeToFitWidth = false
        public var minimumScaleFactor: CGFloat = 0
        /// Kept; text is not tightened here (a debug build says so once when it is set).
        public var allowsDefaultTighteningForTruncation = false
        /// Recordings are at the default text size, where this changes nothing.
        public var adjustsFontForContentSizeCategory = true
        /// Shown by a pointer hovering over truncated text on iPadOS; there is no pointer here.
        public var showsExpansionTextWhenTruncated = false
        public var transform: TextTransform = .none

        init(font: UIFont, color: UIColor) {
            self.font = font
            self.color = color
        }

        public func resolvedColor() -> UIColor { colorTransformer?(color) ?? color }

        func shown(_ text: String) -> String {
            switch transform {
            case .none: text
            case .capitalized: text.capitalized
            case .lowercase: text.lowercased()
            case .uppercase: text.uppercased()
            }
        }

        public static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.font == rhs.font && lhs.color == rhs.color && lhs.alignment == rhs.alignment
                && lhs.lineBreakMode == rhs.lineBreakMode && lhs.numberOfLines == rhs.numberOfLines
                && lhs.transform == rhs.transform && (lhs.colorTransformer == nil) == (rhs.colorTransformer == nil)
                && lhs.adjustsFontSizeToFitWidth == rhs.adjustsFontSizeToFitWidth && lhs.minimumScaleFactor == rhs.minimumScaleFactor
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(font.pointSize)
            hasher.combine(color)
            hasher.combine(numberOfLines)
        }
    }

    /// How the image is drawn.
    public struct ImageProperties: Hashable {
        public static let standardDimension: CGFloat = -CGFloat.greatestFiniteMagnitude
        public var tintColor: UIColor?
        public var tintColorTransformer: UIConfigurationColorTransformer?
        public var cornerRadius: CGFloat = 0
        /// The largest size the image is drawn at (zero: its own size).
        public var maximumSize: CGSize = .zero
        /// The space kept for the image whatever its size, so rows line up (zero: the image's).
        public var reservedLayoutSize: CGSize = .zero
        /// Smart Invert is never on in a recording, so this changes nothing.
        public var accessibilityIgnoresInvertColors = false
        public var preferredSymbolConfiguration: UIImage.SymbolConfiguration?

        public func resolvedTintColor(for tintColor: UIColor) -> UIColor {
            let base = self.tintColor ?? tintColor
            return tintColorTransformer?(base) ?? base
        }

        public static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.tintColor == rhs.tintColor && lhs.cornerRadius == rhs.cornerRadius
                && lhs.maximumSize == rhs.maximumSize && lhs.reservedLayoutSize == rhs.reservedLayoutSize
        }

        public func hash(into hasher: inout Hasher) { hasher.combine(cornerRadius) }
    }

    /// Which of the styles above this configuration started from.
    enum Style: Hashable {
        case cell, subtitleCell, valueCell, plainHeader, plainFooter, groupedHeader, groupedFooter
        case prominentInsetGroupedHeader, extraProminentInsetGroupedHeader, sidebarCell, sidebarHeader

        var minimumHeight: CGFloat {
            switch self {
            case .cell, .subtitleCell, .valueCell, .sidebarCell: 44
            default: 0
            }
        }
    }

    let style: Style
    public var image: UIImage?
    public var imageProperties = ImageProperties()
    public var text: String?
    public var attributedText: NSAttributedString?
    public var textProperties: TextProperties
    public var secondaryText: String?
    public var secondaryAttributedText: NSAttributedString?
    public var secondaryTextProperties: TextProperties
    public var axesPreservingSuperviewLayoutMargins: UIAxis = .horizontal
    public var directionalLayoutMargins: NSDirectionalEdgeInsets
    /// Side by side when both texts fit on one line, else one above the other.
    public var prefersSideBySideTextAndSecondaryText: Bool
    public var imageToTextPadding: CGFloat = 16
    public var textToSecondaryTextHorizontalPadding: CGFloat = 16
    public var textToSecondaryTextVerticalPadding: CGFloat = 3

    init(_ style: Style, text: (UIFont.TextStyle, UIFont.Weight?, UIColor), secondary: (UIFont.TextStyle, UIColor),
         margins: NSDirectionalEdgeInsets, sideBySide: Bool = false, transform: TextProperties.TextTransform = .none) {
        self.style = style
        var font = UIFont.preferredFont(forTextStyle: text.0)
        if let weight = text.1 { font = .systemFont(ofSize: font.pointSize, weight: weight) }
        textProperties = TextProperties(font: font, color: text.2)
        textProperties.transform = transform
        secondaryTextProperties = TextProperties(font: .preferredFont(forTextStyle: secondary.0), color: secondary.1)
        directionalLayoutMargins = margins
        prefersSideBySideTextAndSecondaryText = sideBySide
    }

    private static let rowMargins = NSDirectionalEdgeInsets(top: 11, leading: 16, bottom: 11, trailing: 16)

    public static func cell() -> Self {
        Self(.cell, text: (.body, nil, .label), secondary: (.subheadline, .secondaryLabel), margins: rowMargins)
    }
    public static func subtitleCell() -> Self {
        Self(.subtitleCell, text: (.body, nil, .label), secondary: (.footnote, .secondaryLabel), margins: rowMargins)
    }
    public static func valueCell() -> Self {
        Self(.valueCell, text: (.body, nil, .label), secondary: (.body, .secondaryLabel), margins: rowMargins, sideBySide: true)
    }
    public static func plainHeader() -> Self {
        Self(.plainHeader, text: (.headline, nil, .label), secondary: (.subheadline, .secondaryLabel),
             margins: NSDirectionalEdgeInsets(top: 6, leading: 16, bottom: 6, trailing: 16))
    }
    public static func plainFooter() -> Self {
        Self(.plainFooter, text: (.footnote, nil, .secondaryLabel), secondary: (.footnote, .secondaryLabel),
             margins: NSDirectionalEdgeInsets(top: 6, leading: 16, bottom: 6, trailing: 16))
    }
    public static func groupedHeader() -> Self {
        Self(.groupedHeader, text: (.footnote, nil, .secondaryLabel), secondary: (.footnote, .secondaryLabel),
             margins: NSDirectionalEdgeInsets(top: 17, leading: 16, bottom: 6, trailing: 16), transform: .uppercase)
    }
    public static func groupedFooter() -> Self {
        Self(.groupedFooter, text: (.footnote, nil, .secondaryLabel), secondary: (.footnote, .secondaryLabel),
             margins: NSDirectionalEdgeInsets(top: 6, leading: 16, bottom: 11, trailing: 16))
    }
    /// The header of the list the view is in, as iOS 15's `header()`: the plain style here; a
    /// list cell's `defaultContentConfiguration()` gives the grouped one in a grouped list.
    public static func header() -> Self { plainHeader() }
    public static func footer() -> Self { plainFooter() }
    public static func prominentInsetGroupedHeader() -> Self {
        Self(.prominentInsetGroupedHeader, text: (.title3, .bold, .label), secondary: (.subheadline, .secondaryLabel),
             margins: NSDirectionalEdgeInsets(top: 16, leading: 0, bottom: 10, trailing: 0))
    }
    public static func extraProminentInsetGroupedHeader() -> Self {
        Self(.extraProminentInsetGroupedHeader, text: (.title2, .bold, .label), secondary: (.subheadline, .secondaryLabel),
             margins: NSDirectionalEdgeInsets(top: 16, leading: 0, bottom: 10, trailing: 0))
    }
    public static func sidebarCell() -> Self {
        Self(.sidebarCell, text: (.body, nil, .label), secondary: (.subheadline, .secondaryLabel), margins: rowMargins)
    }
    public static func sidebarSubtitleCell() -> Self {
        Self(.sidebarCell, text: (.body, nil, .label), secondary: (.footnote, .secondaryLabel), margins: rowMargins)
    }
    public static func accompaniedSidebarCell() -> Self { sidebarCell() }
    public static func accompaniedSidebarSubtitleCell() -> Self { sidebarSubtitleCell() }
    public static func sidebarHeader() -> Self {
        Self(.sidebarHeader, text: (.subheadline, .semibold, .secondaryLabel), secondary: (.footnote, .secondaryLabel),
             margins: NSDirectionalEdgeInsets(top: 11, leading: 16, bottom: 6, trailing: 16))
    }

    @MainActor public func makeContentView() -> UIView & UIContentView { UIListContentView(configuration: self) }

    /// The configuration for a state: the same, as iOS keeps list content unchanged by
    /// selection and highlight.
    public func updated(for state: UIConfigurationState) -> Self { self }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.style == rhs.style && lhs.image === rhs.image && lhs.imageProperties == rhs.imageProperties
            && lhs.text == rhs.text && lhs.attributedText == rhs.attributedText && lhs.textProperties == rhs.textProperties
            && lhs.secondaryText == rhs.secondaryText && lhs.secondaryAttributedText == rhs.secondaryAttributedText
            && lhs.secondaryTextProperties == rhs.secondaryTextProperties
            && lhs.axesPreservingSuperviewLayoutMargins == rhs.axesPreservingSuperviewLayoutMargins
            && lhs.directionalLayoutMargins == rhs.directionalLayoutMargins
            && lhs.prefersSideBySideTextAndSecondaryText == rhs.prefersSideBySideTextAndSecondaryText
            && lhs.imageToTextPadding == rhs.imageToTextPadding
            && lhs.textToSecondaryTextHorizontalPadding == rhs.textToSecondaryTextHorizontalPadding
            && lhs.textToSecondaryTextVerticalPadding == rhs.textToSecondaryTextVerticalPadding
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(style)
        hasher.combine(text)
        hasher.combine(secondaryText)
    }
}

/// Horizontal, vertical, both or neither.
public struct UIAxis: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let horizontal = UIAxis(rawValue: 1)
    public static let vertical = UIAxis(rawValue: 2)
    public static let both: UIAxis = [.horizontal, .vertical]
}
