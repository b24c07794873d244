import Dynamics
import Foundation

/// A cell travelling from where it was shown to its new layout position after a move.
struct MoveAnimation {
    var fromCenter: CGPoint
    var fromSize: CGSize
    var start: TimeInterval
    var duration: TimeInterval

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
        let before = batchDepth == 0 ? shownCellGeometry() : nil
        batchDepth += 1
        updates?()
        batchDepth -= 1
        guard let before else { return }
        rebuildIdentifierIndex()
        collectionViewLayout.invalidateLayout()
        collectionViewLayout.prepareIfNeeded()
        for identifier in before.keys.sorted() {
            guard let old = before[identifier], let indexPath = indexByIdentifier[identifier],
                  let now = collectionViewLayout.layoutAttributesForItem(at: indexPath),
                  now.center != old.center || now.size != old.size else { continue }
            moveAnimations[identifier] = MoveAnimation(fromCenter: old.center, fromSize: old.size,
                                                       start: currentTime, duration: moveAnimationDuration)
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

    /// Where each cell near the visible rect is shown now, by identity.
    private func shownCellGeometry() -> [Int: (center: CGPoint, size: CGSize)] {
        var geometry: [Int: (center: CGPoint, size: CGSize)] = [:]
        for attributes in layoutAttributesForDisplayedElements(in: bounds.insetBy(dx: -displayMargin, dy: -displayMargin))
        where attributes.representedElementCategory == .cell {
            if let identifier = itemIdentifier(at: attributes.indexPath) {
                geometry[identifier] = (attributes.center, attributes.size)
            }
        }
        return geometry
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
        }
    }

    func pruneMoveAnimations() {
        guard !moveAnimations.isEmpty else { return }
        moveAnimations = moveAnimations.filter { currentTime < $0.value.start + $0.value.duration }
    }
}
