// Narrow and broad phase. Items are convex polygons (a box, or a 16-gon for an ellipse); the
// reference-bounds boundary is four half-planes, so an item pushed through an edge is still
// pushed back; custom boundaries are two-sided segments. Polygon pairs use the separating axis
// with a reference face and clipping of the incident edge (the approach of Box2D 2.x's
// b2CollidePolygons), keeping points while the cores are within the two skins.
import Foundation

/// A line that keeps bodies on the side its normal points to.
struct BoundaryPlane: Equatable {
    var point: Vec2
    var normal: Vec2
}

/// A two-sided wall between two points.
struct BoundarySegment: Equatable {
    var start: Vec2
    var end: Vec2
}

/// Which bodies collide with what, as UICollisionBehavior sets it up.
struct CollisionGroup {
    var bodies: [Int]
    var collidesWithItems: Bool
    var planes: [BoundaryPlane]
    var segments: [BoundarySegment]
}

struct CollisionSetup {
    var groups: [CollisionGroup] = []
}

/// A convex polygon in world space, vertices in order such that each edge's right perpendicular
/// (e.y, −e.x) points outwards.
struct ConvexPolygon {
    var vertices: [Vec2]
    var normals: [Vec2]

    init(vertices: [Vec2]) {
        self.vertices = vertices
        normals = vertices.indices.map { i in
            let edge = vertices[(i + 1) % vertices.count] - vertices[i]
            return edge.rightPerpendicular.normalized().0
        }
    }

    init(segment: BoundarySegment) {
        self.init(vertices: [segment.start, segment.end])
    }

    static func body(_ state: BodyState, _ properties: BodyProperties) -> ConvexPolygon {
        let rotation = Rot(angle: state.angle)
        return ConvexPolygon(vertices: properties.shape.vertices(size: properties.size).map { state.center + rotation.rotate($0) })
    }
}

/// Contact points between two shapes, with the normal pointing from A to B.
struct Manifold {
    var normal: Vec2
    /// Points halfway between the surfaces, with their separations (negative when overlapping).
    var points: [(point: Vec2, separation: Double)]
}

enum Collide {
    /// The edge of `p1` along whose normal `p2` lies farthest out, and that separation.
    static func maxSeparation(_ p1: ConvexPolygon, _ p2: ConvexPolygon) -> (edge: Int, separation: Double) {
        var best = (edge: 0, separation: -Double.infinity)
        for i in p1.vertices.indices {
            let n = p1.normals[i], v = p1.vertices[i]
            var deepest = Double.infinity
            for w in p2.vertices { deepest = min(deepest, dot(n, w - v)) }
            if deepest > best.separation { best = (i, deepest) }
        }
        return best
    }

    static func polygons(_ a: ConvexPolygon, _ b: ConvexPolygon, speculative: Double, slop: Double) -> Manifold? {
        let (edgeA, separationA) = maxSeparation(a, b)
        if separationA > speculative { return nil }
        let (edgeB, separationB) = maxSeparation(b, a)
        if separationB > speculative { return nil }

        // Prefer A's face unless B's is clearly better, so the choice does not flicker.
        let flip = separationB > separationA + 0.1 * slop
        let reference = flip ? b : a, incident = flip ? a : b
        let edge = flip ? edgeB : edgeA
        let normal = reference.normals[edge]

        var incidentEdge = 0, mostAnti = Double.infinity
        for i in incident.normals.indices {
            let d = dot(normal, incident.normals[i])
            if d < mostAnti {
                mostAnti = d
                incidentEdge = i
            }
        }
        let v11 = reference.vertices[edge]
        let v12 = reference.vertices[(edge + 1) % reference.vertices.count]
        let (tangent, _) = (v12 - v11).normalized()
        var i1 = incident.vertices[incidentEdge]
        var i2 = incident.vertices[(incidentEdge + 1) % incident.vertices.count]
        // Box2D 2.3 moves the side planes out by the skins (its sideOffset includes totalRadius).
        guard clip(&i1, &i2, normal: tangent, offset: dot(tangent, v11) - speculative),
              clip(&i1, &i2, normal: -tangent, offset: -dot(tangent, v12) - speculative) else { return nil }

        var points: [(point: Vec2, separation: Double)] = []
        for p in [i1, i2] {
            let separation = dot(normal, p - v11)
            if separation <= speculative {
                points.append((p - (0.5 * separation) * normal, separation))
            }
        }
        if points.isEmpty { return nil }
        return Manifold(normal: flip ? -normal : normal, points: points)
    }

    /// Keeps the part of segment p1–p2 where dot(normal, x) ≥ offset; false when nothing is left.
    static func clip(_ p1: inout Vec2, _ p2: inout Vec2, normal: Vec2, offset: Double) -> Bool {
        let d1 = dot(normal, p1) - offset, d2 = dot(normal, p2) - offset
        if d1 < 0 && d2 < 0 { return false }
        if d1 < 0 || d2 < 0 {
            let t = d1 / (d1 - d2)
            let crossing = p1 + t * (p2 - p1)
            if d1 < 0 { p1 = crossing } else { p2 = crossing }
        }
        return true
    }

    /// A polygon against a half-plane: its (at most two) deepest vertices within `speculative`.
    static func plane(_ plane: BoundaryPlane, _ b: ConvexPolygon, speculative: Double) -> Manifold? {
        var candidates: [(point: Vec2, separation: Double)] = []
        for v in b.vertices {
            let separation = dot(plane.normal, v - plane.point)
            if separation <= speculative {
                candidates.append((v - (0.5 * separation) * plane.normal, separation))
            }
        }
        if candidates.isEmpty { return nil }
        // Stable order: deepest first, ties by vertex order.
        let ordered = candidates.enumerated().sorted {
            $0.element.separation != $1.element.separation
                ? $0.element.separation < $1.element.separation : $0.offset < $1.offset
        }.map(\.element)
        return Manifold(normal: plane.normal, points: Array(ordered.prefix(2)))
    }
}

extension World {
    /// Finds this step's contacts, in an order that depends only on body indices.
    ///
    /// `impactWindow`: the step, when contacts that begin within it are located at their first
    /// touch (the exact integrator); 0 otherwise.
    mutating func collide(impactWindow: Double = 0) {
        contacts.removeAll(keepingCapacity: true)
        guard !collision.groups.isEmpty else { return }
        let speculative = contactSkin, slop = settings.linearSlop
        var polygons = [ConvexPolygon?](repeating: nil, count: states.count)
        func polygon(_ index: Int) -> ConvexPolygon {
            if let cached = polygons[index] { return cached }
            let made = ConvexPolygon.body(states[index], properties[index])
            polygons[index] = made
            return made
        }

        var pairs: [Int64] = []
        for (index, group) in collision.groups.enumerated() {
            for body in group.bodies where !properties[body].isStatic {
                addBoundaryContacts(of: body, in: group, number: index, polygon: polygon(body), impactWindow: impactWindow)
            }
            if group.collidesWithItems { sweep(group.bodies, margin: speculative, into: &pairs) }
        }
        pairs.sort()
        var previous: Int64 = -1
        for pair in pairs where pair != previous {
            previous = pair
            let a = Int(pair >> 32), b = Int(pair & 0xFFFF_FFFF)
            if properties[a].isStatic && properties[b].isStatic { continue }
            if let manifold = Collide.polygons(polygon(a), polygon(b), speculative: speculative, slop: slop) {
                addContact(bodyA: a, bodyB: b, manifold, impactWindow: impactWindow)
            }
        }
    }

    /// The contacts of `body` with the boundaries of every group it is in.
    mutating func addBoundaryContacts(of body: Int) {
        let polygon = ConvexPolygon.body(states[body], properties[body])
        for (index, group) in collision.groups.enumerated() where group.bodies.contains(body) {
            addBoundaryContacts(of: body, in: group, number: index, polygon: polygon)
        }
    }

    private mutating func addBoundaryContacts(of body: Int, in group: CollisionGroup, number: Int, polygon: ConvexPolygon,
                                              impactWindow: Double = 0) {
        let reach = contactSkin
        for plane in group.planes {
            if let manifold = Collide.plane(plane, polygon, speculative: reach) {
                addContact(bodyA: 0, bodyB: body, manifold, source: .referenceBounds(group: number), impactWindow: impactWindow)
            }
        }
        for (index, segment) in group.segments.enumerated() {
            if let manifold = Collide.polygons(ConvexPolygon(segment: segment), polygon,
                                               speculative: reach, slop: settings.linearSlop) {
                addContact(bodyA: 0, bodyB: body, manifold, source: .wall(group: number, index: index), impactWindow: impactWindow)
            }
        }
    }

    /// Sort and sweep on x: the pairs whose bounding boxes (grown by `margin`) overlap.
    private func sweep(_ bodies: [Int], margin: Double, into pairs: inout [Int64]) {
        var boxes: [SweepBox] = []
        boxes.reserveCapacity(bodies.count)
        for index in bodies {
            let state = states[index], size = properties[index].size
            let c: Double = abs(cos(state.angle)), s: Double = abs(sin(state.angle))
            var ex: Double = (c * size.x + s * size.y) / 2 + margin / 2
            var ey: Double = (s * size.x + c * size.y) / 2 + margin / 2
            if case .polygon = properties[index].shape {
                // A path may reach past the bounds: a box as wide as its farthest vertex, any way round.
                let reach = properties[index].shape.reach(size: size) + margin / 2
                (ex, ey) = (reach, reach)
            }
            boxes.append(SweepBox(minX: state.center.x - ex, maxX: state.center.x + ex,
                                  minY: state.center.y - ey, maxY: state.center.y + ey, index: index))
        }
        boxes.sort(by: SweepBox.precedes)
        for i in boxes.indices {
            let box = boxes[i]
            var j = i + 1
            while j < boxes.count && boxes[j].minX <= box.maxX {
                let other = boxes[j]
                if other.minY <= box.maxY && box.minY <= other.maxY && box.index != other.index {
                    let low = min(box.index, other.index), high = max(box.index, other.index)
                    pairs.append(Int64(low) << 32 | Int64(high))
                }
                j += 1
            }
        }
    }

    private mutating func addContact(bodyA: Int, bodyB: Int, _ manifold: Manifold, source: ContactConstraint.Source = .item,
                                     impactWindow: Double) {
        let pa = properties[bodyA], pb = properties[bodyB]
        var contact = ContactConstraint(
            bodyA: bodyA, bodyB: bodyB, source: source,
            normal: manifold.normal,
            // Box2D's mixing: geometric mean of friction, the larger restitution. The ground has
            // the material of the item that touches it.
            friction: bodyA == 0 ? pb.friction : (pa.friction * pb.friction).squareRoot(),
            restitution: bodyA == 0 ? pb.restitution : max(pa.restitution, pb.restitution))
        let skin = contactSkin
        for (point, separation) in manifold.points {
            var anchorA = point - states[bodyA].center, anchorB = point - states[bodyB].center
            if impactWindow > 0 && separation < skin {
                // Event location: a point that came within the skins during this step, at the
                // approach speed it has now, is solved where the shapes first touched. Until then
                // B moved (skin − separation) closer along the normal, so the point between the
                // skins sits half that nearer A's center and half that farther from B's. The
                // impulse is the same; its lever arms across the normal (friction's) are those of
                // the first touch, which Box2D 2.3 reaches as its step goes to zero.
                let approach = -dot(manifold.normal, pointVelocity(states[bodyB], anchorB) - pointVelocity(states[bodyA], anchorA))
                let depth = skin - separation
                if approach > 0 && depth <= approach * impactWindow {
                    anchorA += (0.5 * depth) * manifold.normal
                    anchorB -= (0.5 * depth) * manifold.normal
                }
            }
            contact.points.append(ContactPoint(anchorA: anchorA, anchorB: anchorB, baseSeparation: separation - skin))
        }
        contacts.append(contact)
    }
}

/// A body's bounding box for the sweep. A named type, not a tuple: with tuple labels, the sweep's
/// closures took the type checker 3.9 s (`-debug-time-function-bodies`).
private struct SweepBox {
    var minX: Double, maxX: Double, minY: Double, maxY: Double
    var index: Int

    /// By left edge, then by body, so the order never depends on the input's.
    static func precedes(_ a: SweepBox, _ b: SweepBox) -> Bool {
        a.minX != b.minX ? a.minX < b.minX : a.index < b.index
    }
}
