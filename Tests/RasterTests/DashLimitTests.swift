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
}
