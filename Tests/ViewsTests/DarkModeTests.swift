import Foundation
import DisplayList
import Vocabulary
import Raster
import TestSupport
import Testing
@testable import Views

/// Traits down the tree, dynamic colours, and what a view draws in dark appearance.
@MainActor @Suite struct DarkModeTests {
    static let dark = UITraitCollection(userInterfaceStyle: .dark)
    static let light = UITraitCollection(userInterfaceStyle: .light)

    @Test func systemColoursResolveToTheirLightAndDarkValues() {
        #expect(UIColor.systemBlue.resolvedColor(with: Self.light).cgColor.rasterColor == Color(rgb: 0x007AFF))
        #expect(UIColor.systemBlue.resolvedColor(with: Self.dark).cgColor.rasterColor == Color(rgb: 0x0A84FF))
        #expect(UIColor.systemBackground.resolvedColor(with: Self.dark).cgColor.rasterColor == Color(rgb: 0x000000))
        #expect(UIColor.secondarySystemGroupedBackground.resolvedColor(with: Self.dark).cgColor.rasterColor == Color(rgb: 0x1C1C1E))
        // Alpha too: the dark separator is 545458 at 60 %.
        #expect(UIColor.separator.resolvedColor(with: Self.dark).cgColor.rasterColor == Color(rgb: 0x545458, alpha: 153))
        // cgColor resolves with the current traits.
        #expect(Self.dark.performAsCurrent { UIColor.label.cgColor.rasterColor } == Color(rgb: 0xFFFFFF))
        #expect(UIColor.label.cgColor.rasterColor == Color(rgb: 0x000000))
    }

    @Test func aDynamicProviderIsAskedWithTheTraits() {
        var asked: [UIUserInterfaceStyle] = []
        let accent = UIColor { traits in
            asked.append(traits.userInterfaceStyle)
            return traits.userInterfaceStyle == .dark ? .systemYellow : .systemPurple
        }
        asked = []
        #expect(accent.resolvedColor(with: Self.dark).cgColor.rasterColor == Color(rgb: 0xFFD60A))
        #expect(accent.resolvedColor(with: Self.light).cgColor.rasterColor == Color(rgb: 0xAF52DE))
        #expect(asked == [.dark, .light])
        // A dynamic colour with another alpha stays dynamic.
        let faded = UIColor.label.withAlphaComponent(0.5)
        #expect(faded.resolvedColor(with: Self.dark).cgColor.rasterColor == Color(rgb: 0xFFFFFF, alpha: 128))
        #expect(faded.resolvedColor(with: Self.light).cgColor.rasterColor == Color(rgb: 0x000000, alpha: 128))
        // Equal when equal in both appearances.
        #expect(UIColor.systemBlue == UIColor.systemBlue)
        #expect(UIColor.systemBlue != UIColor(rgb: 0x007AFF))
        #expect(UIColor.systemGray == UIColor(rgb: 0x8E8E93))
    }

    @Test func overridesFlowDownTheTreeAndTellTheViewsTheyChange() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let controller = UIViewController()
        window.rootViewController = controller
        window.makeKeyAndVisible()
        let plain = TraitRecordingView(), pinned = TraitRecordingView(), inner = TraitRecordingView()
        pinned.overrideUserInterfaceStyle = .light
        controller.view.addSubview(plain)
        controller.view.addSubview(pinned)
        pinned.addSubview(inner)
        #expect(plain.traitCollection.userInterfaceStyle == .light)
        #expect(plain.traitCollection.userInterfaceIdiom == .phone && plain.traitCollection.displayScale == 3)

        window.overrideUserInterfaceStyle = .dark
        #expect(plain.traitCollection.userInterfaceStyle == .dark)
        #expect(controller.traitCollection.userInterfaceStyle == .dark)
        #expect(pinned.traitCollection.userInterfaceStyle == .light && inner.traitCollection.userInterfaceStyle == .light)
        // Only the views whose traits changed hear of it, once, with the traits they had.
        #expect(plain.changes == [.light])
        #expect(pinned.changes.isEmpty && inner.changes.isEmpty)

        // A controller's override governs its view and what is under it.
        controller.overrideUserInterfaceStyle = .light
        #expect(plain.traitCollection.userInterfaceStyle == .light)
        #expect(plain.changes == [.light, .dark])
    }

    @Test func whatAViewDrewIsDrawnAgainWhenItsAppearanceChanges() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        let view = LabelColouredView(frame: window.bounds)
        window.addSubview(view)
        window.makeKeyAndVisible()
        #expect(draw(window).pixel(x: 10, y: 10) == Color(rgb: 0x000000))
        window.overrideUserInterfaceStyle = .dark
        #expect(draw(window).pixel(x: 10, y: 10) == Color(rgb: 0xFFFFFF))
    }

    /// A list-style cell as a dark list shows it: secondary grouped background, white title,
    /// secondary label subtitle, separator-coloured rule.
    @Test func aDarkCellUsesTheDarkSystemColours() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 240, height: 64))
        window.overrideUserInterfaceStyle = .dark
        window.backgroundColor = .systemGroupedBackground
        let cell = UIView(frame: CGRect(x: 8, y: 6, width: 224, height: 52))
        cell.backgroundColor = .secondarySystemGroupedBackground
        cell.layer.cornerRadius = 10
        let title = UILabel(frame: CGRect(x: 12, y: 6, width: 200, height: 22))
        title.text = "Wi-Fi"
        title.textColor = .label
        let subtitle = UILabel(frame: CGRect(x: 12, y: 28, width: 200, height: 18))
        subtitle.text = "Connected 📶"
        subtitle.font = .systemFont(ofSize: 13)
        subtitle.textColor = .secondaryLabel
        let accent = UIView(frame: CGRect(x: 196, y: 18, width: 16, height: 16))
        accent.backgroundColor = .systemGreen
        accent.layer.cornerRadius = 8
        for view in [title, subtitle, accent] { cell.addSubview(view) }
        window.addSubview(cell)
        window.makeKeyAndVisible()
        let canvas = draw(window)
        expectMatchesReference(canvas, area: "dark", name: "dark_cell")
        #expect(canvas.pixel(x: 2, y: 2) == Color(rgb: 0x000000), "grouped background")
        #expect(canvas.pixel(x: 150, y: 12) == Color(rgb: 0x1C1C1E), "cell background")
        #expect(canvas.pixel(x: 212, y: 32) == Color(rgb: 0x30D158), "dark system green")
        // The title's strokes are white (the lightest pixel in its line), never black.
        var lightest = 0
        for x in 20..<60 { lightest = max(lightest, Int(canvas.pixel(x: x, y: 22).red)) }
        #expect(lightest == 255)
    }

    private func draw(_ window: UIWindow) -> Canvas {
        let snapshot = window.snapshot(at: 0)
        let canvas = Canvas(pointWidth: Double(snapshot.size.width), pointHeight: Double(snapshot.size.height), scale: 1)
        ViewRenderer.draw(snapshot, into: canvas)
        return canvas
    }
}

/// Records the style it had each time its traits changed.
private final class TraitRecordingView: UIView {
    var changes: [UIUserInterfaceStyle] = []
    override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        changes.append(previousTraitCollection?.userInterfaceStyle ?? .unspecified)
    }
}

/// Fills itself with `UIColor.label` in `draw(_:)`.
private final class LabelColouredView: UIView {
    override func draw(_ rect: CGRect) {
        UIColor.label.setFill()
        UIBezierPath(rect: bounds).fill()
    }
}
