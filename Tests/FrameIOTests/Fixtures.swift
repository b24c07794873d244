import Foundation
import Raster

/// A small picture with opaque and translucent shapes, different for each `seed`.
func samplePicture(width: Int = 33, height: Int = 21, seed: Int = 0, opaque: Bool = false) -> Canvas {
    let canvas = Canvas(pixelWidth: width, pixelHeight: height, background: opaque ? .white : .clear)
    let offset = Double(seed % 7)
    canvas.fill(Path(roundedRect: CGRect(x: 2 + offset, y: 3, width: 20, height: 12), cornerRadius: 4), with: .solid(Color(rgb: 0xC03050)))
    canvas.fill(Path(ellipseIn: CGRect(x: 12, y: 1 + offset / 2, width: 18, height: 18)), with: .solid(Color(rgb: 0x2080F0, alpha: 150)))
    return canvas
}
