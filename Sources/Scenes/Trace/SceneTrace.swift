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
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true)
        guard let header = lines.first, header == Self.columns.joined(separator: ",") else {
            throw SceneError(file: file, location: "line 1", message: "expected the header \(Self.columns.joined(separator: ",")), found \(lines.first.map { "\"\($0)\"" } ?? "an empty file")")
        }
        lines.removeFirst()
        var rows: [Row] = []
        rows.reserveCapacity(lines.count)
        for (number, line) in lines.enumerated() {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            func fail(_ message: String? = nil) -> SceneError {
                SceneError(file: file, location: "line \(number + 2)",
                           message: message ?? "expected 12 comma-separated values (\(Self.columns.joined(separator: ","))), found \"\(line)\"")
            }
            guard fields.count == 12, let frame = Int(fields[0]), let time = Double(fields[1]), let section = Int(fields[2]),
                  let item = Int(fields[3]), let x = Double(fields[4]), let y = Double(fields[5]), let width = Double(fields[6]),
                  let height = Double(fields[7]), let angle = Double(fields[8]), let zIndex = Int(fields[9]),
                  let alpha = Double(fields[10]), let hidden = Bool(fields[11]) else { throw fail() }
            let row = Row(frame: frame, time: time, section: section, item: item, x: x, y: y, width: width, height: height,
                          angle: angle, zIndex: zIndex, alpha: alpha, hidden: hidden)
            if let previous = rows.last, (previous.frame, previous.section, previous.item) >= (frame, section, item) {
                throw fail("rows must be ordered by frame, section and item; frame \(frame), item [\(section), \(item)] "
                           + "comes after frame \(previous.frame), item [\(previous.section), \(previous.item)]")
            }
            rows.append(row)
        }
        guard let last = rows.last else {
            self.init(scene: scene, fps: 0, frameCount: 0, rows: [])
            return
        }
        let fps = last.time > 0 ? Double(last.frame) / last.time : 0
        self.init(scene: scene, fps: fps, frameCount: last.frame + 1, rows: Self.fillingIn(rows, through: last.frame, fps: fps))
    }

    /// Rows for every frame from the first to `lastFrame`: an item absent from a frame is copied
    /// from its previous frame, at that frame's time.
    private static func fillingIn(_ rows: [Row], through lastFrame: Int, fps: Double) -> [Row] {
        guard let first = rows.first else { return [] }
        var filled: [Row] = []
        var current: [Row] = []         // the latest row of each item, in section and item order
        var merged: [Row] = []
        var next = 0
        for frame in first.frame...lastFrame {
            merged.removeAll(keepingCapacity: true)
            var old = 0
            while next < rows.count, rows[next].frame == frame {
                let row = rows[next]
                while old < current.count, (current[old].section, current[old].item) < (row.section, row.item) {
                    merged.append(current[old])
                    old += 1
                }
                if old < current.count, (current[old].section, current[old].item) == (row.section, row.item) { old += 1 }
                merged.append(row)
                next += 1
            }
            merged += current[old...]
            swap(&current, &merged)
            if filled.isEmpty { filled.reserveCapacity(current.count * (lastFrame - first.frame + 1)) }
            for row in current {
                var row = row
                if row.frame != frame {
                    row.frame = frame
                    row.time = fps > 0 ? Double(frame) / fps : 0
                }
                filled.append(row)
            }
        }
        return filled
    }

    /// Runs `scene` and records frames `range` (default: all).
    public init(scene: Scene, frames range: ClosedRange<Int>? = nil) {
        self.scene = scene.name
        fps = scene.fps
        frameCount = scene.frameCount
        let runner = SceneRunner(scene: scene)
        let frames = range ?? 0...(scene.frameCount - 1)
        var rows: [Row] = []
        for frame in frames {
            let frameRows = Self.rows(runner, frame: frame)
            if rows.isEmpty { rows.reserveCapacity(frameRows.count * frames.count) }
            rows += frameRows
        }
        self.rows = rows
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
        var text = Self.columns.joined(separator: ",") + "\n"
        text.reserveCapacity(rows.count * (omittingRepeats ? 8 : 80))
        let firstFrame = rows.first?.frame, lastFrame = rows.last?.frame
        var previous: [IndexPath: Row] = [:]
        for row in rows {
            if omittingRepeats {
                let key = IndexPath(item: row.item, section: row.section)
                defer { previous[key] = row }
                if row.frame != firstFrame, row.frame != lastFrame, let before = previous[key], before.sameState(as: row) { continue }
            }
            text += "\(row.frame),\(row.time),\(row.section),\(row.item),\(row.x),\(row.y),\(row.width),\(row.height),"
            text += "\(row.angle),\(row.zIndex),\(row.alpha),\(row.hidden)\n"
        }
        return text
    }

    /// JSON: the scene, its frame rate and frame count, and the rows as objects with the CSV's
    /// columns as keys, one row per line.
    public func json() -> String {
        var text = "{\n  \"scene\": \(Self.quoted(scene)),\n  \"fps\": \(fps),\n  \"frameCount\": \(frameCount),\n"
        text += "  \"columns\": [" + Self.columns.map { "\"\($0)\"" }.joined(separator: ", ") + "],\n  \"rows\": ["
        for (index, row) in rows.enumerated() {
            text += index == 0 ? "\n    " : ",\n    "
            text += "{\"frame\": \(row.frame), \"time\": \(row.time), \"section\": \(row.section), \"item\": \(row.item), "
            text += "\"x\": \(row.x), \"y\": \(row.y), \"width\": \(row.width), \"height\": \(row.height), \"angle\": \(row.angle), "
            text += "\"zIndex\": \(row.zIndex), \"alpha\": \(row.alpha), \"hidden\": \(row.hidden)}"
        }
        text += rows.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
        return text
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
