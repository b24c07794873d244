import ArgumentParser
import Foundation
import FrameIO
import Raster
import Recording
import Regression
import Scenes

/// `springframes check`: a scene against its golden frames and trace.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check a scene's motion and frames against goldens; record goldens.",
        discussion: """
            Motion is checked first: the scene's trace (springframes trace) against the golden \
            trace.csv, within --position-tolerance; a difference is reported per moving item as \
            overshoot, settling time, peak speed and resting position, golden → now. Then frames: \
            byte for byte, and where bytes differ by perceptual colour distance (--threshold) with \
            anti-aliasing detection and a budget of differing pixels (--pixel-budget). For each \
            failing frame the golden, the frame now, a diff image (differences red, anti-aliasing \
            yellow, the rest faded) and a labelled golden | now | diff strip go to --diff, with a \
            sheet of the failing frames, report.txt and report.html: one page to open in a \
            browser, offline, with motion plots, the metrics table, a slider and a flip view per \
            failing frame, and the command that records the golden again.

            Record modes (--record, or the SPRINGFRAMES_RECORD environment variable): missing \
            (the default) records goldens that do not exist yet; all records every golden again; \
            failed records again those that fail; never only compares, and a missing golden is an \
            error. A run that records fails, so that a person reviews the new golden.

            Exit status: 0 when everything matches; 1 when something differs or was recorded; 2 \
            for a scene or golden that cannot be used; 64 for a bad option.
            """
    )

    enum Part: String, ExpressibleByArgument, CaseIterable {
        case motion, frames

        /// What a check of only this part compares.
        var strategy: GoldenStrategy {
            switch self {
            case .motion: .motion
            case .frames: .frames
            }
        }
    }

    @Argument(help: "A scene .json file or a built-in scene name.")
    var scene: String

    @OptionGroup var access: SceneAccessOptions

    @Option(help: ArgumentHelp("The golden directory: frames, manifest.json and trace.csv.", valueName: "DIR"))
    var golden: String

    @Option(help: ArgumentHelp("Where the failing frames' images, the sheet and the report (report.txt, report.html) go "
                               + "(default: out/<scene name>-diff).", valueName: "DIR"))
    var diff: String?

    @Flag(help: "Write report.txt and report.html when the check passes too.")
    var report = false

    @Option(help: ArgumentHelp("missing, all, failed or never (default: $SPRINGFRAMES_RECORD, else missing).", valueName: "MODE"))
    var record: RecordMode?

    @Option(parsing: .unconditional, help: "Golden frames are every Nth frame and the last (default: the golden's spacing; 1 for a new golden).")
    var every: Int?

    @Option(parsing: .unconditional, help: "Pixels per point (1 to 4), overriding the scene's canvas scale (default: the golden's scale; the scene's for a new golden); goldens at scale 1 are a quarter the size.")
    var scale: Double?

    @Option(parsing: .unconditional, help: "Largest colour difference that still counts as equal, 0 to 1 (YIQ distance; 1 is black against white).")
    var threshold = 0.1

    @Option(parsing: .unconditional, help: ArgumentHelp("Differing pixels allowed per frame: a count (25) or a percentage (0.1%).", valueName: "N|P%"))
    var pixelBudget: PixelBudget = PixelBudget(budget: .count(0))

    @Flag(help: "Count pixels that differ only by anti-aliasing as differences.")
    var countAntialiasing = false

    @Flag(help: "Every byte of every frame must match (--threshold 0 --pixel-budget 0 --count-antialiasing).")
    var strict = false

    @Option(parsing: .unconditional, help: "How far, in points, a traced centre or size may move before it counts as changed.")
    var positionTolerance = 0.01

    @Option(help: ArgumentHelp("Check only the motion or only the frames.", valueName: "motion|frames"))
    var only: Part?

    @Option(parsing: .unconditional, help: "Threads that draw, read and compare frames (default: as many as fit in memory, at most one per core).")
    var jobs: Int?

    func validate() throws {
        if let every, every < 1 { throw ValidationError("--every must be at least 1, not \(every).") }
        guard (0...1).contains(threshold) else { throw ValidationError("--threshold must be from 0 to 1, not \(threshold).") }
        guard positionTolerance >= 0, positionTolerance.isFinite else {
            throw ValidationError("--position-tolerance must be 0 or more points, not \(positionTolerance).")
        }
        if let jobs, !(1...256).contains(jobs) { throw ValidationError("--jobs must be from 1 to 256, not \(jobs).") }
        try requireNonEmptyPaths(["--golden": golden, "--diff": diff])
    }

    func run() throws {
        // The UI a command plays belongs to the main actor, and commands run on the main thread.
        try MainActor.assumeIsolated { try runOnMainActor() }
    }

    @MainActor private func runOnMainActor() throws {
        try reportingErrors {
            // Like its spacing, a golden's scale is kept unless told otherwise: it was recorded
            // with it, and a check at another scale could only report a size mismatch.
            let goldenScale = scale ?? (try? FrameManifest.read(from: URL(fileURLWithPath: golden)))?.scale
            let scene = try SceneLoading.applying(fps: nil, scale: goldenScale, to: try SceneLoading.load(self.scene, access: access))
            var check = GoldenCheck(scene: scene, font: try Font.named(), directory: URL(fileURLWithPath: golden))
            check.record = try RecordMode.resolved(record)
            check.every = every
            check.strategies = only.map { [$0.strategy] } ?? GoldenStrategy.all
            check.frameTolerance = strict ? .strict
                : FrameTolerance(threshold: threshold, pixelBudget: pixelBudget.budget, countsAntialiasing: countAntialiasing)
            check.motionTolerance.position = positionTolerance
            check.artifacts = URL(fileURLWithPath: diff ?? "out/\(scene.name)-diff")
            check.reportsWhenPassing = report
            check.rerecord = Self.rerecordCommand(CommandLine.arguments)
            if let jobs {
                check.workers = jobs
                if let warning = GoldenCheck.budget(scene).warning(workers: jobs) { printError("warning: \(warning)") }
            }

            let progress = ProgressBar(label: "check \(scene.name)")
            let result: GoldenCheckResult
            do {
                result = try check.run { done, total in progress.update(done: done, total: total) }
            } catch {
                progress.abandon()
                throw error
            }
            print(result.summary())
            let seconds = String(format: "%.2f", progress.elapsed)
            if result.passes {
                print("\(scene.name): check passed against \(golden) in \(seconds) s")
            } else {
                print("\(scene.name): check FAILED against \(golden) in \(seconds) s")
                throw ExitCode(1)
            }
        }
    }
}

extension Check {
    /// This command line with `--record failed` for whatever record mode it gave.
    static func rerecordCommand(_ arguments: [String]) -> String {
        var kept: [String] = [], skipNext = false
        for argument in arguments.dropFirst() {
            if skipNext { skipNext = false; continue }
            if argument == "--record" { skipNext = true; continue }
            if argument.hasPrefix("--record=") { continue }
            kept.append(argument)
        }
        return (["springframes"] + kept + ["--record", "failed"]).map(GoldenAssertion.shellQuoted).joined(separator: " ")
    }
}

extension RecordMode: ExpressibleByArgument {}

/// `--pixel-budget 25` or `--pixel-budget 0.1%`.
struct PixelBudget: ExpressibleByArgument {
    var budget: FrameTolerance.Budget

    init(budget: FrameTolerance.Budget) {
        self.budget = budget
    }

    init?(argument: String) {
        if argument.hasSuffix("%") {
            guard let percent = Double(argument.dropLast()), (0...100).contains(percent) else { return nil }
            budget = .ratio(percent / 100)
        } else {
            guard let count = Int(argument), count >= 0 else { return nil }
            budget = .count(count)
        }
    }

    var defaultValueDescription: String {
        switch budget {
        case .count(let count): return "\(count)"
        case .ratio(let ratio): return "\(JSONValue.format(ratio * 100))%"
        }
    }
}
