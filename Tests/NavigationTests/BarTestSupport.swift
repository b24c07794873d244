import Vocabulary
import Foundation
import DisplayList
import Raster
@testable import Views

/// A shown window of `size` in an appearance, with `root` as its root view controller.
@MainActor func makeWindow(_ root: UIViewController, size: CGSize, style: UIUserInterfaceStyle) -> UIWindow {
    let window = UIWindow(frame: CGRect(origin: .zero, size: size))
    window.overrideUserInterfaceStyle = style
    window.rootViewController = root
    window.makeKeyAndVisible()
    return window
}

/// The window as drawn at `time`, at scale 2.
@MainActor func draw(_ window: UIWindow, at time: TimeInterval) -> Canvas {
    window.advance(to: time)
    let canvas = Canvas(pointWidth: Double(window.bounds.width), pointHeight: Double(window.bounds.height), scale: 2, background: .white)
    ViewRenderer.draw(window.snapshot(at: time), into: canvas)
    return canvas
}

/// A finger down at `point` at `time`, lifted 0.05 s later.
@MainActor func tap(_ window: UIWindow, at point: CGPoint, time: TimeInterval) {
    window.send(Touch(.began, at: point, time: time))
    window.send(Touch(.ended, at: point, time: time + 0.05))
}

/// WCAG 2 relative luminance of an sRGB colour.
func relativeLuminance(_ colour: Color) -> Double {
    func linear(_ channel: UInt8) -> Double {
        let c = Double(channel) / 255
        return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }
    return 0.2126 * linear(colour.red) + 0.7152 * linear(colour.green) + 0.0722 * linear(colour.blue)
}

/// WCAG 2 contrast ratio of two colours (1…21).
func contrastRatio(_ a: Color, _ b: Color) -> Double {
    let (la, lb) = (relativeLuminance(a), relativeLuminance(b))
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
}

/// A list of bright, colourful rows in a scroll view, the view controller's view: what scrolls
/// under a bar.
final class BrightListController: UIViewController {
    let rowCount: Int
    init(title: String, rows: Int = 30) {
        rowCount = rows
        super.init(nibName: nil, bundle: nil)
        self.title = title
    }

    required init?(coder: NSCoder) {
        rowCount = 30
        super.init(coder: coder)
    }

    override func loadView() {
        let scroll = UIScrollView(frame: UIScreen.main.bounds)
        scroll.backgroundColor = .white
        let colours: [UInt32] = [0xFFFFFF, 0xFFE066, 0xA0E7E5, 0xFFFFFF, 0xFFAEBC]
        for row in 0..<rowCount {
            let band = UIView(frame: CGRect(x: 0, y: CGFloat(row) * 40, width: 400, height: 40))
            band.backgroundColor = UIColor(rgb: colours[row % colours.count])
            let text = UILabel(frame: CGRect(x: 16, y: 8, width: 300, height: 24))
            text.text = "Row \(row)"
            text.textColor = .black
            band.addSubview(text)
            scroll.addSubview(band)
        }
        scroll.contentSize = CGSize(width: 400, height: CGFloat(rowCount) * 40)
        view = scroll
    }
}
