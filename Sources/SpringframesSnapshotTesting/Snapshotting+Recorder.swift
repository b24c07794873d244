import Foundation
import ImageCodec
import Raster
import Recording
import Regression
import SnapshotTesting

// Strategies for pointfreeco/swift-snapshot-testing, for teams that already use it: a recording
// as a sheet of its frames, and as its motion.
//
// ```swift
// import SnapshotTesting
// import SpringframesSnapshotTesting
//
// @MainActor @Test func theCardSprings() {
//     let recorder = Recorder(duration: 1) { CardViewController() }
//     assertSnapshot(of: recorder, as: .frames(every: 10))
// }
//
// @MainActor @Test func theCardSpringsTheSameWay() {
//     assertSnapshot(of: Recorder(duration: 1) { CardViewController() }, as: .motion)
// }
// ```
//
// Reference files go where swift-snapshot-testing puts them (`__Snapshots__/<TestFile>/`), and
// its record modes apply. A recorder of a UI instance can be played once: give each assertion
// its own recorder (a recorder made with a closure can be asserted as often as needed).
// The recorder belongs to the main actor: assert from a `@MainActor` test.

extension Snapshotting where Value == Recorder, Format == Data {
    /// Every `every`th frame of the recording (from frame 0) on one contact sheet, `columns`
    /// across, each at `thumbnailScale` of its pixel size: a PNG reference, compared pixel by
    /// pixel as `check` compares frames (perceptual colour distance, anti-aliasing, a pixel
    /// budget). A failure attaches the sheet now and the diff image.
    public static func frames(every: Int = 10, columns: Int = 6, thumbnailScale: Double = 0.5,
                              tolerance: FrameTolerance = FrameTolerance()) -> Snapshotting {
        Snapshotting(pathExtension: "png", diffing: .sheets(tolerance: tolerance)) { recorder in
            MainActor.assumeIsolated {
                let sheet = ContactSheet(every: every, columns: columns, thumbnailScale: thumbnailScale)
                do {
                    return Data(try PNGCodec.encodeSmallest(try recorder.contactSheet(sheet, font: try Font.named())))
                } catch {
                    // A strategy cannot throw: the error becomes the snapshot, which cannot match a PNG.
                    return Data("springframes could not record \(recorder.name): \(error)".utf8)
                }
            }
        }
    }
}

extension Snapshotting where Value == Recorder, Format == String {
    /// The recording's trace (CSV, format 3, repeated rows left out), compared as motion: a
    /// difference fails with each element whose motion changed, in the terms of `check`
    /// ("item 7: overshoot 0.9 % → 1.5 %, settles 1.27 s → 1.32 s, …").
    public static var motion: Snapshotting { motion(tolerance: MotionTolerance()) }

    /// `motion` with tolerances for positions, angles, alpha and scale.
    public static func motion(tolerance: MotionTolerance) -> Snapshotting {
        Snapshotting(pathExtension: "csv", diffing: .motion(tolerance: tolerance)) { recorder in
            MainActor.assumeIsolated {
                do {
                    return try recorder.trace().csv(omittingRepeats: true)
                } catch {
                    return "springframes could not record \(recorder.name): \(error)\n"
                }
            }
        }
    }
}

extension Diffing where Value == Data {
    /// PNG images compared as `check` compares frames.
    static func sheets(tolerance: FrameTolerance) -> Diffing {
        .diff(toData: { $0 }, fromData: { $0 }) { reference, actual in
            guard reference != actual else { return nil }
            let golden: Canvas, now: Canvas
            do {
                golden = try PNGCodec.decode([UInt8](reference))
                now = try PNGCodec.decode([UInt8](actual))
            } catch {
                return ("the sheet cannot be compared: \(error)", [.data(actual, name: "now.png")])
            }
            let comparison: FrameComparison
            do {
                comparison = try FrameComparison.compare(reference: golden, actual: now, tolerance: tolerance)
            } catch {
                return ("\(error)", [.data(actual, name: "now.png")])
            }
            guard !comparison.passes else { return nil }
            var attachments: [DiffAttachment] = [.data(actual, name: "now.png")]
            if let diff = comparison.diffImage, let png = try? PNGCodec.encode(diff) { attachments.append(.data(Data(png), name: "diff.png")) }
            let share = 100 * Double(comparison.differingPixels) / Double(max(1, comparison.totalPixels))
            return ("frames: \(comparison.differingPixels) px of the sheet differ (\(String(format: "%.3f", share)) %)"
                    + (comparison.antialiasedPixels > 0 ? ", \(comparison.antialiasedPixels) more only by anti-aliasing" : ""),
                    attachments)
        }
    }
}

extension Diffing where Value == String {
    /// Traces compared as `check` compares motion.
    static func motion(tolerance: MotionTolerance) -> Diffing {
        .diff(toData: { Data($0.utf8) }, fromData: { String(decoding: $0, as: UTF8.self) }) { reference, actual in
            guard reference != actual else { return nil }
            do {
                let golden = try SceneTrace(csv: reference, scene: "reference", file: "reference trace")
                let now = try SceneTrace(csv: actual, scene: "now", file: "trace now")
                let comparison = MotionComparison.compare(reference: golden, actual: now, tolerance: tolerance)
                guard !comparison.passes else { return nil }
                return (comparison.report(limit: .max), [.data(Data(actual.utf8), name: "trace.csv")])
            } catch {
                return ("the traces cannot be compared: \(error)", [.data(Data(actual.utf8), name: "trace.csv")])
            }
        }
    }
}
