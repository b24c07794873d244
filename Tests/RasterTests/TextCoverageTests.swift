import Foundation
import Testing
import TestSupport
@testable import Raster

/// Text drawn through the coverage cache gives the pixels of filling its outline directly, at any
/// sub-pixel position and scale, cached or not, clipped or not.
@Suite struct TextCoverageTests {
    /// Draws `text` both ways on canvases of the same size; returns the pixels that differ and the
    /// pixels the direct drawing inked.
    static func drawnBothWays(_ text: String, origin: CGPoint, size: Double, scale: Double,
                              clip: CGRect? = nil, transform: Transform = .identity) throws -> (Int, Int) {
        let font = try Font.named()
        let direct = Canvas(pointWidth: 200, pointHeight: 60, scale: scale, background: .white)
        let cached = Canvas(pointWidth: 200, pointHeight: 60, scale: scale, background: .white)
        let color = Color(red: 25, green: 51, blue: 180, alpha: 230)
        let placement = font.placement(size: size, origin: origin).concatenating(transform)
        func draw(_ canvas: Canvas, _ body: () -> Void) {
            if let clip { canvas.withClip(to: clip, body) } else { body() }
        }
        draw(direct) { direct.fill(font.layout(text, size: size).path, with: .solid(color), transform: placement) }
        draw(cached) { cached.drawText(text, baselineAt: origin, font: font, size: size, color: color, transform: transform) }
        return (differingPixels(direct, cached), pixels(of: direct, otherThan: .white))
    }

    @Test(arguments: [(10.0, 30.0), (10.25, 30.5), (10.6180339, 29.1415926), (0.001, 40.999)])
    func textMatchesItsOutlineFilled_AtAnySubPixelPosition(x: Double, y: Double) throws {
        for scale in [1.0, 2.0, 3.0] {
            for size in [11.0, 17.0, 24.5] {
                // Twice: once made, once from the cache.
                for _ in 0..<2 {
                    let (differing, inked) = try Self.drawnBothWays("Item 42 · Ågé", origin: CGPoint(x: x, y: y),
                                                                     size: size, scale: scale)
                    #expect(inked > 50)
                    #expect(try Font.named().coverages.count > 0, "drawn through the cache")
                    #expect(differing == 0, "\(differing) pixels differ at scale \(scale), size \(size)")
                }
            }
        }
    }

    @Test func clippedAndScaledText_MatchesItsOutlineFilled() throws {
        let (differing, inked) = try Self.drawnBothWays("Clipped", origin: CGPoint(x: 20, y: 40), size: 30, scale: 2,
                                                          clip: CGRect(x: 35, y: 18, width: 60, height: 15))
        #expect(inked > 20 && differing == 0, "\(differing) of \(inked)")
        let (zoomed, zoomedInked) = try Self.drawnBothWays("Zoomed", origin: CGPoint(x: 5, y: 30), size: 14, scale: 3,
                                                             transform: Transform(a: 1.3, b: 0, c: 0, d: 1.3, tx: 2.5, ty: -3))
        #expect(zoomedInked > 20 && zoomed == 0, "\(zoomed) of \(zoomedInked)")
    }

    /// Rotated text is not axis-aligned and takes the outline path; it must still draw.
    @Test func rotatedText_IsDrawn() throws {
        let (differing, inked) = try Self.drawnBothWays("Turned", origin: CGPoint(x: 60, y: 30), size: 20, scale: 2,
                                                          transform: Transform(a: 0.8, b: 0.6, c: -0.6, d: 0.8, tx: 0, ty: 0))
        #expect(inked > 20 && differing == 0)
    }
}
