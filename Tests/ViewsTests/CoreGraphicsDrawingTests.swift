import Vocabulary
import Foundation
import DisplayList
import Raster
import Testing
@testable import Views

/// Core Graphics drawing that custom views and layers use: gradients, arcs in Core Graphics'
/// own sense of clockwise, images of a context, layers that draw themselves, and view masks.
@MainActor @Suite struct CoreGraphicsDrawingTests {
    private func image(_ size: CGSize, _ draw: (CGContext) -> Void) -> Bitmap {
        UIGraphicsBeginImageContextWithOptions(size, false, 1)
        draw(UIGraphicsGetCurrentContext()!)
        let image = UIGraphicsGetImageFromCurrentImageContext()!
        UIGraphicsEndImageContext()
        return image.bitmap
    }

    private func near(_ a: Color, _ b: Color, _ tolerance: Int = 3) -> Bool {
        [(a.red, b.red), (a.green, b.green), (a.blue, b.blue), (a.alpha, b.alpha)].allSatisfy { abs(Int($0) - Int($1)) <= tolerance }
    }

    @Test func aLinearGradientRunsBetweenItsPointsAndStopsThereWithoutOptions() {
        let colours = [UIColor.red.cgColor, UIColor.blue.cgColor] as CFArray
        let gradient = CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(), colors: colours, locations: [0, 1])!
        let pixels = image(CGSize(width: 100, height: 4)) { ctx in
            ctx.drawLinearGradient(gradient, start: CGPoint(x: 0, y: 0), end: CGPoint(x: 50, y: 0), options: [])
        }
        #expect(near(pixels.pixel(x: 0, y: 2), Color(red: 250, green: 0, blue: 5)))
        #expect(near(pixels.pixel(x: 25, y: 2), Color(red: 125, green: 0, blue: 130), 4))
        #expect(pixels.pixel(x: 75, y: 2).alpha == 0, "nothing after the end without .drawsAfterEndLocation")
        let extended = image(CGSize(width: 100, height: 4)) { ctx in
            ctx.drawLinearGradient(gradient, start: CGPoint(x: 0, y: 0), end: CGPoint(x: 50, y: 0), options: [.drawsAfterEndLocation])
        }
        #expect(near(extended.pixel(x: 75, y: 2), Color(red: 0, green: 0, blue: 255)))
    }

    @Test func aRadialGradientGoesFromItsCentreToItsRadius() {
        let gradient = CGGradient(colorsSpace: nil, colors: [UIColor.white.cgColor, UIColor.black.cgColor] as CFArray, locations: nil)!
        let pixels = image(CGSize(width: 100, height: 100)) { ctx in
            ctx.drawRadialGradient(gradient, startCenter: CGPoint(x: 50, y: 50), startRadius: 0, endCenter: CGPoint(x: 50, y: 50),
                                   endRadius: 40, options: [])
        }
        #expect(pixels.pixel(x: 50, y: 50).red > 245)
        #expect(abs(Int(pixels.pixel(x: 70, y: 50).red) - 128) < 8, "halfway out, half grey")
        #expect(pixels.pixel(x: 95, y: 50).alpha == 0, "outside the end circle")
    }

    @Test func coreGraphicsClockwiseTurnsTheOtherWayOnScreen() {
        // As on iOS: in UIKit's y-down coordinates, an arc with `clockwise: false` from 0 to π/2
        // sweeps through the bottom-right quarter.
        let pie = image(CGSize(width: 100, height: 100)) { ctx in
            ctx.setFillColor(UIColor.black.cgColor)
            ctx.move(to: CGPoint(x: 50, y: 50))
            ctx.addArc(center: CGPoint(x: 50, y: 50), radius: 40, startAngle: 0, endAngle: .pi / 2, clockwise: false)
            ctx.closePath()
            ctx.fillPath()
        }
        #expect(pie.pixel(x: 70, y: 70).alpha == 255 && pie.pixel(x: 70, y: 30).alpha == 0)
    }

    @Test func aContextsImageIsWhatWasDrawn() throws {
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 20, height: 10), false, 2)
        let ctx = try #require(UIGraphicsGetCurrentContext())
        ctx.setFillColor(UIColor.red.cgColor)
        ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        let made = try #require(ctx.makeImage())
        UIGraphicsEndImageContext()
        #expect(made.width == 40 && made.height == 20 && made.bitmap.pixel(x: 5, y: 5) == Color(red: 255, green: 0, blue: 0))
    }

    final class RingLayer: CALayer {
        override func draw(in ctx: CGContext) {
            ctx.setStrokeColor(UIColor.black.cgColor)
            ctx.setLineWidth(4)
            ctx.strokeEllipse(in: bounds.insetBy(dx: 4, dy: 4))
        }
    }

    private func render(_ view: UIView) -> Canvas {
        let canvas = Canvas(pointWidth: Double(view.bounds.width), pointHeight: Double(view.bounds.height), scale: 1, background: .white)
        ViewRenderer.draw(view.snapshot(at: 0), into: canvas)
        return canvas
    }

    @Test func aLayerDrawsItselfOnceMarkedForDisplay() {
        let host = UIView(frame: CGRect(x: 0, y: 0, width: 60, height: 60))
        let ring = RingLayer()
        ring.frame = host.bounds
        host.layer.addSublayer(ring)
        #expect(render(host).pixel(x: 4, y: 30) == .white, "nothing before setNeedsDisplay, as in Core Animation")
        ring.setNeedsDisplay()
        #expect(render(host).pixel(x: 4, y: 30).red < 40, "the ring's left edge")
    }

    @Test func aMaskViewShowsTheViewOnlyWhereItIsOpaque() {
        let host = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 20))
        host.backgroundColor = .white
        let red = UIView(frame: host.bounds)
        red.backgroundColor = .red
        let mask = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        mask.backgroundColor = .black
        red.mask = mask
        host.addSubview(red)
        let canvas = render(host)
        #expect(canvas.pixel(x: 10, y: 10) == Color(red: 255, green: 0, blue: 0) && canvas.pixel(x: 30, y: 10) == .white)
    }
}
