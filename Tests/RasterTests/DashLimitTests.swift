import Foundation
import Raster
import Testing

/// Dashing costs at most a fixed number of dashes: a pattern of tiny dashes along a long path
/// once made work and memory without bound.
@Suite struct DashLimitTests {
    private func line(length: Double) -> Path {
        var path = Path()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addLine(to: CGPoint(x: length, y: 0))
        return path
    }

    @Test func tinyDashesAlongALongPathStopAtTheLimit() {
        let dashed = line(length: 1e6).dashed(pattern: [1e-3, 1e-3], maximumDashes: 1_000)
        #expect(!dashed.complete)
        // The dashes made are the first ones of the pattern, 2e-3 pt apart.
        #expect(abs(dashed.path.length() - 1_000 * 1e-3) < 1e-6)
    }

    @Test func zeroLengthDashesCountTheirStepsToo() {
        let dashed = line(length: 1e6).dashed(pattern: [0, 1e-4], maximumDashes: 1_000)
        #expect(!dashed.complete)
    }

    @Test func aPatternUnderTheLimitIsWholeAndAsBefore() {
        let path = line(length: 100)
        let dashed = path.dashed(pattern: [10, 10], phase: 5, maximumDashes: 6)
        #expect(dashed.complete)
        #expect(dashed.path == path.dashed(pattern: [10, 10], phase: 5))
        #expect(abs(dashed.path.length() - 50) < 1e-9)
    }

    /// A path 120,000 pt long, almost all of it left of the canvas, with dashes of half a point:
    /// 120,000 dashes, more than `Path.defaultMaximumDashes`. Capped along the path, the dashes
    /// stopped before the canvas and nothing showed; dashed against the clip, the canvas shows
    /// exactly what the uncapped pattern gives there.
    @Test func aLongDashedPathMostlyOffCanvasDrawsItsVisiblePartAsAnUncappedStrokeWould() {
        var path = Path()
        path.move(to: CGPoint(x: -120_000, y: 20))
        path.addLine(to: CGPoint(x: 40, y: 20))
        path.addLine(to: CGPoint(x: 40, y: 100))
        let pattern = [0.75, 0.25]
        let style = StrokeStyle(join: .miter, cap: .square, dashes: pattern, dashPhase: 0.25)
        let expected = Canvas(pixelWidth: 128, pixelHeight: 128, scale: 2, background: .white)
        let uncapped = path.dashed(pattern: pattern, phase: 0.25, maximumDashes: .max)
        #expect(uncapped.complete)
        expected.stroke(uncapped.path, width: 1.5, with: .solid(.blue), style: StrokeStyle(join: .miter, cap: .square))
        let capped = path.dashed(pattern: pattern, phase: 0.25, maximumDashes: Path.defaultMaximumDashes)
        let cappedIsComplete = capped.complete
        #expect(!cappedIsComplete, "capped along the whole path, the pattern stops off-canvas")

        let actual = Canvas(pixelWidth: 128, pixelHeight: 128, scale: 2, background: .white)
        let complete = actual.stroke(path, width: 1.5, with: .solid(.blue), style: style)
        #expect(complete, "only the dashes near the canvas count")
        #expect(Array(actual.pixels) == Array(expected.pixels))
        #expect(actual.pixel(x: 79, y: 41) != .white, "the visible dashes are drawn")
    }

    /// Only the stretches of a contour inside the rectangle are dashed, clipped within segments.
    @Test func dashingWithinARectangleMakesOnlyTheDashesThatReachIt() {
        let dashed = line(length: 1e6).dashed(pattern: [1e-3, 1e-3], maximumDashes: 1_000,
                                              within: CGRect(x: 500_000, y: -1, width: 0.5, height: 2))
        #expect(dashed.complete)
        // 251 dashes of 1e-3 pt: those across the rectangle's half-point width, and the one that
        // starts on its right edge (its cap could show).
        #expect(abs(dashed.path.length() - 0.251) < 1e-6)
        let nothing = line(length: 1e6).dashed(pattern: [1, 1], maximumDashes: 10, within: CGRect(x: 0, y: 50, width: 10, height: 10))
        #expect(nothing.complete && nothing.path.length() == 0)
    }

    /// More visible dashes than the cap still stop there, and the stroke says so.
    @Test func moreVisibleDashesThanTheCapStopAndTheStrokeSaysSo() {
        let canvas = Canvas(pixelWidth: 400, pixelHeight: 20, background: .white)
        var path = Path()
        path.move(to: CGPoint(x: 0, y: 10))
        path.addLine(to: CGPoint(x: 400, y: 10))
        #expect(!canvas.stroke(path, width: 1, with: .solid(.blue), style: StrokeStyle(dashes: [1e-3, 1e-3])))
        #expect(canvas.stroke(path, width: 1, with: .solid(.blue), style: StrokeStyle(dashes: [4, 4])))
    }
}
