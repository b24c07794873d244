import Foundation
import Testing
@testable import Raster
@testable import Views

/// The system font: Inter standing for SF Pro, its weights and optical sizes, iOS's tracking, and
/// fonts by name.
@Suite struct SystemFontTests {
    static let inter = "/usr/share/fonts/opentype/inter/"

    @Test func interAndItsTrackingGiveTheDocumentedWidths() throws {
        // The table in `UIFont.systemFont(ofSize:weight:)`'s documentation.
        let expected: [(CGFloat, CGFloat)] = [(11, 106.77), (13, 123.22), (17, 154.67), (22, 187.01), (34, 304.52)]
        for (size, width) in expected {
            let font = UIFont.systemFont(ofSize: size)
            #expect(abs(font.width(of: "The quick brown fox") - width) < 0.005, "\(size) pt")
        }
        // The tracking is part of the width: 19 glyphs at 17 pt tightened by 26/1000 em each.
        let untracked = try Font.named(Self.inter + "Inter-Regular.otf")
        let tracked = Double(UIFont.systemFont(ofSize: 17).width(of: "The quick brown fox"))
        #expect(abs(untracked.width(of: "The quick brown fox", size: 17) - 19 * 17 * 0.026 - tracked) < 1e-9)
    }

    @Test func weightsAndOpticalSizesPickInterFiles() {
        func file(_ size: CGFloat, _ weight: UIFont.Weight) -> String? {
            UIFont.systemFont(ofSize: size, weight: weight).face.map { URL(fileURLWithPath: $0.path).lastPathComponent }
        }
        #expect(file(17, .regular) == "Inter-Regular.otf")
        #expect(file(17, .semibold) == "Inter-SemiBold.otf")
        #expect(file(15, .medium) == "Inter-Medium.otf")
        #expect(file(12, .ultraLight) == "Inter-Thin.otf")
        #expect(file(12, .heavy) == "Inter-ExtraBold.otf")
        // SF switches to its Display design at 20 pt; Inter Display stands for it.
        #expect(file(19.5, .bold) == "Inter-Bold.otf")
        #expect(file(20, .bold) == "InterDisplay-Bold.otf")
        #expect(file(34, .black) == "InterDisplay-Black.otf")
        // A system font keeps its weight at a new size, and its face follows the size.
        let headline = UIFont.preferredFont(forTextStyle: .headline)
        #expect(headline.face?.path == Self.inter + "Inter-SemiBold.otf")
        #expect(headline.withSize(28).face?.path == Self.inter + "InterDisplay-SemiBold.otf")
        #expect(UIFont.boldSystemFont(ofSize: 17).face?.tracking == .sanFrancisco)
    }

    @Test func fontsAreFoundByNameAsIOSNamesThem() throws {
        #expect(UIFont(name: "Inter-Bold", size: 17)?.face?.path == Self.inter + "Inter-Bold.otf")
        #expect(UIFont(name: "DejaVuSans-Bold", size: 17)?.face?.path == "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")
        #expect(UIFont(name: "Inter", size: 17)?.face?.path == Self.inter + "Inter-Regular.otf")
        // Names iOS has and Linux lacks stand for the nearest installed face.
        #expect(UIFont(name: "HelveticaNeue-Bold", size: 17)?.face?.path == Self.inter + "Inter-Bold.otf")
        #expect(UIFont(name: "Helvetica", size: 17)?.face?.path == Self.inter + "Inter-Regular.otf")
        #expect(UIFont(name: "HelveticaNeue-UltraLight", size: 17)?.face?.path == Self.inter + "Inter-Thin.otf")
        #expect(UIFont(name: "HelveticaNeue-Light", size: 17)?.face?.path == Self.inter + "Inter-Light.otf")
        #expect(UIFont(name: "Menlo-Regular", size: 12)?.face?.path == "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf")
        #expect(UIFont(name: "Georgia", size: 12)?.face?.path == "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf")
        // Any other missing name is nil, as on iOS.
        #expect(UIFont(name: "NoSuchFont-Regular", size: 17) == nil)
    }

    @MainActor @Test func aLabelSetsEmojiInColourAfterItsText() throws {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 200, height: 30))
        label.text = "Hi 👋"
        label.font = .systemFont(ofSize: 17)
        let font = UIFont.systemFont(ofSize: 17)
        // 136/109 em for the hand, tracked as a letter is, after "Hi "; rounded up to whole points.
        let width = font.width(of: "Hi ") + 17 * 136 / 109 - 17 * 0.026
        #expect(abs(font.width(of: "Hi 👋") - width) < 1e-9)
        #expect(label.intrinsicContentSize.width == width.rounded(.up))
    }
}
