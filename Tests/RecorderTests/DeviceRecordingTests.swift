import Foundation
import Springframes
import SpringframesTesting
import Testing
import TestSupport

/// A grid of squares that keeps out of the safe area, as an app's collection view does under a
/// navigation bar; it notes the screen it was built for.
private final class SafeGridViewController: UIViewController, UICollectionViewDataSource {
    var collectionView: UICollectionView!
    var screenBounds = CGRect.zero

    override func viewDidLoad() {
        super.viewDidLoad()
        screenBounds = UIScreen.main.bounds
        view.backgroundColor = .systemBackground
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 80, height: 80)
        layout.minimumInteritemSpacing = 10
        layout.minimumLineSpacing = 10
        collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: layout)
        collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        collectionView.contentInsetAdjustmentBehavior = .always
        collectionView.backgroundColor = .systemBackground
        collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
        collectionView.dataSource = self
        view.addSubview(collectionView)
    }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 12 }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
        cell.backgroundColor = indexPath.item == 0 ? .systemRed : .systemTeal
        return cell
    }
}

@MainActor @Suite struct DeviceRecordingTests {
    /// The first cell's frame on the window, once the device's safe area is applied.
    private func firstCell(on device: Device, _ orientation: Device.Orientation = .portrait,
                           appearance: UIUserInterfaceStyle = .light) throws -> (CGRect, CGRect, Canvas) {
        var controller: SafeGridViewController?
        let recorder = Recorder(device: device, orientation: orientation, appearance: appearance, duration: 0.1, scale: 1) {
            let made = SafeGridViewController()
            controller = made
            return made
        }
        let image = try recorder.images(ofFrames: [0])[0]
        let grid = try #require(controller)
        let cell = try #require(grid.collectionView.cellForItem(at: IndexPath(item: 0, section: 0)))
        return (cell.convert(cell.bounds, to: nil), grid.screenBounds, image)
    }

    @Test func aCollectionViewKeepsOutOfEachDevicesSafeArea() throws {
        let (se, seScreen, seImage) = try firstCell(on: .iPhoneSE)
        #expect(se.origin == CGPoint(x: 0, y: 20) && seScreen.size == CGSize(width: 375, height: 667))
        let (sixteen, sixteenScreen, sixteenImage) = try firstCell(on: .iPhone16)
        #expect(sixteen.origin == CGPoint(x: 0, y: 59) && sixteenScreen.size == CGSize(width: 393, height: 852))
        let (pro, proScreen, proImage) = try firstCell(on: .iPhone16Pro, .landscape, appearance: .dark)
        #expect(pro.origin == CGPoint(x: 62, y: 0) && proScreen.size == CGSize(width: 874, height: 402))
        expectMatchesReference(seImage, area: "devices", name: "safe_area_se")
        expectMatchesReference(sixteenImage, area: "devices", name: "safe_area_16")
        expectMatchesReference(proImage, area: "devices", name: "safe_area_16_pro_landscape_dark")
        // The first cell shows where the layout put it: system red in light, its dark value in dark.
        #expect(seImage.pixel(x: 40, y: 60) == Color(rgb: 0xFF3B30))
        #expect(proImage.pixel(x: 102, y: 40) == Color(rgb: 0xFF453A))
        // The corners are cut on the 16 (55 pt), not on the SE; the landscape 16 Pro has no status bar.
        #expect(sixteenImage.pixel(x: 0, y: 0).alpha == 0 && seImage.pixel(x: 0, y: 0).alpha == 255)
        #expect((0..<80).allSatisfy { proImage.pixel(x: 200 + $0, y: 30) != Color(rgb: 0xFFFFFF) })
    }

    /// A dark device recording with emoji, right-to-left text and moving labels writes the same
    /// bytes with one worker and with two.
    @Test func aDarkDeviceRecordingIsTheSameBytesWithAnyNumberOfWorkers() throws {
        let recorder = Recorder(device: .iPhone16, appearance: .dark, fps: 30, duration: 0.3, scale: 1) {
            let controller = UIViewController()
            controller.view.backgroundColor = .systemBackground
            let label = UILabel(frame: CGRect(x: 20, y: 100, width: 350, height: 40))
            label.text = "Hello 👋 שלום, café ☕️"
            label.textColor = .label
            controller.view.addSubview(label)
            UIView.animate(withDuration: 0.3) { label.center.y += 200 }
            return controller
        }
        let directory = try OwnLayoutTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let one = try recorder.record(to: directory.appendingPathComponent("one"), workers: 1).manifest
        let two = try recorder.record(to: directory.appendingPathComponent("two"), workers: 2).manifest
        #expect(one.frames.count == 10)
        #expect(one.frames.map(\.sha256) == two.frames.map(\.sha256))
        #expect(Set(one.frames.map(\.sha256)).count == 10, "the label moves every frame")
    }

    @Test func UIScreenMainIsTheDefaultPhoneOutsideADeviceRecording() {
        #expect(UIScreen.main.bounds.size == CGSize(width: 390, height: 844))
        #expect(UIScreen.main.device == nil)
    }
}
