import Vocabulary
import Foundation
import DisplayList
import Raster
@testable import Views

/// What the control suites share: a shown window in light or dark appearance, drawing it at a
/// moment, a tap, a view's frame as drawn, and colours compared within a tolerance.
@MainActor protocol ControlSuite {
    /// The size `window()` makes when none is given.
    static var windowSize: CGSize { get }
}

extension ControlSuite {
    static var windowSize: CGSize { CGSize(width: 340, height: 120) }

    /// A shown window on a background of its appearance (white or black).
    func window(_ style: UIUserInterfaceStyle = .light, width: CGFloat? = nil, height: CGFloat? = nil) -> UIWindow {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: width ?? Self.windowSize.width, height: height ?? Self.windowSize.height))
        window.overrideUserInterfaceStyle = style
        window.backgroundColor = style == .dark ? .black : .white
        window.makeKeyAndVisible()
        return window
    }

    /// The window as drawn at `time`, at scale 2, on white.
    func draw(_ window: UIWindow, at time: TimeInterval) -> Canvas {
        window.advance(to: time)
        let canvas = Canvas(pointWidth: Double(window.bounds.width), pointHeight: Double(window.bounds.height), scale: 2,
                            background: .white)
        ViewRenderer.draw(window.snapshot(at: time), into: canvas)
        return canvas
    }

    /// A finger down at `point` at `time`, lifted 0.05 s later.
    func tap(_ window: UIWindow, at point: CGPoint, time: TimeInterval) {
        window.send(Touch(.began, at: point, time: time))
        window.send(Touch(.ended, at: point, time: time + 0.05))
    }

    /// The view's frame as drawn at `time` (its presentation, not its model).
    func shownFrame(of view: UIView, at time: TimeInterval) -> CGRect {
        let shown = view.presentation(at: time)
        return CGRect(x: shown.center.x - shown.bounds.width / 2, y: shown.center.y - shown.bounds.height / 2,
                      width: shown.bounds.width, height: shown.bounds.height)
    }

    /// Whether every channel of `a` is within `tolerance` of `b`'s.
    func near(_ a: Color, _ b: Color, _ tolerance: Int = 3) -> Bool {
        [(a.red, b.red), (a.green, b.green), (a.blue, b.blue), (a.alpha, b.alpha)].allSatisfy { abs(Int($0) - Int($1)) <= tolerance }
    }
}
