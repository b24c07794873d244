import Foundation
import SnapshotTesting
import Springframes
import SpringframesSnapshotTesting
import Testing

/// The swift-snapshot-testing strategies, used as a team that already has it would: references
/// committed in __Snapshots__, a tuning change failing with what moved.
@MainActor @Suite struct SnapshottingTests {
    /// One selected cell of six pressed, dragged down on its springs and let go: 1.6 s on a
    /// 200×260 pt canvas at scale 1.
    static func drag(damping: Double) throws -> Recorder {
        let scene = try Scene(data: Array("""
            { "name": "drag", "canvas": { "width": 200, "height": 260, "scale": 1 }, "duration": 1.6,
              "collection": { "items": 6, "layout": { "type": "flow", "itemSize": [50, 50], "sectionInset": [16, 16, 16, 16] },
                              "interaction": { "type": "clusterDrag", "frequency": 3, "damping": \(damping) }, "selected": [0] },
              "touches": [ { "at": 0.05, "down": [41, 41] }, { "at": 0.6, "move": [41, 181], "duration": 0.3 }, { "at": 0.95, "up": true } ] }
            """.utf8), file: "drag.json")
        return Recorder(scene: scene, font: try Font.named())
    }

    /// The committed references: a sheet of every 24th frame, and the trace.
    @Test func theCommittedReferencesMatch() throws {
        assertSnapshot(of: try Self.drag(damping: 0.6), as: .frames(every: 24, columns: 5, thumbnailScale: 0.75), named: "sheet")
        assertSnapshot(of: try Self.drag(damping: 0.6), as: .motion, named: "trace")
    }

    /// The same references, checked against a tuning change: each strategy's message says what moved.
    @Test func aDampingChangeFailsSayingWhatMoved() throws {
        let frames = try #require(verifySnapshot(of: try Self.drag(damping: 0.3), as: .frames(every: 24, columns: 5, thumbnailScale: 0.75), named: "sheet",
                                                 record: false, testName: "theCommittedReferencesMatch()"))
        #expect(frames.contains("frames: ") && frames.contains(" px of the sheet differ ("), "\(frames)")
        let motion = try #require(verifySnapshot(of: try Self.drag(damping: 0.3), as: .motion, named: "trace",
                                                 record: false, testName: "theCommittedReferencesMatch()"))
        #expect(motion.contains("motion: ") && motion.contains("item 0: overshoot "), "\(motion)")
    }

    /// A looser pixel budget lets the frames through; the motion still fails.
    @Test func tolerancesApply() throws {
        #expect(verifySnapshot(of: try Self.drag(damping: 0.55), as: .frames(every: 24, columns: 5, thumbnailScale: 0.75, tolerance: FrameTolerance(pixelBudget: .ratio(0.2))),
                               named: "sheet", record: false, testName: "theCommittedReferencesMatch()") == nil)
        #expect(verifySnapshot(of: try Self.drag(damping: 0.55), as: .motion(tolerance: MotionTolerance(position: 50)),
                               named: "trace", record: false, testName: "theCommittedReferencesMatch()") == nil)
        #expect(verifySnapshot(of: try Self.drag(damping: 0.55), as: .motion, named: "trace", record: false,
                               testName: "theCommittedReferencesMatch()") != nil)
    }
}
