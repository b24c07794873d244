import Foundation
import Recording

/// How far a traced quantity may move before it counts as changed.
public struct MotionTolerance: Equatable, Sendable {
    /// Centre and size, in points.
    public var position: Double = 0.01
    /// Radians.
    public var angle: Double = 1e-4
    public var alpha: Double = 1e-4
    /// Scale factors (1 = unscaled).
    public var scale: Double = 1e-4
    /// Units in the last place allowed on top, so that a value computed in a different order
    /// still matches.
    public var ulps: Double = 4

    public init(position: Double = 0.01, angle: Double = 1e-4, alpha: Double = 1e-4, scale: Double = 1e-4, ulps: Double = 4) {
        self.position = position
        self.angle = angle
        self.alpha = alpha
        self.scale = scale
        self.ulps = ulps
    }

    func allows(_ a: Double, _ b: Double, _ absolute: Double) -> Bool {
        abs(a - b) <= absolute + ulps * max(abs(a), abs(b)).ulp
    }
}

/// A scene's trace compared with its golden trace.
public struct MotionComparison: Sendable {
    public struct Difference: Equatable, Sendable {
        public var frame: Int
        public var time: Double
        /// The element, as reports name it ("item 5", "content offset of collectionView").
        public var element: String
        public var section: Int
        public var item: Int
        /// The column: x, y, width, height, scaleX, scaleY, angle, zIndex, alpha or hidden.
        public var quantity: String
        public var reference: Double
        public var actual: Double
    }

    public struct ItemChange: Equatable, Sendable {
        /// What moved differently.
        public var key: SceneTrace.Row.Key
        /// As reports name it ("item 5").
        public var element: String
        /// Where it was at the last frame.
        public var section: Int
        public var item: Int
        public var reference: MotionMetrics
        public var actual: MotionMetrics
        /// The same element phase by phase (every phase of the comparison but the whole
        /// recording), in the comparison's phase order.
        public var phases: [PhaseChange] = []
    }

    /// One element's motion in one phase, in both traces.
    public struct PhaseChange: Equatable, Sendable {
        public var phase: MotionPhase
        /// Nil where a trace shows the element at fewer than two frames of the phase.
        public var reference: PhaseMetrics?
        public var actual: PhaseMetrics?
        /// The largest distance between the element's two centres at a frame of the phase, points.
        public var largestDeviation: Double
        /// Whether the element moved beyond the tolerance at some frame of the phase.
        public var changed: Bool
    }

    /// Frame count, items or rows that do not line up; nil when the traces have the same shape.
    public var mismatch: String?
    public var firstDifference: Difference?
    /// Rows with at least one quantity beyond the tolerance.
    public var differingRows: Int
    /// Items with at least one differing row.
    public var differingItems: Int
    /// Moving items whose motion changed, with both sets of metrics, among the first
    /// `metricItemLimit` differing items.
    public var changes: [ItemChange]
    /// The motion of the first `metricItemLimit` differing elements and of every scroll view (its
    /// content offset, changed or not), in both traces, for plots.
    public var motions: [ElementMotion] = []
    /// The phases measured on their own (see ``MotionPhase``): the whole recording first.
    public var phases: [MotionPhase] = []

    /// How many differing items get motion metrics: each costs its position at every frame, in both
    /// traces.
    public static let metricItemLimit = 100

    public var passes: Bool { mismatch == nil && differingRows == 0 }

    /// One frame's rows at a time, nil after the last frame.
    public typealias Frames = () throws -> [SceneTrace.Row]?

    public static func compare(reference: SceneTrace, actual: SceneTrace, tolerance: MotionTolerance = MotionTolerance(),
                               phases: [MotionPhase] = []) -> MotionComparison {
        func frames(_ trace: SceneTrace) -> Frames {
            var frames = trace.rowsByFrame.makeIterator()
            return { frames.next().map(Array.init) }
        }
        // In-memory frames never throw.
        return try! compare(reference: { frames(reference) }, actual: { frames(actual) }, tolerance: tolerance, phases: phases)
    }

    /// Compares two traces frame by frame, holding one frame of each: `reference` and `actual`
    /// each start a pass over their trace. A second pass is made only when rows differ, to measure
    /// the motion of the differing items, whole and in each of `phases` (see ``MotionPhase``).
    public static func compare(reference: () throws -> Frames, actual: () throws -> Frames,
                               tolerance: MotionTolerance = MotionTolerance(), phases: [MotionPhase] = []) throws -> MotionComparison {
        var result = MotionComparison(mismatch: nil, firstDifference: nil, differingRows: 0, differingItems: 0, changes: [])
        result.phases = phases
        var differing: [SceneTrace.Row.Key: String] = [:]
        var misaligned: String?
        var counts = (referenceRows: 0, referenceFrames: 0, actualRows: 0, actualFrames: 0)
        let nextReference = try reference(), nextActual = try actual()
        while true {
            let a = try nextReference(), b = try nextActual()
            if a == nil, b == nil { break }
            counts.referenceRows += a?.count ?? 0
            counts.referenceFrames += a == nil ? 0 : 1
            counts.actualRows += b?.count ?? 0
            counts.actualFrames += b == nil ? 0 : 1
            guard misaligned == nil, let a, let b else { continue }
            misaligned = compareFrame(a, b, tolerance: tolerance, into: &result, differing: &differing)
        }
        if counts.referenceFrames != counts.actualFrames {
            result.mismatch = "the reference has \(counted(counts.referenceFrames, "frame")) and the actual trace "
                + "\(counted(counts.actualFrames, "frame")): the recording is \(counts.referenceFrames > counts.actualFrames ? "shorter" : "longer") "
                + "than the golden's (its duration or frame rate changed); if that is intended, record the golden trace again "
                + "with --record failed"
        } else if counts.referenceRows != counts.actualRows {
            result.mismatch = "the reference has \(counted(counts.referenceRows, "row")) over \(counted(counts.referenceFrames, "frame")), "
                + "the actual trace \(counted(counts.actualRows, "row")) over \(counted(counts.actualFrames, "frame"))"
        } else {
            result.mismatch = misaligned
        }
        result.differingItems = differing.count
        if result.mismatch == nil, !differing.isEmpty {
            let tracked = Set(differing.keys.sorted().prefix(metricItemLimit))
            var names = differing
            let reference = try series(of: try reference(), items: tracked, names: &names)
            result.motions = motions(reference: reference, actual: try series(of: try actual(), items: tracked, names: &names), names: names)
            result.changes = itemChanges(result.motions, phases: phases.filter { $0.kind != .whole }, tolerance: tolerance)
        }
        return result
    }

    /// Compares one frame's rows; returns why they do not line up, or nil.
    private static func compareFrame(_ reference: [SceneTrace.Row], _ actual: [SceneTrace.Row], tolerance: MotionTolerance,
                                     into result: inout MotionComparison, differing: inout [SceneTrace.Row.Key: String]) -> String? {
        for index in 0..<max(reference.count, actual.count) {
            guard index < reference.count, index < actual.count else {
                let extra = index < reference.count ? reference[index] : actual[index]
                return "frame \(extra.frame) has \(extra.name) in \(index < reference.count ? "the reference" : "the actual trace") only"
            }
            let a = reference[index], b = actual[index]
            guard a.frame == b.frame, a.isSameElement(as: b) else {
                return "rows do not line up: the reference has frame \(a.frame), \(a.name) "
                    + "where the actual trace has frame \(b.frame), \(b.name)"
            }
            if a.sameState(as: b) { continue }
            let quantities: [(String, Double, Double, Double)] = [
                ("x", a.x, b.x, tolerance.position), ("y", a.y, b.y, tolerance.position),
                ("width", a.width, b.width, tolerance.position), ("height", a.height, b.height, tolerance.position),
                ("scaleX", a.scaleX, b.scaleX, tolerance.scale), ("scaleY", a.scaleY, b.scaleY, tolerance.scale),
                ("angle", a.angle, b.angle, tolerance.angle), ("zIndex", Double(a.zIndex), Double(b.zIndex), 0),
                ("alpha", a.alpha, b.alpha, tolerance.alpha), ("hidden", a.hidden ? 1 : 0, b.hidden ? 1 : 0, 0),
            ]
            let changed = quantities.filter { !tolerance.allows($0.1, $0.2, $0.3) }
            guard let worst = changed.max(by: { abs($0.1 - $0.2) < abs($1.1 - $1.2) }) else { continue }
            result.differingRows += 1
            differing[a.key] = a.name
            if result.firstDifference == nil {
                result.firstDifference = Difference(frame: a.frame, time: a.time, element: a.name, section: a.section, item: a.item,
                                                    quantity: worst.0, reference: worst.1, actual: worst.2)
            }
        }
        return nil
    }

    /// One element's motion over the frames where it is traced.
    public struct Track: Equatable, Sendable {
        /// Seconds.
        public var times: [Double] = []
        /// Centres, points (a scroll view's content offset).
        public var positions: [CGPoint] = []
        /// The larger of the two scale factors.
        public var scales: [Double] = []
        /// Radians.
        public var angles: [Double] = []
        public var alphas: [Double] = []
        /// Where it was at its last frame.
        public var section = 0, item = 0

        public var metrics: MotionMetrics { MotionMetrics(times: times, positions: positions, scales: scales) }

        /// Moves more than 1 pt from where it starts, or scales.
        var moves: Bool {
            positions.contains { hypot(Double($0.x - positions[0].x), Double($0.y - positions[0].y)) > 1 }
                || scales.contains { abs($0 - scales[0]) > 1e-3 }
        }
    }

    /// A differing element's motion in both traces (nil where a trace never shows it).
    public struct ElementMotion: Equatable, Sendable {
        public var key: SceneTrace.Row.Key
        /// As reports name it ("item 5").
        public var element: String
        public var reference: Track?
        public var actual: Track?
    }

    private typealias Series = [SceneTrace.Row.Key: Track]

    /// The motion of `items` and of every scroll view, frame by frame; scroll views' names are
    /// added to `names`.
    private static func series(of frames: Frames, items: Set<SceneTrace.Row.Key>, names: inout [SceneTrace.Row.Key: String]) throws -> Series {
        var byItem: Series = [:]
        while let rows = try frames() {
            for row in rows {
                let key = row.key
                if row.element == .scrollView, names[key] == nil { names[key] = row.name }
                guard items.contains(key) || row.element == .scrollView else { continue }
                var track = byItem.removeValue(forKey: key) ?? Track()
                track.times.append(row.time)
                track.positions.append(CGPoint(x: row.x, y: row.y))
                track.scales.append(max(row.scaleX, row.scaleY))
                track.angles.append(row.angle)
                track.alphas.append(row.alpha)
                (track.section, track.item) = (row.section, row.item)
                byItem[key] = track
            }
        }
        return byItem
    }

    /// Every tracked element's motion in both traces, in key order.
    private static func motions(reference a: Series, actual b: Series, names: [SceneTrace.Row.Key: String]) -> [ElementMotion] {
        Set(a.keys).union(b.keys).sorted().map { ElementMotion(key: $0, element: names[$0] ?? "", reference: a[$0], actual: b[$0]) }
    }

    /// Metrics of every element that moves (more than 1 pt from where it starts) or scales in
    /// either trace and whose metrics differ, in key order.
    private static func itemChanges(_ motions: [ElementMotion], phases: [MotionPhase], tolerance: MotionTolerance) -> [ItemChange] {
        motions.compactMap { motion in
            guard let ra = motion.reference, let rb = motion.actual, ra.moves || rb.moves else { return nil }
            let before = ra.metrics, after = rb.metrics
            guard before != after else { return nil }
            var change = ItemChange(key: motion.key, element: motion.element, section: rb.section, item: rb.item, reference: before, actual: after)
            change.phases = phases.map { phaseChange(ra, rb, phase: $0, tolerance: tolerance) }
            return change
        }
    }

    /// Both tracks within `phase`: their metrics and how far apart they get at frames both show.
    static func phaseChange(_ reference: Track, _ actual: Track, phase: MotionPhase, tolerance: MotionTolerance) -> PhaseChange {
        var deviation = 0.0, changed = false
        var j = 0
        for i in reference.times.indices where phase.contains(reference.times[i]) {
            // Both tracks are in time order: walk the actual one along.
            while j < actual.times.count, actual.times[j] < reference.times[i] - 1e-9 { j += 1 }
            guard j < actual.times.count, abs(actual.times[j] - reference.times[i]) <= 1e-9 else { continue }
            let a = reference.positions[i], b = actual.positions[j]
            deviation = max(deviation, hypot(Double(a.x - b.x), Double(a.y - b.y)))
            if !tolerance.allows(Double(a.x), Double(b.x), tolerance.position) || !tolerance.allows(Double(a.y), Double(b.y), tolerance.position)
                || !tolerance.allows(reference.scales[i], actual.scales[j], tolerance.scale)
                || !tolerance.allows(reference.angles[i], actual.angles[j], tolerance.angle)
                || !tolerance.allows(reference.alphas[i], actual.alphas[j], tolerance.alpha) {
                changed = true
            }
        }
        return PhaseChange(phase: phase, reference: PhaseMetrics(reference, phase: phase, fits: changed),
                           actual: PhaseMetrics(actual, phase: phase, fits: changed), largestDeviation: deviation, changed: changed)
    }

    /// The narrowest phase (other than the whole recording) that holds `time`: the one that
    /// started last; nil when none does.
    public func phase(at time: Double) -> MotionPhase? {
        phases.filter { $0.kind != .whole && $0.contains(time) }.max { ($0.start, $0.kind == .touch ? 0 : 1) < ($1.start, $1.kind == .touch ? 0 : 1) }
    }

    /// What changed, in words: the first difference and, per moving item, overshoot, settling
    /// time, peak speed and rest position, reference → actual.
    public func report(limit: Int = 10) -> String {
        if let mismatch { return "motion: the traces do not line up: \(mismatch)" }
        guard let first = firstDifference else { return "motion: matches the golden trace" }
        func n(_ value: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", value) }
        let differ = differingRows == 1 ? "differs" : "differ"
        var lines = ["motion: \(counted(differingRows, "row")) \(differ) (\(counted(differingItems, "element"))); first at frame \(first.frame) "
                     + "(\(n(first.time, 3)) s\(phase(at: first.time).map { ", " + $0.name } ?? "")), \(first.element): \(first.quantity) \(first.reference) → \(first.actual) "
                     + "(\(first.actual >= first.reference ? "+" : "")\(n(first.actual - first.reference, 3)))"]
        for change in changes.prefix(limit) {
            lines.append("  " + Self.describe(change))
            lines += change.phases.map { "    " + Self.describe($0) }
        }
        if changes.count > limit { lines.append("  … and \(counted(changes.count - limit, "more element")) whose motion changed") }
        if differingItems > Self.metricItemLimit {
            lines.append("  (motion measured for the first \(Self.metricItemLimit) of \(differingItems) differing elements)")
        }
        return lines.joined(separator: "\n")
    }

    /// One phase of an element's change in words: "no change", or its overshoot, settling and,
    /// for a response, the fitted spring (bounce, ζ, frequency, duration, residual), golden → now.
    static func describe(_ change: PhaseChange) -> String {
        func n(_ value: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", value) }
        let head = change.phase.label + ": "
        guard change.changed else { return head + "no change" }
        guard let r = change.reference, let a = change.actual else {
            return head + "moved up to \(n(change.largestDeviation, 2)) pt (shown at too few frames to measure)"
        }
        func settle(_ m: MotionMetrics) -> String { m.settlingTime.map { "\(n($0, 2)) s" } ?? "never" }
        var parts = ["moved up to \(n(change.largestDeviation, 2)) pt",
                     "overshoot \(n(r.motion.overshoot, 1)) % → \(n(a.motion.overshoot, 1)) %",
                     "settles \(settle(r.motion)) → \(settle(a.motion))"]
        if let before = r.fit, let after = a.fit {
            parts.append("bounce \(n(before.bounce, 2)) → \(n(after.bounce, 2))")
            parts.append("duration \(n(before.duration, 2)) → \(n(after.duration, 2)) s")
            parts.append("fitted ζ \(n(before.dampingRatio, 2)) → \(n(after.dampingRatio, 2)), \(n(before.frequency, 2)) → \(n(after.frequency, 2)) Hz")
            parts.append("fit residual \(n(before.residual, 2)) → \(n(after.residual, 2)) pt")
        }
        return head + parts.joined(separator: ", ")
    }

    /// One element's change in words: a scroll view's resting offset and speed; anything else's
    /// overshoot, settling, peak speed, rest and (when it changed) zoom peak.
    static func describe(_ change: ItemChange) -> String {
        func n(_ value: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", value) }
        let r = change.reference, a = change.actual
        let speed = "peak speed \(n(r.peakSpeed, 0)) → \(n(a.peakSpeed, 0)) pt/s"
        if change.key.element == .scrollView {
            var parts: [String] = []
            if n(Double(r.rest.x), 1) != n(Double(a.rest.x), 1) { parts.append("x at rest \(n(Double(r.rest.x), 1)) → \(n(Double(a.rest.x), 1))") }
            if n(Double(r.rest.y), 1) != n(Double(a.rest.y), 1) { parts.append("y at rest \(n(Double(r.rest.y), 1)) → \(n(Double(a.rest.y), 1))") }
            if parts.isEmpty { parts.append("at rest (\(n(Double(a.rest.x), 1)), \(n(Double(a.rest.y), 1)))") }
            return "content offset " + parts.joined(separator: ", ") + " (\(change.key.id)), " + speed
        }
        func settle(_ m: MotionMetrics) -> String { m.settlingTime.map { "\(n($0, 2)) s" } ?? "never" }
        var text = "\(change.element): overshoot \(n(r.overshoot, 1)) % → \(n(a.overshoot, 1)) %, settles \(settle(r)) → \(settle(a)), "
            + "\(speed), rest (\(n(Double(r.rest.x), 1)), \(n(Double(r.rest.y), 1))) → (\(n(Double(a.rest.x), 1)), \(n(Double(a.rest.y), 1)))"
        if n(r.peakScale, 2) != n(a.peakScale, 2) { text += ", zoom peak \(n(r.peakScale, 2)) → \(n(a.peakScale, 2))" }
        return text
    }
}
