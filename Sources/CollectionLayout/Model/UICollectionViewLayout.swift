import Dynamics
import Vocabulary
import Foundation

/// The base of layouts, as in UIKit: an abstract class that places a collection view's cells,
/// supplementary views and decoration views. Subclass it and override `prepare()`,
/// `collectionViewContentSize` and the `layoutAttributesFor…` methods.
///
/// The collection view calls `prepare()` before the first query after `invalidateLayout()`, and
/// asks `shouldInvalidateLayout(forBoundsChange:)` whenever it scrolls (while `collectionView.bounds`
/// is still the old one, as UIKit does).
@preconcurrency @MainActor
open class UICollectionViewLayout {
    public init() {}

    /// A layout from a storyboard: headless there is no archive, so it starts as `init()` leaves
    /// it, then `awakeFromNib()` runs.
    public required init?(coder: NSCoder) {
        awakeFromNib()
    }

    open func awakeFromNib() {}

    /// The collection view using this layout.
    open internal(set) weak var collectionView: UICollectionView?

    /// Computes whatever the queries need. Called once per invalidation.
    open func prepare() {}

    /// The class of the attributes the layout makes, as in UIKit: the built-in layouts (flow,
    /// waterfall, circle) make their attributes of this class, so a subclass that names its own
    /// attributes subclass here gets its instances from `super`.
    open class var layoutAttributesClass: AnyClass { UICollectionViewLayoutAttributes.self }

    /// `layoutAttributesClass`, as the attributes type the built-in layouts instantiate.
    var attributesType: UICollectionViewLayoutAttributes.Type {
        (type(of: self).layoutAttributesClass as? UICollectionViewLayoutAttributes.Type) ?? UICollectionViewLayoutAttributes.self
    }

    open var collectionViewContentSize: CGSize { .zero }

    /// Whether the layout mirrors its frames when the collection view's direction is not
    /// `developmentLayoutDirection` (false here; true for flow and compositional layouts, as in
    /// UIKit). A layout of ours that flips lays out leading to trailing, then mirrors every
    /// frame across the content's width, so that hit-testing, scrolling and cells all see the
    /// mirrored frames.
    open var flipsHorizontallyInOppositeLayoutDirection: Bool { false }

    /// The direction the layout's frames are written for: left to right.
    open var developmentLayoutDirection: UIUserInterfaceLayoutDirection { .leftToRight }

    /// Whether `prepare()` should mirror the frames it computes now.
    package var mirrorsHorizontally: Bool {
        guard flipsHorizontallyInOppositeLayoutDirection, let collectionView else { return false }
        return collectionView.effectiveUserInterfaceLayoutDirection != developmentLayoutDirection
    }

    /// `frame` mirrored across content `width`.
    package static func mirrored(_ frame: CGRect, width: CGFloat) -> CGRect {
        CGRect(x: width - frame.maxX, y: frame.minY, width: frame.width, height: frame.height)
    }

    open func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? { nil }
    open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }
    open func layoutAttributesForSupplementaryView(ofKind elementKind: String,
                                                   at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }
    open func layoutAttributesForDecorationView(ofKind elementKind: String,
                                                at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }

    /// false: scrolling alone keeps the layout. Layouts that depend on the visible rect (the line
    /// layout's zoom) return true.
    open func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { false }

    /// The context the collection view passes to `invalidateLayout(with:)` when
    /// `shouldInvalidateLayout(forBoundsChange:)` said yes: by default a plain context of
    /// `invalidationContextClass` (not everything).
    open func invalidationContext(forBoundsChange newBounds: CGRect) -> UICollectionViewLayoutInvalidationContext {
        makeInvalidationContext()
    }

    /// The class of the contexts the layout makes (`UICollectionViewLayoutInvalidationContext`
    /// or a subclass), as in UIKit.
    open class var invalidationContextClass: AnyClass { UICollectionViewLayoutInvalidationContext.self }

    /// Marks the whole layout stale: `invalidateLayout(with:)` with a context that invalidates
    /// everything.
    ///
    /// As in UIKit, the two entry points reach each other once whichever is called first: an
    /// override of `invalidateLayout()` runs for every invalidation (a scroll the layout asked
    /// for, a self-sizing cell, a data change), called by the base `invalidateLayout(with:)`,
    /// and an override of `invalidateLayout(with:)` runs for a plain `invalidateLayout()`. A
    /// measured run on iOS 11.4 (danielctull-tests/Collection-View-Layout-Bounds-Change-Test)
    /// shows `invalidateLayout()` called on a rotation whose invalidation came with a context.
    open func invalidateLayout() {
        // Called back by the base `invalidateLayout(with:)`: its context is already applied.
        if applyingContext { return }
        let context = makeInvalidationContext()
        context.everything = true
        invalidatingEverything = true
        defer { invalidatingEverything = false }
        invalidateLayout(with: context)
    }

    /// Marks the layout stale: `prepare()` runs again before the next query. Overrides read the
    /// context to keep what it leaves valid, and call `super`, which calls `invalidateLayout()`
    /// (unless the invalidation began there).
    open func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
        if context.invalidateDataSourceCounts { preferredItemSizes = [:] }
        needsPrepare = true
        invalidatedOnlyByAnimators = false
        pendingContentSizeAdjustment = context.contentSizeAdjustment
        if context.contentOffsetAdjustment != .zero, let collectionView {
            let offset = collectionView.contentOffset
            collectionView.contentOffset = CGPoint(x: offset.x + context.contentOffsetAdjustment.x,
                                                   y: offset.y + context.contentOffsetAdjustment.y)
        }
        guard !invalidatingEverything, !applyingContext else { return }
        applyingContext = true
        defer { applyingContext = false }
        invalidateLayout()
    }

    /// Set while the base `invalidateLayout()` hands its context to `invalidateLayout(with:)`.
    private var invalidatingEverything = false
    /// Set while the base `invalidateLayout(with:)` calls `invalidateLayout()` back.
    private var applyingContext = false

    /// Whether a cell's preferred attributes (from `preferredLayoutAttributesFitting(_:)`) call
    /// for a new layout. The base layout says no; the flow layout says yes when it sizes cells
    /// itself (`estimatedItemSize`) and the size differs.
    open func shouldInvalidateLayout(forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
                                     withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes) -> Bool {
        false
    }

    /// Cells' own sizes, by index path, from `preferredLayoutAttributesFitting`: recorded by
    /// `invalidationContext(forPreferredLayoutAttributes:withOriginalAttributes:)` for each cell
    /// the layout let size itself, forgotten when the data source's counts change. The layouts
    /// that size cells (flow, compositional) read them in `prepare()`.
    package var preferredItemSizes: [IndexPath: CGSize] = [:]
    /// Set by a layout that dropped its measured sizes: the cells shown are asked for their
    /// preferred attributes again in the next pass, not only the cells that arrive.
    package var remeasuresShownCells = false

    /// The context for a cell's new preferred attributes: its element invalidated (a cell's size
    /// recorded in `preferredItemSizes`), and the content size grown by the difference along the
    /// scroll direction is left to `prepare()`.
    open func invalidationContext(forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
                                  withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes)
        -> UICollectionViewLayoutInvalidationContext {
        let context = makeInvalidationContext()
        switch originalAttributes.representedElementCategory {
        case .cell:
            preferredItemSizes[originalAttributes.indexPath] = preferredAttributes.size
            context.invalidateItems(at: [originalAttributes.indexPath])
        case .supplementaryView:
            context.invalidateSupplementaryElements(ofKind: originalAttributes.representedElementKind ?? "",
                                                    at: [originalAttributes.indexPath])
        case .decorationView:
            context.invalidateDecorationElements(ofKind: originalAttributes.representedElementKind ?? "",
                                                 at: [originalAttributes.indexPath])
        }
        return context
    }

    /// Which axes the cells size themselves along (`preferredLayoutAttributesFitting`): none for
    /// the base layout; the flow layout's across its lines' direction when it has an
    /// `estimatedItemSize`.
    package var selfSizingAxes: SelfSizingAxes { [] }

    /// Where scrolling should come to rest, given where it would (the proposal) and how fast it is
    /// going, in points per millisecond as UIKit reports it. The proposal unless overridden.
    open func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint,
                                  withScrollingVelocity velocity: CGPoint) -> CGPoint {
        proposedContentOffset
    }

    /// Where to keep the content after a layout change (the proposal unless overridden).
    open func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint) -> CGPoint {
        proposedContentOffset
    }

    // MARK: Updates and transitions

    /// Called after `prepare()` with the batch's updates (inserts, deletes, moves, reloads).
    open func prepare(forCollectionViewUpdates updateItems: [UICollectionViewUpdateItem]) {}

    /// Called once the batch's animations are set up.
    open func finalizeCollectionViewUpdates() {}

    /// Where an inserted item comes in from: by default its final place, transparent (a fade, as
    /// UIKit's). nil: it appears in place at once.
    open func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard let attributes = layoutAttributesForItem(at: itemIndexPath)?.copied() else { return nil }
        attributes.alpha = 0
        return attributes
    }

    /// Where a deleted item goes, asked with its index path before the update: by default where
    /// it was shown, transparent (a fade, as UIKit's). The cell travels there over the
    /// collection view's `moveAnimationDuration`, then leaves. nil: it leaves at once.
    open func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard let attributes = (disappearingItemAttributes[itemIndexPath] ?? layoutAttributesForItem(at: itemIndexPath))?.copied()
        else { return nil }
        attributes.alpha = 0
        return attributes
    }

    /// How each deleted item of the batch under way was shown, by its index path before the
    /// update: set by the collection view while it asks for final attributes.
    package var disappearingItemAttributes: [IndexPath: UICollectionViewLayoutAttributes] = [:]

    /// Supplementary and decoration views do not animate in batch updates here (they take their
    /// new attributes at once); these are declared for subclasses that call `super`, and are not
    /// asked.
    open func initialLayoutAttributesForAppearingSupplementaryElement(
        ofKind elementKind: String, at elementIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }
    open func finalLayoutAttributesForDisappearingSupplementaryElement(
        ofKind elementKind: String, at elementIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }
    open func initialLayoutAttributesForAppearingDecorationElement(
        ofKind elementKind: String, at decorationIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }
    open func finalLayoutAttributesForDisappearingDecorationElement(
        ofKind elementKind: String, at decorationIndexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }

    /// Called on the old layout before an animated `setCollectionViewLayout`.
    open func prepareForTransition(to newLayout: UICollectionViewLayout) {}
    /// Called on the new layout, prepared, before the transition animates.
    open func prepareForTransition(from oldLayout: UICollectionViewLayout) {}
    /// Called on both layouts when the transition ends.
    open func finalizeLayoutTransition() {}

    /// Bounds changes are never animated here (there is no rotation), so these are not called;
    /// they are declared for subclasses that call `super`.
    open func prepare(forAnimatedBoundsChange oldBounds: CGRect) {}
    open func finalizeAnimatedBoundsChange() {}

    // MARK: Interactive movement (iOS 9)

    /// The index path an interactively moving item should take at `position`: the topmost cell
    /// under the point, or where it already is when there is none.
    open func targetIndexPath(forInteractivelyMovingItem previousIndexPath: IndexPath,
                              withPosition position: CGPoint) -> IndexPath {
        collectionView?.indexPathForItem(at: position) ?? previousIndexPath
    }

    /// How to show the moving item: its attributes centred on the finger, above everything else.
    open func layoutAttributesForInteractivelyMovingItem(at indexPath: IndexPath,
                                                        withTargetPosition position: CGPoint) -> UICollectionViewLayoutAttributes {
        let attributes = layoutAttributesForItem(at: indexPath)?.copied()
            ?? UICollectionViewLayoutAttributes(forCellWith: indexPath)
        attributes.center = position
        attributes.zIndex = Self.interactiveMovementZIndex
        return attributes
    }

    /// Above any zIndex a layout would give.
    nonisolated public static let interactiveMovementZIndex = 1 << 20

    // MARK: Decoration views

    /// The layout makes decoration views of `elementKind`, shown as views of `viewClass` (a
    /// `UICollectionReusableView` subclass; nil only records the kind).
    open func register(_ viewClass: AnyClass?, forDecorationViewOfKind elementKind: String) {
        if !registeredDecorationKinds.contains(elementKind) { registeredDecorationKinds.append(elementKind) }
        decorationViewClasses[elementKind] = viewClass as? UICollectionReusableView.Type
        collectionView?.setNeedsLayout()
    }

    public private(set) var registeredDecorationKinds: [String] = []
    /// Looked up by kind, never iterated.
    var decorationViewClasses: [String: UICollectionReusableView.Type] = [:]

    // MARK: Physics of the layout's animators

    /// The integrator given to each animator made with `UIDynamicAnimator(collectionViewLayout:)`
    /// (not UIKit API: headless, a scene chooses between the ideal spring and the device's).
    open var dynamicAnimatorIntegrator: UIDynamicAnimatorIntegrator = .exact
    /// The fixed step given to those animators with the `.exact` integrator, in seconds.
    open var dynamicAnimatorStepDuration: TimeInterval = UIDynamicAnimator.defaultStepDuration
    /// The step given to those animators with the `.uikit` integrator (1/120 or 1/60 s).
    open var dynamicAnimatorUIKitStep: TimeInterval = UIDynamicAnimator.uikitStepDuration
    /// How those animators apply `resistance` with the `.uikit` integrator.
    open var dynamicAnimatorUIKitResistance: UIDynamicAnimator.ResistanceModel = .linearClamped

    // MARK: - Plumbing

    /// A context's `contentSizeAdjustment`, until `prepare()` runs.
    var pendingContentSizeAdjustment: CGSize = .zero

    /// The content size the collection view scrolls: the layout's, with any pending adjustment.
    var adjustedContentSize: CGSize {
        let size = collectionViewContentSize
        return CGSize(width: size.width + pendingContentSizeAdjustment.width,
                      height: size.height + pendingContentSizeAdjustment.height)
    }

    /// A content size with a NaN or infinite side is a programming error, as a NaN element
    /// center is (`UICollectionView.requireFiniteGeometry`): UIKit raises ("CALayer bounds contains
    /// NaN"). The program stops with a message naming the layout and the size, where it trapped
    /// later inside `CGRect.intersection` without one. (A negative size is allowed: it scrolls as zero.)
    func requireFiniteContentSize(_ size: CGSize) {
        guard !size.width.isFinite || !size.height.isFinite else { return }
        preconditionFailure("CALayer bounds contains NaN or infinity: \(type(of: self)) gave the content size "
                            + "\(size.width) × \(size.height) (collectionViewContentSize); return finite sizes from it")
    }

    var needsPrepare = true
    /// Whether the pending `prepare()` is only the running animators' doing (items moved, nothing
    /// about the layout's own geometry changed): a flow layout keeps what it computed, as UIKit's
    /// keeps its attributes for an invalidation context that does not invalidate them.
    package private(set) var invalidatedOnlyByAnimators = false

    /// Runs `prepare()` if the layout was invalidated.
    package func prepareIfNeeded() {
        guard needsPrepare else { return }
        needsPrepare = false
        pendingContentSizeAdjustment = .zero
        prepare()
        invalidatedOnlyByAnimators = false
    }

    /// What a running `UIDynamicAnimator(collectionViewLayout:)` does on each of its ticks, as in
    /// UIKit: the layout is invalidated, so `prepare()` and the queries run again with the new
    /// bounds (a layout that tiles its behaviours to the visible rect adds and removes them there).
    func invalidateLayoutForAnimators() {
        guard !needsPrepare else { return }
        needsPrepare = true
        invalidatedOnlyByAnimators = true
    }

    /// The animators made with `init(collectionViewLayout:)` on this layout, in creation order,
    /// with the collection-view time each has been advanced to.
    var animatorClocks: [AnimatorClock] = []

    struct AnimatorClock {
        weak var animator: UIDynamicAnimator?
        var time: TimeInterval
    }

    /// Moves every live animator of the layout forward to `time`; forgets released ones. Each
    /// animator's reference bounds follow the content size, as UIKit's do.
    func advanceAnimators(to time: TimeInterval) {
        animatorClocks.removeAll { $0.animator == nil }
        guard !animatorClocks.isEmpty else { return }
        // Read only from a prepared layout: stepping must not run `prepare()` early.
        let content = collectionView != nil && !needsPrepare ? CGRect(origin: .zero, size: collectionViewContentSize) : nil
        if let content { requireFiniteContentSize(content.size) }
        for index in animatorClocks.indices {
            guard let animator = animatorClocks[index].animator else { continue }
            if let content, animator.referenceBounds != content { animator.referenceBounds = content }
            let dt = time - animatorClocks[index].time
            if dt > 0 {
                let wasRunning = animator.isRunning
                animator.advance(by: dt)
                animatorClocks[index].time = time
                if wasRunning || animator.isRunning { invalidateLayoutForAnimators() }
            }
        }
    }
}

extension UIDynamicAnimator {
    /// An animator working in a collection view layout's coordinates (content coordinates), as in
    /// UIKit. The collection view advances it with its own simulated time: it starts now. Its
    /// reference bounds are the content size, read when it steps: making one in the layout's
    /// initialiser (as Objective-C code does, before `prepare()` can run) is safe.
    public convenience init(collectionViewLayout layout: UICollectionViewLayout) {
        self.init(referenceBounds: .zero)
        integrator = layout.dynamicAnimatorIntegrator
        stepDuration = layout.dynamicAnimatorStepDuration
        uikitStep = layout.dynamicAnimatorUIKitStep
        uikitResistance = layout.dynamicAnimatorUIKitResistance
        collectionViewLayoutObject = layout
        layout.animatorClocks.append(.init(animator: self, time: layout.collectionView?.currentTime ?? 0))
    }

    /// The layout this animator was made with, if any.
    public var collectionViewLayout: UICollectionViewLayout? {
        collectionViewLayoutObject as? UICollectionViewLayout
    }

    /// The animator's layout attributes for the cell at `indexPath`, if one of its behaviors moves it.
    public func layoutAttributesForCell(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        dynamicItems.lazy.compactMap { $0 as? UICollectionViewLayoutAttributes }
            .first { $0.representedElementCategory == .cell && $0.indexPath == indexPath }
    }

    public func layoutAttributesForSupplementaryView(ofKind kind: String,
                                                     at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        dynamicItems.lazy.compactMap { $0 as? UICollectionViewLayoutAttributes }
            .first { $0.representedElementCategory == .supplementaryView && $0.representedElementKind == kind
                && $0.indexPath == indexPath }
    }

    /// The animator's layout attributes for the decoration view of `decorationViewKind` at
    /// `indexPath`, if one of its behaviors moves it.
    public func layoutAttributesForDecorationView(ofKind decorationViewKind: String,
                                                  at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        dynamicItems.lazy.compactMap { $0 as? UICollectionViewLayoutAttributes }
            .first { $0.representedElementCategory == .decorationView && $0.representedElementKind == decorationViewKind
                && $0.indexPath == indexPath }
    }
}
