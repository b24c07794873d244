import Foundation
import Raster
@testable import Regression
import XCTest

final class FrameComparisonTests: XCTestCase {
    @MainActor private func square(x: Double) -> Canvas {
        let canvas = Canvas(pixelWidth: 40, pixelHeight: 40, scale: 1, background: .white)
        canvas.fill(CGRect(x: x, y: 10, width: 20, height: 20), with: .black)
        return canvas
    }

    @MainActor func testIdenticalFramesStopAtTheBytes() async throws {
        let result = try FrameComparison.compare(reference: square(x: 10), actual: square(x: 10), tolerance: .strict)
        XCTAssertTrue(result.isIdentical)
        XCTAssertTrue(result.passes)
        XCTAssertNil(result.diffImage)
    }

    @MainActor func testOnePixelFailsStrictAndPassesABudgetOfOne() async throws {
        let reference = square(x: 10)
        let actual = reference.copy()
        actual.setPremultipliedPixel(x: 3, y: 4, Color(rgb: 0xFEFFFF).premultiplied)   // one step in red
        let strict = try FrameComparison.compare(reference: reference, actual: actual, tolerance: .strict)
        XCTAssertFalse(strict.isIdentical)
        XCTAssertFalse(strict.passes)
        XCTAssertEqual(strict.differingPixels, 1)
        let diff = try XCTUnwrap(strict.diffImage)
        XCTAssertEqual(diff.pixel(x: 3, y: 4), Color(rgb: 0xFF0000))
        // Unchanged pixels fade: white stays white, black becomes light gray (10 % of the way).
        XCTAssertEqual(diff.pixel(x: 0, y: 0), Color(rgb: 0xFFFFFF))
        XCTAssertEqual(diff.pixel(x: 20, y: 20), Color(rgb: 0xE6E6E6))

        let budget = FrameTolerance(threshold: 0, pixelBudget: .count(1), countsAntialiasing: true)
        XCTAssertTrue(try FrameComparison.compare(reference: reference, actual: actual, tolerance: budget).passes)
        XCTAssertTrue(try FrameComparison.compare(reference: reference, actual: actual, tolerance: FrameTolerance(threshold: 0, pixelBudget: .ratio(1.0 / 1600), countsAntialiasing: true)).passes)
        // The default threshold (0.1) does not see a one-step change at all.
        XCTAssertEqual(try FrameComparison.compare(reference: reference, actual: actual).differingPixels, 0)
    }

    @MainActor func testAQuarterPixelShiftIsAntialiasing() async throws {
        let result = try FrameComparison.compare(reference: square(x: 10), actual: square(x: 10.25))
        XCTAssertFalse(result.isIdentical)
        XCTAssertEqual(result.differingPixels, 0)
        XCTAssertEqual(result.antialiasedPixels, 40)        // the left and right edge columns, 20 rows each
        XCTAssertTrue(result.passes)
        XCTAssertEqual(try XCTUnwrap(result.diffImage).pixel(x: 10, y: 20), Color(rgb: 0xFFD000))
        // Counted when asked to.
        let counted = try FrameComparison.compare(reference: square(x: 10), actual: square(x: 10.25),
                                                  tolerance: FrameTolerance(countsAntialiasing: true))
        XCTAssertEqual(counted.differingPixels, 40)
        XCTAssertFalse(counted.passes)
    }

    @MainActor func testAMovedShapeIsADifference() async throws {
        let result = try FrameComparison.compare(reference: square(x: 10), actual: square(x: 13))
        XCTAssertEqual(result.differingPixels, 2 * 3 * 20)
        XCTAssertFalse(result.passes)
    }

    @MainActor func testSizeMismatchIsAnError() async {
        XCTAssertThrowsError(try FrameComparison.compare(reference: square(x: 10), actual: Canvas(pixelWidth: 40, pixelHeight: 41))) { error in
            XCTAssertEqual(String(describing: error), "the frames differ in size: reference 40×40 px, actual 40×41 px")
        }
    }

    @MainActor func testStripPlacesReferenceActualAndDiff() async throws {
        let reference = square(x: 10), actual = square(x: 13)
        let diff = try XCTUnwrap(FrameComparison.compare(reference: reference, actual: actual).diffImage)
        let strip = FrameComparison.strip(reference: reference, actual: actual, diff: diff.canvasCopy())
        XCTAssertEqual([strip.width, strip.height], [3 * 40 + 4 * 8, 40 + 2 * 8])
        XCTAssertEqual(strip.pixel(x: 8 + 11, y: 8 + 20), .black)                 // reference square
        XCTAssertEqual(strip.pixel(x: 8 + 40 + 8 + 11, y: 8 + 20), .white)        // actual: moved right
        XCTAssertEqual(strip.pixel(x: 8 + 80 + 16 + 11, y: 8 + 20), Color(rgb: 0xFF0000))
        XCTAssertEqual(strip.pixel(x: 2, y: 2), Color(rgb: 0x8E8E93))
    }
}
