import Vocabulary
import Foundation

extension UIView {
    /// The layout direction for a semantic content attribute: right to left only when forced.
    /// Headless, the app's language runs left to right.
    public class func userInterfaceLayoutDirection(for attribute: UISemanticContentAttribute) -> UIUserInterfaceLayoutDirection {
        attribute == .forceRightToLeft ? .rightToLeft : .leftToRight
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
/// and the other display settings are off unless a recording turns them on.
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
    public static let voiceOverStatusDidChangeNotification = Foundation.Notification.Name("UIAccessibilityVoiceOverStatusDidChangeNotification")

    @MainActor public static var isVoiceOverRunning: Bool { false }
    @MainActor public static var isSwitchControlRunning: Bool { false }
    @MainActor public static var isReduceMotionEnabled: Bool { false }
    @MainActor public static var isReduceTransparencyEnabled: Bool { false }
    @MainActor public static var isBoldTextEnabled: Bool { false }
    @MainActor public static var isDarkerSystemColorsEnabled: Bool { false }

    /// Tells assistive technologies about a change; none runs headless.
    @MainActor public static func post(notification: Notification, argument: Any?) {}
}
