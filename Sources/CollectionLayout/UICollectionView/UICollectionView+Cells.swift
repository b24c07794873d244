import Vocabulary
import Foundation

/// Cells and supplementary views, as UIKit makes them: registered classes, dequeued from reuse
/// pools by the data source for displayed elements only, given their layout attributes on every
/// layout pass (each display tick and each frame), and returned to the pools when they leave the
/// visible rect. So memory and time per frame follow what is on screen, not the item count.
extension UICollectionView {
    /// Cells of `cellClass` (a `UICollectionViewCell` subclass) are made for `identifier`.
    public func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {
        guard let cellClass else {
            reuse.cellClasses[identifier] = nil
            return
        }
        guard let cellType = cellClass as? UICollectionViewCell.Type else {
            preconditionFailure("register(_:forCellWithReuseIdentifier: \"\(identifier)\"): \(cellClass) is not a UICollectionViewCell subclass")
        }
        reuse.cellClasses[identifier] = cellType
        setNeedsLayout()
    }

    /// A nib cannot be loaded headless (see `UINib`): plain `UICollectionViewCell`s are made for
    /// `identifier`, so a port runs and shows empty cells, and a debug build says so.
    public func register(_ nib: UINib?, forCellWithReuseIdentifier identifier: String) {
        UIKitCompatibility.notHonoured("UICollectionView.register(UINib, forCellWithReuseIdentifier:)",
                                       "nibs cannot be loaded; plain cells are made instead: register the cell class and build it in code")
        register(nib == nil ? nil : UICollectionViewCell.self, forCellWithReuseIdentifier: identifier)
    }

    /// As `register(_:forCellWithReuseIdentifier:)` with a nib: plain reusable views are made.
    public func register(_ nib: UINib?, forSupplementaryViewOfKind kind: String, withReuseIdentifier identifier: String) {
        UIKitCompatibility.notHonoured("UICollectionView.register(UINib, forSupplementaryViewOfKind:)",
                                       "nibs cannot be loaded; plain reusable views are made instead")
        register(nib == nil ? nil : UICollectionReusableView.self, forSupplementaryViewOfKind: kind, withReuseIdentifier: identifier)
    }

    /// Views of `viewClass` (a `UICollectionReusableView` subclass) are made for supplementary
    /// elements of `kind` with `identifier`.
    public func register(_ viewClass: AnyClass?, forSupplementaryViewOfKind kind: String, withReuseIdentifier identifier: String) {
        let key = ReusePools.supplementaryKey(kind, identifier)
        guard let viewClass else {
            reuse.supplementaryClasses[key] = nil
            return
        }
        guard let viewType = viewClass as? UICollectionReusableView.Type else {
            preconditionFailure("register(_:forSupplementaryViewOfKind: \"\(kind)\"): \(viewClass) is not a UICollectionReusableView subclass")
        }
        reuse.supplementaryClasses[key] = viewType
        setNeedsLayout()
    }

    /// A cell for the data source to configure: a reused one (after `prepareForReuse()`) or a new
    /// one of the registered class. As in UIKit, an identifier nothing was registered for is a
    /// programming error.
    public func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> UICollectionViewCell {
        // A reconfigured item keeps its cell: dequeued for it, not from the pool.
        if let cell = reconfiguringCell, cell.reuseIdentifier == identifier {
            reconfiguringCell = nil
            return cell
        }
        if let cell = reuse.take(ReusePools.cellKey(identifier)) as? UICollectionViewCell {
            cell.prepareForReuse()
            (cell as? UICollectionViewListCell)?.adopt(layoutAttributesForItem(at: indexPath)?.listPlacement)
            return cell
        }
        guard let cellType = reuse.cellClasses[identifier] else {
            preconditionFailure("could not dequeue a cell with identifier \"\(identifier)\": register a class for it first "
                + "(collectionView.register(MyCell.self, forCellWithReuseIdentifier: \"\(identifier)\"))")
        }
        let attributes = layoutAttributesForItem(at: indexPath)
        let cell = cellType.init(frame: CGRect(origin: .zero, size: attributes?.size ?? .zero))
        cell.reuseIdentifier = identifier
        // A list cell knows its list before it is configured, for `defaultContentConfiguration()`.
        (cell as? UICollectionViewListCell)?.adopt(attributes?.listPlacement)
        return cell
    }

    public func dequeueReusableSupplementaryView(ofKind kind: String, withReuseIdentifier identifier: String,
                                                 for indexPath: IndexPath) -> UICollectionReusableView {
        let key = ReusePools.supplementaryKey(kind, identifier)
        if let view = reuse.take(key) {
            view.prepareForReuse()
            (view as? UICollectionViewListCell)?.adopt(layoutAttributesForSupplementaryElement(ofKind: kind, at: indexPath)?.listPlacement)
            return view
        }
        guard let viewType = reuse.supplementaryClasses[key] else {
            preconditionFailure("could not dequeue a supplementary view of kind \"\(kind)\" with identifier \"\(identifier)\": register "
                + "a class for it first (register(_:forSupplementaryViewOfKind:withReuseIdentifier:))")
        }
        let attributes = layoutAttributesForSupplementaryElement(ofKind: kind, at: indexPath)
        let view = viewType.init(frame: CGRect(origin: .zero, size: attributes?.size ?? .zero))
        view.reuseIdentifier = identifier
        (view as? UICollectionViewListCell)?.adopt(attributes?.listPlacement)
        return view
    }

    /// An empty cell, for data sources that give none.
    package func plainCell(for indexPath: IndexPath) -> UICollectionViewCell {
        register(UICollectionViewCell.self, forCellWithReuseIdentifier: Self.plainReuseIdentifier)
        return dequeueReusableCell(withReuseIdentifier: Self.plainReuseIdentifier, for: indexPath)
    }

    /// An empty supplementary view, for data sources that give none.
    package func plainSupplementaryView(ofKind kind: String, for indexPath: IndexPath) -> UICollectionReusableView {
        register(UICollectionReusableView.self, forSupplementaryViewOfKind: kind, withReuseIdentifier: Self.plainReuseIdentifier)
        return dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: Self.plainReuseIdentifier, for: indexPath)
    }

    // MARK: Queries

    /// The visible cell showing the item at `indexPath`, if any.
    public func cellForItem(at indexPath: IndexPath) -> UICollectionViewCell? {
        layoutIfNeeded()
        guard let identifier = itemIdentifier(at: indexPath) else { return nil }
        return reuse.visible[ElementKey(category: .cell, kind: "", identifier: identifier, indexPath: [])] as? UICollectionViewCell
    }

    /// The cells on screen, in index-path order.
    public var visibleCells: [UICollectionViewCell] {
        layoutIfNeeded()
        return reuse.visibleKeys.filter { $0.category == .cell }.compactMap { reuse.visible[$0] as? UICollectionViewCell }
            .sorted { IndexPath.precedes(indexPath(for: $0) ?? [], indexPath(for: $1) ?? []) }
    }

    /// Where the item a visible cell shows is now.
    public func indexPath(for cell: UICollectionViewCell) -> IndexPath? {
        guard let key = reuse.visibleKeys.first(where: { $0.category == .cell && reuse.visible[$0] === cell }) else { return nil }
        return indexPath(forItemIdentifier: key.identifier)
    }

    public func supplementaryView(forElementKind kind: String, at indexPath: IndexPath) -> UICollectionReusableView? {
        layoutIfNeeded()
        return reuse.visible[ElementKey(category: .supplementaryView, kind: kind, identifier: 0, indexPath: indexPath)]
    }

    public func visibleSupplementaryViews(ofKind kind: String) -> [UICollectionReusableView] {
        indexPathsForVisibleSupplementaryElements(ofKind: kind).compactMap { supplementaryView(forElementKind: kind, at: $0) }
    }

    public func indexPathsForVisibleSupplementaryElements(ofKind kind: String) -> [IndexPath] {
        layoutIfNeeded()
        return reuse.visibleKeys.filter { $0.category == .supplementaryView && $0.kind == kind }.map(\.indexPath)
            .sorted(by: IndexPath.precedes)
    }

    // MARK: The layout pass

    /// Whether views are kept at all: in a window (where they are drawn), or once a class is
    /// registered. A collection view that only computes layout (as a scene's runner uses one)
    /// makes none.
    var showsViews: Bool {
        window != nil || !reuse.cellClasses.isEmpty || !reuse.supplementaryClasses.isEmpty
    }

    /// Gives every displayed element its view, applies its attributes, retires the views of
    /// elements no longer displayed (in a fixed order, so reuse is the same on every run) and
    /// stacks the views back to front beneath any other subviews.
    func updateVisibleViews() {
        guard showsViews else { return }
        let elements = layoutAttributesForDisplayedElements(in: bounds)
        let keys = elements.map(elementKey(for:))
        // A layout that dropped its measured sizes (a new width) has every shown cell measured again.
        let remeasure = collectionViewLayout.remeasuresShownCells
        collectionViewLayout.remeasuresShownCells = false
        // Most passes show the elements the last one showed, in the same order: their views only
        // take the new attributes.
        if !remeasure, keys.count == reuse.visibleKeys.count, keys.count == reuse.visibleViews.count,
           zip(keys, reuse.visibleKeys).allSatisfy({ $0 == $1 }) {
            for (attributes, (key, view)) in zip(elements, zip(reuse.visibleKeys, reuse.visibleViews)) {
                apply(attributes, to: view, key: key)
            }
            stack(reuse.visibleViews)
            updateDisappearingViews()
            return
        }
        // Views whose elements left go back to their pools first, so the newcomers reuse them.
        let staying = Set(keys.compactMap { $0 })
        for key in reuse.visibleKeys where !staying.contains(key) {
            guard let view = reuse.visible[key] else { continue }
            if key.category == .cell, disappearances[key.identifier] != nil {
                // A deleted item's cell stays to leave as its layout says.
                disappearingViews[key.identifier] = view
            } else {
                retire(view, key: key)
            }
        }
        var shown: [ElementKey: UICollectionReusableView] = [:]
        var ordered: [UICollectionReusableView] = []
        ordered.reserveCapacity(elements.count)
        var arriving: [(UICollectionReusableView, UICollectionViewLayoutAttributes)] = []
        var remeasured: [(UICollectionReusableView, UICollectionViewLayoutAttributes)] = []
        for (attributes, key) in zip(elements, keys) {
            guard let key else { continue }
            let view: UICollectionReusableView
            if let known = shown[key] ?? reuse.visible[key] {
                view = known
            } else if let made = makeView(for: attributes) {
                view = made
                arriving.append((made, attributes))
            } else {
                continue
            }
            if remeasure, reuse.visible[key] === view { remeasured.append((view, attributes)) }
            shown[key] = view
            apply(attributes, to: view, key: key)
            ordered.append(view)
        }
        // Recorded before the new views size themselves: a round that sizing starts must see
        // them, or it makes second views for the same elements.
        reuse.visible = shown
        reuse.visibleKeys = keys.compactMap { $0 }.filter { shown[$0] != nil }
        reuse.visibleViews = ordered
        let resized = sizeThemselves(remeasured + arriving)
        for (view, attributes) in arriving { willDisplay(view, attributes) }
        // Cells that sized themselves moved the layout: show it in this same pass, as UIKit does
        // (a few rounds at most, for the cells that the new sizes bring in).
        if resized, selfSizingRounds < 4 {
            selfSizingRounds += 1
            defer { selfSizingRounds -= 1 }
            updateVisibleViews()
            return
        }
        stack(ordered)
        updateDisappearingViews()
    }

    /// Shows each leaving cell where its disappearance has it now; retires those whose
    /// disappearance is over (or that never showed).
    private func updateDisappearingViews() {
        guard !disappearances.isEmpty else { return }
        for (identifier, disappearance) in disappearances.sorted(by: { $0.key < $1.key }) {
            let key = ElementKey(category: .cell, kind: "", identifier: identifier, indexPath: [])
            guard let view = disappearingViews[identifier] else {
                if reuse.visible[key] == nil { disappearances[identifier] = nil }
                continue
            }
            if currentTime >= disappearance.start + disappearance.duration - 1e-9 {
                disappearances[identifier] = nil
                disappearingViews[identifier] = nil
                retire(view, key: key)
            } else {
                apply(disappearance.attributes(at: currentTime), to: view, key: key)
            }
        }
    }

    private func elementKey(for attributes: UICollectionViewLayoutAttributes) -> ElementKey? {
        switch attributes.representedElementCategory {
        case .cell:
            guard let identifier = itemIdentifier(at: attributes.indexPath) else { return nil }
            return ElementKey(category: .cell, kind: "", identifier: identifier, indexPath: [])
        case .supplementaryView, .decorationView:
            return ElementKey(category: attributes.representedElementCategory, kind: attributes.representedElementKind ?? "",
                              identifier: 0, indexPath: attributes.indexPath)
        }
    }

    private func makeView(for attributes: UICollectionViewLayoutAttributes) -> UICollectionReusableView? {
        let indexPath = attributes.indexPath
        switch attributes.representedElementCategory {
        case .cell:
            guard let dataSource else { return nil }
            return dataSource.collectionView(self, cellForItemAt: indexPath)
        case .supplementaryView:
            guard let dataSource, let kind = attributes.representedElementKind else { return nil }
            return dataSource.collectionView(self, viewForSupplementaryElementOfKind: kind, at: indexPath)
        case .decorationView:
            guard let kind = attributes.representedElementKind,
                  let viewType = collectionViewLayout.decorationViewClasses[kind] else { return nil }
            let key = ReusePools.decorationKey(kind)
            if let view = reuse.take(key) {
                view.prepareForReuse()
                return view
            }
            let view = viewType.init(frame: CGRect(origin: .zero, size: attributes.size))
            view.reuseIdentifier = key
            return view
        }
    }

    private func apply(_ attributes: UICollectionViewLayoutAttributes, to view: UICollectionReusableView, key: ElementKey) {
        UIView.performWithoutAnimation {
            if view.bounds.size != attributes.size { view.bounds = CGRect(origin: .zero, size: attributes.size) }
            if view.center != attributes.center { view.center = attributes.center }
            if CATransform3DIsAffine(attributes.transform3D) {
                if view.transform != attributes.transform || view.layer.nonAffineTransform != nil {
                    view.transform = attributes.transform
                }
            } else if view.layer.transform != attributes.transform3D {
                // Depth and perspective go to the layer, as UIKit applies `transform3D`.
                view.layer.transform = attributes.transform3D
            }
            if view.alpha != attributes.alpha { view.alpha = attributes.alpha }
            // Hidden comes from the attributes when they change it, as in UIKit: a cell a port
            // hides itself (a drag's source cell) stays hidden while its frame moves.
            if view.appliedHidden != attributes.isHidden {
                view.appliedHidden = attributes.isHidden
                view.isHidden = attributes.isHidden
            }
            view.layer.zPosition = CGFloat(attributes.zIndex)
        }
        view.appliedIndexPath = attributes.indexPath
        if let cell = view as? UICollectionViewCell {
            let selected = selectedIdentifiers.contains(key.identifier)
            let highlighted = highlightedIdentifier == key.identifier
            if cell.isSelected != selected { cell.isSelected = selected }
            if cell.isHighlighted != highlighted { cell.isHighlighted = highlighted }
        }
        view.apply(attributes)
    }

    /// Asks each newly shown view for its preferred attributes and hands the layout those it
    /// wants (`shouldInvalidateLayout(forPreferredLayoutAttributes:…)`). Returns whether the
    /// layout was invalidated.
    private func sizeThemselves(_ arriving: [(UICollectionReusableView, UICollectionViewLayoutAttributes)]) -> Bool {
        let layout = collectionViewLayout
        let axes = layout.selfSizingAxes
        var invalidated = false
        for (view, attributes) in arriving {
            view.selfSizingAxes = attributes.representedElementCategory == .cell ? axes : []
            // A copy: overrides often change the attributes they are given and return them.
            let preferred = view.preferredLayoutAttributesFitting(attributes.copied())
            guard layout.shouldInvalidateLayout(forPreferredLayoutAttributes: preferred, withOriginalAttributes: attributes)
            else { continue }
            layout.invalidateLayout(with: layout.invalidationContext(forPreferredLayoutAttributes: preferred,
                                                                     withOriginalAttributes: attributes))
            invalidated = true
        }
        return invalidated
    }

    /// Tells the delegate an element's view is about to show (after its attributes are applied).
    private func willDisplay(_ view: UICollectionReusableView, _ attributes: UICollectionViewLayoutAttributes) {
        guard let delegate = collectionDelegate else { return }
        switch attributes.representedElementCategory {
        case .cell:
            if let cell = view as? UICollectionViewCell {
                delegate.collectionView(self, willDisplay: cell, forItemAt: attributes.indexPath)
            }
        case .supplementaryView:
            delegate.collectionView(self, willDisplaySupplementaryView: view,
                                    forElementKind: attributes.representedElementKind ?? "", at: attributes.indexPath)
        case .decorationView:
            break
        }
    }

    /// Takes a view off screen into its pool; the delegate hears that it ended displaying, with
    /// the index path it last showed.
    private func retire(_ view: UICollectionReusableView, key: ElementKey) {
        view.removeFromSuperview()
        view.appliedHidden = nil
        if let delegate = collectionDelegate, let indexPath = view.appliedIndexPath {
            switch key.category {
            case .cell:
                if let cell = view as? UICollectionViewCell {
                    delegate.collectionView(self, didEndDisplaying: cell, forItemAt: indexPath)
                }
            case .supplementaryView:
                delegate.collectionView(self, didEndDisplayingSupplementaryView: view, forElementOfKind: key.kind, at: indexPath)
            case .decorationView:
                break
            }
        }
        view.appliedIndexPath = nil
        guard let identifier = view.reuseIdentifier else { return }
        switch key.category {
        case .cell: reuse.put(view, ReusePools.cellKey(identifier))
        case .supplementaryView: reuse.put(view, ReusePools.supplementaryKey(key.kind, identifier))
        case .decorationView: reuse.put(view, identifier)
        }
    }

    /// Element views at the back in display order (zIndex, then category and index path), the
    /// collection view's other subviews (a dragged snapshot, say) above them in their own order.
    private func stack(_ ordered: [UICollectionReusableView]) {
        // Already stacked so, with nothing else among the subviews: the usual pass.
        if subviews.count == ordered.count, zip(ordered, subviews).allSatisfy({ $0 === $1 }) { return }
        for view in ordered where view.superview !== self { addSubview(view) }
        let elementViews = Set(ordered.map(ObjectIdentifier.init))
        let others = subviews.filter { !elementViews.contains(ObjectIdentifier($0)) }
        let arranged = ordered + others
        if !zip(arranged, subviews).allSatisfy({ $0 === $1 }) { reorderSubviews(arranged) }
    }

    /// Drops every view (they return to the pools) so the next pass asks the data source again.
    func discardVisibleViews() {
        for key in reuse.visibleKeys {
            if let view = reuse.visible[key] { retire(view, key: key) }
        }
        for (identifier, view) in disappearingViews.sorted(by: { $0.key < $1.key }) {
            retire(view, key: ElementKey(category: .cell, kind: "", identifier: identifier, indexPath: []))
        }
        disappearingViews = [:]
        disappearances = [:]
        reuse.visible = [:]
        reuse.visibleKeys = []
        reuse.visibleViews = []
        setNeedsLayout()
    }
}

/// Which element a view shows: a cell by its item's identity (so a moved item keeps its cell), a
/// supplementary or decoration view by kind and index path.
struct ElementKey: Hashable {
    var category: UICollectionElementCategory
    var kind: String
    var identifier: Int
    var indexPath: IndexPath

    /// A cell's key is its identity alone (its kind and index path are empty): hashing only that
    /// keeps the per-pass dictionaries of a few hundred views cheap.
    func hash(into hasher: inout Hasher) {
        hasher.combine(identifier)
        guard category != .cell else { return }
        hasher.combine(kind)
        hasher.combine(indexPath)
    }
}

/// Registered classes, pools of views waiting for reuse, and the views shown now.
@preconcurrency @MainActor
final class ReusePools {
    /// All looked up by key, never iterated.
    var cellClasses: [String: UICollectionViewCell.Type] = [:]
    var supplementaryClasses: [String: UICollectionReusableView.Type] = [:]
    private var pools: [String: [UICollectionReusableView]] = [:]
    var visible: [ElementKey: UICollectionReusableView] = [:]
    /// The keys of `visible`, back to front: what is iterated.
    var visibleKeys: [ElementKey] = []
    /// The view of each of `visibleKeys`, in its order.
    var visibleViews: [UICollectionReusableView] = []

    static func cellKey(_ identifier: String) -> String { "cell\u{1F}" + identifier }
    static func supplementaryKey(_ kind: String, _ identifier: String) -> String { "supplementary\u{1F}\(kind)\u{1F}\(identifier)" }
    static func decorationKey(_ kind: String) -> String { "decoration\u{1F}" + kind }

    func take(_ key: String) -> UICollectionReusableView? {
        pools[key]?.popLast()
    }

    func put(_ view: UICollectionReusableView, _ key: String) {
        pools[key, default: []].append(view)
    }

    /// Views waiting in every pool (for tests of the memory bound).
    var pooledCount: Int { pools.values.reduce(0) { $0 + $1.count } }
}
