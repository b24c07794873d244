import Foundation

/// A value that threads hand to each other or share, behind a lock: the one box the package uses
/// wherever a thread writes what another reads (a pipe read on another thread, a result handed
/// back from a worker, a registry filled from any thread).
///
/// `@unchecked`: `value` is read and written only inside `withLock`, with `lock` held.
package final class LockBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` on the value with the lock held; keep it short, and never lock the same box in it.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    /// The value as it is now.
    package var current: Value { withLock { $0 } }
}
