import ArgumentParser
import Foundation
import FrameIO
import Raster
import Recording
import Scenes

/// `springframes render`: a scene's frames as numbered PNG files and a manifest.
struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render a scene to numbered PNG frames (and optionally a video).",
        discussion: """
            SCENE is a scene file or a built-in scene name (springframes examples lists them); \
            without one, the default demo (cluster-drag) is rendered. Frames go to \
            out/<scene name>/frame_00000.png …, then manifest.json: a folder with a manifest is \
            complete. Frames a previous, longer render left behind are removed.

            Frame i shows the scene at t = i / fps. The motion does not depend on --fps, --frames \
            or --jobs: --frames 30-59 writes the very bytes a full render writes for those frames.
            """
    )

    @Argument(help: "A scene .json file or a built-in scene name (default: cluster-drag).")
    var scene: String?

    @OptionGroup var access: SceneAccessOptions
    @OptionGroup var deviceOptions: DeviceOptions

    @Option(name: .long, help: "Output folder (default: out/<scene name>).")
    var out: String?

    @Option(parsing: .unconditional, help: "Frames per second (1 to 240), overriding the scene's.")
    var fps: Double?

    @Option(parsing: .unconditional, help: "Pixels per point (1 to 4), overriding the scene's canvas scale.")
    var scale: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp("Render only frames A to B (inclusive), e.g. 30-59, or one frame.", valueName: "A-B"))
    var frames: FrameRange?

    @Option(parsing: .unconditional, help: "Threads that draw and encode frames (default: as many as fit in memory, at most one per core).")
    var jobs: Int?

    @Option(help: ArgumentHelp("Also assemble the frames into FILE with ffmpeg (.mp4, .gif or .apng).", valueName: "FILE"))
    var video: String?

    @OptionGroup var videoOptions: VideoOptionGroup

    func validate() throws {
        if let jobs, !(1...256).contains(jobs) { throw ValidationError("--jobs must be from 1 to 256, not \(jobs).") }
        if let video { _ = try videoFormat(of: video) }
        try videoOptions.validate()
        try requireNonEmptyPaths(["--out": out, "--video": video])
    }

    func run() throws {
        // The UI a command plays belongs to the main actor, and commands run on the main thread.
        try MainActor.assumeIsolated { try runOnMainActor() }
    }

    @MainActor private func runOnMainActor() throws {
        try reportingErrors {
            let scene = try SceneLoading.applying(fps: fps, scale: scale, to: try deviceOptions.apply(to: try SceneLoading.load(self.scene, access: access)))
            for warning in scene.warnings { printError("warning: \(self.scene ?? scene.name): \(warning)") }
            let format = try video.map(videoFormat)
            if let video, format == .mp4, scene.canvas.background.alpha < 255 {
                printError("warning: --video \(video): the background is transparent and MP4 has no alpha channel, so "
                           + "transparent pixels come out black; use .apng to keep the transparency (.gif keeps it on or off)")
            }
            let range = try frames.map { try $0.resolved(frameCount: scene.frameCount) }
            let directory = URL(fileURLWithPath: out ?? "out/\(scene.name)")
            // Check the video's path and find ffmpeg before spending time on frames.
            let assembler = try video.map { try VideoAssembler.prepare(video: URL(fileURLWithPath: $0), framesIn: directory) }
            let font = try Font.named()
            warnAboutMissingFallbackFonts()
            var rendering = SceneRendering(scene: scene, font: font)
            if let jobs {
                rendering.workers = jobs
                if let warning = SceneRendering.budget(scene).warning(workers: jobs) { printError("warning: \(warning)") }
            }

            let progress = ProgressBar(label: scene.name)
            let manifest: FrameManifest
            do {
                manifest = try rendering.render(to: directory, frames: range) { done, total in
                    progress.update(done: done, total: total)
                }
            } catch {
                progress.abandon()
                throw error
            }
            let elapsed = progress.elapsed
            let count = manifest.frames.count
            print("\(scene.name): \(counted(count, "frame")) of \(manifest.width)×\(manifest.height) px at "
                  + "\(JSONValue.format(scene.fps)) fps in \(String(format: "%.2f", elapsed)) s "
                  + "(\(String(format: "%.1f", Double(count) / max(elapsed, 1e-9))) frames/s) → \(directory.path)/")

            if let video, let format, let assembler {
                let digits = FrameSequenceWriter.digits(frameCount: scene.frameCount)
                let rate = VideoAssembler.outputRate(format: format, fps: scene.fps, options: videoOptions.options)
                var resampled = rate == scene.fps ? "" : " at \(String(format: "%.1f", rate)) fps"
                if rate < min(scene.fps, videoOptions.fps ?? scene.fps) {
                    resampled += " (a GIF's frame delays are whole hundredths of a second; faster GIFs play slow in browsers, "
                        + "use .mp4 or .apng for \(JSONValue.format(scene.fps)) fps)"
                }
                if videoOptions.videoScale != 1 { resampled += ", \(JSONValue.format(videoOptions.videoScale))× the frames' size" }
                print("assembling \(video) with ffmpeg\(resampled) …")
                try flushStandardOutput()
                let videoProgress = ProgressBar(label: "video")
                let frames = max(1, Int((Double(count) * rate / scene.fps).rounded(.down)))
                do {
                    try assembler.assemble(framesIn: directory, digits: digits, startNumber: range?.lowerBound ?? 0,
                                           frameCount: range?.count, fps: scene.fps, padColor: VideoAssembler.padColor(for: scene.canvas.background),
                                           flattening: scene.hasTransparentCorners, options: videoOptions.options, to: URL(fileURLWithPath: video)) { done in
                        videoProgress.update(done: min(done, frames - 1), total: frames)
                    }
                } catch {
                    videoProgress.abandon()
                    throw error
                }
                videoProgress.update(done: frames, total: frames)
                print("video: \(video)")
            }
        }
    }
}

/// `--video-scale` and `--video-fps`: the video's size and frame rate.
struct VideoOptionGroup: ParsableArguments {
    @Option(parsing: .unconditional, help: ArgumentHelp("The video's size as a share of the frames' (above 0, at most 1), e.g. 0.5.",
                                                        valueName: "share"))
    var videoScale: Double = 1

    @Option(parsing: .unconditional, help: "The video's frame rate, 1 to 240 (default: the frames', at most 33.3 for a GIF).")
    var videoFps: Double?

    var fps: Double? { videoFps }
    var options: VideoOptions { VideoOptions(scale: videoScale, fps: videoFps) }

    func validate() throws {
        if let problem = options.problem { throw ValidationError(problem + ".") }
    }
}

/// `--frames A-B`: a range of frame numbers, or one frame.
struct FrameRange: ExpressibleByArgument {
    var first: Int
    var last: Int

    init?(argument: String) {
        let parts = argument.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let first = Int(parts[0]), let last = Int(parts[parts.count - 1]),
              first >= 0, first <= last else { return nil }
        self.first = first
        self.last = last
    }

    static var defaultCompletionKind: CompletionKind { .default }

    func resolved(frameCount: Int) throws -> ClosedRange<Int> {
        guard last < frameCount else {
            throw ValidationError("--frames \(first)-\(last) goes past the scene's last frame, \(frameCount - 1) "
                                  + "(\(frameCount) frames: 0-\(frameCount - 1)).")
        }
        return first...last
    }
}

/// `--video`'s format, from its extension, checked before anything is rendered.
func videoFormat(of path: String) throws -> VideoAssembler.Format {
    do {
        return try VideoAssembler.Format(path: path)
    } catch {
        throw ValidationError("--video: \(error)")
    }
}
