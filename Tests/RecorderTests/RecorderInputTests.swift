import Foundation
import Springframes
import Testing

/// Every value a `Recorder` is given from Swift is checked: an impossible one is a thrown error
/// naming the parameter, never a trap (NaN, infinite, negative or zero sizes and rates, and sizes
/// too large to allocate).
@MainActor @Suite struct RecorderInputTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var fps = 30.0, duration = 1.0, scale = 1.0
        var size = CGSize(width: 40, height: 30)
        var expected: String
        var testDescription: String { expected + " (fps \(fps), duration \(duration), scale \(scale), size \(size))" }
    }

    nonisolated static let cases: [Case] = [
        Case(fps: .nan, expected: "fps (nan) and duration (1.0) must be positive and finite"),
        Case(fps: .infinity, expected: "must be positive and finite"),
        Case(fps: -30, expected: "must be positive and finite"),
        Case(duration: .nan, expected: "must be positive and finite"),
        Case(duration: .infinity, expected: "must be positive and finite"),
        Case(duration: -1, expected: "must be positive and finite"),
        Case(scale: .nan, expected: "scale must be positive and at most 4.0, not nan"),
        Case(scale: 0, expected: "scale must be positive"),
        Case(scale: -2, expected: "scale must be positive"),
        Case(scale: 10, expected: "scale must be positive and at most 4.0, not 10.0"),
        Case(size: CGSize(width: 0, height: 30), expected: "size must be positive and finite, not 0.0 × 30.0 points"),
        Case(size: CGSize(width: -40, height: 30), expected: "size must be positive and finite"),
        Case(size: CGSize(width: CGFloat.nan, height: 30), expected: "size must be positive and finite"),
        Case(size: CGSize(width: 40, height: CGFloat.infinity), expected: "size must be positive and finite"),
        Case(size: CGSize(width: 100_000, height: 100_000), expected: "is 100000 × 100000 pixels; a frame has 1 to 16384 pixels a side"),
        Case(scale: 0.001, expected: "is 0 × 0 pixels; a frame has 1 to 16384 pixels a side"),
    ]

    @Test(arguments: cases)
    func anImpossibleValueIsAnErrorNamingIt(_ input: Case) throws {
        let recorder = Recorder(name: "bad", fps: input.fps, duration: input.duration, scale: input.scale, size: input.size) {
            UIView(frame: CGRect(origin: .zero, size: CGSize(width: 40, height: 30)))
        }
        for attempt in ["images", "trace"] {
            do {
                if attempt == "images" { _ = try recorder.images(ofFrames: [0]) } else { _ = try recorder.trace() }
                Issue.record("\(attempt) accepted it")
            } catch let error as RecorderError {
                #expect(error.description.hasPrefix("recorder \"bad\": ") && error.description.contains(input.expected),
                        "\(attempt): \(error)")
            }
        }
    }
}
