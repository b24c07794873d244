import Vocabulary
import Views
import Foundation

/// Pull to refresh (iOS 6; a scroll view's `refreshControl` since iOS 10):
///
///     table.refreshControl = UIRefreshControl()
///     table.refreshControl?.addTarget(self, action: ViewController.reload, for: .valueChanged)
///     // later, when the data is in:
///     table.refreshControl?.endRefreshing()
///
/// Pulling the content down past its top reveals a spinner whose ticks appear one by one with
/// the pull. When the pull reaches `triggerDistance` (110 pt) while the finger is still down,
/// the control begins refreshing and sends `valueChanged` once, as UIKit does (before the
/// finger lifts); the scroll view's top inset grows by `refreshingHeight` (60 pt, the control's
/// height in UIKit), so when the finger lifts the content springs back to rest below the
/// spinner and stays there. `endRefreshing()` removes the inset and the content springs back
/// to its top with the scroll view's bounce spring. UIKit publishes no trigger distance: 110 pt
/// is chosen as a little under twice the control's height, which is where a device's spinner
/// completes; the spinner is drawn still (its eight ticks in graded greys), not spinning.
/// `beginRefreshing()` from code neither scrolls nor sends `valueChanged`, as in UIKit.
open class UIRefreshControl: UIControl, UIScrollViewEdgeFollowing {
    /// How far the content must be pulled below its top to begin refreshing (points).
    nonisolated public static let triggerDistance: CGFloat = 110
    /// The space the spinner keeps above the content while refreshing (points).
    nonisolated public static let refreshingHeight: CGFloat = 60

    public override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = nil
        isOpaque = false
        isUserInteractionEnabled = false
    }

    public convenience init() { self.init(frame: .zero) }

    public required init?(coder: NSCoder) { super.init(coder: coder) }

    public private(set) var isRefreshing = false
    /// Shown under the spinner in UIKit; kept, not drawn here.
    open var attributedTitle: NSAttributedString?

    /// Whether this pull may still begin refreshing (once per pull: the content must come back
    /// to its top before another pull counts).
    private var armed = true
    /// The inset this control added to its scroll view.
    private var addedInset: CGFloat = 0
    /// How much of the spinner shows (0…1), from the pull.
    private var revealed: CGFloat = 0 { didSet { if revealed != oldValue { setNeedsDisplay() } } }

    private var scrollView: UIScrollView? { superview as? UIScrollView }

    /// Begins refreshing without a pull: the spinner shows fully, the inset grows; no event.
    open func beginRefreshing() {
        guard !isRefreshing, let scrollView else {
            isRefreshing = true
            return
        }
        isRefreshing = true
        setInset(Self.refreshingHeight, in: scrollView)
        revealed = 1
        placeSelf(in: scrollView)
    }

    /// Ends refreshing: the inset goes and the content springs back to its top.
    open func endRefreshing() {
        guard isRefreshing else { return }
        isRefreshing = false
        guard let scrollView else { return }
        setInset(0, in: scrollView)
        scrollView.springBackIntoRange()
        placeSelf(in: scrollView)
    }

    /// Changes the inset this control adds, keeping the content where it is (the scroll view
    /// would otherwise move content resting at its top along with the inset).
    private func setInset(_ inset: CGFloat, in scrollView: UIScrollView) {
        let offset = scrollView.contentOffset
        var contentInset = scrollView.contentInset
        contentInset.top += inset - addedInset
        addedInset = inset
        scrollView.contentInset = contentInset
        if !scrollView.isDragging { scrollView.contentOffset = offset }
    }

    /// How far the content is pulled below where it rests without this control's inset.
    private func pull(in scrollView: UIScrollView) -> CGFloat {
        -(scrollView.contentOffset.y + scrollView.adjustedContentInset.top - addedInset)
    }

    // MARK: UIScrollViewEdgeFollowing

    package func scrollViewDidScroll(_ scrollView: UIScrollView) {
        let pulled = pull(in: scrollView)
        if pulled <= 0 { armed = true }
        if scrollView.isDragging, armed, !isRefreshing, pulled >= Self.triggerDistance {
            armed = false
            isRefreshing = true
            setInset(Self.refreshingHeight, in: scrollView)
            sendActions(for: .valueChanged)
        }
        revealed = isRefreshing ? 1 : min(1, max(0, pulled / Self.triggerDistance))
        placeSelf(in: scrollView)
    }

    package func scrollViewWillEndDragging(_ scrollView: UIScrollView) {}

    /// The control fills the gap between the visible top and the content's top (at least its
    /// refreshing height), the spinner in its middle.
    func placeSelf(in scrollView: UIScrollView) {
        let gap = max(0, pull(in: scrollView))
        let height = max(Self.refreshingHeight, gap)
        frame = CGRect(x: 0, y: -height, width: scrollView.bounds.width, height: height)
        isHidden = gap <= 0 && !isRefreshing
    }

    open override func didMoveToSuperview() {
        super.didMoveToSuperview()
        if let scrollView { placeSelf(in: scrollView) }
    }

    /// Eight ticks 3 pt wide, from 6 to 14 pt off the centre, in graded secondary greys (the
    /// medium activity indicator of iOS 13 and later), revealed one by one with the pull.
    open override func draw(_ rect: CGRect) {
        let ticks = Int((revealed * 8).rounded(.down))
        guard ticks > 0 else { return }
        let center = CGPoint(x: bounds.midX, y: bounds.maxY - Self.refreshingHeight / 2)
        let color = tintColor ?? .secondaryLabel
        for tick in 0..<ticks {
            let angle = -CGFloat.pi / 2 + CGFloat(tick) * .pi / 4
            let path = UIBezierPath()
            path.move(to: CGPoint(x: center.x + 6 * cos(angle), y: center.y + 6 * sin(angle)))
            path.addLine(to: CGPoint(x: center.x + 14 * cos(angle), y: center.y + 14 * sin(angle)))
            path.lineWidth = 3
            path.lineCapStyle = .round
            color.withAlphaComponent(1 - CGFloat(tick) * 0.1).setStroke()
            path.stroke()
        }
    }
}

extension UIScrollView {
    /// The pull-to-refresh control above the content (iOS 10); setting one makes the content
    /// always bounce vertically, so it can be pulled.
    public var refreshControl: UIRefreshControl? {
        get { edgeFollower as? UIRefreshControl }
        set {
            (edgeFollower as? UIRefreshControl)?.removeFromSuperview()
            edgeFollower = newValue
            guard let control = newValue else { return }
            alwaysBounceVertical = true
            insertSubview(control, at: 0)
            control.placeSelf(in: self)
        }
    }
}
