import Dynamics
import Foundation

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
        performBatchUpdates({ self.moveIdentifier(from: indexPath, to: newIndexPath) })
    }

    /// Inserts items (the data source must already count them), animated.
    public func insertItems(at indexPaths: [IndexPath]) {
        performBatchUpdates({
            for indexPath in indexPaths.sorted(by: IndexPath.precedes) {
                guard indexPath.section < self.itemIdentifiers.count,
                      indexPath.item <= self.itemIdentifiers[indexPath.section].count else { continue }
                self.itemIdentifiers[indexPath.section].insert(self.nextIdentifier, at: indexPath.item)
                self.nextIdentifier += 1
            }
        })
    }

    /// Deletes items (the data source must already have removed them), animated.
    public func deleteItems(at indexPaths: [IndexPath]) {
        performBatchUpdates({
            for indexPath in indexPaths.sorted(by: IndexPath.precedes).reversed() where self.isValid(indexPath) {
                let identifier = self.itemIdentifiers[indexPath.section].remove(at: indexPath.item)
                self.selectedIdentifiers.remove(identifier)
                self.hiddenIdentifiers.remove(identifier)
                if self.highlightedIdentifier == identifier { self.highlightedIdentifier = nil }
            }
        })
    }

    /// Runs `updates` (moves, inserts, deletes) as one change: the layout is invalidated once and
    /// every cell that changed place animates from where it was shown. `completion` runs when the
    /// animation ends (with true).
    public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        // Only the outermost call animates; nested calls just run their updates.
        let before = batchDepth == 0 ? shownCells() : nil
        batchDepth += 1
        updates?()
        batchDepth -= 1
        guard let before else { return }
        rebuildIdentifierIndex()
        collectionViewLayout.invalidateLayoutForDataSourceChange(everything: false)
        animateCells(from: before, carryingAppearance: false, completion: completion)
    }

    /// Replaces the layout, animating every shown cell from where it is to its new place.
    func transitionLayout(to layout: UICollectionViewLayout, completion: ((Bool) -> Void)?) {
        let before = shownCells()
        collectionViewLayout = layout
        animateCells(from: before, carryingAppearance: true, completion: completion)
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

    /// Whether any cell is still travelling after a move.
    public var hasRunningMoveAnimations: Bool {
        moveAnimations.values.contains { currentTime < $0.start + $0.duration }
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
