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
    var elapsed: Double { (clock.now - start) / .seconds(1) }

    func update(done: Int, total: Int) {
        guard isTerminal else { return }
        let now = clock.now
        if let lastDraw, done < total, now - lastDraw < .milliseconds(50) { return }
        lastDraw = now
        let fraction = total > 0 ? Double(done) / Double(total) : 1
        let rate = elapsed > 0 ? Double(done) / elapsed : 0
        let remaining = rate > 0 ? Double(total - done) / rate : 0
        let stats = " \(done)/\(total) frames  \(String(format: "%.1f", rate)) fps  ETA \(String(format: "%.0f", remaining)) s"
        let line = "\r" + Self.fitted(label: label, fraction: fraction, stats: stats, columns: Self.terminalColumns()) + "\u{1B}[K"
        writeStandardError(line)
        if done == total { writeStandardError("\n") }
    }

    /// The bar's line in at most `columns - 1` characters, so that it never wraps (a wrapped
    /// line turns every redraw into a new line): the bar shrinks from 30 cells to 10, then the
    /// label is cut short, then the statistics go.
    static func fitted(label: String, fraction: Double, stats: String, columns: Int) -> String {
        let room = max(columns - 1, 1)
        func bar(_ width: Int) -> String {
            let filled = min(width, Int((fraction * Double(width)).rounded(.down)))
            return "[" + String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled) + "]"
        }
        let fixed = stats.count + 3          // the space after the label and the brackets
        let barWidth = min(30, max(10, room - fixed - label.count))
        var label = label
        if label.count + barWidth + fixed > room {
            let kept = room - barWidth - fixed - 1
            label = kept > 0 ? String(label.prefix(kept)) + "…" : ""
        }
        var line = (label.isEmpty ? "" : label + " ") + bar(barWidth) + stats
        if line.count > room { line = String((bar(min(barWidth, room - 2)) + stats).prefix(room)) }
        return line
    }

    /// The terminal's width from standard error, else $COLUMNS, else 80.
    static func terminalColumns() -> Int {
        var size = winsize()
        if ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init) ?? 80
    }

    /// Clears an unfinished bar's line (before an error message).
    func abandon() {
        guard isTerminal, lastDraw != nil else { return }
        writeStandardError("\n")
    }
}
