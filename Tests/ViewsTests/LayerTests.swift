import Vocabulary
import Foundation
import DisplayList
import Raster
import TestSupport
import Testing
@testable import Views

/// Core Animation layers: the tree and its order with subviews, geometry (anchor point, 3-D
/// transforms with perspective), shape and gradient layers, masks and content-shaped shadows.
/// Each drawing is compared with a committed image in `images/layers/` (checked by eye once) and
/// with the pixel values that make the feature what it is.
@MainActor @Suite struct LayerTests {
    private let red = Color(rgb: 0xFF3B30), blue = Color(rgb: 0x007AFF), green = Color(rgb: 0x34C759)

    @Test func sublayersKeepTheirPlaceAmongSubviews() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let a = UIView(frame: CGRect(x: 10, y: 10, width: 50, height: 50)), b = UIView(frame: CGRect(x: 40, y: 40, width: 50, height: 50))
        let free = CALayer()
        free.frame = CGRect(x: 25, y: 25, width: 50, height: 50)
        free.backgroundColor = UIColor.systemGreen.cgColor
        a.backgroundColor = .systemRed
        b.backgroundColor = .systemBlue
        root.addSubview(a)
        root.layer.addSublayer(free)
        root.addSubview(b)
        #expect(root.layer.sublayers?.map { $0 === a.layer ? "a" : $0 === b.layer ? "b" : $0 === free ? "free" : "?" } == ["a", "free", "b"])
        #expect(free.superlayer === root.layer && a.layer.superlayer === root.layer)
        let canvas = draw(root)
        #expect(canvas.pixel(x: 2 * 30, y: 2 * 30) == green)    // the free layer is above a…
        #expect(canvas.pixel(x: 2 * 50, y: 2 * 50) == blue)     // …and below b
        expectMatchesReference(canvas, area: "layers", name: "sublayers_among_subviews")

        root.bringSubviewToFront(a)
        #expect(root.layer.sublayers?.last === a.layer)
        // A view inserted among subviews goes just below the subview that is now above it.
        root.insertSubview(UIView(), at: 0)
        #expect(root.layer.sublayers?.map { $0 === free ? "free" : $0.owner === root.subviews[0] ? "new" : "view" }
                == ["free", "new", "view", "view"])
        free.removeFromSuperlayer()
        #expect(free.superlayer == nil && root.layer.sublayers?.count == 3 && root.layer.orderedSublayers == nil)
        free.zPosition = 1
        root.layer.insertSublayer(free, at: 0)
        #expect(draw(root).pixel(x: 2 * 50, y: 2 * 50) == green)   // zPosition puts it in front
    }

    @Test func anchorPointPlacesAndTurnsAView() {
        let view = UIView(frame: CGRect(x: 20, y: 20, width: 40, height: 20))
        view.layer.anchorPoint = CGPoint(x: 0, y: 0)
        // The position stays (the centre, 40, 30), so the frame moves, as on iOS.
        #expect(view.frame == CGRect(x: 40, y: 30, width: 40, height: 20))
        view.transform = CGAffineTransform(rotationAngle: .pi / 2)
        let corner = view.convert(CGPoint(x: 40, y: 0), to: nil)
        #expect(abs(corner.x - 40) < 1e-9 && abs(corner.y - 70) < 1e-9)
        view.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        view.transform = .identity
        view.frame = CGRect(x: 5, y: 6, width: 10, height: 10)
        #expect(view.center == CGPoint(x: 5, y: 6) && view.layer.position == CGPoint(x: 5, y: 6))
    }

    @Test func shapeLayerStrokesPartOfItsPath() {
        let root = plainRoot(120, 120)
        let ring = blueRing(in: root)
        // The circle starts at the top and runs clockwise: strokeEnd 0.25 keeps the top-right quarter.
        ring.strokeEnd = 0.25
        // Set before the layer is first shown: no implicit animation, as on iOS.
        #expect(ring.animationKeys() == nil)
        let dashed = CAShapeLayer()
        let line = UIBezierPath()
        line.move(to: CGPoint(x: 10, y: 110))
        line.addLine(to: CGPoint(x: 110, y: 110))
        dashed.path = line.cgPath
        dashed.strokeColor = UIColor.systemRed.cgColor
        dashed.lineWidth = 4
        dashed.lineDashPattern = [10, 10]
        root.layer.addSublayer(dashed)
        let canvas = draw(root)
        let angle = -Double.pi / 4      // halfway along the kept quarter
        #expect(canvas.pixel(x: Int(2 * (60 + 40 * cos(angle))), y: Int(2 * (60 + 40 * sin(angle)))) == blue)
        #expect(canvas.pixel(x: 2 * 20, y: 2 * 60) == .white)               // the left of the circle is not stroked
        #expect(canvas.pixel(x: 2 * 15, y: 2 * 110) == red)                 // first dash: 10…20
        #expect(canvas.pixel(x: 2 * 25, y: 2 * 110) == .white)              // first gap: 20…30
        #expect(canvas.pixel(x: 2 * 35, y: 2 * 110) == red)
        expectMatchesReference(canvas, area: "layers", name: "shape_stroke_end_and_dash")
    }

    @Test func gradientLayersOfEachKind() {
        let root = plainRoot(300, 100)
        let kinds: [CAGradientLayerType] = [.axial, .radial, .conic]
        for (index, kind) in kinds.enumerated() {
            let gradient = CAGradientLayer()
            gradient.frame = CGRect(x: 100 * CGFloat(index), y: 0, width: 100, height: 100)
            gradient.colors = [UIColor.systemRed.cgColor, UIColor.systemBlue.cgColor]
            gradient.type = kind
            if kind != .axial {
                gradient.startPoint = CGPoint(x: 0.5, y: 0.5)
                gradient.endPoint = kind == .radial ? CGPoint(x: 1, y: 1) : CGPoint(x: 1, y: 0.5)
            }
            root.layer.addSublayer(gradient)
        }
        let canvas = draw(root)
        func near(_ a: Color, _ b: Color) -> Bool {
            abs(Int(a.red) - Int(b.red)) <= 2 && abs(Int(a.green) - Int(b.green)) <= 2 && abs(Int(a.blue) - Int(b.blue)) <= 2
        }
        // Axial, top to bottom: red at the top row, blue at the bottom, halfway between midway.
        #expect(near(canvas.pixel(x: 100, y: 0), red) && near(canvas.pixel(x: 100, y: 199), blue))
        let middle = canvas.pixel(x: 100, y: 100)
        #expect(abs(Int(middle.red) - (0xFF + 0x00) / 2) <= 2 && abs(Int(middle.blue) - (0x30 + 0xFF) / 2) <= 2)
        // Radial: red at the centre, blue on the circle of radius 50 and beyond it.
        #expect(near(canvas.pixel(x: 300, y: 100), red) && canvas.pixel(x: 201, y: 1) == blue)
        let halfway = canvas.pixel(x: 350, y: 100)      // 25 pt from the centre
        #expect(abs(Int(halfway.blue) - (0x30 + 0xFF) / 2) <= 3)
        // Conic: starts red towards the right and turns clockwise through blue.
        #expect(near(canvas.pixel(x: 590, y: 101), red))
        let quarter = canvas.pixel(x: 501, y: 190)   // straight down: a quarter of a turn
        #expect(abs(Int(quarter.blue) - (0x30 + (0xFF - 0x30) / 4)) <= 3)
        expectMatchesReference(canvas, area: "layers", name: "gradients_axial_radial_conic")
    }

    @Test func maskCutsTheViewAndItsShadow() {
        let root = plainRoot(120, 120)
        let card = UIView(frame: CGRect(x: 20, y: 20, width: 80, height: 80))
        card.backgroundColor = .systemRed
        card.layer.shadowOpacity = 1
        let circle = CAShapeLayer()
        circle.path = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 80, height: 80)).cgPath
        card.layer.mask = circle
        root.addSubview(card)
        let canvas = draw(root)
        #expect(canvas.pixel(x: 2 * 60, y: 2 * 60) == red)
        #expect(canvas.pixel(x: 2 * 23, y: 2 * 23) == .white)       // a corner, outside the circle
        // The shadow (3 pt up, by default) is cut too: above the circle there is only white.
        #expect(canvas.pixel(x: 2 * 60, y: 2 * 19) == .white)
        card.layer.mask = nil
        #expect(draw(root).pixel(x: 2 * 60, y: 2 * 19) != .white)
        expectMatchesReference(canvas, area: "layers", name: "mask_circle")
    }

    @Test func aLabelsTextCastsTheShadow() {
        let root = plainRoot(160, 60)
        let label = UILabel(frame: CGRect(x: 10, y: 10, width: 140, height: 40))
        label.text = "Shadow"
        label.font = .systemFont(ofSize: 28)
        label.textColor = .systemBlue
        label.layer.shadowOpacity = 1
        label.layer.shadowRadius = 0
        label.layer.shadowOffset = CGSize(width: 3, height: 3)
        root.addSubview(label)
        let canvas = draw(root)
        // Every solid text pixel has a solid black copy 3 pt (6 px) down and right: there the
        // pixel is black, or text drawn over black (no red in either).
        var shaded = 0, checked = 0
        for y in 20..<100 {
            for x in 20..<300 where canvas.pixel(x: x, y: y) == blue {
                let below = canvas.pixel(x: x + 6, y: y + 6)
                checked += 1
                if below.red == 0 { shaded += 1 }
            }
        }
        #expect(checked > 500 && shaded == checked, "\(shaded) of \(checked)")
        #expect(canvas.pixel(x: 2 * 150, y: 2 * 55) == .white)     // nothing under the empty label area
        expectMatchesReference(canvas, area: "layers", name: "shadow_from_label_text")
    }

    @Test func perspectiveProjectsTheLayerExactly() {
        let root = plainRoot(200, 200)
        let card = UIView(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
        card.backgroundColor = .systemBlue
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 500
        card.layer.transform = CATransform3DRotate(perspective, 0.5, 0, 1, 0)
        #expect(card.layer.transform.m34 != 0 && card.transform == CATransform3DGetAffineTransform(card.layer.transform))
        root.addSubview(card)
        let canvas = draw(root)
        // Closed form: a corner (±50, ±50) turns to z = ∓50·sin 0.5 and w = 1 ± 50·sin 0.5 / 500.
        let nearW = 1 - 50 * sin(0.5) / 500, farW = 1 + 50 * sin(0.5) / 500
        let nearX = 100 - 50 * cos(0.5) / nearW, farX = 100 + 50 * cos(0.5) / farW
        let nearHalf = 50 / nearW, farHalf = 50 / farW
        #expect(abs(nearX - 53.91) < 0.01 && abs(farX - 141.87) < 0.01 && abs(nearHalf - 52.52) < 0.01 && abs(farHalf - 47.71) < 0.01)
        func covered(_ x: Double, _ y: Double) -> Bool { canvas.pixel(x: Int(2 * x), y: Int(2 * y)) == blue }
        #expect(covered(nearX + 1, 100 - nearHalf + 1.2) && !covered(nearX + 1, 100 - nearHalf - 0.8))
        #expect(covered(farX - 1, 100 - farHalf + 1.2) && !covered(farX - 1, 100 - farHalf - 0.8))
        #expect(!covered(nearX - 0.8, 100) && covered(nearX + 0.8, 100) && covered(farX - 0.8, 100) && !covered(farX + 0.8, 100))
        expectMatchesReference(canvas, area: "layers", name: "perspective_rotation")

        // Turned to show its back, a layer that is not double-sided is not drawn.
        card.layer.isDoubleSided = false
        card.layer.transform = CATransform3DRotate(perspective, 2.5, 0, 1, 0)
        #expect(draw(root).pixel(x: 200, y: 200) == .white)
    }

    @Test func sublayerTransformGivesOneVanishingPoint() {
        let root = plainRoot(200, 100)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 400
        root.layer.sublayerTransform = perspective
        let near = CALayer(), far = CALayer()
        near.frame = CGRect(x: 20, y: 30, width: 40, height: 40)
        far.frame = CGRect(x: 140, y: 30, width: 40, height: 40)
        near.backgroundColor = UIColor.systemRed.cgColor
        far.backgroundColor = UIColor.systemBlue.cgColor
        far.zPosition = -200     // 200 pt away: w = 1.5, so two thirds of the size, drawn towards the centre
        root.layer.addSublayer(near)
        root.layer.addSublayer(far)
        let canvas = draw(root)
        // far's centre (160, 50) relative to the anchor (100, 50) is (60, 0) → (40, 0) at w = 1.5.
        #expect(canvas.pixel(x: 2 * 140, y: 2 * 50) == blue)
        #expect(canvas.pixel(x: 2 * 140 + 2 * 14, y: 2 * 50) == .white)       // its half-width is 13.3
        #expect(canvas.pixel(x: 2 * 40, y: 2 * 50) == red)                    // near, at z = 0, is unchanged
        #expect(canvas.pixel(x: 2 * 21, y: 2 * 31) == red)
    }

    @Test func contentsImageFollowsItsGravity() {
        let root = plainRoot(100, 60)
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 100, height: 60)
        let pixels = Canvas(pixelWidth: 20, pixelHeight: 20, scale: 1, background: red)
        layer.contents = CGImage(canvas: pixels)
        layer.contentsGravity = .bottomRight
        root.layer.addSublayer(layer)
        let canvas = draw(root)
        #expect(canvas.pixel(x: 2 * 90, y: 2 * 50) == red && canvas.pixel(x: 2 * 70, y: 2 * 50) == .white)
        layer.contentsGravity = .resizeAspect
        #expect(draw(root).pixel(x: 2 * 50, y: 2 * 30) == red && draw(root).pixel(x: 2 * 10, y: 2 * 30) == .white)
    }

    @Test func invertUndoesATransform() {
        var t = CATransform3DRotate(CATransform3DMakeTranslation(10, -4, 3), 0.7, 1, 2, 0.5)
        t.m34 = -1 / 300
        let product = CATransform3DConcat(t, CATransform3DInvert(t))
        let entries = [product.m11 - 1, product.m12, product.m13, product.m14, product.m21, product.m22 - 1, product.m23, product.m24,
                       product.m31, product.m32, product.m33 - 1, product.m34, product.m41, product.m42, product.m43, product.m44 - 1]
        #expect(entries.allSatisfy { abs($0) < 1e-12 })
        #expect(CATransform3DInvert(CATransform3DMakeScale(0, 1, 1)) == CATransform3DMakeScale(0, 1, 1))   // singular: unchanged
    }

    @Test func pathsAreMeasuredTrimmedAndDashedByLength() {
        var square = Path(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(abs(square.length() - 40) < 1e-9)
        #expect(abs(square.trimmed(from: 0.1, to: 0.6).length() - 20) < 1e-9)
        let dashes = square.dashed(pattern: [3, 2])
        #expect(abs(dashes.length() - 24) < 1e-9)       // 8 periods of 5 in 40, 3 of each on
        square = Path(ellipseIn: CGRect(x: 0, y: 0, width: 20, height: 20))
        #expect(abs(square.length() - 20 * .pi) < 0.01)
        #expect(square.contains(CGPoint(x: 10, y: 10)) && !square.contains(CGPoint(x: 1, y: 1)))
    }

    @Test func aRunningAnimationIsDrawn() {
        let root = plainRoot(120, 120)
        // In a window, so that the animation starts at the window's time 0.
        let window = UIWindow(frame: root.bounds)
        window.addSubview(root)
        let ring = blueRing(in: root)
        let draw = CABasicAnimation(keyPath: "strokeEnd")
        draw.fromValue = 0
        draw.toValue = 1
        draw.duration = 1
        ring.add(draw, forKey: "draw")
        // Halfway: the right half of the circle is drawn, the left is not yet.
        let snapshot = root.snapshot(at: 0.5)
        let canvas = Canvas(pointWidth: 120, pointHeight: 120, scale: 2)
        ViewRenderer.draw(snapshot, into: canvas)
        #expect(canvas.pixel(x: 2 * 100, y: 2 * 60) == blue && canvas.pixel(x: 2 * 20, y: 2 * 60) == .white)
        #expect(root.snapshot(at: 0.25).root != snapshot.root && root.snapshot(at: 2).root == root.snapshot(at: 3).root)
    }

    @Test func bezierPathsContainPointsAndTakeACGPath() {
        let ring = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 100, height: 100))
        ring.append(UIBezierPath(ovalIn: CGRect(x: 25, y: 25, width: 50, height: 50)))
        #expect(ring.contains(CGPoint(x: 50, y: 50)) && ring.contains(CGPoint(x: 10, y: 50)))   // both wind the same way
        ring.usesEvenOddFillRule = true
        #expect(!ring.contains(CGPoint(x: 50, y: 50)) && ring.contains(CGPoint(x: 10, y: 50)) && !ring.contains(CGPoint(x: 2, y: 2)))
        let copy = UIBezierPath()
        copy.cgPath = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10)).cgPath
        #expect(copy.bounds == CGRect(x: 0, y: 0, width: 10, height: 10) && copy.contains(CGPoint(x: 5, y: 5)))
    }

    /// A circle of radius 40 around (60, 60), from the top clockwise, stroked 8 pt wide in blue.
    private func blueRing(in root: UIView) -> CAShapeLayer {
        let ring = CAShapeLayer()
        ring.frame = root.bounds
        ring.path = UIBezierPath(arcCenter: CGPoint(x: 60, y: 60), radius: 40, startAngle: -.pi / 2, endAngle: 1.5 * .pi,
                                 clockwise: true).cgPath
        ring.fillColor = nil
        ring.strokeColor = UIColor.systemBlue.cgColor
        ring.lineWidth = 8
        root.layer.addSublayer(ring)
        return ring
    }

    private func plainRoot(_ width: CGFloat, _ height: CGFloat) -> UIView {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: width, height: height))
        root.backgroundColor = .white
        return root
    }

    private func draw(_ view: UIView) -> Canvas {
        let snapshot = view.snapshot(at: 0)
        let canvas = Canvas(pointWidth: Double(snapshot.size.width), pointHeight: Double(snapshot.size.height), scale: 2)
        ViewRenderer.draw(snapshot, into: canvas)
        return canvas
    }
}

/// Views, layers and recognizers compare by identity, as NSObjects do.
@MainActor @Suite struct IdentityTests {
    @Test func objectsAreEqualOnlyToThemselves() {
        let (a, b) = (CAShapeLayer(), CAShapeLayer())
        #expect(a == a && a != b && a.isEqual(a) && !a.isEqual(b) && !a.isEqual(nil))
        let (pan, tap) = (UIPanGestureRecognizer(), UITapGestureRecognizer())
        #expect(pan == pan && pan != tap && pan.isEqual(pan) && !pan.isEqual(tap) && Set([pan, pan]).count == 1)
        let view = UIView()
        #expect(view.isEqual(view) && !view.isEqual(UIView()))
    }
}
