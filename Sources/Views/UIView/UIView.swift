import Dynamics
import Vocabulary
import Foundation
import DisplayList
import Raster

/// UIKit's view, headless: geometry, appearance, a tree of subviews, hit-testing, layout and
/// custom drawing, with UIKit's names, defaults and relations.
///
/// Geometry is kept as UIKit keeps it: `center` (in the superview's bounds coordinates), `bounds`
/// (the view's own coordinates; a scroll view's origin is its content offset) and `transform`
/// (about the centre). `frame` is derived from them. Setting `center`, `bounds`, `frame`,
/// `transform`, `alpha` or `backgroundColor` inside `UIView.animate` animates the change.
///
/// A view is a `UIDynamicItem`, so a dynamic animator can move it.
@preconcurrency @MainActor
open class UIView: UIResponder, UIDynamicItem {
    public init(frame: CGRect) {
        storedCenter = CGPoint(x: frame.midX, y: frame.midY)
        storedBounds = CGRect(origin: .zero, size: frame.standardized.size)
        layer = CALayer.backing(Self.layerClass)
        super.init()
        layer.owner = self
    }

    public override convenience init() {
        self.init(frame: .zero)
    }

    /// Views made by a storyboard or a nib come through here on iOS; headless there is no archive,
    /// so this makes an empty view as `init(frame: .zero)` does, then `awakeFromNib()` runs.
    public required init?(coder: NSCoder) {
        storedCenter = .zero
        storedBounds = .zero
        layer = CALayer.backing(Self.layerClass)
        super.init()
        layer.owner = self
        awakeFromNib()
    }

    // MARK: Responder chain

    /// The controller whose root view this is, else the superview.
    open override var next: UIResponder? { owningViewController ?? superview }

    override var firstResponderScope: UIWindow? { window }

    /// Called after `init(coder:)`; override to configure a view as a nib would have left it.
    open func awakeFromNib() {}

    /// Interface Builder's live-rendering hook: never called headless. Correct as a no-op.
    open func prepareForInterfaceBuilder() {}

    /// How the view's content is laid out for right-to-left languages: `.forceRightToLeft` and
    /// `.forceLeftToRight` fix this view's `effectiveUserInterfaceLayoutDirection`, `.playback` and
    /// `.spatial` keep it left to right, and `.unspecified` follows `traitCollection.layoutDirection`.
    /// As in UIKit the attribute is the view's own: subviews keep theirs (set it on each, or
    /// through the screen's `DeviceSettings.layoutDirection`), but constraints pinned inside the
    /// view and its text of natural alignment follow it.
    open var semanticContentAttribute = UISemanticContentAttribute.unspecified {
        didSet {
            guard semanticContentAttribute != oldValue else { return }
            superview?.setNeedsLayout()
            setNeedsLayout()
            setNeedsDisplay()
        }
    }

    /// A view whose alpha masks this one (iOS 8): only where the mask is opaque does this view show.
    open var mask: UIView? {
        didSet { layer.mask = mask?.layer }
    }

    /// The direction the view's content runs in: its `semanticContentAttribute`'s, relative to
    /// its traits' `layoutDirection`. Leading and trailing constraints, natural text alignment and
    /// collection layouts that flip follow it.
    open var effectiveUserInterfaceLayoutDirection: UIUserInterfaceLayoutDirection {
        UIView.userInterfaceLayoutDirection(for: semanticContentAttribute,
                                            relativeTo: traitCollection.layoutDirection == .rightToLeft ? .rightToLeft : .leftToRight)
    }

    /// The layer whose corner radius, border, shadow and stacking order the view shows.
    /// The view's layer, of the class `layerClass` names.
    public let layer: CALayer

    /// The class of the view's layer. `CALayer`, `CAShapeLayer` and `CAGradientLayer` are made as
    /// named, and what they draw is the view's content (a gradient view, a shape view). Swift
    /// cannot make an instance of a class it knows only at run time unless its initializer is
    /// `required`, and `CALayer.init()` is not (making it so would reject every layer subclass
    /// that overrides `init()`): a subclass of your own is made as the built-in class it comes
    /// from, and says so once in a debug build.
    open class var layerClass: AnyClass { CALayer.self }

    // MARK: Geometry

    var storedCenter: CGPoint
    var storedBounds: CGRect
    var storedTransform = CGAffineTransform.identity

    /// The centre, in the superview's bounds coordinates.
    open var center: CGPoint {
        get { storedCenter }
        set {
            let old = storedCenter
            storedCenter = newValue
            recordAnimation(.center, from: old.animationComponents, to: newValue.animationComponents)
        }
    }

    /// The view's own coordinate system: origin (a scroll view's content offset) and size.
    open var bounds: CGRect {
        get { storedBounds }
        set {
            let old = storedBounds
            storedBounds = newValue
            recordAnimation(.bounds, from: old.animationComponents, to: newValue.animationComponents)
            if old.size != newValue.size {
                setNeedsLayout()
                autoresizeSubviews(from: old.size)
                if contentMode == .redraw { setNeedsDisplay() }
            }
        }
    }

    /// The transform about the centre (rotation, scale, translation).
    open var transform: CGAffineTransform {
        get { storedTransform }
        set {
            let old = storedTransform
            storedTransform = newValue
            layer.viewTransformChanged(to: newValue)
            recordAnimation(.transform, from: old.animationComponents, to: newValue.animationComponents)
        }
    }

    /// The smallest rectangle in the superview's coordinates that holds the transformed bounds.
    /// Setting it sets `center` and the size of `bounds`.
    open var frame: CGRect {
        get {
            guard layer.anchorIsCentre else {
                return CALayer.anchoredFrame(bounds: storedBounds, anchor: layer.anchorPoint, position: storedCenter, transform: storedTransform)
            }
            return Self.frame(center: storedCenter, size: storedBounds.size, transform: storedTransform)
        }
        set {
            let frame = newValue.standardized
            let anchor = layer.anchorPoint
            center = layer.anchorIsCentre ? CGPoint(x: frame.midX, y: frame.midY)
                : CGPoint(x: frame.minX + anchor.x * frame.width, y: frame.minY + anchor.y * frame.height)
            let inverse = storedTransform.isIdentity ? frame.size : Self.untransformedSize(frame.size, storedTransform)
            bounds = CGRect(origin: storedBounds.origin, size: inverse)
        }
    }

    static func frame(center: CGPoint, size: CGSize, transform: CGAffineTransform) -> CGRect {
        let local = CGRect(x: -size.width / 2, y: -size.height / 2, width: size.width, height: size.height)
        let box = transform.isIdentity ? local : local.applying(transform)
        return box.offsetBy(dx: center.x, dy: center.y)
    }

    /// The size whose transformed box is `size`, for a scale (UIKit leaves other cases undefined).
    private static func untransformedSize(_ size: CGSize, _ t: CGAffineTransform) -> CGSize {
        let sx = (t.a * t.a + t.b * t.b).squareRoot(), sy = (t.c * t.c + t.d * t.d).squareRoot()
        guard t.b == 0, t.c == 0, sx > 0, sy > 0 else { return size }
        return CGSize(width: size.width / sx, height: size.height / sy)
    }

    /// Bounds coordinates → the superview's bounds coordinates (the affine part, for a layer
    /// turned in 3-D).
    public var transformToSuperview: CGAffineTransform {
        let anchor = layer.anchorIsCentre ? CGPoint(x: storedBounds.midX, y: storedBounds.midY)
            : CGPoint(x: storedBounds.minX + layer.anchorPoint.x * storedBounds.width,
                      y: storedBounds.minY + layer.anchorPoint.y * storedBounds.height)
        return CGAffineTransform(translationX: -anchor.x, y: -anchor.y)
            .concatenating(storedTransform)
            .concatenating(CGAffineTransform(translationX: storedCenter.x, y: storedCenter.y))
    }

    // MARK: Appearance

    open var backgroundColor: UIColor? {
        didSet {
            recordAnimation(.backgroundColor, from: oldValue.animationComponents, to: backgroundColor.animationComponents)
        }
    }

    open var alpha: CGFloat = 1 {
        didSet { recordAnimation(.alpha, from: [Double(oldValue)], to: [Double(alpha)]) }
    }

    open var isHidden = false

    // MARK: As a dynamic item

    /// How a dynamic animator outlines the view for collisions; `.rectangle` by default.
    open var collisionBoundsType: UIDynamicItemCollisionBoundsType { .rectangle }

    /// The outline of a `.path` view, (0, 0) at its centre: a convex polygon, counter-clockwise
    /// (curves are flattened; a concave path collides as its convex hull). By default, the bounds.
    open var collisionBoundingPath: UIBezierPath {
        UIBezierPath(rect: CGRect(x: -bounds.width / 2, y: -bounds.height / 2, width: bounds.width, height: bounds.height))
    }

    /// `collisionBoundingPath` flattened, for the animator (nil unless the type is `.path`).
    public var collisionBoundingPolygon: [CGPoint]? {
        guard collisionBoundsType == .path else { return nil }
        return collisionBoundingPath.polylines().flatMap { $0 }
    }
    /// See `overrideUserInterfaceStyle`.
    var storedOverrideStyle = UIUserInterfaceStyle.unspecified
    /// See `traitOverrides`.
    var storedTraitOverrides = UITraitOverrides()
    /// See `registerForTraitChanges(_:handler:)`.
    var traitChangeRegistrations: [UITraitChangeRegistration] = []

    // MARK: Traits (see UIView+Traits.swift)

    /// The view's traits: its window's screen's, with the nearest `overrideUserInterfaceStyle`
    /// of itself, its view controller or an ancestor.
    open var traitCollection: UITraitCollection { inheritedTraits }

    /// Light or dark for this view and everything under it, whatever its window shows.
    open var overrideUserInterfaceStyle: UIUserInterfaceStyle {
        get { storedOverrideStyle }
        set { changingTraits { storedOverrideStyle = newValue } }
    }

    /// Called after the view's traits change (not when it is first shown).
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}
    /// A name for tests and tools: a recorder's trace follows every view that has one.
    open var accessibilityIdentifier: String?
    // What assistive technologies would read; kept as set (none runs headless).
    open var isAccessibilityElement = false
    open var accessibilityLabel: String?
    open var accessibilityHint: String?
    open var accessibilityValue: String?
    open var accessibilityTraits = UIAccessibilityTraits.none
    open var clipsToBounds = false
    open var isOpaque = true
    open var isUserInteractionEnabled = true
    open var tag = 0
    open var contentMode: ContentMode = .scaleToFill {
        didSet { if contentMode != oldValue { setNeedsDisplay() } }
    }

    /// The tint, inherited from the superview unless set (the system blue at the root).
    open var tintColor: UIColor! {
        get { storedTintColor ?? superview?.tintColor ?? .systemBlue }
        set {
            storedTintColor = newValue
            tintColorChanged()
        }
    }
    private var storedTintColor: UIColor?

    /// Called when the tint this view shows changes (set here or inherited from above).
    open func tintColorDidChange() {}

    private func tintColorChanged() {
        tintColorDidChange()
        for subview in subviews where subview.storedTintColor == nil { subview.tintColorChanged() }
    }

    public enum ContentMode: Int, Sendable {
        case scaleToFill, scaleAspectFit, scaleAspectFill, redraw, center, top, bottom, left, right
        case topLeft, topRight, bottomLeft, bottomRight
    }

    // MARK: Drawing

    /// Draws the view's content in its bounds coordinates, with `UIBezierPath`, `UIColor.setFill()`
    /// and `UIRectFill`. Called when the view is first shown and after `setNeedsDisplay()`; the
    /// drawing is kept and shown in every frame until then (stretched to a new size unless
    /// `contentMode` is `.redraw`).
    open func draw(_ rect: CGRect) {}

    /// Asks for `draw(_:)` before the next frame.
    open func setNeedsDisplay() { recordedDrawing = nil }

    open func setNeedsDisplay(_ rect: CGRect) { setNeedsDisplay() }

    /// What `draw(_:)` drew, and the bounds size it drew at.
    var recordedDrawing: (commands: [DrawingCommand], size: CGSize)?

    /// The commands to show for the view's own content in its bounds now.
    func contentCommands() -> [DrawingCommand] {
        if recordedDrawing == nil {
            let rect = CGRect(origin: .zero, size: storedBounds.size)
            recordedDrawing = (UIGraphicsContext.record { draw(rect) }, storedBounds.size)
        }
        return recordedDrawing?.commands ?? []
    }

    // MARK: Sizing

    /// The size that fits `size`: the current size for a plain view, as in UIKit.
    open func sizeThatFits(_ size: CGSize) -> CGSize { storedBounds.size }

    /// Resizes the view to `sizeThatFits` of its current size.
    open func sizeToFit() {
        let fitted = sizeThatFits(storedBounds.size)
        bounds = CGRect(origin: storedBounds.origin, size: fitted)
    }

    /// `systemLayoutSizeFitting` with both dimensions fitting the content.
    open func systemLayoutSizeFitting(_ targetSize: CGSize) -> CGSize {
        systemLayoutSizeFitting(targetSize, withHorizontalFittingPriority: .fittingSizeLevel,
                                verticalFittingPriority: .fittingSizeLevel)
    }

    /// The size the view's constraints give it, solved with its width held at the target's at
    /// `horizontalFittingPriority` and its height at `verticalFittingPriority`: `.required` keeps
    /// a dimension at the target, `.fittingSizeLevel` (50) lets the content decide it, pulled
    /// towards the target (`layoutFittingCompressedSize`: as small as the constraints allow). The
    /// constraints of the view's subtree count (a multi-line label wraps at the width it gets, so
    /// a cell grows with its text), and a subview that is not laid out by constraints but fills
    /// the view or stretches with it (a cell's `contentView`) is solved with it. Without any of
    /// these the view's `sizeThatFits` answers.
    open func systemLayoutSizeFitting(_ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
                                      verticalFittingPriority: UILayoutPriority) -> CGSize {
        let fitsWidth = horizontalFittingPriority < .required, fitsHeight = verticalFittingPriority < .required
        guard fitsWidth || fitsHeight else { return targetSize }
        if let solved = constrainedFittingSize(targetSize, horizontal: horizontalFittingPriority, vertical: verticalFittingPriority) {
            return CGSize(width: fitsWidth ? solved.width : targetSize.width, height: fitsHeight ? solved.height : targetSize.height)
        }
        var size = targetSize
        let fitted = sizeThatFits(targetSize)
        if fitsHeight { size.height = fitted.height }
        if fitsWidth { size.width = fitted.width }
        return size
    }

    open var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric) }
    nonisolated public static let noIntrinsicMetric: CGFloat = -1

    // MARK: Hierarchy

    public internal(set) weak var superview: UIView?
    public internal(set) var subviews: [UIView] = []
    var needsLayout = true
    /// Whether a view below this one needs layout: a layout pass walks only such subtrees. Set
    /// on every ancestor of a view that needs layout (so an ancestor that has it has it on all of
    /// its own ancestors too), cleared as the pass walks down.
    var descendantNeedsLayout = true
    /// Whether `updateConstraints()` is due (`setNeedsUpdateConstraints()`; every view starts so),
    /// and whether a view below this one has it due: marked up the tree like `descendantNeedsLayout`.
    var needsConstraintUpdate = true
    var descendantNeedsConstraintUpdate = true
    /// The safe area insets the last layout pass saw (see `safeAreaInsetsDidChange()`).
    private var laidOutSafeAreaInsets = UIEdgeInsets.zero
    /// The controller whose root view this is.
    weak var owningViewController: UIViewController?

    // MARK: Animation (UIView+Animation.swift)

    /// Running animations: each adds the part of its change still to come to the model value.
    var animations: [PropertyAnimation] = []

    // MARK: - Gesture recognizers

    /// The recognizers attached to this view, in the order added; they see touches that land on
    /// this view or on its descendants.
    open var gestureRecognizers: [UIGestureRecognizer]? {
        get { attachedRecognizers.isEmpty ? nil : attachedRecognizers }
        set {
            for recognizer in attachedRecognizers { removeGestureRecognizer(recognizer) }
            for recognizer in newValue ?? [] { addGestureRecognizer(recognizer) }
        }
    }

    var attachedRecognizers: [UIGestureRecognizer] = []
    /// Animators made with `UIDynamicAnimator(referenceView: self)`: they follow this view into
    /// its window's clock. Held here too, so that a clock that goes away before the view joins a
    /// window does not take them with it.
    var referencingAnimators: [AnimatorDriver] = []

    open func addGestureRecognizer(_ recognizer: UIGestureRecognizer) {
        guard !attachedRecognizers.contains(where: { $0 === recognizer }) else { return }
        recognizer.view?.removeGestureRecognizer(recognizer)
        recognizer.view = self
        attachedRecognizers.append(recognizer)
    }

    open func removeGestureRecognizer(_ recognizer: UIGestureRecognizer) {
        attachedRecognizers.removeAll { $0 === recognizer }
        if recognizer.view === self { recognizer.view = nil }
    }

    /// The recognizers that see a touch landing on this view: its own, then each superview's.
    public var recognizersForTouch: [UIGestureRecognizer] {
        selfAndAncestors.flatMap { $0.attachedRecognizers.filter(\.isEnabled) }
    }

    /// The nearest view from this one up that tracks touches itself.
    public var touchTracker: UITouchTracking? {
        selfAndAncestors.lazy.compactMap { $0 as? UITouchTracking }.first
    }

    /// This view, its superview, and so on up to the root.
    var selfAndAncestors: UnfoldSequence<UIView, (UIView?, Bool)> {
        sequence(first: self, next: \.superview)
    }

    /// The topmost ancestor (the window, when the view is in one).
    var rootView: UIView {
        var view = self
        while let superview = view.superview { view = superview }
        return view
    }

    // MARK: - Subviews, coordinates, hit-testing and layout, as UIKit does them

    /// The window the view is in, if any.
    open var window: UIWindow? {
        selfAndAncestors.lazy.compactMap { $0 as? UIWindow }.first
    }

    /// Adds `view` in front of the other subviews, taking it from its old superview.
    open func addSubview(_ view: UIView) {
        insertSubview(view, at: subviews.count)
    }

    /// Inserts `view` at `index` among the subviews. As in UIKit, adding a view to itself or to
    /// one of its own descendants is a programming error and stops the program with a message
    /// (UIKit raises "Can't add self as subview"); a cycle would otherwise never end.
    open func insertSubview(_ view: UIView, at index: Int) {
        precondition(view !== self, "UIView.addSubview: can't add self as subview (\(type(of: view)))")
        precondition(!isDescendant(of: view), "UIView.addSubview: can't add a \(type(of: view)) to its own descendant "
                     + "(a \(type(of: self))): the view tree would have a cycle")
        let oldWindow = view.window
        if view.superview === self, let current = subviews.firstIndex(where: { $0 === view }) {
            subviews.remove(at: current)
            subviews.insert(view, at: min(max(0, index), subviews.count))
            layer.subviewInserted(view)
            return
        }
        view.willMove(toSuperview: self)
        view.detachFromSuperview()
        subviews.insert(view, at: min(max(0, index), subviews.count))
        view.superview = self
        layer.subviewInserted(view)
        view.setNeedsLayout()
        // Whatever the added subtree still has to lay out is this tree's to lay out now.
        if view.needsLayout || view.descendantNeedsLayout { markDescendantNeedsLayout() }
        if view.needsConstraintUpdate || view.descendantNeedsConstraintUpdate { markDescendantNeedsConstraintUpdate() }
        setNeedsLayout()
        didAddSubview(view)
        view.didMoveToSuperview()
        if view.window !== oldWindow { view.notifyWindowChange() }
    }

    open func insertSubview(_ view: UIView, aboveSubview sibling: UIView) {
        guard let index = subviews.firstIndex(where: { $0 === sibling }) else { return addSubview(view) }
        let adjust = view.superview === self && (subviews.firstIndex { $0 === view } ?? .max) < index ? 0 : 1
        insertSubview(view, at: index + adjust)
    }

    open func insertSubview(_ view: UIView, belowSubview sibling: UIView) {
        guard let index = subviews.firstIndex(where: { $0 === sibling }) else { return insertSubview(view, at: 0) }
        let adjust = view.superview === self && (subviews.firstIndex { $0 === view } ?? .max) < index ? -1 : 0
        insertSubview(view, at: index + adjust)
    }

    open func bringSubviewToFront(_ view: UIView) {
        guard let index = subviews.firstIndex(where: { $0 === view }) else { return }
        subviews.append(subviews.remove(at: index))
        layer.subviewMoved(view, toFront: true)
    }

    open func sendSubviewToBack(_ view: UIView) {
        guard let index = subviews.firstIndex(where: { $0 === view }) else { return }
        subviews.insert(subviews.remove(at: index), at: 0)
        layer.subviewMoved(view, toFront: false)
    }

    /// Puts the subviews in the order of `arranged`, which holds exactly the current subviews (a
    /// collection view stacks its cells by zIndex this way).
    package func reorderSubviews(_ arranged: [UIView]) {
        guard arranged.count == subviews.count else { return }
        subviews = arranged
        layer.subviewsReordered()
    }

    open func exchangeSubview(at index1: Int, withSubviewAt index2: Int) {
        guard subviews.indices.contains(index1), subviews.indices.contains(index2) else { return }
        subviews.swapAt(index1, index2)
        layer.subviewsReordered()
    }

    open func removeFromSuperview() {
        guard superview != nil else { return }
        let oldWindow = window
        willMove(toSuperview: nil)
        detachFromSuperview()
        didMoveToSuperview()
        if oldWindow != nil { notifyWindowChange() }
    }

    private func detachFromSuperview() {
        guard let superview else { return }
        superview.willRemoveSubview(self)
        superview.subviews.removeAll { $0 === self }
        superview.layer.subviewRemoved(self)
        superview.setNeedsLayout()
        self.superview = nil
    }

    private func notifyWindowChange() {
        let window = self.window
        willMove(toWindow: window)
        if let window {
            for driver in referencingAnimators { driver.follow(window.clock) }
        }
        didMoveToWindow()
        for subview in subviews { subview.notifyWindowChange() }
    }

    /// Whether `view` is this view or one of its descendants.
    open func isDescendant(of view: UIView) -> Bool {
        selfAndAncestors.contains { $0 === view }
    }

    /// The first view in this subtree (depth first, this view first) whose tag is `tag`.
    open func viewWithTag(_ tag: Int) -> UIView? {
        if self.tag == tag { return self }
        for subview in subviews {
            if let found = subview.viewWithTag(tag) { return found }
        }
        return nil
    }

    open func didAddSubview(_ subview: UIView) {}
    open func willRemoveSubview(_ subview: UIView) {}
    open func willMove(toSuperview newSuperview: UIView?) {}
    open func didMoveToSuperview() {}
    open func willMove(toWindow newWindow: UIWindow?) {}
    open func didMoveToWindow() {}

    // MARK: Coordinates

    /// This view's bounds coordinates → the window's (or the root view's) coordinates.
    var transformToRoot: CGAffineTransform {
        var transform = CGAffineTransform.identity
        var view: UIView? = self
        while let current = view, !(current is UIWindow) {
            transform = transform.concatenating(current.transformToSuperview)
            view = current.superview
        }
        if let window = view as? UIWindow {
            transform = transform.concatenating(CGAffineTransform(translationX: -window.bounds.minX, y: -window.bounds.minY))
        }
        return transform
    }

    /// `point` in this view's bounds coordinates, in `view`'s (the window's when nil).
    open func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        let toRoot = point.applying(transformToRoot)
        guard let view else { return toRoot }
        return toRoot.applying(view.transformToRoot.inverted())
    }

    /// `point` in `view`'s bounds coordinates (the window's when nil), in this view's.
    open func convert(_ point: CGPoint, from view: UIView?) -> CGPoint {
        let root = view.map { point.applying($0.transformToRoot) } ?? point
        return root.applying(transformToRoot.inverted())
    }

    /// The bounding box of `rect` (this view's coordinates) in `view`'s.
    open func convert(_ rect: CGRect, to view: UIView?) -> CGRect {
        var transform = transformToRoot
        if let view { transform = transform.concatenating(view.transformToRoot.inverted()) }
        return rect.applying(transform)
    }

    open func convert(_ rect: CGRect, from view: UIView?) -> CGRect {
        var transform = view?.transformToRoot ?? .identity
        transform = transform.concatenating(transformToRoot.inverted())
        return rect.applying(transform)
    }

    // MARK: Hit-testing

    /// The frontmost visible, interactive descendant (or this view) containing `point` (in this
    /// view's coordinates), as UIKit finds the view a touch lands on.
    open func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        guard !isHidden, isUserInteractionEnabled, alpha >= 0.01, self.point(inside: point, with: event) else { return nil }
        for subview in subviewsInDrawingOrder.reversed() {
            let local = point.applying(subview.transformToSuperview.inverted())
            if let hit = subview.hitTest(local, with: event) { return hit }
        }
        return self
    }

    open func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        bounds.contains(point)
    }

    /// Subviews back to front: by `layer.zPosition`, then in subview order.
    var subviewsInDrawingOrder: [UIView] {
        // Usually already in order: no z-positions, or (a collection view's cells) stacked by them.
        let inOrder = zip(subviews, subviews.dropFirst()).allSatisfy { $0.layer.zPosition <= $1.layer.zPosition }
        guard !inOrder else { return subviews }
        return subviews.enumerated().sorted { lhs, rhs in
            lhs.element.layer.zPosition != rhs.element.layer.zPosition
                ? lhs.element.layer.zPosition < rhs.element.layer.zPosition : lhs.offset < rhs.offset
        }.map(\.element)
    }

    /// Lets a view that draws something other than its own tree (a snapshot view) change its
    /// node as the snapshot is taken.
    package func finishSnapshotNode(_ node: inout ViewSnapshot.Node) {}

    // MARK: Layout

    /// Lays out subviews; the default sets the frames of subviews laid out by constraints (see
    /// `NSLayoutConstraint`). Called by `layoutIfNeeded()` when the view needs layout (its size
    /// changed, a subview was added, a constraint changed, `setNeedsLayout()`), and by the window
    /// before every frame and event.
    open func layoutSubviews() {
        applyConstraintsToSubviews()
    }

    /// Called in the layout pass, before `layoutSubviews()`, when the view's `safeAreaInsets`
    /// differ from what the previous pass saw (from zero, the first time they are not zero), as
    /// UIKit calls it. The default does nothing.
    open func safeAreaInsetsDidChange() {}

    /// Updates the view's constraints in the constraint update pass (`setNeedsUpdateConstraints()`);
    /// overrides call `super` last, as UIKit asks. The default has nothing to update.
    open func updateConstraints() {}

    /// Whether the class relies on constraints to lay out: UIKit calls `updateConstraints()` on
    /// every view's first pass whatever it says, and so does this. Declared for the subclasses
    /// that override it.
    open class var requiresConstraintBasedLayout: Bool { false }

    /// Asked, after the recognizer's delegate, when one of the view's recognizers is about to
    /// begin; false makes it fail. The default agrees; a scroll view refuses its pan when a
    /// touch its content tracks may not be cancelled (`UIScrollView.canCancelContentTouches`).
    open func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }

    /// False for a view placed by Auto Layout constraints rather than by its frame.
    open var translatesAutoresizingMaskIntoConstraints = true {
        didSet { superview?.setNeedsLayout() }
    }

    /// The active constraints that name this view.
    var activeConstraints: [NSLayoutConstraint] = []
    /// The constraints installed on this view (`constraints`).
    var addedConstraints: [NSLayoutConstraint] = []
    /// The guides added with `addLayoutGuide(_:)`.
    var ownedLayoutGuides: [UILayoutGuide] = []
    /// The Auto Layout engine of the island this view is the root of (LayoutEngine.swift).
    var layoutEngine: LayoutEngine?

    /// How far below the top the first (or last) baseline lies: the bottom for a view without
    /// text, as in UIKit.
    open func baselineOffsetFromTop(first: Bool) -> CGFloat { storedBounds.height }

    // MARK: Content hugging and compression resistance

    private var huggingPriorities: (horizontal: UILayoutPriority?, vertical: UILayoutPriority?) = (nil, nil)
    private var compressionPriorities: (horizontal: UILayoutPriority?, vertical: UILayoutPriority?) = (nil, nil)

    /// UIKit's defaults: 250 for a plain view, 251 for views with content (labels, images,
    /// buttons), which set it in their initializers.
    package var defaultHuggingPriority = UILayoutPriority(250)

    open func contentHuggingPriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        (axis == .horizontal ? huggingPriorities.horizontal : huggingPriorities.vertical) ?? defaultHuggingPriority
    }

    open func setContentHuggingPriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        if axis == .horizontal { huggingPriorities.horizontal = priority } else { huggingPriorities.vertical = priority }
        superview?.setNeedsLayout()
    }

    open func contentCompressionResistancePriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        (axis == .horizontal ? compressionPriorities.horizontal : compressionPriorities.vertical) ?? UILayoutPriority(750)
    }

    open func setContentCompressionResistancePriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        if axis == .horizontal { compressionPriorities.horizontal = priority } else { compressionPriorities.vertical = priority }
        superview?.setNeedsLayout()
    }

    open func invalidateIntrinsicContentSize() { superview?.setNeedsLayout() }

    // MARK: Autoresizing

    /// How the view's frame follows its superview's size when that changes (UIKit's springs and
    /// struts): the flexible parts of each axis (margins, size) share the change in proportion to
    /// their current lengths, or equally when those are all zero, as UIKit shares it.
    open var autoresizingMask: AutoresizingMask = []
    /// Whether subviews follow this view's size by their `autoresizingMask` (true).
    open var autoresizesSubviews = true

    public struct AutoresizingMask: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
        public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
        public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
        public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
        public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
        public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
    }

    /// Resizes the subviews with an autoresizing mask after this view's size went from `old`.
    func autoresizeSubviews(from old: CGSize) {
        guard autoresizesSubviews, old != storedBounds.size else { return }
        let new = storedBounds.size
        for subview in subviews where !subview.autoresizingMask.isEmpty && subview.translatesAutoresizingMaskIntoConstraints {
            let mask = subview.autoresizingMask, frame = subview.frame
            func share(_ lead: CGFloat, _ size: CGFloat, _ trail: CGFloat, flexible: (Bool, Bool, Bool), delta: CGFloat)
                -> (origin: CGFloat, size: CGFloat) {
                let parts = [(flexible.0, lead), (flexible.1, size), (flexible.2, trail)]
                let flexibleParts = parts.filter(\.0)
                guard !flexibleParts.isEmpty, delta != 0 else { return (lead, size) }
                let total = flexibleParts.map { max(0, $0.1) }.reduce(0, +)
                func portion(_ part: (Bool, CGFloat)) -> CGFloat {
                    guard part.0 else { return 0 }
                    return total > 0 ? delta * max(0, part.1) / total : delta / CGFloat(flexibleParts.count)
                }
                return (lead + portion(parts[0]), size + portion(parts[1]))
            }
            let x = share(frame.minX, frame.width, old.width - frame.maxX,
                          flexible: (mask.contains(.flexibleLeftMargin), mask.contains(.flexibleWidth), mask.contains(.flexibleRightMargin)),
                          delta: new.width - old.width)
            let y = share(frame.minY, frame.height, old.height - frame.maxY,
                          flexible: (mask.contains(.flexibleTopMargin), mask.contains(.flexibleHeight), mask.contains(.flexibleBottomMargin)),
                          delta: new.height - old.height)
            subview.frame = CGRect(x: x.origin, y: y.origin, width: max(0, x.size), height: max(0, y.size))
        }
    }

    /// How far the unsafe parts of the screen reach into the view: the superview's safe area
    /// (down from the window's, `UIWindow.deviceSafeAreaInsets`) where it overlaps this view,
    /// plus the `additionalSafeAreaInsets` of the controller whose view this is.
    open var safeAreaInsets: UIEdgeInsets {
        var insets = UIEdgeInsets.zero
        if let superview {
            let outer = superview.safeAreaInsets
            if outer != .zero {
                let safe = superview.bounds.inset(by: outer)
                let mine = convert(bounds, to: superview)
                insets = UIEdgeInsets(top: min(mine.height, max(0, safe.minY - mine.minY)),
                                      left: min(mine.width, max(0, safe.minX - mine.minX)),
                                      bottom: min(mine.height, max(0, mine.maxY - safe.maxY)),
                                      right: min(mine.width, max(0, mine.maxX - safe.maxX)))
            }
        }
        if let extra = owningViewController?.additionalSafeAreaInsets, extra != .zero {
            insets.top += extra.top
            insets.left += extra.left
            insets.bottom += extra.bottom
            insets.right += extra.right
        }
        return insets
    }

    /// Space inside the edges for content, 8 pt on every side as UIKit's default.
    open var layoutMargins = UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8) {
        didSet { setNeedsLayout() }
    }

    open func setNeedsLayout() {
        LayoutEngine.mutations &+= 1
        needsLayout = true
        superview?.markDescendantNeedsLayout()
    }

    /// Marks this view and every view under it as needing layout (the safe area changed).
    package func setNeedsLayoutEverywhere() {
        setNeedsLayout()
        for subview in subviews { subview.setNeedsLayoutEverywhere() }
    }

    /// Marks this view and its ancestors as holding a view that needs layout.
    private func markDescendantNeedsLayout() {
        var view: UIView? = self
        while let current = view, !current.descendantNeedsLayout {
            current.descendantNeedsLayout = true
            view = current.superview
        }
    }

    /// Lays this view out if it needs it, then the subviews that need it (or hold one that does).
    /// As in UIKit, the constraint update pass runs first, leaf views first (see
    /// `updateConstraintsIfNeeded()`).
    open func layoutIfNeeded() {
        if needsConstraintUpdate || descendantNeedsConstraintUpdate { updateConstraintsIfNeeded() }
        if needsLayout {
            needsLayout = false
            let insets = safeAreaInsets
            if insets != laidOutSafeAreaInsets {
                laidOutSafeAreaInsets = insets
                safeAreaInsetsDidChange()
                owningViewController?.viewSafeAreaInsetsDidChange()
            }
            owningViewController?.viewWillLayoutSubviews()
            layoutSubviews()
            owningViewController?.viewDidLayoutSubviews()
        }
        guard descendantNeedsLayout else { return }
        descendantNeedsLayout = false
        for subview in subviews { subview.layoutIfNeeded() }
    }
}

// MARK: The constraint update pass

extension UIView {
    /// Asks for `updateConstraints()` before the next layout pass. UIKit's pattern: change a
    /// property, call this, and change the constraints in `updateConstraints()`.
    public func setNeedsUpdateConstraints() {
        needsConstraintUpdate = true
        superview?.markDescendantNeedsConstraintUpdate()
        setNeedsLayout()
    }

    /// Whether `updateConstraints()` is due.
    public func needsUpdateConstraints() -> Bool { needsConstraintUpdate }

    /// Runs the constraint update pass over this view and the views under it now: each view
    /// whose update is due gets `updateConstraints()` (its controller's root view
    /// `updateViewConstraints()` as well), subviews before their superview, as Apple's
    /// documentation orders it ("Updating constraints … from the bottom up"). Every view is due
    /// once when it first takes part, as in UIKit, where a view's first pass calls it.
    public func updateConstraintsIfNeeded() {
        guard needsConstraintUpdate || descendantNeedsConstraintUpdate else { return }
        if descendantNeedsConstraintUpdate {
            descendantNeedsConstraintUpdate = false
            for subview in subviews { subview.updateConstraintsIfNeeded() }
        }
        guard needsConstraintUpdate else { return }
        needsConstraintUpdate = false
        updateConstraints()
        owningViewController?.updateViewConstraints()
    }

    /// Marks this view and its ancestors as holding a view whose constraint update is due.
    fileprivate func markDescendantNeedsConstraintUpdate() {
        var view: UIView? = self
        while let current = view, !current.descendantNeedsConstraintUpdate {
            current.descendantNeedsConstraintUpdate = true
            view = current.superview
        }
    }
}

/// Views compare by identity, as NSObjects do (`if canvas != collectionView.superview`).
extension UIView: Hashable {
    nonisolated public static func == (lhs: UIView, rhs: UIView) -> Bool { lhs === rhs }
    nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// NSObject's identity test: whether `object` is this view.
    nonisolated public func isEqual(_ object: Any?) -> Bool { (object as AnyObject?) === self }
}

extension UIView: @MainActor CustomStringConvertible {
    public var description: String {
        "<\(type(of: self)): frame = \(frame)\(isHidden ? "; hidden" : "")\(alpha < 1 ? "; alpha = \(alpha)" : "")>"
    }
}
