import Foundation

extension SceneTrace {
    /// CSV (format 3: a header line, then the rows, so any CSV reader reads it without options);
    /// numbers at full precision (the shortest text that reads back to the same Double), so a diff
    /// shows any change. A scroll view's or a named view's `section` and `item` are empty. An
    /// element that leaves the screen has a `gone` row at the first frame without it, so a trace
    /// reads back exactly the elements each frame shows.
    ///
    /// With `omittingRepeats`, an element's row is left out when nothing but the frame and time
    /// changed since its previous frame (the first and last frames are written in full): a golden
    /// trace of a scene where most items stand still stays small, and a diff shows what moved.
    public func csv(omittingRepeats: Bool = false) -> String {
        encoded(Encoder(format: omittingRepeats ? .compactCSV : .csv, scene: scene, fps: fps, frameCount: frameCount,
                        frames: (rows.first?.frame ?? 0)...(rows.last?.frame ?? 0)))
    }

    /// JSON: the format version, the scene, its frame rate and frame count, and the rows as objects
    /// with the CSV's columns as keys, one row per line.
    public func json() -> String {
        encoded(Encoder(format: .json, scene: scene, fps: fps, frameCount: frameCount, frames: 0...0))
    }

    private func encoded(_ encoder: Encoder) -> String {
        var encoder = encoder
        var text = encoder.begin()
        for frame in rowsByFrame { text += encoder.encode(frame: frame) }
        return text + encoder.end()
    }

    /// Writes a format-3 trace frame by frame, in CSV (full or compact) or JSON, so that a trace
    /// streams to its file as the scene runs.
    public struct Encoder {
        public enum Format: Sendable { case csv, compactCSV, json }

        public let format: Format
        private let scene: String, fps: Double, frameCount: Int
        private let frames: ClosedRange<Int>
        /// Every element on screen at the latest frame, its latest row, in key order.
        private var latestRows: [Row] = []
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
            return "{\n  \"version\": 3,\n  \"scene\": \(SceneTrace.quoted(scene)),\n  \"fps\": \(fps),\n  \"frameCount\": \(frameCount),\n"
                + "  \"columns\": [" + SceneTrace.columns.map { "\"\($0)\"" }.joined(separator: ", ") + "],\n  \"rows\": ["
        }

        /// The text of one frame's rows (a compact CSV writes them in key order).
        public mutating func encode<Rows: Collection<Row>>(frame rows: Rows) -> String {
            var text = ""
            encode(frame: rows) { text += $0 }
            return text
        }

        /// Rows written between two calls of `write` at most: a frame of a million rows goes out
        /// in pieces of about 1 MB, not as one 120 MB text.
        static let rowsPerPiece = 8192

        /// One frame's rows, handed to `write` a piece at a time (a compact CSV writes them in key
        /// order).
        public mutating func encode<Rows: Collection<Row>>(frame rows: Rows, in write: (String) throws -> Void) rethrows {
            let compact = compacted(rows)
            let rowLength = format == .json ? 260 : 120
            var text = ""
            var pieceRows = 0
            text.reserveCapacity(min(rows.count, Self.rowsPerPiece) * rowLength)
            for (index, row) in compact.rows.enumerated() {
                let gone = compact.gone[index]
                let indexed = row.element != .scrollView && row.element != .view
                let section = indexed ? "\(row.section)" : "", item = indexed ? "\(row.item)" : ""
                switch format {
                case .json:
                    text += wroteRow ? ",\n    " : "\n    "
                    text += "{\"frame\": \(row.frame), \"time\": \(row.time), \"element\": \"\(row.element.rawValue)\", "
                    text += "\"kind\": \(SceneTrace.quoted(row.kind)), \"id\": \(SceneTrace.quoted(row.id)), "
                    text += "\"section\": \(indexed ? section : "null"), \"item\": \(indexed ? item : "null"), "
                    if gone {
                        text += "\"state\": \"gone\"}"
                    } else {
                        text += "\"x\": \(row.x), \"y\": \(row.y), "
                        text += "\"width\": \(row.width), \"height\": \(row.height), \"scaleX\": \(row.scaleX), \"scaleY\": \(row.scaleY), "
                        text += "\"angle\": \(row.angle), \"zIndex\": \(row.zIndex), \"alpha\": \(row.alpha), \"hidden\": \(row.hidden), "
                        text += "\"state\": \"shown\"}"
                    }
                case .compactCSV, .csv:
                    if format == .compactCSV, !gone, row.frame != frames.lowerBound, row.frame != frames.upperBound,
                       compact.unchanged[index] {
                        continue
                    }
                    text += "\(row.frame),\(row.time),\(row.element.rawValue),\(CSVField.escaped(row.kind)),\(CSVField.escaped(row.id)),"
                    text += "\(section),\(item),"
                    if gone {
                        text += ",,,,,,,,,,gone\n"
                    } else {
                        text += "\(row.x),\(row.y),\(row.width),\(row.height),\(row.scaleX),\(row.scaleY),"
                        text += "\(row.angle),\(row.zIndex),\(row.alpha),\(row.hidden),shown\n"
                    }
                }
                wroteRow = true
                pieceRows += 1
                if pieceRows == Self.rowsPerPiece {
                    try write(text)
                    text.removeAll(keepingCapacity: true)
                    pieceRows = 0
                }
            }
            if !text.isEmpty { try write(text) }
        }

        /// The frame's rows in key order with a row for each element that left the screen since
        /// the frame before (marked `gone`, at this frame) and, for each, whether it repeats its
        /// element's latest row; records the frame's rows as the latest.
        private mutating func compacted<Rows: Collection<Row>>(_ rows: Rows) -> (rows: [Row], unchanged: [Bool], gone: [Bool]) {
            let ordered = SceneTrace.inKeyOrder(Array(rows))
            let departed = SceneTrace.departed(from: latestRows, in: ordered)
            // A frame with no rows at all follows the latest frame seen.
            let frame = ordered.first?.frame ?? ((latestRows.map(\.frame).max() ?? -1) + 1)
            let time = ordered.first?.time ?? (fps > 0 ? Double(frame) / fps : 0)
            if !departed.isEmpty { SceneTrace.remove(departed, from: &latestRows) }
            let unchanged = SceneTrace.merge(ordered, into: &latestRows)
            guard !departed.isEmpty else { return (ordered, unchanged, Array(repeating: false, count: ordered.count)) }
            // The departed elements' rows, at this frame, merged into key order with the rest.
            var all: [(row: Row, unchanged: Bool, gone: Bool)] = zip(ordered, unchanged).map { ($0, $1, false) }
            for var row in departed {
                (row.frame, row.time) = (frame, time)
                all.append((row, false, true))
            }
            all.sort { SceneTrace.Row.keyOrder($0.row, $1.row) }
            return (all.map(\.row), all.map(\.unchanged), all.map(\.gone))
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

/// RFC 4180 fields: quoted when they hold a comma, a quote or a line break, quotes doubled.
///
/// Per Unicode scalar, never per `Character`: a Character is a grapheme cluster, and a prepend
/// mark (U+0600) glued to a comma or a quote is not equal to "," or "\"", so an identifier ending
/// in one was written unquoted and its separator was not seen on reading.
enum CSVField {
    static func escaped(_ field: String) -> String {
        guard field.unicodeScalars.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
        var result = String.UnicodeScalarView(["\""])
        for scalar in field.unicodeScalars {
            result.append(scalar)
            if scalar == "\"" { result.append("\"") }
        }
        result.append("\"")
        return String(result)
    }

    /// A line's fields; nil when a quoted field is not closed.
    static func split(_ line: String) -> [Substring]? {
        let scalars = line.unicodeScalars
        guard scalars.contains("\"") else {
            return scalars.split(separator: ",", omittingEmptySubsequences: false).map { Substring($0) }
        }
        var fields: [Substring] = []
        var current = String.UnicodeScalarView()
        var quoted = false, index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            index = scalars.index(after: index)
            if quoted {
                if scalar == "\"" {
                    if index < scalars.endIndex, scalars[index] == "\"" {
                        current.append("\"")
                        index = scalars.index(after: index)
                    } else {
                        quoted = false
                    }
                } else {
                    current.append(scalar)
                }
            } else if scalar == "\"" {
                quoted = true
            } else if scalar == "," {
                fields.append(Substring(String(current)))
                current = String.UnicodeScalarView()
            } else {
                current.append(scalar)
            }
        }
        guard !quoted else { return nil }
        fields.append(Substring(String(current)))
        return fields
    }
}

extension SceneTrace {
    /// A trace file (format 1, 2 or 3) read one frame at a time, with the rows a compact trace left
    /// out filled in (an element missing from a frame is where it was at its previous frame, at
    /// that frame's time, until a format-3 `gone` row says it left): a golden trace of any
    /// length is compared in the memory of one frame.
    public struct CSVFrames {
        private let file: String
        private let fps: Double
        private var lines: LineReader
        private var lineNumber = 0
        /// 3, 2 for a file with format 2's version line, or 1 for format 1's header.
        public private(set) var version = 3
        private var pendingIsGone = false
        /// The latest row of each element, in key order.
        private var current: [Row] = []
        /// The first row of the next frame, read ahead.
        private var pending: Row?
        /// The row read last, for the order check.
        private var last: Row?
        private var nextFrame: Int?

        /// `read` returns the file's bytes a chunk at a time, nil at its end; `fps` times the rows
        /// that are filled in; `file` names the file in errors.
        public init(file: String, fps: Double, read: @escaping () throws -> [UInt8]?) throws {
            self.file = file
            self.fps = fps
            lines = LineReader(read: read)
            var header = try nextLine(1)
            lineNumber = 1
            let formatOne = SceneTrace.formatOneColumns.joined(separator: ","), formatTwo = SceneTrace.formatTwoColumns.joined(separator: ",")
            let formatThree = SceneTrace.columns.joined(separator: ",")
            if header == formatThree {
                version = 3
            } else if header == SceneTrace.versionLine {
                version = 2
                header = try nextLine(2)
                lineNumber = 2
                guard header == formatTwo else {
                    throw SceneError(file: file, location: "line 2", message: "expected the header \(formatTwo), "
                                     + "found \(header.map { "\"\($0)\"" } ?? "the end of the file")")
                }
            } else if header == formatOne {
                version = 1
            } else if let header, header.hasPrefix("#") {
                throw SceneError(file: file, location: "line 1", message: "expected the header \(formatThree) (or an older format's), "
                                 + "found \"\(header)\": this trace was written by another version of Springframes; record it again")
            } else {
                throw SceneError(file: file, location: "line 1", message: "expected the header \(formatThree), "
                                 + "\"\(SceneTrace.versionLine)\" (format 2) or the format-1 header \(formatOne); "
                                 + "found \(header.map { "\"\($0)\"" } ?? "an empty file")")
            }
            pending = try readRow()
            nextFrame = pending?.frame
        }

        /// Every element's row at the next frame, in key order; nil after the last frame written
        /// in the file.
        public mutating func next() throws -> [Row]? {
            guard let frame = nextFrame, pending != nil || !current.isEmpty, frame <= last?.frame ?? -1 else { return nil }
            var rows: [Row] = []
            var gone: [Row] = []
            while let row = pending, row.frame == frame {
                if pendingIsGone { gone.append(row) } else { rows.append(row) }
                pending = try readRow()
            }
            if !gone.isEmpty { SceneTrace.remove(gone, from: &current) }
            SceneTrace.merge(rows, into: &current)
            for index in current.indices where current[index].frame != frame {
                current[index].frame = frame
                current[index].time = fps > 0 ? Double(frame) / fps : 0
            }
            nextFrame = frame + 1
            return current
        }

        private mutating func readRow() throws -> Row? {
            while var line = try nextLine(lineNumber + 1) {
                lineNumber += 1
                if line.isEmpty { continue }
                // A quoted field may hold a line break (RFC 4180; the writer quotes an identifier
                // that has one): while a quote is open, the row goes on on the next line.
                while line.utf8.lazy.filter({ $0 == 0x22 }).count % 2 == 1, line.utf8.count <= LineReader.maximumLength,
                      let more = try nextLine(lineNumber + 1) {
                    lineNumber += 1
                    line += "\n" + more
                }
                let row: Row
                switch version {
                case 1: row = try parseFormatOne(line)
                case 2: row = try parse(line)
                default: (row, pendingIsGone) = try parseFormatThree(line)
                }
                if let last, last.frame > row.frame || (last.frame == row.frame && !Row.keyOrder(last, row)) {
                    let order = version == 1 ? "frame, section and item" : "frame, element and identity"
                    throw SceneError(file: file, location: "line \(lineNumber)",
                                     message: "rows must be ordered by \(order); frame \(row.frame), \(row.name) "
                                     + "comes after frame \(last.frame), \(last.name)")
                }
                last = row
                return row
            }
            return nil
        }

        /// The largest frame number a trace may hold: 10,000,000 frames is 46 hours at 60 fps.
        /// Numbers are checked before any arithmetic, so a damaged or hostile file is an error,
        /// not an overflow.
        public static let maximumFrame = 10_000_000

        private func checkedFrame(_ frame: Int) throws -> Int {
            guard frame <= Self.maximumFrame else {
                throw SceneError(file: file, location: "line \(lineNumber)",
                                 message: "frame \(frame) is beyond the largest frame a trace may hold (\(Self.maximumFrame)); "
                                 + "the file is damaged or was not written by springframes")
            }
            return frame
        }

        /// The next line, numbered `number` in errors.
        private mutating func nextLine(_ number: Int) throws -> String? {
            do {
                return try lines.next()
            } catch is LineReader.LineTooLong {
                throw SceneError(file: file, location: "line \(number)", message: "the line is longer than \(LineReader.maximumLength) "
                                 + "bytes; a trace row is a few hundred: the file is damaged or was not written by springframes")
            }
        }

        private func malformed(_ line: String, columns: [String]) -> SceneError {
            let shown = line.count > 200 ? line.prefix(200) + "…" : Substring(line)
            return SceneError(file: file, location: "line \(lineNumber)",
                              message: "expected \(columns.count) comma-separated values (\(columns.joined(separator: ","))), found \"\(shown)\"")
        }

        private func parse(_ line: String) throws -> Row {
            guard let fields = CSVField.split(line), fields.count == 17, let frame = Int(fields[0]), frame >= 0,
                  let time = Double(fields[1]), let element = Row.Element(rawValue: String(fields[2])),
                  let section = Int(fields[5]), let item = Int(fields[6]), let x = Double(fields[7]), let y = Double(fields[8]),
                  let width = Double(fields[9]), let height = Double(fields[10]), let scaleX = Double(fields[11]),
                  let scaleY = Double(fields[12]), let angle = Double(fields[13]), let zIndex = Int(fields[14]),
                  let alpha = Double(fields[15]), let hidden = Bool(String(fields[16])) else {
                throw malformed(line, columns: SceneTrace.formatTwoColumns)
            }
            return Row(frame: try checkedFrame(frame), time: time, element: element, kind: String(fields[3]), id: String(fields[4]),
                       section: section, item: item, x: x, y: y, width: width, height: height, scaleX: scaleX, scaleY: scaleY,
                       angle: angle, zIndex: zIndex, alpha: alpha, hidden: hidden)
        }

        /// A format-3 row: format 2's values and a state; a `gone` row has only its element's
        /// identity, and a scroll view's or a view's section and item are empty.
        private func parseFormatThree(_ line: String) throws -> (Row, gone: Bool) {
            guard let fields = CSVField.split(line), fields.count == 18, let frame = Int(fields[0]), frame >= 0,
                  let time = Double(fields[1]), let element = Row.Element(rawValue: String(fields[2])),
                  fields[17] == "shown" || fields[17] == "gone" else {
                throw malformed(line, columns: SceneTrace.columns)
            }
            let section = fields[5].isEmpty ? 0 : Int(fields[5]), item = fields[6].isEmpty ? 0 : Int(fields[6])
            guard let section, let item else { throw malformed(line, columns: SceneTrace.columns) }
            if fields[17] == "gone" {
                return (Row(frame: try checkedFrame(frame), time: time, element: element, kind: String(fields[3]), id: String(fields[4]),
                            section: section, item: item, x: 0, y: 0, width: 0, height: 0, angle: 0, zIndex: 0, alpha: 0, hidden: true),
                        true)
            }
            guard let x = Double(fields[7]), let y = Double(fields[8]), let width = Double(fields[9]), let height = Double(fields[10]),
                  let scaleX = Double(fields[11]), let scaleY = Double(fields[12]), let angle = Double(fields[13]),
                  let zIndex = Int(fields[14]), let alpha = Double(fields[15]), let hidden = Bool(String(fields[16])) else {
                throw malformed(line, columns: SceneTrace.columns)
            }
            return (Row(frame: try checkedFrame(frame), time: time, element: element, kind: String(fields[3]), id: String(fields[4]),
                        section: section, item: item, x: x, y: y, width: width, height: height, scaleX: scaleX, scaleY: scaleY,
                        angle: angle, zIndex: zIndex, alpha: alpha, hidden: hidden), false)
        }

        private func parseFormatOne(_ line: String) throws -> Row {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            guard fields.count == 12, let frame = Int(fields[0]), let time = Double(fields[1]), let section = Int(fields[2]),
                  let item = Int(fields[3]), let x = Double(fields[4]), let y = Double(fields[5]), let width = Double(fields[6]),
                  let height = Double(fields[7]), let angle = Double(fields[8]), let zIndex = Int(fields[9]),
                  let alpha = Double(fields[10]), let hidden = Bool(String(fields[11])), frame >= 0 else {
                throw malformed(line, columns: SceneTrace.formatOneColumns)
            }
            return Row(frame: try checkedFrame(frame), time: time, section: section, item: item, x: x, y: y, width: width,
                       height: height, angle: angle, zIndex: zIndex, alpha: alpha, hidden: hidden)
        }
    }
}

/// Lines of text from chunks of bytes, without holding more than a chunk and a line. Each byte is
/// searched once (a long line costs its length, not its length squared), and a line longer than
/// `maximumLength` is an error rather than a buffer that grows without end.
struct LineReader {
    /// A trace row is a few hundred bytes; a megabyte is no line of ours.
    static let maximumLength = 1 << 20

    struct LineTooLong: Error {}

    private let read: () throws -> [UInt8]?
    private var buffer: [UInt8] = []
    private var start = 0
    /// Where the search for the next newline resumes: bytes before it are known to hold none.
    private var scanned = 0
    private var finished = false

    init(read: @escaping () throws -> [UInt8]?) {
        self.read = read
    }

    /// The next line without its line end (`\n` or `\r\n`: git's `autocrlf` rewrites traces so),
    /// and the first without a UTF-8 byte order mark (some editors add one); nil at the end.
    mutating func next() throws -> String? {
        while true {
            if let newline = buffer[scanned...].firstIndex(of: 0x0A) {
                defer { start = newline + 1; scanned = start }
                guard newline - start <= Self.maximumLength else { throw LineTooLong() }
                return line(buffer[start..<newline])
            }
            scanned = buffer.count
            guard buffer.count - start <= Self.maximumLength else { throw LineTooLong() }
            if finished {
                guard start < buffer.count else { return nil }
                defer { start = buffer.count; scanned = start }
                return line(buffer[start...])
            }
            guard let chunk = try read() else {
                finished = true
                continue
            }
            buffer.removeSubrange(..<start)
            scanned -= start
            start = 0
            buffer += chunk
        }
    }

    private var isFirstLine = true

    private mutating func line(_ bytes: ArraySlice<UInt8>) -> String {
        var bytes = bytes
        if isFirstLine {
            isFirstLine = false
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        }
        if bytes.last == 0x0D { bytes = bytes.dropLast() }
        return String(decoding: bytes, as: UTF8.self)
    }
}
