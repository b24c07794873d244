// Bodies: the state the inner loops touch (BodyState) kept apart from the rarely changing
// properties (BodyProperties), as Box2D v3 separates its body state from its body sim.
import Foundation

/// Position and velocity of one body. Points, radians, points per second, radians per second.
struct BodyState {
    var center: Vec2
    var angle: Double
    var velocity: Vec2
    var angularVelocity: Double

    static let ground = BodyState(center: .zero, angle: 0, velocity: .zero, angularVelocity: 0)
}

/// The collision outline of a body.
enum BodyShape: Equatable {
    case box
    /// An ellipse inscribed in the bounds, collided as a 16-sided polygon.
    case ellipse
    /// A convex polygon about the center, its vertices ordered as a box's (see `ConvexPolygon`).
    case polygon([Vec2])

    /// The convex hull of `points` (about the center), in the order collision expects; nil for
    /// fewer than three points not on one line.
    static func hull(_ points: [Vec2]) -> BodyShape? {
        let sorted = points.sorted { ($0.x, $0.y) < ($1.x, $1.y) }
        guard sorted.count >= 3 else { return nil }
        func turn(_ o: Vec2, _ a: Vec2, _ b: Vec2) -> Double { cross(a - o, b - o) }
        var lower: [Vec2] = [], upper: [Vec2] = []
        for p in sorted {
            while lower.count >= 2, turn(lower[lower.count - 2], lower[lower.count - 1], p) <= 0 { lower.removeLast() }
            lower.append(p)
        }
        for p in sorted.reversed() {
            while upper.count >= 2, turn(upper[upper.count - 2], upper[upper.count - 1], p) <= 0 { upper.removeLast() }
            upper.append(p)
        }
        let hull = Array(lower.dropLast()) + Array(upper.dropLast())
        guard hull.count >= 3 else { return nil }
        return .polygon(hull)
    }

    /// The farthest any point of the shape lies from the center, for a body of `size`.
    /// The outline about the center, unrotated, for bounds of `size`: a box's corners, an
    /// ellipse's 16 vertices, or the polygon's.
    func vertices(size: Vec2) -> [Vec2] {
        let hx = size.x / 2, hy = size.y / 2
        switch self {
        case .box:
            return [Vec2(-hx, -hy), Vec2(hx, -hy), Vec2(hx, hy), Vec2(-hx, hy)]
        case .ellipse:
            return (0..<16).map { k in
                let t = 2 * Double.pi * Double(k) / 16
                return Vec2(hx * cos(t), hy * sin(t))
            }
        case .polygon(let vertices):
            return vertices
        }
    }

    func reach(size: Vec2) -> Double {
        if case .polygon(let vertices) = self { return vertices.map(\.length).max() ?? 0 }
        return size.length / 2
    }
}

/// Mass, shape and material of one body, and the external forces on it.
struct BodyProperties {
    /// Width and height of the unrotated bounds, in points.
    var size: Vec2 = Vec2(1, 1)
    var shape: BodyShape = .box
    /// kg per square metre (UIKit's `density`): a 100×100 pt item of density 1 weighs 1 kg.
    var density: Double = 1
    var friction: Double = 0
    /// Restitution (UIKit's `elasticity`): 0 stops dead, 1 bounces back at full speed.
    var restitution: Double = 0
    /// Linear damping c in 1/s: each step v ← v / (1 + h·c) (UIKit's `resistance`).
    var linearDamping: Double = 0
    /// Angular damping in 1/s (UIKit's `angularResistance`).
    var angularDamping: Double = 0
    var allowsRotation = true
    var isAnchored = false
    /// Acceleration from gravity behaviors, points/s².
    var acceleration: Vec2 = .zero
    /// Continuous force from push behaviors, kg·points/s².
    var force: Vec2 = .zero
    /// Electric charge (UIKit's `charge`), which electric and magnetic fields act on.
    var charge: Double = 0
    /// The torque of continuous pushes applied off the center. A force F at offset o in the
    /// body's frame has torque cross(R·o, F) = cos θ·cross(o, F) − sin θ·dot(o, F), so the sums
    /// of cross(o, F) and dot(o, F) give the torque at any angle θ. kg·points²/s².
    var forceMomentCross: Double = 0
    var forceMomentDot: Double = 0

    /// Mass and moment of inertia about the center at density 1, where they are not those of the
    /// outline (an item group's: the sum of its items'); nil: from the size and shape.
    var unitMass: (mass: Double, inertia: Double)?

    private(set) var invMass: Double = 1
    private(set) var invInertia: Double = 0

    /// The ground: immovable, at the origin. Anchors of attachments hang from it.
    static let ground: BodyProperties = {
        var properties = BodyProperties()
        properties.isAnchored = true
        properties.updateMass()
        return properties
    }()

    /// Mass from density × area in square metres; moment of inertia of a box, m·(w² + h²)/12,
    /// or of an ellipse, m·(w² + h²)/16, in kg·points² (a path: the box of its bounds).
    mutating func updateMass() {
        let area = max(size.x, 0) * max(size.y, 0) / (100 * 100)
        let mass = max(density, 0) * (unitMass?.mass ?? area)
        if isAnchored || !(mass > 0) || !mass.isFinite {
            invMass = 0
            invInertia = 0
            return
        }
        invMass = 1 / mass
        let divisor: Double = shape == .ellipse ? 16 : 12
        let inertia = unitMass.map { max(density, 0) * $0.inertia } ?? mass * size.lengthSquared / divisor
        invInertia = allowsRotation && inertia > 0 ? 1 / inertia : 0
    }

    var isStatic: Bool { invMass == 0 }
}

/// Per-step scratch of one body.
struct BodyStepData {
    /// The rotation of `rotationAngle`, recomputed only when the body has turned: most bodies in
    /// a UI never do, and sine and cosine were about a fifth of a step's time.
    var rotation: Rot
    var rotationAngle: Double
    /// The sum of (1 − θ)·Δv over this step's velocity changes from forces and springs, each with
    /// its own θ. Positions advance by h·(v − lag), so forces and springs follow the θ-method
    /// while impulses of rigid constraints and contacts act fully, as in Box2D.
    var lagVelocity: Vec2
    var lagAngularVelocity: Double
    /// Displacement and rotation this step, for contacts in the relax pass.
    var deltaPosition: Vec2
    var deltaAngle: Double
    /// Velocity at the start of the step (until the next step starts, the previous one's), and
    /// its change over the step before that.
    var startVelocity: Vec2
    var startAngularVelocity: Double
    var velocityChange: Vec2
    var angularVelocityChange: Double
    /// Where this step's midpoint is predicted to be, as a shift from the start (springs of the
    /// exact integrator take their geometry there; see Softness.swift), and the rotation there.
    var midShift: Vec2
    var midTurn: Double
    var midRotation: Rot

    /// How far the point at lever arm `r` has moved this step (for the relax pass and position
    /// correction).
    @inline(__always) func displacement(at r: Vec2) -> Vec2 {
        deltaPosition + cross(deltaAngle, r)
    }

    /// The velocity of the point at lever arm `r` at the start of the step, before forces.
    @inline(__always) func startVelocity(at r: Vec2) -> Vec2 {
        startVelocity + cross(startAngularVelocity, r)
    }

    static let initial = BodyStepData(
        rotation: Rot(angle: 0), rotationAngle: 0, lagVelocity: .zero, lagAngularVelocity: 0,
        deltaPosition: .zero, deltaAngle: 0, startVelocity: .zero, startAngularVelocity: 0,
        velocityChange: .zero, angularVelocityChange: 0, midShift: .zero, midTurn: 0, midRotation: Rot(angle: 0))
}
