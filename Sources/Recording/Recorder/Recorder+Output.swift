import FrameIO
import Foundation
import DisplayList
import Raster

extension Recorder {
    /// What `record(to:)` wrote.
    public struct Output {
        public var manifest: FrameManifest
        /// `trace.csv` in the folder (format 3, repeated rows left out), when asked for.
        public var trace: URL?
        /// `sheet.png` in the folder, when asked for.
        public var sheet: URL?
        /// The video, when asked for.
        public var video: URL?
    }

    /// The name of the trace `record(to:trace: true)` writes beside the frames.
    public static let traceFileName = "trace.csv"
    /// The name of the contact sheet `record(to:sheet:)` writes beside the frames.
    public static let sheetFileName = "sheet.png"

    /// The memory rule for this recorder's frames.
    public var budget: WorkerBudget { Self.budget(for: canvas) }

    /// The memory rule for recording frames of `canvas`.
    public static func budget(for canvas: CanvasSettings) -> WorkerBudget {
        WorkerBudget(pixelsPerFrame: canvas.pixelWidth * canvas.pixelHeight, bytesPerPixel: WorkerBudget.renderBytesPerPixel)
    }

    /// Records frames `range` (default: all) into `directory` — `frame_00000.png` … and
    /// `manifest.json`, as `springframes render` writes them — in one play of the UI, and with them
    /// the trace of those frames (`trace: true`), a contact sheet of them, and a video assembled by
    /// ffmpeg (`.mp4`, `.gif` or `.apng`, from `video`'s extension), at `videoOptions`' size and
    /// frame rate.
    ///
    /// The simulation runs on the calling thread; drawing and encoding run on `workers` threads
    /// (default: as many as fit in memory, at most one per core); files are written in frame
    /// order, each atomically, and the manifest after the frames. `progress` is called on the
    /// calling thread after each frame is written, with the number written and the number to write.
    ///
    /// A frame that shows what the previous one showed is written from the previous frame's bytes;
    /// `reusesRepeatedFrames: false` draws and encodes every frame (the same files, slower: for
    /// measuring what drawing costs).
    @discardableResult
    public func record(to directory: URL, frames range: ClosedRange<Int>? = nil, workers: Int? = nil, trace: Bool = false,
                       sheet: ContactSheet? = nil, video: URL? = nil, videoOptions: VideoOptions = VideoOptions(),
                       pngOptions: PNGCodec.Options = .frames,
                       reusesRepeatedFrames: Bool = true, progress: ((Int, Int) -> Void)? = nil) throws -> Output {
        try validate()
        let frameCount = self.frameCount
        let range = range ?? 0...(frameCount - 1)
        guard range.lowerBound >= 0, range.upperBound < frameCount else {
            throw RenderRangeError(range: range, frameCount: frameCount)
        }
        if video != nil, let problem = videoOptions.problem {
            throw RecorderError.invalid(name: name, problem.replacingOccurrences(of: "--video-scale", with: "videoOptions.scale")
                                        .replacingOccurrences(of: "--video-fps", with: "videoOptions.fps"))
        }
        // Check the video's path and find ffmpeg before spending time on frames.
        let assembler = try video.map { try VideoAssembler.prepare(video: $0, framesIn: directory) }
        let player = try play()
        let writer = try FrameSequenceWriter(directory: directory, scene: name, width: canvas.pixelWidth,
                                             height: canvas.pixelHeight, fps: fps, frameCount: frameCount, scale: canvas.scale)
        let traceFile = trace ? try AtomicFile.Writer(directory.appendingPathComponent(Self.traceFileName)) : nil
        var encoder = SceneTrace.Encoder(format: .compactCSV, scene: name, fps: fps, frameCount: frameCount, frames: range)
        if let traceFile { try traceFile.append(encoder.begin()) }
        let sheetFrames = Set(sheet.map { $0.frames(frameCount: frameCount).filter(range.contains) } ?? [])
        var thumbnails: [(image: Bitmap, caption: String)] = []

        let pool = CanvasPool(pixelWidth: canvas.pixelWidth, pixelHeight: canvas.pixelHeight, scale: canvas.scale)
        let background = canvas.background, drawer = self.drawer, fps = self.fps
        let frames = Array(range)
        var written = 0
        // A frame that shows what the previous one showed (a UI at rest) is not drawn or encoded
        // again: its job is nil and the previous frame's bytes are written. Drawing is a function
        // of the captured frame, so the files are the same bytes either way. Frames on the sheet
        // are always drawn, for their thumbnails.
        var previous: RecordedFrame?
        var previousPNG: [UInt8] = []
        try FramePipeline(workers: max(1, workers ?? budget.workers)).run(
            frames: frames,
            prepare: { index -> RecordedFrame? in
                if let traceFile { try encoder.encode(frame: player.traceRows(frame: index)) { try traceFile.append($0) } }
                let frame = player.frame(index)
                defer { previous = frame }
                let repeats = reusesRepeatedFrames && previous.map(frame.showsTheSame) == true
                return repeats && !sheetFrames.contains(index) ? nil : frame
            },
            render: { index, frame -> (png: [UInt8], thumbnail: Bitmap?)? in
                guard let frame else { return nil }
                return try pool.withWorkspace(background: background) { workspace in
                    drawer.draw(frame, into: workspace.canvas)
                    let thumbnail = sheetFrames.contains(index) ? sheet?.thumbnail(of: workspace.canvas) : nil
                    return (try workspace.encode(options: pngOptions), thumbnail)
                }
            },
            write: { index, drawn in
                let png = drawn?.png ?? previousPNG
                previousPNG = png
                try writer.write(frame: index, png: png)
                if let thumbnail = drawn?.thumbnail {
                    thumbnails.append((thumbnail, ContactSheet.caption(frame: index, fps: fps)))
                }
                written += 1
                progress?(written, frames.count)
            }
        )
        var output = Output(manifest: try writer.finish())
        if let traceFile {
            try traceFile.append(encoder.end())
            try traceFile.commit()
            output.trace = traceFile.url
        }
        if let sheet {
            let url = directory.appendingPathComponent(Self.sheetFileName)
            try AtomicFile.write(try PNGCodec.encode(sheet.grid(thumbnails: thumbnails, font: try Font.named())), to: url)
            output.sheet = url
        }
        if let video, let assembler {
            try assembler.assemble(framesIn: directory, digits: writer.digits, startNumber: range.lowerBound,
                                   frameCount: range.count, fps: fps, padColor: VideoAssembler.padColor(for: canvas.background),
                                   flattening: hasTransparentCorners, options: videoOptions, to: video)
            output.video = video
        }
        return output
    }

    /// The trace of frames `range` (default: all), written through `write` a frame's text at a
    /// time; returns the number of rows.
    @discardableResult
    public func streamTrace(frames range: ClosedRange<Int>? = nil, format: SceneTrace.Encoder.Format,
                            to write: (String) throws -> Void) throws -> Int {
        try validate()
        let frames = range ?? 0...(frameCount - 1)
        let player = try play()
        return try SceneTrace.stream(frames.lazy.map { player.traceRows(frame: $0) }, scene: name, fps: fps, frameCount: frameCount,
                                     frames: frames, format: format, to: write)
    }

    /// The trace of frames `range` (default: all), in memory.
    public func trace(frames range: ClosedRange<Int>? = nil) throws -> SceneTrace {
        let player = try play()
        let rows = (range ?? 0...(frameCount - 1)).flatMap { player.traceRows(frame: $0) }
        return SceneTrace(scene: name, fps: fps, frameCount: frameCount, rows: rows)
    }

    /// Draws the frames `indices` (ascending) one after another into `canvas`, in one play;
    /// `body` gets each frame's position in `indices` and its number while the canvas shows it.
    public func forEachImage(ofFrames indices: [Int], in canvas: Canvas, _ body: (Int, Int) throws -> Void) throws {
        let player = try play()
        for (position, index) in indices.enumerated() {
            canvas.clear(self.canvas.background)
            drawer.draw(player.frame(index), into: canvas)
            try body(position, index)
        }
    }

    /// Draws the frames `indices` (ascending) into new canvases, in one play.
    public func images(ofFrames indices: [Int]) throws -> [Canvas] {
        var images: [Canvas] = []
        let canvas = try checkedCanvas()
        try forEachImage(ofFrames: indices, in: canvas) { _, _ in images.append(canvas.copy()) }
        return images
    }

    /// `makeCanvas()`, or the error that names what makes the frames impossible to draw.
    private func checkedCanvas() throws -> Canvas {
        if let problem = canvas.problem { throw RecorderError.invalid(name: name, problem) }
        return makeCanvas()
    }

    /// A canvas of the frames' size, cleared to the background. Stops with a message when the
    /// size or scale cannot be drawn (`record`, `images` and the others throw instead).
    public func makeCanvas() -> Canvas {
        if let problem = canvas.problem { preconditionFailure("recorder \"\(name)\": \(problem)") }
        return Canvas(pixelWidth: canvas.pixelWidth, pixelHeight: canvas.pixelHeight, scale: canvas.scale, background: canvas.background)
    }

    /// A contact sheet of the recording (`sheet.every` frames apart), in one play.
    public func contactSheet(_ sheet: ContactSheet, font: Font) throws -> Canvas {
        var thumbnails: [(image: Bitmap, caption: String)] = []
        let canvas = try checkedCanvas()
        try forEachImage(ofFrames: sheet.frames(frameCount: frameCount), in: canvas) { _, index in
            thumbnails.append((sheet.thumbnail(of: canvas), ContactSheet.caption(frame: index, fps: fps)))
        }
        return sheet.grid(thumbnails: thumbnails, font: font)
    }
}

/// A frame range outside the recording.
public struct RenderRangeError: Error, CustomStringConvertible {
    public var range: ClosedRange<Int>
    public var frameCount: Int

    public var description: String {
        "frames \(range.lowerBound)-\(range.upperBound) are outside the recording, which has \(frameCount) frames (0-\(frameCount - 1))"
    }
}
