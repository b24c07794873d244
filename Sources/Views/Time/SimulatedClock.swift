import Foundation

/// Simulated time for everything under one window: timers (the main queue's `asyncAfter`,
/// animation completions), a 120 Hz display tick and the things that step continuously (dynamic
/// animators). Nothing reads the wall clock; time moves only through `advance(to:)`.
///
/// Work due at the same moment runs in a fixed order — timers in (time, scheduling) order, then
/// the display tick — so a run is the same on every machine.
@preconcurrency @MainActor
public final class SimulatedClock {
    /// The time reached, in seconds.
    public private(set) var currentTime: TimeInterval = 0
    /// Display ticks, as on a 120 Hz screen: scrolling and per-frame work happen on them, so
    /// motion never depends on how often frames are sampled.
    nonisolated public static let displayTickInterval: TimeInterval = 1.0 / 120

    private var ticksDone = 0
    private var timers: [Timer] = []
    private var nextSequence = 0
    private var participants: [WeakParticipant] = []
    private var retainedParticipants: [ClockParticipant] = []

    public init() {
        Self.makeAmbient(self)
    }

    private struct Timer {
        var time: TimeInterval
        var sequence: Int
        var action: () -> Void
    }

    /// Runs `action` at `time` (at once on the next advance if that has passed); returns a token
    /// for `cancel(_:)`.
    @discardableResult
    public func schedule(at time: TimeInterval, _ action: @escaping () -> Void) -> Int {
        nextSequence += 1
        timers.append(Timer(time: max(time, currentTime), sequence: nextSequence, action: action))
        return nextSequence
    }

    public func cancel(_ token: Int) {
        timers.removeAll { $0.sequence == token }
        cancelledWhileRunning?.insert(token)
    }

    /// Timers cancelled by the actions of the timers now running (nil when none run), which
    /// must then not run.
    private var cancelledWhileRunning: Set<Int>?

    /// Adds something that steps with the clock, in the order added; kept weakly unless
    /// `retained` (for a helper that nothing else holds).
    public func add(_ participant: ClockParticipant, retained: Bool = false) {
        participants.removeAll { $0.value == nil || $0.value === participant }
        participants.append(WeakParticipant(value: participant))
        if retained { retainedParticipants.append(participant) }
    }

    public func remove(_ participant: ClockParticipant) {
        participants.removeAll { $0.value == nil || $0.value === participant }
        retainedParticipants.removeAll { $0 === participant }
    }

    /// Moves time forward to `time`: participants step to every timer, deadline and display tick
    /// on the way, each of which runs at its exact moment. While it runs this clock is the
    /// thread's current one (`SimulatedClock.current`).
    public func advance(to time: TimeInterval) {
        guard time.isFinite else { return }
        Self.withCurrent(self) {
            // Timers already due (scheduled at the current time) run even when time does not move.
            runDue()
            guard time > currentTime else { return }
            while true {
                let tickTime = Double(ticksDone + 1) * Self.displayTickInterval
                let next = min(time, tickTime, nextEventTime() ?? .infinity)
                retainedParticipants.removeAll { ($0 as? AnimatorDriver)?.isAlive == false }
                for participant in liveParticipants { participant.step(to: next) }
                currentTime = next
                runDue()
                if tickTime <= next {
                    ticksDone += 1
                    for participant in liveParticipants { participant.displayTick(at: next) }
                }
                if next >= time { break }
            }
        }
    }

    private var liveParticipants: [ClockParticipant] { participants.compactMap(\.value) }

    private func nextEventTime() -> TimeInterval? {
        var earliest = timers.map(\.time).min()
        for participant in liveParticipants {
            if let deadline = participant.nextDeadline() { earliest = min(earliest ?? deadline, deadline) }
        }
        return earliest
    }

    private func runDue() {
        for participant in liveParticipants { participant.fireDeadlines(at: currentTime) }
        // Every timer due is taken out at once and run in (time, scheduling) order: picking them
        // one at a time cost the number of timers each (10,000 animations ending together took
        // seconds). An action may schedule more; those due now run in a further round, after
        // these, as their later scheduling puts them; one it cancels does not run.
        while timers.contains(where: { $0.time <= currentTime }) {
            let due = timers.filter { $0.time <= currentTime }.sorted { ($0.time, $0.sequence) < ($1.time, $1.sequence) }
            timers.removeAll { $0.time <= currentTime }
            let outer = cancelledWhileRunning
            cancelledWhileRunning = []
            for timer in due where !(cancelledWhileRunning?.contains(timer.sequence) ?? false) { timer.action() }
            cancelledWhileRunning = outer.map { $0.union(cancelledWhileRunning ?? []) }
        }
    }

    // MARK: The thread's clock

    /// The clock whose work is running now (nil outside every clock's work), and the clock made
    /// or run last.
    package private(set) static var running: SimulatedClock?
    private static var ambient: SimulatedClock?

    /// The clock whose work is running, else the clock made or run last (a new one if there is
    /// none yet): the one `UIView.animate` and `SimulatedQueue.main` use. Like every UI clock it
    /// belongs to the main actor; the last one is kept alive, so work scheduled before a window
    /// exists is not lost.
    public static var current: SimulatedClock {
        running ?? ambient ?? SimulatedClock()
    }

    /// Runs `body` with `clock` as the current clock.
    public static func withCurrent<Result>(_ clock: SimulatedClock, _ body: () throws -> Result) rethrows -> Result {
        let previous = running
        running = clock
        makeAmbient(clock)
        defer { running = previous }
        return try body()
    }

    private static func makeAmbient(_ clock: SimulatedClock) {
        ambient = clock
    }
}

/// Something that moves with a clock: a dynamic animator, a scroll view, a window's views.
@preconcurrency @MainActor
public protocol ClockParticipant: AnyObject {
    /// The next moment something must happen exactly (a long press's timer), if any.
    func nextDeadline() -> TimeInterval?
    /// Fires whatever is due at `time`.
    func fireDeadlines(at time: TimeInterval)
    /// Continuous motion up to `time` (physics).
    func step(to time: TimeInterval)
    /// The 120 Hz display tick.
    func displayTick(at time: TimeInterval)
}

extension ClockParticipant {
    public func nextDeadline() -> TimeInterval? { nil }
    public func fireDeadlines(at time: TimeInterval) {}
    public func step(to time: TimeInterval) {}
    public func displayTick(at time: TimeInterval) {}
}

private struct WeakParticipant {
    weak var value: ClockParticipant?
}

/// A main queue on simulated time. A port changes one token, `DispatchQueue` → `SimulatedQueue`:
///
///     SimulatedQueue.main.asyncAfter(deadline: .now() + 0.5) { self.collectionView.reloadData() }
///
/// `.now()` is the current clock's time (`SimulatedClock.current`), and the work runs when that
/// clock's window reaches the deadline, in the order it was scheduled among work due together.
public struct SimulatedQueue: Sendable {
    public static let main = SimulatedQueue()

    /// Runs `work` on the next turn of the clock (at the current time, after what is running now).
    @MainActor public func async(execute work: @escaping @MainActor () -> Void) {
        let clock = SimulatedClock.current
        clock.schedule(at: clock.currentTime, work)
    }

    /// Runs `work` when the clock reaches `deadline`.
    @MainActor public func asyncAfter(deadline: SimulatedTime, execute work: @escaping @MainActor () -> Void) {
        SimulatedClock.current.schedule(at: deadline.seconds, work)
    }
}

/// A moment of simulated time, as `DispatchTime` is of real time: `.now() + 0.5`.
public struct SimulatedTime: Comparable, Sendable {
    public var seconds: TimeInterval

    public init(seconds: TimeInterval) { self.seconds = seconds }

    @MainActor public static func now() -> SimulatedTime { SimulatedTime(seconds: SimulatedClock.current.currentTime) }

    public static func + (lhs: SimulatedTime, rhs: TimeInterval) -> SimulatedTime { SimulatedTime(seconds: lhs.seconds + rhs) }
    public static func - (lhs: SimulatedTime, rhs: TimeInterval) -> SimulatedTime { SimulatedTime(seconds: lhs.seconds - rhs) }
    public static func < (lhs: SimulatedTime, rhs: SimulatedTime) -> Bool { lhs.seconds < rhs.seconds }
}
