import FrameIO
import Foundation
import DisplayList
import Raster

/// Variants of one UI — a spring tuned several ways — recorded side by side: every frame shows
/// each variant in its own labelled tile, so that tuning is one look rather than folders to flip
/// between.
///
/// `record(to:)` writes the tiled frames as numbered PNGs with a manifest (as `render` does), a
/// sheet with one row of frames per variant, the motion metrics of each variant (overshoot,
/// settling time and peak speed of the element that travels farthest) as `metrics.csv`, and
/// optionally a video. The variants play in step, each on its own clock, and are drawn on the
/// workers like any recording: the same bytes with any number of workers.
///
/// ```swift
/// let sweep = Sweep(variants: [0.4, 0.6, 0.8].map { damping in
///     Sweep.Variant(label: "damping \(damping)", recorder: Recorder(duration: 2) { CardViewController(damping: damping) })
/// })
/// let output = try sweep.record(to: URL(fileURLWithPath: "out/damping"), sheet: Sweep.Sheet(every: 10))
/// print(Sweep.table(output.metrics))
/// ```
@MainActor
public struct Sweep {
    public struct Variant {
        /// Shown above its tile and in the table ("damping 0.6").
        public var label: String
        public var recorder: Recorder

        public init(label: String, recorder: Recorder) {
            self.label = label
            self.recorder = recorder
        }
    }

    /// The sheet of a sweep: a row per variant, every `every`th frame across.
    public struct Sheet: Sendable {
        public var every: Int
        /// Each frame is drawn at this many pixels per point.
        public var thumbnailScale: Double

        public init(every: Int, thumbnailScale: Double = 0.25) {
            self.every = max(1, every)
            self.thumbnailScale = thumbnailScale
        }
    }

    /// One variant's motion, in the terms people tune springs by.
    public struct Metrics: Sendable, Equatable {
        public var label: String
        /// The element measured ("item 7"): the one that travels farthest from where it comes to
        /// rest in the first variant, in every variant that shows it; nil when nothing moves.
        public var element: String?
        public var motion: MotionMetrics?
        /// The largest overshoot of any element of this variant, percent.
        public var largestOvershoot: Double
        /// The phase where the UI responds on its own, measured apart from the rest: from the
        /// last mark (`Recorder.mark(_:at:)`), else from the last touch-up ("release"), to the end;
        /// nil when the variant has neither.
        public var phase: String? = nil
        /// The element's motion within `phase`.
        public var response: MotionMetrics? = nil
        /// The spring fitted to the element's motion within `phase` (duration and bounce, ζ and f).
        public var fit: SpringFit? = nil
    }

    /// Where a recorder's response phase starts and what it is called: the last mark, else the
    /// last touch-up.
    static func responsePhase(of recorder: Recorder) -> (name: String, start: Double)? {
        if let mark = recorder.marks.last { return (mark.name, mark.time) }
        let ups = recorder.touches.events.compactMap { event -> Double? in
            switch event {
            case .up(let at): return at
            case .tap(let at, _, let duration): return at + duration
            case .down, .move: return nil
            }
        }
        return ups.max().map { ("release", $0) }
    }

    /// What `record(to:)` wrote.
    public struct Output {
        public var manifest: FrameManifest
        public var metrics: [Metrics]
        /// `metrics.csv` in the folder.
        public var metricsFile: URL
        /// `sheet.png` in the folder, when asked for.
        public var sheet: URL?
        public var video: URL?
    }

    public var name: String
    public var variants: [Variant]
    /// Tiles across; the rest go on further rows.
    public var columns: Int
    /// Pixels per point of each tile.
    public var tileScale: Double
    public var background = Color(rgb: 0xE5E5EA)
    public var labelColor = Color(rgb: 0x1C1C1E)

    public static let metricsFileName = "metrics.csv", sheetFileName = "sheet.png"
    static let margin = 12, gap = 12, labelHeight = 26, labelSize = 14.0

    /// `columns` defaults to every variant in one row up to four, else a square-ish grid;
    /// `tileScale` to the first variant's scale shared among the columns, rounded down to a
    /// quarter pixel per point (at least 0.25): the tiled frame is at most about as wide as one
    /// frame, and drawing nine tiles costs about what two frames cost.
    public init(name: String = "sweep", variants: [Variant], columns: Int? = nil, tileScale: Double? = nil) {
        self.name = name
        self.variants = variants
        let count = max(1, variants.count)
        self.columns = max(1, min(count, columns ?? (count <= 4 ? count : Int(Double(count).squareRoot().rounded(.up)))))
        let scale = variants.first?.recorder.canvas.scale ?? 1
        self.tileScale = tileScale ?? max(0.25, (scale / Double(self.columns) * 4).rounded(.down) / 4)
    }

    /// Frames in the sweep: the longest variant's; a shorter one holds its last frame.
    public var frameCount: Int { variants.map(\.recorder.frameCount).max() ?? 0 }

    /// Each tile's size in pixels (the largest variant's canvas at `tileScale`).
    var tileSize: (width: Int, height: Int) {
        (variants.map { CanvasSettings.pixels($0.recorder.canvas.width * tileScale) }.max() ?? 1,
         variants.map { CanvasSettings.pixels($0.recorder.canvas.height * tileScale) }.max() ?? 1)
    }

    /// The tiled frame's size in pixels.
    public var pixelSize: (width: Int, height: Int) {
        let tile = tileSize, rows = (variants.count + columns - 1) / max(1, columns)
        return (2 * Self.margin + columns * tile.width + (columns - 1) * Self.gap,
                2 * Self.margin + rows * (Self.labelHeight + tile.height) + (rows - 1) * Self.gap)
    }

    /// Where tile `index` goes: its label band's top left corner, in pixels.
    func tileOrigin(_ index: Int) -> (x: Int, y: Int) {
        let tile = tileSize
        return (Self.margin + (index % columns) * (tile.width + Self.gap),
                Self.margin + (index / columns) * (Self.labelHeight + tile.height + Self.gap))
    }

    /// Records every variant in one play each, in step. Throws `RecorderError` for variants that
    /// cannot be tiled together (none, or different frame rates).
    @discardableResult
    public func record(to directory: URL, workers: Int? = nil, sheet: Sheet? = nil, video: URL? = nil,
                       videoOptions: VideoOptions = VideoOptions(), progress: ((Int, Int) -> Void)? = nil) throws -> Output {
        let fps = try checkedFrameRate()
        if video != nil, let problem = videoOptions.problem { throw RecorderError.invalid(name: name, problem) }
        let assembler = try video.map { try VideoAssembler.prepare(video: $0, framesIn: directory) }
        let font = try Font.named()
        let size = pixelSize
        let writer = try FrameSequenceWriter(directory: directory, scene: name, width: size.width, height: size.height, fps: fps,
                                             frameCount: frameCount, scale: 1)
        let played = try play(into: writer, sheet: sheet, font: font, workers: workers, progress: progress)
        let manifest = try writer.finish()
        let metricsFile = directory.appendingPathComponent(Self.metricsFileName)
        try AtomicFile.write(Array(Self.csv(played.metrics).utf8), to: metricsFile)
        var output = Output(manifest: manifest, metrics: played.metrics, metricsFile: metricsFile)
        if let sheet {
            let url = directory.appendingPathComponent(Self.sheetFileName)
            let canvas = drawSheet(thumbnails: played.thumbnails, metrics: played.metrics, fps: fps, font: font, scale: sheet.thumbnailScale)
            try AtomicFile.write(try PNGCodec.encode(canvas), to: url)
            output.sheet = url
        }
        if let video, let assembler {
            try assembler.assemble(framesIn: directory, digits: writer.digits, frameCount: frameCount, fps: fps,
                                   padColor: VideoAssembler.padColor(for: background), options: videoOptions, to: video)
            output.video = video
        }
        return output
    }

    /// The sheet and the metrics alone, without writing frames: only the sheet's frames are drawn.
    public func sheet(_ sheet: Sheet, workers: Int? = nil) throws -> (sheet: Canvas, metrics: [Metrics]) {
        let fps = try checkedFrameRate()
        let font = try Font.named()
        let played = try play(into: nil, sheet: sheet, font: font, workers: workers, progress: nil)
        return (drawSheet(thumbnails: played.thumbnails, metrics: played.metrics, fps: fps, font: font, scale: sheet.thumbnailScale),
                played.metrics)
    }

    /// The variants' common frame rate.
    private func checkedFrameRate() throws -> Double {
        guard let first = variants.first else { throw RecorderError.invalid(name: name, "a sweep needs at least one variant") }
        for variant in variants { try variant.recorder.validate() }
        let fps = first.recorder.fps
        if let other = variants.first(where: { $0.recorder.fps != fps }) {
            throw RecorderError.invalid(name: name, "the variants play at different frame rates (\(first.label): \(fps) fps, "
                                        + "\(other.label): \(other.recorder.fps) fps); a sweep shows them frame by frame, in step")
        }
        return fps
    }

    /// Plays every variant in step, measures their motion, and draws the tiled frames into
    /// `writer` (when given) and the sheet's thumbnails (when asked for).
    private func play(into writer: FrameSequenceWriter?, sheet: Sheet?, font: Font, workers: Int?,
                      progress: ((Int, Int) -> Void)?) throws -> (thumbnails: [Int: [Bitmap]], metrics: [Metrics]) {
        let fps = variants[0].recorder.fps, frameCount = self.frameCount
        let size = pixelSize, tile = tileSize, tileScale = self.tileScale
        let players = try variants.map { try $0.recorder.play() }
        let drawers = variants.map(\.recorder.drawer), backgrounds = variants.map(\.recorder.canvas.background)
        // A device's rounded corners are transparent: such a tile is blended over the sweep's
        // background, so no tiled frame has a transparent pixel (which an MP4 would show black).
        let opaqueTiles = variants.map { $0.recorder.canvas.background.alpha == 255 && !$0.recorder.hasTransparentCorners }
        let lastFrames = variants.map { $0.recorder.frameCount - 1 }
        let origins = variants.indices.map(tileOrigin), labelHeight = Self.labelHeight
        let base = writer == nil ? nil : labelledBase(size: size, tile: tile, font: font)
        let sheetFrames = Set(sheet.map { Array(stride(from: 0, to: frameCount, by: $0.every)) } ?? [])
        var thumbnails: [Int: [Bitmap]] = [:]
        var trackers = variants.map { _ in MotionTracker() }
        let tilePool = CanvasPool(pixelWidth: tile.width, pixelHeight: tile.height, scale: tileScale)
        let gridPool = CanvasPool(pixelWidth: size.width, pixelHeight: size.height, scale: 1)
        var previous: [RecordedFrame]?
        var previousPNG: [UInt8] = []
        var written = 0
        let budget = WorkerBudget(pixelsPerFrame: size.width * size.height, bytesPerPixel: WorkerBudget.renderBytesPerPixel)

        try FramePipeline(workers: max(1, workers ?? budget.workers)).run(
            frames: Array(0..<frameCount),
            prepare: { index -> [RecordedFrame]? in
                var frames: [RecordedFrame] = []
                for (k, player) in players.enumerated() {
                    let own = min(index, lastFrames[k])
                    if own == index { trackers[k].add(time: Double(index) / fps, rows: player.traceRows(frame: index, visibleOnly: true)) }
                    if writer != nil || sheetFrames.contains(index) { frames.append(player.frame(own)) }
                }
                defer { previous = frames }
                // Nothing to draw: a frame that repeats the last (its PNG is written again), or one off the sheet.
                let repeats = previous.map { zip($0, frames).allSatisfy { $0.showsTheSame(as: $1) } } == true
                return (repeats || frames.isEmpty) && !sheetFrames.contains(index) ? nil : frames
            },
            render: { index, frames -> (png: [UInt8]?, thumbnails: [Bitmap]?)? in
                guard let frames else { return nil }
                // Each tile: drawn, placed on the tiled frame (when frames are written), shrunk for the sheet.
                func tiles(_ place: (Int, Canvas) -> Void) -> [Bitmap] {
                    var small: [Bitmap] = []
                    for (k, frame) in frames.enumerated() {
                        tilePool.withCanvas(background: backgrounds[k]) { canvas in
                            drawers[k].draw(frame, into: canvas)
                            place(k, canvas)
                            if let sheet, sheetFrames.contains(index) { small.append(ContactSheet(every: 1, columns: 1, thumbnailScale: sheet.thumbnailScale / canvas.scale).thumbnail(of: canvas)) }
                        }
                    }
                    return small
                }
                guard let base else { return (nil, tiles { _, _ in }) }
                return try gridPool.withWorkspace(background: .clear) { workspace in
                    let grid = workspace.canvas
                    grid.copy(base, toPixelX: 0, y: 0)
                    let small = tiles { k, canvas in
                        // Over an opaque background every pixel is opaque: copied, not blended.
                        if opaqueTiles[k] {
                            grid.copy(canvas, toPixelX: origins[k].x, y: origins[k].y + labelHeight)
                        } else {
                            grid.draw(canvas, atPixelX: origins[k].x, y: origins[k].y + labelHeight)
                        }
                    }
                    return (try workspace.encode(options: .frames), small.isEmpty ? nil : small)
                }
            },
            write: { index, drawn in
                if let small = drawn?.thumbnails, !small.isEmpty { thumbnails[index] = small }
                if let writer {
                    let png = drawn?.png ?? previousPNG
                    previousPNG = png
                    try writer.write(frame: index, png: png)
                }
                written += 1
                progress?(written, frameCount)
            }
        )
        return (thumbnails, Self.metrics(labels: variants.map(\.label), trackers: trackers,
                                         phases: variants.map { Self.responsePhase(of: $0.recorder) }))
    }

    /// The background and the labels, which every tiled frame starts from.
    private func labelledBase(size: (width: Int, height: Int), tile: (width: Int, height: Int), font: Font) -> Bitmap {
        Bitmap(pixelWidth: size.width, pixelHeight: size.height, scale: 1, background: background) { base in
            for (index, variant) in variants.enumerated() {
                let origin = tileOrigin(index)
                base.drawText(variant.label, in: CGRect(x: Double(origin.x), y: Double(origin.y), width: Double(tile.width),
                                                        height: Double(Self.labelHeight - 4)),
                              font: font, size: Self.labelSize, color: labelColor)
            }
        }
    }

    // MARK: Sheet

    /// A row per variant: its label and metrics on the left, then its frames; the frames' times on top.
    private func drawSheet(thumbnails: [Int: [Bitmap]], metrics: [Metrics], fps: Double, font: Font, scale: Double) -> Canvas {
        let frames = thumbnails.keys.sorted()
        let cell = (width: thumbnails.values.flatMap { $0.map(\.width) }.max() ?? 1,
                    height: thumbnails.values.flatMap { $0.map(\.height) }.max() ?? 1)
        let labelWidth = 190, header = 24, gap = 8, margin = 16
        let width = 2 * margin + labelWidth + frames.count * (cell.width + gap)
        let height = 2 * margin + header + variants.count * (cell.height + gap)
        let sheet = Canvas(pixelWidth: width, pixelHeight: height, scale: 1, background: background)
        let secondary = Color(rgb: 0x3C3C43)
        for (column, frame) in frames.enumerated() {
            let x = margin + labelWidth + column * (cell.width + gap)
            sheet.drawText(String(format: "%.2f s", Double(frame) / fps), in: CGRect(x: Double(x), y: Double(margin), width: Double(cell.width),
                                                                                 height: Double(header - 6)),
                           font: font, size: 12, color: secondary)
        }
        for (row, variant) in variants.enumerated() {
            let y = margin + header + row * (cell.height + gap)
            let lines = [variant.label] + Self.describe(metrics[row])
            for (n, line) in lines.enumerated() {
                sheet.drawText(line, in: CGRect(x: Double(margin), y: Double(y + n * 18), width: Double(labelWidth - 8), height: 18),
                               font: font, size: n == 0 ? 14 : 11.5, color: n == 0 ? labelColor : secondary, leading: true)
            }
            for (column, frame) in frames.enumerated() {
                guard let image = thumbnails[frame]?[row] else { continue }
                sheet.draw(image, atPixelX: margin + labelWidth + column * (cell.width + gap), y: y)
            }
        }
        return sheet
    }

    // MARK: Metrics

    /// The metrics as a few short lines for the sheet.
    static func describe(_ metrics: Metrics) -> [String] {
        guard let motion = metrics.motion, let element = metrics.element else { return ["nothing moves"] }
        var lines = [element + ": overshoot " + String(format: "%.1f %%", motion.overshoot),
                     "settles " + (motion.settlingTime.map { String(format: "%.2f s", $0) } ?? "never")
                         + String(format: " · peak %.0f pt/s", motion.peakSpeed)]
        if let phase = metrics.phase, let fit = metrics.fit {
            // Two lines: one would run under the first frame in the label column's 190 px.
            lines.append(phase + String(format: ": bounce %.2f", fit.bounce))
            lines.append(String(format: "duration %.2f s", fit.duration))
        }
        return lines
    }

    /// The metrics as a table to print: a row per variant; the whole recording's metrics, then
    /// the response phase's (its name, overshoot and settling within it, the fitted bounce and
    /// duration and the fit's residual) when a variant has one.
    public static func table(_ metrics: [Metrics]) -> String {
        var header = ["variant", "element", "overshoot", "settles", "peak speed", "largest overshoot"]
        let phased = metrics.contains { $0.phase != nil }
        if phased { header += ["phase", "overshoot", "settles", "bounce", "duration", "fit residual"] }
        func percent(_ metrics: MotionMetrics?) -> String { metrics.map { String(format: "%.1f %%", $0.overshoot) } ?? "–" }
        func settles(_ metrics: MotionMetrics?) -> String {
            guard let metrics else { return "–" }
            return metrics.settlingTime.map { String(format: "%.2f s", $0) } ?? "never"
        }
        func fitted(_ fit: SpringFit?, _ format: String, _ value: (SpringFit) -> Double) -> String {
            fit.map { String(format: format, value($0)) } ?? "–"
        }
        let rows = metrics.map { m -> [String] in
            var row: [String] = [m.label, m.element ?? "–", percent(m.motion), settles(m.motion)]
            row.append(m.motion.map { String(format: "%.0f pt/s", $0.peakSpeed) } ?? "–")
            row.append(String(format: "%.1f %%", m.largestOvershoot))
            guard phased else { return row }
            row += [m.phase ?? "–", percent(m.response), settles(m.response)]
            row += [fitted(m.fit, "%.2f", \.bounce), fitted(m.fit, "%.2f s", \.duration), fitted(m.fit, "%.2f pt", \.residual)]
            return row
        }
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        return ([header] + rows).map { row in
            row.enumerated().map { $1.padding(toLength: widths[$0], withPad: " ", startingAt: 0) }.joined(separator: "  ")
                .trimmingCharacters(in: .whitespaces)
        }.joined(separator: "\n")
    }

    /// `metrics.csv`: plain CSV with a header line.
    static func csv(_ metrics: [Metrics]) -> String {
        var lines = ["variant,element,overshoot_percent,settling_time_s,peak_speed_pt_per_s,rest_x,rest_y,largest_overshoot_percent"]
        for m in metrics {
            let motion = m.motion
            lines.append([CSVField.escaped(m.label), CSVField.escaped(m.element ?? ""), motion.map { String($0.overshoot) } ?? "",
                          motion?.settlingTime.map { String($0) } ?? "", motion.map { String($0.peakSpeed) } ?? "",
                          motion.map { String(Double($0.rest.x)) } ?? "", motion.map { String(Double($0.rest.y)) } ?? "",
                          String(m.largestOvershoot)].joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Each variant's metrics of the element that travels farthest in the first variant (or in its
    /// own, when it does not show that one).
    /// `phases`: each variant's response phase (see `responsePhase(of:)`).
    static func metrics(labels: [String], trackers: [MotionTracker], phases: [(name: String, start: Double)?]) -> [Metrics] {
        let lead = trackers.first?.farthestTraveller
        return labels.indices.map { index in
            let tracker = trackers[index]
            let key = lead.flatMap { tracker.moves($0.key) ? $0 : nil } ?? tracker.farthestTraveller
            let all = tracker.movingKeys.map { tracker.metrics(of: $0).overshoot }
            var metrics = Metrics(label: labels[index], element: key?.name, motion: key.map { tracker.metrics(of: $0.key) },
                                  largestOvershoot: all.max() ?? 0)
            if let phase = index < phases.count ? phases[index] : nil, let key {
                let track = tracker.track(of: key.key, from: phase.start)
                metrics.phase = phase.name
                if track.times.count >= 2 {
                    metrics.response = MotionMetrics(times: track.times, positions: track.positions)
                    metrics.fit = SpringFit(times: track.times, positions: track.positions)
                }
            }
            return metrics
        }
    }
}

/// The motion of every element that moves, kept frame by frame from the frame it starts moving;
/// an element that never moves costs one position. An element is taken to have stayed where it
/// first appeared until it moves.
struct MotionTracker {
    private var times: [Double] = []
    private var first: [SceneTrace.Row.Key: (frame: Int, position: CGPoint)] = [:]
    private var moving: [SceneTrace.Row.Key: (frames: [Int], positions: [CGPoint])] = [:]
    private var names: [SceneTrace.Row.Key: String] = [:]

    mutating func add(time: Double, rows: [SceneTrace.Row]) {
        let frame = times.count
        times.append(time)
        for row in rows {
            let key = row.key, position = CGPoint(x: row.x, y: row.y)
            if var track = moving.removeValue(forKey: key) {
                track.frames.append(frame)
                track.positions.append(position)
                moving[key] = track
            } else if let start = first[key] {
                guard position != start.position else { continue }
                let still = Array(start.frame..<frame)
                moving[key] = (still + [frame], still.map { _ in start.position } + [position])
                names[key] = row.name
            } else {
                first[key] = (frame, position)
            }
        }
    }

    var movingKeys: [SceneTrace.Row.Key] { moving.keys.sorted() }

    func moves(_ key: SceneTrace.Row.Key) -> Bool { moving[key] != nil }

    func metrics(of key: SceneTrace.Row.Key) -> MotionMetrics {
        let track = moving[key]!
        return MotionMetrics(times: track.frames.map { times[$0] }, positions: track.positions)
    }

    /// A moving element's samples from `start` seconds on.
    func track(of key: SceneTrace.Row.Key, from start: Double) -> (times: [Double], positions: [CGPoint]) {
        guard let track = moving[key] else { return ([], []) }
        let kept = track.frames.indices.filter { times[track.frames[$0]] >= start - 1e-9 }
        return (kept.map { times[track.frames[$0]] }, kept.map { track.positions[$0] })
    }

    /// The moving element farthest, at some frame, from where it comes to rest; the first in key
    /// order among equals.
    var farthestTraveller: (key: SceneTrace.Row.Key, name: String)? {
        var best: (key: SceneTrace.Row.Key, distance: Double)?
        for key in movingKeys {
            let positions = moving[key]!.positions, rest = positions[positions.count - 1]
            let distance = positions.map { hypot(Double($0.x - rest.x), Double($0.y - rest.y)) }.max() ?? 0
            if distance > (best?.distance ?? -1) { best = (key, distance) }
        }
        return best.map { ($0.key, names[$0.key] ?? "") }
    }
}
