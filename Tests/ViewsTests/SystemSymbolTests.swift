import Vocabulary
import Foundation
import DisplayList
import Raster
import TestSupport
import Testing
@testable import Views

/// `UIImage(systemName:)` drawn from Material Icons: the table, the icons, their configuration and tint.
@MainActor @Suite(.enabled(if: FileManager.default.fileExists(atPath: IconFont.materialIconsPath) || Tools.required))
struct SystemSymbolTests {
    private let red = Color(rgb: 0xFF3B30), blue = Color(rgb: 0x007AFF)

    /// The code points Material Icons' own list gives each icon name (the package's SCSS map).
    private static func materialCodepoints() throws -> [String: UInt32] {
        let list = "/usr/share/fonts-material-design-icons-iconfont/scss/_variables.scss"
        var codepoints: [String: UInt32] = [:]
        for line in try String(contentsOfFile: list, encoding: .utf8).split(separator: "\n") {
            let parts = line.split(separator: ":").map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, parts[0].hasPrefix("\""), let value = UInt32(parts[1].dropLast(), radix: 16) else { continue }
            codepoints[String(parts[0].dropFirst().dropLast())] = value
        }
        return codepoints
    }

    /// At least 150 names, sorted and unique, each the icon the package's list names and a glyph
    /// of the installed font; the names counted in the ported projects are among them.
    @Test func everyMappedSymbolIsTheNamedGlyphOfTheInstalledFont() throws {
        let table = SystemSymbols.table
        #expect(table.count >= 150)
        #expect(zip(table, table.dropFirst()).allSatisfy { $0.name < $1.name })
        let codepoints = try Self.materialCodepoints()
        let icons = try IconFont.named()
        for symbol in table {
            #expect(codepoints[symbol.materialName] == symbol.codepoint, "\(symbol.name) → \(symbol.materialName)")
            #expect(icons.hasIcon(symbol.codepoint), "\(symbol.name): no glyph U+\(String(symbol.codepoint, radix: 16))")
        }
        for name in ["chevron.right", "chevron.left", "checkmark", "camera.fill", "xmark", "plus", "minus", "trash", "gear",
                     "person", "house", "magnifyingglass", "star", "star.fill", "heart", "heart.fill", "bell", "envelope"] {
            #expect(SystemSymbols.symbol(named: name) != nil, "\(name)")
        }
    }

    /// The share of a symbol's pixels that are fully opaque.
    private func opaqueShare(_ image: UIImage) -> Double {
        let pixels = image.bitmap.width * image.bitmap.height
        var opaque = 0
        for y in 0..<image.bitmap.height {
            for x in 0..<image.bitmap.width where image.bitmap.pixel(x: x, y: y).alpha == 255 { opaque += 1 }
        }
        return Double(opaque) / Double(pixels)
    }

    /// "heart" is an outline and "heart.fill" a filled heart: the middle of one is empty, of the
    /// other solid, and the filled one covers more.
    @Test func heartAndHeartFillDrawDifferently() throws {
        let heart = try #require(UIImage(systemName: "heart")), filled = try #require(UIImage(systemName: "heart.fill"))
        #expect(heart.size == CGSize(width: 20, height: 20) && filled.size == heart.size)
        #expect(heart.renderingMode == .alwaysTemplate && heart.isSymbolImage)
        #expect(differingPixels(heart.bitmap, filled.bitmap) > 300)
        // The heart's middle (a little above the centre of the box) is empty in the outline.
        #expect(heart.bitmap.pixel(x: 30, y: 28).alpha == 0 && filled.bitmap.pixel(x: 30, y: 28).alpha == 255)
        #expect(opaqueShare(filled) > opaqueShare(heart) + 0.15)
    }

    /// Point size and scale set the box (20/17 of the size; small 0.8×, large 1.3×); bold draws
    /// thicker than regular, and a lighter weight as regular (one font, one weight).
    @Test func pointSizeScaleAndWeightAreHonoured() throws {
        let large = try #require(UIImage(systemName: "star", withConfiguration: UIImage.SymbolConfiguration(pointSize: 34)))
        #expect(large.size == CGSize(width: 40, height: 40))
        let scaled = try #require(UIImage(systemName: "star", withConfiguration: UIImage.SymbolConfiguration(scale: .large)))
        #expect(scaled.bitmap.width == Int((17.0 * 20 / 17 * 1.3 * 3).rounded()))
        let small = try #require(UIImage(systemName: "star", withConfiguration: UIImage.SymbolConfiguration(scale: .small)))
        #expect(small.bitmap.width == 48)
        let regular = try #require(UIImage(systemName: "star"))
        let bold = try #require(UIImage(systemName: "star", withConfiguration: UIImage.SymbolConfiguration(weight: .bold)))
        let light = try #require(UIImage(systemName: "star", withConfiguration: UIImage.SymbolConfiguration(weight: .light)))
        #expect(opaqueShare(bold) > opaqueShare(regular) + 0.02)
        #expect(differingPixels(light.bitmap, regular.bitmap) == 0)
        #expect(UIKitCompatibility.reported.contains("UIImage.SymbolWeight below .regular"))
        // A configuration applied over a symbol's own keeps what it does not set.
        let applied = try #require(large.applyingSymbolConfiguration(UIImage.SymbolConfiguration(weight: .bold)))
        #expect(applied.size == large.size && applied.symbolConfiguration?.weight == .bold)
        #expect(UIImage(canvas: Canvas(pixelWidth: 2, pixelHeight: 2)).applyingSymbolConfiguration(.unspecified) == nil)
    }

    /// An image view of `image` (its own size) tinted `tint`, drawn on white at 3×.
    private func drawn(_ image: UIImage, tint: UIColor, configuration: UIImage.SymbolConfiguration? = nil) -> Canvas {
        let view = UIImageView(image: image)
        view.preferredSymbolConfiguration = configuration
        view.frame = CGRect(origin: .zero, size: view.intrinsicContentSize)
        view.tintColor = tint
        let canvas = Canvas(pointWidth: Double(view.frame.width), pointHeight: Double(view.frame.height), scale: 3, background: .white)
        ViewRenderer.draw(view.snapshot(at: 0), into: canvas)
        return canvas
    }

    /// A template symbol takes the view's tint; a hierarchical or palette colour wins over it.
    @Test func tintAndSymbolColoursAreApplied() throws {
        let heart = try #require(UIImage(systemName: "heart.fill"))
        #expect(drawn(heart, tint: .systemRed).pixel(x: 30, y: 28) == red)
        #expect(drawn(heart, tint: .systemBlue).pixel(x: 30, y: 28) == blue)
        let hierarchical = try #require(UIImage(systemName: "heart.fill",
                                                withConfiguration: UIImage.SymbolConfiguration(hierarchicalColor: .systemRed)))
        #expect(hierarchical.renderingMode == .alwaysOriginal)
        #expect(drawn(hierarchical, tint: .systemBlue).pixel(x: 30, y: 28) == red)
        let palette = try #require(UIImage(systemName: "heart.fill",
                                           withConfiguration: UIImage.SymbolConfiguration(paletteColors: [.systemBlue, .systemRed])))
        #expect(drawn(palette, tint: .systemRed).pixel(x: 30, y: 28) == blue)
        // The image view's preferred configuration redraws the symbol: twice the size, in its colour.
        let preferred = drawn(heart, tint: .systemBlue, configuration: UIImage.SymbolConfiguration(pointSize: 34)
            .applying(UIImage.SymbolConfiguration(hierarchicalColor: .systemRed)))
        #expect(preferred.width == 120 && preferred.pixel(x: 60, y: 56) == red)
    }

    /// A row of common symbols in a tint, as a toolbar shows them.
    @Test func aRowOfSymbols() throws {
        let names = ["chevron.left", "house", "house.fill", "magnifyingglass", "heart", "heart.fill", "star", "star.fill",
                     "bell", "envelope", "person.circle", "gear", "trash", "plus", "xmark", "checkmark.circle.fill"]
        let row = UIView(frame: CGRect(x: 0, y: 0, width: 28 * names.count + 4, height: 28))
        row.backgroundColor = .white
        for (index, name) in names.enumerated() {
            let view = UIImageView(image: UIImage(systemName: name))
            view.frame = CGRect(x: 4 + 28 * index, y: 4, width: 20, height: 20)
            view.tintColor = index % 2 == 0 ? .systemBlue : .systemRed
            row.addSubview(view)
        }
        let canvas = Canvas(pointWidth: Double(row.bounds.width), pointHeight: 28, scale: 2, background: .white)
        ViewRenderer.draw(row.snapshot(at: 0), into: canvas)
        expectMatchesReference(canvas, area: "symbols", name: "symbol_row")
    }
}
