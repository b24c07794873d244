import Foundation

/// What fills a shape: a solid colour or a gradient.
public enum Paint: Sendable, Equatable {
    case solid(Color)
    case linearGradient(LinearGradient)
    case radialGradient(RadialGradient)
    case conicGradient(ConicGradient)
}

/// A radial gradient: location 0 at `center`, 1 on the axis-aligned ellipse with radii `radii`
/// around it (the shape's own coordinates, before its transform); beyond it the last colour.
public struct RadialGradient: Sendable, Equatable {
    public var center: CGPoint
    public var radii: CGSize
    public var stops: [LinearGradient.Stop]

    public init(center: CGPoint, radii: CGSize, stops: [LinearGradient.Stop]) {
        self.center = center
        self.radii = radii
        self.stops = stops.sorted { $0.location < $1.location }
    }
}

/// A conic (angular) gradient around `center`: location 0 along `startAngle` (radians, measured
/// from the x axis towards y, so clockwise on screen), growing clockwise to 1 after a full turn.
public struct ConicGradient: Sendable, Equatable {
    public var center: CGPoint
    public var startAngle: Double
    public var stops: [LinearGradient.Stop]

    public init(center: CGPoint, startAngle: Double, stops: [LinearGradient.Stop]) {
        self.center = center
        self.startAngle = startAngle
        self.stops = stops.sorted { $0.location < $1.location }
    }
}

/// A linear gradient between two points in the shape's own coordinates (points, before the
/// shape's transform). Colours are interpolated in straight sRGB between stops, then
/// premultiplied; beyond the ends the end colours extend.
public struct LinearGradient: Sendable, Equatable {
    public struct Stop: Sendable, Equatable {
        public var location: Double
        public var color: Color
        public init(location: Double, color: Color) {
            self.location = location
            self.color = color
        }
    }

    public var start: CGPoint
    public var end: CGPoint
    public var stops: [Stop]

    public init(start: CGPoint, end: CGPoint, stops: [Stop]) {
        self.start = start
        self.end = end
        self.stops = stops.sorted { $0.location < $1.location }
    }

    public init(start: CGPoint, end: CGPoint, from: Color, to: Color) {
        self.init(start: start, end: end, stops: [Stop(location: 0, color: from), Stop(location: 1, color: to)])
    }

    /// 256 premultiplied colours along the gradient; the blitter indexes it by position.
    func lookupTable() -> [UInt32] { Self.lookupTable(stops) }

    /// 256 premultiplied colours along `stops`.
    static func lookupTable(_ stops: [Stop]) -> [UInt32] {
        guard let first = stops.first, let last = stops.last else { return [UInt32](repeating: 0, count: 256) }
        var table: [UInt32] = []
        table.reserveCapacity(256)
        for i in 0..<256 {
            let t = Double(i) / 255
            if t <= first.location {
                table.append(first.color.premultiplied)
            } else if t >= last.location {
                table.append(last.color.premultiplied)
            } else {
                let upper: Int = stops.firstIndex { $0.location >= t } ?? stops.count - 1
                let a: Stop = stops[max(0, upper - 1)], b: Stop = stops[upper]
                let f: Double = b.location > a.location ? (t - a.location) / (b.location - a.location) : 1
                let color = Color(red: Self.mix(a.color.red, b.color.red, f), green: Self.mix(a.color.green, b.color.green, f),
                                  blue: Self.mix(a.color.blue, b.color.blue, f), alpha: Self.mix(a.color.alpha, b.color.alpha, f))
                table.append(color.premultiplied)
            }
        }
        return table
    }

    /// x + (y − x)·f, rounded. Spelled out with its types: as a closure inside `lookupTable` it
    /// took the type checker half a second.
    private static func mix(_ x: UInt8, _ y: UInt8, _ f: Double) -> UInt8 {
        let start = Double(x), end = Double(y)
        return UInt8((start + (end - start) * f).rounded())
    }
}
