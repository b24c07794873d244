import Vocabulary
import Foundation
import DisplayList
import Raster
import TestSupport
import Testing
@testable import Views

/// Images drawn from code, tinted, stretched and stood in for, as ported code makes them.
@MainActor @Suite struct ImageRenderingTests {
    private let red = Color(rgb: 0xFF3B30), blue = Color(rgb: 0x007AFF), green = Color(rgb: 0x34C759)

    @Test func rendererDrawsPathsAndCoreGraphicsCalls() {
        let renderer = UIGraphicsImageRenderer(size: CGSize(width: 40, height: 20))
        #expect(renderer.format.scale == 3)
        let image = renderer.image { context in
            UIColor.systemRed.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
            let cg = context.cgContext
            cg.saveGState()
            cg.translateBy(x: 20, y: 0)
            cg.setFillColor(UIColor.systemBlue.cgColor)
            cg.fillEllipse(in: CGRect(x: 0, y: 0, width: 20, height: 20))
            cg.restoreGState()
            cg.setFillColor(UIColor.systemGreen.cgColor)
            cg.rotate(by: .pi / 2)          // x → y: a square at x 0…4 lands at y 0…4, x −4…0 (clipped away)
            cg.fill(CGRect(x: 0, y: -2, width: 4, height: 4))
        }
        #expect(image.size == CGSize(width: 40, height: 20) && image.scale == 3)
        #expect(image.bitmap.pixel(x: 30, y: 30) == red && image.bitmap.pixel(x: 90, y: 30) == blue)
        #expect(image.bitmap.pixel(x: 63, y: 3) == .clear)              // outside the circle, near its corner
        #expect(image.bitmap.pixel(x: 1, y: 6) == green)                // the rotated square, at (0…2, 0…4)
        let png = renderer.pngData { _ in UIColor.systemBlue.setFill(); UIRectFill(CGRect(x: 0, y: 0, width: 40, height: 20)) }
        #expect(UIImage(data: png, scale: 3)?.bitmap.pixel(x: 60, y: 30) == blue)
    }

    @Test func imageContextsAndDrawHierarchyCaptureAView() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 30, height: 30))
        view.backgroundColor = .systemGreen
        let dot = UIView(frame: CGRect(x: 10, y: 10, width: 10, height: 10))
        dot.backgroundColor = .systemRed
        view.addSubview(dot)
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 60, height: 30), false, 2)
        #expect(view.drawHierarchy(in: CGRect(x: 30, y: 0, width: 30, height: 30), afterScreenUpdates: true))
        view.layer.render(in: UIGraphicsGetCurrentContext()!)
        let image = UIGraphicsGetImageFromCurrentImageContext()
        UIGraphicsEndImageContext()
        #expect(UIGraphicsGetCurrentContext() == nil && !view.drawHierarchy(in: .zero, afterScreenUpdates: false))
        let pixels = try! #require(image).bitmap
        #expect(pixels.width == 120 && pixels.pixel(x: 2 * 32, y: 2 * 2) == green && pixels.pixel(x: 2 * 45, y: 2 * 15) == red)
        #expect(pixels.pixel(x: 2 * 2, y: 2 * 2) == green && pixels.pixel(x: 2 * 15, y: 2 * 15) == red)
    }

    @Test func templatesTakeTheTintAndResizableImagesKeepTheirCaps() {
        // A 10 × 10 pt image: black, with a 2 pt red border, at scale 1.
        let source = Canvas(pixelWidth: 10, pixelHeight: 10, scale: 1, background: red)
        source.fill(CGRect(x: 2, y: 2, width: 6, height: 6), with: .black)
        let framed = UIImage(canvas: source).resizableImage(withCapInsets: UIEdgeInsets(top: 2, left: 2, bottom: 2, right: 2),
                                                           resizingMode: .stretch)
        let view = UIImageView(image: framed)
        view.frame = CGRect(x: 0, y: 0, width: 40, height: 20)
        let canvas = Canvas(pointWidth: 40, pointHeight: 20, scale: 1)
        ViewRenderer.draw(view.snapshot(at: 0), into: canvas)
        // The border stays 2 pt wide around a stretched middle.
        #expect(canvas.pixel(x: 1, y: 10) == red && canvas.pixel(x: 38, y: 10) == red && canvas.pixel(x: 20, y: 1) == red)
        #expect(canvas.pixel(x: 3, y: 10) == .black && canvas.pixel(x: 36, y: 10) == .black && canvas.pixel(x: 20, y: 17) == .black)

        let template = UIImage(canvas: source).withRenderingMode(.alwaysTemplate)
        let tinted = UIImageView(image: template)
        tinted.tintColor = .systemGreen
        let drawn = Canvas(pointWidth: 10, pointHeight: 10, scale: 1)
        ViewRenderer.draw(tinted.snapshot(at: 0), into: drawn)
        #expect(drawn.pixel(x: 5, y: 5) == green && drawn.pixel(x: 0, y: 0) == green)
        #expect(UIImage(canvas: source).withTintColor(.systemBlue).bitmap.pixel(x: 5, y: 5) == blue)
    }

    @Test func unmappedSymbolsAreStandInsAndLiteralsAreNamedImages() {
        let symbol = UIImage(systemName: "not.a.mapped.symbol")
        #expect(symbol?.renderingMode == .alwaysTemplate && symbol?.isSymbolImage == true && symbol?.size == CGSize(width: 20, height: 20))
        // The stand-in: a circle outline with a dot in the middle, a ring between them.
        #expect(symbol?.bitmap.pixel(x: 30, y: 30).alpha == 255 && symbol?.bitmap.pixel(x: 30, y: 12).alpha == 0)
        #expect(UIImage(systemName: "not a symbol") == nil && UIImage(systemName: "") == nil)
        #expect(UIKitCompatibility.reported.contains("UIImage(systemName:)"))
        UIImage.register(UIImage(canvas: Canvas(pixelWidth: 3, pixelHeight: 2, scale: 1, background: red)), named: "literal-test")
        let literal: UIImage = #imageLiteral(resourceName: "literal-test")
        #expect(literal.size == CGSize(width: 3, height: 2) && literal.bitmap.pixel(x: 0, y: 0) == red)
    }
}
