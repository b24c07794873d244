import Dynamics
import Foundation

extension UICollectionView {
    /// The largest content offset: content size less bounds size, never negative.
    public var maximumContentOffset: CGPoint {
        let size = contentSize
        return CGPoint(x: max(0, size.width - bounds.width), y: max(0, size.height - bounds.height))
    }

    /// Sets the content offset, animated (Core Animation's ease-in-out over 0.3 s) or at once.
    /// Either way a deceleration in progress stops.
    public func setContentOffset(_ offset: CGPoint, animated: Bool) {
        scrollAnimation = nil
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

    /// `offset` limited to the content.
    public func clampedContentOffset(_ offset: CGPoint) -> CGPoint {
        let maximum = maximumContentOffset
        return CGPoint(x: min(max(offset.x, 0), maximum.x), y: min(max(offset.y, 0), maximum.y))
    }

    var scrollsHorizontally: Bool { contentSize.width > bounds.width || alwaysBounceHorizontal }
    var scrollsVertically: Bool { contentSize.height > bounds.height || alwaysBounceVertical }

    // MARK: Panning

    func handleScrollPan(_ pan: UIPanGestureRecognizer) {
        switch pan.state {
        case .began:
            guard isScrollEnabled else { return }
            scrollAnimation = nil
            isDragging = true
            delegate?.scrollViewWillBeginDragging(self)
            cancelTouchTracking()
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
        let maximum = maximumContentOffset
        func band(_ value: CGFloat, _ upper: CGFloat, _ dimension: CGFloat) -> CGFloat {
            if value < 0 { return bounces ? ScrollPhysics.rubberBand(value, dimension: dimension) : 0 }
            if value > upper { return bounces ? upper + ScrollPhysics.rubberBand(value - upper, dimension: dimension) : upper }
            return value
        }
        return CGPoint(x: band(finger.x, maximum.x, bounds.width), y: band(finger.y, maximum.y, bounds.height))
    }

    /// The finger offset that shows `offset`: the inverse of `bandedOffset`.
    func unbandedOffset(_ offset: CGPoint) -> CGPoint {
        let maximum = maximumContentOffset
        func unband(_ value: CGFloat, _ upper: CGFloat, _ dimension: CGFloat) -> CGFloat {
            if value < 0 { return ScrollPhysics.inverseRubberBand(value, dimension: dimension) }
            if value > upper { return upper + ScrollPhysics.inverseRubberBand(value - upper, dimension: dimension) }
            return value
        }
        return CGPoint(x: unband(offset.x, maximum.x, bounds.width), y: unband(offset.y, maximum.y, bounds.height))
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
        collectionViewLayout.prepareIfNeeded()
        let proposed = collectionViewLayout.targetContentOffset(
            forProposedContentOffset: natural,
            withScrollingVelocity: CGPoint(x: velocity.x / 1000, y: velocity.y / 1000))
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
    /// most one page on), otherwise the nearest.
    private func pageTarget(from offset: CGPoint, velocity: CGPoint) -> CGPoint {
        func page(_ value: CGFloat, _ v: CGFloat, _ size: CGFloat) -> CGFloat {
            guard size > 0 else { return value }
            let position = value / size
            if v > 300 { return position.rounded(.up) * size }
            if v < -300 { return position.rounded(.down) * size }
            return position.rounded() * size
        }
        return CGPoint(x: page(offset.x, velocity.x, bounds.width), y: page(offset.y, velocity.y, bounds.height))
    }

    /// On each display tick: move the content along the running animation.
    func updateScrollAnimation() {
        guard let animation = scrollAnimation else { return }
        contentOffset = animation.offset(at: currentTime)
        if currentTime >= animation.end - 1e-9 {
            scrollAnimation = nil
            contentOffset = animation.target
            if animation.isProgrammatic {
                delegate?.scrollViewDidEndScrollingAnimation(self)
            } else {
                delegate?.scrollViewDidEndDecelerating(self)
            }
        }
    }
}
