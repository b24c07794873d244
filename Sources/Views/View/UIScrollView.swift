import Dynamics
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

/// UIKit's scroll view: a view whose bounds origin is the content offset, so its subviews (the
/// content) move up as it scrolls down. It clips to its bounds and carries the pan recognizer
/// that scrolls it.
///
/// The scrolling itself — panning, deceleration, the rubber band, paging — is
/// `UICollectionView`'s (see its documentation); a plain scroll view keeps the offset it is given.
open class UIScrollView: UIView {
    public typealias DecelerationRate = UIScrollViewDecelerationRate

    public override init(frame: CGRect) {
        super.init(frame: frame)
        clipsToBounds = true
        addGestureRecognizer(panGestureRecognizer)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        clipsToBounds = true
        addGestureRecognizer(panGestureRecognizer)
    }

    /// The top-left visible point of the content: the bounds origin.
    open var contentOffset: CGPoint {
        get { bounds.origin }
        set { bounds.origin = newValue }
    }

    open var contentSize: CGSize = .zero
    open var contentInset: UIEdgeInsets = .zero
    /// false disables `panGestureRecognizer`, as in UIKit: the content does not scroll, and the
    /// pan no longer competes for the touch with other recognizers (a layout's own drag).
    open var isScrollEnabled = true {
        didSet { panGestureRecognizer.isEnabled = isScrollEnabled }
    }
    open var isPagingEnabled = false
    open var bounces = true
    open var alwaysBounceVertical = false
    open var alwaysBounceHorizontal = false
    open var showsVerticalScrollIndicator = true
    open var showsHorizontalScrollIndicator = true
    open var decelerationRate: DecelerationRate = .normal

    /// The recognizer that scrolls the content.
    public let panGestureRecognizer = UIPanGestureRecognizer()

    /// Whether the finger is scrolling the content.
    public package(set) var isDragging = false

    open override var bounds: CGRect {
        get { super.bounds }
        set {
            let old = super.bounds
            guard newValue != old else { return }
            boundsWillChange(from: old, to: newValue)
            super.bounds = newValue
            boundsDidChange(from: old)
        }
    }

    /// For subclasses: the bounds (the content offset or the size) are about to change.
    open func boundsWillChange(from old: CGRect, to new: CGRect) {}

    /// For subclasses: the bounds changed.
    open func boundsDidChange(from old: CGRect) {}
}
