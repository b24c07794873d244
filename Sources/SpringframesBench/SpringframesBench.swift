import ArgumentParser
import Springframes

/// `springframes-bench`: how fast the solver steps springs and how fast frames are drawn,
/// encoded and written. A benchmark, not a test: it prints medians of several runs and asserts
/// nothing. An executable of its own, so that none of it is in the `springframes` users run.
@main
struct SpringframesBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "springframes-bench",
        abstract: "Measure speed: simulation steps/s, raster and encode ms/frame, end-to-end frames/s.",
        discussion: """
            simulation: hangs ITEMS cards of 60×60 pt, each on its own zero-length spring (2 Hz, \
            damping 0.05, so nothing comes to rest), advances the animator in 1/60 s frames as a \
            render would, and reports the median of RUNS runs.

            contacts: drops 40 boxes into the reference bounds under gravity with friction, ten of \
            them on springs, and times 3 s of the pile settling (median of RUNS runs).

            frames: the default demo (cluster-drag) at 1170×2532 px (390×844 pt at scale 3): the \
            simulation alone, rasterizing every frame, encoding one frame with the frame settings and \
            with libpng's defaults (sizes compared), and rendering all of it end to end as \
            `springframes render --scale 3` does, with 1 and 2 workers, then again drawing every \
            frame (no frame written from its predecessor's bytes).

            encode: the frame encoder (on one thread, and on two for a single image) against zlib at \
            the former frame setting and at the goldens' level 9, on the middle frame of every \
            built-in scene at scale 3; then consecutive frames of the default demo with and without \
            bands kept from the previous frame. With --zlib-grid, also zlib's settings (row filter, \
            level, memLevel, strategy, window) as a table sorted by time, which takes a few \
            minutes. Not part of `all`.

            check: records goldens of every frame of the default demo at 780×1688 px (390×844 pt at \
            scale 2), then times passing checks per 100 frames: motion and frames with 2 workers and \
            with 1, motion alone, frames alone.

            views: a window of 10,000 cells (a rounded, bordered content view and a label each) \
            scrolled 10 pt per frame: the layout pass that dequeues, configures and places cells, the \
            snapshot of the view tree, and drawing it at 1170×2532 px, per frame, beside the layout's \
            displayed-attributes query alone.

            sweep: the default demo at 780×1688 px (scale 2) rendered once, then swept over 3 × 3 \
            variants (damping 0.4, 0.6, 0.8 by frequency 4, 8, 12 Hz) tiled in one frame, with 2 \
            workers each; the ratio of the two.

            layout: prepares a flow layout of 100,000 items and queries one screen of it; runs a \
            springy-scroll flick over 10,000 items and a cluster drag, 3 s each at 60 fps, reading \
            the displayed attributes every frame.

            autolayout: a screen of 200 views (100 rows of a label and a badge, 700 constraints, \
            inequalities among them) laid out again after each change of the root's width; time per \
            layout pass, median of RUNS runs.
            """
    )

    enum Part: String, ExpressibleByArgument, CaseIterable {
        case all, simulation, contacts, layout, autolayout, views, frames, encode, check, sweep
    }

    @Argument(help: "What to measure: all, simulation, contacts, layout, autolayout, views, frames, encode, check or sweep.")
    var part: Part = .all

    @Option(help: "Leave the end-to-end frames in this directory, to look at them.")
    var keepFrames: String?

    @Option(parsing: .unconditional, help: "How many items, each on one spring.")
    var items = 10_000

    @Option(parsing: .unconditional, help: "Simulated seconds per run.")
    var seconds = 1.0

    @Option(parsing: .unconditional, help: "How many timed runs (after one warm-up run).")
    var runs = 5

    @Option(help: "exact (1/960 s steps) or uikit (1/120 s steps).")
    var integrator: String = "exact"

    @Flag(help: "encode: also time zlib's grid of settings.")
    var zlibGrid = false

    func validate() throws {
        guard items > 0 else { throw ValidationError("--items must be at least 1, not \(items).") }
        guard seconds > 0, seconds.isFinite else { throw ValidationError("--seconds must be a positive number of seconds.") }
        guard runs > 0 else { throw ValidationError("--runs must be at least 1, not \(runs).") }
        guard UIDynamicAnimatorIntegrator(rawValue: integrator) != nil else {
            throw ValidationError("--integrator must be 'exact' or 'uikit', not '\(integrator)'.")
        }
    }

    func run() throws {
        // The UI a command plays belongs to the main actor, and commands run on the main thread.
        try MainActor.assumeIsolated { try runOnMainActor() }
    }

    @MainActor private func runOnMainActor() throws {
        if part == .all || part == .simulation { try runSimulation() }
        if part == .all || part == .contacts {
            if part == .all { print("") }
            ContactsBenchmark.run(runs: runs, integrator: UIDynamicAnimatorIntegrator(rawValue: integrator) ?? .exact)
        }
        if part == .all || part == .layout {
            if part == .all { print("") }
            LayoutBenchmark.run(runs: runs)
        }
        if part == .all || part == .autolayout {
            if part == .all { print("") }
            AutoLayoutBenchmark.run(runs: runs)
        }
        if part == .all || part == .views {
            if part == .all { print("") }
            ViewsBenchmark.run(runs: runs)
        }
        if part == .all || part == .frames {
            if part == .all { print("") }
            try FrameBenchmark.run(runs: runs, font: Font.named(), keep: keepFrames.map { URL(fileURLWithPath: $0) })
        }
        if part == .encode {    // not in `all`: the grid takes a few minutes
            try EncodeBenchmark.run(runs: runs, font: Font.named(), zlibGrid: zlibGrid)
        }
        if part == .all || part == .check {
            if part == .all { print("") }
            try CheckBenchmark.run(runs: runs, font: Font.named())
        }
        if part == .all || part == .sweep {
            if part == .all { print("") }
            try SweepBenchmark.run(runs: runs, font: Font.named())
        }
    }

    @MainActor private func runSimulation() throws {
        let integrator = UIDynamicAnimatorIntegrator(rawValue: self.integrator) ?? .exact
        var durations: [Double] = []
        var steps = 0
        for run in 0...runs {
            let (duration, stepCount) = try Self.springRun(items: items, seconds: seconds, integrator: integrator)
            if run > 0 { durations.append(duration) }   // run 0 warms up
            steps = stepCount
        }
        durations.sort()
        let median = durations[durations.count / 2]
        let springSteps = Double(items * steps) / median
        print("simulation: \(items) items on zero-length springs, \(integrator.rawValue) integrator, \(steps) steps of \(format(seconds / Double(steps) * 1000, 3)) ms")
        print("  median of \(runs) runs: \(format(median * 1000, 1)) ms for \(format(seconds, 2)) s simulated (\(format(seconds / median, 2))× real time)")
        print("  \(format(springSteps / 1e6, 2)) million spring-steps/s, \(format(Double(steps) / median, 0)) steps/s")
        print("  runs (ms): \(durations.map { format($0 * 1000, 1) }.joined(separator: " "))")
    }

    /// One timed run; returns its wall time in seconds and the number of physics steps taken.
    /// Fails if the animator paused during the run: a paused animator steps nothing, so the figure
    /// would be meaningless.
    @MainActor static func springRun(items: Int, seconds: Double, integrator: UIDynamicAnimatorIntegrator) throws -> (Double, Int) {
        let columns = 100
        let cards = (0..<items).map { i in
            BenchItem(center: CGPoint(x: Double(i % columns) * 70 + 35, y: Double(i / columns) * 70 + 35))
        }
        let animator = UIDynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 7000, height: 7000))
        animator.integrator = integrator
        for (i, card) in cards.enumerated() {
            let anchor = card.center
            // Displaced by 5 to 21 pt: at 2 Hz and damping 0.05 every card still swings faster
            // than the 1 pt/s rest threshold for most of each cycle, so the animator never pauses.
            card.center.x += CGFloat(5 + i % 17)
            let spring = UIAttachmentBehavior(item: card, attachedToAnchor: anchor)
            spring.length = 0
            spring.frequency = 2
            spring.damping = 0.05
            animator.addBehavior(spring)
        }
        animator.advance(by: 1e-9)   // builds the world outside the timed part
        let frames = Int((seconds * 60).rounded(.up))
        let clock = ContinuousClock()
        let start = clock.now
        for _ in 0..<frames { animator.advance(by: 1.0 / 60) }
        let elapsed = clock.now - start
        guard animator.isRunning else {
            throw ValidationError("The animator came to rest during the run; use fewer --seconds.")
        }
        let wall = elapsed.inSeconds
        let steps = Int((Double(frames) / 60 / animator.effectiveStepDuration).rounded())
        return (wall, steps)
    }
}

/// The item the benchmark moves: a 60×60 pt card.
final class BenchItem: UIDynamicItem {
    var center: CGPoint
    let bounds = CGRect(x: 0, y: 0, width: 60, height: 60)
    var transform = CGAffineTransform.identity

    init(center: CGPoint) {
        self.center = center
    }
}

extension Duration {
    /// The duration as a number of seconds.
    var inSeconds: Double { Double(components.seconds) + Double(components.attoseconds) * 1e-18 }
}

func format(_ value: Double, _ decimals: Int) -> String {
    String(format: "%.\(decimals)f", value)
}
