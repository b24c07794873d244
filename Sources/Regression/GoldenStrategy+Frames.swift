import FrameIO
import DisplayList
import Foundation
import Raster
import Recording

extension GoldenStrategy {
    /// The frames: every Nth frame and the last, drawn and compared with the golden frames
    /// (`frame_00000.png` … and their `manifest.json`) on worker threads, byte for byte first and
    /// then within ``GoldenCheck/frameTolerance``; a failing frame is described by the pixels that
    /// differ, with its diff image and golden | now | diff strip when artifacts are written.
    public static let frames = GoldenStrategy(name: "frames", makePass: { try FramesPass(check: $0) }, describe: describeFrames)

    /// The frames' lines of a summary: how many were compared and which differ, by how much.
    @Sendable private static func describeFrames(_ result: GoldenCheckResult, limit: Int) -> [String] {
        var lines: [String] = []
        let spacing = result.every == 1 ? "every frame" : "every \(result.every)th frame and the last"
        let (failures, framesCompared, frameCount) = (result.failures, result.framesCompared, result.frameCount)
        if framesCompared > 0 || !failures.isEmpty {
            lines.append(failures.isEmpty
                ? "frames: \(framesCompared) compared (\(spacing) of \(frameCount)), all match"
                : "frames: \(failures.count) of \(framesCompared) compared differ (\(spacing) of \(frameCount); \(toleranceText(result.frameTolerance)))")
        }
        if let sizeNote = result.sizeNote, !failures.isEmpty { lines.append("  " + sizeNote) }
        for failure in failures.prefix(limit) {
            var line = "  frame \(failure.frame) (\(String(format: "%.3f", failure.time)) s): "
            switch failure.reason {
            case let .differs(differing, antialiased, total):
                line += "\(differing) px differ (\(String(format: "%.3f", 100 * Double(differing) / Double(max(1, total)))) %)"
                if antialiased > 0 { line += ", \(antialiased) more only by anti-aliasing" }
            case .sizeMismatch(let message):
                line += message
            case .unreadable(let message):
                line += "the golden frame cannot be read (\(message))"
            }
            if let strip = failure.strip { line += " → \(strip.path)" }
            lines.append(line)
        }
        if failures.count > limit { lines.append("  … and \(failures.count - limit) more frames") }
        return lines
    }

    private static func toleranceText(_ frameTolerance: FrameTolerance) -> String {
        let budget: String
        switch frameTolerance.pixelBudget {
        case .count(let count): budget = "\(count) px"
        case .ratio(let ratio): budget = "\(JSONValue.format(ratio * 100)) %"
        }
        return "threshold \(JSONValue.format(frameTolerance.threshold)), budget \(budget)"
            + (frameTolerance.countsAntialiasing ? ", anti-aliasing counted" : "")
    }
}

/// The frames' part in a check: it reads the golden manifest before the play, then steps the UI
/// itself, drawing the golden frames on the workers and comparing (or recording) them there.
@MainActor
private final class FramesPass: GoldenPass {
    private let check: GoldenCheck
    private let manifestURL: URL
    /// The golden manifest; nil when there is none yet.
    private let golden: FrameManifest?
    /// The spacing of the golden frames: as told, else the golden's, else every frame.
    private let every: Int

    init(check: GoldenCheck) throws {
        self.check = check
        manifestURL = check.directory.appendingPathComponent(FrameManifest.fileName)
        golden = try Self.readManifest(manifestURL, in: check.directory)
        every = check.every ?? golden.map(Self.spacing) ?? 1
        // Every frame file this check may read or write, in any record mode.
        for index in GoldenCheck.frames(frameCount: check.recorder.frameCount, every: every) {
            let name = FrameSequenceWriter.fileName(forFrame: index, frameCount: check.recorder.frameCount)
            try GoldenFiles.requireRegularFileOrNothing(check.directory.appendingPathComponent(name), role: "golden frame")
        }
    }

    private var recorder: Recorder { check.recorder }
    private var directory: URL { check.directory }
    private var record: RecordMode { check.record }
    private var font: Font { check.font }

    var missingGoldens: [URL] { golden == nil ? [manifestURL] : [] }

    var playedFrames: [Int] { GoldenCheck.frames(frameCount: recorder.frameCount, every: every) }

    var playsFrames: Bool { true }

    func prepare(_ result: inout GoldenCheckResult) {
        result.every = every
        if let golden, record != .all, (golden.width, golden.height) != (recorder.canvas.pixelWidth, recorder.canvas.pixelHeight) {
            result.sizeNote = "the golden's frames are \(golden.width)×\(golden.height) px and the scene renders "
                + "\(recorder.canvas.pixelWidth)×\(recorder.canvas.pixelHeight) px: check at the scale the golden was recorded at "
                + "(--scale), or record it again (--record all)"
        }
    }

    /// A golden recorded for another scene, length, spacing or scale cannot be checked against,
    /// and recording into it in part would mix two goldens: only `--record all` replaces it.
    func requireMatch() throws {
        guard let golden, record != .all else { return }
        var mismatches: [String] = []
        if golden.scene != recorder.name {
            mismatches.append("it was recorded for scene \"\(golden.scene)\", not \"\(recorder.name)\"")
        }
        if golden.frameCount != recorder.frameCount || golden.fps != recorder.fps {
            mismatches.append("it holds a sequence of \(golden.frameCount) frames at \(golden.fps) fps and the scene now has "
                              + "\(recorder.frameCount) at \(recorder.fps) fps")
        }
        if let every = check.every, golden.frames.count >= 2, Self.spacing(of: golden) != every {
            mismatches.append("its frames are every \(Self.spacing(of: golden)) frames, not every \(every) (leave out --every "
                              + "to keep the golden's spacing)")
        }
        if let scale = golden.scale, scale != recorder.canvas.scale {
            mismatches.append("it was drawn at scale \(scale) and the scene draws at \(recorder.canvas.scale) (check with --scale \(scale))")
        }
        guard !mismatches.isEmpty else { return }
        throw GoldenError(path: directory.path, message: "this golden does not match the scene: " + mismatches.joined(separator: "; ")
                          + ". Nothing was recorded or removed. If the change is intended, record the golden again with "
                          + "--record all, review it and commit it")
    }

    /// The golden frame file a manifest entry names, which must be a frame file inside the
    /// golden folder (no `..`, no absolute path, no symbolic link that leads out of it).
    /// `folder` is the golden folder with its symbolic links resolved.
    private func goldenFile(_ entry: FrameManifest.Frame, at position: Int, manifest: URL, folder: String) throws -> URL {
        let url = directory.appendingPathComponent(entry.file)
        let inside = FrameManifest.isFrameFileName(entry.file)
            && url.resolvingSymlinksInPath().deletingLastPathComponent().path == folder
        guard inside else {
            throw GoldenError(path: manifest.path, message: "frames[\(position)].file is \"\(entry.file)\", which is not a frame file "
                              + "(frame_NNNNN.png) inside the golden folder; the manifest was edited or damaged. Nothing outside "
                              + "the folder is read: record the golden again with --record all")
        }
        return url
    }

    /// The golden manifest; nil when there is none.
    private static func readManifest(_ url: URL, in directory: URL) throws -> FrameManifest? {
        try GoldenFiles.requireRegularFileOrNothing(url, role: "golden manifest")
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        do {
            return try FrameManifest.read(from: directory)
        } catch {
            throw GoldenError(path: url.path, message: "this is not a readable frame manifest (\(error)); record the golden again with --record all")
        }
    }

    /// The spacing of a golden's frames: the gap after its first frame.
    nonisolated static func spacing(of manifest: FrameManifest) -> Int {
        let indices = manifest.frames.map(\.index).sorted()
        return indices.count >= 2 ? max(1, indices[1] - indices[0]) : 1
    }

    /// What a worker found for one frame.
    private struct FrameOutcome {
        var failure: GoldenCheckResult.FrameFailure?
        /// The frame as a golden PNG and the digest of its pixels, when it is to be recorded.
        var golden: [UInt8]?
        var pixels: String?
        var diff: [UInt8]?, strip: [UInt8]?, now: [UInt8]?
        /// Reference, actual and diff, small, for the sheet of failing frames.
        var thumbnails: [Bitmap] = []
        var compared = false
    }

    /// Steps `player` through `played`, lets the other passes take their part in each frame
    /// (`step`), and compares (or records) the golden frames on the workers.
    func play(_ player: any RecordingPlayer, frames played: [Int], step: (Int) -> Void, artifacts: FailureArtifacts?,
              into result: inout GoldenCheckResult, progress: ((Int, Int) -> Void)?) throws {
        let frames = playedFrames
        let wanted = Set(frames)
        // Golden frames on disk, by frame number (none when everything is recorded again).
        var goldenFiles: [Int: (url: URL, entry: FrameManifest.Frame)] = [:]
        let folder = directory.resolvingSymlinksInPath().path
        for (position, frame) in (golden?.frames ?? []).enumerated() where wanted.contains(frame.index) {
            let url = try goldenFile(frame, at: position, manifest: manifestURL, folder: folder)
            try GoldenFiles.requireRegularFileOrNothing(url, role: "golden frame")
            if FileManager.default.fileExists(atPath: url.path) { goldenFiles[frame.index] = (url, frame) }
        }
        if record == .never {
            try check.requireGoldens(missing: frames.filter { goldenFiles[$0] == nil }.map {
                directory.appendingPathComponent(FrameSequenceWriter.fileName(forFrame: $0, frameCount: recorder.frameCount))
            })
        }
        if record == .all { goldenFiles = [:] }

        let canvas = recorder.canvas
        let drawer = recorder.drawer
        let pool = CanvasPool(pixelWidth: canvas.pixelWidth, pixelHeight: canvas.pixelHeight, scale: canvas.scale)
        let tolerance = check.frameTolerance, record = self.record, fps = recorder.fps
        let labels = artifacts == nil ? nil : font
        let references = goldenFiles
        var writer: FrameSequenceWriter?
        var recorded: Set<Int> = []
        var sheet = FailureSheet(limit: FailureSheet.defaultLimit)
        var done = 0

        try FramePipeline(workers: check.workers).run(
            frames: played,
            prepare: { index -> RecordedFrame? in
                step(index)
                return wanted.contains(index) ? player.frame(index) : nil
            },
            render: { index, frame -> FrameOutcome? in
                guard let frame else { return nil }
                return try pool.withCanvas(background: canvas.background) { actual in
                    drawer.draw(frame, into: actual)
                    var outcome = FrameOutcome()
                    let pixels = PixelDigest.hex(of: actual)
                    if let reference = references[index] {
                        outcome.compared = true
                        // Byte for byte first: the golden file is the one recorded, from these very pixels.
                        if reference.entry.pixels == pixels, try FramesPass.sha256(ofFile: reference.url) == reference.entry.sha256 {
                            return outcome
                        }
                        try pool.withCanvas(background: .clear) { spare in
                            let image: Canvas
                            do {
                                image = try PNGCodec.read(contentsOf: reference.url, scale: actual.scale, reusing: spare,
                                                          expecting: (actual.width, actual.height))
                            } catch let size as PNGSizeError where size.expected != nil {
                                // Told from the header, before a pixel is allocated for it.
                                let mismatch = FrameSizeMismatch(reference: (size.width, size.height), actual: (actual.width, actual.height))
                                outcome.failure = .init(frame: index, time: Double(index) / fps, reason: .sizeMismatch(mismatch.description))
                                return
                            } catch {
                                // Under --record failed an unreadable golden frame is a failing one, recorded again.
                                guard record == .failed else {
                                    throw GoldenError(path: reference.url.path, message: "cannot read this golden frame (\(error)); "
                                                      + "record it again with --record failed")
                                }
                                outcome.failure = .init(frame: index, time: Double(index) / fps, reason: .unreadable("\(error)"))
                                return
                            }
                            outcome.failure = try FramesPass.compare(frame: index, time: Double(index) / fps, reference: image, actual: actual,
                                                               tolerance: tolerance, artifacts: labels, into: &outcome)
                        }
                        if outcome.failure != nil, labels != nil { outcome.now = try PNGCodec.encode(actual) }
                        if outcome.failure != nil && record == .failed {
                            outcome.golden = try PNGCodec.encodeSmallest(actual)
                            outcome.pixels = pixels
                        }
                    } else {
                        outcome.golden = try PNGCodec.encodeSmallest(actual)
                        outcome.pixels = pixels
                    }
                    return outcome
                }
            },
            write: { index, outcome in
                guard let outcome else { return }
                if outcome.compared { result.framesCompared += 1 }
                if var failure = outcome.failure {
                    if let artifacts {
                        // The golden frame as it is now, before --record failed replaces it.
                        var golden: [UInt8]?
                        if case .unreadable = failure.reason {} else { golden = try references[index].map { try FramesPass.bytes(ofFile: $0.url) } }
                        (failure.diff, failure.strip, failure.golden, failure.now) = try artifacts.write(
                            frame: index, .init(diff: outcome.diff, strip: outcome.strip, golden: golden, now: outcome.now))
                        sheet.add(frame: index, failure: failure, thumbnails: outcome.thumbnails)
                    }
                    result.failures.append(failure)
                }
                if let png = outcome.golden {
                    if writer == nil {
                        writer = try FrameSequenceWriter(directory: directory, scene: recorder.name, width: canvas.pixelWidth,
                                                         height: canvas.pixelHeight, fps: recorder.fps, frameCount: recorder.frameCount,
                                                         scale: canvas.scale, keepsManifest: record != .all)
                    }
                    try writer?.write(frame: index, png: png, pixels: outcome.pixels)
                    recorded.insert(index)
                }
                done += 1
                progress?(done, frames.count)
            }
        )
        if let writer {
            for index in frames where !recorded.contains(index) {
                if let reference = references[index] { writer.keep(reference.entry) }
            }
            // Only a golden recorded again whole loses the frames it no longer lists.
            try writer.finish(removing: record == .all ? .unlisted : .none)
        }
        result.recordedFrames = recorded.sorted()
        if let artifacts, let canvas = sheet.draw(font: font) {
            result.sheet = try artifacts.writeSheet(canvas)
        }
    }

    nonisolated static func sha256(ofFile url: URL) throws -> String {
        SHA256.hex(of: try bytes(ofFile: url))
    }

    nonisolated static func bytes(ofFile url: URL) throws -> [UInt8] {
        do {
            return [UInt8](try Data(contentsOf: url))
        } catch {
            throw GoldenError(path: url.path, message: "cannot read this golden frame (\(error.localizedDescription))")
        }
    }

    /// Compares one frame; on a failure, fills in the artifacts when asked for, labelled in `artifacts`.
    nonisolated private static func compare(frame: Int, time: Double, reference: Canvas, actual: Canvas, tolerance: FrameTolerance,
                                            artifacts: Font?, into outcome: inout FrameOutcome) throws -> GoldenCheckResult.FrameFailure? {
        let comparison: FrameComparison
        do {
            comparison = try FrameComparison.compare(reference: reference, actual: actual, tolerance: tolerance)
        } catch let mismatch as FrameSizeMismatch {
            if let font = artifacts {
                let blank = Canvas(pixelWidth: 1, pixelHeight: 1, background: .white)
                outcome.strip = try PNGCodec.encode(FrameComparison.strip(reference: reference, actual: actual, diff: blank, font: font))
            }
            return .init(frame: frame, time: time, reason: .sizeMismatch(mismatch.description))
        }
        guard !comparison.passes, let diff = comparison.diffImage else { return nil }
        if let font = artifacts {
            outcome.diff = try PNGCodec.encode(diff)
            outcome.strip = try PNGCodec.encode(FrameComparison.strip(reference: reference, actual: actual, diff: diff.frozen, font: font))
            outcome.thumbnails = [reference, actual, diff.frozen].map { FailureSheet.thumbnail(of: $0) }
        }
        return .init(frame: frame, time: time, reason: .differs(differing: comparison.differingPixels,
                                                                antialiased: comparison.antialiasedPixels,
                                                                total: comparison.totalPixels))
    }
}
