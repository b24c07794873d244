import Foundation
import Raster
import TestSupport
import Testing

/// Small drawings compared exactly with committed images in `images/`. Each test is named after
/// what it draws.
@Suite struct DrawingTests {
    private func canvas(_ width: Int = 64, _ height: Int = 64, scale: Double = 1) -> Canvas {
        Canvas(pixelWidth: width, pixelHeight: height, scale: scale, background: .white)
    }

    /// A five-pointed star drawn in one stroke: its middle is wound twice.
    private let star = Path(polygon: (0..<5).map { i -> CGPoint in
        let angle = -Double.pi / 2 + Double(i) * 4 * Double.pi / 5
        return CGPoint(x: 32 + 28 * cos(angle), y: 34 + 28 * sin(angle))
    })

    @Test func evenOddStar() {
        let c = canvas()
        c.fill(star, with: .solid(Color(rgb: 0x3060C0)), rule: .evenOdd)
        expectMatchesReference(c, area: "fill", name: "even_odd_star")
    }

    @Test func nonZeroStar() {
        let c = canvas()
        c.fill(star, with: .solid(Color(rgb: 0x3060C0)), rule: .nonZero)
        expectMatchesReference(c, area: "fill", name: "non_zero_star")
    }

    @Test func roundedRectWithPerCornerRadii() {
        let c = canvas()
        let radii = CornerRadii(topLeft: 0, topRight: 6, bottomRight: 14, bottomLeft: 24)
        c.fill(Path(roundedRect: CGRect(x: 6.5, y: 8.25, width: 50, height: 46), radii: radii), with: .solid(.red))
        expectMatchesReference(c, area: "fill", name: "rounded_rect_per_corner_radii")
    }

    @Test func rotatedRoundedRectAtScaleTwo() {
        let c = canvas(scale: 2)
        let transform = Transform(rotationAngle: 0.4).concatenating(Transform(translationX: 16, y: 16))
        c.fill(Path(roundedRect: CGRect(x: -10, y: -7, width: 20, height: 14), cornerRadius: 3),
               with: .solid(Color(rgb: 0x808080)), transform: transform)
        expectMatchesReference(c, area: "fill", name: "rotated_rounded_rect_scale_2")
    }

    @Test func ellipseAndTranslucentCircle() {
        let c = canvas()
        c.fill(Path(ellipseIn: CGRect(x: 4, y: 12, width: 56, height: 30)), with: .solid(Color(rgb: 0x20A040)))
        c.fill(Path(ellipseIn: CGRect(x: 20.5, y: 20.5, width: 36, height: 36)), with: .solid(Color(rgb: 0x0000FF, alpha: 128)))
        expectMatchesReference(c, area: "fill", name: "ellipse_and_translucent_circle")
    }

    @Test func quadraticAndCubicCurves() {
        let c = canvas()
        var path = Path()
        path.move(to: CGPoint(x: 4, y: 60))
        path.addCurve(to: CGPoint(x: 60, y: 60), control1: CGPoint(x: 10, y: -10), control2: CGPoint(x: 54, y: 90))
        path.addQuadCurve(to: CGPoint(x: 4, y: 60), control: CGPoint(x: 32, y: 30))
        path.closeSubpath()
        c.fill(path, with: .solid(Color(rgb: 0xC04080)))
        expectMatchesReference(c, area: "fill", name: "quad_and_cubic_curves")
    }

    @Test func linearGradientAcrossRoundedRect() {
        let c = canvas()
        let gradient = LinearGradient(start: CGPoint(x: 8, y: 8), end: CGPoint(x: 56, y: 56),
                                      from: Color(rgb: 0xFF8000), to: Color(rgb: 0x0040FF, alpha: 64))
        c.fill(Path(roundedRect: CGRect(x: 8, y: 8, width: 48, height: 48), cornerRadius: 10), with: .linearGradient(gradient))
        expectMatchesReference(c, area: "fill", name: "linear_gradient_rounded_rect")
    }

    @Test func strokeJoinsMiterRoundBevel() {
        let c = canvas(96, 40)
        for (i, join) in [StrokeStyle.Join.miter, .round, .bevel].enumerated() {
            var zig = Path()
            let x = Double(i) * 32
            zig.move(to: CGPoint(x: x + 5, y: 32))
            zig.addLine(to: CGPoint(x: x + 16, y: 8))
            zig.addLine(to: CGPoint(x: x + 27, y: 32))
            c.stroke(zig, width: 5, with: .solid(.black), style: StrokeStyle(join: join, cap: .butt))
        }
        expectMatchesReference(c, area: "stroke", name: "joins_miter_round_bevel")
    }

    @Test func strokeCapsButtRoundSquare() {
        let c = canvas(64, 40)
        for (i, cap) in [StrokeStyle.Cap.butt, .round, .square].enumerated() {
            var line = Path()
            let y = 8 + Double(i) * 12
            line.move(to: CGPoint(x: 12, y: y))
            line.addLine(to: CGPoint(x: 52, y: y + 0.5))
            c.stroke(line, width: 6, with: .solid(Color(rgb: 0x2050A0)), style: StrokeStyle(cap: cap))
        }
        expectMatchesReference(c, area: "stroke", name: "caps_butt_round_square")
    }

    @Test func borderInsideRoundedRect() {
        let c = canvas()
        let rect = CGRect(x: 8, y: 8, width: 48, height: 48)
        c.fill(Path(roundedRect: rect, cornerRadius: 10), with: .solid(.red))
        c.strokeBorder(of: rect, radii: CornerRadii(10), width: 2, color: .lightGray)
        expectMatchesReference(c, area: "stroke", name: "border_inside_rounded_rect")
    }

    @Test func shadowUnderRoundedRect() {
        let c = canvas(64, 64, scale: 2)
        let card = Path(roundedRect: CGRect(x: 6, y: 5, width: 18, height: 18), cornerRadius: 3)
        c.drawShadow(of: card, shadow: Shadow(offset: CGSize(width: 1, height: 3), radius: 3, color: Color(rgb: 0, alpha: 128)))
        c.fill(card, with: .solid(Color(rgb: 0xF0F0F0)))
        expectMatchesReference(c, area: "shadow", name: "rounded_rect_shadow_scale_2")
    }

    @Test func wideShadowUnderRotatedCardAtScaleThree() {
        // σ = 6 px: blurred at half resolution.
        let c = canvas(96, 96, scale: 3)
        let card = Path(roundedRect: CGRect(x: -8, y: -8, width: 16, height: 16), cornerRadius: 2)
        let transform = Transform(rotationAngle: 0.2).concatenating(Transform(translationX: 15, y: 14))
        c.drawShadow(of: card, transform: transform, shadow: Shadow(offset: CGSize(width: 0, height: 2), radius: 4, color: Color(rgb: 0, alpha: 110)))
        c.fill(card, with: .solid(.red), transform: transform)
        expectMatchesReference(c, area: "shadow", name: "wide_shadow_rotated_card_scale_3")
    }

    /// A blur far wider than the canvas (shadowRadius 1e6 tried to allocate 2.25 TB) and geometry
    /// far outside any canvas (±1e300, which trapped converting to pixels) draw at once: the
    /// one a tint too faint to see, the other a shape that covers the canvas.
    @Test func extremeShadowsAndGeometryDrawWithoutTrapping() {
        let c = canvas(64, 64, scale: 2)
        let card = Path(roundedRect: CGRect(x: 6, y: 5, width: 18, height: 18), cornerRadius: 3)
        for radius in [1e6, 1e300, .infinity] {
            c.drawShadow(of: card, shadow: Shadow(offset: .zero, radius: radius, color: Color(rgb: 0, alpha: 255)))
        }
        #expect(Array(c.pixels).allSatisfy { $0 == Color.white.premultiplied }, "the tint is below one level")
        let huge = Path(roundedRect: CGRect(x: -1e300, y: -1e300, width: 2e300, height: 2e300), cornerRadius: 5)
        c.drawShadow(of: huge, shadow: Shadow(offset: CGSize(width: 0, height: 3), radius: 4, color: Color(rgb: 0, alpha: 128)))
        c.fill(huge, with: .solid(.red))
        #expect(c.pixel(x: 32, y: 32) == .red)
    }

    @Test func snapshotRotatedAtHalfOpacity() {
        let snapshot = Canvas(pixelWidth: 20, pixelHeight: 20, background: .clear)
        snapshot.fill(Path(roundedRect: CGRect(x: 0, y: 0, width: 20, height: 20), cornerRadius: 4), with: .solid(.blue))
        snapshot.fill(CGRect(x: 5, y: 5, width: 10, height: 10), with: .yellow)
        let c = canvas()
        c.draw(snapshot, transform: Transform(translationX: 2, y: 2))
        let turned = Transform(translationX: -10, y: -10).concatenating(Transform(rotationAngle: 0.5))
            .concatenating(Transform(scaleX: 1.3, y: 1.3)).concatenating(Transform(translationX: 40, y: 40))
        c.draw(snapshot, transform: turned, opacity: 0.5)
        expectMatchesReference(c, area: "image", name: "snapshot_rotated_half_opacity")
    }

    @Test func clippedToRectangle() {
        let c = canvas()
        c.withClip(to: CGRect(x: 10, y: 10, width: 30, height: 44)) {
            c.fill(Path(ellipseIn: CGRect(x: 0, y: 0, width: 64, height: 64)), with: .solid(.green))
        }
        expectMatchesReference(c, area: "clip", name: "ellipse_clipped_to_rect")
    }

    @Test func labelCentredInCell() throws {
        let font = try Font.named()
        let c = canvas(120, 48, scale: 2)
        let cell = CGRect(x: 4, y: 4, width: 52, height: 16)
        c.fill(Path(roundedRect: cell, cornerRadius: 4), with: .solid(Color(rgb: 0x808080)))
        c.drawText("Item 42", in: cell, font: font, size: 11, color: .white)
        expectMatchesReference(c, area: "text", name: "label_centred_scale_2")
    }
}

/// Images drawn under a scale and translation take a separable path; it gives the very pixels
/// of the general bilinear loop (here forced by a shear far below one ulp of any coordinate).
@Suite struct ImageDrawingPathTests {
    @Test(arguments: [(1.7, 0.6, 3.25, 4.5), (0.45, 0.45, -2.3, 7.8), (2.0, 3.0, 0.5, 0.5)])
    func axisAlignedImagesMatchTheGeneralLoop(sx: Double, sy: Double, tx: Double, ty: Double) {
        let image = Canvas(pixelWidth: 37, pixelHeight: 23, scale: 1, background: .clear)
        image.fill(Path(ellipseIn: CGRect(x: 2, y: 1, width: 33, height: 21)), with: .solid(Color(rgb: 0x3478F6, alpha: 220)))
        image.fill(CGRect(x: 0, y: 10, width: 37, height: 4), with: Color(rgb: 0xFF9500))
        let fast = Canvas(pixelWidth: 120, pixelHeight: 100, scale: 1, background: .white)
        let general = Canvas(pixelWidth: 120, pixelHeight: 100, scale: 1, background: .white)
        for opacity in [1.0, 0.6] {
            fast.draw(image, transform: Transform(a: sx, b: 0, c: 0, d: sy, tx: tx, ty: ty), opacity: opacity)
            general.draw(image, transform: Transform(a: sx, b: 0, c: 1e-300, d: sy, tx: tx, ty: ty), opacity: opacity)
        }
        let differing = differingPixels(fast, general)
        #expect(pixels(of: fast, otherThan: .white) > 100)
        #expect(differing == 0, "\(differing) pixels differ")
    }
}
