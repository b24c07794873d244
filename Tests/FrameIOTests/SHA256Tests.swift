import Testing
import Raster
@testable import FrameIO

@Suite struct SHA256Tests {
    // FIPS 180-4 examples and boundary lengths around the 55/56/64-byte padding cases.
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        ("The quick brown fox jumps over the lazy dog",
         "d7a8fbb307d7809469ca9abcb0082e4f8d5651e46d3cdb762d02d0bf37c9e592"),
    ])
    func knownDigests(_ message: String, _ digest: String) {
        #expect(SHA256.hex(of: Array(message.utf8)) == digest)
    }

    @Test func millionAs() {
        var hasher = SHA256()
        let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 1000)
        for _ in 0..<1000 { hasher.update(chunk) }
        let digest = hasher.finalize().map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
        #expect(digest == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func feedingInPiecesGivesTheSameDigest() {
        let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        for split in [1, 55, 56, 63, 64, 65, 500] {
            var hasher = SHA256()
            hasher.update(bytes.prefix(split))
            hasher.update(bytes.dropFirst(split))
            var whole = SHA256()
            whole.update(bytes)
            #expect(hasher.finalize() == whole.finalize(), "split at \(split)")
        }
    }
}

/// The pixel digest that lets a golden check skip decoding identical frames.
@Suite struct PixelDigestTests {
    @Test func equalPixelsGiveEqualDigestsAndAnyChangeAnother() {
        let picture = samplePicture(opaque: true)
        let digest = PixelDigest.hex(of: picture)
        #expect(digest.count == 32 && digest.allSatisfy(\.isHexDigit))
        #expect(PixelDigest.hex(of: picture.copy()) == digest)
        var seen: Set<String> = [digest]
        for (x, y) in [(0, 0), (32, 20), (16, 10)] {
            let changed = picture.copy()
            changed.setPremultipliedPixel(x: x, y: y, changed.premultipliedPixel(x: x, y: y) ^ 1)
            #expect(seen.insert(PixelDigest.hex(of: changed)).inserted, "a one-bit change at (\(x), \(y))")
        }
        // The same pixels in another shape are another picture.
        let wide = Canvas(pixelWidth: 4, pixelHeight: 1, background: .white), tall = Canvas(pixelWidth: 1, pixelHeight: 4, background: .white)
        #expect(PixelDigest.hex(of: wide) != PixelDigest.hex(of: tall))
    }
}
