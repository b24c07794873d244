import Foundation

extension UICollectionView {
    /// How long a finger rests on a cell before its menu shows: UIKit's long-press time.
    public static let menuPressDuration: TimeInterval = 0.5

    /// The standard actions a cell menu may offer, in the order UIKit shows them.
    public static let menuActions: [Selector] = [.cut, .copy, .paste]

    /// Whether the delegate shows a menu for the item under `point` (content coordinates).
    func showsMenu(at point: CGPoint) -> Bool {
        guard let delegate = collectionDelegate, let indexPath = indexPathForItem(at: point) else { return false }
        return delegate.collectionView(self, shouldShowMenuForItemAt: indexPath)
    }

    /// Called when a highlighted touch begins: after `menuPressDuration` still held on the same
    /// cell, the menu shows.
    func startMenuTimer(for identifier: Int, at time: TimeInterval) {
        guard collectionDelegate != nil else { return }
        menuTimer = schedule(at: time + UICollectionView.menuPressDuration) { [weak self] in
            self?.menuTimer = nil
            self?.showEditMenu(for: identifier)
        }
    }

    func cancelMenuTimer() {
        if let menuTimer { cancelTimer(menuTimer) }
        menuTimer = nil
    }

    /// UIKit's sequence: `shouldShowMenuForItemAt`, then `canPerformAction` for cut, copy and
    /// paste (sender: the menu controller); with at least one action allowed, the menu shows over
    /// the cell, which stays highlighted until the menu hides.
    private func showEditMenu(for identifier: Int) {
        guard highlightedIdentifier == identifier, let delegate = collectionDelegate,
              let indexPath = indexPath(forItemIdentifier: identifier),
              delegate.collectionView(self, shouldShowMenuForItemAt: indexPath),
              let attributes = layoutAttributesForItem(at: indexPath) else { return }
        let sender = UIMenuController.shared
        let actions = UICollectionView.menuActions.filter {
            delegate.collectionView(self, canPerformAction: $0, forItemAt: indexPath, withSender: sender)
        }
        guard !actions.isEmpty else { return }
        let container: UIView = window ?? self
        let target = convert(attributes.frame, to: container)
        let menu = EditMenuView(
            actions: actions, target: target, in: container.bounds,
            onAction: { [weak self] action in
                guard let self, let path = self.indexPath(forItemIdentifier: identifier) else { return }
                self.collectionDelegate?.collectionView(self, performAction: action, forItemAt: path, withSender: sender)
            },
            onHide: { [weak self] in self?.editMenuDidHide() })
        editMenu = menu
        UIMenuController.shared.show(menu, in: container)
    }

    /// Hides this collection view's menu, if it shows one.
    func hideEditMenu() {
        editMenu?.dismiss()
    }

    /// The menu went away: the cell it held highlighted unhighlights.
    private func editMenuDidHide() {
        editMenu = nil
        cancelTouchTracking()
    }
}
