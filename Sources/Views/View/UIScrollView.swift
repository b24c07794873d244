import Vocabulary
import Foundation

/// UIScrollView's deceleration rates.
public struct UIScrollViewDecelerationRate: RawRepresentable, Hashable, Sendable {
    public var rawValue: CGFloat
    public init(rawValue: CGFloat) { self.rawValue = rawValue }
    /// 0.998 per millisecond.
    public static let normal = UIScrollViewDecelerationRate(rawValue: 0.998)
    /// 0.99 per millisecond.
    public static let fast = UIScrollViewDecelerationRate(rawValue: 0.99)
}

/// How the safe area adds to a scroll view's `contentInset` (`adjustedContentInset`).
public enum UIScrollViewContentInsetAdjustmentBehavior: Int, Sendable {
    /// As `scrollableAxes` (UIKit also always adjusts vertically inside a navigation or tab bar
    /// controller; there are none here).
    case automatic
    /// The safe area is added along the axes that scroll: those whose content is larger than
    /// the bounds (insets included), or that always bounce.
    case scrollableAxes
    /// Never: `adjustedContentInset` is `contentInset`.
    case never
    /// Always, along both axes.
    case always
}

/// UIKit's scroll view: a view whose bounds origin is the content offset, so its subviews (the
/// content) move up as it scrolls down. It clips to its bounds and scrolls with its pan
/// recognizer: dragging with the rubber band past the edges, deceleration, the spring back,
/// paging and animated offsets, on its window's simulated clock
/// (`UIScrollView+Scrolling.swift`). Its delegate hears about all of it (`UIScrollViewDelegate`).
///
/// The content may scroll from `-adjustedContentInset.top` (and `.left`) to
/// `contentSize.height + adjustedContentInset.bottom - bounds.height` (and the same across).
/// A change of the adjusted inset while the content rests at its top-left limit keeps it there
/// (the offset follows the new limit), so content set below a header inset starts below it.
/// UIKit does not publish this rule; it is what a list under a bar shows on iOS.
open class UIScrollView: UIView, ClockParticipant {
    public typealias DecelerationRate = UIScrollViewDecelerationRate
    public typealias ContentInsetAdjustmentBehavior = UIScrollViewContentInsetAdjustmentBehavior

    public override init(frame: CGRect) {
        super.init(frame: frame)
        finishInitializing()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        finishInitializing()
    }

    private func finishInitializing() {
        clipsToBounds = true
        addGestureRecognizer(panGestureRecognizer)
        panGestureRecognizer.addTarget { [unowned self] _ in self.handleScrollPan(self.panGestureRecognizer) }
        ownClock.add(self)
    }

    open weak var delegate: UIScrollViewDelegate?

    /// The top-left visible point of the content: the bounds origin.
    open var contentOffset: CGPoint {
        get { bounds.origin }
        set {
            guard newValue.x.isFinite, newValue.y.isFinite else { return }
            bounds.origin = newValue
        }
    }

    open var contentSize: CGSize = .zero

    /// Space around the content, inside the scroll range.
    open var contentInset: UIEdgeInsets = .zero {
        didSet { insetsMayHaveChanged() }
    }

    open var contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior = .automatic {
        didSet { insetsMayHaveChanged() }
    }

    /// `contentInset` plus the safe area along the axes `contentInsetAdjustmentBehavior` names.
    open var adjustedContentInset: UIEdgeInsets {
        let safe = safeAreaInsets
        guard safe != .zero else { return contentInset }
        let (horizontal, vertical): (Bool, Bool)
        switch contentInsetAdjustmentBehavior {
        case .never: return contentInset
        case .always: (horizontal, vertical) = (true, true)
        case .automatic, .scrollableAxes:
            let size = contentSize
            horizontal = alwaysBounceHorizontal || size.width + contentInset.left + contentInset.right > bounds.width
            vertical = alwaysBounceVertical || size.height + contentInset.top + contentInset.bottom > bounds.height
        }
        var adjusted = contentInset
        if horizontal {
            adjusted.left += safe.left
            adjusted.right += safe.right
        }
        if vertical {
            adjusted.top += safe.top
            adjusted.bottom += safe.bottom
        }
        return adjusted
    }

    /// Called when `adjustedContentInset` changes; the default does nothing.
    open func adjustedContentInsetDidChange() {}

    /// The adjusted inset last seen, so that a change is noticed (on a layout pass, or when the
    /// inset or its behaviour is set).
    private var knownAdjustedInset: UIEdgeInsets = .zero

    func insetsMayHaveChanged() {
        let adjusted = adjustedContentInset
        guard adjusted != knownAdjustedInset else { return }
        let old = knownAdjustedInset
        knownAdjustedInset = adjusted
        setNeedsLayout()
        adjustedContentInsetDidChange()
        delegate?.scrollViewDidChangeAdjustedContentInset(self)
        if scrollAnimation == nil, !isDragging {
            var offset = contentOffset
            if offset.y == -old.top { offset.y = -adjusted.top }
            if offset.x == -old.left { offset.x = -adjusted.left }
            contentOffset = offset
        }
    }

    open override func layoutSubviews() {
        insetsMayHaveChanged()
        super.layoutSubviews()
    }

    /// false disables `panGestureRecognizer`, as in UIKit: the content does not scroll, and the
    /// pan no longer competes for the touch with other recognizers (a layout's own drag).
    open var isScrollEnabled = true {
        didSet { panGestureRecognizer.isEnabled = isScrollEnabled }
    }
    open var isPagingEnabled = false
    open var bounces = true
    open var alwaysBounceVertical = false
    open var alwaysBounceHorizontal = false
    open var decelerationRate: DecelerationRate = .normal

    /// The critically damped spring of bounces and paging, in radians per second (UIKit's is not
    /// public; 2π·2 Hz settles in about half a second, as a bounce looks).
    open var springBackOmega: CGFloat = 4 * .pi

    /// Scroll indicators are not drawn: a recording shows content, and the indicators' fade is
    /// UIKit's private timing. Setting these is kept and has no visible effect.
    open var showsVerticalScrollIndicator = true
    open var showsHorizontalScrollIndicator = true
    open var verticalScrollIndicatorInsets: UIEdgeInsets = .zero
    open var horizontalScrollIndicatorInsets: UIEdgeInsets = .zero

    /// Both indicator insets; reading it gives the vertical one.
    @available(*, deprecated, message: "use verticalScrollIndicatorInsets and horizontalScrollIndicatorInsets")
    open var scrollIndicatorInsets: UIEdgeInsets {
        get { verticalScrollIndicatorInsets }
        set {
            verticalScrollIndicatorInsets = newValue
            horizontalScrollIndicatorInsets = newValue
        }
    }

    /// A tap on the status bar scrolls to the top in UIKit. There is no status bar to tap here;
    /// `scrollToTop(animated:)` is what the tap would do, for code that wants it.
    open var scrollsToTop = true

    /// What a tap on the status bar does when `scrollsToTop` is on and the delegate agrees
    /// (`scrollViewShouldScrollToTop`): an animated scroll to the top limit, after which the
    /// delegate hears `scrollViewDidScrollToTop`.
    open func scrollToTop(animated: Bool = true) {
        guard scrollsToTop, delegate?.scrollViewShouldScrollToTop(self) ?? true else { return }
        let top = CGPoint(x: contentOffset.x, y: minimumContentOffset.y)
        setContentOffset(top, animated: animated)
        if animated, scrollAnimation != nil {
            scrollsToTopPending = true
        } else {
            delegate?.scrollViewDidScrollToTop(self)
        }
    }

    /// Whether the content hears a finger going down only once it is clear the finger is not
    /// scrolling: for `contentTouchDelay`, or until the finger lifts, whichever comes first (a
    /// collection view's cell highlights then). UIKit publishes no delay; 0.15 s is the commonly
    /// measured one.
    open var delaysContentTouches = true

    /// How long `delaysContentTouches` holds a touch back from the content.
    public static let contentTouchDelay: TimeInterval = 0.15

    /// Whether a drag that begins may take a touch the content is already tracking (the cell
    /// highlighted under the finger): when false, or when `touchesShouldCancel(in:)` says no for
    /// the tracking view, the content keeps the touch and the scroll view does not scroll.
    open var canCancelContentTouches = true

    /// Whether a drag may take the touch from `view`, a content view tracking it; the default
    /// agrees (UIKit refuses for a `UIControl`, and there are none here).
    open func touchesShouldCancel(in view: UIView) -> Bool { true }

    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        guard gestureRecognizer === panGestureRecognizer,
              let tracking = (self as? UIScrollViewScrollingCustomization)?.contentTouchView else { return true }
        return canCancelContentTouches && touchesShouldCancel(in: tracking)
    }

    /// The recognizer that scrolls the content.
    public let panGestureRecognizer = UIPanGestureRecognizer()

    /// Whether the finger is scrolling the content.
    public package(set) var isDragging = false

    /// Whether a finger is on the content (from the pan's recognition until it lifts).
    public var isTracking: Bool { isDragging }

    /// Whether the content is moving on its own (deceleration, bounce, paging, animated scroll).
    public var isDecelerating: Bool { scrollAnimation != nil }

    open override var bounds: CGRect {
        get { super.bounds }
        set {
            let old = super.bounds
            guard newValue != old else { return }
            boundsWillChange(from: old, to: newValue)
            super.bounds = newValue
            boundsDidChange(from: old)
            if old.origin != newValue.origin { edgeFollower?.scrollViewDidScroll(self) }
        }
    }

    /// A view that follows the content's edge (a refresh control, in Tables): it hears every
    /// scroll and the end of every drag, before the content is released.
    package var edgeFollower: (any UIScrollViewEdgeFollowing)?

    /// For subclasses: the bounds (the content offset or the size) are about to change.
    open func boundsWillChange(from old: CGRect, to new: CGRect) {}

    /// For subclasses: the bounds changed. The default tells the delegate the content scrolled.
    open func boundsDidChange(from old: CGRect) {
        if old.origin != bounds.origin { delegate?.scrollViewDidScroll(self) }
    }

    // MARK: Time

    /// The clock the scroll view moves on: its window's, or its own when it has no window.
    public var clock: SimulatedClock { window?.clock ?? hostClock ?? ownClock }
    /// The clock to move on outside a window instead of its own, when another view keeps the
    /// scroll view's time (an orthogonal section's scroller keeps its collection view's).
    package weak var hostClock: SimulatedClock? {
        didSet {
            guard window == nil else { return }
            (oldValue ?? ownClock).remove(self)
            (hostClock ?? ownClock).add(self)
        }
    }
    /// Time for a scroll view without a window.
    package let ownClock = SimulatedClock()

    /// The simulated time, in seconds.
    public var currentTime: TimeInterval { clock.currentTime }

    open override func didMoveToWindow() {
        super.didMoveToWindow()
        // Time is the window's while in one.
        if let window {
            ownClock.remove(self)
            hostClock?.remove(self)
            window.clock.add(self)
        } else {
            (hostClock ?? ownClock).add(self)
        }
    }

    /// ClockParticipant: continuous motion up to `time`. The default does nothing.
    open func step(to time: TimeInterval) {}

    /// ClockParticipant: on each 120 Hz display tick the content moves along its animation.
    open func displayTick(at time: TimeInterval) {
        updateScrollAnimation()
    }

    // Scrolling state (UIScrollView+Scrolling.swift).
    var scrollAnimation: ScrollAnimation?
    var panStartOffset: CGPoint = .zero
    var panStartTranslation: CGPoint = .zero
    var scrollsToTopPending = false
}

/// A view attached to a scroll view's edge that follows its scrolling (UIRefreshControl).
@MainActor
package protocol UIScrollViewEdgeFollowing: AnyObject {
    /// The content offset changed.
    func scrollViewDidScroll(_ scrollView: UIScrollView)
    /// The finger lifts: called before the content is released, so an inset changed here
    /// decides where it comes to rest.
    func scrollViewWillEndDragging(_ scrollView: UIScrollView)
}

/// What a subclass in this package adds to scrolling: the collection view asks its layout where
/// a deceleration should end, and stops tracking its cells when a drag begins.
package protocol UIScrollViewScrollingCustomization: UIScrollView {
    /// Where a deceleration that would naturally end at `proposed` ends instead; `velocity` in
    /// points per millisecond.
    func targetContentOffset(forProposedContentOffset proposed: CGPoint, withScrollingVelocity velocity: CGPoint) -> CGPoint
    /// The finger began scrolling the content.
    func scrollViewDidBeginDraggingContent()
    /// The content view tracking the finger now, if any (a highlighted cell).
    var contentTouchView: UIView? { get }
}
