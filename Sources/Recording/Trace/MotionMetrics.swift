import Foundation

/// What an item's motion looks like, in the terms people tune springs by.
///
/// The item's final approach is measured from the frame where it is farthest from where it ends
/// (P) to the end (F): overshoot is how far it goes past F, along P → F, as a percentage of |PF|;
/// the settling time is how long after leaving P it stays within 2 % of |PF| of F.
public struct MotionMetrics: Equatable, Sendable {
    /// Percent of the final approach; 0 when it never passes its rest position.
    public var overshoot: Double
    /// Seconds from the start of the final approach until it stays within 2 %; nil if it never does.
    public var settlingTime: Double?
    /// Points per second, the fastest between two frames.
    public var peakSpeed: Double
    /// Where it is at the last frame (centre, points).
    public var rest: CGPoint
    /// The largest scale it shows (the larger of its two scale factors), 1 when it never scales.
    public var peakScale: Double
    /// When the final approach starts (P), seconds.
    public var approachStart: Double
    /// When it is farthest past its rest position, seconds; nil when it never passes it.
    public var overshootTime: Double?

    /// `scales` (the larger scale factor at each frame) default to 1.
    public init(times: [Double], positions: [CGPoint], scales: [Double]? = nil) {
        precondition(!times.isEmpty && times.count == positions.count)
        peakScale = scales?.max() ?? 1
        let final = positions[positions.count - 1]
        func distance(_ a: CGPoint, _ b: CGPoint) -> Double { hypot(Double(a.x - b.x), Double(a.y - b.y)) }
        var peakSpeed = 0.0
        for k in 1..<max(1, positions.count) where times[k] > times[k - 1] {
            peakSpeed = max(peakSpeed, distance(positions[k], positions[k - 1]) / (times[k] - times[k - 1]))
        }
        let far = positions.indices.max { distance(positions[$0], final) < distance(positions[$1], final) } ?? 0
        let span = distance(positions[far], final)
        var overshoot = 0.0
        var overshootTime: Double?
        var settled: Double?
        if span > 0 {
            let direction = (x: Double(final.x - positions[far].x) / span, y: Double(final.y - positions[far].y) / span)
            for k in far..<positions.count {
                let past = Double(positions[k].x - final.x) * direction.x + Double(positions[k].y - final.y) * direction.y
                if past / span * 100 > overshoot {
                    overshoot = past / span * 100
                    overshootTime = times[k]
                }
            }
            // The last frame outside the 2 % band; settled from the frame after it.
            let outside = positions.indices.last { $0 >= far && distance(positions[$0], final) > 0.02 * span }
            if let outside {
                settled = outside + 1 < times.count ? times[outside + 1] - times[far] : nil
            } else {
                settled = 0
            }
        } else {
            settled = 0
        }
        self.overshoot = overshoot
        self.overshootTime = overshootTime
        self.approachStart = times[far]
        self.settlingTime = settled
        self.peakSpeed = peakSpeed
        self.rest = final
    }
}
