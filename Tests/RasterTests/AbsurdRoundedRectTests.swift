import Foundation
import Raster
import Testing

/// Rounded rectangles of absurd size or radius (1e300, infinite, NaN) draw without trapping: the
/// flattener's segment count, the accumulator's pixel indices and the straight-middle rows of an
/// axis-aligned rounded rect once converted such values to `Int` and stopped the program.
@Suite struct AbsurdRoundedRectTests {
    static let absurd: [Double] = [1e300, -1e300, .infinity, -.infinity, .nan, .greatestFiniteMagnitude, 1e18]

    @Test(arguments: absurd)
    func absurdRadiusOrSizeDrawsWithoutTrapping(value: Double) {
        let canvas = Canvas(pixelWidth: 32, pixelHeight: 32, scale: 2, background: .white)
        let rects = [CGRect(x: 2, y: 2, width: 10, height: 10), CGRect(x: 0, y: 0, width: value, height: 10),
                     CGRect(x: value, y: 0, width: 10, height: 10), CGRect(x: 0, y: 0, width: value, height: value)]
        for rect in rects {
            for radius in [3, value] {
                let path = Path(roundedRect: rect, cornerRadius: radius)
                canvas.fill(path, with: .solid(.red))
                canvas.fillRoundedRect(rect, radii: CornerRadii(radius), with: .solid(.red))
                canvas.strokeBorder(of: rect, radii: CornerRadii(radius), width: 2, color: .red)
                canvas.strokeBorder(of: rect, radii: CornerRadii(radius), width: value, color: .red)
                canvas.stroke(path, width: 2, with: .solid(.red))
                canvas.stroke(path, width: value, with: .solid(.red))
                canvas.drawShadow(of: path, shadow: Shadow(offset: .zero, radius: 2, color: .red))
                canvas.withClip(to: rect) { canvas.fill(path, with: .solid(.red)) }
                canvas.mask(to: path)
            }
        }
    }

    @Test func anInfiniteRadiusRoundsLikeTheLargestFiniteOne() {
        let rect = CGRect(x: 0, y: 0, width: 32, height: 16)
        let infinite = Canvas(pixelWidth: 32, pixelHeight: 16, background: .white)
        infinite.fillRoundedRect(rect, radii: CornerRadii(.infinity), with: .solid(.red))
        let large = Canvas(pixelWidth: 32, pixelHeight: 16, background: .white)
        large.fillRoundedRect(rect, radii: CornerRadii(1e300), with: .solid(.red))
        #expect(Array(infinite.pixels) == Array(large.pixels))
        #expect(infinite.pixel(x: 0, y: 0) == .white, "the corner is rounded away")
        #expect(infinite.pixel(x: 16, y: 8) == .red)
    }

    @Test func aHugeRectangleCoversTheCanvasAndAnInfiniteOneDrawsNothing() {
        let canvas = Canvas(pixelWidth: 16, pixelHeight: 16, background: .white)
        canvas.fill(Path(roundedRect: CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 10), cornerRadius: 4), with: .solid(.blue))
        #expect(Array(canvas.pixels).allSatisfy { $0 == Color.white.premultiplied })
        canvas.fill(Path(roundedRect: CGRect(x: -1e300, y: -1e300, width: 2e300, height: 2e300), cornerRadius: 1e300), with: .solid(.red))
        #expect(Array(canvas.pixels).allSatisfy { $0 == Color.red.premultiplied })
    }
}
