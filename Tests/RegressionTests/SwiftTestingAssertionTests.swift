import Regression
import Testing

/// The assertion helpers from Swift Testing: a thrown `RegressionFailure` fails the test with its
/// report. The golden is committed in __Snapshots__/SwiftTestingAssertionTests/.
@Test func dragMotionMatchesItsCommittedGolden() throws {
    try assertTrace(of: try GoldenScenes.drag(damping: 0.5), named: "drag-damping-0.5")
}
