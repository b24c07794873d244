import Foundation
import Recording

/// A stretch of a recording whose motion is measured on its own: the whole recording, a touch
/// (the finger down and moving), the release after it, a span from a named mark, or any span a
/// check names.
///
/// Metrics over a whole drag-then-release recording mostly describe the finger; the phases let a
/// report say what changed after the release, where the spring moves on its own, and that nothing
/// changed while the finger held the item.
public struct MotionPhase: Equatable, Sendable {
    /// What the phase is.
    public enum Kind: String, Equatable, Sendable {
        /// From the start to the end.
        case whole
        /// From a touch-down to its touch-up.
        case touch
        /// From a touch-up to the next touch-down or the end: where a spring responds.
        case release
        /// From a `Recorder.Mark` to the next mark or the end.
        case mark
        /// A span the check names.
        case span
    }

    /// Names the phase in reports ("release", "drag 2", "settle").
    public var name: String
    /// Seconds from the start of the recording; a frame at `start` belongs to the phase.
    public var start: Double
    /// Seconds; a frame at `end` belongs to the phase.
    public var end: Double
    public var kind: Kind

    /// A phase called `name` from `start` to `end` seconds.
    public init(name: String, start: Double, end: Double, kind: Kind = .span) {
        self.name = name
        self.start = start
        self.end = end
        self.kind = kind
    }

    /// A span the check names, from `start` to `end` seconds.
    public static func span(_ name: String, from start: Double, to end: Double) -> MotionPhase {
        MotionPhase(name: name, start: start, end: end, kind: .span)
    }

    /// Whether the motion in the phase is a response (after a release or a mark, or a named
    /// span): a spring is fitted to it.
    public var isResponse: Bool { kind != .whole && kind != .touch }

    /// Whether `time` falls in the phase.
    public func contains(_ time: Double) -> Bool { time >= start - 1e-9 && time <= end + 1e-9 }

    /// "release (1.30–3.00 s)".
    public var label: String { "\(name) (\(String(format: "%.2f", start))–\(String(format: "%.2f", end)) s)" }

    /// The phases of a recording of `duration` seconds played with `touches` and `marks`: the
    /// whole recording; each touch ("drag" when the finger moves, else "press") and the release
    /// after it (numbered when there are several); then one phase per mark. Taps are a press
    /// and a release.
    public static func phases(duration: Double, touches: TouchScript, marks: [Recorder.Mark] = []) -> [MotionPhase] {
        var phases = [MotionPhase(name: "whole recording", start: 0, end: duration, kind: .whole)]
        var spans: [(down: Double, up: Double?, moved: Bool)] = []
        for event in touches.events {
            switch event {
            case .down(let at, _):
                spans.append((at, nil, false))
            case .move:
                if let last = spans.last, last.up == nil { spans[spans.count - 1].moved = true }
            case .up(let at):
                if let last = spans.last, last.up == nil { spans[spans.count - 1].up = at }
            case .tap(let at, _, let length):
                spans.append((at, at + length, false))
            }
        }
        let numbered = spans.count > 1
        for (index, span) in spans.enumerated() {
            let suffix = numbered ? " \(index + 1)" : ""
            let up = min(span.up ?? duration, duration)
            phases.append(MotionPhase(name: (span.moved ? "drag" : "press") + suffix, start: span.down, end: up, kind: .touch))
            guard span.up != nil, up < duration else { continue }
            let next = index + 1 < spans.count ? min(spans[index + 1].down, duration) : duration
            phases.append(MotionPhase(name: "release" + suffix, start: up, end: next, kind: .release))
        }
        for (index, mark) in marks.enumerated() where mark.time <= duration {
            let next = index + 1 < marks.count ? min(marks[index + 1].time, duration) : duration
            phases.append(MotionPhase(name: mark.name, start: mark.time, end: next, kind: .mark))
        }
        return phases
    }
}

/// One phase of an element's motion: the metrics people tune by and, for a response phase in
/// which the element moves, the fitted spring.
public struct PhaseMetrics: Equatable, Sendable {
    public var motion: MotionMetrics
    /// Nil when the phase is not a response, the element barely moves in it, or (in a
    /// comparison) its motion there did not change.
    public var fit: SpringFit?

    /// The metrics of `track`'s samples within `phase`; nil when it has fewer than two there.
    /// `fits`: whether to fit a spring (to a response phase only; each fit costs a search over
    /// ζ and f, so an unchanged phase is not fitted).
    init?(_ track: MotionComparison.Track, phase: MotionPhase, fits: Bool = true) {
        let indices = track.times.indices.filter { phase.contains(track.times[$0]) }
        guard indices.count >= 2 else { return nil }
        let times = indices.map { track.times[$0] }, positions = indices.map { track.positions[$0] }
        motion = MotionMetrics(times: times, positions: positions, scales: indices.map { track.scales[$0] })
        fit = fits && phase.isResponse ? SpringFit(times: times, positions: positions) : nil
    }
}

extension MotionComparison.Track {
    /// The samples within `phase`.
    func restricted(to phase: MotionPhase) -> MotionComparison.Track {
        var track = self
        let kept = times.indices.filter { phase.contains(times[$0]) }
        track.times = kept.map { times[$0] }
        track.positions = kept.map { positions[$0] }
        track.scales = kept.map { scales[$0] }
        track.angles = kept.map { angles[$0] }
        track.alphas = kept.map { alphas[$0] }
        return track
    }
}

extension MotionComparison.ElementMotion {
    /// Both tracks within `phase`; a track with no sample there is left out.
    func restricted(to phase: MotionPhase) -> MotionComparison.ElementMotion {
        var motion = self
        motion.reference = reference.map { $0.restricted(to: phase) }.flatMap { $0.times.isEmpty ? nil : $0 }
        motion.actual = actual.map { $0.restricted(to: phase) }.flatMap { $0.times.isEmpty ? nil : $0 }
        return motion
    }
}

extension MotionComparison.ItemChange {
    /// The first response phase (release, mark, span) in which the element changed; nil when
    /// it changed in none (only while the finger held it, say: then the whole recording's
    /// metrics say more than the touch's).
    public var mostTellingPhase: MotionComparison.PhaseChange? {
        phases.first { $0.changed && $0.phase.isResponse }
    }
}
