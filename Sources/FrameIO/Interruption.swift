import Foundation

/// What an interrupted run has to clean up, and the handlers that do it.
///
/// Files are written under temporary names and renamed into place (`AtomicFile`), and videos are
/// made by ffmpeg in a child process. Killed by SIGINT (Ctrl-C) or SIGTERM, a run would leave the
/// temporary files behind (hidden, and never removed) and ffmpeg running. With the handlers
/// installed (the command-line tool installs them), such a signal stops every ffmpeg this process
/// started, removes every temporary file it is writing, says so on standard error and exits with
/// 128 + the signal's number (130, 143), as shells expect. Whole files already in place are kept.
///
/// Temporary files are created through `create(temporaryFile:_:)`, under the same lock the
/// handler takes, so none can appear after the handler has cleaned up.
package enum Interruption {
    /// Creates the temporary file at `path` with `open` (which returns a descriptor, or -1) and
    /// remembers it; nil, and nothing created, once the run has been interrupted.
    package static func create(temporaryFile path: String, _ open: () -> Int32) -> Int32? {
        state.withLock { state in
            guard !state.interrupted else { return nil }
            let descriptor = open()
            if descriptor >= 0 { state.files.insert(path) }
            return descriptor
        }
    }

    /// Remembers a temporary file made by someone else (ffmpeg's output).
    package static func remember(temporaryFile path: String) {
        state.withLock { state in _ = state.files.insert(path) }
    }

    /// Forgets a temporary file that was renamed into place or removed.
    package static func forget(temporaryFile path: String) {
        state.withLock { state in _ = state.files.remove(path) }
    }

    /// Remembers a child process to stop on interruption.
    package static func remember(process identifier: Int32) {
        state.withLock { state in _ = state.processes.insert(identifier) }
    }

    package static func forget(process identifier: Int32) {
        state.withLock { state in _ = state.processes.remove(identifier) }
    }

    /// Handles SIGINT and SIGTERM from now on: children stopped, temporary files removed,
    /// `report(signal, removedFiles)` called, then the process exits with 128 + signal.
    package static func installHandlers(report: @escaping @Sendable (_ signal: Int32, _ removedFiles: Int) -> Void) {
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { stop(signal: number, report: report) }
            source.resume()
            state.withLock { state in state.sources.append(source) }
        }
    }

    /// Cleans up and exits. The lock is kept to the end, so no file is created meanwhile.
    private static func stop(signal number: Int32, report: (Int32, Int) -> Void) -> Never {
        state.lock.lock()
        state.interrupted = true
        for process in state.processes.sorted() { kill(process, SIGTERM) }
        var removed = 0
        for file in state.files.sorted() where unlink(file) == 0 { removed += 1 }
        report(number, removed)
        _exit(128 + number)
    }

    /// `@unchecked`: every field is read and written with `lock` held.
    private final class State: @unchecked Sendable {
        let lock = NSLock()
        var interrupted = false
        var files: Set<String> = []
        var processes: Set<Int32> = []
        var sources: [DispatchSourceSignal] = []

        func withLock<Result>(_ body: (State) -> Result) -> Result {
            lock.lock()
            defer { lock.unlock() }
            return body(self)
        }
    }

    private static let state = State()
}
