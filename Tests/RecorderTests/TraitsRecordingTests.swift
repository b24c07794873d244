import Foundation
import Springframes
import Testing
import TestSupport

/// A card that moves down when shown: on a spring, or, with Reduce Motion, as a cross-fade in
/// place, as Apple asks apps to do.
private final class CardViewController: UIViewController {
    let card = UIView(frame: CGRect(x: 40, y: 100, width: 120, height: 120))
    static let target = CGPoint(x: 100, y: 460)

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        card.backgroundColor = .systemBlue
        card.layer.cornerRadius = 16
        view.addSubview(card)
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.2) { [self] in showCard() }
    }

    func showCard() {
        if UIAccessibility.isReduceMotionEnabled {
            card.alpha = 0
            card.center = Self.target
            UIView.animate(withDuration: 0.3) { self.card.alpha = 1 }
        } else {
            UIView.animate(withDuration: 0.6, delay: 0, usingSpringWithDamping: 0.6, initialSpringVelocity: 0) {
                self.card.center = Self.target
            }
        }
    }
}

/// Seven squares in a flow layout, the first red: where it lands shows the direction.
private final class GridViewController: UIViewController, UICollectionViewDataSource {
    var collectionView: UICollectionView!
    var bodySize: CGFloat = 0
    var reduceTransparency = false

    override func viewDidLoad() {
        super.viewDidLoad()
        bodySize = UIFont.preferredFont(forTextStyle: .body).pointSize
        reduceTransparency = UIAccessibility.isReduceTransparencyEnabled
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 80, height: 80)
        layout.minimumInteritemSpacing = 10
        layout.sectionInset = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 40)
        collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: layout)
        collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        collectionView.backgroundColor = .systemBackground
        collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
        collectionView.dataSource = self
        view.addSubview(collectionView)
    }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 7 }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
        cell.backgroundColor = indexPath.item == 0 ? .systemRed : .systemTeal
        return cell
    }
}

@MainActor @Suite struct TraitsRecordingTests {
    private static let blue = Color(rgb: 0x007AFF), white = Color.white

    /// The rows of column x = 100 (the card's centre line) whose pixel is `color`, and those
    /// that are neither white nor blue (the card's edges, or the card fading in).
    private func column(_ canvas: Canvas) -> (blue: [Int], blended: [Int]) {
        var blue: [Int] = [], blended: [Int] = []
        for y in 0..<canvas.height {
            let pixel = canvas.premultipliedPixel(x: 100, y: y)
            if pixel == Self.blue.premultiplied { blue.append(y) } else if pixel != Self.white.premultiplied { blended.append(y) }
        }
        return (blue, blended)
    }

    @Test func reduceMotionTurnsTheSpringIntoACrossFade() throws {
        var frames: [String: [Canvas]] = [:]
        for reduce in [false, true] {
            let recorder = Recorder(device: .iPhoneSE, settings: DeviceSettings(isReduceMotionEnabled: reduce), chrome: [],
                                    fps: 60, duration: 1.2, scale: 1) { CardViewController() }
            // 0.27 s: 0.07 s into either animation; 1.2 s: both have ended.
            frames[reduce ? "fade" : "spring"] = try recorder.images(ofFrames: [16, 72])
        }
        let spring = try #require(frames["spring"]), fade = try #require(frames["fade"])
        // On the spring the card is opaque, on its way: wholly between where it started (100…220) and the target (400…520).
        let moving = column(spring[0])
        #expect(moving.blue.count > 100 && moving.blue.first! > 110 && moving.blue.last! < 510, "\(moving.blue.first ?? -1)…\(moving.blue.last ?? -1)")
        // Cross-fading, it is already at the target, translucent: no opaque blue, and nothing left where it was.
        let fading = column(fade[0])
        #expect(fading.blue.isEmpty)
        #expect(fading.blended.count > 100 && fading.blended.first! >= 400 && fading.blended.last! < 520)
        // Both end in the same place.
        #expect(differingPixels(spring[1], fade[1]) == 0)
        #expect(column(fade[1]).blue.first == 400)
        expectMatchesReference(spring[0], area: "traits", name: "reduce-motion-off-spring")
        expectMatchesReference(fade[0], area: "traits", name: "reduce-motion-on-cross-fade")
    }

    @Test func aRightToLeftFlowLayoutStartsAtTheTopRight() throws {
        var controller: GridViewController?
        let settings = DeviceSettings(contentSizeCategory: .accessibilityExtraLarge, layoutDirection: .rightToLeft,
                                      isReduceTransparencyEnabled: true)
        let recorder = Recorder(device: .iPhoneSE, settings: settings, chrome: [], duration: 0.1, scale: 1) {
            let made = GridViewController()
            controller = made
            return made
        }
        let image = try recorder.images(ofFrames: [0])[0]
        let grid = try #require(controller)
        // What the UI read while it was built: the device's settings.
        #expect(grid.bodySize == 40 && grid.reduceTransparency)
        let first = try #require(grid.collectionView.cellForItem(at: IndexPath(item: 0, section: 0)))
        // 375 wide, the 10 pt left inset is the trailing one now: the first item ends 10 pt from the right edge.
        #expect(first.frame.maxX == 365)
        #expect(image.premultipliedPixel(x: 320, y: 70) == Color(rgb: 0xFF3B30).premultiplied)
        expectMatchesReference(image, area: "traits", name: "flow-layout-right-to-left")
    }

    @Test func aMatrixNamesEachConfigurationAndDrawsOneTileEach() throws {
        let matrix = ConfigurationMatrix(devices: [.iPhoneSE], appearances: [.light, .dark],
                                         contentSizes: [.large, .accessibilityExtraExtraExtraLarge], directions: [.leftToRight, .rightToLeft],
                                         accessibility: [[], [.reduceMotion, .boldText]])
        let names = matrix.configurations.map(\.name)
        #expect(names.count == 16 && Set(names).count == 16)
        #expect(names.first == "iPhoneSE-light-L-ltr" && names.last == "iPhoneSE-dark-AX5-rtl-reduceMotion-boldText")
        let small = ConfigurationMatrix(devices: [.iPhoneSE], directions: [.leftToRight, .rightToLeft])
        let sheet = try small.sheet(at: 0, thumbnailScale: 0.5, font: try Font.named()) { configuration in
            Recorder(device: configuration.device!, appearance: configuration.appearance, settings: configuration.settings,
                     chrome: [], duration: 0.1, scale: 1) { GridViewController() }
        }
        // Two tiles of 375 × 667 at half size, side by side, with margins, a gap, a title and captions.
        #expect(sheet.width == 16 * 2 + 188 * 2 + 12 && sheet.height == 16 * 2 + 26 + 334 + 20)
        // The red first item: the top left of the first tile, the top right of the second.
        #expect(sheet.premultipliedPixel(x: 16 + 25, y: 16 + 26 + 10) == Color(rgb: 0xFF3B30).premultiplied)
        #expect(sheet.premultipliedPixel(x: 16 + 188 + 12 + 160, y: 16 + 26 + 10) == Color(rgb: 0xFF3B30).premultiplied)
    }
}
