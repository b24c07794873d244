import Dynamics
import Foundation

/// One sample of one finger, as a touch script or a recording gives it: what happened, where (in
/// the collection view's frame, which is the screen for a full-screen collection view) and when
/// (seconds of simulated time).
///
/// Touches come to a collection view through `UICollectionView.send(_:)`, which first advances
/// the simulation to the touch's time, then lets the gesture recognizers see it.
public struct Touch: Equatable, Sendable {
    /// UIKit's `UITouch.Phase`, without `stationary` (a still finger sends nothing).
    public enum Phase: String, Sendable {
        case began
        case moved
        case ended
        case cancelled
    }

    public var phase: Phase
    /// The position in the coordinates of the collection view's superview (the screen).
    public var location: CGPoint
    public var timestamp: TimeInterval

    public init(_ phase: Phase, at location: CGPoint, time timestamp: TimeInterval) {
        self.phase = phase
        self.location = location
        self.timestamp = timestamp
    }
}
