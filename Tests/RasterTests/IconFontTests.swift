import Foundation
import Raster
import Testing
import TestSupport

/// Icons drawn from an icon font's glyphs by code point.
@Suite struct IconFontTests {
    /// A machine without the icon font is told which Debian package installs it.
    @Test func aMissingIconFontNamesItsPackage() {
        let missing = "/usr/share/fonts/truetype/material-design-icons-iconfont/Missing.ttf"
        let error = #expect(throws: FontError.fileNotFound(path: missing)) { try IconFont(path: missing) }
        #expect(error?.description.contains("apt-get install fonts-material-design-icons-iconfont") == true)
    }

    /// Material Icons' "check" (U+E5CA) fills its square: its ink is inside the box, centred, and
    /// a code point the font lacks draws nothing.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: IconFont.materialIconsPath) || Tools.required))
    func anIconFillsItsSquare() throws {
        let icons = try IconFont.named()
        let canvas = Canvas(pixelWidth: 48, pixelHeight: 48, background: .clear)
        #expect(canvas.drawIcon(0xE5CA, of: icons, in: CGRect(x: 0, y: 0, width: 48, height: 48), color: .black))
        #expect(!canvas.drawIcon(0x41, of: icons, in: CGRect(x: 0, y: 0, width: 48, height: 48), color: .black))
        var inked: [(Int, Int)] = []
        for y in 0..<48 { for x in 0..<48 where canvas.pixel(x: x, y: y).alpha > 127 { inked.append((x, y)) } }
        let xs = inked.map(\.0), ys = inked.map(\.1)
        // The check spans most of the 24-unit grid: about 3.4…21 units across, 5.6…19 down (2 px a unit).
        #expect((xs.min() ?? 0) >= 5 && (xs.max() ?? 0) <= 42 && (ys.min() ?? 0) >= 9 && (ys.max() ?? 0) <= 38, "\(xs.min()!)…\(xs.max()!), \(ys.min()!)…\(ys.max()!)")
        #expect((xs.max() ?? 0) - (xs.min() ?? 0) > 30)
    }
}
