import Foundation
import Springframes
@testable import SpringframesTesting
import Testing

/// A user's own collection view, as a test suite of an app would hold it: a layout written from
/// scratch on `UICollectionViewLayout` with every item on a spring, a custom cell, a controller;
/// recorded to frames, a trace and a sheet, and checked against goldens.
@MainActor @Suite struct OwnLayoutTests {
    /// A list whose rows hang on zero-length springs at their slots; a scroll pushes every row back
    /// by half of it, and the springs bring them home.
    final class SpringListLayout: UICollectionViewLayout {
        let damping: CGFloat
        static let rowHeight: CGFloat = 64
        private var animator: UIDynamicAnimator!

        init(damping: CGFloat) {
            self.damping = damping
            super.init()
            animator = UIDynamicAnimator(collectionViewLayout: self)
        }

        required init?(coder: NSCoder) { nil }

        private var count: Int { collectionView?.numberOfItems(inSection: 0) ?? 0 }

        override var collectionViewContentSize: CGSize {
            CGSize(width: collectionView?.bounds.width ?? 0, height: CGFloat(count) * Self.rowHeight)
        }

        override func prepare() {
            super.prepare()
            guard animator.behaviors.isEmpty, let width = collectionView?.bounds.width else { return }
            for item in 0..<count {
                let attributes = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: item, section: 0))
                attributes.frame = CGRect(x: 12, y: CGFloat(item) * Self.rowHeight + 6, width: width - 24, height: Self.rowHeight - 12)
                let spring = UIAttachmentBehavior(item: attributes, attachedToAnchor: attributes.center)
                spring.length = 0
                spring.frequency = 3
                spring.damping = damping
                animator.addBehavior(spring)
            }
        }

        override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
            animator.items(in: rect) as? [UICollectionViewLayoutAttributes]
        }

        override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
            animator.layoutAttributesForCell(at: indexPath)
        }

        override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
            let delta = newBounds.origin.y - collectionView!.bounds.origin.y
            for case let spring as UIAttachmentBehavior in animator.behaviors {
                let attributes = spring.items.first as! UICollectionViewLayoutAttributes
                attributes.center.y += delta / 2
                animator.updateItem(usingCurrentState: attributes)
            }
            return false
        }
    }

    /// A rounded tag with a title, blue on even rows and orange on odd ones.
    final class TagCell: UICollectionViewCell {
        static let even = UIColor(red: 0.2, green: 0.6, blue: 1, alpha: 1)
        static let odd = UIColor(red: 1, green: 0.6, blue: 0.2, alpha: 1)
        let title = UILabel()

        required init(frame: CGRect) {
            super.init(frame: frame)
            contentView.layer.cornerRadius = 12
            title.textColor = .white
            title.font = .boldSystemFont(ofSize: 17)
            contentView.addSubview(title)
        }

        required init?(coder: NSCoder) { nil }

        override func layoutSubviews() {
            super.layoutSubviews()
            title.frame = CGRect(x: 16, y: 0, width: 120, height: contentView.bounds.height)
        }
    }

    final class TagsViewController: UICollectionViewController {
        override func viewDidLoad() {
            super.viewDidLoad()
            collectionView.backgroundColor = .white
            collectionView.register(TagCell.self, forCellWithReuseIdentifier: "tag")
        }

        override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 24 }

        override func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "tag", for: indexPath) as! TagCell
            cell.title.text = "Tag \(indexPath.item)"
            cell.contentView.backgroundColor = indexPath.item.isMultiple(of: 2) ? TagCell.even : TagCell.odd
            return cell
        }
    }

    /// A drag up that stops before the finger lifts: the content scrolls 240 pt and stays, the
    /// rows lag behind and spring back.
    static let flick = TouchScript()
        .down(at: 0.1, CGPoint(x: 200, y: 600))
        .move(to: CGPoint(x: 200, y: 360), duration: 0.25)
        .hold(0.3)
        .up()

    static func recorder(damping: CGFloat) -> Recorder {
        Recorder(name: "tags", fps: 30, duration: 3, scale: 1, touches: flick, size: CGSize(width: 390, height: 844)) {
            TagsViewController(collectionViewLayout: SpringListLayout(damping: damping))
        }
    }

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("springframes-recorder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// What the assertions in `body` report, instead of failing this test.
    static func failures(_ body: () throws -> Void) throws -> [RegressionFailure] {
        let box = Failures()
        try FailureReporter.$override.withValue({ failure, _ in box.append(failure) }) { try body() }
        return box.items
    }

    @Test func recordsFramesTraceAndSheet() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = try Self.recorder(damping: 0.3).record(to: directory, workers: 2, trace: true,
                                                            sheet: ContactSheet(every: 12, columns: 5, thumbnailScale: 0.25))
        #expect(output.manifest.frames.count == 91)          // 3 s at 30 fps, both ends
        #expect((output.manifest.width, output.manifest.height) == (390, 844))

        // Frame 0: row 0 in blue with its corners rounded, row 1 in orange, white between.
        let first = try PNGCodec.read(contentsOf: directory.appendingPathComponent(output.manifest.frames[0].file), scale: 1)
        withExtendedLifetime(first) {
            #expect(first.pixel(x: 300, y: 32) == Color(red: 51, green: 153, blue: 255, alpha: 255))
            #expect(first.pixel(x: 300, y: 96) == Color(red: 255, green: 153, blue: 51, alpha: 255))
            #expect(first.pixel(x: 300, y: 64) == Color(red: 255, green: 255, blue: 255, alpha: 255))
            #expect(first.pixel(x: 12, y: 6) != Color(red: 51, green: 153, blue: 255, alpha: 255), "a rounded corner")
        }

        // The trace: 24 rows by identity and the content offset, which moves with the drag and
        // stays; row 10 lags the scroll, overshoots its slot and comes back to it.
        let trace = try SceneTrace(csv: String(contentsOf: try #require(output.trace), encoding: .utf8), scene: "tags", file: "trace.csv")
        #expect(trace.version == 3)
        let byFrame = trace.rowsByFrame
        #expect(byFrame.count == 91)
        #expect(byFrame[0].filter { $0.element == .cell }.map(\.id) == (0..<24).map(String.init))
        let offsets = byFrame.map { $0.first { $0.element == .scrollView }!.y }
        // The pan begins once the finger has moved 10 pt (at the second 8 pt touch sample), so the
        // content follows the last 224 of the 240 pt.
        #expect(offsets[0] == 0 && offsets[90] == 224)
        let row10 = byFrame.map { $0.first { $0.id == "10" }!.y }
        let slot = 10 * 64 + 32.0
        #expect(row10[0] == slot && abs(row10[90] - slot) < 0.5)
        #expect(row10.max()! > slot + 25, "row 10 lags the scroll")
        #expect(row10.min()! < slot - 10, "the springs carry row 10 past its slot on the way back")

        // The sheet: frames 0, 12, … 84 at a quarter size (98 × 211 px), in rows of five.
        let sheet = try PNGCodec.read(contentsOf: try #require(output.sheet), scale: 1)
        withExtendedLifetime(sheet) {}
        #expect(sheet.width == 2 * 16 + 5 * 98 + 4 * 12)
        #expect(sheet.height == 2 * 16 + 2 * (211 + 22) + 12)
    }

    /// The same bytes with one worker or two, and for a range as in the whole recording.
    @Test func framesAreTheSameWithAnyWorkerCountAndRange() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let one = try Self.recorder(damping: 0.3).record(to: directory.appendingPathComponent("one"), workers: 1).manifest
        let two = try Self.recorder(damping: 0.3).record(to: directory.appendingPathComponent("two"), workers: 2).manifest
        let range = try Self.recorder(damping: 0.3).record(to: directory.appendingPathComponent("range"), frames: 20...24).manifest
        #expect(one.frames.map(\.sha256) == two.frames.map(\.sha256))
        #expect(range.frames.map(\.sha256) == Array(one.frames[20...24].map(\.sha256)))
        #expect(Set(one.frames.map(\.sha256)).count > 20, "the frames show the motion")
    }

    /// The goldens are committed in __Snapshots__/OwnLayoutTests/: frames and trace of the flick.
    @Test func theFlickMatchesItsCommittedGoldens() throws {
        try assertRecording(of: Self.recorder(damping: 0.3), named: "flick", every: 12)
    }

    /// A damping change is reported in the terms springs are tuned by: overshoot and settling.
    @Test func aDampingChangeFailsWithTheOvershootNamed() throws {
        let snapshots = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: snapshots) }
        let recorded = try Self.failures {
            try assertTrace(of: Self.recorder(damping: 0.3), named: "flick", snapshotDirectory: snapshots)
        }
        #expect(recorded.count == 1 && recorded[0].result.recordedTrace)
        let failures = try Self.failures {
            try assertTrace(of: Self.recorder(damping: 0.6), named: "flick", snapshotDirectory: snapshots)
        }
        let failure = try #require(failures.first)
        let motion = try #require(failure.result.motion)
        // Every row lags by half the scroll and springs back: measured 53.7 % → 14.1 % overshoot
        // (the undamped ratio e^(−πζ/√(1−ζ²)) is 37 % and 9.5 %; the drag's own motion adds to it).
        let change = try #require(motion.changes.first { $0.element == "item 10" })
        #expect(change.reference.overshoot > 40 && change.actual.overshoot < 20)
        #expect(try #require(change.actual.settlingTime) < (try #require(change.reference.settlingTime)))
        #expect(failure.description.contains("  item 0: overshoot 53.7 % → 14.1 %, settles "), "\(failure.description)")
    }

    /// A flick through a list whose layout tiles its springs near the visible rect (the Messages
    /// technique): rows enter and leave the layout's elements as it scrolls.
    static func longList(damping: CGFloat) -> Recorder {
        let flick = TouchScript().down(at: 0.1, CGPoint(x: 195, y: 700)).move(to: CGPoint(x: 195, y: 150), duration: 0.1).up()
        return Recorder(name: "list", fps: 30, duration: 2, scale: 1, touches: flick, size: CGSize(width: 390, height: 844)) {
            let layout = TilingSpringyLayoutTests.TilingSpringyLayout()
            layout.itemSize = CGSize(width: 370, height: 44)
            layout.minimumLineSpacing = 10
            layout.damping = damping
            return TilingSpringyLayoutTests.ListController(collectionViewLayout: layout)
        }
    }

    /// A golden of a list that scrolls: rows that leave the screen are marked gone (format 3),
    /// so the same recording passes, and a damping change fails naming a row.
    @Test func aScrollingListsGoldenPassesUnchangedAndNamesTheRowThatMoved() throws {
        let snapshots = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: snapshots) }
        let recorded = try Self.failures { try assertTrace(of: Self.longList(damping: 0.8), named: "list", snapshotDirectory: snapshots) }
        #expect(recorded.count == 1 && recorded[0].result.recordedTrace)
        let folder = try #require(try FileManager.default.contentsOfDirectory(atPath: snapshots.path).first { $0.hasSuffix(".list") })
        let golden = try String(contentsOf: snapshots.appendingPathComponent(folder).appendingPathComponent("trace.csv"), encoding: .utf8)
        #expect(golden.hasPrefix(SceneTrace.columns.joined(separator: ",") + "\n"))
        let goneRows = golden.split(separator: "\n").filter { $0.hasSuffix(",gone") }.count
        #expect(goneRows > 20, "rows left the screen: \(goneRows) gone rows")

        let unchanged = try Self.failures { try assertTrace(of: Self.longList(damping: 0.8), named: "list", snapshotDirectory: snapshots) }
        #expect(unchanged.isEmpty, "\(unchanged.map(\.description))")

        let changed = try Self.failures { try assertTrace(of: Self.longList(damping: 0.3), named: "list", snapshotDirectory: snapshots) }
        let failure = try #require(changed.first)
        let motion = try #require(failure.result.motion)
        #expect(motion.changes.contains { $0.element.hasPrefix("item ") }, "\(failure.description)")
        // The headline names the first row that moved; the report file lists every one.
        #expect(failure.headline.hasPrefix("\"list\" motion: item "), "\(failure.headline)")
        #expect(motion.changes.count > 10, "more changes than a summary shows")
        let text = try String(contentsOf: try #require(failure.result.report), encoding: .utf8)
        #expect(!text.contains("more element") && text.components(separatedBy: "\n  item ").count - 1 == motion.changes.count)
    }

    /// A recorder of an instance plays it once; a second recording says how to record again.
    @Test func anInstanceIsRecordedOnce() throws {
        let controller = TagsViewController(collectionViewLayout: SpringListLayout(damping: 0.3))
        let recorder = Recorder(viewController: controller, duration: 0.2, scale: 1, size: CGSize(width: 200, height: 300))
        let trace = try recorder.trace()
        #expect(trace.rows.count == 13 * 25)       // 24 rows and the offset, at 13 frames
        #expect(throws: RecorderError.alreadyRecorded(name: "recording")) { try recorder.trace() }
    }
}

/// Failures gathered from any thread.
/// `@unchecked`: `list` is touched only with `lock` held.
final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [RegressionFailure] = []

    func append(_ failure: RegressionFailure) {
        lock.lock()
        list.append(failure)
        lock.unlock()
    }

    var items: [RegressionFailure] {
        lock.lock()
        defer { lock.unlock() }
        return list
    }
}
