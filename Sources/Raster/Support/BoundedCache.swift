import Foundation

/// A dictionary shared between threads for values that can always be made again: a missing value
/// is made outside the lock (two threads may both make it; either result serves), and when the
/// cache holds `limit` values it starts over. Whatever it holds, callers get equal values, so
/// output never depends on it.
/// `@unchecked`: `values` is read and written only with `lock` held.
package final class BoundedCache<Key: Hashable, Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Key: Value] = [:]
    private let limit: Int

    package init(limit: Int) {
        self.limit = limit
    }

    package var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return values.count
    }

    package func value(for key: Key, make: () -> Value) -> Value {
        lock.lock()
        if let value = values[key] {
            lock.unlock()
            return value
        }
        lock.unlock()
        let made = make()
        lock.lock()
        defer { lock.unlock() }
        if values.count >= limit { values.removeAll(keepingCapacity: true) }
        values[key] = made
        return made
    }
}
