import Foundation
import Testing
import TestSupport
@testable import Raster

/// Text that one face cannot set alone: fallback faces, colour emoji, marks, right-to-left runs,
/// kerning from GPOS and tracking.
@Suite struct FontFallbackTests {
    static let interPath = "/usr/share/fonts/opentype/inter/Inter-Regular.otf"
    static let dejaVuPath = Font.defaultPath

    @Test func aCharacterTheFaceLacksComesFromTheFirstFallbackThatHasIt() throws {
        // Inter has no Hebrew; DejaVu Sans has. Scaled from DejaVu's em (2048 units) to Inter's
        // (2816), the widths agree when the Hebrew comes from DejaVu.
        let inter = try Font.named(Self.interPath), dejaVu = try Font.named(Self.dejaVuPath)
        #expect(inter.unitsPerEm == 2816 && dejaVu.unitsPerEm == 2048)
        let hebrew = "שלום"
        let width = inter.width(of: hebrew, size: 20)
        #expect(width > 30)
        #expect(abs(width - dejaVu.width(of: hebrew, size: 20)) < 1e-9)
    }

    @Test func emojiComeFromTheColourFaceAtItsAdvance() throws {
        let inter = try Font.named(Self.interPath)
        // Noto Color Emoji: 136-pixel advances at its 109-pixel-per-em strike.
        #expect(abs(inter.width(of: "😀", size: 17) - 17.0 * 136 / 109) < 1e-9)
        #expect(inter.layout("😀", size: 17).colorGlyphs.count == 1)
        #expect(inter.layout("😀", size: 17).path.elements.isEmpty)
        // A variation selector and a zero-width joiner take no room: a ZWJ sequence shows its parts.
        #expect(inter.width(of: "👍\u{FE0F}", size: 17) == inter.width(of: "👍", size: 17))
        #expect(inter.width(of: "👩\u{200D}💻", size: 17) == inter.width(of: "👩💻", size: 17))
    }

    @Test func aLineOfLatinTextAndEmojiIsDrawnInColour() throws {
        let inter = try Font.named(Self.interPath, tracking: .sanFrancisco)
        let canvas = Canvas(pointWidth: 200, pointHeight: 28, scale: 3, background: .white)
        let text = "Nice 👍 café 😀🎉"
        canvas.drawText(text, baselineAt: CGPoint(x: 4, y: 20), font: inter, size: 17, color: .black)
        expectMatchesReference(canvas, area: "text", name: "latin-and-emoji")
        // The emoji are in colour: the 😀 is yellow (R and G high, B low) at its centre.
        let before = inter.width(of: "Nice 👍 café ", size: 17), emoji = inter.width(of: "😀", size: 17)
        let centre = canvas.premultipliedPixel(x: Int((4 + before + emoji / 2) * 3), y: Int((20 - 17 * 0.35) * 3))
        let color = Color(premultiplied: centre)
        #expect(color.red > 200 && color.green > 150 && color.blue < 120, "\(color)")
        // The Latin text stays black: its pixels are grey, never coloured.
        let c = canvas.premultipliedPixel(x: Int((4 + inter.width(of: "Ni", size: 17) + 1) * 3), y: Int(15 * 3))
        let latin = Color(premultiplied: c)
        #expect(latin.red == latin.green && latin.green == latin.blue)
    }

    @Test func emojiAtAnOpacityAreDrawnAtThatOpacity() throws {
        let inter = try Font.named(Self.interPath)
        func drawn(_ alpha: UInt8) -> Color {
            let canvas = Canvas(pointWidth: 40, pointHeight: 40, scale: 1, background: .clear)
            canvas.drawText("😀", baselineAt: CGPoint(x: 2, y: 30), font: inter, size: 30, color: Color(red: 0, green: 0, blue: 0, alpha: alpha))
            return Color(premultiplied: canvas.premultipliedPixel(x: 2 + 19, y: 30 - 12))
        }
        let full = drawn(255), half = drawn(128)
        #expect(full.alpha == 255)
        #expect(abs(Int(half.alpha) - 128) <= 1)
    }

    @Test func rightToLeftRunsAreReversedByCluster() throws {
        let dejaVu = try Font.named(Self.dejaVuPath)
        // "אב" reads right to left: bet on the left, alef after it.
        let bet = dejaVu.layout("ב", size: 20), alef = dejaVu.layout("א", size: 20)
        var expected = bet.path
        expected.append(alef.path.applying(scale: 1, translationX: bet.advance, y: 0))
        #expect(dejaVu.layout("אב", size: 20).path.elements == expected.elements)
        // Latin around it keeps its order, and the width is the sum of the parts.
        #expect(abs(dejaVu.width(of: "ab אב cd", size: 20) - dejaVu.width(of: "ab בא cd", size: 20)) < 1e-9)
    }

    @Test func aCombiningMarkSitsOnItsLetterAndTakesNoRoom() throws {
        let dejaVu = try Font.named(Self.dejaVuPath)
        let plain = dejaVu.layout("e", size: 20), accented = dejaVu.layout("e\u{301}", size: 20)
        #expect(accented.advance == plain.advance)
        #expect(accented.path.elements.count > plain.path.elements.count)
        // Above the letter: the accent reaches higher than the e.
        #expect(accented.bounds.minY < plain.bounds.minY)
    }

    @Test func interIsKernedFromItsGPOSTable() throws {
        let inter = try Font.named(Self.interPath)
        let pair = inter.width(of: "AV", size: 100), apart = inter.width(of: "A", size: 100) + inter.width(of: "V", size: 100)
        #expect(pair < apart - 2, "AV \(pair), A + V \(apart)")
        let to = inter.width(of: "To", size: 100), t = inter.width(of: "T", size: 100) + inter.width(of: "o", size: 100)
        #expect(to < t - 2)
        // Unkerned pairs are untouched.
        #expect(abs(inter.width(of: "HH", size: 100) - 2 * inter.width(of: "H", size: 100)) < 1e-9)
    }

    @Test func trackingIsAddedAfterEveryGlyphAtTheSizesTable() throws {
        let plain = try Font.named(Self.interPath), tracked = try Font.named(Self.interPath, tracking: .sanFrancisco)
        #expect(plain !== tracked)
        for (size, thousandths) in [(17.0, -26.0), (12, 0), (10, 12), (34, 12)] {
            let expected = plain.width(of: "Hello", size: size) + 5 * thousandths * size / 1000
            #expect(abs(tracked.width(of: "Hello", size: size) - expected) < 1e-9, "\(size) pt")
        }
        // Between two rows of the table it is interpolated: 16.5 pt is halfway from −20 to −26.
        #expect(abs(Tracking.sanFrancisco.thousandths(atSize: 16.5) - -23) < 1e-12)
        #expect(Tracking.sanFrancisco.thousandths(atSize: 4) == 41 && Tracking.sanFrancisco.thousandths(atSize: 120) == 0)
    }

    @Test func aCharacterNoFaceHasShowsTheMissingGlyphBox() throws {
        let inter = try Font.named(Self.interPath)
        // U+E000 is private use: no face maps it; Inter's .notdef box is drawn.
        let layout = inter.layout("\u{E000}", size: 20)
        #expect(layout.advance > 0 && !layout.path.elements.isEmpty)
    }

    @Test func emojiShrinkSmoothlyThroughHalvedLevels() throws {
        let emoji = try Font.named(Font.emojiPath)
        let glyph = try #require(emoji.layout("😀", size: 20).colorGlyphs.first?.glyph)
        #expect(glyph.levels.map(\.width) == [136, 68, 34, 17, 9, 5, 3])
        // One strike pixel onto a third of a pixel: the 34-pixel level, four strike pixels to one.
        #expect(glyph.level(forPixelsPerStrikePixel: 1.0 / 3).factor == 2)
        #expect(glyph.level(forPixelsPerStrikePixel: 0.2).factor == 4)
        #expect(glyph.level(forPixelsPerStrikePixel: 1.5).factor == 1)
    }

    @Test func installedFacesAreFoundByPostScriptNameFullNameAndFamily() {
        #expect(FontCatalog.path(named: "Inter-SemiBold") == "/usr/share/fonts/opentype/inter/Inter-SemiBold.otf")
        #expect(FontCatalog.path(named: "Inter Bold") == "/usr/share/fonts/opentype/inter/Inter-Bold.otf")
        #expect(FontCatalog.path(named: "DejaVu Sans") == Font.defaultPath)
        #expect(FontCatalog.path(named: "No Such Font") == nil)
    }
}

@Suite struct FontPackageTests {
    @Test func aMissingFontNamesTheDebianPackageThatInstallsIt() {
        for (path, package) in [("/usr/share/fonts/opentype/inter/Inter-Nonexistent.otf", "fonts-inter"),
                                ("/usr/share/fonts/truetype/noto/NotoColorEmoji-Missing.ttf", "fonts-noto-color-emoji"),
                                ("/usr/share/fonts/truetype/dejavu/DejaVuSans-Missing.ttf", "fonts-dejavu-core")] {
            let error = #expect(throws: FontError.self) { try Font(path: path) }
            #expect(error?.description.contains("apt-get install \(package)") == true, "\(path)")
        }
        // On this machine, as on CI's, every fallback face is installed.
        #expect(Font.missingFallbacks.isEmpty)
    }
}
