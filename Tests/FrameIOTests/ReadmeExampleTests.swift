import Foundation
import TestSupport
import Testing
import FrameIO
import Raster

/// The drawing example in README.md, as written there, so that it keeps compiling and working.
@Suite struct ReadmeExampleTests {
    @Test func drawingExampleWritesADecodablePNG() throws {
        let directory = try temporaryDirectory()
        let output = directory.appendingPathComponent("cell.png")

        let canvas = Canvas(pointWidth: 390, pointHeight: 844, scale: 3, background: .white)
        let cell = CGRect(x: 16, y: 16, width: 60, height: 60)
        canvas.drawShadow(of: Path(roundedRect: cell, cornerRadius: 8),
                          shadow: Shadow(offset: CGSize(width: 0, height: 4), radius: 8, color: Color(rgb: 0, alpha: 90)))
        canvas.fillRoundedRect(cell, radii: CornerRadii(8), with: .solid(.red))
        canvas.strokeBorder(of: cell.insetBy(dx: 6, dy: 6), radii: CornerRadii(6), width: 2, color: .lightGray)
        canvas.drawText("12", in: cell, font: try Font.named(), size: 17, color: .white)
        try Data(PNGCodec.encode(canvas)).write(to: output)

        let decoded = try PNGCodec.read(contentsOf: output)
        #expect(decoded.width == 1170 && decoded.height == 2532)
        #expect(decoded.pixel(x: 16 * 3 + 10, y: 16 * 3 + 10) == .red)               // inside the cell, outside the border
        #expect(decoded.pixel(x: 22 * 3 + 2, y: 46 * 3) == .lightGray)                // on the border's left edge
        #expect(decoded.pixel(x: 46 * 3, y: 78 * 3).red < 255)                         // the shadow below the cell
        #expect(decoded.pixel(x: 300, y: 1500) == .white)
    }
}
