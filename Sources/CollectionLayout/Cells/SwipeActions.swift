import Vocabulary
import Foundation

/// Swiping a list row to reveal its actions, as iOS does: a drag across a row whose list has a
/// swipe actions provider (or whose list cell has swipe actions configurations) moves the row's
/// content with the finger and shows the actions' buttons in the space it leaves (trailing
/// actions for a drag to the left, leading ones to the right). Let go past half the buttons' width (or with a flick) and the row stays open at their
/// width; short of it, it closes. A drag past half the row performs the first action when the
/// configuration `performsFirstActionWithFullSwipe`. Tapping a button calls its handler; its
/// completion closes the row.
///
/// The swipe's offset and physics are a hidden scroll view's (as an orthogonal section's are):
/// its pan recognizer is the collection view's and begins only for a drag across a swipeable row,
/// and its deceleration is aimed at the row's open or closed position.
@MainActor
final class SwipeActionsController: HiddenScroller {
    /// The row being swiped, and its actions on each side.
    private(set) var row: IndexPath?
    private var trailing: UISwipeActionsConfiguration?
    private var leading: UISwipeActionsConfiguration?
    private var trailingWidth: CGFloat = 0
    private var leadingWidth: CGFloat = 0
    private lazy var snapping = Snapping(self)

    override init(frame: CGRect) {
        super.init(frame: frame)
        alwaysBounceHorizontal = true
        bounces = false
        decelerationRate = .fast
        delegate = snapping
    }

    required init?(coder: NSCoder) { nil }

    /// The width of a configuration's buttons (each at least 74 pt, its title and 15 pt a side).
    static func width(of configuration: UISwipeActionsConfiguration?) -> CGFloat {
        configuration?.actions.reduce(0) { $0 + SwipeActionsView.buttonWidth($1) } ?? 0
    }

    /// The row a pan that starts at `start` and has moved by `translation` swipes, with its
    /// actions: a drag across the layout on a row whose list gives actions for that side (or on
    /// the open row, to close it).
    func swipe(at start: CGPoint, translation: CGPoint)
        -> (row: IndexPath, trailing: UISwipeActionsConfiguration?, leading: UISwipeActionsConfiguration?)? {
        guard abs(translation.x) > abs(translation.y), let owner, let indexPath = owner.indexPathForItem(at: start),
              let list = owner.listConfiguration(ofSection: indexPath.section) else { return nil }
        if row == indexPath, offset != 0 { return (indexPath, trailing, leading) }
        let shown = owner.cellForItem(at: indexPath) as? UICollectionViewListCell
        let trailing = list.trailingSwipeActionsConfigurationProvider?(indexPath) ?? shown?.trailingSwipeActionsConfiguration
        let leading = list.leadingSwipeActionsConfigurationProvider?(indexPath) ?? shown?.leadingSwipeActionsConfiguration
        guard let side = translation.x < 0 ? trailing : leading, !side.actions.isEmpty else { return nil }
        return (indexPath, trailing, leading)
    }

    /// Whether this pan begins: it swipes a row (which it takes).
    func begins(at start: CGPoint, translation: CGPoint) -> Bool {
        guard let swipe = swipe(at: start, translation: translation) else { return false }
        if row != swipe.row { take(swipe.row, trailing: swipe.trailing, leading: swipe.leading) }
        return true
    }

    /// Makes `indexPath` the swiped row (closing any other at once).
    private func take(_ indexPath: IndexPath, trailing: UISwipeActionsConfiguration?, leading: UISwipeActionsConfiguration?) {
        close(animated: false)
        row = indexPath
        (self.trailing, self.leading) = (trailing, leading)
        trailingWidth = Self.width(of: trailing)
        leadingWidth = Self.width(of: leading)
        let cellFrame = owner?.layoutAttributesForItem(at: indexPath)?.frame ?? .zero
        frame = cellFrame
        // Room to drag a whole row's width either way; where it rests is the snapping's choice.
        contentInset = UIEdgeInsets(top: 0, left: leadingWidth > 0 ? cellFrame.width : 0, bottom: 0, right: 0)
        contentSize = CGSize(width: cellFrame.width + (trailingWidth > 0 ? cellFrame.width : 0), height: cellFrame.height)
        contentOffset = .zero
        cell = owner?.cellForItem(at: indexPath) as? UICollectionViewListCell
        cell?.showSwipeActions(trailing: trailing, leading: leading, controller: self)
    }

    /// The swiped row's cell.
    private weak var cell: UICollectionViewListCell?

    /// The swiped row's cell is reused for another item: the swipe is over.
    func forget(_ reused: UICollectionViewListCell) {
        guard reused === cell else { return }
        cell = nil
        row = nil
        contentOffset = .zero
    }

    var offset: CGFloat { contentOffset.x }

    /// Closes the swiped row.
    func close(animated: Bool) {
        guard row != nil else { return }
        if animated, offset != 0 {
            setContentOffset(.zero, animated: true)
        } else {
            contentOffset = .zero
            cell?.swipeShift = 0
        }
    }

    /// Performs `action` (a tapped button); its completion closes the row.
    func perform(_ action: UIContextualAction) {
        guard let cell else { return }
        action.handler(action, cell) { [weak self, weak cell] _ in
            guard let self, let cell, cell === self.cell else { return }
            self.close(animated: true)
        }
    }

    /// Where a release comes to rest: open at the buttons' width, or closed; a full swipe
    /// performs the first action.
    fileprivate func target(after offset: CGFloat, velocity: CGFloat) -> CGFloat {
        let width = bounds.width
        let (configuration, buttons, sign): (UISwipeActionsConfiguration?, CGFloat, CGFloat) =
            offset >= 0 ? (trailing, trailingWidth, 1) : (leading, leadingWidth, -1)
        let reach = abs(offset), speed = velocity * sign
        guard let configuration, buttons > 0 else { return 0 }
        if configuration.performsFirstActionWithFullSwipe, reach > width / 2, let first = configuration.actions.first {
            // The row closes at once; the action may well delete it.
            let swiped = cell
            swiped?.swipeShift = 0
            cell = nil
            row = nil
            if let swiped { first.handler(first, swiped) { _ in } }
            return 0
        }
        let open = speed > 0.3 || (speed > -0.3 && reach > buttons / 2)
        return open ? sign * buttons : 0
    }

    fileprivate func didScroll() {
        cell?.swipeShift = offset
    }

    private final class Snapping: NSObject, UIScrollViewDelegate {
        unowned let controller: SwipeActionsController
        init(_ controller: SwipeActionsController) { self.controller = controller }

        func scrollViewDidScroll(_ scrollView: UIScrollView) { controller.didScroll() }

        func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {
            controller.owner?.scrollViewDidBeginDraggingContent()
        }

        func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                       targetContentOffset: UnsafeMutablePointer<CGPoint>) {
            targetContentOffset.pointee.x = controller.target(after: scrollView.contentOffset.x, velocity: velocity.x)
        }
    }
}

/// The buttons a swiped row shows in the space its content leaves: each its action's colour
/// with its title in white (15 pt, semibold), in order from the row's edge inwards for leading
/// actions and from the content outwards for trailing ones, sharing any extra width a long drag
/// opens in proportion.
@MainActor
package final class SwipeActionsView: UIView {
    package let actions: [UIContextualAction]
    let isTrailing: Bool
    private var buttons: [UIView] = []
    weak var controller: SwipeActionsController?
    /// What a tapped button does when no list swipe controller owns the view (a table view's row).
    package var tapped: ((UIContextualAction) -> Void)?

    package init(actions: [UIContextualAction], trailing: Bool) {
        self.actions = actions
        isTrailing = trailing
        super.init(frame: .zero)
        clipsToBounds = true
        for action in actions {
            let button = UIView()
            button.backgroundColor = action.backgroundColor
            let title = UILabel()
            title.text = action.title
            title.font = .systemFont(ofSize: 15, weight: .semibold)
            title.textColor = .white
            title.textAlignment = .center
            button.addSubview(title)
            button.addGestureRecognizer(UITapGestureRecognizer { [weak self] _ in
                guard let self else { return }
                if let tapped = self.tapped { tapped(action) } else { self.controller?.perform(action) }
            })
            addSubview(button)
            buttons.append(button)
        }
    }

    required init?(coder: NSCoder) { nil }

    package static func buttonWidth(_ action: UIContextualAction) -> CGFloat {
        let title = UILabel()
        title.text = action.title
        title.font = .systemFont(ofSize: 15, weight: .semibold)
        return max(74, title.sizeThatFits(.zero).width + 30)
    }

    package override func layoutSubviews() {
        super.layoutSubviews()
        let natural = actions.map(Self.buttonWidth)
        let total = natural.reduce(0, +)
        let scale = total > 0 ? max(1, bounds.width / total) : 1
        var x: CGFloat = 0
        for (button, width) in zip(buttons, natural) {
            button.frame = CGRect(x: x, y: 0, width: width * scale, height: bounds.height)
            button.subviews.first?.frame = button.bounds
            x += width * scale
        }
    }
}

extension UICollectionView {
    /// The list configuration of section `index`, when the layout lays it out as a list.
    func listConfiguration(ofSection index: Int) -> UICollectionLayoutListConfiguration? {
        (collectionViewLayout as? UICollectionViewCompositionalLayout)?.listSection(index)?.configuration
    }

    /// Whether `recognizer`, one of the collection view's pans, may begin as far as swiped rows
    /// are concerned: the swipe pan only across a swipeable row, the collection view's own pan
    /// not there (and, when it begins, an open row closes, as on iOS). Nil: not concerned.
    func swipePanShouldBegin(_ recognizer: UIGestureRecognizer) -> Bool? {
        guard let controller = (collectionViewLayout as? UICollectionViewCompositionalLayout)?.swipeActions,
              let pan = recognizer as? UIPanGestureRecognizer else { return nil }
        let translation = pan.translation(in: self)
        let start = convert(pan.startLocation, from: nil)
        if pan === controller.panGestureRecognizer { return controller.begins(at: start, translation: translation) }
        guard pan === panGestureRecognizer else { return nil }
        if controller.swipe(at: start, translation: translation) != nil { return false }
        controller.close(animated: true)
        return nil
    }
}
