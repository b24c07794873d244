import ArgumentParser
import Foundation
import DisplayList
import FrameIO
import ImageCodec
import Raster
import Recording
import Scenes
import Views
import Vocabulary

/// `springframes matrix`: scenes over a grid of configurations, on one sheet (and a folder or a
/// video per configuration).
struct MatrixCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "matrix",
        abstract: "Render scenes over a grid of devices, appearances, text sizes, directions and accessibility settings.",
        discussion: """
            Every combination of the lists given is one configuration, named after its values \
            (iPhone16Pro-dark-AX5-rtl-reduceMotion). Writes one sheet with a frame of each \
            configuration of each scene (--at seconds into it), and with --frames a folder of \
            frames per configuration (and with --video a video beside each).

            Example: springframes matrix settings-list photo-drag --device "iPhone 16 Pro" \
            --appearance light,dark --content-size L,XXXL,AX5 --direction ltr,rtl
            """
    )

    @Argument(help: "Scene .json files or built-in scene names.")
    var scenes: [String]

    @OptionGroup var access: SceneAccessOptions

    @Option(help: ArgumentHelp("Devices, comma-separated: " + Device.quotedNames + " (default: the scene's own).", valueName: "names"))
    var device: String?

    @Option(help: ArgumentHelp("light and/or dark, comma-separated (default: the scene's own).", valueName: "appearances"))
    var appearance: String?

    @Option(help: ArgumentHelp("Text sizes, comma-separated: XS, S, M, L, XL, XXL, XXXL, AX1 … AX5 (default: L).", valueName: "sizes"))
    var contentSize = "L"

    @Option(help: ArgumentHelp("ltr and/or rtl, comma-separated (default: ltr).", valueName: "directions"))
    var direction = "ltr"

    @Option(help: ArgumentHelp("Accessibility columns, comma-separated; each is none or settings joined by +: "
                               + AccessibilitySetting.allCases.map(\.rawValue).joined(separator: ", ")
                               + " (default: none).", valueName: "settings"))
    var accessibility = "none"

    @Option(parsing: .unconditional, help: "Seconds into each recording of the frame on the sheet (default: its last frame).")
    var at: Double?

    @Option(parsing: .unconditional, help: "Tiles per row on the sheet (default: the text sizes × directions × accessibility columns).")
    var columns: Int?

    @Option(parsing: .unconditional, help: "Size of each frame on the sheet, as a fraction of its rendered size.")
    var thumbnail = 0.5

    @Option(parsing: .unconditional, help: "Pixels per point of the rendered frames (1 to 4; default 1).")
    var scale: Double = 1

    @Option(name: .long, help: "The sheet to write (default: out/matrix.png).")
    var out: String?

    @Option(help: ArgumentHelp("Also write each configuration's frames to DIR/<scene>-<configuration>/.", valueName: "DIR"))
    var frames: String?

    @Option(help: ArgumentHelp("With --frames, also a video of each configuration: mp4, gif or apng.", valueName: "format"))
    var video: String?

    func validate() throws {
        _ = try matrix()
        if let at, !(at >= 0 && at.isFinite) { throw ValidationError("--at must be a time in seconds, 0 or more, not \(at).") }
        if let columns, !(1...64).contains(columns) { throw ValidationError("--columns must be from 1 to 64, not \(columns).") }
        guard scale >= 1, scale <= 4 else { throw ValidationError("--scale must be from 1 to 4, not \(scale).") }
        guard thumbnail >= 0.05, thumbnail <= 1 else { throw ValidationError("--thumbnail must be from 0.05 to 1, not \(thumbnail).") }
        try requireNonEmptyPaths(["--out": out, "--frames": frames])
        if let out, URL(fileURLWithPath: out).pathExtension.lowercased() != "png" {
            throw ValidationError("--out \(out): the sheet is a PNG image; give a name ending in .png.")
        }
        if let video {
            guard ["mp4", "gif", "apng"].contains(video) else { throw ValidationError("--video must be mp4, gif or apng, not \(video).") }
            guard frames != nil else { throw ValidationError("--video writes a video beside each folder of frames: give --frames DIR too.") }
        }
    }

    /// The grid the options describe; throws naming the option and the value that is wrong.
    func matrix() throws -> ConfigurationMatrix {
        func list(_ text: String) -> [String] { text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
        var matrix = ConfigurationMatrix()
        if let device {
            matrix.devices = try list(device).map { name in
                guard let found = Device.named(name) else { throw ValidationError("--device \(name): no such device; devices: " + Device.quotedNames) }
                return found
            }
        }
        if let appearance {
            matrix.appearances = try list(appearance).map { value in
                guard ["light", "dark"].contains(value) else { throw ValidationError("--appearance: expected light or dark, not \(value).") }
                return value == "dark" ? .dark : .light
            }
        }
        matrix.contentSizes = try list(contentSize).map { value in
            guard let category = UIContentSizeCategory(shortName: value) else {
                throw ValidationError("--content-size: expected " + UIContentSizeCategory.shortNames.map(\.name).joined(separator: ", ")
                                      + ", not \(value).")
            }
            return category
        }
        matrix.directions = try list(direction).map { value in
            guard ["ltr", "rtl"].contains(value) else { throw ValidationError("--direction: expected ltr or rtl, not \(value).") }
            return value == "rtl" ? .rightToLeft : .leftToRight
        }
        matrix.accessibility = try list(accessibility).map { column in
            guard column != "none" else { return [] }
            return try column.split(separator: "+").map { name in
                guard let setting = AccessibilitySetting(rawValue: String(name)) else {
                    throw ValidationError("--accessibility: expected none or " + AccessibilitySetting.allCases.map(\.rawValue).joined(separator: ", ")
                                          + " (joined by +), not \(name).")
                }
                return setting
            }
        }
        for (option, count) in [("--device", matrix.devices.count), ("--appearance", matrix.appearances.count),
                                ("--content-size", matrix.contentSizes.count), ("--direction", matrix.directions.count),
                                ("--accessibility", matrix.accessibility.count)] where count == 0 {
            throw ValidationError("\(option) needs at least one value.")
        }
        guard matrix.configurations.count * scenes.count <= 400 else {
            throw ValidationError("\(matrix.configurations.count * scenes.count) configurations; a matrix has at most 400: give fewer values.")
        }
        return matrix
    }

    func run() throws {
        // The UI a command plays belongs to the main actor, and commands run on the main thread.
        try MainActor.assumeIsolated { try runOnMainActor() }
    }

    @MainActor private func runOnMainActor() throws {
        try reportingErrors {
            var matrix = try self.matrix()
            let loaded = try scenes.map { try SceneLoading.load($0, access: access) }
            // Without --appearance, each scene keeps its own: the grid has one appearance column.
            if appearance == nil { matrix.appearances = [loaded.first?.appearance ?? .light] }
            let font = try Font.named()
            warnAboutMissingFallbackFonts()
            let scale = self.scale
            func configured(_ scene: Scene, _ configuration: Configuration) -> Scene {
                var scene = scene.configured(for: configuration)
                scene.canvas.scale = scale
                return scene
            }
            let subjects = loaded.map { scene in
                (label: scene.name, recorder: { (configuration: Configuration) in Recorder(scene: configured(scene, configuration), font: font) })
            }
            let time = at ?? .infinity
            let canvas = try matrix.sheet(of: subjects, at: time, columns: columns, thumbnailScale: thumbnail, font: font)
            let url = URL(fileURLWithPath: out ?? "out/matrix.png")
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try AtomicFile.write(try PNGCodec.encode(canvas, options: .small), to: url)
            let count = matrix.configurations.count
            print("matrix: \(counted(loaded.count, "scene")) × \(counted(count, "configuration")), \(canvas.width)×\(canvas.height) px → \(url.path)")
            if let frames {
                let directory = URL(fileURLWithPath: frames)
                for scene in loaded {
                    let output = try matrix.record(to: directory, prefix: "\(scene.name)-", video: video) { Recorder(scene: configured(scene, $0), font: font) }
                    for folder in output.folders { print("\(folder.folder.path)/") }
                }
            }
        }
    }
}
