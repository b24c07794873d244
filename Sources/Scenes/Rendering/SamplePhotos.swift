import Foundation
import Raster
import Views

/// Springframes' own sample photos: small landscapes the rasterizer draws (a sky, a sun, two
/// ranges of hills, a lake), each number in its own palette and shape. Scenes name them as
/// `"image": "sample:7"`, so a photo grid needs no image files; the same number always gives the
/// same pixels.
public enum SamplePhotos {
    /// The numbers there are.
    public static let numbers = 1...60
    /// Width and height in pixels (at scale 1, so 240 points before a cell scales it).
    public static let side = 240

    /// The prefix of a sample photo's name in a scene's `image`.
    static let prefix = "sample:"

    /// The number a scene's `image` names, if it names a sample photo.
    static func number(in image: String) -> Int? {
        guard image.hasPrefix(prefix) else { return nil }
        return Int(image.dropFirst(prefix.count))
    }

    private static let images = BoundedCache<Int, UIImage>(limit: 128)

    /// Sample photo `number` (one of `numbers`).
    public static func image(_ number: Int) -> UIImage {
        precondition(numbers.contains(number), "sample photos are numbered \(numbers), not \(number)")
        return images.value(for: number) { UIImage(canvas: draw(number)) }
    }

    /// A fraction in [0, 1) that varies with `number` and `salt` as a hash would.
    private static func fraction(_ number: Int, _ salt: Double) -> Double {
        (Double(number) * 0.618_033_988_749_895 + salt * 0.414_213_562_373_095).truncatingRemainder(dividingBy: 1)
    }

    /// HSV to RGB, all in [0, 1].
    private static func color(hue: Double, saturation s: Double, value v: Double) -> Color {
        let h = (hue - hue.rounded(.down)) * 6
        let sector = Int(h) % 6, f = h - h.rounded(.down)
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        let (r, g, b): (Double, Double, Double) = [(v, t, p), (q, v, p), (p, v, t), (p, q, v), (t, p, v), (v, p, q)][sector]
        func byte(_ x: Double) -> UInt8 { UInt8((min(max(x, 0), 1) * 255).rounded()) }
        return Color(red: byte(r), green: byte(g), blue: byte(b))
    }

    private static func draw(_ number: Int) -> Canvas {
        let side = Double(Self.side)
        let canvas = Canvas(pixelWidth: Self.side, pixelHeight: Self.side, scale: 1, background: .white)
        let hue = fraction(number, 0)
        let horizon = side * (0.52 + 0.16 * fraction(number, 1))
        let sky = LinearGradient(start: CGPoint(x: 0, y: 0), end: CGPoint(x: 0, y: horizon), stops: [
            .init(location: 0, color: color(hue: hue, saturation: 0.55, value: 0.85)),
            .init(location: 1, color: color(hue: hue + 0.08, saturation: 0.22, value: 1)),
        ])
        canvas.fill(Path(rect: CGRect(x: 0, y: 0, width: side, height: side)), with: .linearGradient(sky))

        let sunRadius = side * (0.06 + 0.05 * fraction(number, 2))
        let sun = CGPoint(x: side * (0.15 + 0.7 * fraction(number, 3)), y: horizon * (0.3 + 0.35 * fraction(number, 4)))
        canvas.fill(Path(ellipseIn: CGRect(x: sun.x - sunRadius, y: sun.y - sunRadius, width: 2 * sunRadius, height: 2 * sunRadius)),
                    with: .solid(color(hue: 0.1 + 0.05 * fraction(number, 5), saturation: 0.45, value: 1)))

        // Two ranges of hills, the far one paler, each a jagged line of seven points.
        for (layer, lift) in [(0, 0.16), (1, 0.0)] {
            var points = [CGPoint(x: 0, y: side)]
            for k in 0...6 {
                let x = side * Double(k) / 6
                let peak = fraction(number, Double(7 + 7 * layer + k))
                points.append(CGPoint(x: x, y: horizon - side * (lift + 0.04 + 0.14 * peak)))
            }
            points.append(CGPoint(x: side, y: side))
            let shade = layer == 0 ? 0.7 : 0.45
            canvas.fill(Path(polygon: points),
                        with: .solid(color(hue: hue + 0.33 + 0.1 * Double(layer), saturation: 0.45, value: shade)))
        }

        // A lake below the hills, reflecting the sky.
        let lake = LinearGradient(start: CGPoint(x: 0, y: horizon + side * 0.05), end: CGPoint(x: 0, y: side), stops: [
            .init(location: 0, color: color(hue: hue + 0.05, saturation: 0.35, value: 0.9)),
            .init(location: 1, color: color(hue: hue, saturation: 0.6, value: 0.55)),
        ])
        canvas.fill(Path(rect: CGRect(x: 0, y: horizon + side * 0.05, width: side, height: side)), with: .linearGradient(lake))
        return canvas
    }
}
