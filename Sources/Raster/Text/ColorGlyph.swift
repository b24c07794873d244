// Colour glyphs: emoji, which colour fonts keep as bitmaps.
//
// Noto Color Emoji stores each emoji once, as a 136×128 picture at 109 pixels per em; text at
// 17 pt on a 3× screen needs it at about 63 pixels, at 1× about 21. Bilinear filtering alone
// would skip most of the picture's pixels when shrinking that much and make it grainy, so each
// glyph keeps a chain of halvings (each pixel the average of four, in integers: the same bytes
// on every machine), and a glyph is drawn from the smallest level still at least as large as
// its size on the canvas, bilinearly: never shrunk by more than half in one step.
import CFreeType
import Foundation

/// A colour glyph's bitmap and where it sits on the baseline.
/// `@unchecked`: the canvases are made once, when the glyph is loaded, and only read after.
final class ColorGlyph: @unchecked Sendable {
    /// The bitmap at the strike's size, then halved again and again down to a few pixels.
    let levels: [Canvas]
    /// The bitmap's left edge right of the pen and its top above the baseline, in strike pixels.
    let left: Double, top: Double
    /// The glyph's face's units per strike pixel.
    let unitsPerPixel: Double

    /// The bitmap FreeType loaded into `slot` (premultiplied BGRA); nil when it is not one.
    init?(slot: FT_GlyphSlot, unitsPerPixel: Double) {
        let bitmap = slot.pointee.bitmap
        guard bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue), bitmap.width > 0, bitmap.rows > 0,
              let buffer = bitmap.buffer else { return nil }
        let width = Int(bitmap.width), height = Int(bitmap.rows), pitch = Int(bitmap.pitch)
        let canvas = Canvas(pixelWidth: width, pixelHeight: height)
        for y in 0..<height {
            let row = buffer + y * pitch
            for x in 0..<width {
                let p = row + x * 4
                // BGRA, premultiplied, to the canvas' RGBA (R in the lowest byte).
                canvas.storage[y * width + x] = Pixel.pack(UInt32(p[2]), UInt32(p[1]), UInt32(p[0]), UInt32(p[3]))
            }
        }
        var levels = [canvas]
        while let last = levels.last, last.width > 2, last.height > 2 { levels.append(Self.halved(last)) }
        self.levels = levels
        left = Double(slot.pointee.bitmap_left)
        top = Double(slot.pointee.bitmap_top)
        self.unitsPerPixel = unitsPerPixel
    }

    /// Each pixel the rounded average of the two-by-two block it covers (a missing last row or
    /// column counts as transparent).
    private static func halved(_ image: Canvas) -> Canvas {
        let width = (image.width + 1) / 2, height = (image.height + 1) / 2
        let result = Canvas(pixelWidth: width, pixelHeight: height)
        func texel(_ x: Int, _ y: Int) -> UInt32 {
            x < image.width && y < image.height ? image.storage[y * image.width + x] : 0
        }
        for y in 0..<height {
            for x in 0..<width {
                let block = [texel(2 * x, 2 * y), texel(2 * x + 1, 2 * y), texel(2 * x, 2 * y + 1), texel(2 * x + 1, 2 * y + 1)]
                var channels: [UInt32] = [0, 0, 0, 0]
                for pixel in block {
                    for channel in 0..<4 { channels[channel] += (pixel >> (8 * UInt32(channel))) & 0xFF }
                }
                result.storage[y * width + x] = Pixel.pack((channels[0] + 2) / 4, (channels[1] + 2) / 4,
                                                           (channels[2] + 2) / 4, (channels[3] + 2) / 4)
            }
        }
        return result
    }

    /// The level to draw from when one strike pixel covers `pixels` canvas pixels, and its scale
    /// relative to the strike (1, 2, 4…: strike pixels per level pixel).
    func level(forPixelsPerStrikePixel pixels: Double) -> (image: Canvas, factor: Double) {
        var index = 0
        while index + 1 < levels.count, pixels * Double(1 << (index + 1)) <= 1 { index += 1 }
        return (levels[index], Double(1 << index))
    }
}

extension Canvas {
    /// Draws a line's colour glyphs, `transform` mapping its font units to points.
    func drawColorGlyphs(_ glyphs: [Font.PlacedColorGlyph], transform: Transform, opacity: Double) {
        guard !glyphs.isEmpty, opacity > 0 else { return }
        let toPixels = pixelTransform(transform)
        let pixelScale = (abs(toPixels.a * toPixels.d - toPixels.b * toPixels.c)).squareRoot()
        for placed in glyphs {
            let (image, factor) = placed.glyph.level(forPixelsPerStrikePixel: placed.unitsPerPixel * pixelScale)
            let size = placed.unitsPerPixel * factor
            let toUnits = Transform(a: size, b: 0, c: 0, d: size, tx: placed.x, ty: placed.y)
            draw(image, transform: toUnits.concatenating(transform), opacity: opacity)
        }
    }
}
