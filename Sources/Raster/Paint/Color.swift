/// An sRGB colour with straight (not premultiplied) 8-bit alpha, as scenes write it: `#RRGGBBAA`.
public struct Color: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
    }

    /// `0xRRGGBB` or, with `alpha`, any alpha.
    public init(rgb: UInt32, alpha: UInt8 = 255) {
        self.init(red: UInt8(truncatingIfNeeded: rgb >> 16), green: UInt8(truncatingIfNeeded: rgb >> 8),
                  blue: UInt8(truncatingIfNeeded: rgb), alpha: alpha)
    }

    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    public static let black = Color(rgb: 0x000000)
    public static let white = Color(rgb: 0xFFFFFF)
    public static let red = Color(rgb: 0xFF0000)
    public static let green = Color(rgb: 0x00FF00)
    public static let blue = Color(rgb: 0x0000FF)
    public static let gray = Color(rgb: 0x808080)
    public static let lightGray = Color(rgb: 0xAAAAAA)
    public static let yellow = Color(rgb: 0xFFFF00)

    /// The same colour with its alpha multiplied by `opacity` (0…1).
    public func withOpacity(_ opacity: Double) -> Color {
        var copy = self
        copy.alpha = UInt8((Double(alpha) * min(1, max(0, opacity))).rounded())
        return copy
    }

    /// The canvas' pixel: premultiplied, R in the lowest byte (RGBA in memory on little-endian).
    public var premultiplied: UInt32 {
        let a = UInt32(alpha)
        return Pixel.pack(Pixel.multiply(UInt32(red), a), Pixel.multiply(UInt32(green), a),
                          Pixel.multiply(UInt32(blue), a), a)
    }

    /// The straight colour of a premultiplied pixel (rounded; transparent pixels give clear).
    public init(premultiplied p: UInt32) {
        let a = p >> 24
        guard a > 0 else {
            self = .clear
            return
        }
        func straight(_ c: UInt32) -> UInt8 { UInt8(min(255, (c * 255 + a / 2) / a)) }
        self.init(red: straight(p & 0xFF), green: straight((p >> 8) & 0xFF), blue: straight((p >> 16) & 0xFF), alpha: UInt8(a))
    }

    public var description: String {
        func hex(_ v: UInt8) -> String { String(v, radix: 16, uppercase: true).leftPadded(2) }
        return "#" + hex(red) + hex(green) + hex(blue) + (alpha == 255 ? "" : hex(alpha))
    }
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}

#if _endian(big)
#error("Raster stores pixels as UInt32 with R in the low byte, which is RGBA in memory only on little-endian hosts.")
#endif

/// Premultiplied RGBA8 pixel arithmetic, two channels at a time in one 32-bit word.
enum Pixel {
    @inline(__always)
    static func pack(_ r: UInt32, _ g: UInt32, _ b: UInt32, _ a: UInt32) -> UInt32 {
        r | g << 8 | b << 16 | a << 24
    }

    /// round(c·a / 255) for c, a in 0…255, exactly.
    @inline(__always)
    static func multiply(_ c: UInt32, _ a: UInt32) -> UInt32 {
        let t = c * a + 128
        return (t + (t >> 8)) >> 8
    }

    /// Every channel of `p` times `a`/255, rounded exactly as `multiply` rounds.
    @inline(__always)
    static func scale(_ p: UInt32, _ a: UInt32) -> UInt32 {
        var rb = (p & 0x00FF_00FF) &* a &+ 0x0080_0080
        rb = ((rb &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
        var ga = ((p >> 8) & 0x00FF_00FF) &* a &+ 0x0080_0080
        ga = (ga &+ ((ga >> 8) & 0x00FF_00FF)) & 0xFF00_FF00
        return rb | ga
    }

    /// Porter-Duff source-over on premultiplied pixels: src + dst·(1 − αsrc).
    @inline(__always)
    static func sourceOver(_ source: UInt32, _ destination: UInt32) -> UInt32 {
        source &+ scale(destination, 255 &- (source >> 24))
    }
}
