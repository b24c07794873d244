import Vocabulary
import Foundation
import Raster

/// Layer values whose number of components depends on the value: a path (`CAShapeLayer.path`,
/// `CALayer.shadowPath`) and a gradient's stops (`CAGradientLayer.colors`, `locations`).
///
/// As components they are `[h, shape₁ … shapeₕ, number …]`: a header of `h` numbers that says
/// what the numbers mean (for a path, the kind of each element), then the numbers themselves. Two
/// values interpolate component by component only when their headers and lengths are equal, so
/// that a header interpolates to itself exactly.
///
/// Paths interpolate element by element, as Core Animation interpolates the control points of
/// paths with the same elements ("Paths … are interpolated as a series of linear interpolations
/// between the control points", Apple's documentation of `CAShapeLayer.path`). Our paths keep
/// arcs as arcs, so an arc interpolates its centre, radii, start angle and sweep: for the arcs
/// UIKit makes (circles, rounded corners) that is the shape Core Animation draws from the arcs'
/// control points. Apple leaves paths whose elements differ undefined; here the animation shows
/// its end value for its whole active time (what a device is most often seen to do: the path
/// jumps) and a debug build says so once. Stop lists of different lengths do the same.
enum ShapedLayerValue {
    /// `value` (a `CGPath`, `UIBezierPath`, a list of colours or of numbers; nil: none) as components.
    static func components(of value: Any?) -> [Double]? {
        switch value {
        case nil: return [0]
        case let given as LayerComponents: return given.values
        case let path as CGPath: return components(of: path.path)
        case let path as UIBezierPath: return components(of: path.cgPath.path)
        case let numbers as [NSNumber]: return [0] + numbers.map(\.doubleValue)
        case let numbers as [Double]: return [0] + numbers
        case let numbers as [CGFloat]: return [0] + numbers.map { Double($0) }
        case let list as [Any]:
            var result: [Double] = [0]
            for item in list {
                switch item {
                case let color as CGColor: result += OptionalColor(color).layerComponents
                case let color as UIColor: result += OptionalColor(color.cgColor).layerComponents
                case let number as NSNumber: result.append(number.doubleValue)
                default: return nil
                }
            }
            return result
        default:
            // An optional in an `Any` (`fromValue = layer.path`).
            let mirror = Mirror(reflecting: value as Any)
            guard mirror.displayStyle == .optional else { return nil }
            return components(of: mirror.children.first?.value)
        }
    }

    static func components(of path: Path) -> [Double] {
        var kinds: [Double] = [], numbers: [Double] = []
        for element in path.elements {
            switch element {
            case let .move(x, y): kinds.append(0); numbers += [x, y]
            case let .line(x, y): kinds.append(1); numbers += [x, y]
            case let .quad(c, to): kinds.append(2); numbers += [c.0, c.1, to.0, to.1]
            case let .cubic(c1, c2, to): kinds.append(3); numbers += [c1.0, c1.1, c2.0, c2.1, to.0, to.1]
            case let .arc(center, radii, start, sweep): kinds.append(4); numbers += [center.0, center.1, radii.0, radii.1, start, sweep]
            case .close: kinds.append(5)
            }
        }
        return [Double(kinds.count)] + kinds + numbers
    }

    /// The path these components describe; nil for no elements or components that are not a path.
    static func path(from components: [Double]) -> Path? {
        guard let first = components.first, first >= 1, Int(first) < components.count else { return nil }
        let count = Int(first)
        var numbers = components[(1 + count)...].makeIterator()
        func next() -> Double? { numbers.next() }
        func pair() -> (Double, Double)? {
            guard let x = next(), let y = next() else { return nil }
            return (x, y)
        }
        var elements: [Path.Element] = []
        for kind in components[1...count] {
            switch kind {
            case 0: guard let p = pair() else { return nil }; elements.append(.move(p.0, p.1))
            case 1: guard let p = pair() else { return nil }; elements.append(.line(p.0, p.1))
            case 2: guard let c = pair(), let to = pair() else { return nil }; elements.append(.quad(control: c, to: to))
            case 3:
                guard let c1 = pair(), let c2 = pair(), let to = pair() else { return nil }
                elements.append(.cubic(control1: c1, control2: c2, to: to))
            case 4:
                guard let center = pair(), let radii = pair(), let start = next(), let sweep = next() else { return nil }
                elements.append(.arc(center: center, radii: radii, startAngle: start, sweep: sweep))
            case 5: elements.append(.close)
            default: return nil
            }
        }
        return Path(elementsOf: elements)
    }

    /// The numbers after the header (a list of stops' components).
    static func numbers(of components: [Double]) -> [Double] {
        guard let first = components.first, first >= 0, Int(first) < components.count else { return [] }
        return Array(components[(1 + Int(first))...])
    }

    /// Whether `a` and `b` have one shape (so that they interpolate number by number).
    static func sameShape(_ a: [Double], _ b: [Double]) -> Bool {
        guard a.count == b.count, let h = a.first, h == b.first, h >= 0, Int(h) < a.count else { return false }
        return a[0...Int(h)] == b[0...Int(h)]
    }

    /// `from` → `to` at `fraction`: number by number when their shapes match, else `to` (see the
    /// type's note), saying so once in a debug build.
    static func interpolate(_ from: [Double], _ to: [Double], _ fraction: Double, keyPath: String?) -> [Double] {
        guard sameShape(from, to) else {
            UIKitCompatibility.notHonoured("CAAnimation of \"\(keyPath ?? "")\" between values of different shapes",
                                           "paths with different elements (or stop lists of different lengths) do not "
                                           + "interpolate; the end value shows for the whole animation")
            return to
        }
        return zip(from, to).map { $0 + ($1 - $0) * fraction }
    }
}

extension CGPath {
    /// A path made from shaped components (nil when they hold no elements).
    static func shaped(_ components: [Double]) -> CGPath? {
        ShapedLayerValue.path(from: components).map { CGPath(path: $0) }
    }
}

extension CALayer {
    /// `path` as shown at `time` (for a shape layer's `path` or any layer's `shadowPath`).
    func shownPath(_ property: LayerProperty, _ model: CGPath?, at time: TimeInterval) -> CGPath? {
        guard animates(property) else { return model }
        let components = shownComponents(property, ShapedLayerValue.components(of: model) ?? [0], at: time)
        return CGPath.shaped(components)
    }

    /// A cross-fade of `contents` running at `time`: the image faded from, the one faded to, and
    /// how far (0…1). The latest added animation of `contents` wins.
    ///
    /// Core Animation cross-fades `contents` ("animatable: yes", Apple's documentation of
    /// `CALayer.contents`). Its blend is unpublished; we draw the from-image whole and the
    /// to-image over it at opacity `fraction`, which is a linear dissolve between opaque images
    /// (and fades the from-image out at 1 − fraction when there is no to-image). Keyframes of
    /// `contents` cross-fade between neighbouring images (`.discrete` shows each in turn, as
    /// sprite animations use it).
    func contentsCrossFade(at time: TimeInterval) -> (from: Any?, to: Any?, fraction: Double)? {
        guard animates(.contents) else { return nil }
        var found: (from: Any?, to: Any?, fraction: Double)?
        for running in runningAnimations where running.properties.contains(.contents)
            && (time >= running.begin - 1e-12 || running.animation.fillMode != .removed) {
            for (animation, localTime) in Self.propertyAnimations(in: running.animation, at: time - running.begin)
            where animation.keyPath == "contents" {
                if let basic = animation as? CABasicAnimation, let probe = basic.copyAnimation() as? CABasicAnimation {
                    (probe.fromValue, probe.toValue, probe.byValue, probe.isAdditive, probe.isCumulative) = (0.0, 1.0, nil, false, false)
                    guard let fraction = probe.value(at: localTime, model: [0])?.first else { continue }
                    let from = basic.fromValue ?? contents, to = basic.toValue ?? contents
                    found = (from, to, fraction)
                } else if let keyframes = animation as? CAKeyframeAnimation, let images = keyframes.values, !images.isEmpty,
                          let probe = keyframes.copyAnimation() as? CAKeyframeAnimation {
                    (probe.values, probe.path, probe.isAdditive, probe.isCumulative) = (images.indices.map { Double($0) }, nil, false, false)
                    guard let position = probe.value(at: localTime, model: [0])?.first else { continue }
                    let lower = max(0, min(images.count - 1, Int(position.rounded(.down))))
                    let upper = min(images.count - 1, lower + 1)
                    found = (images[lower], images[upper], upper == lower ? 0 : position - Double(lower))
                }
            }
        }
        return found
    }
}
