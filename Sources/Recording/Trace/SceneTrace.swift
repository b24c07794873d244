import CollectionLayout
import Vocabulary
import Foundation

/// Where everything on screen is at every frame: the numbers behind the pictures, for motion checks.
///
/// Format 3 (as format 2) has one row per frame and element: every cell (keyed by its item
/// identity, which follows moves), supplementary view and decoration view of each collection
/// view, one row per scroll view with its content offset, and one per view that has an
/// `accessibilityIdentifier`. Format 3 adds a `state` column, `gone` on the first frame after an
/// element left the screen, so a compact trace (repeated rows left out) reads back the elements
/// each frame shows: a golden of a list that scrolls passes when nothing changed. Its first line
/// is the CSV header; format 2's version line went before it, and format 2 still reads (its
/// elements stay once seen, as format 2 had no way to say otherwise).
/// Each row holds what the renderer draws (interactions and animations applied): the centre
/// (content points for collection elements, window points for views), the untransformed size,
/// the scale and rotation decomposed from the transform (2-D, or the affine part of a 3-D one),
/// zIndex, alpha and hidden. Rows are ordered by frame, then by `Row.Key`.
///
/// Format 1 (cells only, keyed by index path, no scale, no content offset) is still read, so
/// goldens recorded before format 2 keep passing: a format-2 trace is compared with one through
/// `formatOne(_:)`.
public struct SceneTrace: Equatable, Sendable {
    public struct Row: Equatable, Sendable {
        /// What a row describes.
        public enum Element: String, Sendable, CaseIterable, Comparable {
            case cell, supplementary, decoration
            /// A scroll view: x and y are its content offset, width and height its bounds size.
            case scrollView
            /// A view with an `accessibilityIdentifier`, in window points.
            case view

            var rank: Int { Self.allCases.firstIndex(of: self)! }
            public static func < (a: Element, b: Element) -> Bool { a.rank < b.rank }
        }

        public var frame: Int
        /// Seconds.
        public var time: Double
        public var element: Element
        /// The supplementary or decoration kind (`UICollectionView.elementKindSectionHeader` …);
        /// empty for other elements.
        public var kind: String
        /// A cell's item identity (its flat index when the data was loaded, following every move);
        /// a scroll view's or view's name. Empty for supplementary and decoration views, which are
        /// known by kind and index path, and for every row of a format-1 trace.
        public var id: String { didSet { number = Self.number(element, id) } }
        /// `id` as a number, for cells (kept with it: keys are compared for every row of every frame).
        private var number: Int
        public var section: Int
        public var item: Int
        /// Centre (a scroll view: its content offset), in points.
        public var x: Double, y: Double
        /// Untransformed size, in points.
        public var width: Double, height: Double
        /// Scale along the transform's rotated axes (a negative `scaleY` is a flip).
        public var scaleX: Double, scaleY: Double
        /// Rotation of the transform, in radians.
        public var angle: Double
        public var zIndex: Int
        public var alpha: Double
        public var hidden: Bool

        public init(frame: Int, time: Double, element: Element = .cell, kind: String = "", id: String = "",
                    section: Int, item: Int, x: Double, y: Double, width: Double, height: Double,
                    scaleX: Double = 1, scaleY: Double = 1, angle: Double, zIndex: Int, alpha: Double, hidden: Bool) {
            (self.frame, self.time, self.element, self.kind, self.id) = (frame, time, element, kind, id)
            number = Self.number(element, id)
            (self.section, self.item, self.x, self.y, self.width, self.height) = (section, item, x, y, width, height)
            (self.scaleX, self.scaleY, self.angle, self.zIndex, self.alpha, self.hidden) = (scaleX, scaleY, angle, zIndex, alpha, hidden)
        }

        /// What pairs a row with the same element's row in another frame or trace.
        public struct Key: Hashable, Comparable, Sendable {
            public var element: Element
            public var kind: String
            /// The identity as a number where it is one (cells), so that item 10 follows item 9.
            public var number: Int
            public var id: String
            /// The index path, for elements known by it (supplementary, decoration, format-1 cells).
            public var section: Int, item: Int

            public static func < (a: Key, b: Key) -> Bool {
                (a.element, a.number, a.kind, a.id, a.section, a.item) < (b.element, b.number, b.kind, b.id, b.section, b.item)
            }
        }

        private static func number(_ element: Element, _ id: String) -> Int { element == .cell ? Int(id) ?? 0 : 0 }

        /// A cell with an identity is that identity wherever it moves; without one (format 1), it
        /// is its index path. Scroll views and views are their names.
        private var isKnownByIdentity: Bool { element == .cell ? !id.isEmpty : (element == .scrollView || element == .view) }

        public var key: Key {
            let byIdentity = isKnownByIdentity
            return Key(element: element, kind: kind, number: number, id: id,
                       section: byIdentity ? 0 : section, item: byIdentity ? 0 : item)
        }

        /// `a.key < b.key`, without building keys (rows of every frame are ordered by it).
        public static func keyOrder(_ a: Row, _ b: Row) -> Bool {
            if a.element != b.element { return a.element < b.element }
            if a.number != b.number { return a.number < b.number }
            if a.kind != b.kind { return a.kind < b.kind }
            if a.id != b.id { return a.id < b.id }
            let byIdentity = a.isKnownByIdentity
            return byIdentity ? false : (a.section, a.item) < (b.section, b.item)
        }

        /// Whether `other` is a row of the same element (`key == other.key`, without building keys).
        public func isSameElement(as other: Row) -> Bool {
            guard element == other.element, number == other.number, kind == other.kind, id == other.id else { return false }
            return isKnownByIdentity || (section == other.section && item == other.item)
        }

        /// How reports name the element: "item 5", "header [0, 0]", "content offset of collectionView".
        public var name: String {
            switch element {
            case .cell: return id.isEmpty ? "item [\(section), \(item)]" : "item \(id)"
            case .supplementary, .decoration:
                let short = kind == UICollectionView.elementKindSectionHeader ? "header"
                    : kind == UICollectionView.elementKindSectionFooter ? "footer" : kind
                return "\(element == .decoration ? "decoration " : "")\(short) [\(section), \(item)]"
            case .scrollView: return "content offset of \(id)"
            case .view: return "view \"\(id)\""
            }
        }

        /// Everything but the frame and time is equal.
        package func sameState(as other: Row) -> Bool {
            element == other.element && kind == other.kind && id == other.id && section == other.section && item == other.item
                && x == other.x && y == other.y && width == other.width && height == other.height && scaleX == other.scaleX
                && scaleY == other.scaleY && angle == other.angle && zIndex == other.zIndex && alpha == other.alpha
                && hidden == other.hidden
        }

        /// Scale and rotation of a transform's linear part: rotation atan2(b, a), scaleX the length
        /// of the first column, scaleY the determinant over it (signed, so a flip shows).
        public static func decompose(a: Double, b: Double, c: Double, d: Double) -> (scaleX: Double, scaleY: Double, angle: Double) {
            // hypot and the unit vector (a, b)/scaleX rather than squares and a·d − b·c, which
            // overflow for finite scales past 1e154 (a scale of 1e300 traced inf and NaN).
            let scaleX = hypot(a, b)
            guard scaleX > 0, scaleX.isFinite else { return (scaleX, hypot(c, d), atan2(b, a)) }
            return (scaleX, (a / scaleX) * d - (b / scaleX) * c, atan2(b, a))
        }
    }

    /// The version line that started a format-2 CSV trace (format 3 starts with its header).
    public static let versionLine = "# springframes trace 2"
    /// The columns of format 2.
    public static let formatTwoColumns = ["frame", "time", "element", "kind", "id", "section", "item", "x", "y", "width", "height",
                                          "scaleX", "scaleY", "angle", "zIndex", "alpha", "hidden"]
    /// The columns of format 3, its first line: format 2's and `state`, which is `shown` for an
    /// element on screen and `gone` for one that left it since the frame before (its other
    /// values empty). The `state` column is what marks a file as format 3.
    public static let columns = formatTwoColumns + ["state"]
    /// The columns of format 1, which had no version line.
    public static let formatOneColumns = ["frame", "time", "section", "item", "x", "y", "width", "height", "angle", "zIndex",
                                          "alpha", "hidden"]

    public var scene: String
    public var fps: Double
    public var frameCount: Int
    public var rows: [Row]
    /// 3, or the format of the file it was read from (1 or 2).
    public var version: Int

    public init(scene: String, fps: Double, frameCount: Int, rows: [Row], version: Int = 3) {
        self.scene = scene
        self.fps = fps
        self.frameCount = frameCount
        self.rows = rows
        self.version = version
    }

    /// Reads a trace written by `csv()` (a golden trace) in either format; `file` names it in
    /// errors. The frame count is one more than the last frame number, the frame rate is taken
    /// from the times.
    ///
    /// A compact trace (`csv(omittingRepeats: true)`) is filled in: an element missing from a
    /// frame is where it was at its previous frame.
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
        self.init(scene: scene, fps: fps, frameCount: rows.last.map { $0.frame + 1 } ?? 0, rows: rows, version: frames.version)
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

    /// One frame's format-2 rows as format 1 recorded them: cells only, known by index path,
    /// without scale, ordered by section and item (where two rows share an index path, the first).
    public static func formatOne<Rows: Sequence<Row>>(_ rows: Rows) -> [Row] {
        var cells = rows.filter { $0.element == .cell }.map { row -> Row in
            var row = row
            (row.id, row.scaleX, row.scaleY) = ("", 1, 1)
            return row
        }
        cells.sort { ($0.section, $0.item) < ($1.section, $1.item) }
        var unique: [Row] = []
        unique.reserveCapacity(cells.count)
        for cell in cells where unique.last.map({ ($0.section, $0.item) != (cell.section, cell.item) }) ?? true {
            unique.append(cell)
        }
        return unique
    }

    /// Encodes the rows of `frames` (a frame's rows at a time, as a play produces them) through
    /// `write`, on the calling thread; returns the number of rows. Frames are made on the calling
    /// thread and encoded on another, a frame behind (`TraceEncodingThread`).
    package static func stream<Frames: Sequence<[Row]>>(_ rowsByFrame: Frames, scene: String, fps: Double, frameCount: Int,
                                                 frames: ClosedRange<Int>, format: Encoder.Format,
                                                 to write: (String) throws -> Void) rethrows -> Int {
        let encoder = Encoder(format: format, scene: scene, fps: fps, frameCount: frameCount, frames: frames)
        try write(encoder.begin())
        let thread = TraceEncodingThread(encoder: encoder)
        var finished = false
        defer { if !finished { thread.stop() } }
        var rowCount = 0
        for rows in rowsByFrame {
            rowCount += rows.count
            try thread.send(rows, writing: write)
        }
        try thread.finish(writing: write)
        finished = true
        return rowCount
    }
}

extension SceneTrace {
    /// Whether `rows` are strictly in key order (one row per element).
    static func isInKeyOrder(_ rows: [Row]) -> Bool {
        zip(rows, rows.dropFirst()).allSatisfy { Row.keyOrder($0, $1) }
    }

    /// `rows` in key order; rows of one element keep their order (a stable sort). Rows already in
    /// order (nothing has moved) come back as they are.
    static func inKeyOrder(_ rows: [Row]) -> [Row] {
        guard !isInKeyOrder(rows) else { return rows }
        return keyOrder(of: rows).map { rows[$0] }
    }

    /// The indices of `rows` in key order, equal keys in index order (a stable sort). Usually all
    /// but a few rows are in order already (a dragged cell is listed last): the rows out of order
    /// are taken out, sorted, and merged back, instead of sorting a million.
    static func keyOrder(of rows: [Row]) -> [Int] {
        func before(_ a: Int, _ b: Int) -> Bool { Row.keyOrder(rows[a], rows[b]) || (!Row.keyOrder(rows[b], rows[a]) && a < b) }
        var kept: [Int] = [], misfits: [Int] = []
        kept.reserveCapacity(rows.count)
        for index in rows.indices {
            if let last = kept.last, Row.keyOrder(rows[index], rows[last]) { misfits.append(index) } else { kept.append(index) }
        }
        guard misfits.count <= rows.count / 8 else { return Array(rows.indices).sorted(by: before) }
        misfits.sort(by: before)
        var order: [Int] = []
        order.reserveCapacity(rows.count)
        var k = 0, m = 0
        while k < kept.count || m < misfits.count {
            if m == misfits.count || (k < kept.count && !before(misfits[m], kept[k])) {
                order.append(kept[k])
                k += 1
            } else {
                order.append(misfits[m])
                m += 1
            }
        }
        return order
    }


    /// Merges a frame's rows (in key order, one per element) into the latest row of each element
    /// so far (in key order), and tells for each of the frame's rows whether its element's latest
    /// row before it had the same state (false for an element not seen before). A merge of two
    /// ordered lists, without hashing: how a compact trace is written and read back. When every
    /// element of the frame was seen before (the usual case), `latest` is updated in place, or
    /// becomes the frame itself when the frame has every element: with a million items, a second
    /// copy of every row would weigh 160 MB.
    @discardableResult
    static func merge(_ frame: [Row], into latest: inout [Row]) -> [Bool] {
        if latest.isEmpty {
            latest = frame
            return Array(repeating: false, count: frame.count)
        }
        var unchanged: [Bool] = []
        unchanged.reserveCapacity(frame.count)
        if allSeen(frame, in: latest) {
            // A whole frame (a trace being written) becomes the latest rows as it is, shared.
            let whole = frame.count == latest.count
            var old = 0
            for row in frame {
                while !latest[old].isSameElement(as: row) { old += 1 }
                unchanged.append(latest[old].sameState(as: row))
                if !whole { latest[old] = row }
                old += 1
            }
            if whole { latest = frame }
            return unchanged
        }
        var merged: [Row] = []
        merged.reserveCapacity(latest.count + frame.count)
        var old = 0
        for row in frame {
            while old < latest.count, Row.keyOrder(latest[old], row) {
                merged.append(latest[old])
                old += 1
            }
            if old < latest.count, latest[old].isSameElement(as: row) {
                unchanged.append(latest[old].sameState(as: row))
                old += 1
            } else {
                unchanged.append(false)
            }
            merged.append(row)
        }
        merged += latest[old...]
        latest = merged
        return unchanged
    }

    /// The rows of `latest` (in key order) whose elements are not in `frame` (in key order): the
    /// elements that left the screen.
    static func departed(from latest: [Row], in frame: [Row]) -> [Row] {
        var departed: [Row] = []
        var index = 0
        for row in latest {
            while index < frame.count, Row.keyOrder(frame[index], row) { index += 1 }
            if index < frame.count, frame[index].isSameElement(as: row) { continue }
            departed.append(row)
        }
        return departed
    }

    /// Removes the elements of `rows` (in key order) from `latest` (in key order).
    static func remove(_ rows: [Row], from latest: inout [Row]) {
        var index = 0
        latest.removeAll { row in
            while index < rows.count, Row.keyOrder(rows[index], row) { index += 1 }
            return index < rows.count && rows[index].isSameElement(as: row)
        }
    }

    /// Whether every row of `frame` (in key order) has its element among `latest` (in key order).
    private static func allSeen(_ frame: [Row], in latest: [Row]) -> Bool {
        var old = 0
        for row in frame {
            while old < latest.count, Row.keyOrder(latest[old], row) { old += 1 }
            guard old < latest.count, latest[old].isSameElement(as: row) else { return false }
            old += 1
        }
        return true
    }
}
