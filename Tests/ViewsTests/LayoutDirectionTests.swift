import DisplayList
import Foundation
import Raster
import Testing
import TestSupport
import Vocabulary
@testable import Views

/// Right to left: the direction views read, leading and trailing constraints, natural text.
@MainActor @Suite struct LayoutDirectionTests {
    /// A shown 390 × 200 window on a screen whose language runs `direction`.
    private func window(_ direction: UIUserInterfaceLayoutDirection) -> UIWindow {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 200))
        window.screen = UIScreen(bounds: window.bounds, scale: 2, settings: DeviceSettings(layoutDirection: direction))
        window.makeKeyAndVisible()
        return window
    }

    @Test func theEffectiveDirectionFollowsTheTraitsUnlessTheAttributeFixesIt() {
        let window = window(.rightToLeft)
        let view = UIView()
        window.addSubview(view)
        #expect(view.traitCollection.layoutDirection == .rightToLeft)
        #expect(view.effectiveUserInterfaceLayoutDirection == .rightToLeft)
        view.semanticContentAttribute = .forceLeftToRight
        #expect(view.effectiveUserInterfaceLayoutDirection == .leftToRight)
        view.semanticContentAttribute = .playback
        #expect(view.effectiveUserInterfaceLayoutDirection == .leftToRight)
        view.semanticContentAttribute = .unspecified
        let ltr = self.window(.leftToRight)
        let forced = UIView()
        ltr.addSubview(forced)
        forced.semanticContentAttribute = .forceRightToLeft
        #expect(forced.effectiveUserInterfaceLayoutDirection == .rightToLeft)
        #expect(UIView.userInterfaceLayoutDirection(for: .unspecified, relativeTo: .rightToLeft) == .rightToLeft)
        #expect(UIView.userInterfaceLayoutDirection(for: .spatial, relativeTo: .rightToLeft) == .leftToRight)
    }

    /// A 100 pt label 20 pt in from the leading edge, and a badge 8 pt after it.
    private func pinnedRow(in root: UIView) -> (UIView, UIView) {
        let label = UIView(), badge = UIView()
        for view in [label, badge] {
            view.translatesAutoresizingMaskIntoConstraints = false
            root.addSubview(view)
        }
        NSLayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
            label.widthAnchor.constraint(equalToConstant: 100),
            label.topAnchor.constraint(equalTo: root.topAnchor, constant: 10),
            label.heightAnchor.constraint(equalToConstant: 30),
            badge.leadingAnchor.constraint(equalTo: label.trailingAnchor, constant: 8),
            badge.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -16),
            badge.topAnchor.constraint(equalTo: label.topAnchor),
            badge.heightAnchor.constraint(equalToConstant: 30),
        ])
        root.layoutIfNeeded()
        return (label, badge)
    }

    @Test func leadingAndTrailingConstraintsMirrorRightToLeft() {
        let (ltrLabel, ltrBadge) = pinnedRow(in: window(.leftToRight))
        #expect(ltrLabel.frame == CGRect(x: 20, y: 10, width: 100, height: 30))
        #expect(ltrBadge.frame == CGRect(x: 128, y: 10, width: 246, height: 30))
        let (rtlLabel, rtlBadge) = pinnedRow(in: window(.rightToLeft))
        // 390 − 20 − 100 = 270; the badge runs from 16 to 270 − 8.
        #expect(rtlLabel.frame == CGRect(x: 270, y: 10, width: 100, height: 30))
        #expect(rtlBadge.frame == CGRect(x: 16, y: 10, width: 246, height: 30))
        // A container forced right to left mirrors what is pinned inside it.
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 200))
        window(.leftToRight).addSubview(container)
        container.semanticContentAttribute = .forceRightToLeft
        let (forcedLabel, _) = pinnedRow(in: container)
        #expect(forcedLabel.frame.minX == 270)
    }

    @Test func naturalTextRunsFromTheTrailingSideRightToLeft() {
        for direction in [UIUserInterfaceLayoutDirection.leftToRight, .rightToLeft] {
            let window = window(direction)
            window.backgroundColor = .white
            let label = UILabel(frame: CGRect(x: 0, y: 0, width: 390, height: 40))
            label.text = "Wi-Fi"
            label.textColor = .black
            window.addSubview(label)
            let snapshot = window.snapshot(at: 0)
            let canvas = Canvas(pointWidth: 390, pointHeight: 40, scale: 1, background: .white)
            ViewRenderer.draw(snapshot, into: canvas)
            var inked: [Int] = []
            for x in 0..<canvas.width where (0..<canvas.height).contains(where: { canvas.premultipliedPixel(x: x, y: $0) != Color.white.premultiplied }) {
                inked.append(x)
            }
            let first = inked.first ?? -1, last = inked.last ?? -1
            // The text is about 40 pt wide: it starts at the left edge, or ends at the right one.
            if direction == .leftToRight { #expect(first >= 0 && first < 4 && last < 80, "\(first)…\(last)") }
            else { #expect(last > 385 && first > 300, "\(first)…\(last)") }
        }
    }
}
