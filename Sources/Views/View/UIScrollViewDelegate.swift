import Foundation

/// Hears about a scroll view's scrolling, as in UIKit; every method is optional. A collection
/// view's delegate (`UICollectionViewDelegate` refines this protocol) is told, in this order:
///
/// - a drag: `scrollViewWillBeginDragging` when the pan begins; `scrollViewDidScroll` as the
///   content moves; on release `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`
///   (velocity in points per millisecond; the delegate may change where the content comes to
///   rest), then `scrollViewDidEndDragging(_:willDecelerate:)`, then, when the content goes on
///   moving (a deceleration, a spring back from the edge, paging),
///   `scrollViewWillBeginDecelerating` and, once it rests, `scrollViewDidEndDecelerating`;
/// - `setContentOffset(_:animated: true)` and `scrollToItem(at:at:animated: true)`:
///   `scrollViewDidScroll` as it moves, `scrollViewDidEndScrollingAnimation` at the end;
/// - `scrollToTop(animated:)` (what a tap on the status bar does): `scrollViewShouldScrollToTop`
///   first, then `scrollViewDidScroll` as it moves and `scrollViewDidScrollToTop` at the end;
/// - a change of `adjustedContentInset`: `scrollViewDidChangeAdjustedContentInset`.
///
/// Zooming is declared and never happens: it needs a pinch, and touch scripts have one finger. A
/// delegate whose `viewForZooming(in:)` returns a view is reported once as not honoured (debug
/// builds), the first time a drag begins; the other zoom methods are never called.
@preconcurrency @MainActor
public protocol UIScrollViewDelegate: AnyObject {
    func scrollViewDidScroll(_ scrollView: UIScrollView)
    func scrollViewWillBeginDragging(_ scrollView: UIScrollView)
    func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                   targetContentOffset: UnsafeMutablePointer<CGPoint>)
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool)
    func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView)
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView)
    func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView)
    func scrollViewShouldScrollToTop(_ scrollView: UIScrollView) -> Bool
    func scrollViewDidScrollToTop(_ scrollView: UIScrollView)
    func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView)
    /// The view a pinch would zoom (nil unless implemented). Zooming is not honoured.
    func viewForZooming(in scrollView: UIScrollView) -> UIView?
    /// Never called: zooming is not honoured.
    func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?)
    /// Never called: zooming is not honoured.
    func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat)
    /// Never called: zooming is not honoured.
    func scrollViewDidZoom(_ scrollView: UIScrollView)
}

extension UIScrollViewDelegate {
    public func scrollViewDidScroll(_ scrollView: UIScrollView) {}
    public func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {}
    public func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                          targetContentOffset: UnsafeMutablePointer<CGPoint>) {}
    public func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {}
    public func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) {}
    public func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {}
    public func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {}
    public func scrollViewShouldScrollToTop(_ scrollView: UIScrollView) -> Bool { true }
    public func scrollViewDidScrollToTop(_ scrollView: UIScrollView) {}
    public func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView) {}
    public func viewForZooming(in scrollView: UIScrollView) -> UIView? { nil }
    public func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?) {}
    public func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat) {}
    public func scrollViewDidZoom(_ scrollView: UIScrollView) {}
}
