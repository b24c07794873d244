import Foundation
@testable import Regression
import Recording
import XCTest

/// The spring fitted to the motion after release recovers the spring that made it.
final class SpringFitTests: XCTestCase {
    /// The card's motion from the release on.
    @MainActor private func afterRelease(_ spring: ReleaseFixture.Spring) throws -> SpringFit {
        let card = try ReleasePhaseTests.card(try ReleaseFixture.recorder(spring).trace())
        let kept = card.times.indices.filter { card.times[$0] >= ReleaseFixture.release }
        return try XCTUnwrap(SpringFit(times: kept.map { card.times[$0] }, positions: kept.map { card.positions[$0] }))
    }

    /// UIKit Dynamics: a zero-length attachment of frequency f and damping ζ, for ζ from 0.2 to 1
    /// and two frequencies: the fitted ζ and f are within 2 % of them.
    @MainActor func testTheFitOfAnAttachmentAfterReleaseRecoversItsDampingAndFrequency() async throws {
        var cases = 0
        for frequency in [1.5, 3.0] {
            for damping in [0.2, 0.4, 0.6, 0.8, 1.0] {
                let fit = try afterRelease(.attachment(frequency: frequency, damping: damping))
                XCTAssertEqual(fit.dampingRatio, damping, accuracy: 0.02 * damping, "ζ \(damping), \(frequency) Hz")
                XCTAssertEqual(fit.frequency, frequency, accuracy: 0.02 * frequency, "ζ \(damping), \(frequency) Hz")
                XCTAssertLessThan(fit.relativeResidual, 0.005, "ζ \(damping), \(frequency) Hz: residual \(fit.residual) pt")
                cases += 1
            }
        }
        XCTAssertEqual(cases, 10)
    }

    /// iOS 17's spring by duration and bounce: the fit gives them back (bounce within 0.02,
    /// duration within 2 %), as Apple defines them: duration 2π/ω, bounce 1 − ζ.
    @MainActor func testTheFitOfASpringAnimationGivesBackItsDurationAndBounce() async throws {
        for (duration, bounce) in [(0.5, 0.0), (0.6, 0.2), (0.8, 0.5), (0.4, 0.7)] {
            let fit = try afterRelease(.animation(duration: duration, bounce: bounce))
            XCTAssertEqual(fit.bounce, bounce, accuracy: 0.02, "duration \(duration), bounce \(bounce)")
            XCTAssertEqual(fit.duration, duration, accuracy: 0.02 * duration, "duration \(duration), bounce \(bounce)")
        }
    }

    /// Samples of the closed-form oscillator, overdamped included, with the conversion to
    /// Apple's terms: ζ 1.25 is bounce 1/1.25 − 1 = −0.2.
    func testTheFitOfClosedFormSamples() throws {
        let omega = 2 * Double.pi * 2.5
        for zeta in [0.05, 0.3, 1.0, 1.25] {
            let times = (0...150).map { Double($0) / 60 }
            let positions = times.map { t -> CGPoint in
                let x: Double
                if zeta < 1 {
                    let wd = omega * (1 - zeta * zeta).squareRoot()
                    x = 100 * exp(-zeta * omega * t) * (cos(wd * t) + zeta * omega / wd * sin(wd * t))
                } else if zeta == 1 {
                    x = 100 * exp(-omega * t) * (1 + omega * t)
                } else {
                    let root = (zeta * zeta - 1).squareRoot()
                    let r1 = -omega * (zeta - root), r2 = -omega * (zeta + root)
                    x = 100 * (r2 * exp(r1 * t) - r1 * exp(r2 * t)) / (r2 - r1)
                }
                return CGPoint(x: 40 + x, y: 300 - 0.5 * x)
            }
            let fit = try XCTUnwrap(SpringFit(times: times, positions: positions))
            XCTAssertEqual(fit.dampingRatio, zeta, accuracy: 1e-3 * zeta, "ζ \(zeta)")
            XCTAssertEqual(fit.frequency, 2.5, accuracy: 1e-3, "ζ \(zeta)")
            XCTAssertLessThan(fit.residual, 1e-3)
            let last = positions[positions.count - 1]
            XCTAssertEqual(fit.span, positions.map { hypot(Double($0.x - last.x), Double($0.y - last.y)) }.max()!)
        }
        let overdamped = try XCTUnwrap(SpringFit(times: (0...60).map { Double($0) / 60 },
                                                 positions: (0...60).map { CGPoint(x: 50 * exp(-8 * Double($0) / 60), y: 0) }))
        XCTAssertLessThan(overdamped.bounce, 0)
        XCTAssertNil(SpringFit(times: [0, 1, 2], positions: [.zero, .zero, .zero]), "too few samples")
        XCTAssertNil(SpringFit(times: (0..<20).map(Double.init), positions: Array(repeating: CGPoint(x: 3, y: 4), count: 20)), "no motion")
    }
}
