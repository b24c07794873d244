import Foundation
import Vocabulary

/// The traits a view's content adapts to: appearance (light or dark), size classes, idiom and
/// display scale.
///
/// Traits flow down the tree as in UIKit: a window takes its screen's (its device's idiom, size
/// classes and scale, light unless the recording asks for dark), and each view the nearest
/// `overrideUserInterfaceStyle` set on itself, its view controller or an ancestor. Dynamic colours
/// (`UIColor(dynamicProvider:)` and every system colour) resolve with `UITraitCollection.current`,
/// which is the view's own traits while its content is recorded for a frame, while the window
/// lays out, and inside `performAsCurrent`.
///
/// `@unchecked`: immutable.
public final class UITraitCollection: Equatable, Hashable, @unchecked Sendable, CustomStringConvertible {
    public let userInterfaceStyle: UIUserInterfaceStyle
    public let horizontalSizeClass: UIUserInterfaceSizeClass
    public let verticalSizeClass: UIUserInterfaceSizeClass
    public let userInterfaceIdiom: UIUserInterfaceIdiom
    public let userInterfaceLevel: UIUserInterfaceLevel
    public let displayScale: CGFloat
    /// The text size the user chose (Dynamic Type); a screen's comes from its `DeviceSettings`.
    public let preferredContentSizeCategory: UIContentSizeCategory
    /// Which way the language the app runs in is written.
    public let layoutDirection: UITraitEnvironmentLayoutDirection
    /// `.high` when Increase Contrast is on.
    public let accessibilityContrast: UIAccessibilityContrast
    /// `.bold` when Bold Text is on.
    public let legibilityWeight: UILegibilityWeight

    /// Every trait unspecified.
    public convenience init() {
        self.init(style: .unspecified, horizontal: .unspecified, vertical: .unspecified, idiom: .unspecified,
                  level: .unspecified, scale: 0)
    }

    init(style: UIUserInterfaceStyle, horizontal: UIUserInterfaceSizeClass, vertical: UIUserInterfaceSizeClass,
         idiom: UIUserInterfaceIdiom, level: UIUserInterfaceLevel, scale: CGFloat,
         contentSize: UIContentSizeCategory = .unspecified, direction: UITraitEnvironmentLayoutDirection = .unspecified,
         contrast: UIAccessibilityContrast = .unspecified, legibility: UILegibilityWeight = .unspecified) {
        userInterfaceStyle = style
        horizontalSizeClass = horizontal
        verticalSizeClass = vertical
        userInterfaceIdiom = idiom
        userInterfaceLevel = level
        displayScale = scale
        preferredContentSizeCategory = contentSize
        layoutDirection = direction
        accessibilityContrast = contrast
        legibilityWeight = legibility
    }

    /// These traits with some replaced.
    func with(style: UIUserInterfaceStyle? = nil, contentSize: UIContentSizeCategory? = nil,
              direction: UITraitEnvironmentLayoutDirection? = nil, contrast: UIAccessibilityContrast? = nil,
              legibility: UILegibilityWeight? = nil, horizontal: UIUserInterfaceSizeClass? = nil,
              vertical: UIUserInterfaceSizeClass? = nil) -> UITraitCollection {
        let result = UITraitCollection(style: style ?? userInterfaceStyle, horizontal: horizontal ?? horizontalSizeClass,
                                       vertical: vertical ?? verticalSizeClass, idiom: userInterfaceIdiom, level: userInterfaceLevel,
                                       scale: displayScale, contentSize: contentSize ?? preferredContentSizeCategory,
                                       direction: direction ?? layoutDirection, contrast: contrast ?? accessibilityContrast,
                                       legibility: legibility ?? legibilityWeight)
        return result == self ? self : result
    }

    public convenience init(userInterfaceStyle: UIUserInterfaceStyle) {
        self.init(style: userInterfaceStyle, horizontal: .unspecified, vertical: .unspecified, idiom: .unspecified,
                  level: .unspecified, scale: 0)
    }

    public convenience init(horizontalSizeClass: UIUserInterfaceSizeClass) {
        self.init(style: .unspecified, horizontal: horizontalSizeClass, vertical: .unspecified, idiom: .unspecified,
                  level: .unspecified, scale: 0)
    }

    public convenience init(verticalSizeClass: UIUserInterfaceSizeClass) {
        self.init(style: .unspecified, horizontal: .unspecified, vertical: verticalSizeClass, idiom: .unspecified,
                  level: .unspecified, scale: 0)
    }

    public convenience init(userInterfaceIdiom: UIUserInterfaceIdiom) {
        self.init(style: .unspecified, horizontal: .unspecified, vertical: .unspecified, idiom: userInterfaceIdiom,
                  level: .unspecified, scale: 0)
    }

    public convenience init(userInterfaceLevel: UIUserInterfaceLevel) {
        self.init(style: .unspecified, horizontal: .unspecified, vertical: .unspecified, idiom: .unspecified,
                  level: userInterfaceLevel, scale: 0)
    }

    public convenience init(displayScale: CGFloat) {
        self.init(style: .unspecified, horizontal: .unspecified, vertical: .unspecified, idiom: .unspecified,
                  level: .unspecified, scale: displayScale)
    }

    public convenience init(preferredContentSizeCategory: UIContentSizeCategory) {
        self.init(style: .unspecified, horizontal: .unspecified, vertical: .unspecified, idiom: .unspecified,
                  level: .unspecified, scale: 0, contentSize: preferredContentSizeCategory)
    }

    public convenience init(layoutDirection: UITraitEnvironmentLayoutDirection) {
        self.init(style: .unspecified, horizontal: .unspecified, vertical: .unspecified, idiom: .unspecified,
                  level: .unspecified, scale: 0, direction: layoutDirection)
    }

    public convenience init(accessibilityContrast: UIAccessibilityContrast) {
        self.init(style: .unspecified, horizontal: .unspecified, vertical: .unspecified, idiom: .unspecified,
                  level: .unspecified, scale: 0, contrast: accessibilityContrast)
    }

    public convenience init(legibilityWeight: UILegibilityWeight) {
        self.init(style: .unspecified, horizontal: .unspecified, vertical: .unspecified, idiom: .unspecified,
                  level: .unspecified, scale: 0, legibility: legibilityWeight)
    }

    /// The traits of `collections` combined: for each trait, the last collection that specifies it.
    public convenience init(traitsFrom collections: [UITraitCollection]) {
        func last<T: Equatable>(_ value: (UITraitCollection) -> T, unspecified: T) -> T {
            collections.last { value($0) != unspecified }.map(value) ?? unspecified
        }
        self.init(style: last(\.userInterfaceStyle, unspecified: .unspecified),
                  horizontal: last(\.horizontalSizeClass, unspecified: .unspecified),
                  vertical: last(\.verticalSizeClass, unspecified: .unspecified),
                  idiom: last(\.userInterfaceIdiom, unspecified: .unspecified),
                  level: last(\.userInterfaceLevel, unspecified: .unspecified),
                  scale: last(\.displayScale, unspecified: 0),
                  contentSize: last(\.preferredContentSizeCategory, unspecified: .unspecified),
                  direction: last(\.layoutDirection, unspecified: .unspecified),
                  contrast: last(\.accessibilityContrast, unspecified: .unspecified),
                  legibility: last(\.legibilityWeight, unspecified: .unspecified))
    }

    /// Whether every trait `other` specifies has the same value here.
    public func containsTraits(in other: UITraitCollection?) -> Bool {
        guard let other else { return true }
        return (other.userInterfaceStyle == .unspecified || other.userInterfaceStyle == userInterfaceStyle)
            && (other.horizontalSizeClass == .unspecified || other.horizontalSizeClass == horizontalSizeClass)
            && (other.verticalSizeClass == .unspecified || other.verticalSizeClass == verticalSizeClass)
            && (other.userInterfaceIdiom == .unspecified || other.userInterfaceIdiom == userInterfaceIdiom)
            && (other.userInterfaceLevel == .unspecified || other.userInterfaceLevel == userInterfaceLevel)
            && (other.displayScale == 0 || other.displayScale == displayScale)
            && (other.preferredContentSizeCategory == .unspecified || other.preferredContentSizeCategory == preferredContentSizeCategory)
            && (other.layoutDirection == .unspecified || other.layoutDirection == layoutDirection)
            && (other.accessibilityContrast == .unspecified || other.accessibilityContrast == accessibilityContrast)
            && (other.legibilityWeight == .unspecified || other.legibilityWeight == legibilityWeight)
    }

    /// Whether dynamic colours may resolve differently here than with `other`.
    public func hasDifferentColorAppearance(comparedTo other: UITraitCollection?) -> Bool {
        guard let other else { return true }
        return other.userInterfaceStyle != userInterfaceStyle || other.userInterfaceLevel != userInterfaceLevel
            || other.accessibilityContrast != accessibilityContrast
    }

    // MARK: The current traits

    private static let currentKey = "Springframes.UITraitCollection.current"
    /// What `current` is when nothing has set it: light, as a device shows by default.
    static let defaultCurrent = UITraitCollection(style: .light, horizontal: .compact, vertical: .regular, idiom: .phone,
                                                  level: .base, scale: 3, contentSize: .large, direction: .leftToRight,
                                                  contrast: .normal, legibility: .regular)

    /// The traits dynamic colours resolve with on this thread.
    public static var current: UITraitCollection {
        get { Thread.current.threadDictionary[currentKey] as? UITraitCollection ?? defaultCurrent }
        set { Thread.current.threadDictionary[currentKey] = newValue }
    }

    /// Runs `actions` with these traits as `current`, then restores the previous ones.
    public func performAsCurrent<T>(_ actions: () throws -> T) rethrows -> T {
        let dictionary = Thread.current.threadDictionary
        let previous = dictionary[Self.currentKey]
        dictionary[Self.currentKey] = self
        defer { dictionary[Self.currentKey] = previous }
        return try actions()
    }

    public static func == (lhs: UITraitCollection, rhs: UITraitCollection) -> Bool {
        lhs.userInterfaceStyle == rhs.userInterfaceStyle && lhs.horizontalSizeClass == rhs.horizontalSizeClass
            && lhs.verticalSizeClass == rhs.verticalSizeClass && lhs.userInterfaceIdiom == rhs.userInterfaceIdiom
            && lhs.userInterfaceLevel == rhs.userInterfaceLevel && lhs.displayScale == rhs.displayScale
            && lhs.preferredContentSizeCategory == rhs.preferredContentSizeCategory && lhs.layoutDirection == rhs.layoutDirection
            && lhs.accessibilityContrast == rhs.accessibilityContrast && lhs.legibilityWeight == rhs.legibilityWeight
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(userInterfaceStyle)
        hasher.combine(horizontalSizeClass)
        hasher.combine(verticalSizeClass)
        hasher.combine(userInterfaceIdiom)
        hasher.combine(displayScale)
        hasher.combine(preferredContentSizeCategory)
        hasher.combine(layoutDirection)
    }

    public var description: String {
        "UITraitCollection(style: \(userInterfaceStyle), horizontal: \(horizontalSizeClass), vertical: \(verticalSizeClass), "
            + "idiom: \(userInterfaceIdiom), scale: \(displayScale), contentSize: \(preferredContentSizeCategory.shortName), "
            + "direction: \(layoutDirection), contrast: \(accessibilityContrast), legibility: \(legibilityWeight))"
    }
}

/// What has traits and hears when they change: views, view controllers, windows and screens.
@MainActor
public protocol UITraitEnvironment: AnyObject {
    var traitCollection: UITraitCollection { get }
    func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?)
}

extension UITraitCollection {
    /// Light and dark, with the rest of the default traits (what colour equality compares in).
    static let light = defaultCurrent
    static let dark = defaultCurrent.with(style: .dark)
}
