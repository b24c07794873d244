import Vocabulary
import Foundation
import DisplayList
import Raster

#if os(Linux)
/// Core Foundation's array, as Core Graphics calls take colours: `[a, b] as CFArray`.
public typealias CFArray = [Any]
#endif

/// Core Graphics' colour space. Every colour here is sRGB (device RGB is treated as sRGB, as on
/// iOS devices); grey and other spaces are accepted and read as sRGB.
public final class CGColorSpace: Sendable {
    public let name: String?

    public init?(name: String) { self.name = name }
    init() { name = "kCGColorSpaceSRGB" }

    public static let sRGB = "kCGColorSpaceSRGB"
    public static let displayP3 = "kCGColorSpaceDisplayP3"
    public static let genericRGBLinear = "kCGColorSpaceGenericRGBLinear"
}

public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace { CGColorSpace() }
public func CGColorSpaceCreateDeviceGray() -> CGColorSpace { CGColorSpace() }

/// Core Graphics' gradient: colours at locations (0…1), drawn with
/// `CGContext.drawLinearGradient` and `drawRadialGradient`.
public final class CGGradient: @unchecked Sendable {
    // `@unchecked`: immutable after init.
    let stops: [LinearGradient.Stop]

    /// Colours (`CGColor`s) at `locations`, or spread evenly when `locations` is nil.
    public init?(colorsSpace space: CGColorSpace?, colors: CFArray, locations: UnsafePointer<CGFloat>?) {
        let colours = colors.compactMap { $0 as? CGColor }
        guard !colours.isEmpty, colours.count == colors.count else { return nil }
        stops = colours.enumerated().map { index, colour in
            let location = locations.map { Double($0[index]) }
                ?? (colours.count == 1 ? 0 : Double(index) / Double(colours.count - 1))
            return LinearGradient.Stop(location: location, color: colour.rasterColor)
        }
    }

    /// Colours given as components (4 per colour, RGBA) at `locations`.
    public init?(colorSpace space: CGColorSpace, colorComponents components: UnsafePointer<CGFloat>, locations: UnsafePointer<CGFloat>?,
                 count: Int) {
        guard count > 0 else { return nil }
        stops = (0..<count).map { index in
            let colour = CGColor(red: components[4 * index], green: components[4 * index + 1], blue: components[4 * index + 2],
                                 alpha: components[4 * index + 3])
            let location = locations.map { Double($0[index]) } ?? (count == 1 ? 0 : Double(index) / Double(count - 1))
            return LinearGradient.Stop(location: location, color: colour.rasterColor)
        }
    }
}

/// Whether a gradient extends its end colours beyond its start and end.
public struct CGGradientDrawingOptions: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let drawsBeforeStartLocation = CGGradientDrawingOptions(rawValue: 1)
    public static let drawsAfterEndLocation = CGGradientDrawingOptions(rawValue: 2)
}

extension UIGraphicsContext {
    /// Paints `gradient` from `start` to `end` across the clip (its end colours beyond them only
    /// with the matching options), as Core Graphics does.
    public func drawLinearGradient(_ gradient: CGGradient, start: CGPoint, end: CGPoint, options: CGGradientDrawingOptions) {
        let dx = Double(end.x - start.x), dy = Double(end.y - start.y)
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0 else { return }
        let reach = 100_000.0
        let ux = dx / length, uy = dy / length
        let from = options.contains(.drawsBeforeStartLocation) ? -reach : 0
        let to = options.contains(.drawsAfterEndLocation) ? length + reach : length
        func point(_ along: Double, _ across: Double) -> CGPoint {
            CGPoint(x: Double(start.x) + ux * along - uy * across, y: Double(start.y) + uy * along + ux * across)
        }
        var band = Path()
        band.move(to: point(from, -reach))
        band.addLine(to: point(to, -reach))
        band.addLine(to: point(to, reach))
        band.addLine(to: point(from, reach))
        band.closeSubpath()
        paint(band, with: .linearGradient(LinearGradient(start: start, end: end, stops: gradient.stops)))
    }

    /// Paints `gradient` between two circles, as Core Graphics does for concentric ones (the
    /// common case: a start radius of 0 or more around the same centre). Circles with different
    /// centres are drawn around the end centre, and a debug build says so.
    public func drawRadialGradient(_ gradient: CGGradient, startCenter: CGPoint, startRadius: CGFloat, endCenter: CGPoint,
                                   endRadius: CGFloat, options: CGGradientDrawingOptions) {
        guard endRadius > 0 else { return }
        if startCenter != endCenter {
            UIKitCompatibility.notHonoured("CGContext.drawRadialGradient with two centres", "it is drawn around the end centre")
        }
        let inner = Double(max(0, min(startRadius, endRadius)) / endRadius)
        let stops = gradient.stops.map { LinearGradient.Stop(location: inner + $0.location * (1 - inner), color: $0.color) }
        let reach: CGFloat = options.contains(.drawsAfterEndLocation) ? 100_000 : endRadius
        var disc = Path(ellipseIn: CGRect(x: endCenter.x - reach, y: endCenter.y - reach, width: 2 * reach, height: 2 * reach))
        if !options.contains(.drawsBeforeStartLocation), startRadius > 0 {
            disc.append(Path(ellipseIn: CGRect(x: endCenter.x - startRadius, y: endCenter.y - startRadius,
                                               width: 2 * startRadius, height: 2 * startRadius)))
        }
        let rule: FillRule = options.contains(.drawsBeforeStartLocation) || startRadius <= 0 ? .nonZero : .evenOdd
        paint(disc, with: .radialGradient(RadialGradient(center: endCenter, radii: CGSize(width: endRadius, height: endRadius), stops: stops)),
              rule: rule)
    }

    /// Adds an arc of `radius` around `center` from `startAngle` to `endAngle` (radians), joined
    /// to the current point by a line. `clockwise` is Core Graphics' own: in UIKit's flipped
    /// coordinates (y down) a `clockwise` arc turns counter-clockwise on screen, as on iOS.
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        let turn = 2 * Double.pi
        var sweep = Double(endAngle - startAngle)
        if clockwise {
            if sweep > 0 { sweep = sweep.truncatingRemainder(dividingBy: turn) - turn }
            sweep = max(sweep, -turn)
        } else {
            if sweep < 0 { sweep = sweep.truncatingRemainder(dividingBy: turn) + turn }
            sweep = min(sweep, turn)
        }
        currentPath.addArc(center: center, radiusX: Double(radius), radiusY: Double(radius), startAngle: Double(startAngle), sweep: sweep)
    }

    /// Adds an arc tangent to the lines from the current point to `tangent1End` and on to
    /// `tangent2End`, as Core Graphics does.
    public func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat) {
        guard let p0 = currentPath.currentPoint else { return move(to: tangent1End) }
        let v1 = CGVector(dx: p0.x - tangent1End.x, dy: p0.y - tangent1End.y)
        let v2 = CGVector(dx: tangent2End.x - tangent1End.x, dy: tangent2End.y - tangent1End.y)
        let l1 = hypot(v1.dx, v1.dy), l2 = hypot(v2.dx, v2.dy)
        let cross = v1.dx * v2.dy - v1.dy * v2.dx
        guard l1 > 0, l2 > 0, abs(cross) > 1e-9, radius > 0 else { return addLine(to: tangent1End) }
        let angle = acos(max(-1, min(1, (v1.dx * v2.dx + v1.dy * v2.dy) / (l1 * l2))))
        let distance = radius / tan(angle / 2)
        let a = CGPoint(x: tangent1End.x + v1.dx / l1 * distance, y: tangent1End.y + v1.dy / l1 * distance)
        let b = CGPoint(x: tangent1End.x + v2.dx / l2 * distance, y: tangent1End.y + v2.dy / l2 * distance)
        let bisector = CGVector(dx: v1.dx / l1 + v2.dx / l2, dy: v1.dy / l1 + v2.dy / l2)
        let bl = hypot(bisector.dx, bisector.dy)
        let centreDistance = radius / sin(angle / 2)
        let centre = CGPoint(x: tangent1End.x + bisector.dx / bl * centreDistance, y: tangent1End.y + bisector.dy / bl * centreDistance)
        let start = atan2(a.y - centre.y, a.x - centre.x), end = atan2(b.y - centre.y, b.x - centre.x)
        addLine(to: a)
        addArc(center: centre, radius: radius, startAngle: start, endAngle: end, clockwise: cross > 0)
    }

    /// What has been drawn so far, as an image (for an image context: the whole context).
    public func makeImage() -> CGImage? {
        guard size != nil else { return nil }
        return CGImage(bitmap: Bitmap(adopting: makeCanvas()))
    }
}

/// Makes `context` the current one for UIKit drawing (`UIBezierPath.fill()`, string drawing)
/// until `UIGraphicsPopContext()`.
@MainActor public func UIGraphicsPushContext(_ context: CGContext) { UIGraphicsContext.push(context) }
@MainActor public func UIGraphicsPopContext() { UIGraphicsContext.pop() }
