import Foundation

/// A progress bar on standard error when it is a terminal; nothing otherwise (the command prints
/// a one-line summary when it is done).
final class ProgressBar {
    private let label: String
    private let isTerminal = isatty(STDERR_FILENO) == 1
    private let clock = ContinuousClock()
    private let start: ContinuousClock.Instant
    private var lastDraw: ContinuousClock.Instant?

    init(label: String) {
        self.label = label
        start = clock.now
    }

    /// Seconds since the bar was made.
    var elapsed: Double { (clock.now - start).inSeconds }

    func update(done: Int, total: Int) {
        guard isTerminal else { return }
        let now = clock.now
        if let lastDraw, done < total, (now - lastDraw).inSeconds < 0.05 { return }
        lastDraw = now
        let width = 30
        let fraction = total > 0 ? Double(done) / Double(total) : 1
        let filled = Int((fraction * Double(width)).rounded(.down))
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        let rate = elapsed > 0 ? Double(done) / elapsed : 0
        let remaining = rate > 0 ? Double(total - done) / rate : 0
        let line = "\r\(label) [\(bar)] \(done)/\(total) frames  \(String(format: "%.1f", rate)) fps  ETA \(String(format: "%.0f", remaining)) s "
        writeStandardError(line)
        if done == total { writeStandardError("\n") }
    }

    /// Clears an unfinished bar's line (before an error message).
    func abandon() {
        guard isTerminal, lastDraw != nil else { return }
        writeStandardError("\n")
    }
}
