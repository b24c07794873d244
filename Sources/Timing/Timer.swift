import Vocabulary
import Foundation
import Views

/// Foundation's timer, as code that imports Springframes sees it (it shadows Foundation's, as
/// `DispatchQueue` here shadows Dispatch's). A timer scheduled while a window's clock runs — in
/// `viewDidLoad`, a touch handler, an animation's completion, anything a recording plays — fires
/// at the window's simulated time, repeating every `timeInterval` simulated seconds until
/// invalidated. Anywhere else it is a Foundation timer on the current run loop, as on iOS.
///
/// `tolerance` is kept and ignored (simulated timers fire exactly). Timers that call a selector
/// (`target:selector:`) need the Objective-C runtime and are not declared.
public final class Timer: @unchecked Sendable {
    // `@unchecked`: a simulated timer is scheduled, fired and invalidated on the main actor (its
    // clock's); a Foundation timer is driven by Foundation. `lock` guards the state both share.
    private let lock = NSLock()
    private var valid = true
    private var nextFire: Date
    private var clockToken: (clock: SimulatedClock, token: Int, time: Double)?
    private var foundationTimer: Foundation.Timer?
    private let block: @Sendable (Timer) -> Void

    public let timeInterval: TimeInterval
    public let repeats: Bool
    public var tolerance: TimeInterval = 0
    public let userInfo: Any?

    /// A timer that is not scheduled yet (add it to a run loop, or `fire()` it).
    public init(timeInterval interval: TimeInterval, repeats: Bool, block: @escaping @Sendable (Timer) -> Void) {
        timeInterval = max(interval, 0.0001)
        self.repeats = repeats
        self.block = block
        userInfo = nil
        nextFire = Date(timeIntervalSinceNow: timeInterval)
    }

    /// A timer first due at `date` (on the wall clock, or as far ahead of the simulated now as
    /// `date` is of the wall clock's now).
    public convenience init(fire date: Date, interval: TimeInterval, repeats: Bool, block: @escaping @Sendable (Timer) -> Void) {
        self.init(timeInterval: interval, repeats: repeats, block: block)
        fireDate = date
    }

    /// Makes a timer and schedules it on the current run loop (the window's clock while one runs).
    @discardableResult
    public static func scheduledTimer(withTimeInterval interval: TimeInterval, repeats: Bool,
                                      block: @escaping @Sendable (Timer) -> Void) -> Timer {
        let timer = Timer(timeInterval: interval, repeats: repeats, block: block)
        timer.schedule(on: .current, mode: .default)
        return timer
    }

    public var isValid: Bool { lock.withLock { valid } }

    /// When the timer fires next.
    public var fireDate: Date {
        get { lock.withLock { nextFire } }
        set { lock.withLock { nextFire = newValue; fireDateWasSet = true } }
    }
    /// Whether the first firing was given as a date (else it is `timeInterval` after scheduling).
    private var fireDateWasSet = false

    /// Fires now, without changing the schedule; a non-repeating timer is then invalidated.
    public func fire() {
        guard isValid else { return }
        block(self)
        if !repeats { invalidate() }
    }

    /// Stops the timer for good.
    public func invalidate() {
        let (token, timer): ((clock: SimulatedClock, token: Int, time: Double)?, Foundation.Timer?) = lock.withLock {
            valid = false
            defer { clockToken = nil; foundationTimer = nil }
            return (clockToken, foundationTimer)
        }
        timer?.invalidate()
        if let token, MainQueue.isCurrent {
            MainActor.assumeIsolated { token.clock.cancel(token.token) }
        }
    }

    /// Schedules on the window's clock when one runs here, else as a Foundation timer on `runLoop`.
    func schedule(on runLoop: RunLoop, mode: RunLoop.Mode) {
        if MainQueue.isCurrent, let start = SimulatedTimers.runningClockTime() {
            // A date is read as a delay to the millisecond: the wall clock moved a few
            // microseconds since it was taken, and the simulated moment must not depend on that.
            let delay = lock.withLock { fireDateWasSet } ? max(0, (fireDate.timeIntervalSinceNow * 1000).rounded() / 1000) : timeInterval
            MainActor.assumeIsolated { scheduleOnClock(at: start + delay) }
            return
        }
        let timer = Foundation.Timer(fire: fireDate, interval: timeInterval, repeats: repeats) { [weak self] _ in
            guard let self else { return }
            self.block(self)
            if !self.repeats { self.lock.withLock { self.valid = false } }
        }
        lock.withLock { foundationTimer = timer }
        runLoop.add(timer, forMode: mode)
    }

    @MainActor private func scheduleOnClock(at time: Double) {
        guard let clock = SimulatedClock.running else { return }
        let token = clock.schedule(at: time) { [weak self] in self?.fireOnClock() }
        lock.withLock {
            clockToken = (clock, token, time)
            nextFire = Date(timeIntervalSinceNow: time - clock.currentTime)
        }
    }

    @MainActor private func fireOnClock() {
        guard let due = lock.withLock({ valid ? clockToken : nil }) else { return }
        block(self)
        guard isValid else { return }
        if repeats {
            let token = due.clock.schedule(at: due.time + timeInterval) { [weak self] in self?.fireOnClock() }
            lock.withLock { clockToken = (due.clock, token, due.time + timeInterval) }
        } else {
            lock.withLock {
                valid = false
                clockToken = nil
            }
        }
    }
}

extension RunLoop {
    /// Schedules `timer` (see `Timer`): on the window's clock while one runs, else on this run loop.
    public func add(_ timer: Timer, forMode mode: RunLoop.Mode) {
        timer.schedule(on: self, mode: mode)
    }
}

extension Task where Success == Never, Failure == Never {
    /// Swift's sleep, which waits on the wall clock. Called on the main actor while a window's
    /// clock runs, it cannot move to simulated time (the task resumes on the main actor's queue,
    /// after the recording's synchronous steps), so a debug build says so once; use
    /// `DispatchQueue.main.asyncAfter` or a `Timer` in code that a recording plays.
    public static func sleep(nanoseconds duration: UInt64) async throws {
        SimulatedTimers.warnIfClockRuns("Task.sleep")
        try await ContinuousClock().sleep(for: .nanoseconds(Int64(clamping: duration)))
    }

    /// Swift's sleep for a duration; see `sleep(nanoseconds:)`.
    public static func sleep(for duration: Duration) async throws {
        SimulatedTimers.warnIfClockRuns("Task.sleep")
        try await ContinuousClock().sleep(for: duration)
    }
}
