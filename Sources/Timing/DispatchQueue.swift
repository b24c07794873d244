@preconcurrency import Dispatch
@_exported import Foundation
import Vocabulary
import Views

// The main queue on the window's clock.
//
// `DispatchQueue.main.asyncAfter(deadline: .now() + 2) { … }` and `DispatchQueue.main.async { … }`
// written as iOS code writes them reach the two methods below: Swift prefers them to Dispatch's
// own, which take two more (defaulted) parameters, whatever else the file imports. Called on the
// main queue while a window's clock runs (building and laying out a window's UI, handling its
// touches, animation completions, timers: everything a recording plays), the work runs at the
// window's simulated time; anywhere else, and on every other queue, they hand it to Dispatch,
// which waits on the wall clock. Calls that pass `qos:` or `flags:`, or a `DispatchWorkItem`,
// are Dispatch's.

extension DispatchQueue {
    /// Runs `work` at `deadline`. On the main queue while a window's clock runs, `deadline` is
    /// read as a delay from now (to the millisecond: the wall clock moved a few microseconds since
    /// `.now()` was taken) and the work runs that much later in simulated time.
    public func asyncAfter(deadline: DispatchTime, execute work: @escaping @Sendable @convention(block) () -> Void) {
        if isMainQueue {
            let nanoseconds = Int64(bitPattern: deadline.uptimeNanoseconds &- DispatchTime.now().uptimeNanoseconds)
            let delay = max(0, (Double(nanoseconds) / 1e6).rounded() / 1e3)
            if delay < 1e9, SimulatedTimers.schedule(after: delay, work) { return }
        } else {
            SimulatedTimers.warnIfClockRuns("DispatchQueue(label: \"\(label)\").asyncAfter")
        }
        asyncAfter(deadline: deadline, qos: .unspecified, flags: [], execute: work)
    }

    /// Runs `work` on the queue. On the main queue while a window's clock runs, it runs on that
    /// clock's next turn (at the current simulated time, after what runs now).
    public func async(execute work: @escaping @Sendable @convention(block) () -> Void) {
        if isMainQueue, SimulatedTimers.schedule(after: 0, work) { return }
        async(group: nil, qos: .unspecified, flags: [], execute: work)
    }

    /// Whether this is the main queue (told by its label: Dispatch's `main` is not always one
    /// object on Linux).
    private var isMainQueue: Bool { label == DispatchQueue.main.label }
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
        guard MainQueue.isCurrent else { return false }
        return MainActor.assumeIsolated {
            guard let clock = SimulatedClock.running else { return false }
            clock.schedule(at: clock.currentTime + delay) { work() }
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
