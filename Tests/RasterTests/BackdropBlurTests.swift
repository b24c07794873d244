import Foundation
import Raster
import Testing

/// The backdrop filter of materials: a Gaussian blur of what is drawn, inside a shape, with a
/// change of saturation.
@Suite struct BackdropBlurTests {
    /// A black left half and a white right half, the edge at x = 50.
    private func stepEdge() -> Canvas {
        let canvas = Canvas(pixelWidth: 100, pixelHeight: 40, background: .black)
        canvas.fill(CGRect(x: 50, y: 0, width: 50, height: 40), with: .white)
        return canvas
    }

    /// The standard normal distribution function (Abramowitz and Stegun 7.1.26 for erf, good to
    /// 1.5e-7).
    private func normalCDF(_ x: Double) -> Double {
        let z = abs(x) / 2.0.squareRoot()
        let t = 1 / (1 + 0.3275911 * z)
        let poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))))
        let erf = 1 - poly * exp(-z * z)
        return x >= 0 ? (1 + erf) / 2 : (1 - erf) / 2
    }

    @Test(arguments: [2.0, 4.0, 8.0])
    func aStepEdgeBlursIntoTheGaussianIntegral(sigma: Double) {
        let canvas = stepEdge()
        canvas.filterBackdrop(under: Path(rect: CGRect(x: 0, y: 0, width: 100, height: 40)), filter: BackdropFilter(blurRadius: sigma))
        var previous = -1
        for x in 0..<100 {
            let value = Int(canvas.pixel(x: x, y: 20).red)
            // The blurred step is 255·Φ((x + ½ − 50)/σ); three boxes match it to a few levels.
            let expected = 255 * normalCDF((Double(x) + 0.5 - 50) / sigma)
            #expect(abs(Double(value) - expected) <= 6, "x = \(x): \(value), expected \(expected)")
            // Smooth: never falls, never jumps by more than the Gaussian's steepest step allows.
            #expect(value >= previous && value - max(previous, 0) <= Int(255 / (sigma * 2.5066) + 6))
            previous = value
        }
        // Every row alike: the blur does not fade towards the canvas' top and bottom edges.
        for y in [0, 39] { #expect(canvas.pixel(x: 48, y: y) == canvas.pixel(x: 48, y: 20)) }
    }

    @Test func anEvenColourStaysExactlyThatColourUpToTheCanvasEdges() {
        let colour = Color(rgb: 0x3A7BD5)
        let canvas = Canvas(pixelWidth: 60, pixelHeight: 30, scale: 2, background: colour)
        canvas.filterBackdrop(under: Path(rect: CGRect(x: 0, y: 0, width: 30, height: 15)), filter: BackdropFilter(blurRadius: 6))
        #expect(canvas.pixels.allSatisfy { $0 == colour.premultiplied })
    }

    @Test func onlyPixelsInsideTheRoundedShapeChange() {
        let canvas = stepEdge()
        let before = canvas.copy()
        let shape = CGRect(x: 30, y: 5, width: 40, height: 30)
        canvas.filterBackdrop(under: Path(roundedRect: shape, cornerRadius: 10), filter: BackdropFilter(blurRadius: 4))
        for y in 0..<40 {
            for x in 0..<100 {
                let inside = shape.insetBy(dx: -1, dy: -1).contains(CGPoint(x: Double(x) + 0.5, y: Double(y) + 0.5))
                if !inside { #expect(canvas.premultipliedPixel(x: x, y: y) == before.premultipliedPixel(x: x, y: y)) }
            }
        }
        // The rounded corner keeps the white pixel in its cut-off tip, while the same distance
        // in from a straight edge is blurred.
        #expect(canvas.pixel(x: 69, y: 5) == .white)
        #expect(canvas.pixel(x: 52, y: 20).red < 200 && canvas.pixel(x: 47, y: 20).red > 40)
    }

    @Test func saturationMovesEachChannelAwayFromTheLuma() {
        let canvas = Canvas(pixelWidth: 8, pixelHeight: 8, background: Color(red: 100, green: 150, blue: 200))
        canvas.filterBackdrop(under: Path(rect: CGRect(x: 0, y: 0, width: 8, height: 8)), filter: BackdropFilter(blurRadius: 0, saturation: 2))
        // Luma = 0.2126·100 + 0.7152·150 + 0.0722·200 ≈ 143; each channel twice as far from it,
        // blue clamped: (57, 157, 255).
        #expect(canvas.pixel(x: 4, y: 4) == Color(red: 57, green: 157, blue: 255))
        let grey = Canvas(pixelWidth: 8, pixelHeight: 8, background: Color(rgb: 0x808080))
        grey.filterBackdrop(under: Path(rect: CGRect(x: 0, y: 0, width: 8, height: 8)), filter: BackdropFilter(blurRadius: 0, saturation: 0))
        #expect(grey.pixel(x: 4, y: 4) == Color(rgb: 0x808080))
    }

    @Test func halfOpacityBlendsTheBlurHalfway() {
        let canvas = stepEdge()
        let blurred = stepEdge()
        let all = Path(rect: CGRect(x: 0, y: 0, width: 100, height: 40))
        canvas.filterBackdrop(under: all, filter: BackdropFilter(blurRadius: 4), opacity: 0.5)
        blurred.filterBackdrop(under: all, filter: BackdropFilter(blurRadius: 4))
        // At x = 46 the original is black: half of the blurred value.
        let half = Int(canvas.pixel(x: 46, y: 20).red), full = Int(blurred.pixel(x: 46, y: 20).red)
        #expect(full > 20 && abs(half - full / 2) <= 1)
    }
}
