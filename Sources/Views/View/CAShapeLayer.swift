import Foundation
import Vocabulary
import DisplayList
import Raster

/// Core Animation's shape layer: a path filled and stroked in the layer's coordinates, with Core
/// Animation's defaults (opaque black fill, no stroke, line width 1, miter joins, butt caps,
/// miter limit 10, non-zero fill rule). `strokeStart` and `strokeEnd` keep part of the stroke by
/// length (the fill is always whole), and `lineDashPattern` dashes it from `lineDashPhase`.
open class CAShapeLayer: CALayer {
    /// The shape. Animatable: paths with the same elements interpolate element by element, as
    /// Core Animation's do; others jump to the end value (see `ShapedLayerValue`).
    open var path: CGPath?
    open var fillColor: CGColor? = UIColor.black.cgColor {
        didSet { implicitlyAnimate(.fillColor, from: OptionalColor(oldValue).layerComponents) }
    }
    open var fillRule: CAShapeLayerFillRule = .nonZero
    open var strokeColor: CGColor? {
        didSet { implicitlyAnimate(.strokeColor, from: OptionalColor(oldValue).layerComponents) }
    }
    open var lineWidth: CGFloat = 1 {
        didSet { implicitlyAnimate(.lineWidth, from: oldValue.layerComponents) }
    }
    open var lineCap: CAShapeLayerLineCap = .butt
    open var lineJoin: CAShapeLayerLineJoin = .miter
    open var miterLimit: CGFloat = 10
    open var lineDashPattern: [NSNumber]?
    open var lineDashPhase: CGFloat = 0 {
        didSet { implicitlyAnimate(.lineDashPhase, from: oldValue.layerComponents) }
    }
    /// The fraction of the path's length where the stroke starts (0…1).
    open var strokeStart: CGFloat = 0 { didSet { implicitlyAnimate(.strokeStart, from: oldValue.layerComponents) } }
    /// The fraction of the path's length where the stroke ends (0…1).
    open var strokeEnd: CGFloat = 1 { didSet { implicitlyAnimate(.strokeEnd, from: oldValue.layerComponents) } }

    public override init() { super.init() }
    public required init?(coder: NSCoder) { super.init(coder: coder) }
    public override init(layer: Any) {
        super.init(layer: layer)
        guard let other = layer as? CAShapeLayer else { return }
        copyShape(from: other)
    }

    override func presentationCopy() -> CALayer { CAShapeLayer(layer: self) }

    override func finishPresentationCopy(from layer: CALayer, at time: TimeInterval) {
        guard let model = layer as? CAShapeLayer else { return }
        let shownValues = (model.shown(.strokeStart, model.strokeStart, at: time), model.shown(.strokeEnd, model.strokeEnd, at: time),
                           model.shown(.lineWidth, model.lineWidth, at: time))
        (strokeStart, strokeEnd, lineWidth) = shownValues
        path = model.shownPath(.path, model.path, at: time)
        lineDashPhase = model.shown(.lineDashPhase, model.lineDashPhase, at: time)
        fillColor = model.shown(.fillColor, OptionalColor(model.fillColor), at: time).color
        strokeColor = model.shown(.strokeColor, OptionalColor(model.strokeColor), at: time).color
    }

    private func copyShape(from other: CAShapeLayer) {
        (path, fillColor, fillRule, strokeColor, lineWidth) = (other.path, other.fillColor, other.fillRule, other.strokeColor, other.lineWidth)
        (lineCap, lineJoin, miterLimit, lineDashPattern, lineDashPhase) =
            (other.lineCap, other.lineJoin, other.miterLimit, other.lineDashPattern, other.lineDashPhase)
        (strokeStart, strokeEnd) = (other.strokeStart, other.strokeEnd)
    }

    /// The stroked part of the path, kept while the path and the parts chosen stay the same.
    private var strokeCache: (key: StrokeKey, path: Path)?

    private struct StrokeKey: Equatable {
        var path: Path, start: Double, end: Double, dashes: [Double], phase: Double
    }

    override func layerContent(in bounds: CGRect, at time: TimeInterval) -> [DrawingCommand] {
        var commands = ownContent(in: bounds, at: time)
        guard let outline = shownPath(.path, path, at: time)?.path else { return commands }
        if let fill = shown(.fillColor, OptionalColor(fillColor), at: time).color?.rasterColor, fill.alpha > 0 {
            commands.append(.fill(outline, color: fill, rule: fillRule == .evenOdd ? .evenOdd : .nonZero))
        }
        let lineWidth = shown(.lineWidth, self.lineWidth, at: time)
        if let stroke = shown(.strokeColor, OptionalColor(strokeColor), at: time).color?.rasterColor, stroke.alpha > 0, lineWidth > 0 {
            let key = StrokeKey(path: outline, start: Double(shown(.strokeStart, strokeStart, at: time)),
                                end: Double(shown(.strokeEnd, strokeEnd, at: time)),
                                dashes: (lineDashPattern ?? []).map(\.doubleValue), phase: Double(shown(.lineDashPhase, lineDashPhase, at: time)))
            let stroked: Path
            if let cached = strokeCache, cached.key == key {
                stroked = cached.path
            } else {
                // Dashed by the canvas, which knows the clip: dashes off-screen cost nothing, and
                // the renderer warns when the visible ones pass `Path.defaultMaximumDashes`.
                let part = key.start <= 0 && key.end >= 1 ? outline : outline.trimmed(from: key.start, to: key.end)
                stroked = part
                strokeCache = (key, part)
            }
            let style = StrokeStyle(join: lineJoin.rasterJoin, cap: lineCap.rasterCap, miterLimit: Double(miterLimit),
                                    dashes: key.dashes, dashPhase: key.phase)
            commands.append(.stroke(stroked, width: Double(lineWidth), color: stroke, style: style))
        }
        return commands
    }
}

public struct CAShapeLayerFillRule: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let nonZero = Self(rawValue: "non-zero")
    public static let evenOdd = Self(rawValue: "even-odd")
}

public struct CAShapeLayerLineCap: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let butt = Self(rawValue: "butt")
    public static let round = Self(rawValue: "round")
    public static let square = Self(rawValue: "square")

    var rasterCap: StrokeStyle.Cap { self == .round ? .round : self == .square ? .square : .butt }
}

public struct CAShapeLayerLineJoin: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let miter = Self(rawValue: "miter")
    public static let round = Self(rawValue: "round")
    public static let bevel = Self(rawValue: "bevel")

    var rasterJoin: StrokeStyle.Join { self == .round ? .round : self == .bevel ? .bevel : .miter }
}

/// Core Animation's gradient layer: `colors` spread over the bounds at `locations` (evenly when
/// nil) along the line from `startPoint` to `endPoint`, in unit coordinates of the bounds
/// ((0, 0) top-left; the default runs from the top centre to the bottom centre). `.radial` puts
/// location 0 at `startPoint` and 1 on the ellipse through `endPoint` (radii |end − start| along
/// each axis); `.conic` turns clockwise around `startPoint`, starting towards `endPoint`.
open class CAGradientLayer: CALayer {
    /// `CGColor`s (or `UIColor`s). Animatable: lists of one length interpolate colour by colour.
    open var colors: [Any]?
    /// Animatable: lists of one length interpolate location by location.
    open var locations: [NSNumber]?
    open var startPoint = CGPoint(x: 0.5, y: 0) {
        didSet { implicitlyAnimate(.startPoint, from: oldValue.layerComponents) }
    }
    open var endPoint = CGPoint(x: 0.5, y: 1) {
        didSet { implicitlyAnimate(.endPoint, from: oldValue.layerComponents) }
    }
    open var type: CAGradientLayerType = .axial

    public override init() { super.init() }
    public required init?(coder: NSCoder) { super.init(coder: coder) }
    public override init(layer: Any) {
        super.init(layer: layer)
        guard let other = layer as? CAGradientLayer else { return }
        (colors, locations, startPoint, endPoint, type) = (other.colors, other.locations, other.startPoint, other.endPoint, other.type)
    }

    override func presentationCopy() -> CALayer { CAGradientLayer(layer: self) }

    override func finishPresentationCopy(from layer: CALayer, at time: TimeInterval) {
        guard let model = layer as? CAGradientLayer else { return }
        startPoint = model.shown(.startPoint, model.startPoint, at: time)
        endPoint = model.shown(.endPoint, model.endPoint, at: time)
        (colors, locations) = model.shownStops(at: time)
    }

    /// `colors` and `locations` as shown at `time`: each list interpolates stop by stop between
    /// lists of one length (see `ShapedLayerValue`).
    func shownStops(at time: TimeInterval) -> (colors: [Any]?, locations: [NSNumber]?) {
        var shownColors = colors, shownLocations = locations
        if animates(.colors) {
            let numbers = ShapedLayerValue.numbers(of: shownComponents(.colors, ShapedLayerValue.components(of: colors) ?? [0], at: time))
            shownColors = stride(from: 0, to: numbers.count - 3, by: 4).compactMap { index -> Any? in
                OptionalColor(layerComponents: Array(numbers[index..<index + 4])).color
            }
        }
        if animates(.locations) {
            let numbers = ShapedLayerValue.numbers(of: shownComponents(.locations, ShapedLayerValue.components(of: locations) ?? [0], at: time))
            shownLocations = numbers.isEmpty && locations == nil ? nil : numbers.map { NSNumber(value: $0) }
        }
        return (shownColors, shownLocations)
    }

    override func layerContent(in bounds: CGRect, at time: TimeInterval) -> [DrawingCommand] {
        var commands = ownContent(in: bounds, at: time)
        let startPoint = shown(.startPoint, self.startPoint, at: time), endPoint = shown(.endPoint, self.endPoint, at: time)
        let (shownColors, locations) = shownStops(at: time)
        let colors: [Color] = (shownColors ?? []).compactMap { value in
            switch value {
            case let color as CGColor: return color.rasterColor
            case let color as UIColor: return color.cgColor.rasterColor
            default: return nil
            }
        }
        guard !colors.isEmpty, bounds.width > 0, bounds.height > 0 else { return commands }
        let given = (locations ?? []).map(\.doubleValue)
        let stops = colors.enumerated().map { index, color in
            LinearGradient.Stop(location: given.count == colors.count ? given[index]
                                    : colors.count == 1 ? 0 : Double(index) / Double(colors.count - 1),
                                color: color)
        }
        func point(_ unit: CGPoint) -> CGPoint {
            CGPoint(x: bounds.minX + unit.x * bounds.width, y: bounds.minY + unit.y * bounds.height)
        }
        let start = point(startPoint), end = point(endPoint)
        let paint: Paint
        switch type {
        case .radial:
            paint = .radialGradient(RadialGradient(center: start, radii: CGSize(width: abs(end.x - start.x), height: abs(end.y - start.y)),
                                                   stops: stops))
        case .conic:
            paint = .conicGradient(ConicGradient(center: start, startAngle: Double(atan2(end.y - start.y, end.x - start.x)), stops: stops))
        default:
            paint = .linearGradient(LinearGradient(start: start, end: end, stops: stops))
        }
        commands.append(.paint(Path(rect: bounds), paint: paint, rule: .nonZero))
        return commands
    }
}

public struct CAGradientLayerType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let axial = Self(rawValue: "axial")
    public static let radial = Self(rawValue: "radial")
    public static let conic = Self(rawValue: "conic")
}
