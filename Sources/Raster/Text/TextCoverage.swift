// Text coverage rasterised once and painted many times.
//
// A frame draws the same labels at the same sizes over and over (sixty cells, frame after frame),
// and most of them do not move between frames. So a line of text under an axis-aligned transform
// is rasterised in its own small pixel box, at the fractional part of its device position, and
// kept as coverage spans; drawing it paints those spans shifted by the whole-pixel part. Text is
// always drawn this way when eligible, whether the spans were cached or just made, so the pixels
// never depend on what the cache held: a scene renders to the same bytes on every run and with
// any number of threads. (Drawn either way, the pixels are those of filling the outline directly,
// which the tests check at many sub-pixel positions; text the clip cuts is filled directly.)
import Foundation

/// A line of text's coverage at one scale and sub-pixel position: spans in the box's own pixels.
struct TextCoverage {
    struct Key: Hashable {
        var text: String
        /// The tracking the layout was made with, in font units.
        var tracking: Double
        var scaleX: Double, scaleY: Double
        var fractionX: Double, fractionY: Double
    }

    struct Span {
        var y: Int32, x: Int32, count: Int32
        var alpha: UInt8
        var isPixel: Bool
    }

    var spans: [Span] = []
}

/// Records spans with their rows.
private struct CoverageRecorder: SpanSink {
    var spans: [TextCoverage.Span] = []

    mutating func pixel(y: Int, x: Int, alpha: UInt8) {
        spans.append(TextCoverage.Span(y: Int32(y), x: Int32(x), count: 1, alpha: alpha, isPixel: true))
    }

    mutating func span(y: Int, x: Int, count: Int, alpha: UInt8) {
        spans.append(TextCoverage.Span(y: Int32(y), x: Int32(x), count: Int32(count), alpha: alpha, isPixel: false))
    }
}

extension Canvas {
    /// Fills a text layout (font units) with `color` under `transform`, through the coverage cache
    /// when the transform to pixels is an axis-aligned scale with a translation and the clip does
    /// not cut the text; otherwise as any path.
    func fillText(_ text: String, layout: Font.TextLayout, font: Font, color: Color, transform: Transform) {
        guard !clip.isEmpty, color.alpha > 0 else { return }
        let toPixels = pixelTransform(transform)
        let box = layout.bounds
        guard toPixels.b == 0, toPixels.c == 0, toPixels.a > 0, toPixels.d > 0, box.minX <= box.maxX,
              toPixels.tx.isFinite, toPixels.ty.isFinite, abs(toPixels.tx) < 1e9, abs(toPixels.ty) < 1e9 else {
            fill(layout.path, with: .solid(color), transform: transform)
            return
        }
        let wholeX = toPixels.tx.rounded(.down), wholeY = toPixels.ty.rounded(.down)
        let key = TextCoverage.Key(text: text, tracking: layout.tracking, scaleX: toPixels.a, scaleY: toPixels.d,
                                   fractionX: toPixels.tx - wholeX, fractionY: toPixels.ty - wholeY)
        let dx = Int(wholeX), dy = Int(wholeY)
        // The text's own pixel box, with a margin; text that the clip cuts is filled directly
        // (clipping during scan conversion rounds differently at the clip's edge).
        let local = PixelRect(minX: Int((box.minX * key.scaleX + key.fractionX).rounded(.down)) - 1,
                              minY: Int((box.minY * key.scaleY + key.fractionY).rounded(.down)) - 1,
                              maxX: Int((box.maxX * key.scaleX + key.fractionX).rounded(.up)) + 2,
                              maxY: Int((box.maxY * key.scaleY + key.fractionY).rounded(.up)) + 2)
        guard local.minX + dx >= clip.minX, local.maxX + dx <= clip.maxX,
              local.minY + dy >= clip.minY, local.maxY + dy <= clip.maxY else {
            fill(layout.path, with: .solid(color), transform: transform)
            return
        }
        let coverage = font.coverages.value(for: key) {
            let toLocal = Transform(a: key.scaleX, b: 0, c: 0, d: key.scaleY, tx: key.fractionX, ty: key.fractionY)
            var accumulator = CoverageAccumulator()
            accumulator.reset(clipMinX: local.minX, clipMinY: local.minY, clipMaxX: local.maxX, clipMaxY: local.maxY)
            Flattener().flatten(layout.path, transform: toLocal, into: &accumulator)
            var recorder = CoverageRecorder()
            accumulator.scan(rule: .nonZero, into: &recorder)
            return TextCoverage(spans: recorder.spans)
        }
        var blitter = SolidBlitter(base: storage, stride: width, color: color.premultiplied)
        for span in coverage.spans {
            if span.isPixel {
                blitter.pixel(y: Int(span.y) + dy, x: Int(span.x) + dx, alpha: span.alpha)
            } else {
                blitter.span(y: Int(span.y) + dy, x: Int(span.x) + dx, count: Int(span.count), alpha: span.alpha)
            }
        }
    }
}
