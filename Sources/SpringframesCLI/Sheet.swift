import ArgumentParser
import Foundation
import FrameIO
import ImageCodec
import Raster
import Recording
import Scenes

/// `springframes sheet`: a contact sheet of a scene's frames.
struct Sheet: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Draw a contact sheet: every Nth frame of a scene in a grid, captioned with its time."
    )

    @Argument(help: "A scene .json file or a built-in scene name.")
    var scene: String

    @OptionGroup var access: SceneAccessOptions
    @OptionGroup var deviceOptions: DeviceOptions

    @Option(parsing: .unconditional, help: "Show every Nth frame (default: about 12 frames over the scene).")
    var every: Int?

    @Option(parsing: .unconditional, help: "Frames per row.")
    var columns = 6

    @Option(parsing: .unconditional, help: "Size of each frame on the sheet, as a fraction of its rendered size.")
    var thumbnail = 0.5

    @Option(parsing: .unconditional, help: "Pixels per point of the rendered frames (1 to 4; default 1).")
    var scale: Double = 1

    @Option(name: .long, help: "The PNG file to write (default: out/<scene name>-sheet.png).")
    var out: String?

    func validate() throws {
        if let every, every < 1 { throw ValidationError("--every must be at least 1, not \(every).") }
        guard (1...64).contains(columns) else { throw ValidationError("--columns must be from 1 to 64, not \(columns).") }
        guard thumbnail > 0, thumbnail <= 1 else { throw ValidationError("--thumbnail must be above 0 and at most 1, not \(thumbnail).") }
        try requireNonEmptyPaths(["--out": out])
        if let out, URL(fileURLWithPath: out).pathExtension.lowercased() != "png" {
            throw ValidationError("--out \(out): a contact sheet is a PNG image; give a name ending in .png "
                                  + "(ffmpeg -i sheet.png sheet.jpg converts it).")
        }
    }

    func run() throws {
        // The UI a command plays belongs to the main actor, and commands run on the main thread.
        try MainActor.assumeIsolated { try runOnMainActor() }
    }

    @MainActor private func runOnMainActor() throws {
        try reportingErrors {
            let scene = try SceneLoading.applying(fps: nil, scale: scale, to: try deviceOptions.apply(to: try SceneLoading.load(self.scene, access: access)))
            let every = self.every ?? max(1, scene.frameCount / 12)
            let sheet = ContactSheet(every: every, columns: columns, thumbnailScale: thumbnail)
            let pixels = Double(scene.canvas.pixelWidth * scene.canvas.pixelHeight) * thumbnail * thumbnail
                * Double(sheet.frames(frameCount: scene.frameCount).count)
            guard pixels <= 256_000_000 else {
                throw ValidationError("the sheet would hold \(Int(pixels / 1e6)) million pixels; show fewer frames (--every) or smaller ones (--thumbnail).")
            }
            warnAboutMissingFallbackFonts()
            let canvas = sheet.draw(scene, font: try Font.named())
            let url = URL(fileURLWithPath: out ?? "out/\(scene.name)-sheet.png")
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try AtomicFile.write(try PNGCodec.encode(canvas, options: .small), to: url)
            print("\(scene.name): contact sheet of \(counted(sheet.frames(frameCount: scene.frameCount).count, "frame")), "
                  + "\(canvas.width)×\(canvas.height) px → \(url.path)")
        }
    }
}
