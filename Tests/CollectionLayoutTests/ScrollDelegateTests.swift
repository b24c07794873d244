import Foundation
import Testing
@testable import CollectionLayout

/// A collection view's delegate hears `UIScrollViewDelegate` in UIKit's order, through the
/// methods iOS code writes (typed with `UIScrollView`).
@MainActor @Suite struct ScrollDelegateTests {
    final class Recorder: UICollectionViewDelegate {
        var log: [String] = []
        var scrolls = 0
        /// When set, where a release sends the content instead.
        var redirect: CGPoint?

        func scrollViewDidScroll(_ scrollView: UIScrollView) { scrolls += 1; note("scroll") }
        func scrollViewWillBeginDragging(_ scrollView: UIScrollView) { log.append("willBeginDragging") }
        func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                       targetContentOffset: UnsafeMutablePointer<CGPoint>) {
            log.append(velocity.y > 0 ? "willEndDragging up" : velocity.y < 0 ? "willEndDragging down" : "willEndDragging still")
            if let redirect { targetContentOffset.pointee = redirect }
        }
        func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
            log.append("didEndDragging decelerate=\(decelerate)")
        }
        func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) { log.append("willBeginDecelerating") }
        func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) { log.append("didEndDecelerating") }
        func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) { log.append("didEndScrollingAnimation") }

        /// Consecutive scroll reports count as one line.
        private func note(_ event: String) {
            if log.last != event { log.append(event) }
        }
    }

    private func list(_ delegate: Recorder, paging: Bool = false) -> UICollectionView {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 390, height: 100)
        layout.minimumLineSpacing = 0
        let collectionView = makeCollectionView(layout, Model(items: 200))
        collectionView.delegate = delegate
        collectionView.isPagingEnabled = paging
        return collectionView
    }

    @Test func aFlickDragsThenDeceleratesToRest() {
        let delegate = Recorder()
        let collectionView = list(delegate)
        drag(collectionView, from: CGPoint(x: 200, y: 700), to: CGPoint(x: 200, y: 300), start: 0, duration: 0.2)
        collectionView.advance(to: 5)
        #expect(delegate.log == ["willBeginDragging", "scroll", "willEndDragging up", "didEndDragging decelerate=true",
                                 "willBeginDecelerating", "scroll", "didEndDecelerating"])
        #expect(delegate.scrolls > 20)
    }

    @Test func aSlowDragEndsWithoutDecelerating() {
        let delegate = Recorder()
        let collectionView = list(delegate)
        drag(collectionView, from: CGPoint(x: 200, y: 700), to: CGPoint(x: 200, y: 600), start: 0, duration: 0.5, lift: false)
        collectionView.advance(to: 1)                       // the finger rests before lifting
        collectionView.send(Touch(.ended, at: CGPoint(x: 200, y: 600), time: 1))
        collectionView.advance(to: 2)
        #expect(delegate.log == ["willBeginDragging", "scroll", "willEndDragging still", "didEndDragging decelerate=false"])
    }

    @Test func theDelegateChoosesWhereTheContentComesToRest() {
        let delegate = Recorder()
        delegate.redirect = CGPoint(x: 0, y: 1000)
        let collectionView = list(delegate)
        drag(collectionView, from: CGPoint(x: 200, y: 700), to: CGPoint(x: 200, y: 300), start: 0, duration: 0.2)
        collectionView.advance(to: 5)
        #expect(collectionView.contentOffset == CGPoint(x: 0, y: 1000))
    }

    @Test func pagingSpringsToThePageAndDecelerates() {
        let delegate = Recorder()
        let collectionView = list(delegate, paging: true)
        drag(collectionView, from: CGPoint(x: 200, y: 700), to: CGPoint(x: 200, y: 500), start: 0, duration: 0.2)
        collectionView.advance(to: 5)
        #expect(collectionView.contentOffset.y == collectionView.bounds.height)
        #expect(delegate.log == ["willBeginDragging", "scroll", "willEndDragging up", "didEndDragging decelerate=true",
                                 "willBeginDecelerating", "scroll", "didEndDecelerating"])
    }

    @Test func anAnimatedScrollEndsWithItsOwnCall() {
        let delegate = Recorder()
        let collectionView = list(delegate)
        collectionView.setContentOffset(CGPoint(x: 0, y: 800), animated: true)
        collectionView.advance(to: 2)
        #expect(collectionView.contentOffset == CGPoint(x: 0, y: 800))
        #expect(delegate.log == ["scroll", "didEndScrollingAnimation"])
    }
}
