import Foundation

/// Core Animation's display link on the simulated clock: added to a run loop, it calls its
/// target on display frames, 60 a second by default (a standard iPhone display; set
/// `preferredFramesPerSecond` to 120 for ProMotion, or to fewer), with `timestamp` the frame's
/// time, `targetTimestamp` the next frame's and `duration` the interval between them. The clock
/// is the current one when it is added (the window's, inside a recording). As on iOS the run
/// loop holds the link, and the link holds its target, until `invalidate()`.
///
/// The target's method is given as a method reference, as gesture recognizers take theirs here:
/// `CADisplayLink(target: self, selector: Self.step)` for `#selector(step(_:))`.
@preconcurrency @MainActor
public final class CADisplayLink: ClockParticipant {
    private let action: (CADisplayLink) -> Void
    private var clock: SimulatedClock?
    private var ticks = 0

    public private(set) var timestamp: CFTimeInterval = 0
    public private(set) var targetTimestamp: CFTimeInterval = 0
    public var duration: CFTimeInterval { 1 / Double(framesPerSecond) }
    public var isPaused = false
    /// Frames a second (dividing 120; 0 means 60).
    public var preferredFramesPerSecond = 0
    public var preferredFrameRateRange = CAFrameRateRange.default

    public init<Target: AnyObject>(target: Target, selector: @escaping (Target) -> (CADisplayLink) -> Void) {
        action = { link in selector(target)(link) }
    }

    public init<Target: AnyObject>(target: Target, selector: @escaping (Target) -> () -> Void) {
        action = { _ in selector(target)() }
    }

    /// A display link that runs a closure each frame.
    public init(handler: @escaping (CADisplayLink) -> Void) {
        action = handler
    }

    /// Starts the link on the current simulated clock (the run loop and mode are accepted for ports).
    public func add(to runloop: RunLoop, forMode mode: RunLoop.Mode) {
        guard clock == nil else { return }
        let clock = SimulatedClock.current
        self.clock = clock
        clock.add(self, retained: true)
    }

    public func remove(from runloop: RunLoop, forMode mode: RunLoop.Mode) { invalidate() }

    /// Stops the link for good and lets go of its target.
    public func invalidate() {
        clock?.remove(self)
        clock = nil
    }

    private var framesPerSecond: Int {
        let preferred = preferredFramesPerSecond > 0 ? preferredFramesPerSecond
            : preferredFrameRateRange.preferred.map { Int($0.rounded()) } ?? 60
        // The simulated display ticks at 120 Hz: a rate is a whole number of ticks per frame.
        let ticksPerFrame = max(1, Int((120.0 / Double(max(1, min(120, preferred)))).rounded()))
        return 120 / ticksPerFrame
    }

    public func displayTick(at time: TimeInterval) {
        ticks += 1
        guard ticks % (120 / framesPerSecond) == 0, !isPaused, clock != nil else { return }
        timestamp = time
        targetTimestamp = time + duration
        action(self)
    }
}

/// A range of frame rates a display link asks for.
public struct CAFrameRateRange: Sendable, Equatable {
    public var minimum: Float
    public var maximum: Float
    public var preferred: Float?

    public init(minimum: Float, maximum: Float, preferred: Float? = nil) {
        (self.minimum, self.maximum, self.preferred) = (minimum, maximum, preferred)
    }

    public static let `default` = CAFrameRateRange(minimum: 0, maximum: 0, preferred: nil)
}
