import Vocabulary
import Foundation
import Raster
import Testing
@testable import Views

/// Members many ported projects use that are small on their own: swipes, `endEditing`, the empty
/// image, layout direction and accessibility settings.
@MainActor @Suite struct SwipeAndSmallSurfaceTests {
    private func swipe(_ direction: UISwipeGestureRecognizer.Direction, from start: CGPoint, to end: CGPoint,
                       in duration: TimeInterval) -> Int {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        window.makeKeyAndVisible()
        var recognized = 0
        let swipe = UISwipeGestureRecognizer { _ in recognized += 1 }
        swipe.direction = direction
        window.addGestureRecognizer(swipe)
        window.send(Touch(.began, at: start, time: 1))
        for step in 1...10 {
            let f = Double(step) / 10
            window.send(Touch(.moved, at: CGPoint(x: start.x + (end.x - start.x) * f, y: start.y + (end.y - start.y) * f),
                              time: 1 + duration * f))
        }
        window.send(Touch(.ended, at: end, time: 1 + duration))
        return recognized
    }

    @Test func aQuickStraightSwipeIsRecognizedInItsDirectionOnly() {
        #expect(swipe(.right, from: CGPoint(x: 50, y: 150), to: CGPoint(x: 150, y: 160), in: 0.2) == 1)
        #expect(swipe([.left, .up], from: CGPoint(x: 150, y: 150), to: CGPoint(x: 80, y: 150), in: 0.2) == 1)
        #expect(swipe(.right, from: CGPoint(x: 150, y: 150), to: CGPoint(x: 50, y: 150), in: 0.2) == 0, "the other way")
        #expect(swipe(.right, from: CGPoint(x: 50, y: 150), to: CGPoint(x: 150, y: 150), in: 2) == 0, "too slow: 50 pt take 1 s")
        #expect(swipe(.right, from: CGPoint(x: 50, y: 50), to: CGPoint(x: 150, y: 200), in: 0.2) == 0, "too far off the line")
    }

    final class Field: UIView {
        override var canBecomeFirstResponder: Bool { true }
    }

    @Test func endEditingResignsTheFirstResponderBelow() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let form = UIView(), field = Field()
        form.addSubview(field)
        window.addSubview(form)
        #expect(field.becomeFirstResponder())
        #expect(form.endEditing(true) && !field.isFirstResponder)
    }

    @Test func anEmptyImageHasNoSizeAndDrawsNothing() {
        let image = UIImage()
        #expect(image.size == .zero)
        #expect(image.drawingCommands(in: CGRect(x: 0, y: 0, width: 10, height: 10), tint: nil).isEmpty)
    }

    @Test func layoutDirectionAndAccessibilityAreAnEnglishPhonesWithoutAssistiveTechnology() {
        let view = UIView()
        #expect(view.effectiveUserInterfaceLayoutDirection == .leftToRight)
        #expect(UIView.userInterfaceLayoutDirection(for: .forceRightToLeft) == .rightToLeft)
        #expect(!UIAccessibility.isVoiceOverRunning && !UIAccessibility.isReduceMotionEnabled)
    }

    @Test func anEdgePanBeginsOnlyAtItsEdge() {
        func pan(from x: CGFloat) -> Bool {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
            window.makeKeyAndVisible()
            var began = false
            let edge = UIScreenEdgePanGestureRecognizer { recognizer in if recognizer.state == .began { began = true } }
            edge.edges = .left
            window.addGestureRecognizer(edge)
            window.send(Touch(.began, at: CGPoint(x: x, y: 150), time: 1))
            for step in 1...5 { window.send(Touch(.moved, at: CGPoint(x: x + 20 * CGFloat(step), y: 150), time: 1 + 0.02 * Double(step))) }
            window.send(Touch(.ended, at: CGPoint(x: x + 100, y: 150), time: 1.2))
            return began
        }
        #expect(pan(from: 5) && !pan(from: 100))
    }

    @Test func aMutablePathIsBuiltWithCoreGraphicsCalls() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 10, y: 10))
        path.addLine(to: CGPoint(x: 50, y: 10))
        path.addArc(center: CGPoint(x: 50, y: 30), radius: 20, startAngle: -.pi / 2, endAngle: .pi / 2, clockwise: false)
        path.closeSubpath()
        // Core Graphics' sense of clockwise: the arc bulges right (x up to 70, and the bounding box,
        // which holds the control points as Core Graphics' does, further), not left.
        #expect(path.boundingBox.maxX > 69 && path.boundingBox.minX == 10 && abs(path.boundingBox.maxY - 50) < 0.5)
        let copy = path.copy()
        path.addRect(CGRect(x: 0, y: 0, width: 100, height: 100))
        #expect(copy?.boundingBox.minX == 10 && path.boundingBox.minX == 0, "a copy does not change with the original")
    }

    @Test func twoFingerGesturesAreDeclaredAndSaySoWhenMade() {
        _ = UIPinchGestureRecognizer()
        #expect(UIKitCompatibility.reported.contains("UIPinchGestureRecognizer"))
    }

    @Test func colourLiteralsAreColours() {
        let palette: [UIColor] = [#colorLiteral(red: 1, green: 0.6039215686, blue: 0.6196078431, alpha: 1)]
        let untyped = #colorLiteral(red: 0, green: 0, blue: 1, alpha: 0.5)
        #expect(palette[0].cgColor.rasterColor == Color(red: 255, green: 154, blue: 158))
        #expect(untyped.cgColor.alpha == 0.5 && untyped.cgColor.blue == 1)
    }
}
