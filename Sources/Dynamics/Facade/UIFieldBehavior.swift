import Foundation
import Vocabulary

/// A force field on items (UIKit, iOS 9): gravity toward a point or along a direction, springs,
/// drag, vortices, velocity, noise, turbulence, electric and magnetic fields, or your own.
///
///     let gravity = UIFieldBehavior.radialGravityField(position: CGPoint(x: 200, y: 400))
///     gravity.strength = 5
///     gravity.region = UIRegion(radius: 300)
///     gravity.addItem(card)
///     animator.addBehavior(gravity)
///
/// Apple documents what each field does but not its units. They are UIKit Dynamics' own, where
/// 100 points make a metre (a 100 × 100 pt item of density 1 weighs 1 kg, `UIGravityBehavior`'s
/// magnitude 1 is 10 m/s², a push of 1 is 1 N): forces below are in newtons, distances `r` in
/// metres (points / 100), velocities `v` in metres per second, `m` in kg, `q` the item's
/// `charge`, `s` the field's `strength`, and `d` the unit vector from the field's `position` to
/// the item. Each field's force is multiplied by 1 / max(r, minimumRadius)^`falloff` (1 with the
/// default falloff of 0), and acts only on items whose centre, taken relative to `position`, lies
/// in `region`.
///
/// | field | force on an item |
/// |---|---|
/// | linear gravity | m · s · `direction` (so `direction` (0, 10) with strength 1 is `UIGravityBehavior`'s gravity) |
/// | radial gravity | −m · s · d (toward the position when s > 0) |
/// | spring | −s · r · d (Hooke's law: an item oscillates at ω = √(s / m)) |
/// | drag | −s · v |
/// | vortex | m · s · r · t, t the unit tangent counter-clockwise on screen |
/// | velocity | whatever makes the velocity s · `direction` (m/s) in one step |
/// | electric | q · s · d (like signs repel) |
/// | magnetic | q · s · (v_y, −v_x): B out of the screen, a positive charge turns counter-clockwise |
/// | noise | s · n(x, y, t) |
/// | turbulence | s · ‖v‖ · n(x, y, t) |
/// | custom | what the evaluation block returns, in newtons |
///
/// n is 2D Perlin gradient noise with time as a third dimension, its components in −1…1. Its
/// cells are 20 pt across at `smoothness` 0 and 420 pt at 1, it changes `animationSpeed` cells a
/// second, and its gradients come from a fixed seed (`noiseSeed`), so a scene with noise runs
/// the same on every machine and every run. Fields are evaluated at each step's start from the
/// items' positions and velocities, as Box2D applies forces.
open class UIFieldBehavior: UIDynamicBehavior {
    /// The kind of field a factory made.
    enum Kind {
        case linearGravity, radialGravity, spring, drag, vortex, velocity, electric, magnetic, noise, turbulence
        case custom((UIFieldBehavior, CGPoint, CGVector, CGFloat, CGFloat, TimeInterval) -> CGVector)
    }

    let kind: Kind
    private var itemList = ItemList([])

    init(kind: Kind) {
        self.kind = kind
        super.init()
    }

    open var items: [UIDynamicItem] { itemList.items }

    open func addItem(_ item: UIDynamicItem) {
        if itemList.insert(item) { setNeedsRebuild() }
    }

    open func removeItem(_ item: UIDynamicItem) {
        if itemList.remove(item) { setNeedsRebuild() }
    }

    /// Where the field is, in the reference view's coordinates. Default (0, 0).
    open var position: CGPoint = .zero { didSet { if position != oldValue { setNeedsRebuild() } } }
    /// Where it acts, relative to `position`. Default: everywhere.
    open var region: UIRegion = .infinite { didSet { setNeedsRebuild() } }
    /// Scales the force. Default 1.
    open var strength: CGFloat = 1 { didSet { if strength != oldValue { setNeedsRebuild() } } }
    /// The exponent of the distance the force is divided by. Default 0: uniform.
    open var falloff: CGFloat = 0 { didSet { if falloff != oldValue { setNeedsRebuild() } } }
    /// Distances below it count as it (points). Default 0.001 pt: "very small, but not zero".
    open var minimumRadius: CGFloat = 0.001 { didSet { if minimumRadius != oldValue { setNeedsRebuild() } } }
    /// The direction of linear gravity and velocity fields. Default (0, 0).
    open var direction: CGVector = .zero { didSet { if direction != oldValue { setNeedsRebuild() } } }
    /// Noise and turbulence: 0 is the most random (20 pt cells), 1 the smoothest (420 pt cells).
    open var smoothness: CGFloat = 0 { didSet { if smoothness != oldValue { setNeedsRebuild() } } }
    /// Noise and turbulence: how fast the field changes, in cells per second (0: frozen).
    open var animationSpeed: CGFloat = 0 { didSet { if animationSpeed != oldValue { setNeedsRebuild() } } }
    /// Seeds the noise's gradients (not UIKit API; UIKit's noise differs on every run).
    open var noiseSeed: UInt64 = 0x5EED_F1E1_D000_0001 { didSet { if noiseSeed != oldValue { setNeedsRebuild() } } }

    // MARK: Factories

    open class func linearGravityField(direction: CGVector) -> UIFieldBehavior {
        let field = UIFieldBehavior(kind: .linearGravity)
        field.direction = direction
        return field
    }

    open class func radialGravityField(position: CGPoint) -> UIFieldBehavior {
        let field = UIFieldBehavior(kind: .radialGravity)
        field.position = position
        return field
    }

    open class func springField() -> UIFieldBehavior { UIFieldBehavior(kind: .spring) }
    open class func dragField() -> UIFieldBehavior { UIFieldBehavior(kind: .drag) }
    open class func vortexField() -> UIFieldBehavior { UIFieldBehavior(kind: .vortex) }
    open class func electricField() -> UIFieldBehavior { UIFieldBehavior(kind: .electric) }
    open class func magneticField() -> UIFieldBehavior { UIFieldBehavior(kind: .magnetic) }

    open class func velocityField(direction: CGVector) -> UIFieldBehavior {
        let field = UIFieldBehavior(kind: .velocity)
        field.direction = direction
        return field
    }

    open class func noiseField(smoothness: CGFloat, animationSpeed speed: CGFloat) -> UIFieldBehavior {
        let field = UIFieldBehavior(kind: .noise)
        (field.smoothness, field.animationSpeed) = (smoothness, speed)
        return field
    }

    open class func turbulenceField(smoothness: CGFloat, animationSpeed speed: CGFloat) -> UIFieldBehavior {
        let field = UIFieldBehavior(kind: .turbulence)
        (field.smoothness, field.animationSpeed) = (smoothness, speed)
        return field
    }

    /// A field whose force (newtons) `block` works out from the field, the item's position (the
    /// reference view's coordinates), velocity (points per second), mass (kg), charge and the
    /// step's length in seconds.
    open class func field(evaluationBlock block: @escaping (UIFieldBehavior, CGPoint, CGVector, CGFloat, CGFloat, TimeInterval) -> CGVector)
        -> UIFieldBehavior {
        UIFieldBehavior(kind: .custom(block))
    }

    // MARK: Solver

    override var solverItems: [UIDynamicItem] { items }

    override func installJoints(in animator: UIDynamicAnimator) {
        let bodies = items.compactMap { animator.bodyIndex(of: $0) }
        guard !bodies.isEmpty else { return }
        animator.world.fields.append(FieldForce(bodies: bodies, force: evaluator()))
    }

    /// The force on a body, in kg·points/s², from the field's settings as they are now.
    func evaluator() -> (FieldForce.Sample) -> Vec2 {
        let origin = Vec2(position), region = region, s = Double(strength), falloff = Double(falloff)
        let minimum = max(Double(minimumRadius), 1e-9) / 100
        let direction = Vec2(Double(self.direction.dx), Double(self.direction.dy))
        let noise = PerlinNoise(seed: noiseSeed, cellSize: 20 + 400 * min(max(Double(smoothness), 0), 1),
                                speed: Double(animationSpeed))
        let kind = kind
        return { [unowned self] sample in
            let offset = sample.position - origin
            guard region.contains(offset.point) else { return .zero }
            let r = offset.length / 100
            let d = offset.length > 0 ? (1 / offset.length) * offset : .zero
            let scale = falloff == 0 ? 1 : 1 / pow(max(r, minimum), falloff)
            let v = (1.0 / 100) * sample.velocity
            let m = sample.mass
            let newtons: Vec2
            switch kind {
            case .linearGravity: newtons = (m * s) * direction
            case .radialGravity: newtons = (-m * s) * d
            case .spring: newtons = (-s * r) * d
            case .drag: newtons = -s * v
            case .vortex: newtons = (m * s * r) * Vec2(d.y, -d.x)
            case .velocity:
                // The force that turns the velocity into the target in this step, whatever the distance.
                return sample.step > 0 ? 100 * ((m / sample.step) * (s * direction - v)) : .zero
            case .electric: newtons = (sample.charge * s) * d
            case .magnetic: newtons = (sample.charge * s) * Vec2(v.y, -v.x)
            case .noise: newtons = s * noise.vector(at: sample.position, time: sample.time)
            case .turbulence: newtons = (s * v.length) * noise.vector(at: sample.position, time: sample.time)
            case .custom(let block):
                let force = block(self, sample.position.point, CGVector(dx: sample.velocity.x, dy: sample.velocity.y),
                                  CGFloat(m), CGFloat(sample.charge), sample.step)
                return 100 * Vec2(Double(force.dx), Double(force.dy))
            }
            return (100 * scale) * newtons
        }
    }
}

/// 3D Perlin gradient noise (x, y in cells, time as the third axis), two channels for a vector,
/// from a permutation shuffled by a seeded SplitMix64.
struct PerlinNoise {
    private let permutation: [Int]
    let cellSize: Double
    let speed: Double

    init(seed: UInt64, cellSize: Double, speed: Double) {
        var generator = SplitMix64(seed: seed)
        var table = Array(0..<256)
        for i in stride(from: 255, to: 0, by: -1) { table.swapAt(i, generator.below(i + 1)) }
        permutation = table + table
        self.cellSize = cellSize
        self.speed = speed
    }

    /// Both channels at `point` (points) and `time` (seconds), each in about −1…1.
    func vector(at point: Vec2, time: Double) -> Vec2 {
        let x = point.x / cellSize, y = point.y / cellSize, z = time * speed
        return Vec2(value(x, y, z), value(x + 31.416, y + 27.183, z + 14.142))
    }

    /// Ken Perlin's improved noise (2002): fade 6t⁵ − 15t⁴ + 10t³, twelve edge gradients.
    func value(_ x: Double, _ y: Double, _ z: Double) -> Double {
        let (fx, fy, fz) = (x.rounded(.down), y.rounded(.down), z.rounded(.down))
        let (xi, yi, zi) = (Int(fx) & 255, Int(fy) & 255, Int(fz) & 255)
        let (u, v, w) = (x - fx, y - fy, z - fz)
        func fade(_ t: Double) -> Double { t * t * t * (t * (t * 6 - 15) + 10) }
        func lerp(_ t: Double, _ a: Double, _ b: Double) -> Double { a + t * (b - a) }
        func grad(_ hash: Int, _ x: Double, _ y: Double, _ z: Double) -> Double {
            let h = hash & 15
            let a = h < 8 ? x : y
            let b = h < 4 ? y : (h == 12 || h == 14 ? x : z)
            return (h & 1 == 0 ? a : -a) + (h & 2 == 0 ? b : -b)
        }
        let p = permutation
        let a = p[xi] + yi, aa = p[a] + zi, ab = p[a + 1] + zi
        let b = p[xi + 1] + yi, ba = p[b] + zi, bb = p[b + 1] + zi
        let (su, sv, sw) = (fade(u), fade(v), fade(w))
        return lerp(sw,
                    lerp(sv, lerp(su, grad(p[aa], u, v, w), grad(p[ba], u - 1, v, w)),
                         lerp(su, grad(p[ab], u, v - 1, w), grad(p[bb], u - 1, v - 1, w))),
                    lerp(sv, lerp(su, grad(p[aa + 1], u, v, w - 1), grad(p[ba + 1], u - 1, v, w - 1)),
                         lerp(su, grad(p[ab + 1], u, v - 1, w - 1), grad(p[bb + 1], u - 1, v - 1, w - 1))))
    }
}
