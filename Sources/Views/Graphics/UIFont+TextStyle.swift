import Vocabulary
import Foundation

extension UIFont {
    /// Dynamic Type's text styles.
    public struct TextStyle: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let largeTitle = TextStyle(rawValue: "UICTFontTextStyleTitle0")
        public static let title1 = TextStyle(rawValue: "UICTFontTextStyleTitle1")
        public static let title2 = TextStyle(rawValue: "UICTFontTextStyleTitle2")
        public static let title3 = TextStyle(rawValue: "UICTFontTextStyleTitle3")
        public static let headline = TextStyle(rawValue: "UICTFontTextStyleHeadline")
        public static let subheadline = TextStyle(rawValue: "UICTFontTextStyleSubhead")
        public static let body = TextStyle(rawValue: "UICTFontTextStyleBody")
        public static let callout = TextStyle(rawValue: "UICTFontTextStyleCallout")
        public static let footnote = TextStyle(rawValue: "UICTFontTextStyleFootnote")
        public static let caption1 = TextStyle(rawValue: "UICTFontTextStyleCaption1")
        public static let caption2 = TextStyle(rawValue: "UICTFontTextStyleCaption2")
        public static let extraLargeTitle = TextStyle(rawValue: "UICTFontTextStyleExtraLargeTitle")
        public static let extraLargeTitle2 = TextStyle(rawValue: "UICTFontTextStyleExtraLargeTitle2")

        /// Size and weight at the default content size (Large), from Apple's Human Interface
        /// Guidelines' Dynamic Type table for iOS:
        ///
        /// | style | size | weight |
        /// |---|---|---|
        /// | largeTitle | 34 | regular |
        /// | title1 | 28 | regular |
        /// | title2 | 22 | regular |
        /// | title3 | 20 | regular |
        /// | headline | 17 | semibold |
        /// | body | 17 | regular |
        /// | callout | 16 | regular |
        /// | subheadline | 15 | regular |
        /// | footnote | 13 | regular |
        /// | caption1 | 12 | regular |
        /// | caption2 | 11 | regular |
        /// | extraLargeTitle | 36 | bold |
        /// | extraLargeTitle2 | 28 | bold |
        public var defaultMetrics: (size: CGFloat, weight: Weight) {
            switch self {
            case .largeTitle: (34, .regular)
            case .title1: (28, .regular)
            case .title2: (22, .regular)
            case .title3: (20, .regular)
            case .headline: (17, .semibold)
            case .callout: (16, .regular)
            case .subheadline: (15, .regular)
            case .footnote: (13, .regular)
            case .caption1: (12, .regular)
            case .caption2: (11, .regular)
            case .extraLargeTitle: (36, .bold)
            case .extraLargeTitle2: (28, .bold)
            default: (17, .regular)
            }
        }
    }

    /// The system font of `style` at the default content size (Large): recordings show the text
    /// size most devices use. See `TextStyle.defaultMetrics` for the table.
    public static func preferredFont(forTextStyle style: TextStyle) -> UIFont {
        let metrics = style.defaultMetrics
        return systemFont(ofSize: metrics.size, weight: metrics.weight)
    }

    public static func preferredFont(forTextStyle style: TextStyle, compatibleWith traitCollection: AnyObject?) -> UIFont {
        preferredFont(forTextStyle: style)
    }
}

/// Scales fonts and values for Dynamic Type. At the default content size, the one recordings
/// use, a font or a value scales by 1: it comes back unchanged.
public struct UIFontMetrics: Sendable {
    public let textStyle: UIFont.TextStyle

    public init(forTextStyle textStyle: UIFont.TextStyle) { self.textStyle = textStyle }

    public static var `default`: UIFontMetrics { UIFontMetrics(forTextStyle: .body) }

    public func scaledFont(for font: UIFont) -> UIFont { font }
    public func scaledFont(for font: UIFont, maximumPointSize: CGFloat) -> UIFont { font.withSize(min(font.pointSize, maximumPointSize)) }
    public func scaledValue(for value: CGFloat) -> CGFloat { value }
}

/// A nib: nibs and storyboards are compiled Interface Builder archives that need UIKit's
/// decoder, so nothing loads here. `instantiate(withOwner:options:)` returns no objects and a
/// debug build says so; build the same views in code (`init(frame:)` and anchors, or `loadView`).
@preconcurrency @MainActor
public final class UINib {
    public let name: String

    public init(nibName name: String, bundle bundleOrNil: Bundle?) { self.name = name }

    public init(data: Data, bundle bundleOrNil: Bundle?) { name = "(data)" }

    public func instantiate(withOwner ownerOrNil: Any?, options optionsOrNil: [AnyHashable: Any]? = nil) -> [Any] {
        UIKitCompatibility.notHonoured("UINib \"\(name)\"", "nibs and storyboards cannot be loaded; build the views in code")
        return []
    }
}

/// UIKit's standard edit actions, which a view or controller implements to take part in the
/// edit menu (`UIMenuController` offers cut, copy and paste for collection view cells).
@preconcurrency @MainActor
public protocol UIResponderStandardEditActions: AnyObject {
    func cut(_ sender: Any?)
    func copy(_ sender: Any?)
    func paste(_ sender: Any?)
    func select(_ sender: Any?)
    func selectAll(_ sender: Any?)
    func delete(_ sender: Any?)
}

extension UIResponderStandardEditActions {
    public func cut(_ sender: Any?) {}
    public func copy(_ sender: Any?) {}
    public func paste(_ sender: Any?) {}
    public func select(_ sender: Any?) {}
    public func selectAll(_ sender: Any?) {}
    public func delete(_ sender: Any?) {}
}
