import Vocabulary
import Foundation

/// A deleted item's cell travelling from where it was shown to the layout's final attributes
/// for it, before it leaves.
@MainActor
struct Disappearance {
    var from: UICollectionViewLayoutAttributes
    var to: UICollectionViewLayoutAttributes
    var start: TimeInterval
    var duration: TimeInterval

    /// The attributes shown at `time`.
    func attributes(at time: TimeInterval) -> UICollectionViewLayoutAttributes {
        let p = duration > 0 ? easeInOut((time - start) / duration) : 1
        let shown = to.copied()
        shown.center = CGPoint(x: from.center.x + (to.center.x - from.center.x) * p, y: from.center.y + (to.center.y - from.center.y) * p)
        shown.size = CGSize(width: from.size.width + (to.size.width - from.size.width) * p,
                            height: from.size.height + (to.size.height - from.size.height) * p)
        shown.alpha = from.alpha + (to.alpha - from.alpha) * p
        shown.transform3D = from.transform3D.interpolated(to: to.transform3D, by: p)
        return shown
    }
}

/// A cell travelling from where it was shown to its new layout position after a move.
struct MoveAnimation {
    var fromCenter: CGPoint
    var fromSize: CGSize
    var start: TimeInterval
    var duration: TimeInterval
    /// Set for a layout transition, which also carries alpha and transform across; moves inside
    /// one layout keep the layout's own.
    var fromAppearance: (alpha: CGFloat, transform: CATransform3D)? = nil

    func progress(at time: TimeInterval) -> Double {
        duration > 0 ? easeInOut((time - start) / duration) : 1
    }
}

extension UICollectionView {
    /// Moves an item, animated, as UIKit's `moveItem(at:to:)`: the data source must already have
    /// moved its data. The item keeps its identity (and selection); the cells between shift, and
    /// every cell whose place changed travels there from where it was shown, over
    /// `moveAnimationDuration` with ease-in-out.
    public func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        performBatchUpdates({
            self.moveIdentifier(from: indexPath, to: newIndexPath)
            self.pendingUpdateItems.append(UICollectionViewUpdateItem(.move, before: indexPath, after: newIndexPath))
        })
    }

    /// Inserts items (the data source must already count them), animated: each comes in from the
    /// layout's `initialLayoutAttributesForAppearingItem(at:)` (by default its place, transparent:
    /// a fade).
    public func insertItems(at indexPaths: [IndexPath]) {
        performBatchUpdates({
            for indexPath in indexPaths.sorted(by: IndexPath.precedes) {
                guard indexPath.section < self.itemIdentifiers.count,
                      indexPath.item <= self.itemIdentifiers[indexPath.section].count else { continue }
                self.itemIdentifiers[indexPath.section].insert(self.nextIdentifier, at: indexPath.item)
                self.nextIdentifier += 1
                self.pendingUpdateItems.append(UICollectionViewUpdateItem(.insert, before: nil, after: indexPath))
            }
        })
    }

    /// Deletes items (the data source must already have removed them), animated: each shown
    /// cell goes to the layout's `finalLayoutAttributesForDisappearingItem(at:)` (by default it
    /// fades where it was), then leaves.
    public func deleteItems(at indexPaths: [IndexPath]) {
        performBatchUpdates({
            for indexPath in indexPaths.sorted(by: IndexPath.precedes).reversed() where self.isValid(indexPath) {
                self.forgetIdentifier(self.itemIdentifiers[indexPath.section].remove(at: indexPath.item))
                self.pendingUpdateItems.append(UICollectionViewUpdateItem(.delete, before: indexPath, after: nil))
            }
        })
    }

    /// Asks the data source for the items again: they get new cells (`cellForItemAt`), as after
    /// UIKit's reload, and lose their selection.
    public func reloadItems(at indexPaths: [IndexPath]) {
        performBatchUpdates({
            for indexPath in indexPaths where self.isValid(indexPath) {
                self.forgetIdentifier(self.itemIdentifiers[indexPath.section][indexPath.item])
                self.itemIdentifiers[indexPath.section][indexPath.item] = self.nextIdentifier
                self.nextIdentifier += 1
                self.pendingUpdateItems.append(UICollectionViewUpdateItem(.reload, before: indexPath, after: indexPath))
            }
        })
    }

    /// Inserts sections (the data source must already count them and their items), animated.
    public func insertSections(_ sections: IndexSet) {
        performBatchUpdates({
            for section in sections.sorted() where section >= 0 && section <= self.itemIdentifiers.count {
                let count = max(0, self.dataSource?.collectionView(self, numberOfItemsInSection: section) ?? 0)
                self.itemIdentifiers.insert(Array(self.nextIdentifier..<(self.nextIdentifier + count)), at: section)
                self.nextIdentifier += count
                self.pendingUpdateItems.append(UICollectionViewUpdateItem(.insert, before: nil, after: IndexPath(index: section)))
            }
        })
    }

    /// Deletes sections (the data source must already have removed them), animated.
    public func deleteSections(_ sections: IndexSet) {
        performBatchUpdates({
            for section in sections.sorted().reversed() where section >= 0 && section < self.itemIdentifiers.count {
                for identifier in self.itemIdentifiers.remove(at: section) { self.forgetIdentifier(identifier) }
                self.pendingUpdateItems.append(UICollectionViewUpdateItem(.delete, before: IndexPath(index: section), after: nil))
            }
        })
    }

    /// Reads the sections' items again from the data source: new cells for all of them.
    public func reloadSections(_ sections: IndexSet) {
        performBatchUpdates({
            for section in sections.sorted() where section >= 0 && section < self.itemIdentifiers.count {
                for identifier in self.itemIdentifiers[section] { self.forgetIdentifier(identifier) }
                let count = max(0, self.dataSource?.collectionView(self, numberOfItemsInSection: section) ?? 0)
                self.itemIdentifiers[section] = Array(self.nextIdentifier..<(self.nextIdentifier + count))
                self.nextIdentifier += count
                self.pendingUpdateItems.append(UICollectionViewUpdateItem(.reload, before: IndexPath(index: section),
                                                                          after: IndexPath(index: section)))
            }
        })
    }

    /// Takes `sections` (identities by section and item) as the new arrangement, as one batch
    /// update described by `updates` (for the layout): what a diffable data source applies. An
    /// identity not among them is gone; one at or above the old `nextIdentifier` is new, and
    /// comes in as an inserted item. Not `animated`: every cell takes its new place at once.
    package func applyIdentities(_ sections: [[Int]], nextIdentifier next: Int, updates: [UICollectionViewUpdateItem], animated: Bool,
                                 completion: ((Bool) -> Void)?) {
        let kept = Set(sections.joined())
        performBatchUpdates({
            for identifier in self.itemIdentifiers.joined() where !kept.contains(identifier) { self.forgetIdentifier(identifier) }
            self.itemIdentifiers = sections
            self.nextIdentifier = next
            self.pendingUpdateItems.append(contentsOf: updates)
        }, completion: animated ? completion : nil)
        if !animated {
            moveAnimations = [:]
            disappearances = [:]
            completion?(true)
        }
    }

    /// An item's identity is gone: it is no longer selected, hidden or highlighted.
    private func forgetIdentifier(_ identifier: Int) {
        selectedIdentifiers.remove(identifier)
        hiddenIdentifiers.remove(identifier)
        if highlightedIdentifier == identifier { highlightedIdentifier = nil }
    }

    /// Runs `updates` (moves, inserts, deletes) as one change: the layout is invalidated once and
    /// every cell that changed place animates from where it was shown. `completion` runs when the
    /// animation ends (with true).
    public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        // Only the outermost call animates; nested calls just run their updates.
        let before = batchDepth == 0 ? shownCells() : nil
        if batchDepth == 0 { pendingUpdateItems = [] }
        let firstNewIdentifier = nextIdentifier
        batchDepth += 1
        updates?()
        batchDepth -= 1
        guard let before else { return }
        if !countsMatchDataSource() {
            reloadData()
            if let completion { schedule(at: currentTime) { completion(false) } }
            return
        }
        rebuildIdentifierIndex()
        let layout = collectionViewLayout
        layout.invalidateLayoutForDataSourceChange(everything: false)
        layout.prepareIfNeeded()
        // UIKit's order: prepare(), then the updates, then the animations, then finalize.
        let updateItems = pendingUpdateItems
        pendingUpdateItems = []
        layout.prepare(forCollectionViewUpdates: updateItems)
        // UIKit asks where the content rests after an app's updates, not while a finger moves an item.
        if interactiveMovement == nil { adoptTargetContentOffset() }
        animateCells(from: before, carryingAppearance: false, completion: completion)
        animateAppearingItems(from: firstNewIdentifier)
        animateDisappearingItems(from: before)
        layout.finalizeCollectionViewUpdates()
        // As in UIKit, the cells are updated now, not at some later pass.
        setNeedsLayout()
        layoutIfNeeded()
    }

    /// Whether the counts after the updates are the data source's. UIKit raises
    /// NSInternalInconsistencyException when they are not ("invalid number of items in section
    /// …"); a recording must not crash, so the collection view says what is wrong on standard
    /// error and reloads its data instead.
    private func countsMatchDataSource() -> Bool {
        guard let dataSource else { return true }
        let sections = max(0, dataSource.numberOfSections(in: self))
        var problem: String?
        if sections != itemIdentifiers.count {
            problem = "\(sections) sections in the data source, \(itemIdentifiers.count) after the updates"
        } else {
            for section in 0..<sections {
                let count = max(0, dataSource.collectionView(self, numberOfItemsInSection: section))
                if count != itemIdentifiers[section].count {
                    problem = "section \(section) has \(count) items in the data source, \(itemIdentifiers[section].count) after the updates"
                    break
                }
            }
        }
        guard let problem else { return true }
        FileHandle.standardError.write(Data(("springframes: invalid batch update: \(problem); change the model before the "
            + "update calls, by exactly what they say (UIKit raises NSInternalInconsistencyException here). "
            + "The collection view reloads its data instead.\n").utf8))
        return false
    }

    /// Items that came in with the batch (new identities) and show now come in from the layout's
    /// `initialLayoutAttributesForAppearingItem(at:)`.
    private func animateAppearingItems(from firstNewIdentifier: Int) {
        guard nextIdentifier > firstNewIdentifier else { return }
        let layout = collectionViewLayout
        let shown = bounds.insetBy(dx: -displayMargin, dy: -displayMargin)
        for identifier in firstNewIdentifier..<nextIdentifier {
            guard let indexPath = indexByIdentifier[identifier],
                  let now = layout.layoutAttributesForItem(at: indexPath), now.frame.intersects(shown),
                  let initial = layout.initialLayoutAttributesForAppearingItem(at: indexPath) else { continue }
            moveAnimations[identifier] = MoveAnimation(
                fromCenter: initial.center, fromSize: initial.size, start: currentTime, duration: moveAnimationDuration,
                fromAppearance: (initial.alpha, initial.transform3D))
        }
    }

    /// Shown items the batch deleted (identities gone) leave through the layout's
    /// `finalLayoutAttributesForDisappearingItem(at:)`, asked with their index paths before it.
    private func animateDisappearingItems(from before: [Int: UICollectionViewLayoutAttributes]) {
        let gone = before.filter { indexByIdentifier[$0.key] == nil }
        guard !gone.isEmpty else { return }
        let layout = collectionViewLayout
        layout.disappearingItemAttributes = Dictionary(gone.values.map { ($0.indexPath, $0) }, uniquingKeysWith: { first, _ in first })
        defer { layout.disappearingItemAttributes = [:] }
        for identifier in gone.keys.sorted() {
            guard let from = gone[identifier], let final = layout.finalLayoutAttributesForDisappearingItem(at: from.indexPath) else { continue }
            disappearances[identifier] = Disappearance(from: from, to: final, start: currentTime, duration: moveAnimationDuration)
        }
    }

    /// Replaces the layout, animating every shown cell from where it is to its new place. The
    /// layouts hear `prepareForTransition(to:)`, `prepareForTransition(from:)` and, when the
    /// transition ends, `finalizeLayoutTransition()`, as in UIKit.
    func transitionLayout(to layout: UICollectionViewLayout, completion: ((Bool) -> Void)?) {
        let before = shownCells()
        let old = collectionViewLayout
        old.prepareForTransition(to: layout)
        collectionViewLayout = layout
        layout.prepareIfNeeded()
        layout.prepareForTransition(from: old)
        adoptTargetContentOffset()
        animateCells(from: before, carryingAppearance: true) { finished in
            old.finalizeLayoutTransition()
            layout.finalizeLayoutTransition()
            completion?(finished)
        }
    }

    /// Starts a move animation for every cell in `before` whose place changed in the (invalidated)
    /// layout, and schedules `completion` for when they end.
    private func animateCells(from before: [Int: UICollectionViewLayoutAttributes], carryingAppearance: Bool,
                              completion: ((Bool) -> Void)?) {
        collectionViewLayout.prepareIfNeeded()
        for identifier in before.keys.sorted() {
            guard let old = before[identifier], let indexPath = indexByIdentifier[identifier],
                  let now = collectionViewLayout.layoutAttributesForItem(at: indexPath) else { continue }
            let appearanceChanged = carryingAppearance && (now.alpha != old.alpha || now.transform3D != old.transform3D)
            guard now.center != old.center || now.size != old.size || appearanceChanged else { continue }
            moveAnimations[identifier] = MoveAnimation(
                fromCenter: old.center, fromSize: old.size, start: currentTime, duration: moveAnimationDuration,
                fromAppearance: carryingAppearance ? (old.alpha, old.transform3D) : nil)
        }
        if let completion {
            schedule(at: currentTime + moveAnimationDuration) { completion(true) }
        }
    }

    /// Whether any cell is still travelling after a move, or leaving after a delete.
    public var hasRunningMoveAnimations: Bool {
        moveAnimations.values.contains { currentTime < $0.start + $0.duration } || !disappearances.isEmpty
    }

    func moveIdentifier(from indexPath: IndexPath, to newIndexPath: IndexPath) {
        guard isValid(indexPath), newIndexPath.section >= 0, newIndexPath.section < itemIdentifiers.count else { return }
        let identifier = itemIdentifiers[indexPath.section].remove(at: indexPath.item)
        let destination = min(max(newIndexPath.item, 0), itemIdentifiers[newIndexPath.section].count)
        itemIdentifiers[newIndexPath.section].insert(identifier, at: destination)
    }

    /// How each cell near the visible rect is shown now, by identity.
    private func shownCells() -> [Int: UICollectionViewLayoutAttributes] {
        var shown: [Int: UICollectionViewLayoutAttributes] = [:]
        for attributes in layoutAttributesForDisplayedElements(in: bounds.insetBy(dx: -displayMargin, dy: -displayMargin))
        where attributes.representedElementCategory == .cell {
            if let identifier = itemIdentifier(at: attributes.indexPath) {
                shown[identifier] = attributes
            }
        }
        return shown
    }

    /// Cells still travelling are shown part of the way from where they were.
    func applyMoveAnimations(to elements: inout [UICollectionViewLayoutAttributes]) {
        guard !moveAnimations.isEmpty else { return }
        for attributes in elements where attributes.representedElementCategory == .cell {
            guard let identifier = itemIdentifier(at: attributes.indexPath),
                  let animation = moveAnimations[identifier] else { continue }
            let p = animation.progress(at: currentTime)
            guard p < 1 else { continue }
            attributes.center = CGPoint(x: animation.fromCenter.x + (attributes.center.x - animation.fromCenter.x) * p,
                                        y: animation.fromCenter.y + (attributes.center.y - animation.fromCenter.y) * p)
            attributes.size = CGSize(width: animation.fromSize.width + (attributes.size.width - animation.fromSize.width) * p,
                                     height: animation.fromSize.height + (attributes.size.height - animation.fromSize.height) * p)
            if let from = animation.fromAppearance {
                attributes.alpha = from.alpha + (attributes.alpha - from.alpha) * p
                attributes.transform3D = from.transform.interpolated(to: attributes.transform3D, by: p)
            }
        }
    }

    func pruneMoveAnimations() {
        guard !moveAnimations.isEmpty else { return }
        moveAnimations = moveAnimations.filter { currentTime < $0.value.start + $0.value.duration }
    }
}
