import Foundation
import Testing
@testable import Raster

/// Numeric checks of the rasterizer: coverage is the exact covered area of each pixel.
@Suite struct CoverageTests {
    /// Alpha of every pixel after filling `path` in opaque white on a transparent canvas, as 0…1.
    private func coverage(of path: Path, width: Int = 16, height: Int = 16, transform: Transform = .identity,
                          rule: FillRule = .nonZero) -> [[Double]] {
        let canvas = Canvas(pixelWidth: width, pixelHeight: height)
        canvas.fill(path, with: .solid(.white), transform: transform, rule: rule)
        return (0..<height).map { y in (0..<width).map { x in Double(canvas.premultipliedPixel(x: x, y: y) >> 24) / 255 } }
    }

    private func total(_ coverage: [[Double]]) -> Double { coverage.joined().reduce(0, +) }

    @Test func rectangleFromQuarterToThreeQuartersCoversHalfOfEachPixel() {
        let cov = coverage(of: Path(rect: CGRect(x: 0.25, y: 0, width: 0.5, height: 4)), width: 4, height: 6)
        for y in 0..<4 {
            #expect(abs(cov[y][0] - 0.5) <= 1.0 / 255, "row \(y)")
            #expect(cov[y][1] == 0 && cov[y][2] == 0)
        }
        #expect(cov[4][0] == 0)
    }

    @Test(arguments: [(0.25, 0.75, 0.1, 0.6), (1.3, 4.9, 2.2, 2.7), (0, 3, 0, 3), (5.5, 7.25, 1.125, 6.875)])
    func axisAlignedRectangleCoversEachPixelByItsArea(_ x0: Double, _ x1: Double, _ y0: Double, _ y1: Double) {
        let cov = coverage(of: Path(rect: CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)), width: 10, height: 10)
        for y in 0..<10 {
            for x in 0..<10 {
                let overlapX = max(0, min(x1, Double(x + 1)) - max(x0, Double(x)))
                let overlapY = max(0, min(y1, Double(y + 1)) - max(y0, Double(y)))
                #expect(abs(cov[y][x] - overlapX * overlapY) <= 1.0 / 255, "pixel (\(x), \(y))")
            }
        }
    }

    // From r = 7.5 up: 8-bit coverage rounds each edge pixel by up to 0.5/255, about 0.1 % of the
    // area of a 3 px circle by itself, so smaller circles measure the quantizer, not the geometry.
    @Test(arguments: [7.5, 20.25, 61.0])
    func circleCoverageSumsToPiRSquared(_ radius: Double) {
        let size = Int(2 * radius + 4)
        let circle = Path(ellipseIn: CGRect(x: 2.3, y: 1.7, width: 2 * radius, height: 2 * radius))
        let area = total(coverage(of: circle, width: size, height: size))
        let expected = Double.pi * radius * radius
        #expect(abs(area - expected) / expected < 0.001, "area \(area), πr² \(expected)")
    }

    @Test func rotatedSquareKeepsItsArea() {
        let square = Path(rect: CGRect(x: -6, y: -6, width: 12, height: 12))
        for degrees in stride(from: 0.0, through: 90, by: 7.5) {
            let transform = Transform(rotationAngle: degrees * .pi / 180).concatenating(Transform(translationX: 12.4, y: 11.7))
            let area = total(coverage(of: square, width: 25, height: 25, transform: transform))
            #expect(abs(area - 144) < 0.25, "at \(degrees)°: \(area)")
        }
    }

    @Test func rotatedSquareCoversPixelsByExactArea() {
        // A 45° square (a diamond) with vertices on pixel corners: every pixel it cuts is cut along
        // its diagonal, so it is exactly half covered.
        let diamond = Path(polygon: [CGPoint(x: 4, y: 0), CGPoint(x: 8, y: 4), CGPoint(x: 4, y: 8), CGPoint(x: 0, y: 4)])
        let cov = coverage(of: diamond, width: 8, height: 8)
        for y in 0..<8 {
            for x in 0..<8 {
                let cx = Double(x) + 0.5, cy = Double(y) + 0.5
                let distance = abs(cx - 4) + abs(cy - 4)      // L1 distance of the centre from the middle
                let expected = distance < 3.5 ? 1.0 : distance < 4.5 ? 0.5 : 0.0
                #expect(abs(cov[y][x] - expected) <= 1.0 / 255, "pixel (\(x), \(y))")
            }
        }
    }

    @Test func shapesSharingAnEdgeLeaveNoSeamAndNoDoubleCoverage() {
        // Two triangles splitting a square along a slanted diagonal, drawn one after the other in
        // opaque white: every pixel of the square must come out with full alpha... and, for
        // partial coverage, the two coverages must sum to one, checked with a transparent colour.
        let a = Path(polygon: [CGPoint(x: 1, y: 1), CGPoint(x: 11.3, y: 1), CGPoint(x: 1, y: 9.7)])
        let b = Path(polygon: [CGPoint(x: 11.3, y: 1), CGPoint(x: 11.3, y: 9.7), CGPoint(x: 1, y: 9.7)])
        let covA = coverage(of: a, width: 13, height: 11)
        let covB = coverage(of: b, width: 13, height: 11)
        let covSquare = coverage(of: Path(rect: CGRect(x: 1, y: 1, width: 10.3, height: 8.7)), width: 13, height: 11)
        for y in 0..<11 {
            for x in 0..<13 {
                #expect(abs(covA[y][x] + covB[y][x] - covSquare[y][x]) <= 1.5 / 255, "pixel (\(x), \(y))")
            }
        }
    }

    @Test func evenOddLeavesTheHoleEmptyAndNonZeroFillsIt() {
        var ring = Path(rect: CGRect(x: 1, y: 1, width: 10, height: 10))
        ring.append(Path(rect: CGRect(x: 3, y: 3, width: 6, height: 6)))   // same direction
        let evenOdd = coverage(of: ring, width: 12, height: 12, rule: .evenOdd)
        let nonZero = coverage(of: ring, width: 12, height: 12, rule: .nonZero)
        #expect(evenOdd[5][5] == 0 && nonZero[5][5] == 1)
        #expect(evenOdd[2][2] == 1 && nonZero[2][2] == 1)
        #expect(abs(total(evenOdd) - 64) < 0.01)
        #expect(abs(total(nonZero) - 100) < 0.01)
    }

    @Test func shapesOutsideTheCanvasAreClippedWithoutLosingWinding() {
        // A rectangle starting left of the canvas still covers the columns inside it.
        let cov = coverage(of: Path(rect: CGRect(x: -5, y: 1, width: 7.5, height: 2)), width: 6, height: 4)
        #expect(cov[1][0] == 1 && cov[1][1] == 1)
        #expect(abs(cov[1][2] - 0.5) <= 1.0 / 255)
        #expect(cov[1][3] == 0)
        #expect(cov[0][0] == 0 && cov[3][0] == 0)
    }

    @Test func clipRectangleLimitsDrawing() {
        let canvas = Canvas(pixelWidth: 8, pixelHeight: 8)
        canvas.withClip(to: CGRect(x: 2, y: 2, width: 3, height: 3)) {
            canvas.fill(CGRect(x: 0, y: 0, width: 8, height: 8), with: .white)
        }
        var inside = 0
        for y in 0..<8 {
            for x in 0..<8 where canvas.premultipliedPixel(x: x, y: y) != 0 { inside += 1 }
        }
        #expect(inside == 9)
        #expect(canvas.pixel(x: 2, y: 2) == .white && canvas.pixel(x: 5, y: 5) == .clear)
    }

    @Test(arguments: [1.0, 3.0, 8.0])
    func shadowBlurKeepsTheShapesArea(_ radius: Double) {
        // Blurring spreads coverage but keeps its sum: an opaque black shadow of a 20×20 square
        // has 400 pixels' worth of alpha, whether blurred at full or (radius 8: σ = 4) half size.
        let canvas = Canvas(pixelWidth: 80, pixelHeight: 80)
        canvas.drawShadow(of: Path(rect: CGRect(x: 30, y: 30, width: 20, height: 20)), shadow: Shadow(offset: .zero, radius: radius, color: .black))
        let sum = canvas.pixels.reduce(0.0) { $0 + Double($1 >> 24) / 255 }
        #expect(abs(sum - 400) / 400 < 0.01, "radius \(radius): \(sum)")
        // Centred on the square: symmetric about its middle.
        #expect(canvas.premultipliedPixel(x: 30, y: 40) == canvas.premultipliedPixel(x: 49, y: 40))
        #expect(canvas.premultipliedPixel(x: 40, y: 25) == canvas.premultipliedPixel(x: 40, y: 54))
    }

    @Test func scaleMapsPointsToPixels() {
        let canvas = Canvas(pointWidth: 4, pointHeight: 4, scale: 3)
        #expect(canvas.width == 12 && canvas.height == 12)
        canvas.fill(CGRect(x: 1, y: 1, width: 1, height: 1), with: .white)
        #expect(canvas.pixel(x: 3, y: 3) == .white && canvas.pixel(x: 5, y: 5) == .white)
        #expect(canvas.pixel(x: 2, y: 3) == .clear && canvas.pixel(x: 6, y: 3) == .clear)
    }

    @Test func borderStrokeCoversTheBandInsideTheRectangle() {
        let canvas = Canvas(pixelWidth: 12, pixelHeight: 12)
        canvas.strokeBorder(of: CGRect(x: 1, y: 1, width: 10, height: 10), radii: CornerRadii(0), width: 2, color: .white)
        let cov = (0..<12).map { y in (0..<12).map { x in canvas.premultipliedPixel(x: x, y: y) >> 24 } }
        #expect(cov[1][1] == 255 && cov[2][5] == 255 && cov[5][10] == 255)
        #expect(cov[3][3] == 0 && cov[0][5] == 0 && cov[5][11] == 0)
        #expect(cov.joined().reduce(0) { $0 + Int($1) } == 255 * (100 - 36))
    }

    @Test func centredStrokeOfAClosedSquareIsABandOfItsWidth() {
        let canvas = Canvas(pixelWidth: 14, pixelHeight: 14)
        canvas.stroke(Path(rect: CGRect(x: 3, y: 3, width: 8, height: 8)), width: 2, with: .solid(.white))
        let alphas = (0..<14).flatMap { y in (0..<14).map { x in Int(canvas.premultipliedPixel(x: x, y: y) >> 24) } }
        // Miter joins: the band from 2 to 12 minus the hole from 4 to 10.
        #expect(alphas.reduce(0, +) == 255 * (100 - 36))
    }

    @Test func openPolylineStrokeWithButtCapsCoversLengthTimesWidth() {
        var line = Path()
        line.move(to: CGPoint(x: 2, y: 5))
        line.addLine(to: CGPoint(x: 12, y: 5))
        let canvas = Canvas(pixelWidth: 14, pixelHeight: 10)
        canvas.stroke(line, width: 3, with: .solid(.white))
        let area = (0..<10).flatMap { y in (0..<14).map { x in Double(canvas.premultipliedPixel(x: x, y: y) >> 24) / 255 } }.reduce(0, +)
        // 20 half-covered pixels along the two long edges each round 127.5 up to 128.
        #expect(abs(area - 30) <= 20 * 0.5 / 255 + 1e-9)
    }

    @Test func overlappingContoursOfOneStrokeAreCoveredOnce() {
        // A polyline that doubles back on itself: the overlap must not be darker than the rest.
        var zigzag = Path()
        zigzag.move(to: CGPoint(x: 2, y: 4))
        zigzag.addLine(to: CGPoint(x: 14, y: 4))
        zigzag.addLine(to: CGPoint(x: 6, y: 4.5))
        let canvas = Canvas(pixelWidth: 16, pixelHeight: 8, background: .white)
        canvas.stroke(zigzag, width: 2, with: .solid(Color(rgb: 0x000000, alpha: 128)))
        #expect(canvas.pixel(x: 8, y: 3) == canvas.pixel(x: 3, y: 3))
    }
}

/// The straight-middle shortcut for axis-aligned rounded rectangles and borders must give exactly
/// the pixels of the general fill.
@Suite struct StraightMiddleTests {
    static let cases: [(CGRect, CornerRadii, Double)] = [
        (CGRect(x: 3.3, y: 2.7, width: 30.2, height: 41.9), CornerRadii(6), 1),
        (CGRect(x: 1, y: 1, width: 20, height: 20), CornerRadii(topLeft: 0, topRight: 9, bottomRight: 2.5, bottomLeft: 12), 2),
        (CGRect(x: 4.1, y: 5.6, width: 12, height: 3), CornerRadii(8), 3),          // radii larger than the rect
        (CGRect(x: 0.5, y: 0.25, width: 15, height: 15), CornerRadii(0), 3),        // no rounding
    ]

    private func pixels(_ canvas: Canvas) -> [UInt32] { Array(canvas.pixels) }

    @Test(arguments: cases)
    func roundedRectShortcutEqualsGeneralFill(_ rect: CGRect, _ radii: CornerRadii, _ scale: Double) {
        let paints: [Paint] = [
            .solid(Color(rgb: 0xC03050)), .solid(Color(rgb: 0x2080F0, alpha: 100)),
            .linearGradient(LinearGradient(start: .zero, end: CGPoint(x: 30, y: 50), from: .red, to: .blue)),
        ]
        for paint in paints {
            for transform in [Transform.identity, Transform(translationX: 0.37, y: 4.6), Transform(scaleX: 1.2, y: -0.8).translatedBy(x: 0, y: -60)] {
                let fast = Canvas(pointWidth: 50, pointHeight: 60, scale: scale, background: .white)
                let general = Canvas(pointWidth: 50, pointHeight: 60, scale: scale, background: .white)
                fast.withClip(to: CGRect(x: 2, y: 6, width: 40, height: 30)) {
                    fast.fillRoundedRect(rect, radii: radii, with: paint, transform: transform)
                }
                general.withClip(to: CGRect(x: 2, y: 6, width: 40, height: 30)) {
                    general.fill(Path(roundedRect: rect, radii: radii), with: paint, transform: transform)
                }
                #expect(pixels(fast) == pixels(general), "\(paint) \(transform)")
            }
        }
    }

    @Test(arguments: cases)
    func borderShortcutEqualsEvenOddRing(_ rect: CGRect, _ radii: CornerRadii, _ scale: Double) {
        for width in [0.5, 2.0, 5.0] {
            let fast = Canvas(pointWidth: 50, pointHeight: 60, scale: scale, background: .white)
            fast.strokeBorder(of: rect, radii: radii, width: width, color: .gray)
            let general = Canvas(pointWidth: 50, pointHeight: 60, scale: scale, background: .white)
            var ring = Path(roundedRect: rect, radii: radii)
            let inner = rect.insetBy(dx: width, dy: width)
            if inner.width > 0 && inner.height > 0 { ring.append(Path(roundedRect: inner, radii: radii.inset(by: width))) }
            general.fill(ring, with: .solid(.gray), rule: .evenOdd)
            #expect(pixels(fast) == pixels(general), "width \(width)")
        }
    }
}
