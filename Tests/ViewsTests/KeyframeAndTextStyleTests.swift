import Vocabulary
import Foundation
import DisplayList
import Raster
import Testing
@testable import Views

/// Keyframe animations, transitions, Dynamic Type's default sizes and nibs, as ports use them.
@MainActor @Suite struct KeyframeAndTextStyleTests {
    @Test func keyframesPassThroughEveryValueInTurn() {
        let (window, view) = makeWindowWithView()
        var done = false
        UIView.animateKeyframes(withDuration: 1, delay: 0, options: [], animations: {
            UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { view.center.x = 150 }
            UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { view.center.x = 100 }
            UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.25) { view.alpha = 0.5 }
            UIView.addKeyframe(withRelativeStartTime: 0.75, relativeDuration: 0.25) { view.alpha = 1 }
        }, completion: { _ in done = true })
        // x: 50 → 150 over the first half, → 100 over the second; alpha down, held, then up.
        for (t, x, alpha) in [(0.25, 100.0, 0.5), (0.5, 150.0, 0.5), (0.75, 125.0, 0.5), (0.875, 112.5, 0.75)] {
            #expect(abs(view.presentation(at: t).center.x - x) < 1e-9 && abs(view.presentation(at: t).alpha - alpha) < 1e-9, "at \(t)")
        }
        window.advance(to: 0.99)
        #expect(!done)
        window.advance(to: 1.01)
        #expect(done && view.presentation(at: 1.01).center.x == 100 && view.alpha == 1)
    }

    @Test func aCrossDissolveFadesThePictureOfTheOldContent() {
        let (window, view) = makeWindowWithView()
        view.backgroundColor = .systemRed
        var done = false
        UIView.transition(with: view, duration: 0.4, options: [.transitionCrossDissolve, .curveLinear],
                          animations: { view.backgroundColor = .systemBlue }, completion: { _ in done = true })
        window.advance(to: 0.2)
        let canvas = Canvas(pointWidth: 400, pointHeight: 300, scale: 1)
        ViewRenderer.draw(window.snapshot(), into: canvas)
        let middle = canvas.pixel(x: 50, y: 50)
        // Half of the old red over the new blue.
        #expect(abs(Int(middle.red) - (0xFF + 0x00) / 2) <= 2 && abs(Int(middle.blue) - (0x30 + 0xFF) / 2) <= 2)
        window.advance(to: 0.41)
        #expect(done && view.subviews.isEmpty)
    }

    @Test func textStylesHaveTheDefaultDynamicTypeSizes() {
        let expected: [(UIFont.TextStyle, CGFloat, Bool)] = [(.largeTitle, 34, false), (.title1, 28, false), (.title2, 22, false),
            (.title3, 20, false), (.headline, 17, true), (.body, 17, false), (.callout, 16, false), (.subheadline, 15, false),
            (.footnote, 13, false), (.caption1, 12, false), (.caption2, 11, false)]
        for (style, size, bold) in expected {
            let font = UIFont.preferredFont(forTextStyle: style)
            #expect(font.pointSize == size && (font == UIFont.systemFont(ofSize: size, weight: bold ? .semibold : .regular)), "\(style)")
        }
        #expect(UIFontMetrics(forTextStyle: .body).scaledValue(for: 12) == 12)
    }

    @Test func nibsLoadNothingAndSaySo() {
        #expect(UINib(nibName: "Cell", bundle: nil).instantiate(withOwner: nil).isEmpty)
        #expect(UIKitCompatibility.reported.contains("UINib \"Cell\""))
    }
}
