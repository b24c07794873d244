import Vocabulary
import Foundation
import Views

/// UIKit's page control: a row of dots, one per page, the current one in the strong colour.
///
/// A tap (a touch lifted inside) on the left half of the control moves one page back, on the
/// right half one page forward, and sends `valueChanged`; nothing is sent at the first or last
/// page when the tap would go past it. Setting `currentPage` changes the dots at once and sends
/// nothing. With `hidesForSinglePage`, a control of one page (or none) draws nothing.
///
/// Apple publishes neither metrics nor colours; these are our reading of iOS 17 (the default,
/// minimal background style): dots 8 pt across, 16 pt apart centre to centre, centred in the
/// bounds; 26 pt high; the current dot in the label colour, the others in the tertiary label
/// colour (0x3C3C43 at 30 % in light, 0xEBEBF5 at 30 % in dark).
open class UIPageControl: UIControl {
    /// A dot's diameter and the distance between two dots' centres.
    public static let indicatorDiameter: CGFloat = 8, indicatorPitch: CGFloat = 16
    /// The control's height.
    public static let standardHeight: CGFloat = 26

    open var numberOfPages = 0 {
        didSet {
            numberOfPages = max(0, numberOfPages)
            currentPage = min(currentPage, max(0, numberOfPages - 1))
            rebuildDots()
        }
    }
    /// The page shown; setting it sends nothing.
    open var currentPage = 0 {
        didSet {
            currentPage = min(max(0, currentPage), max(0, numberOfPages - 1))
            setNeedsLayout()
        }
    }
    open var hidesForSinglePage = false { didSet { setNeedsLayout() } }
    /// The other pages' dots (the tertiary label colour when nil).
    open var pageIndicatorTintColor: UIColor? { didSet { setNeedsLayout() } }
    /// The current page's dot (the label colour when nil).
    open var currentPageIndicatorTintColor: UIColor? { didSet { setNeedsLayout() } }
    /// iOS 14's background style; `.prominent`'s capsule is not drawn.
    open var backgroundStyle: BackgroundStyle = .automatic {
        didSet { if backgroundStyle == .prominent { UIKitCompatibility.notHonoured("UIPageControl.backgroundStyle = .prominent", "no capsule is drawn behind the dots") } }
    }
    /// iOS 14: whether a drag along the dots scrubs through the pages. Scrubbing is not done; taps work.
    open var allowsContinuousInteraction = true
    /// iOS 14's custom dot images. Declared; plain dots are drawn.
    open var preferredIndicatorImage: UIImage? {
        didSet { UIKitCompatibility.notHonoured("UIPageControl.preferredIndicatorImage", "plain dots are drawn") }
    }

    public enum BackgroundStyle: Int, Sendable { case automatic, prominent, minimal }

    var dots: [UIView] = []

    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// The size dots for `pageCount` pages need.
    open func size(forNumberOfPages pageCount: Int) -> CGSize {
        CGSize(width: CGFloat(max(0, pageCount)) * Self.indicatorPitch, height: Self.standardHeight)
    }

    open override var intrinsicContentSize: CGSize { size(forNumberOfPages: numberOfPages) }
    open override func sizeThatFits(_ size: CGSize) -> CGSize { self.size(forNumberOfPages: numberOfPages) }

    private func rebuildDots() {
        while dots.count > numberOfPages { dots.removeLast().removeFromSuperview() }
        while dots.count < numberOfPages {
            let dot = UIView(frame: .zero)
            dot.isUserInteractionEnabled = false
            dot.layer.cornerRadius = Self.indicatorDiameter / 2
            addSubview(dot)
            dots.append(dot)
        }
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let hidden = hidesForSinglePage && numberOfPages <= 1
        let start = bounds.midX - CGFloat(numberOfPages) * Self.indicatorPitch / 2 + Self.indicatorPitch / 2
        for (page, dot) in dots.enumerated() {
            dot.isHidden = hidden
            dot.frame = CGRect(x: start + CGFloat(page) * Self.indicatorPitch - Self.indicatorDiameter / 2,
                               y: bounds.midY - Self.indicatorDiameter / 2, width: Self.indicatorDiameter, height: Self.indicatorDiameter)
            dot.backgroundColor = page == currentPage ? (currentPageIndicatorTintColor ?? .label) : (pageIndicatorTintColor ?? .tertiaryLabel)
        }
    }

    open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        if allowsContinuousInteraction {
            UIKitCompatibility.notHonoured("UIPageControl.allowsContinuousInteraction", "a drag along the dots does not scrub; a tap moves one page")
        }
        return true
    }

    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        guard let touch, isTouchInside, !(hidesForSinglePage && numberOfPages <= 1) else { return }
        let forward = touch.location(in: self).x >= bounds.midX
        let page = currentPage + (forward ? 1 : -1)
        guard page >= 0, page < numberOfPages else { return }
        currentPage = page
        layoutIfNeeded()
        sendActions(for: .valueChanged)
    }
}
