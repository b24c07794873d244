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

            Motion is also measured per phase: each touch, the release after it (where a spring \
            moves on its own), each of the scene's marks; for a release or a mark the fitted \
            damping ratio and frequency, and Apple's duration and bounce, with the fit's residual \
            ("bounce 0.22 → 0.30").

            A suite: give several scenes, or a folder of scene files (read recursively), or one \
            scene with --junit. Each scene's golden is then <golden>/<scene name> and its artifacts <diff>/<scene name>. \
            --shard K/N checks the scenes whose name falls in shard K of N (by a hash of the name, \
            whatever the order of the arguments), so N CI jobs check each scene exactly once; \
            --junit FILE writes a JUnit XML report that CI test views read. A suite goes on past a \
            failing or unusable scene.

            Exit status, for the whole run: 0 when everything matches; 1 when something differs or \
            was recorded; 2 for a scene or golden that cannot be used (in a suite: when any can't); \
            64 for a bad option.
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

    @Argument(help: ArgumentHelp("Scene .json files, folders of them, or built-in scene names: one scene, or a suite.",
                                 valueName: "scene"))
    var scenes: [String]

    @OptionGroup var access: SceneAccessOptions

    @Option(help: ArgumentHelp("The golden directory: frames, manifest.json and trace.csv; for a suite, the folder holding "
                               + "one per scene, named after it.", valueName: "DIR"))
    var golden: String

    @Option(help: ArgumentHelp("Where the failing frames' images, the sheet and the report (report.txt, report.html) go "
                               + "(default: out/<scene name>-diff); for a suite, the folder holding one per scene.", valueName: "DIR"))
    var diff: String?

    @Option(help: ArgumentHelp("Check only the scenes in shard K of N (1 ≤ K ≤ N), assigned by scene name.", valueName: "K/N"))
    var shard: ShardArgument?

    @Option(help: ArgumentHelp("Write a JUnit XML report of the run to FILE.", valueName: "FILE"))
    var junit: String?

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
        try requireNonEmptyPaths(["--golden": golden, "--diff": diff, "--junit": junit])
        if scenes.isEmpty { throw ValidationError("give a scene, several, or a folder of scene files.") }
    }

    func run() throws {
        // The UI a command plays belongs to the main actor, and commands run on the main thread.
        try MainActor.assumeIsolated { try runOnMainActor() }
    }

    @MainActor private func runOnMainActor() throws {
        try reportingErrors {
            let record = try RecordMode.resolved(record)
            let suite = scenes.count > 1 || scenes.contains { isFolder($0) } || junit != nil
            guard suite else {
                // One scene: its golden is --golden itself, and any error ends the run.
                if let shard, !Shard.contains(shard.shard, sceneNamed: try SceneLoading.load(scenes[0], access: access).name) {
                    print("\(scenes[0]): not in shard \(shard.shard); nothing checked")
                    return
                }
                if try !checkScene(scenes[0], golden: golden, diff: diff, record: record).passes { throw ExitCode(1) }
                return
            }
            try runSuite(record: record)
        }
    }

    /// Checks one scene against `golden` and prints what it found. Throws for a scene or golden
    /// that cannot be used.
    @MainActor private func checkScene(_ argument: String, golden: String, diff: String?, record: RecordMode,
                                       loaded: Scene? = nil) throws -> GoldenCheckResult {
        // Like its spacing, a golden's scale is kept unless told otherwise: it was recorded
        // with it, and a check at another scale could only report a size mismatch.
        let goldenScale = scale ?? (try? FrameManifest.read(from: URL(fileURLWithPath: golden)))?.scale
        let scene = try SceneLoading.applying(fps: nil, scale: goldenScale, to: try loaded ?? SceneLoading.load(argument, access: access))
        var check = GoldenCheck(scene: scene, font: try Font.named(), directory: URL(fileURLWithPath: golden))
        check.record = record
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
        }
        return result
    }

    /// Checks every scene of the suite in this shard, in name order, going on past failures;
    /// writes the JUnit report; exits 2 if a scene could not be checked, else 1 if one failed.
    @MainActor private func runSuite(record: RecordMode) throws {
        var cases: [SuiteCase] = [], names: [String: String] = [:]
        var entries: [(name: String, source: String, scene: Scene?, problem: String?)] = []
        for argument in scenes {
            for source in try sceneSources(argument) {
                do {
                    let scene = try SceneLoading.load(source, access: access)
                    entries.append((scene.name, source, scene, nil))
                } catch {
                    // Unusable scenes are sharded by their file name, which is what they would be called.
                    let name = URL(fileURLWithPath: source).deletingPathExtension().lastPathComponent
                    entries.append((name, source, nil, "\(error)"))
                }
            }
        }
        let total = entries.count
        if let shard { entries = entries.filter { Shard.contains(shard.shard, sceneNamed: $0.name) } }
        entries.sort { ($0.name, $0.source) < ($1.name, $1.source) }
        for entry in entries {
            if let other = names[entry.name], entry.scene != nil {
                let message = "\(entry.source): the scene is called \"\(entry.name)\", as \(other) is; each scene of a suite needs a "
                    + "name of its own (its golden is \(golden)/\(entry.name)): rename one with \"name\""
                printError("error: \(message)")
                cases.append(SuiteCase(name: entry.name, source: entry.source, outcome: .error(message)))
                continue
            }
            names[entry.name] = entry.source
            guard let scene = entry.scene else {
                printError("error: \(entry.problem ?? entry.source)")
                cases.append(SuiteCase(name: entry.name, source: entry.source, outcome: .error(entry.problem ?? "unusable")))
                continue
            }
            let sceneGolden = URL(fileURLWithPath: golden).appendingPathComponent(scene.name).path
            let sceneDiff = diff.map { URL(fileURLWithPath: $0).appendingPathComponent(scene.name).path }
            do {
                let result = try checkScene(entry.source, golden: sceneGolden, diff: sceneDiff, record: record, loaded: scene)
                let failure = RegressionFailure(result: result)
                cases.append(SuiteCase(name: scene.name, source: entry.source,
                                       outcome: result.passes ? .passed : .failed(headline: failure.headline, report: failure.description)))
            } catch let error as ExitCode {
                throw error
            } catch {
                printError("error: \(error)")
                cases.append(SuiteCase(name: scene.name, source: entry.source, outcome: .error("\(error)")))
            }
        }
        let report = JUnitReport(name: "springframes check" + (shard.map { " (shard \($0.shard))" } ?? ""), cases: cases)
        if let junit {
            let url = URL(fileURLWithPath: junit)
            do {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            } catch {
                throw FileWriteError(path: url.path, reason: "cannot create the JUnit report's folder (\(error.localizedDescription))")
            }
            try AtomicFile.write(Array(report.xml.utf8), to: url)
        }
        let passed = cases.count - report.failures - report.errors
        print("\(counted(cases.count, "scene")) checked\(shard.map { " (shard \($0.shard), of \(total))" } ?? ""): \(passed) passed, "
              + "\(report.failures) failed, \(counted(report.errors, "error"))" + (junit.map { "; JUnit report: \($0)" } ?? ""))
        if report.errors > 0 { throw ExitCode(2) }
        if report.failures > 0 { throw ExitCode(1) }
    }

    private func isFolder(_ path: String) -> Bool {
        var directory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &directory) && directory.boolValue
    }

    /// The scenes an argument names: a folder's `.json` files (recursively, in path order), or
    /// the argument itself.
    private func sceneSources(_ argument: String) throws -> [String] {
        guard isFolder(argument) else { return [argument] }
        let root = URL(fileURLWithPath: argument)
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else {
            throw GoldenError(path: argument, message: "cannot read the folder of scenes")
        }
        var files: [String] = []
        for case let url as URL in walker where url.pathExtension.lowercased() == "json" {
            // A golden folder under the scenes holds manifest.json: not a scene.
            if url.lastPathComponent == "manifest.json" { continue }
            files.append(url.path)
        }
        return files.sorted()
    }
}

/// `--shard 2/3`.
struct ShardArgument: ExpressibleByArgument {
    var shard: Shard

    init?(argument: String) {
        guard let shard = Shard(argument) else { return nil }
        self.shard = shard
    }
}

extension Shard {
    static func contains(_ shard: Shard, sceneNamed name: String) -> Bool { shard.contains(name) }
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
