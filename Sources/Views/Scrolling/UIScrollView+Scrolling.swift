import Vocabulary
import Foundation

extension UIScrollView {
    /// The smallest content offset: the adjusted inset's top and left, negated.
    public var minimumContentOffset: CGPoint {
        let inset = adjustedContentInset
        return CGPoint(x: -inset.left, y: -inset.top)
    }

    /// The largest content offset: the content and its adjusted inset less the bounds size,
    /// never below `minimumContentOffset`.
    public var maximumContentOffset: CGPoint {
        let size = contentSize
        let inset = adjustedContentInset
        return CGPoint(x: max(-inset.left, size.width + inset.right - bounds.width),
                       y: max(-inset.top, size.height + inset.bottom - bounds.height))
    }

    /// Sets the content offset, animated (Core Animation's ease-in-out over 0.3 s) or at once.
    /// Either way a deceleration in progress stops.
    public func setContentOffset(_ offset: CGPoint, animated: Bool) {
        scrollAnimation = nil
        scrollsToTopPending = false
        guard animated, offset != contentOffset else {
            contentOffset = offset
            return
        }
        scrollAnimation = ScrollAnimation(origin: contentOffset, target: offset, start: currentTime,
                                          curve: .easeInOut(duration: Self.animatedScrollDuration))
    }

    /// How long `setContentOffset(_:animated: true)` takes.
    public static let animatedScrollDuration: TimeInterval = 0.3

    /// Scrolls the least that makes `rect` (content coordinates) visible, within the content.
    public func scrollRectToVisible(_ rect: CGRect, animated: Bool) {
        var offset = contentOffset
        let size = bounds.size
        if rect.maxX > offset.x + size.width { offset.x = rect.maxX - size.width }
        if rect.minX < offset.x { offset.x = rect.minX }
        if rect.maxY > offset.y + size.height { offset.y = rect.maxY - size.height }
        if rect.minY < offset.y { offset.y = rect.minY }
        setContentOffset(clampedContentOffset(offset), animated: animated)
    }

    /// Springs the content back into the scroll range (as after a drag past an edge) when it
    /// rests outside it and no finger holds it: what a refresh control does when refreshing
    /// ends and its inset goes away.
    package func springBackIntoRange() {
        guard !isDragging else { return }
        let offset = contentOffset
        let clamped = clampedContentOffset(offset)
        guard clamped != offset else { return }
        scrollAnimation = .spring(from: offset, to: clamped, velocity: .zero, omega: springBackOmega, start: currentTime)
    }

    /// `offset` limited to the scroll range.
    public func clampedContentOffset(_ offset: CGPoint) -> CGPoint {
        let minimum = minimumContentOffset
        let maximum = maximumContentOffset
        return CGPoint(x: min(max(offset.x, minimum.x), maximum.x), y: min(max(offset.y, minimum.y), maximum.y))
    }

    package var scrollsHorizontally: Bool { maximumContentOffset.x > minimumContentOffset.x || alwaysBounceHorizontal }
    package var scrollsVertically: Bool { maximumContentOffset.y > minimumContentOffset.y || alwaysBounceVertical }

    // MARK: Panning

    func handleScrollPan(_ pan: UIPanGestureRecognizer) {
        switch pan.state {
        case .began:
            guard isScrollEnabled else { return }
            scrollAnimation = nil
            isDragging = true
            delegate?.scrollViewWillBeginDragging(self)
            if delegate?.viewForZooming(in: self) != nil {
                UIKitCompatibility.notHonoured("UIScrollViewDelegate.viewForZooming(in:)",
                                               "zooming needs a pinch and touch scripts have one finger; the scroll view only scrolls")
            }
            (self as? UIScrollViewScrollingCustomization)?.scrollViewDidBeginDraggingContent()
            // Start from where the finger would be if the content were not rubber-banded, and from
            // the translation so far, so the content does not jump by the pan's hysteresis.
            panStartOffset = unbandedOffset(contentOffset)
            panStartTranslation = pan.translation(in: self)
        case .changed:
            guard isDragging else { return }
            let translation = pan.translation(in: self)
            var finger = panStartOffset
            if scrollsHorizontally { finger.x -= translation.x - panStartTranslation.x }
            if scrollsVertically { finger.y -= translation.y - panStartTranslation.y }
            contentOffset = bandedOffset(finger)
        case .ended, .cancelled:
            guard isDragging else { return }
            edgeFollower?.scrollViewWillEndDragging(self)
            isDragging = false
            let fingerVelocity = pan.velocity(in: self)
            let velocity = CGPoint(x: scrollsHorizontally ? -fingerVelocity.x : 0,
                                   y: scrollsVertically ? -fingerVelocity.y : 0)
            release(with: velocity)
            let decelerates = scrollAnimation != nil
            delegate?.scrollViewDidEndDragging(self, willDecelerate: decelerates)
            if decelerates { delegate?.scrollViewWillBeginDecelerating(self) }
        default:
            break
        }
    }

    /// The shown offset for a finger offset: past an edge, the rubber band (or the edge itself
    /// when `bounces` is off).
    func bandedOffset(_ finger: CGPoint) -> CGPoint {
        let minimum = minimumContentOffset
        let maximum = maximumContentOffset
        func band(_ value: CGFloat, _ lower: CGFloat, _ upper: CGFloat, _ dimension: CGFloat) -> CGFloat {
            if value < lower { return bounces ? lower + ScrollPhysics.rubberBand(value - lower, dimension: dimension) : lower }
            if value > upper { return bounces ? upper + ScrollPhysics.rubberBand(value - upper, dimension: dimension) : upper }
            return value
        }
        return CGPoint(x: band(finger.x, minimum.x, maximum.x, bounds.width),
                       y: band(finger.y, minimum.y, maximum.y, bounds.height))
    }

    /// The finger offset that shows `offset`: the inverse of `bandedOffset`.
    func unbandedOffset(_ offset: CGPoint) -> CGPoint {
        let minimum = minimumContentOffset
        let maximum = maximumContentOffset
        func unband(_ value: CGFloat, _ lower: CGFloat, _ upper: CGFloat, _ dimension: CGFloat) -> CGFloat {
            if value < lower { return lower + ScrollPhysics.inverseRubberBand(value - lower, dimension: dimension) }
            if value > upper { return upper + ScrollPhysics.inverseRubberBand(value - upper, dimension: dimension) }
            return value
        }
        return CGPoint(x: unband(offset.x, minimum.x, maximum.x, bounds.width),
                       y: unband(offset.y, minimum.y, maximum.y, bounds.height))
    }

    /// What the content does when the finger lifts with the content moving at `velocity` points
    /// per second: spring back from the band, page, or decelerate to where the layout wants to
    /// stop (clamped to the content).
    func release(with velocity: CGPoint) {
        let offset = contentOffset
        let clamped = clampedContentOffset(offset)
        if clamped != offset {
            let target = targetAfterDragging(clamped, velocity: velocity)
            scrollAnimation = .spring(from: offset, to: target, velocity: velocity, omega: springBackOmega, start: currentTime)
            return
        }
        if isPagingEnabled {
            let target = targetAfterDragging(clampedContentOffset(pageTarget(from: offset, velocity: velocity)), velocity: velocity)
            scrollAnimation = .spring(from: offset, to: target, velocity: velocity, omega: springBackOmega, start: currentTime)
            return
        }
        let rate = decelerationRate.rawValue
        let natural = CGPoint(x: offset.x + ScrollPhysics.decelerationDistance(velocity: velocity.x, rate: rate),
                              y: offset.y + ScrollPhysics.decelerationDistance(velocity: velocity.y, rate: rate))
        let proposed = (self as? UIScrollViewScrollingCustomization)?.targetContentOffset(
            forProposedContentOffset: natural,
            withScrollingVelocity: CGPoint(x: velocity.x / 1000, y: velocity.y / 1000)) ?? natural
        let target = targetAfterDragging(clampedContentOffset(proposed), velocity: velocity)
        // The velocity that makes the same deceleration curve come to rest exactly on the target.
        let k = -1000 * log(rate)
        let adjusted = CGPoint(x: (target.x - offset.x) * k, y: (target.y - offset.y) * k)
        let duration = max(ScrollPhysics.decelerationDuration(velocity: adjusted.x, rate: rate),
                           ScrollPhysics.decelerationDuration(velocity: adjusted.y, rate: rate))
        guard duration > 0 else {
            contentOffset = target
            return
        }
        scrollAnimation = ScrollAnimation(origin: offset, target: target, start: currentTime,
                                          curve: .decelerate(velocity: adjusted, rate: rate, duration: duration))
    }

    /// Where the content comes to rest once the delegate has seen, and may have changed, `target`
    /// (`scrollViewWillEndDragging`; velocity in points per millisecond, as UIKit gives it).
    private func targetAfterDragging(_ target: CGPoint, velocity: CGPoint) -> CGPoint {
        guard let delegate else { return target }
        var target = target
        delegate.scrollViewWillEndDragging(self, withVelocity: CGPoint(x: velocity.x / 1000, y: velocity.y / 1000),
                                           targetContentOffset: &target)
        return target
    }

    /// The page to settle on: the next one in the direction of a flick faster than 300 pt/s (at
    /// most one page on), otherwise the nearest. Pages are the bounds' size apart, from the
    /// minimum offset.
    private func pageTarget(from offset: CGPoint, velocity: CGPoint) -> CGPoint {
        let minimum = minimumContentOffset
        func page(_ value: CGFloat, _ v: CGFloat, _ size: CGFloat, _ origin: CGFloat) -> CGFloat {
            guard size > 0 else { return value }
            let position = (value - origin) / size
            let rule: FloatingPointRoundingRule = v > 300 ? .up : v < -300 ? .down : .toNearestOrAwayFromZero
            return origin + position.rounded(rule) * size
        }
        return CGPoint(x: page(offset.x, velocity.x, bounds.width, minimum.x),
                       y: page(offset.y, velocity.y, bounds.height, minimum.y))
    }

    /// On each display tick: move the content along the running animation.
    func updateScrollAnimation() {
        guard let animation = scrollAnimation else { return }
        contentOffset = animation.offset(at: currentTime)
        if currentTime >= animation.end - 1e-9 {
            scrollAnimation = nil
            contentOffset = animation.target
            if scrollsToTopPending {
                scrollsToTopPending = false
                delegate?.scrollViewDidScrollToTop(self)
            } else if animation.isProgrammatic {
                delegate?.scrollViewDidEndScrollingAnimation(self)
            } else {
                delegate?.scrollViewDidEndDecelerating(self)
            }
        }
    }
}
