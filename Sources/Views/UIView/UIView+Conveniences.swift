import Vocabulary
import Foundation

extension UIView {
    /// The layout direction for a semantic content attribute: forced either way, left to right for
    /// `.playback` and `.spatial` (media controls and directional pads never flip, as in UIKit),
    /// else the direction of the app's language (`UIScreen.main.settings.layoutDirection`).
    public class func userInterfaceLayoutDirection(for attribute: UISemanticContentAttribute) -> UIUserInterfaceLayoutDirection {
        userInterfaceLayoutDirection(for: attribute, relativeTo: UIScreen.main.settings.layoutDirection)
    }

    /// The layout direction for a semantic content attribute in an environment whose direction is
    /// `layoutDirection`.
    public class func userInterfaceLayoutDirection(for semanticContentAttribute: UISemanticContentAttribute,
                                                   relativeTo layoutDirection: UIUserInterfaceLayoutDirection) -> UIUserInterfaceLayoutDirection {
        switch semanticContentAttribute {
        case .forceLeftToRight, .playback, .spatial: .leftToRight
        case .forceRightToLeft: .rightToLeft
        case .unspecified: layoutDirection
        }
    }

    /// Asks the first responder in this view's subtree to resign (with `force`, it resigns even
    /// if it would refuse). True when none is left.
    @discardableResult
    public func endEditing(_ force: Bool) -> Bool {
        guard let window, let responder = window.firstResponder as? UIView, responder.isDescendant(of: self) else { return true }
        if responder.resignFirstResponder() { return true }
        guard force else { return false }
        window.firstResponder = nil
        return true
    }
}

/// Accessibility settings and announcements. Headless no assistive technology runs: VoiceOver and
/// Switch Control are off, and posting a notification is correct as a no-op. `isReduceMotionEnabled`
/// and the other display settings read `UIScreen.main.settings` (the device's screen while a device
/// recording builds and plays its UI): off unless a recording turns them on (`DeviceSettings`),
/// and their notifications are posted when `UIScreen.changeSettings(_:)` changes them.
public enum UIAccessibility {
    public struct Notification: RawRepresentable, Hashable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let screenChanged = Notification(rawValue: 1000)
        public static let layoutChanged = Notification(rawValue: 1001)
        public static let announcement = Notification(rawValue: 1008)
        public static let pageScrolled = Notification(rawValue: 1009)
    }

    public static let reduceMotionStatusDidChangeNotification = Foundation.Notification.Name("UIAccessibilityReduceMotionStatusDidChangeNotification")
    public static let reduceTransparencyStatusDidChangeNotification = Foundation.Notification.Name("UIAccessibilityReduceTransparencyStatusDidChangeNotification")
    public static let boldTextStatusDidChangeNotification = Foundation.Notification.Name("UIAccessibilityBoldTextStatusDidChangeNotification")
    public static let darkerSystemColorsStatusDidChangeNotification = Foundation.Notification.Name("UIAccessibilityDarkerSystemColorsStatusDidChangeNotification")
    public static let differentiateWithoutColorDidChangeNotification = Foundation.Notification.Name("UIAccessibilityDifferentiateWithoutColorDidChangeNotification")
    public static let voiceOverStatusDidChangeNotification = Foundation.Notification.Name("UIAccessibilityVoiceOverStatusDidChangeNotification")

    @MainActor public static var isVoiceOverRunning: Bool { false }
    @MainActor public static var isSwitchControlRunning: Bool { false }
    @MainActor public static var isReduceMotionEnabled: Bool { UIScreen.main.settings.isReduceMotionEnabled }
    @MainActor public static var isReduceTransparencyEnabled: Bool { UIScreen.main.settings.isReduceTransparencyEnabled }
    @MainActor public static var isBoldTextEnabled: Bool { UIScreen.main.settings.isBoldTextEnabled }
    /// Increase Contrast.
    @MainActor public static var isDarkerSystemColorsEnabled: Bool { UIScreen.main.settings.isIncreaseContrastEnabled }
    @MainActor public static var shouldDifferentiateWithoutColor: Bool { UIScreen.main.settings.shouldDifferentiateWithoutColor }

    /// Tells assistive technologies about a change; none runs headless.
    @MainActor public static func post(notification: Notification, argument: Any?) {}
}
