import Foundation
import Vocabulary
import Testing
import DisplayList
import Raster
@testable import Views

/// `UIView.layerClass`: a view backed by a gradient or shape layer draws that layer as its
/// content, as iOS code that overrides `layerClass` expects (Apple's `UIView.layerClass`:
/// "the class used to create the layer for instances of this class").
@MainActor @Suite struct LayerClassTests {
    final class GradientView: UIView {
        override class var layerClass: AnyClass { CAGradientLayer.self }
        var gradient: CAGradientLayer { layer as! CAGradientLayer }
    }

    final class ShapeView: UIView {
        override class var layerClass: AnyClass { CAShapeLayer.self }
    }

    final class CustomLayer: CAShapeLayer {}

    final class CustomLayerView: UIView {
        override class var layerClass: AnyClass { CustomLayer.self }
    }

    private func draw(_ view: UIView, size: CGSize) -> Canvas {
        let window = UIWindow(frame: CGRect(origin: .zero, size: size))
        window.backgroundColor = .white
        window.addSubview(view)
        window.makeKeyAndVisible()
        window.layoutIfNeeded()
        let canvas = Canvas(pointWidth: Double(size.width), pointHeight: Double(size.height), scale: 1, background: .white)
        ViewRenderer.draw(window.snapshot(at: window.currentTime), into: canvas)
        return canvas
    }

    @Test func aGradientViewDrawsItsGradient() {
        let view = GradientView(frame: CGRect(x: 0, y: 0, width: 100, height: 10))
        #expect(view.layer is CAGradientLayer)
        view.gradient.colors = [UIColor.red.cgColor, UIColor.blue.cgColor]
        view.gradient.startPoint = CGPoint(x: 0, y: 0.5)
        view.gradient.endPoint = CGPoint(x: 1, y: 0.5)
        let canvas = draw(view, size: CGSize(width: 100, height: 10))
        let left = canvas.pixel(x: 1, y: 5), right = canvas.pixel(x: 98, y: 5), middle = canvas.pixel(x: 50, y: 5)
        #expect(left.red > 240 && left.blue < 15, "\(left)")
        #expect(right.blue > 240 && right.red < 15, "\(right)")
        #expect(abs(Int(middle.red) - Int(middle.blue)) < 12, "half way: \(middle)")
    }

    @Test func aShapeViewDrawsItsPath() {
        let view = ShapeView(frame: CGRect(x: 10, y: 10, width: 40, height: 40))
        let shape = view.layer as! CAShapeLayer
        shape.path = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 20, height: 40)).cgPath
        shape.fillColor = UIColor.green.cgColor
        let canvas = draw(view, size: CGSize(width: 60, height: 60))
        #expect(canvas.pixel(x: 20, y: 30).green == 255 && canvas.pixel(x: 20, y: 30).red == 0, "inside the path")
        #expect(canvas.pixel(x: 40, y: 30).red == 255, "the view's right half shows the white window")
    }

    @Test func aCustomLayerClassIsMadeAsItsBuiltInClassAndSaysSo() {
        let view = CustomLayerView(frame: .zero)
        #expect(type(of: view.layer) == CAShapeLayer.self)
        #expect(UIKitCompatibility.reported.contains { $0.hasPrefix("UIView.layerClass") })
        #expect(type(of: UIView().layer) == CALayer.self)
    }
}

/// A layer subclass as iOS code writes one, with its own initializers and the `NSCoding`
/// initializer the SDK requires of it, compiles and draws.
@MainActor @Suite struct LayerSubclassInitializerTests {
    final class ProgressLayer: CALayer {
        var progress: CGFloat = 0

        override init() { super.init() }

        override init(layer: Any) {
            super.init(layer: layer)
            progress = (layer as? ProgressLayer)?.progress ?? 0
        }

        required init?(coder aDecoder: NSCoder) {
            super.init(coder: aDecoder)
        }
    }

    @Test func presentationCopiesKeepTheSubclassesFields() {
        let layer = ProgressLayer()
        layer.progress = 0.4
        #expect(ProgressLayer(layer: layer).progress == 0.4)
    }
}
