import Foundation
import Springframes
import Testing

/// Trace format 2 on the built-in scenes: zoom, content offset and item identity, the quantities
/// format 1 could not see.
@MainActor @Suite struct TraceFormatTests {
    static func builtIn(_ name: String) throws -> Scene { try #require(BuiltInScenes.named(name)).scene() }

    static func rows(_ trace: SceneTrace, frame: Int) -> [SceneTrace.Row] { trace.rows.filter { $0.frame == frame } }

    /// The line layout zooms the centred cell to 1 + zoomFactor and scrolls to rest with a cell
    /// centred; both are in the trace.
    @Test func theLineSceneTracesZoomAndContentOffset() throws {
        let scene = try Self.builtIn("line")
        let trace = SceneTrace(scene: scene)
        let first = Self.rows(trace, frame: 0)
        // Item 0 starts centred (centersEndItems): zoomed 1.3 × both ways, unrotated; item 2 is
        // 400 pt away, beyond the 200 pt active distance.
        let zero = try #require(first.first { $0.element == .cell && $0.id == "0" })
        #expect(abs(zero.scaleX - 1.3) < 1e-12 && abs(zero.scaleY - 1.3) < 1e-12 && zero.angle == 0)
        let two = try #require(first.first { $0.element == .cell && $0.id == "2" })
        #expect(two.scaleX == 1 && two.scaleY == 1)

        // The first flick (at 0.3 s) carries the content offset right, the second (at 2.3 s)
        // back; at every frame each cell's zoom is 1 + 0.3·(1 − d/200) for its distance d from
        // the visible centre (the offset + 195), 1 beyond 200 pt.
        let offsets = (0..<scene.frameCount).map { frame in Self.rows(trace, frame: frame).first { $0.element == .scrollView }! }
        #expect(offsets.allSatisfy { $0.id == "collectionView" && $0.y == 0 })
        #expect(offsets[15].x == 0 && offsets[135].x > 900 && offsets[240].x < offsets[150].x)
        for frame in stride(from: 0, to: scene.frameCount, by: 20) {
            let centre = offsets[frame].x + 195
            for cell in Self.rows(trace, frame: frame) where cell.element == .cell {
                let expected = 1 + 0.3 * max(0, 1 - abs(centre - cell.x) / 200)
                #expect(abs(cell.scaleX - expected) < 1e-9 && abs(cell.scaleY - expected) < 1e-9, "frame \(frame), item \(cell.id)")
            }
        }
    }

    /// Doubling the zoom factor fails the motion check, in words; format 1 saw no difference.
    @Test func aZoomFactorChangeFailsTheMotionCheck() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("springframes-zoom-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let scene = try Self.builtIn("line")
        var zoomed = scene
        guard case .line(var line) = scene.collection.layout else { Issue.record("not a line layout"); return }
        line.zoomFactor = 0.6
        zoomed.collection.layout = .line(line)

        func check(_ scene: Scene) throws -> GoldenCheckResult {
            var check = GoldenCheck(scene: scene, font: try Font.named(), directory: directory)
            check.checksFrames = false
            return try check.run()
        }
        #expect(try check(scene).recordedTrace)
        #expect(try check(scene).passes)
        let motion = try #require(try check(zoomed).motion)
        #expect(!motion.passes)
        let report = motion.report()
        #expect(report.contains("item 0: overshoot "), "\(report)")
        #expect(report.contains(", zoom peak 1.30 → 1.60"), "\(report)")
        #expect(motion.firstDifference?.frame == 0 && ["scaleX", "scaleY"].contains(motion.firstDifference?.quantity ?? ""))
    }

    /// The springy scene scrolls: the trace has the content offset, and the cells lag it.
    @Test func theSpringySceneTracesTheScrollAndTheLag() throws {
        let scene = try Self.builtIn("springy")
        let trace = SceneTrace(scene: scene)
        let offsets = (0..<scene.frameCount).map { frame in Self.rows(trace, frame: frame).last!.y }
        #expect(Self.rows(trace, frame: 0).last?.element == .scrollView)
        #expect(offsets[0] == 0 && offsets.max()! > 300)
        // Some cell is off its resting place (in content points) while the content moves.
        let moving = try #require(offsets.indices.first { $0 > 0 && offsets[$0] != offsets[$0 - 1] })
        let home = Dictionary(uniqueKeysWithValues: Self.rows(trace, frame: 0).filter { $0.element == .cell }.map { ($0.id, $0.y) })
        let lags = Self.rows(trace, frame: moving + 6).filter { $0.element == .cell }.map { abs($0.y - home[$0.id]!) }
        #expect(lags.max()! > 1)
    }

    /// The rearranged item keeps its identity at its new index path; every identity is traced at
    /// every frame.
    @Test func theRearrangeSceneFollowsItemsByIdentity() throws {
        let scene = try Self.builtIn("rearrange")
        let trace = SceneTrace(scene: scene)
        let cells = { (frame: Int) in Self.rows(trace, frame: frame).filter { $0.element == .cell } }
        let first = cells(0), last = cells(scene.frameCount - 1)
        #expect(first.map(\.id) == last.map(\.id))
        let moved = zip(first, last).filter { $0.item != $1.item }
        #expect(!moved.isEmpty)
        // The index paths at the end are the items of the section, each once.
        #expect(Set(last.map(\.item)) == Set(first.map(\.item)))
    }

    /// A trace written and read back, in both CSV forms, is the same rows; a format-1 file reads
    /// as format 1.
    @Test func formatTwoRoundTripsAndFormatOneStillReads() throws {
        let trace = SceneTrace(scene: try Self.builtIn("line"), frames: 0...30)
        #expect(try SceneTrace(csv: trace.csv(), scene: "line", file: "t.csv").rows == trace.rows)
        #expect(try SceneTrace(csv: trace.csv(omittingRepeats: true), scene: "line", file: "t.csv").rows == trace.rows)
        let formatOne = "frame,time,section,item,x,y,width,height,angle,zIndex,alpha,hidden\n0,0.0,0,0,1.0,2.0,3.0,4.0,0.0,0,1.0,false\n"
        let read = try SceneTrace(csv: formatOne, scene: "old", file: "old.csv")
        #expect(read.version == 1 && read.rows.count == 1 && read.rows[0].name == "item [0, 0]" && read.rows[0].scaleX == 1)
        #expect(throws: SceneError.self) { try SceneTrace(csv: "# springframes trace 3\n", scene: "x", file: "new.csv") }
    }

    /// Frame numbers are checked before any arithmetic: the largest Int was an overflow trap.
    @Test(arguments: ["9223372036854775807", "10000001"])
    func aFrameBeyondTheLimitIsAnErrorNamingTheLine(_ frame: String) throws {
        let formatOne = "frame,time,section,item,x,y,width,height,angle,zIndex,alpha,hidden\n"
            + "0,0.0,0,0,1.0,2.0,3.0,4.0,0.0,0,1.0,false\n\(frame),0.0,0,0,1.0,2.0,3.0,4.0,0.0,0,1.0,false\n"
        let error = #expect(throws: SceneError.self) { try SceneTrace(csv: formatOne, scene: "old", file: "golden.csv") }
        #expect(error?.description.contains("golden.csv") == true && error?.description.contains("line 3") == true
                && error?.description.contains("beyond the largest frame") == true, "\(String(describing: error))")
        let row = SceneTrace.Row(frame: 0, time: 0, element: .view, id: "card", section: 0, item: 0, x: 1, y: 2,
                                 width: 3, height: 4, angle: 0, zIndex: 0, alpha: 1, hidden: false)
        let formatTwo = SceneTrace(scene: "t", fps: 60, frameCount: 1, rows: [row]).csv()
        let lastRow = try #require(formatTwo.split(separator: "\n").last)
        let damaged = formatTwo + "\(frame)" + lastRow.drop { $0 != "," } + "\n"
        #expect(throws: SceneError.self) { try SceneTrace(csv: damaged, scene: "t", file: "golden.csv") }
    }

    /// A line of 3 MB is an error naming the line, found in time linear in its length (each byte
    /// was searched again for every chunk read: 202 s for a 1 GiB line).
    @Test func anEndlessLineIsAnErrorFoundInLinearTime() throws {
        let header = "frame,time,section,item,x,y,width,height,angle,zIndex,alpha,hidden\n"
        var chunks: [[UInt8]] = [Array(header.utf8)] + Array(repeating: [UInt8](repeating: UInt8(ascii: "7"), count: 4096), count: 768)
        let error = #expect(throws: SceneError.self) {
            var frames = try SceneTrace.CSVFrames(file: "long.csv", fps: 60) { chunks.isEmpty ? nil : chunks.removeFirst() }
            _ = try frames.next()
        }
        #expect(error?.description.contains("long.csv") == true && error?.description.contains("line 2") == true
                && error?.description.contains("longer than 1048576 bytes") == true, "\(String(describing: error))")
        // Lines that arrive split across many small chunks still read exactly.
        let row = "0,0.0,0,0,1.0,2.0,3.0,4.0,0.0,0,1.0,false\n"
        var pieces = Array((header + row).utf8).map { [$0] }
        var frames = try SceneTrace.CSVFrames(file: "split.csv", fps: 60) { pieces.isEmpty ? nil : pieces.removeFirst() }
        #expect(try frames.next()?.first?.x == 1)
    }

    /// A kind or name with a comma or a quote is quoted, and reads back.
    @Test func fieldsWithCommasAreQuoted() throws {
        let row = SceneTrace.Row(frame: 0, time: 0, element: .view, id: "card, \"front\"", section: 0, item: 0, x: 1, y: 2,
                                 width: 3, height: 4, angle: 0, zIndex: 0, alpha: 1, hidden: false)
        let trace = SceneTrace(scene: "quoted", fps: 60, frameCount: 1, rows: [row])
        #expect(trace.csv().contains(",view,,\"card, \"\"front\"\"\",,,1.0,"))     // a view has no index path
        #expect(try SceneTrace(csv: trace.csv(), scene: "quoted", file: "q.csv").rows == [row])
    }
}

/// A frame of many rows is written in pieces, so that its text is never held whole: the pieces
/// join into the text the frame encodes to, each of at most `rowsPerPiece` rows.
@Suite struct TraceEncoderPieceTests {
    @Test(arguments: [SceneTrace.Encoder.Format.csv, .compactCSV, .json])
    func aLargeFrameIsWrittenInPieces(format: SceneTrace.Encoder.Format) {
        let rows = (0..<20_000).map {
            SceneTrace.Row(frame: 0, time: 0, id: String($0), section: 0, item: $0, x: Double($0), y: 1, width: 60, height: 60,
                           angle: 0, zIndex: 0, alpha: 1, hidden: false)
        }
        var whole = SceneTrace.Encoder(format: format, scene: "pieces", fps: 60, frameCount: 1, frames: 0...0)
        var pieced = whole
        let text = whole.encode(frame: rows)
        var pieces: [String] = []
        pieced.encode(frame: rows) { pieces.append($0) }
        #expect(pieces.count == 3)
        #expect(pieces.joined() == text)
        let rowsPerPiece = pieces.map { format == .json ? $0.components(separatedBy: "{\"frame\"").count - 1 : $0.split(separator: "\n").count }
        #expect(rowsPerPiece == [8192, 8192, 3616])
    }
}

/// Trace format 3: elements that leave the screen are marked, and every reader of the CSV
/// reads it without options.
@MainActor @Suite struct TraceFormatThreeTests {
    private func row(_ frame: Int, _ id: String, y: Double) -> SceneTrace.Row {
        SceneTrace.Row(frame: frame, time: Double(frame) / 10, id: id, section: 0, item: Int(id) ?? 0, x: 10, y: y,
                       width: 5, height: 5, angle: 0, zIndex: 0, alpha: 1, hidden: false)
    }

    @Test func elementsThatLeaveAreGoneWhenReadBack() throws {
        // Item 0 shows at frames 0–1, is off screen at 2–3 and comes back at 4; item 1 shows
        // throughout, standing still from frame 1 to 3 (frame 3 has no rows: nothing changed).
        let rows = [row(0, "0", y: 0), row(0, "1", y: 50),
                    row(1, "0", y: 1), row(1, "1", y: 51),
                    row(2, "1", y: 51),
                    row(4, "0", y: 4), row(4, "1", y: 54)]
        let trace = SceneTrace(scene: "t", fps: 10, frameCount: 5, rows: rows)
        for compact in [false, true] {
            let text = trace.csv(omittingRepeats: compact)
            let lines = text.split(separator: "\n")
            #expect(lines[0] == SceneTrace.columns.joined(separator: ","))
            #expect(lines.contains("2,0.2,cell,,0,0,0,,,,,,,,,,,gone"))
            let read = try SceneTrace(csv: text, scene: "t", file: "t.csv")
            #expect(read.version == 3)
            let byFrame = Dictionary(grouping: read.rows, by: \.frame).mapValues { $0.map(\.id) }
            #expect(byFrame[1] == ["0", "1"] && byFrame[2] == ["1"] && byFrame[4] == ["0", "1"], "compact: \(compact)")
            #expect(read.rows.first { $0.frame == 4 && $0.id == "0" }?.y == 4)
        }
    }

    @Test func aScrollViewRowHasNoIndexPath() throws {
        let scroll = SceneTrace.Row(frame: 0, time: 0, element: .scrollView, id: "collectionView", section: 0, item: 0,
                                    x: 0, y: 120, width: 390, height: 844, angle: 0, zIndex: 0, alpha: 1, hidden: false)
        let text = SceneTrace(scene: "t", fps: 60, frameCount: 1, rows: [scroll]).csv()
        #expect(text.split(separator: "\n")[1] == "0,0.0,scrollView,,collectionView,,,0.0,120.0,390.0,844.0,1.0,1.0,0.0,0,1.0,false,shown")
        #expect(try SceneTrace(csv: text, scene: "t", file: "t.csv").rows == [scroll])
    }
}

/// Traces are encoded on a thread of their own while the next frame is captured: the text is the
/// same as encoding on one thread, waits for the writer when it runs ahead, and stops when the
/// writer fails.
@MainActor @Suite struct TraceStreamingTests {
    /// Rows of a list that scrolls by one element a frame: a window of 30 elements, each moving,
    /// some resting; elements appear and leave, so gone rows are written too.
    private func frames() -> [[SceneTrace.Row]] {
        (0...60).map { frame in
            (frame..<(frame + 30)).map { id in
                SceneTrace.Row(frame: frame, time: Double(frame) / 60, id: String(id), section: 0, item: id, x: 10,
                               y: id % 3 == 0 ? Double(id * 50) : Double(id * 50 - frame), width: 50, height: 50,
                               angle: 0, zIndex: 0, alpha: 1, hidden: false)
            }
        }
    }

    @Test(arguments: [SceneTrace.Encoder.Format.csv, .compactCSV, .json])
    func streamingWritesWhatEncodingOnOneThreadWrites(format: SceneTrace.Encoder.Format) throws {
        let frames = frames()
        var encoder = SceneTrace.Encoder(format: format, scene: "springy", fps: 60, frameCount: 61, frames: 0...60)
        var expected = encoder.begin()
        for rows in frames { expected += encoder.encode(frame: rows) }
        expected += encoder.end()
        var streamed = ""
        let count = SceneTrace.stream(frames, scene: "springy", fps: 60, frameCount: 61, frames: 0...60, format: format) { streamed += $0 }
        #expect(streamed == expected)
        #expect(count == frames.map(\.count).reduce(0, +))
        #expect(expected.contains(",gone") || format == .json)
    }

    /// With room for 100 bytes of text the encoder waits for the writer after nearly every piece;
    /// the text is the same, in order.
    @Test func aSlowWriterHoldsTheEncoderBack() throws {
        let frames = frames()
        let encoder = SceneTrace.Encoder(format: .compactCSV, scene: "springy", fps: 60, frameCount: 61, frames: 0...60)
        var direct = encoder, expected = ""
        for rows in frames { expected += direct.encode(frame: rows) }
        let thread = TraceEncodingThread(encoder: encoder, textCapacity: 100)
        var streamed = "", writes = 0
        for rows in frames {
            thread.send(rows) { streamed += $0; writes += 1 }
        }
        thread.finish { streamed += $0; writes += 1 }
        #expect(streamed == expected)
        #expect(writes > 30, "the text came out a piece at a time, not at the end")
    }

    struct DiskFull: Error {}

    /// A writer that fails stops the stream at once: the error comes back and the thread ends.
    @Test func aFailingWriterStopsTheStream() throws {
        let frames = frames()
        var writes = 0
        #expect(throws: DiskFull.self) {
            try SceneTrace.stream(frames, scene: "springy", fps: 60, frameCount: 61, frames: 0...60, format: .csv) { _ in
                writes += 1
                if writes == 3 { throw DiskFull() }
            }
        }
        #expect(writes == 3)
    }
}

/// An accessibility identifier may hold a line break, a quote or a comma: the trace quotes it
/// (RFC 4180) and reads it back. A line break in a quoted field once ended the row, so the golden
/// trace recorded from such a view could not be read ("expected 18 comma-separated values").
@MainActor @Suite struct TraceIdentifierQuotingTests {
    @Test func anIdentifierWithALineBreakQuoteAndCommaRoundTrips() throws {
        // U+0600 glued to a comma or a quote makes one Character that is neither.
        for identifier in ["a\nb \"c\", d\n", "v\u{0600}", "\u{0600},\u{0600}\"x"] {
            let trace = try Recorder(fps: 10, duration: 0.2, scale: 1, size: CGSize(width: 40, height: 40)) {
                let view = UIView(frame: CGRect(x: 5, y: 5, width: 10, height: 10))
                view.accessibilityIdentifier = identifier
                return view
            }.trace()
            #expect(trace.rows.contains { $0.id == identifier })
            let read = try SceneTrace(csv: trace.csv(), scene: "s", file: "trace.csv")
            #expect(read.rows.map(\.id) == trace.rows.map(\.id))
            #expect(read.rows.count == trace.rows.count)
        }
    }
}
