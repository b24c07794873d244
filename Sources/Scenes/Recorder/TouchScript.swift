import CollectionLayout
import Foundation

/// One finger's script, in Swift as in a scene's `touches`: down, move (to a point over a
/// duration, with a curve), up, tap, and holds between them.
///
/// ```swift
/// let drag = TouchScript()
///     .down(at: 0.2, CGPoint(x: 150, y: 200))
///     .hold(0.6)                                   // a long press
///     .move(to: CGPoint(x: 300, y: 600), duration: 1, curve: .easeInOut)
///     .up()
/// let fromFile = try TouchScript(contentsOf: URL(fileURLWithPath: "drag.json"))   // [{ "at": 0.2, "down": [150, 200] }, …]
/// ```
///
/// An event without a time starts when the previous one ends (plus any `hold`). The script is
/// checked when it is recorded (`validated(duration:)`): events in order, down before move and up.
///
/// A move is delivered as touches sampled at 120 Hz (as a ProMotion display reports them),
/// whatever the frame rate of the output, so the motion is the same at 30 and at 60 fps.
public struct TouchScript: Equatable, Sendable {
    /// Touch samples per second during a move.
    public static let sampleRate = 120.0

    public private(set) var events: [Scene.TouchEvent]
    /// When the next event without a time starts: the end of the last one plus the holds since.
    private var cursor: Double

    public init(_ events: [Scene.TouchEvent] = []) {
        self.events = events
        cursor = events.last?.endTime ?? 0
    }

    /// A script from a JSON array of touch events written as a scene's `touches` are; errors
    /// name `file` and the JSON path (`[2].duration`).
    public init(json: [UInt8], file: String) throws {
        let value: JSONValue
        do {
            value = try JSONParser.parse(json)
        } catch let syntax as JSONSyntaxError {
            throw SceneError(file: file, location: "line \(syntax.line), column \(syntax.column)", message: "not valid JSON: \(syntax.reason)")
        }
        self.init(try Scene.touches(Node(value: value, path: "", file: file), duration: SceneLimits.duration.upperBound))
    }

    /// A script from a JSON file holding an array of touch events.
    public init(contentsOf url: URL) throws {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw SceneError(file: url.path, location: "", message: "cannot be read (\(error.localizedDescription)); "
                             + "expected a JSON array of touch events such as [{ \"at\": 0.2, \"down\": [150, 200] }]")
        }
        try self.init(json: [UInt8](data), file: url.path)
    }

    // MARK: Building

    /// The finger lands at `point` (window points) at `time`, or when the previous event ends.
    public func down(at time: Double? = nil, _ point: CGPoint) -> TouchScript {
        appending(.down(at: time ?? cursor, point: point))
    }

    /// The finger moves from where it is to `point` over `duration` seconds along `curve`.
    public func move(at time: Double? = nil, to point: CGPoint, duration: Double, curve: Scene.Curve = .linear) -> TouchScript {
        appending(.move(at: time ?? cursor, point: point, duration: duration, curve: curve))
    }

    /// The finger lifts.
    public func up(at time: Double? = nil) -> TouchScript {
        appending(.up(at: time ?? cursor))
    }

    /// Down and up at `point`, `duration` apart.
    public func tap(at time: Double? = nil, _ point: CGPoint, duration: Double = 0.1) -> TouchScript {
        appending(.tap(at: time ?? cursor, point: point, duration: duration))
    }

    /// Nothing happens for `seconds`: the finger stays where it is (down or up), and the next event
    /// without a time starts that much later.
    public func hold(_ seconds: Double) -> TouchScript {
        var script = self
        script.cursor += seconds
        return script
    }

    private func appending(_ event: Scene.TouchEvent) -> TouchScript {
        var script = self
        script.events.append(event)
        script.cursor = event.endTime
        return script
    }

    /// When the last event ends.
    public var endTime: Double { events.last?.endTime ?? 0 }

    // MARK: Checking and delivering

    /// The script as a scene would accept it within `duration` seconds, or a `SceneError` naming
    /// the first event at fault (`touches[2]`) and why.
    public func validated(duration: Double) throws -> TouchScript {
        try TouchScript(Scene.touches(Node(value: json, path: "touches", file: "touch script"), duration: duration))
    }

    /// The script as the JSON a scene's `touches` holds.
    public var json: JSONValue {
        func point(_ p: CGPoint) -> JSONValue { .array([.number(Double(p.x)), .number(Double(p.y))]) }
        return .array(events.map { event in
            switch event {
            case let .down(at, p): return .object([("at", .number(at)), ("down", point(p))])
            case let .move(at, p, duration, curve):
                return .object([("at", .number(at)), ("move", point(p)), ("duration", .number(duration)), ("curve", .string(curve.rawValue))])
            case let .up(at): return .object([("at", .number(at)), ("up", .bool(true))])
            case let .tap(at, p, duration): return .object([("at", .number(at)), ("tap", point(p)), ("duration", .number(duration))])
            }
        })
    }

    /// The touches the finger delivers, in time order.
    public var touches: [Touch] { Self.touches(for: events) }

    public static func touches(for events: [Scene.TouchEvent]) -> [Touch] {
        var touches: [Touch] = []
        var location = CGPoint.zero
        for event in events {
            switch event {
            case let .down(at, point):
                location = point
                touches.append(Touch(.began, at: point, time: at))
            case let .move(at, point, duration, curve):
                let start = location
                let samples = max(1, Int((duration * sampleRate - 1e-9).rounded(.up)))
                for k in 1...samples {
                    let p = Double(k) / Double(samples)
                    let eased = curve.progress(p)
                    location = CGPoint(x: start.x + (point.x - start.x) * eased, y: start.y + (point.y - start.y) * eased)
                    touches.append(Touch(.moved, at: location, time: at + duration * p))
                }
                location = point
            case let .up(at):
                touches.append(Touch(.ended, at: location, time: at))
            case let .tap(at, point, duration):
                location = point
                touches.append(Touch(.began, at: point, time: at))
                touches.append(Touch(.ended, at: point, time: at + duration))
            }
        }
        return touches
    }
}
