import Foundation
import Springframes
import SpringframesTesting
import Testing

/// The README's "Record your own UI" code, as written there (the folder is a temporary one).
@MainActor @Suite struct ReadmeRecorderTests {
    final class PhotosViewController: UICollectionViewController {
        override func viewDidLoad() {
            super.viewDidLoad()
            collectionView.backgroundColor = .white
            collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "photo")
        }
        override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 60 }
        override func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "photo", for: indexPath)
            cell.contentView.backgroundColor = indexPath.item.isMultiple(of: 2) ? .systemBlue : .systemTeal
            cell.contentView.layer.cornerRadius = 8
            return cell
        }
    }

    static let touches = TouchScript()
        .down(at: 0.3, CGPoint(x: 195, y: 600))
        .move(to: CGPoint(x: 195, y: 250), duration: 0.4, curve: .easeOut)
        .hold(0.2)
        .up()

    static func recorder(scale: Double = 2) -> Recorder {
        Recorder(name: "photos", fps: 60, duration: 2.5, scale: scale, touches: touches, showsTouches: true) {
            let layout = UICollectionViewFlowLayout()            // or your own UICollectionViewLayout subclass
            layout.itemSize = CGSize(width: 118, height: 118)
            layout.minimumInteritemSpacing = 4
            layout.minimumLineSpacing = 4
            return PhotosViewController(collectionViewLayout: layout)
        }
    }

    @Test func recordsFramesTraceAndSheetAsTheReadmeSays() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("springframes-readme-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try Self.recorder(scale: 1).record(to: folder.appendingPathComponent("photos"), trace: true,
                                                        sheet: ContactSheet(every: 30, columns: 6))
        #expect(output.manifest.frames.count == 151)
        #expect(output.trace?.lastPathComponent == "trace.csv" && output.sheet?.lastPathComponent == "sheet.png")

        // At 0.5 s the finger is halfway through its ease-out move, at y = 600 − 350·(1 − 0.5³)
        // = 293.75: drawn there as a disc of 22 pt, nowhere else.
        let shown = try PNGCodec.read(contentsOf: folder.appendingPathComponent("photos/frame_00030.png"), scale: 1)
        var plainRecorder = Self.recorder(scale: 1)
        plainRecorder.showsTouches = false
        let plain = try plainRecorder.images(ofFrames: [30])[0]
        withExtendedLifetime((shown, plain)) {
            #expect(shown.pixel(x: 195, y: 294) != plain.pixel(x: 195, y: 294))
            #expect(shown.pixel(x: 195, y: 294).red < plain.pixel(x: 195, y: 294).red || plain.pixel(x: 195, y: 294).red == 0)
            #expect(shown.pixel(x: 195, y: 330) == plain.pixel(x: 195, y: 330))
            #expect(shown.pixel(x: 150, y: 294) == plain.pixel(x: 150, y: 294))
        }
        // The finger stopped before lifting, so the content stays where it was left.
        let offsets = try Self.recorder(scale: 1).trace().rows.filter { $0.element == .scrollView }.map(\.y)
        #expect(offsets[150] == offsets[100] && offsets[150] > 300)
    }

    /// A touch script from JSON is the same as the one built in Swift.
    @Test func aTouchScriptReadsFromJSON() throws {
        let json = """
            [{ "at": 0.3, "down": [195, 600] }, { "at": 0.3, "move": [195, 250], "duration": 0.4, "curve": "easeOut" },
             { "at": 0.9, "up": true }]
            """
        let read = try TouchScript(json: Array(json.utf8), file: "drag.json")
        // The same touches (times within rounding: 0.3 + 0.4 + 0.2 is 0.8999999999999999).
        let built = Self.touches.touches
        #expect(read.touches.count == built.count)
        #expect(zip(read.touches, built).allSatisfy { $0.phase == $1.phase && $0.location == $1.location && abs($0.timestamp - $1.timestamp) < 1e-9 })
        #expect(throws: SceneError(file: "drag.json", location: "[1].curve",
                                   message: "expected one of \"linear\", \"easeIn\", \"easeOut\", \"easeInOut\", found \"springy\"")) {
            try TouchScript(json: Array(json.replacingOccurrences(of: "easeOut", with: "springy").utf8), file: "drag.json")
        }
        // A script in the wrong order is refused when it is recorded, with the event named.
        let backwards = TouchScript().up(at: 0.1)
        #expect(throws: SceneError.self) { try backwards.validated(duration: 1) }
    }
}
