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

    /// Every trait unspecified.
    public convenience init() {
        self.init(style: .unspecified, horizontal: .unspecified, vertical: .unspecified, idiom: .unspecified,
                  level: .unspecified, scale: 0)
    }

    init(style: UIUserInterfaceStyle, horizontal: UIUserInterfaceSizeClass, vertical: UIUserInterfaceSizeClass,
         idiom: UIUserInterfaceIdiom, level: UIUserInterfaceLevel, scale: CGFloat) {
        userInterfaceStyle = style
        horizontalSizeClass = horizontal
        verticalSizeClass = vertical
        userInterfaceIdiom = idiom
        userInterfaceLevel = level
        displayScale = scale
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
                  scale: last(\.displayScale, unspecified: 0))
    }

    /// These traits with the style replaced.
    func with(style: UIUserInterfaceStyle) -> UITraitCollection {
        style == userInterfaceStyle ? self : UITraitCollection(style: style, horizontal: horizontalSizeClass,
                                                               vertical: verticalSizeClass, idiom: userInterfaceIdiom,
                                                               level: userInterfaceLevel, scale: displayScale)
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
    }

    /// Whether dynamic colours may resolve differently here than with `other`.
    public func hasDifferentColorAppearance(comparedTo other: UITraitCollection?) -> Bool {
        guard let other else { return true }
        return other.userInterfaceStyle != userInterfaceStyle || other.userInterfaceLevel != userInterfaceLevel
    }

    // MARK: The current traits

    private static let currentKey = "Springframes.UITraitCollection.current"
    /// What `current` is when nothing has set it: light, as a device shows by default.
    static let defaultCurrent = UITraitCollection(style: .light, horizontal: .compact, vertical: .regular, idiom: .phone,
                                                  level: .base, scale: 3)

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
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(userInterfaceStyle)
        hasher.combine(horizontalSizeClass)
        hasher.combine(verticalSizeClass)
        hasher.combine(userInterfaceIdiom)
        hasher.combine(displayScale)
    }

    public var description: String {
        "UITraitCollection(style: \(userInterfaceStyle), horizontal: \(horizontalSizeClass), vertical: \(verticalSizeClass), "
            + "idiom: \(userInterfaceIdiom), scale: \(displayScale))"
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
