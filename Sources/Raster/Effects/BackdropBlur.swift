import Foundation

/// What a material does to the pixels already drawn beneath it: a Gaussian blur, then a change of
/// saturation. Tints are not part of it; a material fills its tint colours over the result.
///
/// The blur is three box blurs in each direction (the same integer boxes as `drawShadow`, so a
/// Gaussian to within a few percent and the same bytes on every machine), run on each channel of
/// the premultiplied pixels. Pixels beyond the canvas' edge are taken to repeat its edge pixels,
/// so a bar at the top of the frame does not darken towards the edge as a blur with zero outside
/// would. Rejected: blurring at reduced size, as wide shadows do. A shadow is one smooth mask,
/// but a backdrop carries text and edges, and bilinear up-scaling of a half-size blur showed
/// blocky steps along them at small radii.
public struct BackdropFilter: Sendable, Equatable {
    /// Standard deviation σ of the Gaussian, in points.
    public var blurRadius: Double
    /// 1 leaves colours alone, 0 makes them grey, above 1 makes them more vivid (each channel moved
    /// away from the pixel's Rec. 709 luma by this factor).
    public var saturation: Double

    public init(blurRadius: Double, saturation: Double = 1) {
        self.blurRadius = blurRadius
        self.saturation = saturation
    }
}

extension Canvas {
    /// Replaces what lies inside `path` (points, mapped by `transform`) with the same pixels
    /// filtered by `filter`, blended in by the path's anti-aliased coverage and `opacity`.
    ///
    /// Only pixels this canvas holds are blurred: drawn into a transparency layer (a view faded
    /// as a group), the backdrop is what the layer holds so far, often nothing.
    public func filterBackdrop(under path: Path, transform: Transform = .identity, filter: BackdropFilter, opacity: Double = 1) {
        guard !clip.isEmpty, opacity > 0 else { return }
        var bounds = BoundsSink()
        flattener.flatten(path, transform: pixelTransform(transform), into: &bounds)
        guard bounds.minX <= bounds.maxX, bounds.minY <= bounds.maxY else { return }
        func pixel(_ value: Double) -> Int { Int(max(-1e9, min(1e9, value))) }
        let target = PixelRect(minX: pixel(bounds.minX.rounded(.down)), minY: pixel(bounds.minY.rounded(.down)),
                               maxX: pixel(bounds.maxX.rounded(.up)), maxY: pixel(bounds.maxY.rounded(.up))).intersection(clip)
        guard !target.isEmpty else { return }
        // A blur wider than the canvas is an even wash of its average; capping σ there keeps the
        // planes small and changes what is drawn by little.
        let sigma = min(max(0, filter.blurRadius) * scale, Double(max(width, height)))
        let boxes = Self.boxRadii(sigma: sigma.isFinite ? sigma : 0)
        let pad = boxes.reduce(0, +)
        let planes = BackdropPlanes(of: self, around: target, pad: pad)
        planes.blur(radii: boxes)
        let layer = Canvas(pixelWidth: target.maxX - target.minX, pixelHeight: target.maxY - target.minY, scale: scale)
        layer.origin = (origin.x + target.minX, origin.y + target.minY)
        planes.write(into: layer, saturation: filter.saturation.isFinite ? filter.saturation : 1)
        layer.mask(to: path, transform: transform)
        composite(layer, opacity: opacity)
    }
}

/// The four channels of a canvas region, each an 8-bit plane, grown by `pad` pixels on every
/// side with the canvas' edge pixels repeated, so that the boxes (which take zero outside a
/// plane) never reach past the pad from the region's pixels.
private final class BackdropPlanes {
    let pad: Int
    let width: Int, height: Int
    let planes: [UnsafeMutablePointer<UInt8>]

    init(of canvas: Canvas, around region: PixelRect, pad: Int) {
        self.pad = pad
        let width = region.maxX - region.minX + 2 * pad, height = region.maxY - region.minY + 2 * pad
        self.width = width
        self.height = height
        planes = (0..<4).map { _ in UnsafeMutablePointer<UInt8>.allocate(capacity: width * height) }
        let maxX = canvas.width - 1, maxY = canvas.height - 1
        let columns = (0..<width).map { min(maxX, max(0, region.minX - pad + $0)) }
        for y in 0..<height {
            let source = canvas.storage + min(maxY, max(0, region.minY - pad + y)) * canvas.width
            let row = y * width
            for x in 0..<width {
                let value = source[columns[x]]
                planes[0][row + x] = UInt8(truncatingIfNeeded: value)
                planes[1][row + x] = UInt8(truncatingIfNeeded: value >> 8)
                planes[2][row + x] = UInt8(truncatingIfNeeded: value >> 16)
                planes[3][row + x] = UInt8(truncatingIfNeeded: value >> 24)
            }
        }
    }

    deinit {
        for plane in planes { plane.deallocate() }
    }

    func blur(radii: [Int]) {
        for plane in planes { BoxBlur.blur(plane, width: width, height: height, radii: radii) }
    }

    /// The region's pixels (without the pad) into `layer`, which is exactly its size, with the
    /// saturation applied in integers (luma weights 54, 183, 19 of 256: Rec. 709's 0.2126,
    /// 0.7152, 0.0722) and every channel kept within its alpha, as premultiplied pixels must be.
    func write(into layer: Canvas, saturation: Double) {
        let factor = Int((saturation * 256).rounded())
        for y in 0..<layer.height {
            let row = (y + pad) * width + pad
            let out = layer.storage + y * layer.width
            for x in 0..<layer.width {
                let a = Int(planes[3][row + x])
                var r = min(a, Int(planes[0][row + x])), g = min(a, Int(planes[1][row + x])), b = min(a, Int(planes[2][row + x]))
                if factor != 256 {
                    let luma = (54 * r + 183 * g + 19 * b + 128) >> 8
                    r = min(a, max(0, luma + (factor * (r - luma) + 128) >> 8))
                    g = min(a, max(0, luma + (factor * (g - luma) + 128) >> 8))
                    b = min(a, max(0, luma + (factor * (b - luma) + 128) >> 8))
                }
                out[x] = Pixel.pack(UInt32(r), UInt32(g), UInt32(b), UInt32(a))
            }
        }
    }
}
