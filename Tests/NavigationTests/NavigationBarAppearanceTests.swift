import Foundation
import DisplayList
import Raster
import TestSupport
import Testing
import Vocabulary
@testable import Views
@testable import Navigation

/// A navigation bar's background as iOS 15+ chooses it: transparent at the scroll edge, the
/// material once content scrolls under it, and readable titles over it in dark appearance.
@MainActor @Suite struct NavigationBarAppearanceTests {
    static let size = CGSize(width: 320, height: 400)

    private func makeList(style: UIUserInterfaceStyle, large: Bool) -> (UIWindow, UINavigationController, UIScrollView) {
        let list = BrightListController(title: "Inbox")
        let navigation = UINavigationController(rootViewController: list)
        navigation.navigationBar.prefersLargeTitles = large
        let window = makeWindow(navigation, size: Self.size, style: style)
        window.layoutIfNeeded()
        let scroll = list.view as! UIScrollView
        return (window, navigation, scroll)
    }

    /// Scrolls the content `distance` points under the bar.
    private func scroll(_ scroll: UIScrollView, under distance: CGFloat) {
        scroll.contentOffset = CGPoint(x: 0, y: -scroll.adjustedContentInset.top + distance)
    }

    @Test func aDarkLargeTitleIsReadableOverBrightScrolledContent() {
        let (window, navigation, list) = makeList(style: .dark, large: true)
        #expect(navigation.navigationBar.frame.height == 96 && list.adjustedContentInset.top == 96)
        scroll(list, under: 130)
        let canvas = draw(window, at: 0.1)
        // The title's pixels are the brightest in its box; the backdrop is the bar right of it.
        var title = Color.black
        for y in 2 * 50..<2 * 86 {
            for x in 2 * 16..<2 * 120 where relativeLuminance(canvas.pixel(x: x, y: y)) > relativeLuminance(title) {
                title = canvas.pixel(x: x, y: y)
            }
        }
        let backdrop = canvas.pixel(x: 2 * 290, y: 2 * 70)
        let ratio = contrastRatio(title, backdrop)
        // WCAG AA asks 4.5 for body text (3 for large text); white on dark chrome gives far more.
        #expect(title.red > 240 && title.green > 240 && title.blue > 240, "title \(title)")
        #expect(ratio >= 7, "title \(title) on \(backdrop): contrast \(ratio)")
        // The material: what scrolls beneath shows through, blurred, so the bar changes with it.
        scroll(list, under: 150)
        let later = draw(window, at: 0.2)
        #expect(later.pixel(x: 2 * 290, y: 2 * 70) != backdrop)
        expectMatchesReference(canvas, area: "bars", name: "navigation_bar_large_title_scrolled_dark")
    }

    @Test(arguments: [UIUserInterfaceStyle.light, .dark])
    func theBarIsTransparentAtTheScrollEdgeAndMaterialOnceContentScrollsUnder(style: UIUserInterfaceStyle) {
        let (window, navigation, list) = makeList(style: style, large: false)
        let bar = navigation.navigationBar
        #expect(bar.isAtScrollEdge && bar.backgroundAppearance == nil)
        let top = draw(window, at: 0.1)
        // The scroll view's white shows through the bar, and no hairline lies under it.
        #expect(top.pixel(x: 2 * 290, y: 2 * 20) == .white)
        #expect(top.pixel(x: 2 * 290, y: 2 * 44) == .white)
        scroll(list, under: 100)
        #expect(!bar.isAtScrollEdge && bar.backgroundAppearance === bar.standardAppearance)
        let scrolled = draw(window, at: 0.2)
        let background = scrolled.pixel(x: 2 * 290, y: 2 * 20)
        #expect(background != .white)
        // The hairline (a third of a point) darkens or lightens the row at the bar's bottom.
        #expect(scrolled.pixel(x: 2 * 290, y: 2 * 44) != scrolled.pixel(x: 2 * 290, y: 2 * 44 + 2))
        if style == .dark { #expect(relativeLuminance(background) < 0.2) } else { #expect(relativeLuminance(background) > 0.6) }
        expectMatchesReference(scrolled, area: "bars", name: "navigation_bar_scrolled_\(style == .dark ? "dark" : "light")")
    }

    @Test func aScrollEdgeAppearanceAndTitleAttributesAreDrawn() {
        let (window, navigation, list) = makeList(style: .light, large: false)
        let bar = navigation.navigationBar
        let edge = UINavigationBarAppearance()
        edge.configureWithOpaqueBackground()
        edge.backgroundColor = .systemIndigo
        edge.titleTextAttributes = [.foregroundColor: UIColor.white]
        bar.scrollEdgeAppearance = edge
        let standard = UINavigationBarAppearance()
        standard.titleTextAttributes = [.foregroundColor: UIColor.systemOrange]
        bar.standardAppearance = standard
        let top = draw(window, at: 0.1)
        #expect(top.pixel(x: 2 * 290, y: 2 * 20) == Color(rgb: 0x5856D6))
        #expect(count(top, in: CGRect(x: 100, y: 8, width: 120, height: 28)) { $0.red > 240 && $0.green > 240 && $0.blue > 240 } > 20)
        // Scrolled, the standard appearance's orange title shows once the bar lays out again.
        scroll(list, under: 100)
        bar.standardAppearance = standard
        let scrolled = draw(window, at: 0.2)
        #expect(count(scrolled, in: CGRect(x: 100, y: 8, width: 120, height: 28)) { $0.red > 200 && $0.green > 100 && $0.green < 180 && $0.blue < 60 } > 20)
    }

    @Test func barTintColourAndAnOpaqueBarBridgeIntoTheAppearance() {
        let (window, navigation, list) = makeList(style: .light, large: false)
        scroll(list, under: 100)
        navigation.navigationBar.isTranslucent = false
        #expect(draw(window, at: 0.1).pixel(x: 2 * 290, y: 2 * 20) == .white)
        navigation.navigationBar.barTintColor = .systemGreen
        #expect(draw(window, at: 0.2).pixel(x: 2 * 290, y: 2 * 20) == Color(rgb: 0x34C759))
    }

    /// How many pixels in `rect` (points) pass `test`.
    private func count(_ canvas: Canvas, in rect: CGRect, _ test: (Color) -> Bool) -> Int {
        var found = 0
        for y in Int(rect.minY * 2)..<Int(rect.maxY * 2) {
            for x in Int(rect.minX * 2)..<Int(rect.maxX * 2) where test(canvas.pixel(x: x, y: y)) { found += 1 }
        }
        return found
    }
}
