import Vocabulary
import Foundation
import Views

/// The blinking insertion point shared by text fields, text views and search bars: a 2 pt bar in
/// the tint colour, shown for 0.5 s and hidden for 0.5 s on the window's clock, starting shown
/// whenever editing begins or the text changes (as iOS restarts the blink while typing).
///
/// iOS fades its caret rather than switching it; a recording sampled at 30 or 60 frames/s shows
/// the same on/off halves, and a hard switch keeps frames byte-identical however they are sampled.
@MainActor
final class TextCaret: ClockParticipant {
    /// How long the caret stays shown, then hidden (s).
    static let halfPeriod: TimeInterval = 0.5
    /// The caret's width.
    static let width: CGFloat = 2

    let view = UIView(frame: .zero)
    private weak var clock: SimulatedClock?
    private var blinkStart: TimeInterval?

    init() {
        view.isUserInteractionEnabled = false
        view.isHidden = true
        view.layer.cornerRadius = 1
    }

    /// Shows the caret and blinks it on `clock` from now.
    func start(on clock: SimulatedClock?) {
        stop()
        guard let clock else { return }
        self.clock = clock
        blinkStart = clock.currentTime
        view.isHidden = false
        clock.add(self)
    }

    /// Shows it again from the start of a blink (after an edit).
    func restart() {
        guard let clock, blinkStart != nil else { return }
        blinkStart = clock.currentTime
        view.isHidden = false
    }

    func stop() {
        clock?.remove(self)
        clock = nil
        blinkStart = nil
        view.isHidden = true
    }

    private func halves(at time: TimeInterval, since start: TimeInterval) -> Int {
        Int(((time - start) / Self.halfPeriod + 1e-9).rounded(.down))
    }

    func nextDeadline() -> TimeInterval? {
        guard let blinkStart, let clock else { return nil }
        return blinkStart + Double(halves(at: clock.currentTime, since: blinkStart) + 1) * Self.halfPeriod
    }

    func fireDeadlines(at time: TimeInterval) {
        guard let blinkStart else { return }
        view.isHidden = halves(at: time, since: blinkStart) % 2 == 1
    }
}
