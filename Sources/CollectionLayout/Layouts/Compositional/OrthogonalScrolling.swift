import Vocabulary
import Foundation

/// An orthogonal section's scrolling: a scroll view the size of the section's band, never
/// shown, whose content offset moves the section's items across the layout. Its pan recognizer
/// is attached to the collection view and begins only for drags across the layout that start in
/// the band (the collection view's own pan then stays still), so the section scrolls with the
/// same physics as any scroll view: rubber band, deceleration, paging.
/// A scroll view that is never shown, whose offset and physics drive something the layout
/// shows (an orthogonal section, a swiped row), for the collection view that owns it.
@MainActor
class HiddenScroller: UIScrollView {
    weak var owner: UICollectionView?

    override init(frame: CGRect) {
        super.init(frame: frame)
        isHidden = true
        isUserInteractionEnabled = false
    }

    required init?(coder: NSCoder) { nil }
}

@MainActor
final class OrthogonalSectionScroller: HiddenScroller {
    /// The section's band in the collection view's content: where its drags start.
    var band: CGRect = .zero
    var behavior: UICollectionLayoutSectionOrthogonalScrollingBehavior = .continuous
    /// Along the band: where groups start (from the section's leading edge), how long they are,
    /// and the section's leading inset.
    var groupStarts: [CGFloat] = []
    var leadingInset: CGFloat = 0
    var groupLength: CGFloat = 0
    /// Whether the layout scrolls vertically (so sections scroll horizontally).
    var vertical = true
    private var dragStartOffset: CGFloat = 0
    private lazy var snapping = Snapping(self)

    override init(frame: CGRect) {
        super.init(frame: frame)
        delegate = snapping
    }

    required init?(coder: NSCoder) { nil }

    /// The scroll offset across the layout.
    var offset: CGFloat { vertical ? contentOffset.x : contentOffset.y }

    /// Whether a pan of the collection view's that starts at `start` and has moved by
    /// `translation` is this section's to scroll.
    func owns(start: CGPoint, translation: CGPoint) -> Bool {
        let across = vertical ? abs(translation.x) > abs(translation.y) : abs(translation.y) > abs(translation.x)
        return across && band.contains(start)
    }

    /// Where a release should come to rest, for the behaviours that snap to groups.
    fileprivate func snappedTarget(_ proposed: CGFloat, velocity: CGFloat) -> CGFloat {
        let visible = vertical ? bounds.width : bounds.height
        let limit = vertical ? maximumContentOffset.x : maximumContentOffset.y
        func clamp(_ value: CGFloat) -> CGFloat { min(max(0, value), limit) }
        let anchors: [CGFloat]
        switch behavior {
        case .continuousGroupLeadingBoundary, .groupPaging:
            // A group's leading edge where the section's content starts (at its leading inset).
            anchors = groupStarts.map { clamp($0 - leadingInset) }
        case .groupPagingCentered:
            anchors = groupStarts.map { clamp($0 + groupLength / 2 - visible / 2) }
        default:
            return proposed
        }
        guard !anchors.isEmpty else { return proposed }
        func nearest(to value: CGFloat) -> Int {
            anchors.indices.min { abs(anchors[$0] - value) < abs(anchors[$1] - value) }!
        }
        if behavior == .continuousGroupLeadingBoundary { return anchors[nearest(to: proposed)] }
        // One group at a time: the next in the flick's direction, else the nearest.
        let current = nearest(to: dragStartOffset)
        let index: Int
        if velocity > 0.3 {
            index = min(anchors.count - 1, current + 1)
        } else if velocity < -0.3 {
            index = max(0, current - 1)
        } else {
            index = nearest(to: offset)
        }
        return anchors[index]
    }

    /// The scroller's delegate: tells the collection view to show the new offset, and snaps.
    private final class Snapping: NSObject, UIScrollViewDelegate {
        unowned let scroller: OrthogonalSectionScroller
        init(_ scroller: OrthogonalSectionScroller) { self.scroller = scroller }

        func scrollViewDidScroll(_ scrollView: UIScrollView) {
            scroller.owner?.setNeedsLayout()
        }

        func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {
            scroller.dragStartOffset = scroller.offset
            scroller.owner?.scrollViewDidBeginDraggingContent()
        }

        func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                       targetContentOffset: UnsafeMutablePointer<CGPoint>) {
            if scroller.vertical {
                targetContentOffset.pointee.x = scroller.snappedTarget(targetContentOffset.pointee.x, velocity: velocity.x)
            } else {
                targetContentOffset.pointee.y = scroller.snappedTarget(targetContentOffset.pointee.y, velocity: velocity.y)
            }
        }
    }
}

extension UICollectionView {
    /// The layout's orthogonal section scroller whose pan this is, if any.
    func orthogonalScroller(for recognizer: UIGestureRecognizer) -> OrthogonalSectionScroller? {
        (collectionViewLayout as? UICollectionViewCompositionalLayout)?.scrollers.values.first { $0.panGestureRecognizer === recognizer }
    }

    /// Whether `recognizer`, one of the collection view's pans, may begin as far as orthogonal
    /// sections are concerned: a section's pan only for a drag across the layout in its band,
    /// the collection view's own pan not for such a drag.
    func orthogonalPanShouldBegin(_ recognizer: UIGestureRecognizer) -> Bool {
        guard let pan = recognizer as? UIPanGestureRecognizer,
              let layout = collectionViewLayout as? UICollectionViewCompositionalLayout, !layout.scrollers.isEmpty else { return true }
        let translation = pan.translation(in: self)
        let start = convert(pan.startLocation, from: nil)
        if let scroller = orthogonalScroller(for: pan) { return scroller.owns(start: start, translation: translation) }
        if pan === panGestureRecognizer { return !layout.scrollers.values.contains { $0.owns(start: start, translation: translation) } }
        return true
    }
}
