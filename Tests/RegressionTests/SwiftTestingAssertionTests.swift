import Regression
import SpringframesTesting
import Testing

/// The assertion helpers from Swift Testing: a failure is an issue recorded at the assertion's
/// line. The golden (a format-1 trace, recorded before format 2) is committed in
/// __Snapshots__/SwiftTestingAssertionTests/.
@MainActor @Test func dragMotionMatchesItsCommittedGolden() throws {
    try assertTrace(of: try GoldenScenes.drag(damping: 0.5), named: "drag-damping-0.5")
}
