import Vocabulary
import Foundation
import DisplayList
import Raster

/// Core Animation's layer: a tree of rectangles with geometry (`bounds`, `position`,
/// `anchorPoint`, a 3-D `transform` with perspective, `sublayerTransform`, `zPosition`) and
/// appearance (background, corner rounding, border, shadow, `contents`, `mask`, opacity and
/// clipping), with Core Animation's names and defaults (`shadowOffset` (0, −3), `shadowRadius`
/// 3, `shadowOpacity` 0, an opaque black border colour of width 0, `anchorPoint` (0.5, 0.5)).
///
/// Every view has one (`view.layer`); there `bounds`, `position`, `frame`, `opacity`,
/// `backgroundColor`, `masksToBounds` and `isHidden` are the view's `bounds`, `center`, `frame`,
/// `alpha`, `backgroundColor`, `clipsToBounds` and `isHidden`: setting either side sets both.
/// Layers made on their own (`CALayer()`, `CAShapeLayer()`, `CAGradientLayer()`) are added with
/// `addSublayer`; they draw above the view's own content, ordered with its subviews' layers as
/// they were added, and take no touches.
///
/// Not honoured yet: implicit animations of stand-alone layers (a change shows at once, as
/// inside `CATransaction.setDisableActions(true)` on iOS).
@preconcurrency @MainActor
open class CALayer {
    public init() {}

    /// Layers decoded from an archive come through here on iOS (`CALayer` adopts `NSSecureCoding`,
    /// so subclasses with initializers of their own implement it, as they must there); headless
    /// there is no archive, so this makes an empty layer as `init()` does.
    public required init?(coder: NSCoder) {}

    /// A view's layer of `layerClass` (see `UIView.layerClass`).
    static func backing(_ layerClass: AnyClass) -> CALayer {
        if layerClass == CALayer.self { return CALayer() }
        if layerClass == CAShapeLayer.self { return CAShapeLayer() }
        if layerClass == CAGradientLayer.self { return CAGradientLayer() }
        let builtIn: CALayer = layerClass is CAShapeLayer.Type ? CAShapeLayer() : layerClass is CAGradientLayer.Type ? CAGradientLayer() : CALayer()
        UIKitCompatibility.notHonoured("UIView.layerClass \(layerClass)",
                                       layerClass is CALayer.Type
                                           ? "the view's layer is made as \(type(of: builtIn)), the built-in class it comes from; its own initializer and overrides do not run"
                                           : "it is not a CALayer class; the view's layer is a CALayer")
        return builtIn
    }

    /// Core Animation makes presentation copies through this initializer; a subclass that
    /// overrides it to copy its own fields keeps working. It copies the layer's geometry and
    /// appearance.
    public init(layer: Any) {
        guard let other = layer as? CALayer else { return }
        (storedBounds, storedPosition, anchorPoint, storedTransform) = (other.bounds, other.position, other.anchorPoint, other.transform)
        (cornerRadius, maskedCorners, borderWidth, borderColor) = (other.cornerRadius, other.maskedCorners, other.borderWidth, other.borderColor)
        (shadowColor, shadowOpacity, shadowOffset, shadowRadius, shadowPath) =
            (other.shadowColor, other.shadowOpacity, other.shadowOffset, other.shadowRadius, other.shadowPath)
        (storedOpacity, storedBackground, storedMasksToBounds, storedHidden) =
            (other.opacity, other.backgroundColor, other.masksToBounds, other.isHidden)
        (zPosition, sublayerTransform, contents, contentsGravity, name) =
            (other.zPosition, other.sublayerTransform, other.contents, other.contentsGravity, other.name)
    }

    // MARK: Appearance

    open var cornerRadius: CGFloat = 0 {
        didSet { implicitlyAnimate(.cornerRadius, from: oldValue.layerComponents) }
    }
    /// Which corners `cornerRadius` rounds (all by default).
    open var maskedCorners: CACornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner]
    /// Drawn inside the bounds, above the contents and the sublayers.
    open var borderWidth: CGFloat = 0 {
        didSet { implicitlyAnimate(.borderWidth, from: oldValue.layerComponents) }
    }
    open var borderColor: CGColor? = UIColor.black.cgColor {
        didSet { implicitlyAnimate(.borderColor, from: OptionalColor(oldValue).layerComponents) }
    }
    open var shadowColor: CGColor? = UIColor.black.cgColor {
        didSet { implicitlyAnimate(.shadowColor, from: OptionalColor(oldValue).layerComponents) }
    }
    open var shadowOpacity: Float = 0 {
        didSet { implicitlyAnimate(.shadowOpacity, from: CGFloat(oldValue).layerComponents) }
    }
    open var shadowOffset = CGSize(width: 0, height: -3) {
        didSet { implicitlyAnimate(.shadowOffset, from: oldValue.layerComponents) }
    }
    open var shadowRadius: CGFloat = 3 {
        didSet { implicitlyAnimate(.shadowRadius, from: oldValue.layerComponents) }
    }
    /// The shape that casts the shadow. Without one the shadow comes, as in Core Animation, from
    /// the alpha of everything the layer draws: its background, contents, sublayers and border
    /// (a label's text casts a shadow, a view without a background casts its subviews' shadow).
    open var shadowPath: CGPath?
    /// Sibling order: a higher zPosition draws in front, whatever the order of the sublayers; it
    /// is also the layer's depth, which a parent's perspective `sublayerTransform` shows.
    open var zPosition: CGFloat = 0 {
        didSet { implicitlyAnimate(.zPosition, from: oldValue.layerComponents) }
    }
    open var opacity: Float {
        get { Float(owner?.alpha ?? CGFloat(storedOpacity)) }
        set {
            if let owner { owner.alpha = CGFloat(newValue); return }
            let old = storedOpacity
            storedOpacity = newValue
            implicitlyAnimate(.opacity, from: CGFloat(old).layerComponents)
        }
    }
    open var backgroundColor: CGColor? {
        get { owner?.backgroundColor?.cgColor ?? storedBackground }
        set {
            if let owner { owner.backgroundColor = newValue.map(UIColor.init(cgColor:)); return }
            let old = storedBackground
            storedBackground = newValue
            implicitlyAnimate(.backgroundColor, from: OptionalColor(old).layerComponents)
        }
    }
    open var masksToBounds: Bool {
        get { owner?.clipsToBounds ?? storedMasksToBounds }
        set { if let owner { owner.clipsToBounds = newValue } else { storedMasksToBounds = newValue } }
    }
    open var isHidden: Bool {
        get { owner?.isHidden ?? storedHidden }
        set { if let owner { owner.isHidden = newValue } else { storedHidden = newValue } }
    }
    open var name: String?

    /// What the layer shows in its bounds, below its sublayers: a `CGImage` (or a `UIImage`),
    /// placed by `contentsGravity`. On a view's layer it replaces what the view draws.
    open var contents: Any?
    open var contentsGravity: CALayerContentsGravity = .resize
    /// Accepted for ports; images carry their own scale here.
    open var contentsScale: CGFloat = 1
    /// A layer whose alpha cuts this one (its own geometry is in this layer's bounds
    /// coordinates): where the mask is transparent, nothing of this layer shows, shadow included.
    /// A mask that would draw this layer inside itself (the layer itself, a layer it masks, or a
    /// superlayer of it) stops the program with a message, as a sublayer cycle does: drawing it
    /// would never end. So does nesting more than ``maximumMaskNesting`` masks.
    open var mask: CALayer? {
        willSet {
            guard let newValue, newValue !== mask else { return }
            precondition(newValue !== self, "CALayer.mask: a layer cannot be its own mask")
            precondition(!isDrawn(within: newValue), "CALayer.mask: the mask (a \(type(of: newValue))) draws this layer "
                         + "(a \(type(of: self))) inside itself, as its superlayer or through its own mask: the layer tree would have a cycle")
            let masksAbove = sequence(first: self, next: \.maskedLayer).reduce(0) { count, _ in count + 1 } - 1
            let masksBelow = sequence(first: newValue, next: \.mask).reduce(0) { count, _ in count + 1 }
            precondition(masksAbove + masksBelow <= Self.maximumMaskNesting, "CALayer.mask: this mask would nest "
                         + "\(masksAbove + masksBelow) masks inside one another (a mask's mask's mask …); at most "
                         + "\(Self.maximumMaskNesting) are drawn. Combine them into one mask layer")
        }
        didSet {
            guard oldValue !== mask else { return }
            if oldValue?.maskedLayer === self { oldValue?.maskedLayer = nil }
            mask?.maskedLayer = self
        }
    }
    /// The layer this one is the mask of: drawing that layer draws this one.
    private weak var maskedLayer: CALayer?
    /// How many masks may nest (a layer's mask with a mask of its own, and so on): each one is
    /// drawn into a canvas of its own, on the stack of the one it masks; 1,000 overflowed it.
    /// Deeper nesting stops the program with a message, as a cycle does.
    public static let maximumMaskNesting = 64
    /// Accepted for ports: the renderer draws every frame from the layer tree, so caching a
    /// bitmap changes nothing but speed on iOS, and nothing here.
    open var shouldRasterize = false
    open var rasterizationScale: CGFloat = 1
    open var allowsEdgeAntialiasing = false
    open var allowsGroupOpacity = true
    /// Whether the back of the layer shows when a 3-D transform turns it away (true, as in Core
    /// Animation); when false, a turned-away layer and its sublayers are not drawn.
    open var isDoubleSided = true

    /// The view whose layer this is.
    public internal(set) weak var owner: UIView?

    /// Animations added with `add(_:forKey:)` (and implicit ones), in the order added.
    var runningAnimations: [RunningAnimation] = []
    /// The same by key, so that adding and finding one by key does not search them all (10,000
    /// animations on one layer took 15 s to add).
    var runningAnimationsByKey: [String: RunningAnimation] = [:]
    /// Whether a frame has shown the layer: only then does a change animate implicitly (a layer
    /// set up before it is first shown appears as set up, as on iOS).
    var hasBeenDrawn = false

    private var storedOpacity: Float = 1
    private var storedBackground: CGColor?
    private var storedMasksToBounds = false
    private var storedHidden = false

    // MARK: Geometry

    private var storedBounds = CGRect.zero
    private var storedPosition = CGPoint.zero
    private var storedTransform = CATransform3D.identity
    /// A view layer's 3-D transform when it is not affine (the view's `transform` holds the
    /// affine ones, so that `UIView.animate` and the view's frame see them).
    package private(set) var nonAffineTransform: CATransform3D?

    open var bounds: CGRect {
        get { owner?.bounds ?? storedBounds }
        set {
            if let owner { owner.bounds = newValue; return }
            let old = storedBounds
            storedBounds = newValue
            setNeedsLayout()
            if needsDisplayOnBoundsChange, old.size != newValue.size { setNeedsDisplay() }
            implicitlyAnimate(.bounds, from: old.layerComponents)
        }
    }

    /// Where the anchor point sits in the superlayer's coordinates (a view's `center`).
    open var position: CGPoint {
        get { owner?.center ?? storedPosition }
        set {
            if let owner { owner.center = newValue; return }
            let old = storedPosition
            storedPosition = newValue
            implicitlyAnimate(.position, from: old.layerComponents)
        }
    }

    /// The point of the bounds (in unit coordinates, (0, 0) top-left) that sits at `position`
    /// and that `transform` turns about.
    open var anchorPoint = CGPoint(x: 0.5, y: 0.5)
    /// The anchor's depth: `transform` turns about (anchor, anchorPointZ).
    open var anchorPointZ: CGFloat = 0

    /// The layer's 3-D transform about its anchor point; `m34` = −1/d gives perspective from a
    /// viewer d points away. On a view's layer, an affine transform is the view's `transform`.
    open var transform: CATransform3D {
        get {
            guard let owner else { return storedTransform }
            return nonAffineTransform ?? CATransform3DMakeAffineTransform(owner.transform)
        }
        set {
            guard let owner else {
                let old = storedTransform
                storedTransform = newValue
                implicitlyAnimate(.transform, from: old.layerComponents)
                return
            }
            owner.transform = CATransform3DGetAffineTransform(newValue)
            nonAffineTransform = CATransform3DIsAffine(newValue) ? nil : newValue
        }
    }

    /// The view's affine transform was set: it replaces a 3-D one.
    func viewTransformChanged(to transform: CGAffineTransform) {
        nonAffineTransform = nil
    }

    /// The transform applied to every sublayer, about this layer's anchor point: a perspective
    /// here (`m34`) gives all the sublayers one vanishing point.
    open var sublayerTransform = CATransform3D.identity {
        didSet {
            hasSublayerTransform = sublayerTransform != .identity
            implicitlyAnimate(.sublayerTransform, from: oldValue.layerComponents)
        }
    }
    /// Whether `sublayerTransform` is not the identity (read on every snapshot of every view).
    private(set) var hasSublayerTransform = false

    /// The box of the transformed bounds in the superlayer's coordinates. Setting it places the
    /// layer (position and bounds size) as Core Animation does.
    open var frame: CGRect {
        get {
            if let owner { return owner.frame }
            return Self.anchoredFrame(bounds: storedBounds, anchor: anchorPoint, position: storedPosition,
                              transform: CATransform3DGetAffineTransform(storedTransform))
        }
        set {
            if let owner { owner.frame = newValue; return }
            let frame = newValue.standardized
            storedPosition = CGPoint(x: frame.minX + anchorPoint.x * frame.width, y: frame.minY + anchorPoint.y * frame.height)
            storedBounds = CGRect(origin: storedBounds.origin, size: frame.size)
            setNeedsLayout()
        }
    }

    /// The bounding box of `bounds` turned about the anchor point by `transform` and placed at
    /// `position`.
    static func anchoredFrame(bounds: CGRect, anchor: CGPoint, position: CGPoint, transform: CGAffineTransform) -> CGRect {
        let anchorX = bounds.minX + anchor.x * bounds.width, anchorY = bounds.minY + anchor.y * bounds.height
        let local = bounds.offsetBy(dx: -anchorX, dy: -anchorY)
        let box = transform.isIdentity ? local : local.applying(transform)
        return box.offsetBy(dx: position.x, dy: position.y)
    }

    /// Whether the anchor point is the centre, where UIKit's arithmetic of views needs no anchor.
    var anchorIsCentre: Bool { anchorPoint.x == 0.5 && anchorPoint.y == 0.5 }

    // MARK: Tree

    /// The sublayers, back to front before `zPosition` sorts them. For a view's layer they hold
    /// its subviews' layers too; nil when there are none, as in Core Animation.
    open var sublayers: [CALayer]? {
        get {
            let list = orderedSublayers ?? owner?.subviews.map(\.layer) ?? []
            return list.isEmpty ? nil : list
        }
        set {
            for layer in sublayers ?? [] { layer.removeFromSuperlayer() }
            for layer in newValue ?? [] { addSublayer(layer) }
        }
    }

    /// The layer this one is a sublayer of.
    open var superlayer: CALayer? {
        owner?.superview?.layer ?? storedSuperlayer
    }

    /// Every sublayer in order, when the layer has sublayers that are not its view's subviews'
    /// layers; nil means exactly those (the common case, which then costs nothing to keep).
    private(set) var orderedSublayers: [CALayer]?
    private weak var storedSuperlayer: CALayer?

    open func addSublayer(_ layer: CALayer) {
        // Counted without building the list: adding n layers is linear.
        insertSublayer(layer, at: UInt32(clamping: orderedSublayers?.count ?? owner?.subviews.count ?? 0))
    }

    /// Inserts `layer` at `index` among the sublayers (from the back), taking it from its old
    /// superlayer. A view's layer inserted into a view's layer makes the view a subview.
    open func insertSublayer(_ layer: CALayer, at index: UInt32) {
        precondition(layer !== self, "CALayer.insertSublayer: a layer cannot be its own sublayer")
        precondition(!isDrawn(within: layer), "CALayer.insertSublayer: the layer tree would have a cycle")
        if let view = layer.owner, let owner {
            let viewsBelow = (sublayers ?? []).prefix(Int(index)).filter { $0.owner != nil && $0 !== layer }.count
            owner.insertSubview(view, at: viewsBelow)
            guard var list = orderedSublayers else { return }
            list.removeAll { $0 === layer }
            list.insert(layer, at: min(Int(index), list.count))
            orderedSublayers = list
            return
        }
        layer.removeFromSuperlayer()
        // Taken out and put back, so that the list is uniquely held and inserted into in place.
        var list = orderedSublayers ?? owner?.subviews.map(\.layer) ?? []
        orderedSublayers = nil
        list.insert(layer, at: min(Int(index), list.count))
        orderedSublayers = list
        layer.storedSuperlayer = self
    }

    open func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
        let list = sublayers ?? []
        guard let sibling, let index = list.firstIndex(where: { $0 === sibling }) else { return addSublayer(layer) }
        let adjust = (list.firstIndex { $0 === layer } ?? .max) < index ? 0 : 1
        insertSublayer(layer, at: UInt32(index + adjust))
    }

    open func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
        let list = sublayers ?? []
        guard let sibling, let index = list.firstIndex(where: { $0 === sibling }) else { return insertSublayer(layer, at: 0) }
        let adjust = (list.firstIndex { $0 === layer } ?? .max) < index ? -1 : 0
        insertSublayer(layer, at: UInt32(index + adjust))
    }

    open func replaceSublayer(_ oldLayer: CALayer, with newLayer: CALayer) {
        guard let index = (sublayers ?? []).firstIndex(where: { $0 === oldLayer }) else { return }
        oldLayer.removeFromSuperlayer()
        insertSublayer(newLayer, at: UInt32(index))
    }

    /// Takes the layer out of its superlayer; a view's layer takes its view out of its superview.
    open func removeFromSuperlayer() {
        if let owner, owner.superview != nil {
            owner.removeFromSuperview()
            return
        }
        guard let parent = storedSuperlayer else { return }
        parent.orderedSublayers?.removeAll { $0 === self }
        parent.dropOrderIfPlain()
        storedSuperlayer = nil
    }

    /// Whether drawing `layer` draws this one: this layer is `layer`, or lies under it through
    /// superlayers and masks. Walks up, so it costs the depth of the tree, not its size.
    private func isDrawn(within layer: CALayer) -> Bool {
        var pending: [CALayer] = [self]
        var seen: Set<ObjectIdentifier> = []
        while let current = pending.popLast() {
            if current === layer { return true }
            guard seen.insert(ObjectIdentifier(current)).inserted else { continue }
            if let parent = current.superlayer { pending.append(parent) }
            if let masked = current.maskedLayer { pending.append(masked) }
        }
        return false
    }

    /// Forgets the order when it is again exactly the subviews' layers.
    private func dropOrderIfPlain() {
        guard let list = orderedSublayers else { return }
        let views = owner?.subviews ?? []
        if list.count == views.count, zip(list, views).allSatisfy({ $0 === $1.layer }) { orderedSublayers = nil }
    }

    /// The sublayers back to front: by `zPosition`, then in order.
    var sublayersInDrawingOrder: [CALayer] {
        let list = sublayers ?? []
        let inOrder = zip(list, list.dropFirst()).allSatisfy { $0.zPosition <= $1.zPosition }
        guard !inOrder else { return list }
        return list.enumerated().sorted { lhs, rhs in
            lhs.element.zPosition != rhs.element.zPosition ? lhs.element.zPosition < rhs.element.zPosition : lhs.offset < rhs.offset
        }.map(\.element)
    }

    // MARK: Keeping a view layer's order with its subviews (called by UIView)

    /// `view` was inserted among the owner's subviews: its layer goes just below the layer of the
    /// subview now above it, or on top of every sublayer when it is the front subview.
    func subviewInserted(_ view: UIView) {
        if view.layer.storedSuperlayer != nil { view.layer.removeFromFreeSuperlayer() }
        guard var list = orderedSublayers, let owner else { return }
        list.removeAll { $0 === view.layer }
        if let index = owner.subviews.firstIndex(where: { $0 === view }), index + 1 < owner.subviews.count,
           let above = list.firstIndex(where: { $0 === owner.subviews[index + 1].layer }) {
            list.insert(view.layer, at: above)
        } else {
            list.append(view.layer)
        }
        orderedSublayers = list
    }

    func subviewRemoved(_ view: UIView) {
        orderedSublayers?.removeAll { $0 === view.layer }
        dropOrderIfPlain()
    }

    /// `view` went to the front (or the back) of the subviews: its layer goes to the front (or
    /// the back) of every sublayer.
    func subviewMoved(_ view: UIView, toFront: Bool) {
        guard var list = orderedSublayers else { return }
        list.removeAll { $0 === view.layer }
        if toFront { list.append(view.layer) } else { list.insert(view.layer, at: 0) }
        orderedSublayers = list
    }

    /// The subviews were reordered among themselves: their layers take the same places in the
    /// new order, and the other sublayers stay where they are.
    func subviewsReordered() {
        guard var list = orderedSublayers, let owner else { return }
        let slots = list.indices.filter { list[$0].owner?.superview === owner }
        guard slots.count == owner.subviews.count else { return }
        for (slot, view) in zip(slots, owner.subviews) { list[slot] = view.layer }
        orderedSublayers = list
    }

    private func removeFromFreeSuperlayer() {
        storedSuperlayer?.orderedSublayers?.removeAll { $0 === self }
        storedSuperlayer?.dropOrderIfPlain()
        storedSuperlayer = nil
    }

    // MARK: Layout and display

    private var needsLayout = false

    open func setNeedsLayout() {
        if let owner { owner.setNeedsLayout() } else { needsLayout = true }
    }

    open func layoutIfNeeded() {
        if let owner { return owner.layoutIfNeeded() }
        if needsLayout {
            needsLayout = false
            layoutSublayers()
        }
    }

    /// Lays out the sublayers; called before the layer is drawn when it needs layout.
    open func layoutSublayers() {}

    // MARK: Drawn content

    /// Marks the content to be drawn again: a view's layer asks its view (`draw(_:)`); a layer of
    /// its own runs `display()` before it is next shown, which calls `draw(in:)`. As in Core
    /// Animation, a layer of its own draws nothing until this is called.
    open func setNeedsDisplay() {
        if let owner { return owner.setNeedsDisplay() }
        needsContentDisplay = true
    }

    open func setNeedsDisplay(_ rect: CGRect) { setNeedsDisplay() }
    open func needsDisplay() -> Bool { needsContentDisplay }

    /// Runs `display()` if the content was marked.
    open func displayIfNeeded() {
        guard needsContentDisplay, owner == nil else { return }
        needsContentDisplay = false
        display()
    }

    /// Draws the layer's content: `draw(in:)` into a context whose drawing becomes the content,
    /// under the layer's sublayers.
    open func display() {
        let context = UIGraphicsContext()
        UIGraphicsContext.push(context)
        draw(in: context)
        UIGraphicsContext.pop()
        drawnContent = context.commands
    }

    /// Override to draw the layer's content, in its bounds' coordinates.
    open func draw(in ctx: CGContext) {}

    /// Whether a change of `bounds` marks the content to be drawn again.
    open var needsDisplayOnBoundsChange = false
    /// Rendering here is synchronous on the main actor; drawing asynchronously is correct to
    /// refuse, and the flag changes nothing.
    open var drawsAsynchronously = false

    /// Whether a change of the layer's property `key` redraws it. Core Animation animates custom
    /// properties this way, through key-value coding, which needs the Objective-C runtime: such
    /// animations are not honoured (see `CALayer.add(_:forKey:)`), and overriding this changes nothing.
    open class func needsDisplay(forKey key: String) -> Bool { false }

    private var needsContentDisplay = false
    /// What `display()` drew last.
    var drawnContent: [DrawingCommand] = []

    // MARK: Hit-testing

    /// Whether `p` (in the layer's coordinates) is inside its bounds.
    open func contains(_ p: CGPoint) -> Bool { bounds.contains(p) }

    /// The corner radii the layer rounds, limited to half of the shorter side as Core Animation
    /// limits them.
    func radii(for size: CGSize, cornerRadius: CGFloat? = nil) -> (topLeft: Double, topRight: Double, bottomRight: Double, bottomLeft: Double) {
        let r = max(0, min(Double(cornerRadius ?? self.cornerRadius), Double(min(size.width, size.height)) / 2))
        func pick(_ corner: CACornerMask) -> Double { maskedCorners.contains(corner) ? r : 0 }
        return (pick(.layerMinXMinYCorner), pick(.layerMaxXMinYCorner), pick(.layerMaxXMaxYCorner), pick(.layerMinXMaxYCorner))
    }

    /// What a stand-alone layer draws in its bounds coordinates at `time`, below its sublayers:
    /// its `contents`. Shape and gradient layers draw their shapes.
    func layerContent(in bounds: CGRect, at time: TimeInterval) -> [DrawingCommand] { ownContent(in: bounds, at: time) }

    /// A new layer of this kind with this layer's model values (for `presentation()`).
    func presentationCopy() -> CALayer { CALayer(layer: self) }

    /// Sets a presentation copy's own kind of properties to their shown values.
    func finishPresentationCopy(from layer: CALayer, at time: TimeInterval) {}

    /// What the layer itself draws in its bounds (below its sublayers) at `time`: its `contents`,
    /// cross-faded while an animation of `contents` runs (see `contentsCrossFade(at:)`).
    func ownContent(in bounds: CGRect, at time: TimeInterval) -> [DrawingCommand] {
        displayIfNeeded()
        guard let fade = contentsCrossFade(at: time) else { return drawnContent + contentsContent(contents, in: bounds, opacity: 1) }
        if Self.image(fade.to) == nil {
            return drawnContent + contentsContent(fade.from, in: bounds, opacity: 1 - fade.fraction)
        }
        return drawnContent + contentsContent(fade.from, in: bounds, opacity: 1) + contentsContent(fade.to, in: bounds, opacity: fade.fraction)
    }

    /// `contents` (an image) placed by `contentsGravity`, at `opacity`.
    private func contentsContent(_ contents: Any?, in bounds: CGRect, opacity: Double) -> [DrawingCommand] {
        guard opacity > 0, let image = Self.image(contents) else { return [] }
        let size = image.pointSize
        guard size.width > 0, size.height > 0, bounds.width > 0, bounds.height > 0 else { return [] }
        let placed = contentsGravity.place(size, in: bounds)
        let transform = Transform(scaleX: Double(placed.width / size.width), y: Double(placed.height / size.height))
            .concatenating(Transform(translationX: Double(placed.minX), y: Double(placed.minY)))
        return [.image(image, transform: transform, opacity: min(1, opacity))]
    }

    /// `contents` as pixels, when it is an image.
    var contentsImage: Bitmap? { Self.image(contents) }

    /// A `contents` value as pixels, when it is an image.
    static func image(_ contents: Any?) -> Bitmap? {
        switch contents {
        case let image as CGImage: return image.bitmap
        case let image as UIImage: return image.bitmap
        default: return nil
        }
    }
}

/// Which corners a layer's `cornerRadius` rounds.
public struct CACornerMask: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let layerMinXMinYCorner = CACornerMask(rawValue: 1 << 0)
    public static let layerMaxXMinYCorner = CACornerMask(rawValue: 1 << 1)
    public static let layerMinXMaxYCorner = CACornerMask(rawValue: 1 << 2)
    public static let layerMaxXMaxYCorner = CACornerMask(rawValue: 1 << 3)
}

/// How a layer's `contents` image is placed in its bounds.
public struct CALayerContentsGravity: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let center = Self(rawValue: "center")
    public static let top = Self(rawValue: "top")
    public static let bottom = Self(rawValue: "bottom")
    public static let left = Self(rawValue: "left")
    public static let right = Self(rawValue: "right")
    public static let topLeft = Self(rawValue: "topLeft")
    public static let topRight = Self(rawValue: "topRight")
    public static let bottomLeft = Self(rawValue: "bottomLeft")
    public static let bottomRight = Self(rawValue: "bottomRight")
    public static let resize = Self(rawValue: "resize")
    public static let resizeAspect = Self(rawValue: "resizeAspect")
    public static let resizeAspectFill = Self(rawValue: "resizeAspectFill")

    /// Where an image of `size` points goes in `bounds`. Core Animation's names are those of a
    /// flipped layer on iOS: `top` is the top of the screen.
    func place(_ size: CGSize, in bounds: CGRect) -> CGRect {
        switch self {
        case .resize:
            return bounds
        case .resizeAspect, .resizeAspectFill:
            let fit = min(bounds.width / size.width, bounds.height / size.height)
            let fill = max(bounds.width / size.width, bounds.height / size.height)
            let s = self == .resizeAspect ? fit : fill
            let w = size.width * s, h = size.height * s
            return CGRect(x: bounds.midX - w / 2, y: bounds.midY - h / 2, width: w, height: h)
        default:
            let name = rawValue.lowercased()
            let x = name.contains("left") ? bounds.minX : name.contains("right") ? bounds.maxX - size.width : bounds.midX - size.width / 2
            let y = name.hasPrefix("top") ? bounds.minY : name.hasPrefix("bottom") ? bounds.maxY - size.height : bounds.midY - size.height / 2
            return CGRect(x: x, y: y, width: size.width, height: size.height)
        }
    }
}

/// Core Graphics' image: pixels with a scale, as `layer.contents` and `UIImage.cgImage` hold
/// them. `@unchecked`: immutable, like the `UIImage` it comes from.
public final class CGImage: @unchecked Sendable {
    /// The pixels, premultiplied.
    public let bitmap: Bitmap

    public init(bitmap: Bitmap) { self.bitmap = bitmap }

    /// An image of `canvas`'s pixels as they are now (a copy).
    public convenience init(canvas: Canvas) { self.init(bitmap: Bitmap(copying: canvas)) }

    public var width: Int { bitmap.width }
    public var height: Int { bitmap.height }
}

extension UIImage {
    /// The image's pixels as a `CGImage` (for `layer.contents`).
    public var cgImage: CGImage? { CGImage(bitmap: bitmap) }

    public convenience init(cgImage: CGImage) {
        self.init(bitmap: cgImage.bitmap)
    }

    public convenience init(cgImage: CGImage, scale: CGFloat, orientation: Orientation) {
        let pixels = cgImage.bitmap
        if Double(scale) == pixels.scale || scale <= 0 {
            self.init(bitmap: pixels)
        } else {
            self.init(bitmap: Bitmap(pixelWidth: pixels.width, pixelHeight: pixels.height, scale: Double(scale)) {
                $0.draw(pixels, transform: Transform(scaleX: pixels.scale / Double(scale), y: pixels.scale / Double(scale)))
            })
        }
    }

    /// UIKit's image orientations; images here are always drawn `.up`.
    public enum Orientation: Int, Sendable {
        case up, down, left, right, upMirrored, downMirrored, leftMirrored, rightMirrored
    }
}

/// Layers compare by identity, as NSObjects do (`if mask != oldMask`).
extension CALayer: Hashable {
    nonisolated public static func == (lhs: CALayer, rhs: CALayer) -> Bool { lhs === rhs }
    nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension CALayer {
    /// NSObject's identity test: whether `object` is this layer.
    nonisolated public func isEqual(_ object: Any?) -> Bool { (object as AnyObject?) === self }
}
