import ArgumentParser
import Foundation
import FrameIO
import Raster
import Recording
import Scenes

/// `springframes sweep`: one scene with settings varied, side by side.
struct SweepCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sweep",
        abstract: "Render a scene with settings varied over a list or a grid, side by side, with each variant's motion metrics.",
        discussion: """
            Each --vary PATH=V1,V2,… names a setting of the scene file and the values it takes; \
            several make a grid of every combination (the last varies along a row). PATH is keys \
            separated by dots, from the scene's top or from any key that names one place: \
            interaction.damping is collection.interaction.damping. A key the scene leaves out \
            (its default) can be varied too.

            Writes, to --out (default out/<scene name>-sweep/): every frame with the variants \
            tiled and labelled (frame_00000.png …, manifest.json), sheet.png (a row of frames per \
            variant, with its metrics), metrics.csv, and with --video a video of the tiled frames. \
            The metrics are those of the element that travels farthest in the first variant: \
            overshoot past its rest position, the time it takes to stay within 2 %, its peak speed; \
            and the largest overshoot of any element.

            Example: springframes sweep --vary interaction.damping=0.4,0.6,0.8 --vary interaction.frequency=4,8
            """
    )

    @Argument(help: "A scene .json file or a built-in scene name (default: cluster-drag).")
    var scene: String?

    @OptionGroup var access: SceneAccessOptions

    @Option(name: .customLong("vary"), help: ArgumentHelp("A setting and its values, e.g. interaction.damping=0.4,0.6,0.8 (repeat for a grid).",
                                                          valueName: "PATH=V1,V2,…"))
    var parameters: [String] = []

    @Option(name: .long, help: "Output folder (default: out/<scene name>-sweep).")
    var out: String?

    @Option(parsing: .unconditional, help: "Tiles per row (default: the last --vary's values; a single --vary of up to 4 values in one row).")
    var columns: Int?

    @Option(parsing: .unconditional, help: "Pixels per point of each tile (default: the scene's scale shared among the columns, rounded down to a quarter, at least 0.25).")
    var tileScale: Double?

    @Option(parsing: .unconditional, help: "The sheet shows every Nth frame (default: about 10 frames over the scene).")
    var every: Int?

    @Option(parsing: .unconditional, help: "Pixels per point of each frame on the sheet.")
    var thumbnail = 0.25

    @Option(parsing: .unconditional, help: "Threads that draw and encode frames (default: as many as fit in memory, at most one per core).")
    var jobs: Int?

    @Option(help: ArgumentHelp("Also assemble the tiled frames into FILE with ffmpeg (.mp4, .gif or .apng).", valueName: "FILE"))
    var video: String?

    @OptionGroup var videoOptions: VideoOptionGroup

    func validate() throws {
        guard !parameters.isEmpty else {
            throw ValidationError("give at least one --vary PATH=V1,V2,…, e.g. --vary interaction.damping=0.4,0.6,0.8.")
        }
        if let columns, !(1...16).contains(columns) { throw ValidationError("--columns must be from 1 to 16, not \(columns).") }
        if let tileScale, !(tileScale >= 0.1 && tileScale <= 4) { throw ValidationError("--tile-scale must be from 0.1 to 4, not \(tileScale).") }
        if let every, every < 1 { throw ValidationError("--every must be at least 1, not \(every).") }
        guard thumbnail >= 0.05, thumbnail <= 2 else { throw ValidationError("--thumbnail must be from 0.05 to 2, not \(thumbnail).") }
        if let jobs, !(1...256).contains(jobs) { throw ValidationError("--jobs must be from 1 to 256, not \(jobs).") }
        if let video { _ = try videoFormat(of: video) }
        try videoOptions.validate()
        try requireNonEmptyPaths(["--out": out, "--video": video])
        for parameter in parameters {
            do { _ = try SceneParameter(argument: parameter) } catch { throw ValidationError("\(error).") }
        }
    }

    func run() throws {
        // The UI a command plays belongs to the main actor, and commands run on the main thread.
        try MainActor.assumeIsolated { try runOnMainActor() }
    }

    @MainActor private func runOnMainActor() throws {
        try reportingErrors {
            let parameters = try self.parameters.map(SceneParameter.init(argument:))
            let source = try SceneLoading.loadJSON(scene, access: access)
            let variants: [(label: String, scene: Scene)]
            do {
                variants = try Scene.$allowedFolders.withValue(access.folders.map { URL(fileURLWithPath: $0) }) {
                    try Scene.variants(of: source.json, file: source.file, defaultName: source.defaultName, varying: parameters)
                }
            } catch let error as SceneParameterError {
                throw ValidationError("\(error).")
            }
            let name = variants[0].scene.name
            let font = try Font.named()
            warnAboutMissingFallbackFonts()
            let sweep = Sweep(name: "\(name)-sweep",
                              variants: variants.map { Sweep.Variant(label: $0.label, recorder: Recorder(scene: $0.scene, font: font)) },
                              columns: columns ?? (parameters.count > 1 ? parameters[parameters.count - 1].values.count : nil),
                              tileScale: tileScale)
            let size = sweep.pixelSize
            guard size.width <= SceneLimits.pixelSide, size.height <= SceneLimits.pixelSide else {
                throw ValidationError("the tiled frames would be \(size.width)×\(size.height) px (the limit is \(SceneLimits.pixelSide) a side); "
                                      + "use a smaller --tile-scale or other --columns.")
            }
            let directory = URL(fileURLWithPath: out ?? "out/\(name)-sweep")
            // The sweep checks the video's path and finds ffmpeg before it draws a frame.
            let videoURL = video.map { URL(fileURLWithPath: $0) }
            if let jobs, let warning = WorkerBudget(pixelsPerFrame: size.width * size.height,
                                                    bytesPerPixel: WorkerBudget.renderBytesPerPixel).warning(workers: jobs) {
                printError("warning: \(warning)")
            }
            let progress = ProgressBar(label: "\(name) × \(variants.count)")
            let output: Sweep.Output
            do {
                output = try sweep.record(to: directory, workers: jobs, sheet: Sweep.Sheet(every: every ?? max(1, sweep.frameCount / 10),
                                                                                          thumbnailScale: thumbnail),
                                          video: videoURL, videoOptions: videoOptions.options) { done, total in
                    progress.update(done: done, total: total)
                }
            } catch {
                progress.abandon()
                throw error
            }
            print(Sweep.table(output.metrics))
            print("\(name): \(counted(variants.count, "variant")), \(counted(output.manifest.frames.count, "frame")) of "
                  + "\(size.width)×\(size.height) px in \(String(format: "%.2f", progress.elapsed)) s → \(directory.path)/")
            if let sheet = output.sheet { print("sheet: \(sheet.path)") }
            print("metrics: \(output.metricsFile.path)")
            if let video = output.video { print("video: \(video.path)") }
        }
    }
}
