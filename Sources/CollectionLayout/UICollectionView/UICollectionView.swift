import Vocabulary
import Foundation

/// A headless `UICollectionView`: the data model, the scrolling, the selection and highlight state,
/// the gestures and the moves of UIKit's, with simulated time and no views.
///
/// It shows what its layout places (`layoutAttributesForDisplayedElements(in:)`, which the
/// renderer draws), adjusted by animated moves, interactive movement and any interaction
/// controller. Time moves only through `advance(to:)` and `send(_:)`:
///
///     let layout = UICollectionViewFlowLayout()
///     layout.itemSize = CGSize(width: 60, height: 60)
///     let collectionView = UICollectionView(frame: CGRect(x: 0, y: 0, width: 390, height: 844),
///                                           collectionViewLayout: layout)
///     collectionView.dataSource = model
///     collectionView.send(Touch(.began, at: CGPoint(x: 100, y: 400), time: 0.2))
///     collectionView.send(Touch(.moved, at: CGPoint(x: 100, y: 200), time: 0.3))
///     collectionView.send(Touch(.ended, at: CGPoint(x: 100, y: 200), time: 0.3))
///     collectionView.advance(to: 1.0)   // decelerating
open class UICollectionView: UIScrollView, UITouchTracking, UIScrollViewScrollingCustomization, TraitChangeResponding {
    public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) {
        self.collectionViewLayout = layout
        super.init(frame: frame)
        finishInitializing()
    }

    /// A collection view from a storyboard: a flow layout, as Interface Builder gives one.
    public required init?(coder: NSCoder) {
        collectionViewLayout = UICollectionViewFlowLayout()
        super.init(coder: coder)
        finishInitializing()
    }

    /// Takes the layout, and delivers touches sent without a window on the scroll view's own clock.
    private func finishInitializing() {
        collectionViewLayout.collectionView = self
        collectionViewLayout.invalidateLayout()
        ownClock.add(dispatcher)
    }

    /// A new layout direction mirrors a layout that flips; a new text size resizes self-sizing
    /// cells: both lay the content out again.
    package func traitsDidChange(from previous: UITraitCollection) {
        let now = traitCollection
        if now.layoutDirection != previous.layoutDirection || now.preferredContentSizeCategory != previous.preferredContentSizeCategory {
            collectionViewLayout.invalidateLayout()
            setNeedsLayout()
        }
    }

    /// The layout. Setting it invalidates the new one (without animation).
    open var collectionViewLayout: UICollectionViewLayout {
        didSet {
            oldValue.collectionView = nil
            collectionViewLayout.collectionView = self
            collectionViewLayout.invalidateLayout()
            setNeedsLayout()
        }
    }

    /// Sets the layout, as UIKit's `setCollectionViewLayout(_:animated:completion:)`. Animated,
    /// every cell shown now travels from where it is shown to its place in the new layout over
    /// `moveAnimationDuration` with ease-in-out, its centre, size, alpha and transform
    /// interpolated (the transform's matrix entry by entry, exact for scales and translations);
    /// UIKit interpolates the same attributes and publishes no duration. Cells not shown before
    /// appear in place. The content offset is kept. `completion` runs when the transition ends;
    /// without animation, on the next timer at the current time.
    open func setCollectionViewLayout(_ layout: UICollectionViewLayout, animated: Bool, completion: ((Bool) -> Void)? = nil) {
        guard animated else {
            collectionViewLayout = layout
            adoptTargetContentOffset()
            if let completion { schedule(at: currentTime) { completion(true) } }
            return
        }
        transitionLayout(to: layout, completion: completion)
    }

    /// After a layout change, the content rests where the layout
    /// (`targetContentOffset(forProposedContentOffset:)`) and then the delegate
    /// (`collectionView(_:targetContentOffsetForProposedContentOffset:)`) say, as in UIKit; both
    /// keep the current offset unless they are implemented.
    func adoptTargetContentOffset() {
        let layout = collectionViewLayout
        layout.prepareIfNeeded()
        let proposed = layout.targetContentOffset(forProposedContentOffset: contentOffset)
        let target = collectionDelegate?.collectionView(self, targetContentOffsetForProposedContentOffset: proposed) ?? proposed
        if target != contentOffset, target.x.isFinite, target.y.isFinite { contentOffset = target }
    }

    open func setCollectionViewLayout(_ layout: UICollectionViewLayout, animated: Bool) {
        setCollectionViewLayout(layout, animated: animated, completion: nil)
    }

    open weak var dataSource: UICollectionViewDataSource? {
        didSet { reloadData() }
    }

    /// The scroll view's `delegate` as a collection view's delegate. A collection view's
    /// `delegate` is the scroll view's property (Swift cannot narrow a stored property's type in a
    /// subclass as Objective-C does), so it is typed `UIScrollViewDelegate?`; assigning a
    /// `UICollectionViewDelegate` is what UIKit code does, and is what this reads.
    var collectionDelegate: UICollectionViewDelegate? { delegate as? UICollectionViewDelegate }

    // MARK: Scrolling

    /// The context of a bounds change the layout asked for, held from `boundsWillChange` until
    /// the new bounds are current.
    private var pendingBoundsInvalidation: UICollectionViewLayoutInvalidationContext?

    /// A bounds change (a scroll or a new size) invalidates the layout in UIKit's order:
    ///
    /// 1. `shouldInvalidateLayout(forBoundsChange:)` and, if it says yes,
    ///    `invalidationContext(forBoundsChange:)`, while the old bounds are still current (the
    ///    springy layout of WWDC 2013 session 217, "Exploring Scroll Views on iOS 7", takes the
    ///    scroll delta as `newBounds.origin.y - collectionView.bounds.origin.y` there);
    /// 2. the bounds change;
    /// 3. `invalidateLayout(with:)` with that context, the new bounds current (a layout that
    ///    centres its cells by setting `contentInset` there reads the new width), which calls an
    ///    overridden `invalidateLayout()` through the base implementation;
    /// 4. the interaction controllers and the delegate (`scrollViewDidScroll`).
    ///
    /// A size change the layout declines is still an invalidation of everything (after the bounds
    /// change): layouts written for one size would otherwise keep it.
    open override func boundsWillChange(from old: CGRect, to new: CGRect) {
        let layout = collectionViewLayout
        pendingBoundsInvalidation = layout.shouldInvalidateLayout(forBoundsChange: new)
            ? layout.invalidationContext(forBoundsChange: new) : nil
        if old.origin != new.origin {
            for interaction in interactions {
                interaction.collectionView(self, willChangeBoundsFrom: old, to: new)
            }
        }
    }

    open override func boundsDidChange(from old: CGRect) {
        if let context = pendingBoundsInvalidation {
            pendingBoundsInvalidation = nil
            collectionViewLayout.invalidateLayout(with: context)
        } else if old.size != bounds.size {
            collectionViewLayout.invalidateLayout()
        }
        setNeedsLayout()
        if old.origin != bounds.origin { hideEditMenu() }
        super.boundsDidChange(from: old)
    }

    /// Arriving in a window, the collection view lays out again: a pass made before (as a view
    /// controller's view is sized before it is shown) made no cells, since cells are made only
    /// in a window or once a class is registered, and a registration registers its class only
    /// when it first dequeues.
    open override func didMoveToWindow() {
        super.didMoveToWindow()
        if window != nil { setNeedsLayout() }
    }

    /// A new adjusted inset changes the width a layout fills.
    open override func adjustedContentInsetDidChange() {
        super.adjustedContentInsetDidChange()
        collectionViewLayout.invalidateLayout()
    }

    /// Where the layout wants a deceleration to end.
    package func targetContentOffset(forProposedContentOffset proposed: CGPoint,
                                     withScrollingVelocity velocity: CGPoint) -> CGPoint {
        collectionViewLayout.prepareIfNeeded()
        return collectionViewLayout.targetContentOffset(forProposedContentOffset: proposed, withScrollingVelocity: velocity)
    }

    /// A cell under the finger stops highlighting once the content scrolls.
    package func scrollViewDidBeginDraggingContent() {
        cancelTouchTracking()
    }

    /// The layout's content size.
    open override var contentSize: CGSize {
        get {
            collectionViewLayout.prepareIfNeeded()
            let size = collectionViewLayout.adjustedContentSize
            collectionViewLayout.requireFiniteContentSize(size)
            return size
        }
        set {}
    }

    // MARK: Data

    open var numberOfSections: Int { itemIdentifiers.count }


    open func numberOfItems(inSection section: Int) -> Int {
        section >= 0 && section < itemIdentifiers.count ? itemIdentifiers[section].count : 0
    }

    /// Forgets the counts, so that the data source is asked again, as UIKit asks it: lazily, at
    /// the next layout pass or query (`numberOfItems(inSection:)`, a layout's `prepare()`), not
    /// now. Clears selection, highlight, hidden items, animations and any interactive movement
    /// at once. Assigning `dataSource` does the same: an app may connect its data source before
    /// its model is filled (in `viewDidLoad`, as a storyboard's outlets are connected first).
    open func reloadData() {
        countsAreLoaded = false
        selectedIdentifiers = []
        highlightedIdentifier = nil
        hiddenIdentifiers = []
        moveAnimations = [:]
        interactiveMovement = nil
        collectionViewLayout.invalidateLayoutForDataSourceChange(everything: true)
        discardVisibleViews()
    }

    /// Asks the data source for its counts if `reloadData` (or a new data source) has not been
    /// answered yet.
    private func loadCountsIfNeeded() {
        guard !countsAreLoaded else { return }
        // Before asking: a data source that queries the collection view back sees no items yet.
        countsAreLoaded = true
        var identifiers: [[Int]] = []
        var next = 0
        if let dataSource {
            let sections = max(0, dataSource.numberOfSections(in: self))
            for section in 0..<sections {
                let count = max(0, dataSource.collectionView(self, numberOfItemsInSection: section))
                identifiers.append(Array(next..<(next + count)))
                next += count
            }
        }
        loadedIdentifiers = identifiers
        nextIdentifier = next
        rebuildIdentifierIndex()
    }

    /// The identity of the item shown at `indexPath`: its position in the data when it was loaded
    /// (section by section), following the item through every move. The renderer labels cells
    /// with it, so a moved cell keeps its label.
    public func itemIdentifier(at indexPath: IndexPath) -> Int? {
        guard indexPath.count == 2, indexPath.section >= 0, indexPath.section < itemIdentifiers.count,
              indexPath.item >= 0, indexPath.item < itemIdentifiers[indexPath.section].count else { return nil }
        return itemIdentifiers[indexPath.section][indexPath.item]
    }

    /// Where the item with `identifier` is now.
    public func indexPath(forItemIdentifier identifier: Int) -> IndexPath? {
        loadCountsIfNeeded()
        return indexByIdentifier[identifier]
    }

    /// Identities by section and item, read from the data source when first needed.
    var itemIdentifiers: [[Int]] {
        get {
            loadCountsIfNeeded()
            return loadedIdentifiers
        }
        // In place: a move or an insert must not copy every section.
        _modify {
            loadCountsIfNeeded()
            yield &loadedIdentifiers
        }
    }
    private var loadedIdentifiers: [[Int]] = []
    /// False from `reloadData` until the data source's counts are read.
    private var countsAreLoaded = true
    var nextIdentifier = 0
    /// Looked up, never iterated (its order must not reach any output).
    var indexByIdentifier: [Int: IndexPath] = [:]

    func rebuildIdentifierIndex() {
        indexByIdentifier.removeAll(keepingCapacity: true)
        for (section, identifiers) in loadedIdentifiers.enumerated() {
            for (item, identifier) in identifiers.enumerated() {
                indexByIdentifier[identifier] = IndexPath(item: item, section: section)
            }
        }
    }

    func isValid(_ indexPath: IndexPath) -> Bool { itemIdentifier(at: indexPath) != nil }

    // MARK: Queries

    /// The topmost cell whose (transformed) layout frame contains `point`, in content coordinates.
    /// As in UIKit it asks the layout, so a hidden cell or one whose data is being dragged
    /// elsewhere still answers for its slot.
    open func indexPathForItem(at point: CGPoint) -> IndexPath? {
        collectionViewLayout.prepareIfNeeded()
        let probe = CGRect(x: point.x - 0.5, y: point.y - 0.5, width: 1, height: 1)
        var best: UICollectionViewLayoutAttributes?
        for attributes in collectionViewLayout.layoutAttributesForElements(in: probe) ?? []
        where attributes.representedElementCategory == .cell && attributes.transformedFrame.contains(point) {
            if best.map({ attributes.zIndex >= $0.zIndex }) ?? true { best = attributes }
        }
        return best?.indexPath
    }

    /// The layout's attributes for the cell at `indexPath` (as laid out, without animations).
    open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        collectionViewLayout.prepareIfNeeded()
        return collectionViewLayout.layoutAttributesForItem(at: indexPath)
    }

    open func layoutAttributesForSupplementaryElement(ofKind kind: String,
                                                      at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        collectionViewLayout.prepareIfNeeded()
        return collectionViewLayout.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath)
    }

    /// The index paths of the cells in the visible rect, in order.
    open var indexPathsForVisibleItems: [IndexPath] {
        layoutAttributesForDisplayedElements(in: bounds)
            .filter { $0.representedElementCategory == .cell }
            .map(\.indexPath)
            .sorted(by: IndexPath.precedes)
    }

    /// Everything to draw in `rect` (content coordinates; the visible bounds by default), as shown
    /// now: the layout's attributes (copies) with animated moves and hidden cells applied, then
    /// the interaction controllers' changes and the interactive movement, sorted back to front
    /// (zIndex, then category, section, item).
    open func layoutAttributesForDisplayedElements(in rect: CGRect? = nil) -> [UICollectionViewLayoutAttributes] {
        displayedElements(in: rect, inDrawingOrder: true)
    }

    /// The displayed elements, in drawing order or (`inDrawingOrder: false`, cheaper with a
    /// million elements) in the layout's order.
    package func displayedElements(in rect: CGRect?, inDrawingOrder ordered: Bool) -> [UICollectionViewLayoutAttributes] {
        let rect = rect ?? bounds
        collectionViewLayout.prepareIfNeeded()
        // Query a margin wider so that cells animating in from outside are included.
        let query = rect.insetBy(dx: -displayMargin, dy: -displayMargin)
        var elements = collectionViewLayout.layoutAttributesForElements(in: query) ?? []
        // Copied as UIKit copies them, so that what is applied below never reaches the layout's
        // own objects; an object only this array holds (a layout that makes them per query, as
        // flow layout does) is nobody else's and is used as it is: with a million items the
        // copies would double the memory and time of every query.
        for index in elements.indices where !isKnownUniquelyReferenced(&elements[index]) {
            elements[index] = elements[index].copied()
        }
        for attributes in elements { Self.requireFiniteGeometry(attributes, from: collectionViewLayout) }
        applyMoveAnimations(to: &elements)
        if !hiddenIdentifiers.isEmpty {
            for attributes in elements where attributes.representedElementCategory == .cell {
                if let identifier = itemIdentifier(at: attributes.indexPath), hiddenIdentifiers.contains(identifier) {
                    attributes.isHidden = true
                }
            }
        }
        for interaction in interactions {
            elements = interaction.displayedAttributes(elements, in: query)
        }
        applyInteractiveMovement(to: &elements)
        // A loop, not `filter`: a closure would check the actor on every call, a million times.
        var shown: [UICollectionViewLayoutAttributes] = []
        shown.reserveCapacity(elements.count)
        for attributes in elements where attributes.transformedFrame.intersects(rect) { shown.append(attributes) }
        return ordered ? Self.inDrawingOrder(shown) : shown
    }

    /// `elements` stably sorted by `drawsBefore`. Elements usually come in few zIndex and
    /// category groups, each already in index-path order (a layout lists them so): each group
    /// is taken whole when it is in order, and sorted only when it is not. The same order as
    /// sorting everything, at a linear cost for the usual case (a million items, a few lifted).
    static func inDrawingOrder(_ elements: [UICollectionViewLayoutAttributes]) -> [UICollectionViewLayoutAttributes] {
        func inOrder(_ members: [UICollectionViewLayoutAttributes]) -> Bool {
            members.indices.dropFirst().allSatisfy { !drawsBefore(members[$0], members[$0 - 1]) }
        }
        if inOrder(elements) { return elements }
        var keys: [(zIndex: Int, category: UInt)] = [], groups: [[UICollectionViewLayoutAttributes]] = []
        var current = -1
        for attributes in elements {
            let key = (zIndex: attributes.zIndex, category: attributes.representedElementCategory.rawValue)
            if current < 0 || keys[current] != key {
                if let found = keys.firstIndex(where: { $0 == key }) {
                    current = found
                } else {
                    // Many groups: the general sort is as good.
                    guard keys.count < 32 else { return elements.sorted(by: drawsBefore) }
                    keys.append(key)
                    groups.append([])
                    current = keys.count - 1
                }
            }
            groups[current].append(attributes)
        }
        let order = keys.indices.sorted { a, b in
            keys[a].zIndex != keys[b].zIndex ? keys[a].zIndex < keys[b].zIndex : keys[a].category > keys[b].category
        }
        var sorted: [UICollectionViewLayoutAttributes] = []
        sorted.reserveCapacity(elements.count)
        for index in order {
            sorted.append(contentsOf: inOrder(groups[index]) ? groups[index] : groups[index].sorted(by: drawsBefore))
        }
        return sorted
    }

    /// A layout that gives an element a NaN or infinite center or size is a programming error:
    /// UIKit raises ("CALayer position contains NaN"); here the program stops with a message that
    /// names the layout and the element, instead of trapping later inside Foundation without one.
    static func requireFiniteGeometry(_ attributes: UICollectionViewLayoutAttributes, from layout: UICollectionViewLayout) {
        let center = attributes.center, size = attributes.size
        guard !center.x.isFinite || !center.y.isFinite || !size.width.isFinite || !size.height.isFinite else { return }
        let element = attributes.representedElementKind.map { "\($0) \(attributes.indexPath)" } ?? "item \(attributes.indexPath)"
        preconditionFailure("CALayer position contains NaN or infinity: \(type(of: layout)) gave \(element) the center "
                            + "(\(center.x), \(center.y)) and the size \(size.width) × \(size.height); UIKit raises here too")
    }

    /// How far outside a queried rect the layout is also asked, so that moving cells come in.
    var displayMargin: CGFloat { max(bounds.width, bounds.height) }

    static func drawsBefore(_ a: UICollectionViewLayoutAttributes, _ b: UICollectionViewLayoutAttributes) -> Bool {
        if a.zIndex != b.zIndex { return a.zIndex < b.zIndex }
        if a.representedElementCategory != b.representedElementCategory {
            return a.representedElementCategory.rawValue > b.representedElementCategory.rawValue
        }
        if a.indexPath != b.indexPath { return IndexPath.precedes(a.indexPath, b.indexPath) }
        return (a.representedElementKind ?? "") < (b.representedElementKind ?? "")
    }

    // MARK: Selection and highlight

    open var allowsSelection = true

    /// Pans across an orthogonal section scroll it, not the collection view (see `OrthogonalSectionScroller`).
    /// A pan across a list row with swipe actions swipes it (see `SwipeActionsController`).
    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        guard orthogonalPanShouldBegin(gestureRecognizer) else { return false }
        if orthogonalScroller(for: gestureRecognizer) != nil { return true }
        if let swipe = swipePanShouldBegin(gestureRecognizer) { return swipe }
        return super.gestureRecognizerShouldBegin(gestureRecognizer)
    }
    /// Editing mode (iOS 14): cells' configuration states say so, and list cells show the
    /// accessories displayed while editing (delete, reorder).
    open var isEditing = false {
        didSet {
            guard isEditing != oldValue else { return }
            for cell in visibleCells { cell.setNeedsUpdateConfiguration() }
        }
    }
    open var allowsMultipleSelection = false

    /// Selected items, by identity (looked up, never iterated). A change reaches the cells on the
    /// next layout pass.
    var selectedIdentifiers: Set<Int> = [] {
        didSet { setNeedsLayout() }
    }
    var highlightedIdentifier: Int? {
        didSet { setNeedsLayout() }
    }
    var hiddenIdentifiers: Set<Int> = [] {
        didSet { setNeedsLayout() }
    }

    /// The selected items, in index order.
    open var indexPathsForSelectedItems: [IndexPath]? {
        var paths: [IndexPath] = []
        for (section, identifiers) in itemIdentifiers.enumerated() {
            for (item, identifier) in identifiers.enumerated() where selectedIdentifiers.contains(identifier) {
                paths.append(IndexPath(item: item, section: section))
            }
        }
        return paths
    }

    public func isItemSelected(at indexPath: IndexPath) -> Bool {
        itemIdentifier(at: indexPath).map { selectedIdentifiers.contains($0) } ?? false
    }

    public func isItemHighlighted(at indexPath: IndexPath) -> Bool {
        highlightedIdentifier != nil && itemIdentifier(at: indexPath) == highlightedIdentifier
    }

    /// Hides or shows a cell (what `cell.isHidden` does in UIKit): hidden cells are reported with
    /// `isHidden` and not drawn.
    public func setItemHidden(_ hidden: Bool, at indexPath: IndexPath) {
        guard let identifier = itemIdentifier(at: indexPath) else { return }
        if hidden { hiddenIdentifiers.insert(identifier) } else { hiddenIdentifiers.remove(identifier) }
    }

    public func isItemHidden(at indexPath: IndexPath) -> Bool {
        itemIdentifier(at: indexPath).map { hiddenIdentifiers.contains($0) } ?? false
    }

    /// Selects the item without telling the delegate, as UIKit's method does.
    open func selectItem(at indexPath: IndexPath?, animated: Bool, scrollPosition: UICollectionView.ScrollPosition = []) {
        guard let indexPath, let identifier = itemIdentifier(at: indexPath) else { return }
        if !allowsMultipleSelection { selectedIdentifiers = [] }
        selectedIdentifiers.insert(identifier)
    }

    open func deselectItem(at indexPath: IndexPath, animated: Bool) {
        guard let identifier = itemIdentifier(at: indexPath) else { return }
        selectedIdentifiers.remove(identifier)
    }

    public struct ScrollPosition: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
    }

    // MARK: Coordinates

    /// A point in window coordinates (the screen; for a collection view without a window, its
    /// superview's coordinates) in content coordinates.
    public func convertFromScreen(_ point: CGPoint) -> CGPoint {
        convert(point, from: nil)
    }

    /// A content point in window coordinates.
    public func convertToScreen(_ point: CGPoint) -> CGPoint {
        convert(point, to: nil)
    }

    // MARK: Interaction controllers

    /// The controllers that adjust what is shown (cluster drag, springy scrolling…), in the order
    /// they were added; each sees the previous one's result.
    public private(set) var interactions: [UICollectionViewInteraction] = []

    public func addInteraction(_ interaction: UICollectionViewInteraction) {
        guard !interactions.contains(where: { $0 === interaction }) else { return }
        interactions.append(interaction)
        interaction.didMove(to: self)
    }

    public func removeInteraction(_ interaction: UICollectionViewInteraction) {
        guard interactions.contains(where: { $0 === interaction }) else { return }
        interactions.removeAll { $0 === interaction }
        interaction.didMove(to: nil)
    }

    // MARK: Time

    /// Delivers touches sent to the collection view itself (without a window).
    let dispatcher = TouchDispatcher()

    // MARK: Views

    /// Cell and supplementary view classes, reuse pools and the views on screen.
    let reuse = ReusePools()
    /// The identifier of the plain views the data source's default methods give.
    nonisolated public static let plainReuseIdentifier = "Springframes.plain"

    /// Lays out the element views: each displayed element gets its view and attributes
    /// (`UICollectionView+Cells.swift`).
    /// The data source and delegate run on this collection view's clock, so an animation a
    /// cell starts in `cellForItemAt` or `willDisplay` runs on the window's time.
    open override func layoutSubviews() {
        super.layoutSubviews()
        SimulatedClock.withCurrent(clock) { updateVisibleViews() }
    }

    // MARK: ClockParticipant

    open override func step(to time: TimeInterval) {
        collectionViewLayout.advanceAnimators(to: time)
        setNeedsLayout()
    }

    open override func displayTick(at time: TimeInterval) {
        super.displayTick(at: time)
        for interaction in interactions { interaction.collectionView(self, didTickAt: currentTime) }
        pruneMoveAnimations()
        setNeedsLayout()
    }

    /// Scrolling, edge scrolling and controllers' per-frame work happen on a fixed display tick,
    /// as on a 120 Hz screen, so that the motion never depends on how often frames are sampled.
    nonisolated public static let displayTickInterval: TimeInterval = SimulatedClock.displayTickInterval

    // Moves (UICollectionView+Updates.swift); the updates of the batch being declared.
    var pendingUpdateItems: [UICollectionViewUpdateItem] = []
    /// The cell a diffable data source's reconfiguration hands back to its cell provider.
    var reconfiguringCell: UICollectionViewCell?
    var moveAnimations: [Int: MoveAnimation] = [:]
    /// Deleted items still leaving, by their former identity, and the cells that show them.
    var disappearances: [Int: Disappearance] = [:]
    var disappearingViews: [Int: UICollectionReusableView] = [:]
    var batchDepth = 0
    /// How long animated moves take (UIKit's batch updates take about 0.3 s).
    open var moveAnimationDuration: TimeInterval = 0.3

    // Interactive movement (UICollectionView+InteractiveMovement.swift).
    var interactiveMovement: InteractiveMovement?

    // Self-sizing passes under way (UICollectionView+Cells.swift).
    var selfSizingRounds = 0

    // Touch tracking (UICollectionView+Touches.swift): the item a held-back touch will highlight.
    var pendingHighlight: (identifier: Int, timer: Int)?

    // The cell menu (UICollectionView+Menus.swift).
    var menuTimer: Int?
    var editMenu: EditMenuView?
}

extension UICollectionView {
    /// UIKit's current Swift spelling, `UICollectionView.ScrollDirection`.
    public typealias ScrollDirection = UICollectionViewScrollDirection
}
