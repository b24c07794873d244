import Vocabulary
import Foundation

/// One sample of one finger, as a touch script or a recording gives it: what happened, where (in
/// window coordinates — the screen) and when (seconds of simulated time).
///
/// Touches come through `UIWindow.send(_:)` (or `UICollectionView.send(_:)` for a collection view
/// used without a window), which first advances the simulation to the touch's time, then lets the
/// gesture recognizers of the view under the finger and of its superviews see it.
public struct Touch: Equatable, Sendable {
    /// UIKit's `UITouch.Phase`, without `stationary` (a still finger sends nothing).
    public enum Phase: String, Sendable {
        case began
        case moved
        case ended
        case cancelled
    }

    public var phase: Phase
    /// The position in window coordinates (for a view used without a window: its superview's).
    public var location: CGPoint
    public var timestamp: TimeInterval

    public init(_ phase: Phase, at location: CGPoint, time timestamp: TimeInterval) {
        self.phase = phase
        self.location = location
        self.timestamp = timestamp
    }
}
