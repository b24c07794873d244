import Foundation
@testable import Dynamics

/// Box2D 2.3's rigid-body step for boxes and static planes, written from its published source
/// (b2World::Step, b2Island::Solve, b2CollidePolygons, b2WorldManifold, b2ContactSolver) in
/// UIKit's units: skins of b2_polygonRadius = 1 pt, b2_linearSlop 0.5 pt, restitution threshold
/// 100 pt/s, b2_baumgarte 0.2, 8 velocity and 3 position iterations, warm starting by contact
/// feature. Friction mixes as √(fA·fB), restitution as the larger; a plane has the friction and
/// elasticity of the item that touches it. Continuous collision is left out: at the fine steps
/// the tests run it at (1/7680 s), no item moves more than 0.1 pt in a step, so it never acts.
///
/// Independent of the solver under test: the tests run the animator's integrators against this.
struct Box2D23Reference {
    typealias Body = ReferenceBox

    /// A static boundary: items stay on the side its normal points to.
    struct Plane {
        var normal: Vec2
        var point: Vec2
    }

    /// b2Manifold: the reference face (normal and a point on it) in its owner's frame, and the
    /// clip points in the other shape's frame.
    struct Manifold {
        enum Reference { case faceA, faceB }
        var reference: Reference
        var localNormal: Vec2
        var localPoint: Vec2
        var points: [(local: Vec2, id: Int)]
    }

    struct ContactPoint {
        var rA: Vec2, rB: Vec2
        var normalMass: Double, tangentMass: Double
        var velocityBias: Double
        var normalImpulse: Double, tangentImpulse: Double
        var id: Int
    }

    struct Contact {
        /// Body A; nil for a plane (then `plane` is its index).
        var a: Int?
        var plane: Int
        var b: Int
        var manifold: Manifold
        var normal = Vec2.zero
        var friction: Double
        var restitution: Double
        var points: [ContactPoint] = []
    }

    var bodies: [Body]
    var planes: [Plane] = []
    var gravity = Vec2(0, 1000)
    let radius = 1.0, slop = 0.5, threshold = 100.0, baumgarte = 0.2, maxCorrection = 20.0
    let velocityIterations = 8, positionIterations = 3
    /// Accumulated impulses by contact and feature, from the previous step (warm starting).
    private var lastImpulses: [String: (Double, Double)] = [:]

    init(bodies: [Body], planes: [Plane] = [], gravity: Vec2 = Vec2(0, 1000)) {
        self.bodies = bodies
        self.planes = planes
        self.gravity = gravity
    }

    // MARK: Collision

    private static func worldVertices(_ body: Body) -> [Vec2] { body.localVertices.map(body.toWorld) }
    private static func worldNormals(_ body: Body) -> [Vec2] { ReferenceBox.localNormals.map(body.rotated) }

    /// b2FindMaxSeparation: the face of `one` along whose normal `other` is farthest out.
    private static func maxSeparation(_ one: Body, _ other: Body) -> (edge: Int, separation: Double) {
        let vertices = worldVertices(one), normals = worldNormals(one), otherVertices = worldVertices(other)
        var best = (edge: 0, separation: -Double.infinity)
        for i in 0..<4 {
            let s = otherVertices.map { dot(normals[i], $0 - vertices[i]) }.min()!
            if s > best.separation { best = (i, s) }
        }
        return best
    }

    /// b2CollidePolygons.
    private func collide(_ a: Body, _ b: Body) -> Manifold? {
        let totalRadius = 2 * radius
        let (edgeA, separationA) = Self.maxSeparation(a, b)
        if separationA > totalRadius { return nil }
        let (edgeB, separationB) = Self.maxSeparation(b, a)
        if separationB > totalRadius { return nil }
        let flip = separationB > separationA + 0.1 * slop
        let poly1 = flip ? b : a, poly2 = flip ? a : b
        let edge1 = flip ? edgeB : edgeA
        // b2FindIncidentEdge: the face of poly2 most anti-parallel to the reference normal.
        let normal1 = poly1.rotated(ReferenceBox.localNormals[edge1])
        let normals2 = Self.worldNormals(poly2)
        let incident = (0..<4).min { dot(normal1, normals2[$0]) < dot(normal1, normals2[$1]) }!
        let vertices2 = Self.worldVertices(poly2)
        var clip: [(Vec2, Int)] = [(vertices2[incident], incident), (vertices2[(incident + 1) % 4], (incident + 1) % 4)]
        let local1 = poly1.localVertices
        let v11 = poly1.toWorld(local1[edge1]), v12 = poly1.toWorld(local1[(edge1 + 1) % 4])
        let tangent = (v12 - v11).normalized().0
        let normal = Vec2(tangent.y, -tangent.x)
        let frontOffset = dot(normal, v11)
        let sideOffset1 = -dot(tangent, v11) + totalRadius
        let sideOffset2 = dot(tangent, v12) + totalRadius
        // b2ClipSegmentToLine against both side planes; a clipped point takes a new feature id.
        func clipped(_ points: [(Vec2, Int)], _ n: Vec2, _ offset: Double, side: Int) -> [(Vec2, Int)] {
            let d0 = dot(n, points[0].0) - offset, d1 = dot(n, points[1].0) - offset
            var out: [(Vec2, Int)] = []
            if d0 <= 0 { out.append(points[0]) }
            if d1 <= 0 { out.append(points[1]) }
            if d0 * d1 < 0 {
                let t = d0 / (d0 - d1)
                out.append((points[0].0 + t * (points[1].0 - points[0].0), 100 + 10 * side + points[0].1))
            }
            return out
        }
        clip = clipped(clip, -tangent, sideOffset1, side: 0)
        if clip.count < 2 { return nil }
        clip = clipped(clip, tangent, sideOffset2, side: 1)
        if clip.count < 2 { return nil }
        var points: [(local: Vec2, id: Int)] = []
        for (point, id) in clip where dot(normal, point) - frontOffset <= totalRadius {
            points.append((poly2.toLocal(point), 1000 * edge1 + id))
        }
        if points.isEmpty { return nil }
        return Manifold(reference: flip ? .faceB : .faceA, localNormal: ReferenceBox.localNormals[edge1],
                        localPoint: 0.5 * (local1[edge1] + local1[(edge1 + 1) % 4]), points: points)
    }

    /// A box against a static plane: the incident face's vertices within reach (what
    /// b2CollideEdgeAndPolygon gives for a face on a long edge).
    private func collide(_ plane: Plane, _ b: Body) -> Manifold? {
        let normals = Self.worldNormals(b)
        let incident = (0..<4).min { dot(plane.normal, normals[$0]) < dot(plane.normal, normals[$1]) }!
        var points: [(local: Vec2, id: Int)] = []
        for index in [incident, (incident + 1) % 4] {
            let vertex = b.localVertices[index]
            if dot(plane.normal, b.toWorld(vertex) - plane.point) <= 2 * radius { points.append((vertex, index)) }
        }
        if points.isEmpty { return nil }
        return Manifold(reference: .faceA, localNormal: plane.normal, localPoint: plane.point, points: points)
    }

    /// Body A's pose for a contact: the plane's frame is the world's.
    private func poseA(_ contact: Contact) -> Body? { contact.a.map { bodies[$0] } }

    /// b2WorldManifold::Initialize: the normal from A to B and each point midway between the skins.
    private func worldManifold(_ contact: Contact) -> (normal: Vec2, points: [Vec2]) {
        let m = contact.manifold
        let a = poseA(contact), b = bodies[contact.b]
        func world(_ body: Body?, _ p: Vec2) -> Vec2 { body?.toWorld(p) ?? p }
        func rotate(_ body: Body?, _ v: Vec2) -> Vec2 { body?.rotated(v) ?? v }
        switch m.reference {
        case .faceA:
            let normal = rotate(a, m.localNormal), planePoint = world(a, m.localPoint)
            let points = m.points.map { point -> Vec2 in
                let clipPoint = b.toWorld(point.local)
                let cA = clipPoint + (radius - dot(clipPoint - planePoint, normal)) * normal
                let cB = clipPoint - radius * normal
                return 0.5 * (cA + cB)
            }
            return (normal, points)
        case .faceB:
            let normal = b.rotated(m.localNormal), planePoint = b.toWorld(m.localPoint)
            let points = m.points.map { point -> Vec2 in
                let clipPoint = world(a, point.local)
                let cB = clipPoint + (radius - dot(clipPoint - planePoint, normal)) * normal
                let cA = clipPoint - radius * normal
                return 0.5 * (cA + cB)
            }
            return (-normal, points)
        }
    }

    private func findContacts() -> [Contact] {
        var contacts: [Contact] = []
        for (p, plane) in planes.enumerated() {
            for (i, body) in bodies.enumerated() {
                if let manifold = collide(plane, body) {
                    contacts.append(Contact(a: nil, plane: p, b: i, manifold: manifold, friction: body.friction,
                                            restitution: body.restitution))
                }
            }
        }
        for i in bodies.indices {
            for j in bodies.indices where j > i {
                if let manifold = collide(bodies[i], bodies[j]) {
                    contacts.append(Contact(a: i, plane: -1, b: j, manifold: manifold,
                                            friction: (bodies[i].friction * bodies[j].friction).squareRoot(),
                                            restitution: max(bodies[i].restitution, bodies[j].restitution)))
                }
            }
        }
        return contacts
    }

    private func key(_ contact: Contact, _ id: Int) -> String { "\(contact.a ?? -1 - contact.plane) \(contact.b) \(contact.manifold.reference) \(id)" }

    // MARK: Solver

    private func masses(_ contact: Contact) -> (mA: Double, iA: Double, mB: Double, iB: Double) {
        let a = poseA(contact), b = bodies[contact.b]
        return (a?.invMass ?? 0, a?.invInertia ?? 0, b.invMass, b.invInertia)
    }

    /// b2ContactSolver::InitializeVelocityConstraints.
    private func prepare(_ contact: inout Contact) {
        let (normal, points) = worldManifold(contact)
        contact.normal = normal
        let tangent = Vec2(normal.y, -normal.x)
        let (mA, iA, mB, iB) = masses(contact)
        let centerA = poseA(contact)?.center ?? .zero, b = bodies[contact.b]
        contact.points = []
        for (index, point) in points.enumerated() {
            let rA = point - centerA, rB = point - b.center
            let rnA = cross(rA, normal), rnB = cross(rB, normal)
            let rtA = cross(rA, tangent), rtB = cross(rB, tangent)
            let kNormal = mA + mB + iA * rnA * rnA + iB * rnB * rnB
            let kTangent = mA + mB + iA * rtA * rtA + iB * rtB * rtB
            let vRel = dot(normal, relativeVelocity(contact, rA, rB))
            let id = contact.manifold.points[index].id
            let (normalImpulse, tangentImpulse) = lastImpulses[key(contact, id)] ?? (0, 0)
            contact.points.append(ContactPoint(rA: rA, rB: rB, normalMass: 1 / kNormal, tangentMass: 1 / kTangent,
                                               velocityBias: vRel < -threshold ? -contact.restitution * vRel : 0,
                                               normalImpulse: normalImpulse, tangentImpulse: tangentImpulse, id: id))
        }
    }

    /// b2ContactSolver::WarmStart.
    private mutating func warmStart(_ contact: Contact) {
        let tangent = Vec2(contact.normal.y, -contact.normal.x)
        for point in contact.points {
            apply(point.normalImpulse * contact.normal + point.tangentImpulse * tangent, contact, point.rA, point.rB)
        }
    }

    private func relativeVelocity(_ contact: Contact, _ rA: Vec2, _ rB: Vec2) -> Vec2 {
        let b = bodies[contact.b]
        var v = b.velocity + cross(b.angularVelocity, rB)
        if let a = poseA(contact) { v -= a.velocity + cross(a.angularVelocity, rA) }
        return v
    }

    private mutating func apply(_ impulse: Vec2, _ contact: Contact, _ rA: Vec2, _ rB: Vec2) {
        if let a = contact.a {
            bodies[a].velocity -= bodies[a].invMass * impulse
            bodies[a].angularVelocity -= bodies[a].invInertia * cross(rA, impulse)
        }
        bodies[contact.b].velocity += bodies[contact.b].invMass * impulse
        bodies[contact.b].angularVelocity += bodies[contact.b].invInertia * cross(rB, impulse)
    }

    /// b2ContactSolver::SolveVelocityConstraints for one contact: friction, then the normal
    /// impulses (two points as a block).
    private mutating func solveVelocity(_ contact: inout Contact) {
        let normal = contact.normal, tangent = Vec2(normal.y, -normal.x)
        for i in contact.points.indices {
            let p = contact.points[i]
            let vt = dot(relativeVelocity(contact, p.rA, p.rB), tangent)
            let limit = contact.friction * p.normalImpulse
            let new = min(max(p.tangentImpulse - p.tangentMass * vt, -limit), limit)
            apply((new - p.tangentImpulse) * tangent, contact, p.rA, p.rB)
            contact.points[i].tangentImpulse = new
        }
        let (mA, iA, mB, iB) = masses(contact)
        if contact.points.count == 2 {
            let p1 = contact.points[0], p2 = contact.points[1]
            let rn1A = cross(p1.rA, normal), rn1B = cross(p1.rB, normal)
            let rn2A = cross(p2.rA, normal), rn2B = cross(p2.rB, normal)
            let k11 = mA + mB + iA * rn1A * rn1A + iB * rn1B * rn1B
            let k22 = mA + mB + iA * rn2A * rn2A + iB * rn2B * rn2B
            let k12 = mA + mB + iA * rn1A * rn2A + iB * rn1B * rn2B
            let det = k11 * k22 - k12 * k12
            if k11 * k11 < 1000 * det {
                let a1 = p1.normalImpulse, a2 = p2.normalImpulse
                let vn1 = dot(relativeVelocity(contact, p1.rA, p1.rB), normal)
                let vn2 = dot(relativeVelocity(contact, p2.rA, p2.rB), normal)
                let b1 = vn1 - p1.velocityBias - (k11 * a1 + k12 * a2)
                let b2 = vn2 - p2.velocityBias - (k12 * a1 + k22 * a2)
                var x: (Double, Double)?
                let both = (-(k22 * b1 - k12 * b2) / det, -(k11 * b2 - k12 * b1) / det)
                if both.0 >= 0 && both.1 >= 0 { x = both }
                if x == nil, -b1 / k11 >= 0, k12 * (-b1 / k11) + b2 >= 0 { x = (-b1 / k11, 0) }
                if x == nil, -b2 / k22 >= 0, k12 * (-b2 / k22) + b1 >= 0 { x = (0, -b2 / k22) }
                if x == nil, b1 >= 0, b2 >= 0 { x = (0, 0) }
                if let x {
                    apply((x.0 - a1) * normal, contact, p1.rA, p1.rB)
                    apply((x.1 - a2) * normal, contact, p2.rA, p2.rB)
                    contact.points[0].normalImpulse = x.0
                    contact.points[1].normalImpulse = x.1
                }
                return
            }
        }
        for i in contact.points.indices {
            let p = contact.points[i]
            let vn = dot(relativeVelocity(contact, p.rA, p.rB), normal)
            let new = max(p.normalImpulse - p.normalMass * (vn - p.velocityBias), 0)
            apply((new - p.normalImpulse) * normal, contact, p.rA, p.rB)
            contact.points[i].normalImpulse = new
        }
    }

    /// b2ContactSolver::SolvePositionConstraints: one pass; returns the deepest separation.
    private mutating func solvePosition(_ contact: Contact) -> Double {
        var deepest = 0.0
        let (mA, iA, mB, iB) = masses(contact)
        let m = contact.manifold
        for point in m.points {
            let a = poseA(contact), b = bodies[contact.b]
            let normal: Vec2, clipPoint: Vec2, separation: Double
            switch m.reference {
            case .faceA:
                let n = a?.rotated(m.localNormal) ?? m.localNormal
                let planePoint = a?.toWorld(m.localPoint) ?? m.localPoint
                clipPoint = b.toWorld(point.local)
                separation = dot(clipPoint - planePoint, n) - 2 * radius
                normal = n
            case .faceB:
                let n = b.rotated(m.localNormal), planePoint = b.toWorld(m.localPoint)
                clipPoint = a?.toWorld(point.local) ?? point.local
                separation = dot(clipPoint - planePoint, n) - 2 * radius
                normal = -n
            }
            let rA = clipPoint - (a?.center ?? .zero), rB = clipPoint - b.center
            deepest = min(deepest, separation)
            let c = min(max(baumgarte * (separation + slop), -maxCorrection), 0)
            let rnA = cross(rA, normal), rnB = cross(rB, normal)
            let k = mA + mB + iA * rnA * rnA + iB * rnB * rnB
            let impulse = (k > 0 ? -c / k : 0) * normal
            if let index = contact.a {
                bodies[index].center -= mA * impulse
                bodies[index].angle -= iA * cross(rA, impulse)
            }
            bodies[contact.b].center += mB * impulse
            bodies[contact.b].angle += iB * cross(rB, impulse)
        }
        return deepest
    }

    /// One step of `h` seconds.
    mutating func step(_ h: Double) {
        var contacts = findContacts()   // b2ContactManager::Collide, on the poses the step starts from
        for i in bodies.indices where bodies[i].gravity { bodies[i].velocity += h * gravity }
        for c in contacts.indices { prepare(&contacts[c]) }
        for contact in contacts { warmStart(contact) }
        for _ in 0..<velocityIterations {
            for c in contacts.indices { solveVelocity(&contacts[c]) }
        }
        lastImpulses = [:]
        for contact in contacts {
            for point in contact.points { lastImpulses[key(contact, point.id)] = (point.normalImpulse, point.tangentImpulse) }
        }
        for i in bodies.indices {
            bodies[i].center += h * bodies[i].velocity
            bodies[i].angle += h * bodies[i].angularVelocity
        }
        for _ in 0..<positionIterations {
            var deepest = 0.0
            for contact in contacts { deepest = min(deepest, solvePosition(contact)) }
            if deepest >= -3 * slop { break }
        }
    }
}
