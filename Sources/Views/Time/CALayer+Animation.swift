import Vocabulary
import Foundation

/// Explicit and implicit animations of layers, on the simulated clock of the window the layer
/// is in (else `SimulatedClock.current`).
///
/// - `add(_:forKey:)` takes a copy, as Core Animation does; an animation with the same key is
///   replaced (its delegate hears `finished: false`). The delegate hears `animationDidStart` when
///   the animation begins and `animationDidStop(_:finished: true)` when its active time ends;
///   it is then removed unless `isRemovedOnCompletion` is false.
/// - Implicit animations: a stand-alone layer (not a view's) that has been drawn once animates a
///   change of an animatable property, as on iOS, over `CATransaction.animationDuration()`
///   (0.25 s) with `CATransaction.animationTimingFunction()` (Core Animation's default curve when
///   nil), from what was shown to the new value; `CATransaction.setDisableActions(true)` turns
///   this off. A view's layer does not animate implicitly; `UIView.animate` animates views.
extension CALayer {
    /// Adds a copy of `anim`, starting at its `beginTime` (0: now).
    public func add(_ anim: CAAnimation, forKey key: String?) {
        let copy = anim.copyAnimation()
        let clock = layerClock
        let begin = copy.beginTime == 0 ? clock.currentTime : copy.beginTime
        if copy.beginTime == 0 { copy.beginTime = begin }
        let key = key ?? "springframes.animation.\(ObjectIdentifier(copy).hashValue)"
        if let old = runningAnimationsByKey[key] { stop(old, finished: false) }
        for unknown in Self.unsupportedKeyPaths(in: copy) {
            UIKitCompatibility.notHonoured("CAAnimation keyPath \"\(unknown)\"", "this property is not animated; the model value shows")
        }
        let running = RunningAnimation(key: key, animation: copy, begin: begin)
        runningAnimations.append(running)
        runningAnimationsByKey[key] = running
        CATransaction.register(end: running.end, clock: clock)
        if let delegate = copy.delegate {
            running.startToken = clock.schedule(at: begin) { [weak running] in
                guard let running, !running.stopped else { return }
                delegate.animationDidStart(copy)
            }
        }
        if running.end.isFinite {
            running.endToken = clock.schedule(at: running.end) { [weak self, weak running] in
                guard let self, let running, !running.stopped else { return }
                running.stopped = true
                if copy.isRemovedOnCompletion { self.forget(running) }
                copy.delegate?.animationDidStop(copy, finished: true)
            }
        }
    }

    public func animation(forKey key: String) -> CAAnimation? {
        runningAnimationsByKey[key]?.animation
    }

    public func animationKeys() -> [String]? {
        runningAnimations.isEmpty ? nil : runningAnimations.map(\.key)
    }

    public func removeAnimation(forKey key: String) {
        guard let running = runningAnimationsByKey[key] else { return }
        stop(running, finished: false)
    }

    public func removeAllAnimations() {
        for running in runningAnimations { stop(running, finished: false) }
    }

    /// Takes `running` off the layer (from the end: the latest added are the likeliest to go).
    private func forget(_ running: RunningAnimation) {
        if let index = runningAnimations.lastIndex(where: { $0 === running }) { runningAnimations.remove(at: index) }
        if runningAnimationsByKey[running.key] === running { runningAnimationsByKey[running.key] = nil }
    }

    private func stop(_ running: RunningAnimation, finished: Bool) {
        forget(running)
        guard !running.stopped else { return }
        running.stopped = true
        let clock = layerClock
        if let token = running.startToken { clock.cancel(token) }
        if let token = running.endToken { clock.cancel(token) }
        running.animation.delegate?.animationDidStop(running.animation, finished: finished)
    }

    /// The clock of the window the layer is in, else the current one.
    var layerClock: SimulatedClock {
        var layer: CALayer? = self
        while let current = layer {
            if let window = current.owner?.window { return window.clock }
            layer = current.superlayer
        }
        return SimulatedClock.current
    }

    // MARK: Presentation

    /// `value` of `property` as shown at `time`: the model value with the running animations of
    /// that property applied in the order they were added.
    func shown<Value: LayerAnimatable>(_ property: LayerProperty, _ value: Value, at time: TimeInterval) -> Value {
        guard !runningAnimations.isEmpty else { return value }
        let components = shownComponents(property, value.layerComponents, at: time)
        return components == value.layerComponents ? value : Value(layerComponents: components)
    }

    /// Whether any animation of `property` is running (so that its value may differ from the model).
    func animates(_ property: LayerProperty) -> Bool {
        runningAnimations.contains { $0.properties.contains(property) }
    }

    func shownComponents(_ property: LayerProperty, _ model: [Double], at time: TimeInterval) -> [Double] {
        var value = model
        for running in runningAnimations where running.properties.contains(property)
            && (time >= running.begin - 1e-12 || running.animation.fillMode != .removed) {
            for (animation, localTime) in Self.propertyAnimations(in: running.animation, at: time - running.begin) {
                guard let path = running.keyPath(of: animation), path.property == property else { continue }
                let current = path.select(from: value)
                guard let animated = animation.value(at: localTime, model: current, shaped: property.isShaped) else { continue }
                value = path.write(animated, into: value, additive: animation.isAdditive)
            }
        }
        return value
    }

    /// The property animations inside `animation` (itself, or a group's children) and the time
    /// each sees when `animation` has run for `time`.
    static func propertyAnimations(in animation: CAAnimation, at time: TimeInterval) -> [(CAPropertyAnimation, TimeInterval)] {
        if let group = animation as? CAAnimationGroup { return group.children(at: time) }
        if let property = animation as? CAPropertyAnimation { return [(property, time)] }
        return []
    }

    static func unsupportedKeyPaths(in animation: CAAnimation) -> [String] {
        let children = (animation as? CAAnimationGroup)?.animations ?? [animation]
        return children.flatMap { child -> [String] in
            if child is CAAnimationGroup { return unsupportedKeyPaths(in: child) }
            guard let path = (child as? CAPropertyAnimation)?.keyPath else { return [] }
            return LayerKeyPath(path) == nil ? [path] : []
        }
    }

    // MARK: Implicit animations

    /// Animates a change of `property` from `old` (its previous model value) when Core Animation
    /// would: a stand-alone layer that has been drawn, outside `setDisableActions(true)`.
    func implicitlyAnimate(_ property: LayerProperty, from old: [Double]) {
        guard owner == nil, hasBeenDrawn, !CATransaction.disableActions() else { return }
        let clock = layerClock
        let from = shownComponents(property, old, at: clock.currentTime)
        let animation = CABasicAnimation(keyPath: property.keyPath)
        animation.fromValue = LayerComponents(values: from)
        animation.duration = CATransaction.animationDuration()
        animation.timingFunction = CATransaction.animationTimingFunction() ?? CAMediaTimingFunction(name: .default)
        add(animation, forKey: property.keyPath)
    }

    /// A copy of the layer showing what a frame shows now: the model values with running
    /// animations (and, for a view's layer, its view's animations) applied. A layer subclass of
    /// your own comes back as a plain `CALayer` copy (`init(layer:)` cannot be required here), so
    /// nil is returned for it and a debug build says so.
    public func presentation() -> Self? {
        let time = layerClock.currentTime
        let copy = presentationCopy()
        copy.position = shownPosition(at: time)
        copy.bounds = shownBounds(at: time)
        copy.transform = shown(.transform, owner.map { $0.layer.nonAffineTransform ?? CATransform3DMakeAffineTransform($0.presentation(at: time).transform) } ?? transform, at: time)
        copy.opacity = Float(shown(.opacity, CGFloat(owner.map { $0.presentation(at: time).alpha } ?? Double(opacity)), at: time))
        copy.backgroundColor = shown(.backgroundColor, OptionalColor(owner.map { $0.presentation(at: time).backgroundColor } ?? backgroundColor), at: time).color
        copy.cornerRadius = shown(.cornerRadius, cornerRadius, at: time)
        copy.borderWidth = shown(.borderWidth, borderWidth, at: time)
        copy.shadowOpacity = Float(shown(.shadowOpacity, CGFloat(shadowOpacity), at: time))
        copy.shadowRadius = shown(.shadowRadius, shadowRadius, at: time)
        copy.shadowOffset = shown(.shadowOffset, shadowOffset, at: time)
        copy.borderColor = shown(.borderColor, OptionalColor(borderColor), at: time).color
        copy.shadowColor = shown(.shadowColor, OptionalColor(shadowColor), at: time).color
        copy.shadowPath = shownPath(.shadowPath, shadowPath, at: time)
        copy.zPosition = shown(.zPosition, zPosition, at: time)
        copy.anchorPoint = shown(.anchorPoint, anchorPoint, at: time)
        copy.sublayerTransform = shown(.sublayerTransform, sublayerTransform, at: time)
        // A cross-fade has no single image; the copy holds the nearer end (see `contentsCrossFade(at:)`).
        if let fade = contentsCrossFade(at: time) { copy.contents = fade.fraction < 0.5 ? fade.from : fade.to }
        copy.finishPresentationCopy(from: self, at: time)
        guard let typed = copy as? Self else {
            UIKitCompatibility.notHonoured("CALayer.presentation() of \(type(of: self))",
                                           "a subclass's presentation copy cannot be made headless; it returns nil")
            return nil
        }
        return typed
    }

    /// The model layer: the layer itself.
    public func model() -> Self { self }

    /// A view's shown geometry and appearance with this layer's animations applied on top.
    func applyAnimations(to shown: inout UIView.Presentation, at time: TimeInterval) {
        shown.center = self.shown(.position, shown.center, at: time)
        shown.bounds = self.shown(.bounds, shown.bounds, at: time)
        shown.alpha = min(1, max(0, Double(self.shown(.opacity, CGFloat(shown.alpha), at: time))))
        shown.backgroundColor = self.shown(.backgroundColor, OptionalColor(shown.backgroundColor), at: time).color
    }

    /// The position as shown (a view's centre with its animations, then the layer's).
    func shownPosition(at time: TimeInterval) -> CGPoint {
        shown(.position, owner.map { $0.presentation(at: time).center } ?? position, at: time)
    }

    func shownBounds(at time: TimeInterval) -> CGRect {
        shown(.bounds, owner.map { $0.presentation(at: time).bounds } ?? bounds, at: time)
    }
}

/// One animation added to a layer.
@MainActor final class RunningAnimation {
    let key: String
    let animation: CAAnimation
    /// When it began, on the layer's clock.
    let begin: TimeInterval
    var startToken: Int?
    var endToken: Int?
    var stopped = false

    /// The key paths of its property animations (a group's at any depth), parsed once, and the
    /// properties they change: a frame asks every running animation about each property it
    /// shows, and parsing key paths there made 10,000 animations take seconds a frame.
    private var keyPaths: [ObjectIdentifier: LayerKeyPath] = [:]
    private(set) var properties: Set<LayerProperty> = []

    init(key: String, animation: CAAnimation, begin: TimeInterval) {
        self.key = key
        self.animation = animation
        self.begin = begin
        var pending = [animation]
        while let current = pending.popLast() {
            if let group = current as? CAAnimationGroup { pending += group.animations ?? [] }
            guard let property = current as? CAPropertyAnimation, let path = LayerKeyPath(property.keyPath) else { continue }
            keyPaths[ObjectIdentifier(property)] = path
            properties.insert(path.property)
        }
    }

    /// The parsed key path of `animation`, one of its own.
    func keyPath(of animation: CAPropertyAnimation) -> LayerKeyPath? {
        keyPaths[ObjectIdentifier(animation)] ?? LayerKeyPath(animation.keyPath)
    }

    /// When its active time ends on the clock (infinite when it repeats forever).
    var end: TimeInterval {
        let speed = Double(animation.speed)
        guard speed > 0 else { return .infinity }
        return begin + max(0, animation.activeDuration - animation.timeOffset) / speed
    }
}

/// Core Animation's transactions: `begin`/`commit` group changes; `setDisableActions(true)`
/// turns off implicit animations; `setAnimationDuration` and `setAnimationTimingFunction` shape
/// them; `setCompletionBlock` runs once every animation added in the transaction has ended (on
/// the next turn of the clock when there is none). Outside `begin`/`commit` an implicit
/// transaction commits on the clock's next turn, as the run loop's does on iOS.
@MainActor public enum CATransaction {
    final class Frame {
        var disableActions = false
        var duration: CFTimeInterval = 0.25
        var timingFunction: CAMediaTimingFunction?
        var completion: (() -> Void)?
        var latestEnd: TimeInterval?
        var clock: SimulatedClock?
    }

    private static var frames: [Frame] = []
    private static var implicitFrame: Frame?

    public static func begin() { frames.append(Frame()) }

    public static func commit() {
        guard let frame = frames.popLast() else { return }
        finish(frame)
    }

    /// Nothing is pending headless: every change is in the next snapshot.
    public static func flush() {}

    public static func disableActions() -> Bool { (frames.last ?? implicitFrame)?.disableActions ?? false }
    public static func setDisableActions(_ flag: Bool) { current.disableActions = flag }
    public static func animationDuration() -> CFTimeInterval { (frames.last ?? implicitFrame)?.duration ?? 0.25 }
    public static func setAnimationDuration(_ duration: CFTimeInterval) { current.duration = duration }
    public static func animationTimingFunction() -> CAMediaTimingFunction? { (frames.last ?? implicitFrame)?.timingFunction }
    public static func setAnimationTimingFunction(_ function: CAMediaTimingFunction?) { current.timingFunction = function }
    public static func completionBlock() -> (() -> Void)? { (frames.last ?? implicitFrame)?.completion }
    public static func setCompletionBlock(_ block: (() -> Void)?) { current.completion = block }

    /// An animation ending at `end` was added: every open transaction waits for it.
    static func register(end: TimeInterval, clock: SimulatedClock) {
        for frame in frames + (implicitFrame.map { [$0] } ?? []) {
            frame.latestEnd = max(frame.latestEnd ?? end, end)
            frame.clock = frame.clock ?? clock
        }
    }

    /// The innermost open transaction, opening the implicit one when there is none.
    private static var current: Frame {
        if let frame = frames.last { return frame }
        if let frame = implicitFrame { return frame }
        let frame = Frame()
        implicitFrame = frame
        let clock = SimulatedClock.current
        clock.schedule(at: clock.currentTime) {
            if implicitFrame === frame { implicitFrame = nil }
            finish(frame)
        }
        return frame
    }

    private static func finish(_ frame: Frame) {
        guard let completion = frame.completion else { return }
        let clock = frame.clock ?? SimulatedClock.current
        let end = frame.latestEnd ?? clock.currentTime
        clock.schedule(at: end.isFinite ? end : clock.currentTime) { completion() }
    }
}

/// A property of a layer that animations can change.
enum LayerProperty: Equatable {
    case position, bounds, transform, opacity, backgroundColor, cornerRadius, borderWidth, borderColor
    case shadowOpacity, shadowRadius, shadowOffset, shadowColor, zPosition, anchorPoint, sublayerTransform
    case strokeStart, strokeEnd, lineWidth, fillColor, strokeColor, lineDashPhase, startPoint, endPoint
    /// Values whose number of components depends on the value (see `ShapedLayerValue`).
    case path, shadowPath, colors, locations
    /// Cross-faded, not interpolated (see `CALayer.contentsCrossFade(at:)`).
    case contents

    /// Whether the property's values have a shape of their own (a path's elements, a gradient's
    /// stops), so that two values interpolate only when their shapes match.
    var isShaped: Bool { self == .path || self == .shadowPath || self == .colors || self == .locations }

    var keyPath: String {
        switch self {
        case .position: "position"
        case .bounds: "bounds"
        case .transform: "transform"
        case .opacity: "opacity"
        case .backgroundColor: "backgroundColor"
        case .cornerRadius: "cornerRadius"
        case .borderWidth: "borderWidth"
        case .borderColor: "borderColor"
        case .shadowOpacity: "shadowOpacity"
        case .shadowRadius: "shadowRadius"
        case .shadowOffset: "shadowOffset"
        case .shadowColor: "shadowColor"
        case .zPosition: "zPosition"
        case .anchorPoint: "anchorPoint"
        case .sublayerTransform: "sublayerTransform"
        case .strokeStart: "strokeStart"
        case .strokeEnd: "strokeEnd"
        case .lineWidth: "lineWidth"
        case .fillColor: "fillColor"
        case .strokeColor: "strokeColor"
        case .lineDashPhase: "lineDashPhase"
        case .startPoint: "startPoint"
        case .endPoint: "endPoint"
        case .path: "path"
        case .shadowPath: "shadowPath"
        case .colors: "colors"
        case .locations: "locations"
        case .contents: "contents"
        }
    }

    static let all: [LayerProperty] = [.position, .bounds, .transform, .opacity, .backgroundColor, .cornerRadius, .borderWidth,
                                       .borderColor, .shadowOpacity, .shadowRadius, .shadowOffset, .shadowColor, .zPosition,
                                       .anchorPoint, .sublayerTransform, .strokeStart, .strokeEnd, .lineWidth, .fillColor,
                                       .strokeColor, .lineDashPhase, .startPoint, .endPoint, .path, .shadowPath, .colors,
                                       .locations, .contents]
}

/// A key path an animation names: a property, and which part of it.
struct LayerKeyPath: Equatable {
    enum Part: Equatable {
        case whole
        /// Some of the components (`position.x` is [0], `bounds.size` is [2, 3]).
        case components([Int])
        /// A part of a transform, as Core Animation's transform key paths name them.
        case transform(TransformPart)
    }

    enum TransformPart: Equatable {
        case scale, scaleX, scaleY, scaleZ, rotationX, rotationY, rotationZ, translationX, translationY, translationZ, translation
    }

    let property: LayerProperty
    let part: Part

    init?(_ keyPath: String?) {
        guard let keyPath else { return nil }
        let transformParts: [String: TransformPart] = [
            "scale": .scale, "scale.x": .scaleX, "scale.y": .scaleY, "scale.z": .scaleZ,
            "rotation": .rotationZ, "rotation.x": .rotationX, "rotation.y": .rotationY, "rotation.z": .rotationZ,
            "translation.x": .translationX, "translation.y": .translationY, "translation.z": .translationZ, "translation": .translation,
        ]
        for base in ["transform", "sublayerTransform"] where keyPath.hasPrefix(base + ".") {
            guard let part = transformParts[String(keyPath.dropFirst(base.count + 1))] else { return nil }
            self.property = base == "transform" ? .transform : .sublayerTransform
            self.part = .transform(part)
            return
        }
        let components: [String: (LayerProperty, [Int])] = [
            "position.x": (.position, [0]), "position.y": (.position, [1]),
            "bounds.origin": (.bounds, [0, 1]), "bounds.origin.x": (.bounds, [0]), "bounds.origin.y": (.bounds, [1]),
            "bounds.size": (.bounds, [2, 3]), "bounds.size.width": (.bounds, [2]), "bounds.size.height": (.bounds, [3]),
            "shadowOffset.width": (.shadowOffset, [0]), "shadowOffset.height": (.shadowOffset, [1]),
            "anchorPoint.x": (.anchorPoint, [0]), "anchorPoint.y": (.anchorPoint, [1]),
        ]
        if let (property, indices) = components[keyPath] {
            self.property = property
            part = .components(indices)
            return
        }
        guard let property = LayerProperty.all.first(where: { $0.keyPath == keyPath }) else { return nil }
        self.property = property
        part = .whole
    }

    /// The components the animation animates, out of the property's.
    func select(from value: [Double]) -> [Double] {
        switch part {
        case .whole: return value
        case .components(let indices): return indices.map { value[$0] }
        case .transform(let part):
            let m = CATransform3D(layerComponents: value)
            let affine = CATransform3DGetAffineTransform(m).animationComponents   // tx, ty, sx, sy, θ, shear
            switch part {
            case .scale: return [(affine[2] + affine[3]) / 2]
            case .scaleX: return [affine[2]]
            case .scaleY: return [affine[3]]
            case .scaleZ: return [Double(m.m33)]
            case .rotationZ: return [affine[4]]
            case .rotationX, .rotationY: return [0]
            case .translationX: return [Double(m.m41)]
            case .translationY: return [Double(m.m42)]
            case .translationZ: return [Double(m.m43)]
            case .translation: return [Double(m.m41), Double(m.m42)]
            }
        }
    }

    /// `animated` written back into the property's components: replacing the part, or added to
    /// it when `additive` (a whole transform concatenates, as Core Animation does; a part's scalar
    /// adds to the part shown).
    func write(_ animated: [Double], into value: [Double], additive: Bool) -> [Double] {
        switch part {
        case .whole:
            // A shaped value is replaced whole: adding two paths or two lists of stops means nothing.
            if property.isShaped { return animated }
            guard animated.count == value.count else { return value }
            if !additive { return animated }
            if property == .transform || property == .sublayerTransform {
                return CATransform3DConcat(CATransform3D(layerComponents: animated), CATransform3D(layerComponents: value)).layerComponents
            }
            return zip(value, animated).map { $0 + $1 }
        case .components(let indices):
            var result = value
            for (index, component) in zip(indices, animated) { result[index] = additive ? result[index] + component : component }
            return result
        case .transform(let part):
            guard let v = animated.first else { return value }
            let m = CATransform3D(layerComponents: value)
            let current = select(from: value)
            let change: CATransform3D
            // An additive scale is added to the scale shown ("the value specified by the animation
            // is added to the current render tree value", `isAdditive`): a pop of values 0, 0.2, 0
            // grows a view of scale 1 to 1.2. Multiplying instead drew it at 0.2.
            let scaleTarget = additive ? current[0] + v : v
            let factor = current[0] != 0 ? scaleTarget / current[0] : 0
            switch part {
            case .scale: change = CATransform3DMakeScale(factor, factor, 1)
            case .scaleX: change = CATransform3DMakeScale(factor, 1, 1)
            case .scaleY: change = CATransform3DMakeScale(1, factor, 1)
            case .scaleZ: change = CATransform3DMakeScale(1, 1, factor)
            case .rotationZ: change = CATransform3DMakeRotation(additive ? v : v - current[0], 0, 0, 1)
            case .rotationX: change = CATransform3DMakeRotation(v, 1, 0, 0)
            case .rotationY: change = CATransform3DMakeRotation(v, 0, 1, 0)
            case .translationX, .translationY, .translationZ, .translation:
                var result = m
                let values = animated
                switch part {
                case .translationX: result.m41 = additive ? m.m41 + v : v
                case .translationY: result.m42 = additive ? m.m42 + v : v
                case .translationZ: result.m43 = additive ? m.m43 + v : v
                default:
                    guard values.count == 2 else { return value }
                    result.m41 = additive ? m.m41 + values[0] : values[0]
                    result.m42 = additive ? m.m42 + values[1] : values[1]
                }
                return result.layerComponents
            }
            // The part applies first, about the anchor, then the rest of the transform.
            return CATransform3DConcat(change, m).layerComponents
        }
    }
}

/// A value a layer property holds, as the plain numbers animations interpolate.
protocol LayerAnimatable {
    var layerComponents: [Double] { get }
    init(layerComponents: [Double])
}

extension CGFloat: LayerAnimatable {
    var layerComponents: [Double] { [Double(self)] }
    init(layerComponents v: [Double]) { self = CGFloat(v.first ?? 0) }
}

extension CGPoint: LayerAnimatable {
    var layerComponents: [Double] { [Double(x), Double(y)] }
    init(layerComponents v: [Double]) { self.init(x: v[0], y: v[1]) }
}

extension CGSize: LayerAnimatable {
    var layerComponents: [Double] { [Double(width), Double(height)] }
    init(layerComponents v: [Double]) { self.init(width: v[0], height: v[1]) }
}

extension CGRect: LayerAnimatable {
    var layerComponents: [Double] { [Double(minX), Double(minY), Double(width), Double(height)] }
    init(layerComponents v: [Double]) { self.init(x: v[0], y: v[1], width: v[2], height: v[3]) }
}

extension CATransform3D: LayerAnimatable {
    var layerComponents: [Double] {
        [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44].map { Double($0) }
    }

    init(layerComponents v: [Double]) {
        guard v.count == 16 else { self = .identity; return }
        self.init(m11: v[0], m12: v[1], m13: v[2], m14: v[3], m21: v[4], m22: v[5], m23: v[6], m24: v[7],
                  m31: v[8], m32: v[9], m33: v[10], m34: v[11], m41: v[12], m42: v[13], m43: v[14], m44: v[15])
    }
}

/// A colour that may be nil (no colour animates as transparent black).
struct OptionalColor: LayerAnimatable {
    var color: CGColor?
    init(_ color: CGColor?) { self.color = color }
    var layerComponents: [Double] {
        guard let color else { return [0, 0, 0, 0] }
        return [Double(color.red), Double(color.green), Double(color.blue), Double(color.alpha)]
    }
    init(layerComponents v: [Double]) {
        color = CGColor(red: CGFloat(v[0]), green: CGFloat(v[1]), blue: CGFloat(v[2]), alpha: CGFloat(min(1, max(0, v[3]))))
    }
}

/// Values given as plain components (an implicit animation's start).
struct LayerComponents {
    var values: [Double]
}

/// Animation values (`fromValue`, `values`…) as components of a property with `count` of them
/// (any number for a shaped property: see `ShapedLayerValue`).
enum LayerValue {
    static func components(of value: Any, count: Int, shaped: Bool = false) -> [Double]? {
        if shaped { return ShapedLayerValue.components(of: value) }
        let components: [Double]?
        switch value {
        case let v as LayerComponents: components = v.values
        case let v as CGFloat: components = [Double(v)]
        case let v as Double: components = [v]
        case let v as Float: components = [Double(v)]
        case let v as Int: components = [Double(v)]
        case let v as NSNumber: components = [v.doubleValue]
        case let v as NSValue: return v.unboxedGeometry.flatMap { LayerValue.components(of: $0, count: count) }
        case let v as CGPoint: components = v.layerComponents
        case let v as CGSize: components = v.layerComponents
        case let v as CGRect: components = v.layerComponents
        case let v as CATransform3D: components = v.layerComponents
        case let v as CGAffineTransform: components = CATransform3DMakeAffineTransform(v).layerComponents
        case let v as CGColor: components = OptionalColor(v).layerComponents
        case let v as UIColor: components = OptionalColor(v.cgColor).layerComponents
        default: components = nil
        }
        guard let components, components.count == count else { return nil }
        return components
    }
}
