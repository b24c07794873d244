import Vocabulary
import Foundation
import Raster

/// One thing a view draws in its own bounds coordinates: what `draw(_:)` records, a label's lines,
/// an image view's image. Plain values (fonts and images are shared, immutable objects), so a
/// snapshot holding them can be drawn on any thread.
public enum DrawingCommand: Sendable, Equatable {
    case fill(Path, color: Color, rule: FillRule)
    /// A path filled with any paint (a gradient layer's gradient).
    case paint(Path, paint: Paint, rule: FillRule)
    case stroke(Path, width: Double, color: Color, style: StrokeStyle)
    /// One line of text with its baseline starting at `origin`.
    case text(String, origin: CGPoint, font: Font, size: Double, color: Color)
    /// An image, its points mapped into the view's bounds by `transform`.
    case image(Bitmap, transform: Transform, opacity: Double)
    /// Later commands of this recording are clipped to `rect` (the bounding box of `addClip()`).
    case clip(CGRect)
    /// What is already drawn beneath `path` is replaced by itself filtered (blurred, its
    /// saturation changed): the backdrop of a material. The renderer applies it to the canvas the
    /// view is drawn over, even when the view's own content is drawn apart (rounded clipping),
    /// so it must come first in a recording; the material's tints follow as `fill`s.
    case backdrop(Path, filter: BackdropFilter)

    public static func == (lhs: DrawingCommand, rhs: DrawingCommand) -> Bool {
        switch (lhs, rhs) {
        case let (.fill(p1, c1, r1), .fill(p2, c2, r2)):
            return p1 == p2 && c1 == c2 && r1 == r2
        case let (.paint(p1, q1, r1), .paint(p2, q2, r2)):
            return p1 == p2 && q1 == q2 && r1 == r2
        case let (.stroke(p1, w1, c1, s1), .stroke(p2, w2, c2, s2)):
            return p1 == p2 && w1 == w2 && c1 == c2 && s1 == s2
        case let (.text(t1, o1, f1, s1, c1), .text(t2, o2, f2, s2, c2)):
            return t1 == t2 && o1 == o2 && f1 === f2 && s1 == s2 && c1 == c2
        case let (.image(i1, t1, o1), .image(i2, t2, o2)):
            return i1 === i2 && t1 == t2 && o1 == o2
        case let (.clip(r1), .clip(r2)):
            return r1 == r2
        case let (.backdrop(p1, f1), .backdrop(p2, f2)):
            return p1 == p2 && f1 == f2
        default:
            return false
        }
    }
}
