import Foundation
import DisplayList
import Raster
import TestSupport
import Testing
import Vocabulary
@testable import Views
@testable import Navigation

/// A toolbar: items between 16 pt margins, flexible spaces sharing what is left, drawn over
/// content with its material and a hairline on top.
@MainActor @Suite struct ToolbarTests {
    private func makeToolbar(style: UIUserInterfaceStyle, tapped: @escaping (String) -> Void = { _ in })
        -> (UIWindow, UIToolbar) {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 300, height: 120))
        window.overrideUserInterfaceStyle = style
        // Bright stripes under the bar, so the material has something to blur.
        for (index, colour) in [0xFF9F1C, 0xFFFFFF, 0x2EC4B6, 0xE71D36, 0x011627].enumerated() {
            let stripe = UIView(frame: CGRect(x: CGFloat(index) * 60, y: 0, width: 60, height: 120))
            stripe.backgroundColor = UIColor(rgb: UInt32(colour))
            window.addSubview(stripe)
        }
        let toolbar = UIToolbar(frame: CGRect(x: 0, y: 76, width: 300, height: UIToolbar.barHeight))
        toolbar.items = [UIBarButtonItem(title: "Edit", style: .plain, action: { tapped("Edit") }),
                         .flexibleSpace(),
                         UIBarButtonItem(title: "Share", style: .plain, action: { tapped("Share") }),
                         .flexibleSpace(),
                         UIBarButtonItem(title: "Done", style: .done, action: { tapped("Done") })]
        window.addSubview(toolbar)
        window.makeKeyAndVisible()
        window.layoutIfNeeded()
        return (window, toolbar)
    }

    @Test func itemsSitBetweenTheMarginsWithFlexibleSpaceSharedEqually() throws {
        var taps: [String] = []
        let (window, toolbar) = makeToolbar(style: .light) { taps.append($0) }
        let buttons = toolbar.subviews.compactMap { $0 as? BarButton }
        try #require(buttons.count == 3)
        #expect(buttons[0].frame.minX == 16 && buttons[2].frame.maxX == 284)
        // The two flexible spaces are equal: Share's gaps to Edit and Done match.
        let left = buttons[1].frame.minX - buttons[0].frame.maxX, right = buttons[2].frame.minX - buttons[1].frame.maxX
        #expect(abs(left - right) < 1e-9 && left > 8)
        #expect(buttons.allSatisfy { $0.frame.height == 44 })
        tap(window, at: CGPoint(x: buttons[2].frame.midX, y: 98), time: 0.1)
        tap(window, at: CGPoint(x: buttons[1].frame.midX, y: 98), time: 0.3)
        #expect(taps == ["Done", "Share"])
        #expect(toolbar.sizeThatFits(CGSize(width: 300, height: 500)) == CGSize(width: 300, height: 44))
    }

    @Test(arguments: [UIUserInterfaceStyle.light, .dark])
    func theToolbarBlursTheStripesBeneathIt(style: UIUserInterfaceStyle) {
        let (window, _) = makeToolbar(style: style)
        let canvas = draw(window, at: 0.1)
        // Above the bar the stripes are sharp; in the bar their border at x = 60 is blurred.
        #expect(canvas.pixel(x: 119, y: 100) == Color(rgb: 0xFF9F1C) && canvas.pixel(x: 120, y: 100) == .white)
        let a = canvas.pixel(x: 119, y: 2 * 110), b = canvas.pixel(x: 120, y: 2 * 110)
        #expect(abs(Int(a.blue) - Int(b.blue)) <= 6, "\(a) next to \(b)")
        // The hairline on top of the bar.
        #expect(canvas.pixel(x: 2 * 150, y: 2 * 76 - 1) != canvas.pixel(x: 2 * 150, y: 2 * 76 - 4))
        expectMatchesReference(canvas, area: "bars", name: "toolbar_\(style == .dark ? "dark" : "light")")
    }
}
