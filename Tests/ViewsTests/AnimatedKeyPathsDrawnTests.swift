import Foundation
import Testing
import DisplayList
import Raster
import Vocabulary
@testable import Views

/// Every animatable layer key path, drawn 0.3 s into a 1 s linear animation, shows exactly the
/// pixels of a still layer set to what `presentation()` reports then; and `presentation()` reports
/// the closed-form value from + (to − from) · 0.3.
///
/// Sources of the expected values: Apple's documentation of `CABasicAnimation` (the value
/// interpolates from `fromValue` to `toValue`), of `CAAnimation.timingFunction` ("nil … linear
/// pacing"), of `CALayer.presentation()` (what the frame shows) and of `CAShapeLayer.path`
/// ("interpolated as a series of linear interpolations between the control points" for paths of
/// the same elements).
@MainActor @Suite struct AnimatedKeyPathsDrawnTests {
    private static let fraction = 0.3

    /// A key path, the layer it animates, its from and to values, and the closed-form check of
    /// the presentation copy.
    struct Case: CustomTestStringConvertible, Sendable {
        let keyPath: String
        var testDescription: String { keyPath }
    }

    nonisolated static let keyPaths = ["path", "shadowPath", "colors", "locations", "strokeStart", "strokeEnd", "lineWidth", "fillColor",
                           "strokeColor", "cornerRadius", "borderWidth", "borderColor", "shadowOpacity", "shadowRadius",
                           "shadowOffset", "shadowColor", "backgroundColor", "opacity", "bounds", "position", "transform",
                           "startPoint", "endPoint"].map(Case.init)

    @Test(arguments: keyPaths)
    func keyPathDrawnAsPresentationReports(_ test: Case) throws {
        let (root, window) = Self.windowRoot()
        let (layer, from, to) = Self.layerAndValues(for: test.keyPath)
        root.layer.addSublayer(layer)
        let animation = CABasicAnimation(keyPath: test.keyPath)
        (animation.fromValue, animation.toValue, animation.duration) = (from, to, 1)
        layer.add(animation, forKey: "under test")
        window.advance(to: Self.fraction)
        let drawn = Self.draw(root, at: Self.fraction)
        let presented = try #require(layer.presentation())
        try Self.expectClosedForm(test.keyPath, presented, from: from, to: to)

        let still = Self.plainRoot()
        layer.removeFromSuperlayer()
        still.layer.addSublayer(presented)
        #expect(Self.samePixels(drawn, Self.draw(still, at: Self.fraction)), "\(test.keyPath) is drawn otherwise than presentation() reports")
    }

    /// Paths with different elements do not interpolate: the end path shows, and a debug build says so.
    @Test func pathsOfDifferentElementsShowTheEndPath() throws {
        let (root, window) = Self.windowRoot()
        let shape = CAShapeLayer()
        shape.frame = root.bounds
        root.layer.addSublayer(shape)
        let animation = CABasicAnimation(keyPath: "path")
        let end = UIBezierPath(ovalIn: CGRect(x: 10, y: 10, width: 50, height: 50)).cgPath
        (animation.fromValue, animation.toValue, animation.duration) = (Self.quad(0), end, 1)
        shape.add(animation, forKey: "morph")
        window.advance(to: Self.fraction)
        #expect(try #require(shape.presentation()).path == end)
        #expect(UIKitCompatibility.reported.contains("CAAnimation of \"path\" between values of different shapes"))
    }

    /// Path keyframes interpolate between neighbouring paths: at 0.25 s of [square, kite, square]
    /// over 1 s, halfway from the square to the kite.
    @Test func pathKeyframesInterpolateBetweenNeighbours() throws {
        let (root, window) = Self.windowRoot()
        let shape = CAShapeLayer()
        shape.frame = root.bounds
        root.layer.addSublayer(shape)
        let morph = CAKeyframeAnimation(keyPath: "path")
        (morph.values, morph.duration) = ([Self.quad(0), Self.quad(1), Self.quad(0)], 1)
        shape.add(morph, forKey: "morph")
        window.advance(to: 0.25)
        let shown = ShapedLayerValue.components(of: try #require(shape.presentation()?.path).path)
        let expected = ShapedLayerValue.components(of: Self.quad(0.5).path)
        #expect(shown.count == expected.count && zip(shown, expected).allSatisfy { abs($0 - $1) < 1e-9 }, "\(shown)")
    }

    /// Discrete `contents` keyframes show each image in turn, as sprite animations use them.
    @Test func discreteContentsKeyframesShowEachImageInTurn() throws {
        let (root, window) = Self.windowRoot()
        let colors = [Color(red: 255, green: 0, blue: 0), Color(red: 0, green: 255, blue: 0), Color(red: 0, green: 0, blue: 255)]
        let images = colors.map(Self.image)
        let layer = CALayer()
        layer.frame = CGRect(x: 20, y: 20, width: 60, height: 60)
        root.layer.addSublayer(layer)
        let sprite = CAKeyframeAnimation(keyPath: "contents")
        (sprite.values, sprite.duration, sprite.calculationMode) = (images, 0.9, .discrete)
        layer.add(sprite, forKey: "sprite")
        // Three frames of 0.3 s each.
        for (time, expected) in [(0.1, 0), (0.4, 1), (0.7, 2)] {
            window.advance(to: time)
            #expect(Self.draw(root, at: time).pixel(x: 2 * 50, y: 2 * 50) == colors[expected])
        }
    }

    /// `contents` cross-fades: the from-image whole with the to-image over it at the fraction.
    @Test func contentsCrossFadeDrawsTheToImageOverTheFromImageAtTheFraction() throws {
        let (root, window) = Self.windowRoot()
        let (red, blue) = (Self.image(Color(red: 255, green: 0, blue: 0)), Self.image(Color(red: 0, green: 0, blue: 255)))
        let layer = CALayer()
        layer.frame = CGRect(x: 20, y: 20, width: 60, height: 60)
        layer.contents = blue
        root.layer.addSublayer(layer)
        let fade = CABasicAnimation(keyPath: "contents")
        (fade.fromValue, fade.toValue, fade.duration) = (red, blue, 1)
        layer.add(fade, forKey: "fade")
        window.advance(to: Self.fraction)
        let drawn = Self.draw(root, at: Self.fraction)
        // The nearer end, at 0.3 the from-image.
        #expect(try #require(layer.presentation()).contents as? CGImage === red)

        let still = Self.plainRoot()
        let under = CALayer(), over = CALayer()
        for (part, image) in [(under, red), (over, blue)] {
            part.frame = layer.frame
            part.contents = image
            still.layer.addSublayer(part)
        }
        over.opacity = Float(Self.fraction)
        #expect(Self.samePixels(drawn, Self.draw(still, at: Self.fraction)))
        // 0.3 of blue over red, on encoded values.
        let centre = drawn.pixel(x: 2 * 50, y: 2 * 50)
        #expect(abs(Int(centre.red) - 178) <= 1 && abs(Int(centre.blue) - 77) <= 1, "drawn \(centre)")
    }

    // MARK: Cases

    /// A layer for `keyPath` and the values it animates between.
    private static func layerAndValues(for keyPath: String) -> (CALayer, Any, Any) {
        let frame = CGRect(x: 20, y: 20, width: 60, height: 60)
        let (red, blue) = (UIColor.red.cgColor, UIColor.blue.cgColor)
        switch keyPath {
        case "path", "strokeStart", "strokeEnd", "lineWidth", "fillColor", "strokeColor":
            let shape = CAShapeLayer()
            shape.frame = frame
            shape.path = quad(0)
            shape.fillColor = UIColor.green.cgColor
            shape.strokeColor = UIColor.black.cgColor
            shape.lineWidth = 4
            switch keyPath {
            case "path": return (shape, quad(0), quad(1))
            case "strokeStart": return (shape, CGFloat(0), CGFloat(0.5))
            case "strokeEnd": return (shape, CGFloat(1), CGFloat(0.5))
            case "lineWidth": return (shape, CGFloat(2), CGFloat(12))
            case "fillColor": return (shape, red, blue)
            default: return (shape, blue, red)
            }
        case "colors", "locations", "startPoint", "endPoint":
            let gradient = CAGradientLayer()
            gradient.frame = frame
            gradient.colors = [red, blue]
            switch keyPath {
            case "colors": return (gradient, [red, blue], [UIColor.green.cgColor, UIColor.yellow.cgColor])
            case "locations": return (gradient, [NSNumber(value: 0), NSNumber(value: 1)], [NSNumber(value: 0.4), NSNumber(value: 0.6)])
            case "startPoint": return (gradient, CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 0.5))
            default: return (gradient, CGPoint(x: 1, y: 1), CGPoint(x: 0.5, y: 0))
            }
        default:
            let layer = CALayer()
            layer.frame = frame
            layer.backgroundColor = UIColor.green.cgColor
            layer.borderWidth = 3
            layer.borderColor = UIColor.black.cgColor
            layer.shadowOpacity = 0.8
            layer.shadowRadius = 4
            layer.shadowOffset = CGSize(width: 3, height: 3)
            switch keyPath {
            case "shadowPath":
                return (layer, UIBezierPath(rect: CGRect(x: 0, y: 0, width: 60, height: 60)).cgPath,
                        UIBezierPath(rect: CGRect(x: 10, y: 20, width: 40, height: 50)).cgPath)
            case "cornerRadius": return (layer, CGFloat(0), CGFloat(30))
            case "borderWidth": return (layer, CGFloat(0), CGFloat(10))
            case "borderColor": return (layer, red, blue)
            case "shadowOpacity": return (layer, CGFloat(0), CGFloat(1))
            case "shadowRadius": return (layer, CGFloat(0), CGFloat(10))
            case "shadowOffset": return (layer, CGSize(width: 0, height: 0), CGSize(width: 10, height: 20))
            case "shadowColor": return (layer, red, blue)
            case "backgroundColor": return (layer, red, blue)
            case "opacity": return (layer, CGFloat(1), CGFloat(0))
            case "bounds": return (layer, CGRect(x: 0, y: 0, width: 60, height: 60), CGRect(x: 0, y: 0, width: 20, height: 40))
            case "position": return (layer, CGPoint(x: 50, y: 50), CGPoint(x: 80, y: 30))
            default: return (layer, CATransform3DIdentity, CATransform3DMakeScale(0.5, 1.5, 1))
            }
        }
    }

    /// A four-sided outline: `morph` 0 a square, 1 a kite (same elements: move, three lines, a
    /// quadratic curve, close).
    private static func quad(_ morph: Double) -> CGPath {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 5, y: 5 + 20 * morph))
        path.addLine(to: CGPoint(x: 55, y: 5))
        path.addLine(to: CGPoint(x: 55, y: 55 - 10 * morph))
        path.addQuadCurve(to: CGPoint(x: 5, y: 55), control: CGPoint(x: 30, y: 60 + 20 * morph))
        path.closeSubpath()
        return path
    }

    // MARK: Closed form

    private static func expectClosedForm(_ keyPath: String, _ presented: CALayer, from: Any, to: Any) throws {
        let f = fraction
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * f }
        func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }
        func components(_ color: CGColor?) -> [Double] { color.map { [$0.red, $0.green, $0.blue, $0.alpha].map { Double($0) } } ?? [] }
        func colorMix(_ a: Any, _ b: Any) -> [Double] {
            zip(components((a as! CGColor)), components((b as! CGColor))).map { mix($0, $1) }
        }
        func nearAll(_ a: [Double], _ b: [Double]) -> Bool { a.count == b.count && zip(a, b).allSatisfy { near($0, $1) } }
        func scalar(_ value: Any) -> Double { Double(value as! CGFloat) }
        let shape = presented as? CAShapeLayer, gradient = presented as? CAGradientLayer
        switch keyPath {
        case "path":
            // Number by number (the header of element kinds is the same in both, so it mixes to itself).
            let expected = zip(ShapedLayerValue.components(of: (from as! CGPath).path),
                               ShapedLayerValue.components(of: (to as! CGPath).path)).map { mix($0, $1) }
            #expect(nearAll(ShapedLayerValue.components(of: try #require(shape?.path).path), expected))
            // The first point, by hand: (5, 5) → (5, 25).
            #expect(try #require(shape?.path).path.elements.first == .move(5, mix(5, 25)))
        case "shadowPath":
            let box = try #require(presented.shadowPath).boundingBox
            #expect(near(box.minX, mix(0, 10)) && near(box.minY, mix(0, 20)) && near(box.width, mix(60, 40)) && near(box.height, mix(60, 50)))
        case "colors":
            let shown = try #require(gradient?.colors).map { components(($0 as! CGColor)) }
            let (a, b) = (from as! [CGColor], to as! [CGColor])
            #expect(shown.count == 2 && nearAll(shown[0], colorMix(a[0], b[0])) && nearAll(shown[1], colorMix(a[1], b[1])))
        case "locations":
            #expect(nearAll(try #require(gradient?.locations).map(\.doubleValue), [mix(0, 0.4), mix(1, 0.6)]))
        case "startPoint", "endPoint":
            let (a, b) = (from as! CGPoint, to as! CGPoint)
            let shown = try #require(keyPath == "startPoint" ? gradient?.startPoint : gradient?.endPoint)
            #expect(near(shown.x, mix(a.x, b.x)) && near(shown.y, mix(a.y, b.y)))
        case "strokeStart": #expect(near(Double(try #require(shape?.strokeStart)), mix(scalar(from), scalar(to))))
        case "strokeEnd": #expect(near(Double(try #require(shape?.strokeEnd)), mix(scalar(from), scalar(to))))
        case "lineWidth": #expect(near(Double(try #require(shape?.lineWidth)), mix(scalar(from), scalar(to))))
        case "fillColor": #expect(nearAll(components(shape?.fillColor), colorMix(from, to)))
        case "strokeColor": #expect(nearAll(components(shape?.strokeColor), colorMix(from, to)))
        case "cornerRadius": #expect(near(presented.cornerRadius, mix(scalar(from), scalar(to))))
        case "borderWidth": #expect(near(presented.borderWidth, mix(scalar(from), scalar(to))))
        case "borderColor": #expect(nearAll(components(presented.borderColor), colorMix(from, to)))
        case "shadowOpacity": #expect(abs(Double(presented.shadowOpacity) - mix(scalar(from), scalar(to))) < 1e-6)
        case "shadowRadius": #expect(near(presented.shadowRadius, mix(scalar(from), scalar(to))))
        case "shadowOffset":
            let (a, b) = (from as! CGSize, to as! CGSize)
            #expect(near(presented.shadowOffset.width, mix(a.width, b.width)) && near(presented.shadowOffset.height, mix(a.height, b.height)))
        case "shadowColor": #expect(nearAll(components(presented.shadowColor), colorMix(from, to)))
        case "backgroundColor": #expect(nearAll(components(presented.backgroundColor), colorMix(from, to)))
        case "opacity": #expect(abs(Double(presented.opacity) - mix(scalar(from), scalar(to))) < 1e-6)
        case "bounds":
            let (a, b) = (from as! CGRect, to as! CGRect)
            #expect(near(presented.bounds.width, mix(a.width, b.width)) && near(presented.bounds.height, mix(a.height, b.height)))
        case "position":
            let (a, b) = (from as! CGPoint, to as! CGPoint)
            #expect(near(presented.position.x, mix(a.x, b.x)) && near(presented.position.y, mix(a.y, b.y)))
        default:
            #expect(near(presented.transform.m11, mix(1, 0.5)) && near(presented.transform.m22, mix(1, 1.5)))
        }
    }

    // MARK: Drawing

    private static func windowRoot() -> (UIView, UIWindow) {
        let root = plainRoot()
        let window = UIWindow(frame: root.bounds)
        window.addSubview(root)
        return (root, window)
    }

    private static func plainRoot() -> UIView {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        root.backgroundColor = .white
        return root
    }

    private static func draw(_ view: UIView, at time: TimeInterval) -> Canvas {
        let snapshot = view.snapshot(at: time)
        let canvas = Canvas(pointWidth: 100, pointHeight: 100, scale: 2)
        ViewRenderer.draw(snapshot, into: canvas)
        return canvas
    }

    private static func samePixels(_ a: Canvas, _ b: Canvas) -> Bool { Array(a.pixels) == Array(b.pixels) }

    /// A 60 × 60 image of one colour.
    private static func image(_ color: Color) -> CGImage {
        CGImage(canvas: Canvas(pixelWidth: 60, pixelHeight: 60, scale: 1, background: color))
    }
}
