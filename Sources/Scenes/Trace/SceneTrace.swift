import CollectionLayout
import Dynamics
import Foundation

/// Where every item is at every frame: the numbers behind the pictures, for motion checks.
///
/// One row per frame and item, ordered by frame, section, item, with the displayed attributes
/// (what the renderer draws: interactions and move animations applied). An item shown twice in a
/// frame (a rearrange snapshot over its hidden cell) is reported where it is shown on top.
public struct SceneTrace: Equatable, Sendable {
    public struct Row: Equatable, Sendable {
        public var frame: Int
        /// Seconds.
        public var time: Double
        public var section: Int
        public var item: Int
        /// Centre, in content points.
        public var x: Double, y: Double
        /// Untransformed size, in points.
        public var width: Double, height: Double
        /// Rotation of the transform, in radians.
        public var angle: Double
        public var zIndex: Int
        public var alpha: Double
        public var hidden: Bool

        /// Everything but the frame and time is equal.
        package func sameState(as other: Row) -> Bool {
            section == other.section && item == other.item && x == other.x && y == other.y && width == other.width
                && height == other.height && angle == other.angle && zIndex == other.zIndex && alpha == other.alpha
                && hidden == other.hidden
        }
    }

    public static let columns = ["frame", "time", "section", "item", "x", "y", "width", "height", "angle", "zIndex", "alpha", "hidden"]

    public var scene: String
    public var fps: Double
    public var frameCount: Int
    public var rows: [Row]

    public init(scene: String, fps: Double, frameCount: Int, rows: [Row]) {
        self.scene = scene
        self.fps = fps
        self.frameCount = frameCount
        self.rows = rows
    }

    /// Reads a trace written by `csv()` (a golden trace); `file` names it in errors. The frame
    /// count is one more than the last frame number, the frame rate is taken from the times.
    ///
    /// A compact trace (`csv(omittingRepeats: true)`) is filled in: an item missing from a frame is
    /// where it was at its previous frame.
    public init(csv text: String, scene: String, file: String) throws {
        let bytes = Array(text.utf8)
        // The frame rate comes from the last row: frame / time.
        var fps = 0.0
        if let end = bytes.lastIndex(where: { $0 != 0x0A }) {
            let start = bytes[..<end].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
            let fields = String(decoding: bytes[start...end], as: UTF8.self).split(separator: ",")
            if fields.count > 1, let frame = Double(fields[0]), let time = Double(fields[1]), time > 0 { fps = frame / time }
        }
        var chunk: [UInt8]? = bytes
        var frames = try CSVFrames(file: file, fps: fps) { defer { chunk = nil }; return chunk }
        var rows: [Row] = []
        while let frameRows = try frames.next() { rows += frameRows }
        self.init(scene: scene, fps: fps, frameCount: rows.last.map { $0.frame + 1 } ?? 0, rows: rows)
    }

    /// Runs `scene` and records frames `range` (default: all).
    public init(scene: Scene, frames range: ClosedRange<Int>? = nil) {
        self.scene = scene.name
        fps = scene.fps
        frameCount = scene.frameCount
        rows = Array(Recording(scene: scene, frames: range).joined())
    }

    /// A scene's trace one frame at a time, as the scene runs: a trace of any length in the
    /// memory of one frame's rows.
    public struct Recording: Sequence, IteratorProtocol {
        private let runner: SceneRunner
        private var frames: ClosedRange<Int>.Iterator

        public init(scene: Scene, frames range: ClosedRange<Int>? = nil) {
            runner = SceneRunner(scene: scene)
            frames = (range ?? 0...(scene.frameCount - 1)).makeIterator()
        }

        /// The rows of the next frame, in section and item order.
        public mutating func next() -> [Row]? {
            frames.next().map { SceneTrace.rows(runner, frame: $0) }
        }
    }

    private static func rows(_ runner: SceneRunner, frame: Int) -> [Row] {
        let time = runner.time(ofFrame: frame)
        runner.advance(to: time)
        let collectionView = runner.collectionView
        let everything = CGRect(origin: .zero, size: collectionView.contentSize).insetBy(dx: -100_000, dy: -100_000)
        // Back to front: a later element of the same item is drawn over an earlier one, so the
        // stable sort keeps the last of each item.
        let cells = collectionView.layoutAttributesForDisplayedElements(in: everything)
            .filter { $0.representedElementCategory == .cell }
            .map { (section: $0.indexPath.section, item: $0.indexPath.item, attributes: $0) }
            .sorted { ($0.section, $0.item) < ($1.section, $1.item) }
        var shown: [(section: Int, item: Int, attributes: UICollectionViewLayoutAttributes)] = []
        shown.reserveCapacity(cells.count)
        for cell in cells {
            if let last = shown.last, (last.section, last.item) == (cell.section, cell.item) { shown.removeLast() }
            shown.append(cell)
        }
        return shown.map { section, item, attributes in
            let transform = attributes.transform
            return Row(frame: frame, time: time, section: section, item: item,
                       x: Double(attributes.center.x), y: Double(attributes.center.y),
                       width: Double(attributes.size.width), height: Double(attributes.size.height),
                       angle: atan2(Double(transform.b), Double(transform.a)), zIndex: attributes.zIndex,
                       alpha: Double(attributes.alpha), hidden: attributes.isHidden)
        }
    }

    // MARK: Formats

    /// CSV with a header line; numbers at full precision (the shortest text that reads back to the
    /// same Double), so a diff shows any change.
    ///
    /// With `omittingRepeats`, an item's row is left out when nothing but the frame and time
    /// changed since its previous frame (the first and last frames are written in full): a golden
    /// trace of a scene where most items stand still stays small, and a diff shows what moved.
    public func csv(omittingRepeats: Bool = false) -> String {
        encoded(Encoder(format: omittingRepeats ? .compactCSV : .csv, scene: scene, fps: fps, frameCount: frameCount,
                        frames: (rows.first?.frame ?? 0)...(rows.last?.frame ?? 0)))
    }

    /// JSON: the scene, its frame rate and frame count, and the rows as objects with the CSV's
    /// columns as keys, one row per line.
    public func json() -> String {
        encoded(Encoder(format: .json, scene: scene, fps: fps, frameCount: frameCount, frames: 0...0))
    }

    private func encoded(_ encoder: Encoder) -> String {
        var encoder = encoder
        var text = encoder.begin()
        for frame in rowsByFrame { text += encoder.encode(frame: frame) }
        return text + encoder.end()
    }

    /// The rows split into frames, in order.
    public var rowsByFrame: [ArraySlice<Row>] {
        var frames: [ArraySlice<Row>] = []
        var start = 0
        while start < rows.count {
            let end = rows[start...].firstIndex { $0.frame != rows[start].frame } ?? rows.count
            frames.append(rows[start..<end])
            start = end
        }
        return frames
    }

    /// Runs `scene` and writes its trace of frames `range` through `write`, a frame's text at a
    /// time (never the whole trace at once); returns the number of rows.
    @discardableResult
    public static func stream(_ scene: Scene, frames range: ClosedRange<Int>? = nil, format: Encoder.Format,
                              to write: (String) throws -> Void) rethrows -> Int {
        let frames = range ?? 0...(scene.frameCount - 1)
        var encoder = Encoder(format: format, scene: scene.name, fps: scene.fps, frameCount: scene.frameCount, frames: frames)
        var rowCount = 0
        try write(encoder.begin())
        for rows in Recording(scene: scene, frames: frames) {
            rowCount += rows.count
            try write(encoder.encode(frame: rows))
        }
        try write(encoder.end())
        return rowCount
    }

    /// Writes a trace frame by frame, in CSV (full or compact) or JSON, so that a trace streams to
    /// its file as the scene runs.
    public struct Encoder {
        public enum Format: Sendable { case csv, compactCSV, json }

        public let format: Format
        private let scene: String, fps: Double, frameCount: Int
        private let frames: ClosedRange<Int>
        private var previous: [IndexPath: Row] = [:]
        private var wroteRow = false

        /// `frames` are the frames that will be encoded: a compact CSV writes its first and last
        /// in full.
        public init(format: Format, scene: String, fps: Double, frameCount: Int, frames: ClosedRange<Int>) {
            self.format = format
            self.scene = scene
            self.fps = fps
            self.frameCount = frameCount
            self.frames = frames
        }

        public func begin() -> String {
            guard format == .json else { return SceneTrace.columns.joined(separator: ",") + "\n" }
            return "{\n  \"scene\": \(SceneTrace.quoted(scene)),\n  \"fps\": \(fps),\n  \"frameCount\": \(frameCount),\n"
                + "  \"columns\": [" + SceneTrace.columns.map { "\"\($0)\"" }.joined(separator: ", ") + "],\n  \"rows\": ["
        }

        /// The text of one frame's rows.
        public mutating func encode<Rows: Collection<Row>>(frame rows: Rows) -> String {
            var text = ""
            text.reserveCapacity(rows.count * (format == .json ? 200 : 90))
            for row in rows {
                switch format {
                case .json:
                    text += wroteRow ? ",\n    " : "\n    "
                    text += "{\"frame\": \(row.frame), \"time\": \(row.time), \"section\": \(row.section), \"item\": \(row.item), "
                    text += "\"x\": \(row.x), \"y\": \(row.y), \"width\": \(row.width), \"height\": \(row.height), \"angle\": \(row.angle), "
                    text += "\"zIndex\": \(row.zIndex), \"alpha\": \(row.alpha), \"hidden\": \(row.hidden)}"
                case .compactCSV:
                    let key = IndexPath(item: row.item, section: row.section)
                    defer { previous[key] = row }
                    if row.frame != frames.lowerBound, row.frame != frames.upperBound, let before = previous[key],
                       before.sameState(as: row) { continue }
                    fallthrough
                case .csv:
                    text += "\(row.frame),\(row.time),\(row.section),\(row.item),\(row.x),\(row.y),\(row.width),\(row.height),"
                    text += "\(row.angle),\(row.zIndex),\(row.alpha),\(row.hidden)\n"
                }
                wroteRow = true
            }
            return text
        }

        public func end() -> String {
            guard format == .json else { return "" }
            return wroteRow ? "\n  ]\n}\n" : "]\n}\n"
        }
    }

    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            default:
                if scalar.value < 0x20 { result += String(format: "\\u%04X", scalar.value) } else { result.unicodeScalars.append(scalar) }
            }
        }
        return result + "\""
    }
}

extension SceneTrace {
    /// A trace file read one frame at a time, with the rows a compact trace left out filled in
    /// (an item missing from a frame is where it was at its previous frame, at that frame's time):
    /// a golden trace of any length is compared in the memory of one frame.
    public struct CSVFrames {
        private let file: String
        private let fps: Double
        private var lines: LineReader
        private var lineNumber = 0
        /// The latest row of each item, in section and item order.
        private var current: [Row] = []
        /// The first row of the next frame, read ahead.
        private var pending: (row: Row, line: Int)?
        private var lastKey: (frame: Int, section: Int, item: Int)?
        private var nextFrame: Int?

        /// `read` returns the file's bytes a chunk at a time, nil at its end; `fps` times the rows
        /// that are filled in; `file` names the file in errors.
        public init(file: String, fps: Double, read: @escaping () throws -> [UInt8]?) throws {
            self.file = file
            self.fps = fps
            lines = LineReader(read: read)
            let header = try lines.next()
            lineNumber = 1
            guard let header, header == SceneTrace.columns.joined(separator: ",") else {
                throw SceneError(file: file, location: "line 1", message: "expected the header \(SceneTrace.columns.joined(separator: ",")), "
                                 + "found \(header.map { "\"\($0)\"" } ?? "an empty file")")
            }
            pending = try readRow()
            nextFrame = pending?.row.frame
        }

        /// Every item's row at the next frame, in section and item order; nil after the last
        /// frame written in the file.
        public mutating func next() throws -> [Row]? {
            guard let frame = nextFrame, pending != nil || !current.isEmpty, frame <= lastKey?.frame ?? -1 else { return nil }
            var merged: [Row] = []
            merged.reserveCapacity(current.count)
            var old = 0
            while let (row, _) = pending, row.frame == frame {
                while old < current.count, (current[old].section, current[old].item) < (row.section, row.item) {
                    merged.append(current[old])
                    old += 1
                }
                if old < current.count, (current[old].section, current[old].item) == (row.section, row.item) { old += 1 }
                merged.append(row)
                pending = try readRow()
            }
            merged += current[old...]
            for index in merged.indices where merged[index].frame != frame {
                merged[index].frame = frame
                merged[index].time = fps > 0 ? Double(frame) / fps : 0
            }
            current = merged
            nextFrame = frame + 1
            return merged
        }

        private mutating func readRow() throws -> (row: Row, line: Int)? {
            while let line = try lines.next() {
                lineNumber += 1
                if line.isEmpty { continue }
                let row = try parse(line)
                if let last = lastKey, (last.frame, last.section, last.item) >= (row.frame, row.section, row.item) {
                    throw SceneError(file: file, location: "line \(lineNumber)",
                                     message: "rows must be ordered by frame, section and item; frame \(row.frame), item [\(row.section), \(row.item)] "
                                     + "comes after frame \(last.frame), item [\(last.section), \(last.item)]")
                }
                lastKey = (row.frame, row.section, row.item)
                return (row, lineNumber)
            }
            return nil
        }

        private func parse(_ line: String) throws -> Row {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            guard fields.count == 12, let frame = Int(fields[0]), let time = Double(fields[1]), let section = Int(fields[2]),
                  let item = Int(fields[3]), let x = Double(fields[4]), let y = Double(fields[5]), let width = Double(fields[6]),
                  let height = Double(fields[7]), let angle = Double(fields[8]), let zIndex = Int(fields[9]),
                  let alpha = Double(fields[10]), let hidden = Bool(String(fields[11])), frame >= 0 else {
                let shown = line.count > 200 ? line.prefix(200) + "…" : Substring(line)
                throw SceneError(file: file, location: "line \(lineNumber)",
                                 message: "expected 12 comma-separated values (\(SceneTrace.columns.joined(separator: ","))), found \"\(shown)\"")
            }
            return Row(frame: frame, time: time, section: section, item: item, x: x, y: y, width: width, height: height,
                       angle: angle, zIndex: zIndex, alpha: alpha, hidden: hidden)
        }
    }
}

/// Lines of text from chunks of bytes, without holding more than a chunk and a line.
struct LineReader {
    private let read: () throws -> [UInt8]?
    private var buffer: [UInt8] = []
    private var start = 0
    private var finished = false

    init(read: @escaping () throws -> [UInt8]?) {
        self.read = read
    }

    /// The next line without its newline; nil at the end.
    mutating func next() throws -> String? {
        while true {
            if let newline = buffer[start...].firstIndex(of: 0x0A) {
                defer { start = newline + 1 }
                return String(decoding: buffer[start..<newline], as: UTF8.self)
            }
            if finished {
                guard start < buffer.count else { return nil }
                defer { start = buffer.count }
                return String(decoding: buffer[start...], as: UTF8.self)
            }
            guard let chunk = try read() else {
                finished = true
                continue
            }
            buffer.removeSubrange(..<start)
            start = 0
            buffer += chunk
        }
    }
}
