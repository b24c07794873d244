import Foundation

/// Whether code runs on the main actor, without stopping when it does not (`assumeIsolated`
/// would). The main actor's jobs run on the main dispatch queue, which is not always drained by
/// the main thread (Swift Testing on Linux drains it from a worker), so the queue is asked, not
/// the thread.
package enum MainQueue {
    private static let key = DispatchSpecificKey<Bool>()
    private static let marked: Bool = {
        DispatchQueue.main.setSpecific(key: key, value: true)
        return true
    }()

    package static var isCurrent: Bool {
        _ = marked
        return DispatchQueue.getSpecific(key: key) == true
    }
}
