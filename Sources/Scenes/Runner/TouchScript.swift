import CollectionLayout
import Foundation

/// A scene's touch events as the touches a finger delivers: a move is sampled at 120 Hz (as a
/// ProMotion display reports touches), whatever the frame rate of the output, so the motion is
/// the same at 30 and at 60 fps.
public enum TouchScript {
    /// Touch samples per second during a move.
    public static let sampleRate = 120.0

    public static func touches(for events: [Scene.TouchEvent]) -> [Touch] {
        var touches: [Touch] = []
        var location = CGPoint.zero
        for event in events {
            switch event {
            case let .down(at, point):
                location = point
                touches.append(Touch(.began, at: point, time: at))
            case let .move(at, point, duration, curve):
                let start = location
                let samples = max(1, Int((duration * sampleRate - 1e-9).rounded(.up)))
                for k in 1...samples {
                    let p = Double(k) / Double(samples)
                    let eased = curve.progress(p)
                    location = CGPoint(x: start.x + (point.x - start.x) * eased, y: start.y + (point.y - start.y) * eased)
                    touches.append(Touch(.moved, at: location, time: at + duration * p))
                }
                location = point
            case let .up(at):
                touches.append(Touch(.ended, at: location, time: at))
            case let .tap(at, point, duration):
                location = point
                touches.append(Touch(.began, at: point, time: at))
                touches.append(Touch(.ended, at: point, time: at + duration))
            }
        }
        return touches
    }
}
