import Foundation
import Vocabulary
import Testing
@testable import Views

/// Dynamic Type: text sizes from iOS's table, `UIFontMetrics`, labels that follow the text size,
/// and the settings a screen carries.
@MainActor @Suite struct DynamicTypeTests {
    /// Body text in points at each of the twelve sizes (the HIG's iOS table, xSmall to AX5).
    nonisolated static let bodySizes: [CGFloat] = [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]

    /// A screen whose user chose `category` (and perhaps more), as `UIScreen.main`.
    private func onScreen<T>(_ settings: DeviceSettings, _ body: () throws -> T) rethrows -> T {
        try UIScreen.withMain(UIScreen(device: .iPhone16Pro, settings: settings), body)
    }

    @Test(arguments: zip(UIContentSizeCategory.shortNames.map(\.category), DynamicTypeTests.bodySizes))
    func preferredFontFollowsTheAppsTextSize(category: UIContentSizeCategory, body: CGFloat) {
        let font = onScreen(DeviceSettings(contentSizeCategory: category)) { UIFont.preferredFont(forTextStyle: .body) }
        #expect(font.pointSize == body)
        // A trait collection's own size wins over the app's.
        let traits = UITraitCollection(preferredContentSizeCategory: category)
        #expect(UIFont.preferredFont(forTextStyle: .body, compatibleWith: traits).pointSize == body)
    }

    @Test func theLargestAccessibilitySizeMatchesTheTableForEveryStyle() {
        let traits = UITraitCollection(preferredContentSizeCategory: .accessibilityExtraExtraExtraLarge)
        let styles: [(UIFont.TextStyle, CGFloat)] = [(.largeTitle, 60), (.title1, 58), (.title2, 56), (.title3, 55), (.headline, 53),
                                                     (.callout, 51), (.subheadline, 49), (.footnote, 44), (.caption1, 43), (.caption2, 40)]
        for (style, size) in styles {
            #expect(UIFont.preferredFont(forTextStyle: style, compatibleWith: traits).pointSize == size, "\(style.rawValue)")
        }
        // Unspecified is Large; xSmall's captions stay at 11 pt.
        #expect(UIFont.preferredFont(forTextStyle: .caption2, compatibleWith: UITraitCollection(preferredContentSizeCategory: .extraSmall)).pointSize == 11)
        #expect(UIFont.preferredFont(forTextStyle: .title1, compatibleWith: UITraitCollection()).pointSize == 28)
    }

    @Test func fontMetricsScaleAlongTheStylesCurve() {
        let xxxl = UITraitCollection(preferredContentSizeCategory: .extraExtraExtraLarge)
        // Body goes 17 → 23 at xxxLarge: a 10 pt value becomes 10 × 23 / 17.
        #expect(UIFontMetrics.default.scaledValue(for: 10, compatibleWith: xxxl) == CGFloat(10) * 23 / 17)
        // Title 1 goes 28 → 34: a 20 pt custom font becomes 20 × 34 / 28, unless capped.
        let metrics = UIFontMetrics(forTextStyle: .title1)
        let custom = UIFont.systemFont(ofSize: 20)
        #expect(metrics.scaledFont(for: custom, compatibleWith: xxxl).pointSize == CGFloat(20) * 34 / 28)
        #expect(metrics.scaledFont(for: custom, maximumPointSize: 22, compatibleWith: xxxl).pointSize == 22)
        // At the app's size (Large by default) nothing changes.
        #expect(metrics.scaledFont(for: custom).pointSize == 20)
        #expect(onScreen(DeviceSettings(contentSizeCategory: .accessibilityMedium)) { UIFontMetrics.default.scaledValue(for: 17) } == 28)
    }

    @Test func boldTextMakesPreferredFontsOneWeightHeavier() {
        let bold = UITraitCollection(legibilityWeight: .bold)
        #expect(UIFont.preferredFont(forTextStyle: .body, compatibleWith: bold).fontName == UIFont.systemFont(ofSize: 17, weight: .semibold).fontName)
        #expect(UIFont.preferredFont(forTextStyle: .headline, compatibleWith: bold).fontName == UIFont.systemFont(ofSize: 17, weight: .bold).fontName)
    }

    @Test func aLabelThatAdjustsTakesTheNewTextSizeAndOneThatDoesNotKeepsItsFont() {
        let screen = UIScreen(device: .iPhone16Pro)
        let window = UIWindow(frame: screen.bounds)
        window.screen = screen
        let adjusting = UILabel(), fixed = UILabel()
        adjusting.adjustsFontForContentSizeCategory = true
        adjusting.font = .preferredFont(forTextStyle: .body)
        fixed.font = .preferredFont(forTextStyle: .body)
        window.addSubview(adjusting)
        window.addSubview(fixed)
        window.makeKeyAndVisible()
        #expect(adjusting.font.pointSize == 17 && fixed.font.pointSize == 17)
        screen.changeSettings(DeviceSettings(contentSizeCategory: .accessibilityExtraExtraExtraLarge))
        #expect(adjusting.font.pointSize == 53)
        #expect(fixed.font.pointSize == 17)
        // A view's override reaches the labels under it.
        adjusting.traitOverrides.preferredContentSizeCategory = .extraSmall
        #expect(adjusting.font.pointSize == 14)
    }

    @Test func changingSettingsPostsTheirNotificationsAndTellsRegisteredViews() {
        let screen = UIScreen(device: .iPhone16Pro)
        let window = UIWindow(frame: screen.bounds)
        window.screen = screen
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(view)
        window.makeKeyAndVisible()
        var sizes: [(UIContentSizeCategory, UIContentSizeCategory)] = []
        view.registerForTraitChanges([UITraitPreferredContentSizeCategory.self]) { (view: UIView, previous: UITraitCollection) in
            sizes.append((previous.preferredContentSizeCategory, view.traitCollection.preferredContentSizeCategory))
        }
        var contrasts = 0
        view.registerForTraitChanges([UITraitAccessibilityContrast.self]) { (_: UIView, _: UITraitCollection) in contrasts += 1 }
        /// Notifications are posted on the main thread, synchronously, as the settings change.
        final class Posted: @unchecked Sendable { var names: [Notification.Name] = [] }
        let record = Posted()
        let names = [UIContentSizeCategory.didChangeNotification, UIAccessibility.reduceMotionStatusDidChangeNotification,
                     UIAccessibility.boldTextStatusDidChangeNotification]
        let observers = names.map { name in
            NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { record.names.append($0.name) }
        }
        defer { observers.forEach(NotificationCenter.default.removeObserver) }
        var settings = DeviceSettings()
        settings.contentSizeCategory = .extraExtraLarge
        settings.isReduceMotionEnabled = true
        screen.changeSettings(settings)
        var posted: [Notification.Name] { record.names }
        #expect(posted == [UIContentSizeCategory.didChangeNotification, UIAccessibility.reduceMotionStatusDidChangeNotification])
        #expect(sizes.count == 1 && sizes.first?.0 == .large && sizes.first?.1 == .extraExtraLarge)
        #expect(contrasts == 0)
        #expect(UIScreen.withMain(screen) { UIAccessibility.isReduceMotionEnabled && !UIAccessibility.isBoldTextEnabled })
        #expect(!UIAccessibility.isReduceMotionEnabled, "the standard screen keeps the defaults")
        settings.isIncreaseContrastEnabled = true
        settings.isBoldTextEnabled = true
        screen.changeSettings(settings)
        #expect(contrasts == 1)
        #expect(view.traitCollection.accessibilityContrast == .high && view.traitCollection.legibilityWeight == .bold)
        #expect(posted.last == UIAccessibility.boldTextStatusDidChangeNotification)
        // The same settings again change nothing.
        screen.changeSettings(settings)
        #expect(posted.count == 3 && contrasts == 1)
    }

    @Test func traitOverridesAreInheritedAndTheNearestWins() {
        let (window, view) = makeWindowWithView()
        let child = UIView()
        view.addSubview(child)
        view.traitOverrides.layoutDirection = .rightToLeft
        view.traitOverrides.preferredContentSizeCategory = .accessibilityLarge
        child.traitOverrides.preferredContentSizeCategory = .small
        #expect(child.traitCollection.layoutDirection == .rightToLeft)
        #expect(child.traitCollection.preferredContentSizeCategory == .small)
        #expect(child.effectiveUserInterfaceLayoutDirection == .rightToLeft)
        #expect(window.traitCollection.layoutDirection == .leftToRight && window.traitCollection.preferredContentSizeCategory == .large)
        #expect(view.traitOverrides.contains(UITraitLayoutDirection.self))
        view.traitOverrides.remove(UITraitLayoutDirection.self)
        #expect(child.traitCollection.layoutDirection == .leftToRight)
        let modified = window.traitCollection.modifyingTraits { $0.userInterfaceStyle = .dark }
        #expect(modified.userInterfaceStyle == .dark && modified.preferredContentSizeCategory == .large)
    }
}
