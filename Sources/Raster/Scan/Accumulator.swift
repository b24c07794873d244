/// Scan conversion by exact signed area, in sparse cells.
///
/// Every line segment deposits, in each pixel it crosses, the signed area it adds to the pixels on
/// its right (font-rs and stb_truetype v2 accumulate the same quantity into a dense buffer). A
/// pixel's coverage is then the running sum of deposits from the left edge of its row: exact area
/// coverage, with no supersampling, for any shape whose edges do not cross inside one pixel.
///
/// The deposits are kept sparse, in per-row lists of cells sorted by x (as FreeType's "gray"
/// rasterizer does), rather than in a dense buffer: between two cells the running sum is constant,
/// so the scan emits whole spans, and the interior of an opaque fill becomes a plain memory fill.
/// A dense buffer spends its time summing zeros over the interior of every shape; at 1170×2532
/// with sixty cells that was most of the frame.
///
/// Clipping is part of scan conversion: rows outside the clip are skipped, and x is clamped to the
/// clip's left and right edges before depositing — a segment left of the clip still adds its full
/// winding to every pixel of the row, and one right of it adds nothing that is ever read.
struct CoverageAccumulator {
    private(set) var clipMinX = 0, clipMinY = 0, clipMaxX = 0, clipMaxY = 0

    // `rowHead[y - clipMinY]` is the first cell of row y, or -1; cells link to the next in x.
    private var rowHead: [Int32] = []
    private var cells = CellStorage()
    private var touchedMinY = Int.max, touchedMaxY = Int.min

    // The contour being built, in pixels.
    private var startX = 0.0, startY = 0.0, lastX = 0.0, lastY = 0.0

    /// Clears all cells and sets the clip, in whole pixels.
    mutating func reset(clipMinX: Int, clipMinY: Int, clipMaxX: Int, clipMaxY: Int) {
        self.clipMinX = clipMinX
        self.clipMinY = clipMinY
        self.clipMaxX = max(clipMinX, clipMaxX)
        self.clipMaxY = max(clipMinY, clipMaxY)
        let rows = self.clipMaxY - self.clipMinY
        if rowHead.count < rows {
            rowHead = [Int32](repeating: -1, count: rows)
        } else if touchedMinY <= touchedMaxY {
            // `scan` leaves rows cleared; only an abandoned accumulation needs this.
            for y in touchedMinY...touchedMaxY { rowHead[y] = -1 }
        }
        cells.removeAll()
        touchedMinY = Int.max
        touchedMaxY = Int.min
    }

    var isEmpty: Bool { cells.count == 0 }

    /// Adds one directed edge. Winding follows the direction: edges going down add, edges going up
    /// subtract; a closed contour sums to ±1 inside and 0 outside.
    mutating func addLine(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) {
        guard !x0.isNaN, !y0.isNaN, !x1.isNaN, !y1.isNaN else { return }
        // Coordinates past ±2⁵⁰ pixels are clamped there (an infinite rectangle draws as a huge one):
        // differences of ±1e300 overflowed to infinity and NaN and trapped as pixel indices. No
        // ordinary drawing comes near the bound, so its pixels are unchanged.
        let (x0, y0, x1, y1) = (Self.bounded(x0), Self.bounded(y0), Self.bounded(x1), Self.bounded(y1))
        guard y0 != y1 else { return }
        let (xa, ya, xb, yb, direction): (Double, Double, Double, Double, Double) =
            y0 < y1 ? (x0, y0, x1, y1, 1) : (x1, y1, x0, y0, -1)
        let top = max(ya, Double(clipMinY)), bottom = min(yb, Double(clipMaxY))
        guard top < bottom else { return }
        var dxdy = (xb - xa) / (yb - ya)
        // An edge almost flat over a distance of 2⁵⁰ pixels: its slope overflows. It lies within a
        // hair of one row, so the whole run in x is deposited there.
        if !dxdy.isFinite { dxdy = (xb - xa).sign == .minus ? -Self.limit : Self.limit }
        var y = top
        var row = Int(top.rounded(.down))
        while y < bottom {
            let rowEnd = min(Double(row + 1), bottom)
            // x from the segment's own start each time, so long edges do not drift.
            let xStart = xa + (y - ya) * dxdy
            let xEnd = xa + (rowEnd - ya) * dxdy
            depositRow(row, xStart, xEnd, (rowEnd - y) * direction)
            y = rowEnd
            row += 1
        }
    }

    private static let limit = 1_125_899_906_842_624.0  // 2⁵⁰

    private static func bounded(_ value: Double) -> Double { min(limit, max(-limit, value)) }

    /// Deposits the part of an edge inside one row: it spans x from `xs` to `xe` and `dy` of height
    /// (signed by direction). For each pixel column it crosses, the column gets the area of the
    /// piece's trapezoid to its right, and the next column the rest of that piece's height.
    private mutating func depositRow(_ row: Int, _ xs: Double, _ xe: Double, _ dy: Double) {
        let lowX = Double(clipMinX), highX = Double(clipMaxX)
        let left = min(max(min(xs, xe), lowX), highX)
        let right = min(max(max(xs, xe), lowX), highX)
        let firstColumn = Int(left.rounded(.down))
        var lastColumn = Int(right.rounded(.down))
        if lastColumn > firstColumn, Double(lastColumn) == right { lastColumn -= 1 }
        let y = row - clipMinY
        if firstColumn >= lastColumn {
            let mid = (left + right) / 2 - Double(firstColumn)
            add(y, firstColumn, Float(dy * (1 - mid)))
            add(y, firstColumn + 1, Float(dy * mid))
            return
        }
        let width = right - left
        var carry = 0.0
        for column in firstColumn...lastColumn {
            let pieceLeft = max(left, Double(column)), pieceRight = min(right, Double(column + 1))
            let pieceDy = dy * (pieceRight - pieceLeft) / width
            let mid = (pieceLeft + pieceRight) / 2 - Double(column)
            add(y, column, Float(pieceDy * (1 - mid) + carry))
            carry = pieceDy * mid
        }
        add(y, lastColumn + 1, Float(carry))
    }

    /// Adds `value` to the cell at (x, row y), inserting the cell in x order if it is new.
    @inline(__always)
    private mutating func add(_ y: Int, _ x: Int, _ value: Float) {
        if y < touchedMinY { touchedMinY = y }
        if y > touchedMaxY { touchedMaxY = y }
        let x32 = Int32(truncatingIfNeeded: x)
        let base = cells.base
        var previous: Int32 = -1
        var cell = rowHead[y]
        while cell >= 0 {
            let cx = base[Int(cell)].x
            if cx == x32 {
                base[Int(cell)].value += value
                return
            }
            if cx > x32 { break }
            previous = cell
            cell = base[Int(cell)].next
        }
        let new = cells.append(Cell(x: x32, next: cell, value: value))
        if previous < 0 { rowHead[y] = new } else { cells.base[Int(previous)].next = new }
    }

    /// Emits the coverage of every touched pixel, as single pixels and runs of equal coverage, and
    /// leaves the accumulator empty. Coverage is 0…255; zero coverage is never emitted.
    mutating func scan<Sink: SpanSink>(rule: FillRule, into sink: inout Sink) {
        guard touchedMinY <= touchedMaxY else { return }
        for y in touchedMinY...touchedMaxY {
            var cell = rowHead[y]
            rowHead[y] = -1
            var sum: Float = 0
            let pixelY = y + clipMinY
            let base = cells.base
            while cell >= 0 {
                let x = Int(base[Int(cell)].x)
                sum += base[Int(cell)].value
                let next = base[Int(cell)].next
                let nextX = next >= 0 ? min(Int(base[Int(next)].x), clipMaxX) : clipMaxX
                if x >= clipMaxX { break }
                let alpha = Self.coverage(sum, rule)
                if alpha > 0 {
                    if nextX > x + 1 {
                        sink.span(y: pixelY, x: x, count: nextX - x, alpha: alpha)
                    } else {
                        sink.pixel(y: pixelY, x: x, alpha: alpha)
                    }
                }
                cell = next
            }
        }
        touchedMinY = Int.max
        touchedMaxY = Int.min
        cells.removeAll()
    }

    /// Winding area to 8-bit coverage: clamped magnitude for non-zero, folded for even-odd.
    @inline(__always)
    static func coverage(_ winding: Float, _ rule: FillRule) -> UInt8 {
        var a = abs(winding)
        if rule == .evenOdd {
            a -= 2 * (a * 0.5).rounded(.down)
            if a > 1 { a = 2 - a }
        }
        return UInt8(min(255, a * 255 + 0.5))
    }
}

/// One cell: a pixel column's deposit in one row, and the next cell of the row.
struct Cell {
    var x: Int32
    var next: Int32
    var value: Float
}

/// A growable buffer of cells that is never copied on write: the accumulator owns it alone, and
/// an `Array` of structs paid a uniqueness and bounds check on every one of the frame's hundreds
/// of thousands of appends.
final class CellStorage {
    private(set) var base: UnsafeMutablePointer<Cell>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int = 4096) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    deinit {
        base.deallocate()
    }

    /// Appends and returns the new cell's index.
    @inline(__always)
    func append(_ cell: Cell) -> Int32 {
        if count == capacity { grow() }
        (base + count).initialize(to: cell)
        count += 1
        return Int32(count - 1)
    }

    func removeAll() {
        count = 0
    }

    private func grow() {
        let larger = UnsafeMutablePointer<Cell>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity *= 2
    }
}

extension CoverageAccumulator: PolylineSink {
    mutating func moveTo(_ x: Double, _ y: Double) {
        (startX, startY, lastX, lastY) = (x, y, x, y)
    }

    mutating func lineTo(_ x: Double, _ y: Double) {
        addLine(lastX, lastY, x, y)
        (lastX, lastY) = (x, y)
    }

    /// Fills close every contour, whether or not the path said so.
    mutating func endContour(closed: Bool) {
        addLine(lastX, lastY, startX, startY)
        (lastX, lastY) = (startX, startY)
    }
}

/// Where scan conversion sends coverage: a blitter that paints, or a mask that records it.
protocol SpanSink {
    /// One pixel with `alpha`/255 coverage.
    mutating func pixel(y: Int, x: Int, alpha: UInt8)
    /// `count` pixels from x with the same coverage.
    mutating func span(y: Int, x: Int, count: Int, alpha: UInt8)
}
