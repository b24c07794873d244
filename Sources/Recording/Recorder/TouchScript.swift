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
    /// One step of the finger's script.
    public enum Event: Equatable, Sendable {
        case down(at: Double, point: CGPoint)
        /// From wherever the finger is to `point`, starting at `at`, over `duration`.
        case move(at: Double, point: CGPoint, duration: Double, curve: Curve)
        case up(at: Double)
        /// Down and up at `point`, `duration` apart.
        case tap(at: Double, point: CGPoint, duration: Double)

        public var time: Double {
            switch self {
            case .down(let at, _), .move(let at, _, _, _), .up(let at), .tap(let at, _, _): return at
            }
        }

        /// When the event is over.
        public var endTime: Double {
            switch self {
            case .move(let at, _, let duration, _), .tap(let at, _, let duration): return at + duration
            case .down(let at, _), .up(let at): return at
            }
        }
    }

    public enum Curve: String, Equatable, Sendable, CaseIterable {
        case linear, easeIn, easeOut, easeInOut

        /// Progress at `p` in 0…1: the cubic ease curves.
        public func progress(_ p: Double) -> Double {
            switch self {
            case .linear: return p
            case .easeIn: return p * p * p
            case .easeOut: return 1 - (1 - p) * (1 - p) * (1 - p)
            case .easeInOut: return p < 0.5 ? 4 * p * p * p : 1 - pow(-2 * p + 2, 3) / 2
            }
        }
    }

    /// Touch samples per second during a move.
    public static let sampleRate = 120.0

    public private(set) var events: [Event]
    /// When the next event without a time starts: the end of the last one plus the holds since.
    private var cursor: Double

    public init(_ events: [Event] = []) {
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
        self.init(try Self.events(Node(value: value, path: "", file: file), duration: SceneLimits.duration.upperBound))
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
    public func move(at time: Double? = nil, to point: CGPoint, duration: Double, curve: Curve = .linear) -> TouchScript {
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

    private func appending(_ event: Event) -> TouchScript {
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
        try TouchScript(Self.events(Node(value: json, path: "touches", file: "touch script"), duration: duration))
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

    public static func touches(for events: [Event]) -> [Touch] {
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

extension TouchScript {
    /// The events of a JSON array of touch events (a scene's `touches`), each within `duration`
    /// seconds; errors name the file and the JSON path of the event at fault.
    package static func events(_ node: Node, duration: Double) throws -> [Event] {
        var events: [Event] = []
        var isDown = false
        var previousEnd = 0.0
        for element in try node.array(expected: "an array of touch events such as { \"at\": 0.2, \"down\": [150, 200] }") {
            let kinds = ["down", "move", "up", "tap"]
            let object = try element.object(keys: ["at", "down", "move", "up", "tap", "duration", "curve"],
                                            expected: "a touch event: an object such as { \"at\": 0.2, \"down\": [150, 200] }")
            let named = kinds.filter { object.optional($0) != nil }
            guard named.count == 1 else {
                throw element.error(named.isEmpty ? "expected one of \"down\", \"move\", \"up\" or \"tap\", found none"
                                                  : "expected one of \"down\", \"move\", \"up\" or \"tap\", found \(named.map { "\"\($0)\"" }.joined(separator: " and "))")
            }
            let atNode = try object.required("at", "the time of the event in seconds")
            let written = try atNode.number(in: 0...duration, "a time in seconds within the scene's duration")
            // Times that meet are equal within a microsecond (0.1 + 0.2 is 0.30000000000000004).
            guard written >= previousEnd - SceneLimits.timeTolerance else {
                throw atNode.error("expected a time at or after \(JSONValue.format(previousEnd)) s (touch events run in order, each after the previous one ends), found \(JSONValue.format(written))")
            }
            let at = max(written, previousEnd)
            func point(_ node: Node) throws -> CGPoint {
                let (x, y) = try node.pair(in: SceneLimits.length, "a point [x, y] in screen points")
                return CGPoint(x: x, y: y)
            }
            func eventDuration(_ fallback: Double) throws -> Double {
                let value = try object.value("duration", default: fallback) { try $0.number(in: 0...600, "a duration in seconds") }
                guard at + value <= duration + SceneLimits.timeTolerance else {
                    throw (object.optional("duration") ?? atNode).error(
                        "expected the event to end within the scene's \(JSONValue.format(duration)) s, found an end at \(JSONValue.format(at + value)) s")
                }
                return value
            }
            func refuse(_ key: String) throws {
                if let extra = object.optional(key) { throw extra.error("\"\(key)\" applies to \"move\" events only") }
            }
            let event: Event
            switch named[0] {
            case "down":
                let pointNode = try object.required("down", "a point")
                guard !isDown else { throw pointNode.error("expected the finger to be up before \"down\", found it already down") }
                try refuse("duration")
                try refuse("curve")
                event = .down(at: at, point: try point(pointNode))
                isDown = true
            case "move":
                let pointNode = try object.required("move", "a point")
                guard isDown else { throw pointNode.error("expected the finger to be down before \"move\"; add a \"down\" event first") }
                let curve = try object.value("curve", default: Curve.linear) { Curve(rawValue: try $0.choice(Curve.allCases.map(\.rawValue)))! }
                event = .move(at: at, point: try point(pointNode), duration: try eventDuration(0), curve: curve)
            case "up":
                let upNode = try object.required("up", "true")
                guard case .bool(true) = upNode.value else { throw upNode.mismatch("true") }
                guard isDown else { throw upNode.error("expected the finger to be down before \"up\"; add a \"down\" event first") }
                try refuse("duration")
                try refuse("curve")
                event = .up(at: at)
                isDown = false
            default:
                let pointNode = try object.required("tap", "a point")
                guard !isDown else { throw pointNode.error("expected the finger to be up before \"tap\", found it down") }
                try refuse("curve")
                event = .tap(at: at, point: try point(pointNode), duration: try eventDuration(0.1))
            }
            previousEnd = event.endTime
            events.append(event)
        }
        return events
    }
}
