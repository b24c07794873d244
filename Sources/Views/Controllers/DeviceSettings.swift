import Foundation
import Vocabulary

/// What the user of a device has set in Settings that an app's UI adapts to: the text size
/// (Dynamic Type), the language's direction, the accessibility display settings, the locale and
/// the time zone. A snapshot suite sweeps these; `Recorder(device:settings:…)`, a scene's
/// `"traits"` and `ConfigurationMatrix` set them.
///
/// A screen carries them (`UIScreen.settings`): its `traitCollection` holds the text size, the
/// direction, the contrast and the legibility weight, and `UIAccessibility.isReduceMotionEnabled`
/// and its neighbours read `UIScreen.main`'s, which is the device's screen while a device
/// recording builds and plays its UI. `UIScreen.changeSettings(_:)` changes them mid-recording, as
/// the Settings app would, with the notifications iOS posts.
///
///     var settings = DeviceSettings()
///     settings.contentSizeCategory = .accessibilityExtraExtraExtraLarge
///     settings.layoutDirection = .rightToLeft
///     let recorder = Recorder(device: .iPhone16Pro, settings: settings, duration: 1) { SettingsViewController() }
public struct DeviceSettings: Hashable, Sendable {
    /// Settings › Display & Brightness › Text Size (and Accessibility › Larger Text): Large by default.
    public var contentSizeCategory: UIContentSizeCategory = .large
    /// Left to right unless the app runs in a right-to-left language (Arabic, Hebrew).
    public var layoutDirection: UIUserInterfaceLayoutDirection = .leftToRight
    /// Accessibility › Motion › Reduce Motion.
    public var isReduceMotionEnabled = false
    /// Accessibility › Display & Text Size › Reduce Transparency.
    public var isReduceTransparencyEnabled = false
    /// Accessibility › Display & Text Size › Bold Text: `legibilityWeight` is `.bold`.
    public var isBoldTextEnabled = false
    /// Accessibility › Display & Text Size › Increase Contrast: `accessibilityContrast` is `.high`
    /// (and `UIAccessibility.isDarkerSystemColorsEnabled` true).
    public var isIncreaseContrastEnabled = false
    /// Accessibility › Display & Text Size › Differentiate Without Colour.
    public var shouldDifferentiateWithoutColor = false
    /// The region format the app's text is formatted in (`en_US` by default). Foundation's
    /// `Locale.current` cannot be replaced from here, so a formatter follows it when its code
    /// reads it: `formatter.locale = UIScreen.main.settings.locale`.
    public var locale = Locale(identifier: "en_US")
    /// The time zone dates are shown in (UTC by default, so that a recording is the same
    /// wherever it is made). As with `locale`, code reads it from `UIScreen.main.settings`;
    /// `TimeZone.current` stays the machine's.
    public var timeZone = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0)!

    /// The device's defaults: Large text, left to right, every accessibility setting off.
    public init() {}

    /// The settings with the ones named replaced.
    public init(contentSizeCategory: UIContentSizeCategory = .large, layoutDirection: UIUserInterfaceLayoutDirection = .leftToRight,
                isReduceMotionEnabled: Bool = false, isReduceTransparencyEnabled: Bool = false, isBoldTextEnabled: Bool = false,
                isIncreaseContrastEnabled: Bool = false, shouldDifferentiateWithoutColor: Bool = false) {
        self.contentSizeCategory = contentSizeCategory
        self.layoutDirection = layoutDirection
        self.isReduceMotionEnabled = isReduceMotionEnabled
        self.isReduceTransparencyEnabled = isReduceTransparencyEnabled
        self.isBoldTextEnabled = isBoldTextEnabled
        self.isIncreaseContrastEnabled = isIncreaseContrastEnabled
        self.shouldDifferentiateWithoutColor = shouldDifferentiateWithoutColor
    }

    /// A screen's own traits with these settings.
    func applied(to traits: UITraitCollection) -> UITraitCollection {
        traits.with(contentSize: contentSizeCategory, direction: layoutDirection == .rightToLeft ? .rightToLeft : .leftToRight,
                    contrast: isIncreaseContrastEnabled ? .high : .normal, legibility: isBoldTextEnabled ? .bold : .regular)
    }

    /// The notifications iOS posts when the settings go from `old` to these, in a fixed order.
    func notifications(comparedTo old: DeviceSettings) -> [(Notification.Name, [AnyHashable: Any]?)] {
        var posted: [(Notification.Name, [AnyHashable: Any]?)] = []
        if contentSizeCategory != old.contentSizeCategory {
            posted.append((UIContentSizeCategory.didChangeNotification, [UIContentSizeCategory.newValueUserInfoKey: contentSizeCategory]))
        }
        let switches: [(Bool, Bool, Notification.Name)] = [
            (isReduceMotionEnabled, old.isReduceMotionEnabled, UIAccessibility.reduceMotionStatusDidChangeNotification),
            (isReduceTransparencyEnabled, old.isReduceTransparencyEnabled, UIAccessibility.reduceTransparencyStatusDidChangeNotification),
            (isBoldTextEnabled, old.isBoldTextEnabled, UIAccessibility.boldTextStatusDidChangeNotification),
            (isIncreaseContrastEnabled, old.isIncreaseContrastEnabled, UIAccessibility.darkerSystemColorsStatusDidChangeNotification),
            (shouldDifferentiateWithoutColor, old.shouldDifferentiateWithoutColor, UIAccessibility.differentiateWithoutColorDidChangeNotification),
        ]
        for (new, previous, name) in switches where new != previous { posted.append((name, nil)) }
        if locale != old.locale { posted.append((NSLocale.currentLocaleDidChangeNotification, nil)) }
        if timeZone != old.timeZone { posted.append((.NSSystemTimeZoneDidChange, nil)) }
        return posted
    }
}
