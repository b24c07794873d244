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

    /// The system font of `style` at the app's text size (`UIScreen.main.settings.contentSizeCategory`,
    /// the device's while a device recording builds and plays its UI), sized from iOS's Dynamic
    /// Type table (see `UIFont.TextStyle.pointSize(in:)`). A label whose
    /// `adjustsFontForContentSizeCategory` is true takes a new size when its traits' text size changes.
    public static func preferredFont(forTextStyle style: TextStyle) -> UIFont {
        preferredFont(forTextStyle: style, category: DynamicTypeScaling.appCategory, bold: DynamicTypeScaling.appBoldText)
    }

    /// The system font of `style` at `traitCollection`'s text size (the app's when it leaves the
    /// size unspecified), one weight heavier when its `legibilityWeight` is `.bold`.
    public static func preferredFont(forTextStyle style: TextStyle, compatibleWith traitCollection: UITraitCollection?) -> UIFont {
        let category = traitCollection?.preferredContentSizeCategory ?? .unspecified
        let bold = traitCollection.map { $0.legibilityWeight == .unspecified ? DynamicTypeScaling.appBoldText : $0.legibilityWeight == .bold }
        return preferredFont(forTextStyle: style, category: category == .unspecified ? DynamicTypeScaling.appCategory : category,
                             bold: bold ?? DynamicTypeScaling.appBoldText)
    }

    static func preferredFont(forTextStyle style: TextStyle, category: UIContentSizeCategory, bold: Bool) -> UIFont {
        let metrics = style.defaultMetrics
        let weight = bold ? metrics.weight.heavierForBoldText : metrics.weight
        let scaling = DynamicTypeScaling(style: style, sizeAtLarge: metrics.size, maximumPointSize: nil, weight: weight)
        let font = systemFont(ofSize: scaling.pointSize(in: category), weight: weight)
        font.dynamicType = scaling
        return font
    }

    /// This font at the text size of `traits`, when it follows the text size; else itself.
    func adjusted(to traits: UITraitCollection) -> UIFont {
        guard let dynamicType else { return self }
        let category = traits.preferredContentSizeCategory == .unspecified ? DynamicTypeScaling.appCategory : traits.preferredContentSizeCategory
        let size = dynamicType.pointSize(in: category)
        return size == pointSize ? self : resized(to: size, dynamicType: dynamicType)
    }
}

extension UIFont.Weight {
    /// One step heavier, as Bold Text sets the system font: regular becomes semibold, semibold
    /// bold, bold heavy. (iOS does not publish its mapping; one step keeps the text styles'
    /// order: a headline stays heavier than body text.)
    var heavierForBoldText: UIFont.Weight {
        if rawValue < UIFont.Weight.semibold.rawValue { return .semibold }
        if rawValue < UIFont.Weight.bold.rawValue { return .bold }
        return .heavy
    }
}

extension UIFont.TextStyle {
    /// The point size of the style at `category`, from the iOS and iPadOS "Dynamic Type sizes"
    /// tables of Apple's Human Interface Guidelines (Typography): a row per text size, xSmall to
    /// AX5. `.unspecified` is Large. The two extra-large titles (visionOS styles) follow the
    /// large title's curve in proportion, as the tables give them no iOS row.
    public func pointSize(in category: UIContentSizeCategory) -> CGFloat {
        let column: Int
        switch self {
        case .largeTitle, .extraLargeTitle, .extraLargeTitle2: column = 0
        case .title1: column = 1
        case .title2: column = 2
        case .title3: column = 3
        case .headline: column = 4
        case .callout: column = 6
        case .subheadline: column = 7
        case .footnote: column = 8
        case .caption1: column = 9
        case .caption2: column = 10
        default: column = 5
        }
        let row = Self.sizeTable[Self.row(of: category)][column]
        guard self == .extraLargeTitle || self == .extraLargeTitle2 else { return row }
        return defaultMetrics.size * row / 34
    }

    static func row(of category: UIContentSizeCategory) -> Int {
        UIContentSizeCategory.shortNames.firstIndex { $0.category == category } ?? 3
    }

    /// Points by text size (rows xSmall, Small, Medium, Large, xLarge, xxLarge, xxxLarge, AX1 … AX5)
    /// and style (columns large title, title 1, title 2, title 3, headline, body, callout,
    /// subheadline, footnote, caption 1, caption 2).
    static let sizeTable: [[CGFloat]] = [
        [31, 25, 19, 17, 14, 14, 13, 12, 12, 11, 11],
        [32, 26, 20, 18, 15, 15, 14, 13, 12, 11, 11],
        [33, 27, 21, 19, 16, 16, 15, 14, 12, 11, 11],
        [34, 28, 22, 20, 17, 17, 16, 15, 13, 12, 11],
        [36, 30, 24, 22, 19, 19, 18, 17, 15, 14, 13],
        [38, 32, 26, 24, 21, 21, 20, 19, 17, 16, 15],
        [40, 34, 28, 26, 23, 23, 22, 21, 19, 18, 17],
        [44, 38, 34, 31, 28, 28, 26, 25, 23, 22, 20],
        [48, 43, 39, 37, 33, 33, 32, 30, 27, 26, 24],
        [52, 48, 44, 43, 40, 40, 38, 36, 33, 32, 29],
        [56, 53, 50, 49, 47, 47, 44, 42, 38, 37, 34],
        [60, 58, 56, 55, 53, 53, 51, 49, 44, 43, 40],
    ]
}

/// How a font follows the text size: the text style whose curve it takes and its size at Large.
struct DynamicTypeScaling: Equatable, Sendable {
    var style: UIFont.TextStyle
    var sizeAtLarge: CGFloat
    var maximumPointSize: CGFloat?
    var weight: UIFont.Weight

    /// The size at `category`: `sizeAtLarge` times the style's size there over its size at
    /// Large (exact for a style's own size), at most `maximumPointSize`.
    func pointSize(in category: UIContentSizeCategory) -> CGFloat {
        let size = sizeAtLarge * style.pointSize(in: category) / style.pointSize(in: .large)
        return maximumPointSize.map { min(size, $0) } ?? size
    }

    /// The app's text size: `UIScreen.main`'s settings.
    static var appCategory: UIContentSizeCategory { UIScreen.AppSettings.current.contentSizeCategory }

    static var appBoldText: Bool { UIScreen.AppSettings.current.isBoldTextEnabled }
}

/// Scales fonts and values for Dynamic Type along a text style's curve (see
/// `UIFont.TextStyle.pointSize(in:)`): a font or a value given at the default text size (Large)
/// comes back multiplied by the style's size at the app's text size over its size at Large,
/// unrounded. Fonts it returns keep following the text size in a label whose
/// `adjustsFontForContentSizeCategory` is true.
public struct UIFontMetrics: Sendable {
    public let textStyle: UIFont.TextStyle

    public init(forTextStyle textStyle: UIFont.TextStyle) { self.textStyle = textStyle }

    public static var `default`: UIFontMetrics { UIFontMetrics(forTextStyle: .body) }

    public func scaledFont(for font: UIFont) -> UIFont { scaledFont(for: font, maximumPointSize: 0, compatibleWith: nil) }

    public func scaledFont(for font: UIFont, maximumPointSize: CGFloat) -> UIFont {
        scaledFont(for: font, maximumPointSize: maximumPointSize, compatibleWith: nil)
    }

    public func scaledFont(for font: UIFont, compatibleWith traitCollection: UITraitCollection?) -> UIFont {
        scaledFont(for: font, maximumPointSize: 0, compatibleWith: traitCollection)
    }

    /// `maximumPointSize` 0 means no limit, as in UIKit.
    public func scaledFont(for font: UIFont, maximumPointSize: CGFloat, compatibleWith traitCollection: UITraitCollection?) -> UIFont {
        let scaling = DynamicTypeScaling(style: textStyle, sizeAtLarge: font.pointSize,
                                         maximumPointSize: maximumPointSize > 0 ? maximumPointSize : nil, weight: .regular)
        return font.resized(to: scaling.pointSize(in: category(traitCollection)), dynamicType: scaling)
    }

    public func scaledValue(for value: CGFloat) -> CGFloat { scaledValue(for: value, compatibleWith: nil) }

    public func scaledValue(for value: CGFloat, compatibleWith traitCollection: UITraitCollection?) -> CGFloat {
        value * textStyle.pointSize(in: category(traitCollection)) / textStyle.pointSize(in: .large)
    }

    private func category(_ traits: UITraitCollection?) -> UIContentSizeCategory {
        let category = traits?.preferredContentSizeCategory ?? .unspecified
        return category == .unspecified ? DynamicTypeScaling.appCategory : category
    }
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
