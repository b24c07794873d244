import Raster

/// A 128-bit digest of a canvas' pixels, for telling in a millisecond whether a frame is byte for
/// byte the frame a golden was recorded from, without decoding the golden's PNG.
///
/// Two lanes of the xxHash64 round over the pixels as 64-bit words, each finished with its
/// avalanche. It detects changes, not attacks: any change of pixels gives another digest except
/// with a probability near 2⁻¹²⁸. The value is the same on every machine (the words are read as
/// little-endian).
package enum PixelDigest {
    private static let prime1: UInt64 = 0x9E37_79B1_85EB_CA87
    private static let prime2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    private static let prime3: UInt64 = 0x1656_67B1_9E37_79F9
    private static let prime4: UInt64 = 0x85EB_CA77_C2B2_AE63

    /// 32 lower-case hexadecimal digits.
    package static func hex(of canvas: Canvas) -> String {
        var a = prime1 &+ UInt64(canvas.width), b = prime4 &+ UInt64(canvas.height) &* prime3
        let pixels = canvas.pixels
        var i = 0
        while i + 1 < pixels.count {
            let word = UInt64(UInt32(littleEndian: pixels[i])) | UInt64(UInt32(littleEndian: pixels[i + 1])) << 32
            a = rotated(a &+ word &* prime2, 31) &* prime1
            b = rotated(b &+ word &* prime3, 29) &* prime4
            i += 2
        }
        if i < pixels.count {
            let word = UInt64(UInt32(littleEndian: pixels[i]))
            a = rotated(a &+ word &* prime2, 31) &* prime1
            b = rotated(b &+ word &* prime3, 29) &* prime4
        }
        return hex(avalanche(a ^ b &* prime2)) + hex(avalanche(b ^ a &* prime3))
    }

    private static func rotated(_ x: UInt64, _ bits: UInt64) -> UInt64 { (x << bits) | (x >> (64 - bits)) }

    private static func avalanche(_ x: UInt64) -> UInt64 {
        var h = x
        h ^= h >> 33
        h = h &* prime2
        h ^= h >> 29
        h = h &* prime3
        h ^= h >> 32
        return h
    }

    private static func hex(_ x: UInt64) -> String {
        let digits = String(x, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
