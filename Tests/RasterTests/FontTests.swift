import Foundation
import Testing
@testable import Raster

@Suite struct FontTests {
    @Test func missingFontFileIsAnErrorNamingTheFileAndTheFix() {
        let error = #expect(throws: FontError.self) { try Font(path: "/nonexistent/fonts/Missing.ttf") }
        #expect(error == .fileNotFound(path: "/nonexistent/fonts/Missing.ttf"))
        #expect(error?.description.contains("/nonexistent/fonts/Missing.ttf") == true)
        #expect(error?.description.contains("fonts-dejavu-core") == true)
    }

    @Test func fileThatIsNotAFontIsAnErrorNamingIt() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("not-a-font-\(getpid()).ttf")
        try Data("plain text".utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let error = #expect(throws: FontError.self) { try Font(path: url.path) }
        #expect(error?.description.contains(url.path) == true)
    }

    @Test func advanceWidthsScaleWithSizeAndKerningIsApplied() throws {
        let font = try Font.named()
        let small = font.metrics(of: "Item 42", size: 10), large = font.metrics(of: "Item 42", size: 20)
        #expect(abs(large.width - 2 * small.width) < 1e-9)
        // DejaVu Sans: 2048 units per em, ascender 1901, descender −483.
        #expect(abs(small.ascent - 10 * 1901 / 2048) < 1e-9 && abs(small.descent - 10 * 483 / 2048) < 1e-9)
        // "AV" is kerned tighter than "A" and "V" set apart.
        let pair = font.metrics(of: "AV", size: 100).width
        let apart = font.metrics(of: "A", size: 100).width + font.metrics(of: "V", size: 100).width
        #expect(pair < apart)
    }

    @Test func textIsCentredInItsRectangle() throws {
        let font = try Font.named()
        let canvas = Canvas(pixelWidth: 120, pixelHeight: 60)
        canvas.drawText("H", in: CGRect(x: 0, y: 0, width: 120, height: 60), font: font, size: 40, color: .white)
        var (minX, maxX) = (Int.max, Int.min)
        for y in 0..<60 {
            for x in 0..<120 where canvas.premultipliedPixel(x: x, y: y) >> 24 > 127 {
                minX = min(minX, x)
                maxX = max(maxX, x)
            }
        }
        // H's side bearings are equal, so its ink is centred too (within a pixel).
        #expect(abs(Double(minX + maxX + 1) / 2 - 60) <= 1)
    }
}

/// A font whose glyph table is damaged opens in FreeType but draws nothing: it is refused when it
/// is opened, naming the file, instead of rendering frames without text.
@Suite struct DamagedFontTests {
    @Test func aFontWithADamagedGlyphTableIsRefused() throws {
        let original = try Data(contentsOf: URL(fileURLWithPath: Font.defaultPath))
        var bytes = [UInt8](original)
        // The table directory: numTables at 4, then 16-byte records (tag, checksum, offset, length).
        let tables = Int(bytes[4]) << 8 | Int(bytes[5])
        var damaged = false
        for record in 0..<tables {
            let at = 12 + 16 * record
            guard bytes[at..<(at + 4)].elementsEqual("glyf".utf8) else { continue }
            let offset = bytes[(at + 8)..<(at + 12)].reduce(0) { $0 << 8 | Int($1) }
            let length = bytes[(at + 12)..<(at + 16)].reduce(0) { $0 << 8 | Int($1) }
            for i in offset..<(offset + length) { bytes[i] = 0xFF }
            damaged = true
        }
        try #require(damaged, "the default font has a glyf table")
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("damaged-\(UUID().uuidString).ttf").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let error = #expect(throws: FontError.self) { try Font(path: path) }
        #expect(error?.description.contains("cannot read its letters' outlines") == true, "\(String(describing: error))")
        #expect(throws: Never.self) { try Font(path: Font.defaultPath) }
    }
}
