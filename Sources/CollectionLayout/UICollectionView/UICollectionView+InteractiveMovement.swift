import Vocabulary
import Foundation

/// The state of an iOS 9 interactive movement.
struct InteractiveMovement {
    /// The item's identity and where it started.
    var identifier: Int
    var originalIndexPath: IndexPath
    /// The identities before the movement, to restore on cancel.
    var originalIdentifiers: [[Int]]
    /// Where the finger holds the item, in content coordinates.
    var position: CGPoint
}

extension UICollectionView {
    /// Starts moving the item (iOS 9): false when there is no such item, a movement is already
    /// running, or the data source says it cannot move.
    @discardableResult
    public func beginInteractiveMovementForItem(at indexPath: IndexPath) -> Bool {
        guard interactiveMovement == nil, let identifier = itemIdentifier(at: indexPath),
              dataSource?.collectionView(self, canMoveItemAt: indexPath) ?? false,
              let attributes = layoutAttributesForItem(at: indexPath) else { return false }
        interactiveMovement = InteractiveMovement(identifier: identifier, originalIndexPath: indexPath,
                                                  originalIdentifiers: itemIdentifiers, position: attributes.center)
        cellForItem(at: indexPath)?.setNeedsUpdateConfiguration()   // its state is reordering now
        return true
    }

    /// Moves the item's center to `targetPosition` (content coordinates); when the layout's target
    /// index path (the topmost cell under the point, as the delegate allows) differs from the
    /// item's current one, the item takes that place and the others make room, animated.
    public func updateInteractiveMovementTargetPosition(_ targetPosition: CGPoint) {
        guard var movement = interactiveMovement, let current = indexPath(forItemIdentifier: movement.identifier) else { return }
        movement.position = targetPosition
        interactiveMovement = movement
        // As UIKit invalidates the layout on each update: the cell is shown at the new position
        // in the next layout pass, not at the next display tick.
        setNeedsLayout()
        collectionViewLayout.prepareIfNeeded()
        let proposed = collectionViewLayout.targetIndexPath(forInteractivelyMovingItem: current, withPosition: targetPosition)
        let target = collectionDelegate?.collectionView(
            self, targetIndexPathForMoveOfItemFromOriginalIndexPath: movement.originalIndexPath, atCurrentIndexPath: current,
            toProposedIndexPath: proposed) ?? proposed
        guard target != current, isValid(target) else { return }
        performBatchUpdates({ self.moveIdentifier(from: current, to: target) })
    }

    /// Ends the movement: the data source's `moveItemAt` is called once (original → final index
    /// path, when they differ), and the item travels from the finger into its slot.
    public func endInteractiveMovement() {
        guard let movement = interactiveMovement, let final = indexPath(forItemIdentifier: movement.identifier) else { return }
        interactiveMovement = nil
        cellForItem(at: final)?.setNeedsUpdateConfiguration()
        if final != movement.originalIndexPath {
            dataSource?.collectionView(self, moveItemAt: movement.originalIndexPath, to: final)
        }
        animateIntoSlot(identifier: movement.identifier, from: movement.position, at: final)
    }

    /// Cancels the movement: the original order comes back and every cell, the moving one
    /// included, travels back to its place. The data source hears nothing.
    public func cancelInteractiveMovement() {
        guard let movement = interactiveMovement else { return }
        performBatchUpdates({
            self.itemIdentifiers = movement.originalIdentifiers
        })
        interactiveMovement = nil
        cellForItem(at: movement.originalIndexPath)?.setNeedsUpdateConfiguration()
        animateIntoSlot(identifier: movement.identifier, from: movement.position, at: movement.originalIndexPath)
    }

    /// The index path of the item being moved interactively, if any.
    public var indexPathForInteractivelyMovingItem: IndexPath? {
        interactiveMovement.flatMap { indexPath(forItemIdentifier: $0.identifier) }
    }

    /// Makes the item travel from `position` (content coordinates) into its layout slot.
    func animateIntoSlot(identifier: Int, from position: CGPoint, at indexPath: IndexPath) {
        guard let slot = layoutAttributesForItem(at: indexPath) else { return }
        moveAnimations[identifier] = MoveAnimation(fromCenter: position, fromSize: slot.size,
                                                   start: currentTime, duration: moveAnimationDuration)
        setNeedsLayout()
    }

    /// The moving item is shown where the layout puts an interactively moving item.
    func applyInteractiveMovement(to elements: inout [UICollectionViewLayoutAttributes]) {
        guard let movement = interactiveMovement, let indexPath = indexPath(forItemIdentifier: movement.identifier) else { return }
        let moving = collectionViewLayout.layoutAttributesForInteractivelyMovingItem(at: indexPath,
                                                                                    withTargetPosition: movement.position)
        elements.removeAll { $0.representedElementCategory == .cell && $0.indexPath == indexPath }
        elements.append(moving)
    }
}
