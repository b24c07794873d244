import ArgumentParser
import CStandardOutput
import Foundation
import FrameIO
import Recording
import Scenes

/// `springframes trace`: every item's position at every frame, as CSV or JSON.
struct Trace: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print where every item is at every frame (CSV or JSON).",
        discussion: """
            Trace format 3: a CSV header, then one row per frame and element on screen (cells by \
            identity, supplementary and decoration views, each scroll view's content offset, each \
            view with an accessibility identifier), ordered by frame, element and identity, with \
            the columns frame,time,element,kind,id,section,item,x,y,width,height,scaleX,scaleY,\
            angle,zIndex,alpha,hidden,state: x and y are the centre in content points (a scroll \
            view's: its content offset), angle is in radians, numbers are at full precision; a \
            scroll view's or view's section and item are empty; state is shown, or gone on the \
            first frame after an element left the screen. The rows are what the renderer draws, \
            so a change in the numbers is a change in the pictures. CSV is compact unless --full: \
            a row that repeats its element's previous frame is left out (the first and last frames \
            are whole), as goldens are written; JSON has every row.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable { case csv, json }

    @Argument(help: "A scene .json file or a built-in scene name.")
    var scene: String

    @OptionGroup var access: SceneAccessOptions

    @Option(help: "csv or json (default: from --out's extension, else csv).")
    var format: Format?

    @Option(name: .long, help: "Write to this file instead of standard output.")
    var out: String?

    @Option(parsing: .unconditional, help: "Frames per second (1 to 240), overriding the scene's.")
    var fps: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp("Only frames A to B (inclusive).", valueName: "A-B"))
    var frames: FrameRange?

    @Flag(help: "Write every element's row at every frame, repeats included (CSV is compact by default).")
    var full = false

    func validate() throws {
        try requireNonEmptyPaths(["--out": out])
    }

    func run() throws {
        keepLargeBlocksInTheHeap()
        // The UI a command plays belongs to the main actor, and commands run on the main thread.
        try MainActor.assumeIsolated { try runOnMainActor() }
    }

    @MainActor private func runOnMainActor() throws {
        try reportingErrors {
            let scene = try SceneLoading.applying(fps: fps, scale: nil, to: try SceneLoading.load(self.scene, access: access))
            let range = try frames.map { try $0.resolved(frameCount: scene.frameCount) }
            let frames = range ?? 0...(scene.frameCount - 1)
            let format = self.format ?? (out?.lowercased().hasSuffix(".json") == true ? .json : .csv)
            // Rows stream out a frame at a time: a trace of any length costs the memory of one frame.
            let file = try out.map { try AtomicFile.Writer(URL(fileURLWithPath: $0)) }
            let encoding: SceneTrace.Encoder.Format = format == .json ? .json : full ? .csv : .compactCSV
            let rowCount = try SceneTrace.stream(scene, frames: frames, format: encoding) { text in
                if let file { try file.append(text) } else { try writeStandardOutput(text) }
            }
            if let file, let out {
                try file.commit()
                printError("\(scene.name): \(counted(rowCount, "row")) over \(counted(frames.count, "frame")) → \(out)")
            }
        }
    }
}

/// A trace of a million items makes and frees arrays of a hundred megabytes every frame. glibc
/// maps each such block afresh and unmaps it when freed, so every frame pays for faulting in its
/// pages again (an eighth of the time); kept in the heap, the blocks are reused. Memory stays
/// bounded by the few frames alive at once.
private func keepLargeBlocksInTheHeap() {
    _ = springframes_keep_large_blocks()
}
