import Springframes

/// Draws `window` at 1 px per point over white, as a frame would show it, and reads one pixel.
@MainActor func pixel(of window: UIWindow, at point: CGPoint) -> Color {
    let canvas = Canvas(pointWidth: Double(window.bounds.width), pointHeight: Double(window.bounds.height), scale: 1, background: .white)
    ViewRenderer.draw(window.snapshot(), into: canvas)
    return canvas.pixel(x: Int(point.x), y: Int(point.y))
}
