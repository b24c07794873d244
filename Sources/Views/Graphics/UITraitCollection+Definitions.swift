import Foundation
import Vocabulary

// iOS 17's trait system, for the traits Springframes carries: trait definitions to name in
// `registerForTraitChanges(_:handler:)`, and the overrides a view or a view controller sets.

/// A trait a trait collection carries (iOS 17). The system traits below are the ones a
/// registration can name; a trait of your own can be declared, but no trait collection carries
/// it, so a registration naming it never fires (a debug build says so).
public protocol UITraitDefinition {
    associatedtype Value
    /// The value when nothing specifies the trait.
    static var defaultValue: Value { get }
    /// A name for debugging.
    static var name: String { get }
}

extension UITraitDefinition {
    public static var name: String { String(describing: Self.self) }
}

/// A trait definition's type, as `registerForTraitChanges(_:handler:)` takes them.
public typealias UITrait = any UITraitDefinition.Type

public enum UITraitUserInterfaceStyle: UITraitDefinition { public static let defaultValue = UIUserInterfaceStyle.unspecified }
public enum UITraitHorizontalSizeClass: UITraitDefinition { public static let defaultValue = UIUserInterfaceSizeClass.unspecified }
public enum UITraitVerticalSizeClass: UITraitDefinition { public static let defaultValue = UIUserInterfaceSizeClass.unspecified }
public enum UITraitUserInterfaceIdiom: UITraitDefinition { public static let defaultValue = UIUserInterfaceIdiom.unspecified }
public enum UITraitUserInterfaceLevel: UITraitDefinition { public static let defaultValue = UIUserInterfaceLevel.unspecified }
public enum UITraitDisplayScale: UITraitDefinition { public static let defaultValue: CGFloat = 0 }
public enum UITraitPreferredContentSizeCategory: UITraitDefinition { public static let defaultValue = UIContentSizeCategory.unspecified }
public enum UITraitLayoutDirection: UITraitDefinition { public static let defaultValue = UITraitEnvironmentLayoutDirection.unspecified }
public enum UITraitAccessibilityContrast: UITraitDefinition { public static let defaultValue = UIAccessibilityContrast.unspecified }
public enum UITraitLegibilityWeight: UITraitDefinition { public static let defaultValue = UILegibilityWeight.unspecified }

extension UITraitCollection {
    /// Whether `trait` differs between these traits and `other`; nil for a trait no collection carries.
    static func differs(_ trait: UITrait, _ a: UITraitCollection, _ b: UITraitCollection) -> Bool? {
        switch ObjectIdentifier(trait) {
        case ObjectIdentifier(UITraitUserInterfaceStyle.self): a.userInterfaceStyle != b.userInterfaceStyle
        case ObjectIdentifier(UITraitHorizontalSizeClass.self): a.horizontalSizeClass != b.horizontalSizeClass
        case ObjectIdentifier(UITraitVerticalSizeClass.self): a.verticalSizeClass != b.verticalSizeClass
        case ObjectIdentifier(UITraitUserInterfaceIdiom.self): a.userInterfaceIdiom != b.userInterfaceIdiom
        case ObjectIdentifier(UITraitUserInterfaceLevel.self): a.userInterfaceLevel != b.userInterfaceLevel
        case ObjectIdentifier(UITraitDisplayScale.self): a.displayScale != b.displayScale
        case ObjectIdentifier(UITraitPreferredContentSizeCategory.self): a.preferredContentSizeCategory != b.preferredContentSizeCategory
        case ObjectIdentifier(UITraitLayoutDirection.self): a.layoutDirection != b.layoutDirection
        case ObjectIdentifier(UITraitAccessibilityContrast.self): a.accessibilityContrast != b.accessibilityContrast
        case ObjectIdentifier(UITraitLegibilityWeight.self): a.legibilityWeight != b.legibilityWeight
        default: nil
        }
    }

    /// These traits with `mutations` applied to a mutable copy (iOS 17).
    public func modifyingTraits(_ mutations: (inout UITraitOverrides) -> Void) -> UITraitCollection {
        var overrides = UITraitOverrides()
        mutations(&overrides)
        return overrides.applied(to: self)
    }

    /// A collection with the traits `mutations` sets, the others unspecified (iOS 17).
    public convenience init(mutations: (inout UITraitOverrides) -> Void) {
        var overrides = UITraitOverrides()
        mutations(&overrides)
        let traits = overrides.applied(to: UITraitCollection())
        self.init(style: traits.userInterfaceStyle, horizontal: traits.horizontalSizeClass, vertical: traits.verticalSizeClass,
                  idiom: .unspecified, level: .unspecified, scale: 0, contentSize: traits.preferredContentSizeCategory,
                  direction: traits.layoutDirection, contrast: traits.accessibilityContrast, legibility: traits.legibilityWeight)
    }
}

/// The traits a view or a view controller overrides (iOS 17's `traitOverrides`): an
/// unspecified value overrides nothing.
public struct UITraitOverrides: Equatable, Sendable {
    public var userInterfaceStyle = UIUserInterfaceStyle.unspecified
    public var horizontalSizeClass = UIUserInterfaceSizeClass.unspecified
    public var verticalSizeClass = UIUserInterfaceSizeClass.unspecified
    public var preferredContentSizeCategory = UIContentSizeCategory.unspecified
    public var layoutDirection = UITraitEnvironmentLayoutDirection.unspecified
    public var accessibilityContrast = UIAccessibilityContrast.unspecified
    public var legibilityWeight = UILegibilityWeight.unspecified

    public init() {}

    /// Whether `trait` is overridden.
    public func contains(_ trait: UITrait) -> Bool {
        UITraitCollection.differs(trait, applied(to: UITraitCollection()), UITraitCollection()) ?? false
    }

    /// Stops overriding `trait`.
    public mutating func remove(_ trait: UITrait) {
        switch ObjectIdentifier(trait) {
        case ObjectIdentifier(UITraitUserInterfaceStyle.self): userInterfaceStyle = .unspecified
        case ObjectIdentifier(UITraitHorizontalSizeClass.self): horizontalSizeClass = .unspecified
        case ObjectIdentifier(UITraitVerticalSizeClass.self): verticalSizeClass = .unspecified
        case ObjectIdentifier(UITraitPreferredContentSizeCategory.self): preferredContentSizeCategory = .unspecified
        case ObjectIdentifier(UITraitLayoutDirection.self): layoutDirection = .unspecified
        case ObjectIdentifier(UITraitAccessibilityContrast.self): accessibilityContrast = .unspecified
        case ObjectIdentifier(UITraitLegibilityWeight.self): legibilityWeight = .unspecified
        default: break
        }
    }

    var isEmpty: Bool { self == UITraitOverrides() }

    /// Takes each trait `other` overrides that this does not (a nearer override wins).
    mutating func fillUnset(from other: UITraitOverrides) {
        if userInterfaceStyle == .unspecified { userInterfaceStyle = other.userInterfaceStyle }
        if horizontalSizeClass == .unspecified { horizontalSizeClass = other.horizontalSizeClass }
        if verticalSizeClass == .unspecified { verticalSizeClass = other.verticalSizeClass }
        if preferredContentSizeCategory == .unspecified { preferredContentSizeCategory = other.preferredContentSizeCategory }
        if layoutDirection == .unspecified { layoutDirection = other.layoutDirection }
        if accessibilityContrast == .unspecified { accessibilityContrast = other.accessibilityContrast }
        if legibilityWeight == .unspecified { legibilityWeight = other.legibilityWeight }
    }

    /// `traits` with the overridden ones replaced.
    func applied(to traits: UITraitCollection) -> UITraitCollection {
        guard !isEmpty else { return traits }
        func value<T: Equatable>(_ override: T, _ unspecified: T) -> T? { override == unspecified ? nil : override }
        return traits.with(style: value(userInterfaceStyle, .unspecified),
                           contentSize: value(preferredContentSizeCategory, .unspecified),
                           direction: value(layoutDirection, .unspecified), contrast: value(accessibilityContrast, .unspecified),
                           legibility: value(legibilityWeight, .unspecified),
                           horizontal: value(horizontalSizeClass, .unspecified), vertical: value(verticalSizeClass, .unspecified))
    }
}

/// A registration `registerForTraitChanges(_:handler:)` returns: pass it to
/// `unregisterForTraitChanges(_:)` to stop the calls.
@MainActor
public final class UITraitChangeRegistration {
    let traits: [UITrait]
    let handler: (UITraitCollection) -> Void

    /// A registration that calls `handler` with `owner` (held weakly) as the environment the
    /// caller asked for: what views and view controllers both register.
    convenience init<Environment>(traits: [UITrait], owner: AnyObject,
                                  handler: @escaping (Environment, UITraitCollection) -> Void) {
        self.init(traits: traits) { [weak owner] previous in
            guard let environment = owner as? Environment else { return }
            handler(environment, previous)
        }
    }

    init(traits: [UITrait], handler: @escaping (UITraitCollection) -> Void) {
        self.traits = traits
        self.handler = handler
        for trait in traits where UITraitCollection.differs(trait, UITraitCollection(), UITraitCollection()) == nil {
            UIKitCompatibility.notHonoured("registerForTraitChanges([\(trait.name)])",
                                           "no trait collection carries a custom trait, so the handler is never called")
        }
    }

    func isChanged(from previous: UITraitCollection, to now: UITraitCollection) -> Bool {
        traits.contains { UITraitCollection.differs($0, previous, now) == true }
    }
}
