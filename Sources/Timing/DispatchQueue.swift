import Vocabulary
@preconcurrency import Dispatch
@_exported import Foundation
import Views

// Dispatch's queue and time, as code that imports Springframes sees them.
//
// These declarations shadow Dispatch's `DispatchQueue` and `DispatchTime` for code that imports
// Springframes (a module's own declarations win over those of a module it imports), so iOS code
// keeps `DispatchQueue.main.asyncAfter(deadline: .now() + 2) { … }` unchanged and the work runs
// at the window's simulated time when it is scheduled while a window's clock runs (building and
// laying out a window's UI, handling its touches, animation completions, timers: everything a
// recording plays). Anywhere else, and on every queue but the main queue, they hand the work to
// Dispatch, whose queues run on the wall clock. Code in files that import only Foundation keeps
// Dispatch's own types.

/// The moment a main-queue timer is due: Dispatch's time, plus the simulated time when taken
/// while a window's clock runs. `.now() + 0.5` is exactly half a simulated second later.
public struct DispatchTime: Comparable, Hashable, Sendable {
    /// The wall-clock moment, for Dispatch.
    public var rawValue: Dispatch.DispatchTime
    /// The simulated moment (seconds of the window's clock), when `now()` was taken on the main
    /// queue while a clock ran.
    public var simulatedSeconds: Double?

    public init(_ rawValue: Dispatch.DispatchTime, simulatedSeconds: Double? = nil) {
        self.rawValue = rawValue
        self.simulatedSeconds = simulatedSeconds
    }

    public init(uptimeNanoseconds: UInt64) {
        self.init(Dispatch.DispatchTime(uptimeNanoseconds: uptimeNanoseconds))
    }

    public static func now() -> DispatchTime {
        DispatchTime(.now(), simulatedSeconds: SimulatedTimers.runningClockTime())
    }

    public static let distantFuture = DispatchTime(.distantFuture)
    public var uptimeNanoseconds: UInt64 { rawValue.uptimeNanoseconds }

    public static func + (time: DispatchTime, seconds: Double) -> DispatchTime {
        DispatchTime(time.rawValue + seconds, simulatedSeconds: time.simulatedSeconds.map { $0 + seconds })
    }

    public static func - (time: DispatchTime, seconds: Double) -> DispatchTime {
        DispatchTime(time.rawValue - seconds, simulatedSeconds: time.simulatedSeconds.map { $0 - seconds })
    }

    public static func + (time: DispatchTime, interval: DispatchTimeInterval) -> DispatchTime {
        time + interval.seconds
    }

    public static func - (time: DispatchTime, interval: DispatchTimeInterval) -> DispatchTime {
        time - interval.seconds
    }

    public static func < (lhs: DispatchTime, rhs: DispatchTime) -> Bool { lhs.rawValue < rhs.rawValue }
    public static func == (lhs: DispatchTime, rhs: DispatchTime) -> Bool { lhs.rawValue == rhs.rawValue }
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue.uptimeNanoseconds) }
}

extension DispatchTimeInterval {
    /// The interval in seconds (`.never` is infinite).
    var seconds: Double {
        switch self {
        case .seconds(let n): Double(n)
        case .milliseconds(let n): Double(n) / 1e3
        case .microseconds(let n): Double(n) / 1e6
        case .nanoseconds(let n): Double(n) / 1e9
        case .never: .infinity
        @unknown default: .infinity
        }
    }
}

/// Dispatch's queue, whose main queue runs on the window's simulated clock while one runs (see
/// the top of this file). Every other queue, and the main queue outside a window's clock, is
/// Dispatch's, reached through `rawValue`.
public struct DispatchQueue: Equatable, Sendable {
    public typealias Attributes = Dispatch.DispatchQueue.Attributes
    public typealias AutoreleaseFrequency = Dispatch.DispatchQueue.AutoreleaseFrequency

    /// Dispatch's queue.
    public let rawValue: Dispatch.DispatchQueue
    private let isMain: Bool

    /// Dispatch's `queue` (its main queue is this type's `main`).
    public init(_ rawValue: Dispatch.DispatchQueue) {
        // Dispatch's `main` is not always one object on Linux: the main queue is told by its label.
        self.init(rawValue, isMain: rawValue.label == Dispatch.DispatchQueue.main.label)
    }

    private init(_ rawValue: Dispatch.DispatchQueue, isMain: Bool) {
        self.rawValue = rawValue
        self.isMain = isMain
    }

    public init(label: String, qos: DispatchQoS = .unspecified, attributes: Attributes = [],
                autoreleaseFrequency: AutoreleaseFrequency = .inherit, target: DispatchQueue? = nil) {
        self.init(Dispatch.DispatchQueue(label: label, qos: qos, attributes: attributes, autoreleaseFrequency: autoreleaseFrequency,
                                         target: target?.rawValue))
    }

    public static let main = DispatchQueue(.main, isMain: true)

    public static func global(qos: DispatchQoS.QoSClass = .default) -> DispatchQueue {
        DispatchQueue(.global(qos: qos))
    }

    public var label: String { rawValue.label }

    public static func concurrentPerform(iterations: Int, execute work: @Sendable (Int) -> Void) {
        Dispatch.DispatchQueue.concurrentPerform(iterations: iterations, execute: work)
    }

    public static func == (lhs: DispatchQueue, rhs: DispatchQueue) -> Bool {
        lhs.rawValue === rhs.rawValue || (lhs.isMain && rhs.isMain)
    }

    // MARK: Async

    /// Runs `work` on the queue. On the main queue while a window's clock runs, it runs on that
    /// clock's next turn (at the current simulated time, after what runs now).
    public func async(group: DispatchGroup? = nil, qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [],
                      execute work: @escaping @Sendable @convention(block) () -> Void) {
        if isMain, group == nil, SimulatedTimers.schedule(after: 0, work) { return }
        rawValue.async(group: group, qos: qos, flags: flags, execute: work)
    }

    public func async(execute workItem: DispatchWorkItem) {
        if isMain, SimulatedTimers.schedule(after: 0, { workItem.perform() }) { return }
        rawValue.async(execute: workItem)
    }

    /// Runs `work` at `deadline`: on the main queue while a window's clock runs, at the simulated
    /// moment `deadline` names (`.now() + 2` is two simulated seconds from now).
    public func asyncAfter(deadline: DispatchTime, qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [],
                           execute work: @escaping @Sendable @convention(block) () -> Void) {
        if schedulesOnClock(deadline), SimulatedTimers.schedule(at: deadline.simulatedSeconds!, work) { return }
        rawValue.asyncAfter(deadline: deadline.rawValue, qos: qos, flags: flags, execute: work)
    }

    public func asyncAfter(deadline: DispatchTime, execute workItem: DispatchWorkItem) {
        if schedulesOnClock(deadline), SimulatedTimers.schedule(at: deadline.simulatedSeconds!, { workItem.perform() }) { return }
        rawValue.asyncAfter(deadline: deadline.rawValue, execute: workItem)
    }

    /// Wall-clock deadlines stay on the wall clock, on every queue.
    public func asyncAfter(wallDeadline: DispatchWallTime, qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [],
                           execute work: @escaping @Sendable @convention(block) () -> Void) {
        SimulatedTimers.warnIfClockRuns("DispatchQueue.asyncAfter(wallDeadline:)")
        rawValue.asyncAfter(wallDeadline: wallDeadline, qos: qos, flags: flags, execute: work)
    }

    private func schedulesOnClock(_ deadline: DispatchTime) -> Bool {
        guard deadline.simulatedSeconds != nil else { return false }
        guard isMain else {
            SimulatedTimers.warnIfClockRuns("DispatchQueue(label: \"\(label)\").asyncAfter")
            return false
        }
        return true
    }

    // MARK: Sync

    public func sync<T>(execute work: () throws -> T) rethrows -> T {
        try rawValue.sync(execute: work)
    }

    public func sync<T>(flags: DispatchWorkItemFlags, execute work: () throws -> T) rethrows -> T {
        try rawValue.sync(flags: flags, execute: work)
    }

    public func sync(execute workItem: DispatchWorkItem) {
        rawValue.sync(execute: workItem)
    }
}

extension DispatchGroup {
    /// Runs `work` on `queue` once the group's work is done.
    public func notify(qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [], queue: DispatchQueue,
                       execute work: @escaping @Sendable @convention(block) () -> Void) {
        notify(qos: qos, flags: flags, queue: queue.rawValue, execute: work)
    }

    public func wait(timeout: DispatchTime) -> DispatchTimeoutResult { wait(timeout: timeout.rawValue) }
}

extension DispatchSemaphore {
    public func wait(timeout: DispatchTime) -> DispatchTimeoutResult { wait(timeout: timeout.rawValue) }
}

extension DispatchWorkItem {
    public func notify(qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [], queue: DispatchQueue,
                       execute: @escaping @Sendable @convention(block) () -> Void) {
        notify(qos: qos, flags: flags, queue: queue.rawValue, execute: execute)
    }

    public func wait(timeout: DispatchTime) -> DispatchTimeoutResult { wait(timeout: timeout.rawValue) }
}

/// The bridge to the running window's clock.
enum SimulatedTimers {
    /// The running clock's time, when called on the main queue while a window's clock runs.
    static func runningClockTime() -> Double? {
        guard MainQueue.isCurrent else { return nil }
        return MainActor.assumeIsolated { SimulatedClock.running?.currentTime }
    }

    /// Schedules `work` `delay` seconds from now on the running clock; false (nothing scheduled)
    /// when no clock runs or this is not the main queue.
    static func schedule(after delay: Double, _ work: @escaping @Sendable () -> Void) -> Bool {
        guard let now = runningClockTime() else { return false }
        return schedule(at: now + delay, work)
    }

    /// Schedules `work` at `time` on the running clock; false when none runs here.
    static func schedule(at time: Double, _ work: @escaping @Sendable () -> Void) -> Bool {
        guard MainQueue.isCurrent else { return false }
        return MainActor.assumeIsolated {
            guard let clock = SimulatedClock.running else { return false }
            clock.schedule(at: time) { work() }
            return true
        }
    }

    /// Says once, in a debug build, that a wall-clock wait is used while a window's clock runs:
    /// it will not fire at the simulated time.
    static func warnIfClockRuns(_ what: String) {
        guard MainQueue.isCurrent, MainActor.assumeIsolated({ SimulatedClock.running != nil }) else { return }
        UIKitCompatibility.notHonoured(what, "it waits on the wall clock, not the window's simulated clock: in a recording it fires late or never; use DispatchQueue.main")
    }
}
