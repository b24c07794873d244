import Vocabulary
import Foundation
import Testing
@testable import Views

/// A plain `UIScrollView` scrolls as a collection view does, with its delegate told in UIKit's
/// order: an onboarding pager, and a parallax header that reads `scrollViewDidScroll`.
@MainActor @Suite struct ScrollViewTests {
    final class Spy: UIScrollViewDelegate {
        var log: [String] = []
        var offsets: [CGFloat] = []
        func scrollViewDidScroll(_ scrollView: UIScrollView) {
            offsets.append(scrollView.contentOffset.x + scrollView.contentOffset.y)
            if log.last != "scroll" { log.append("scroll") }
        }
        func scrollViewWillBeginDragging(_ scrollView: UIScrollView) { log.append("willBeginDragging") }
        func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
            log.append("didEndDragging \(decelerate)")
        }
        func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) { log.append("willBeginDecelerating") }
        func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) { log.append("didEndDecelerating") }
        func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) { log.append("didEndScrollingAnimation") }
    }

    /// A window holding a full-screen scroll view of `pages` pages side by side.
    private func pager(pages: Int) -> (UIWindow, UIScrollView) {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let scrollView = UIScrollView(frame: window.bounds)
        scrollView.isPagingEnabled = true
        scrollView.contentSize = CGSize(width: 390 * CGFloat(pages), height: 844)
        for page in 0..<pages {
            let view = UIView(frame: CGRect(x: 390 * CGFloat(page), y: 0, width: 390, height: 844))
            view.accessibilityIdentifier = "page \(page)"
            scrollView.addSubview(view)
        }
        window.addSubview(scrollView)
        window.makeKeyAndVisible()
        return (window, scrollView)
    }

    private func swipe(_ window: UIWindow, fromX: CGFloat, toX: CGFloat, start: TimeInterval, duration: TimeInterval) {
        window.send(Touch(.began, at: CGPoint(x: fromX, y: 400), time: start))
        for step in 1...20 {
            let p = Double(step) / 20
            window.send(Touch(.moved, at: CGPoint(x: fromX + (toX - fromX) * p, y: 400), time: start + duration * p))
        }
        window.send(Touch(.ended, at: CGPoint(x: toX, y: 400), time: start + duration))
    }

    @Test func aSwipePagesOnePageAndTheDelegateHearsItInOrder() {
        let (window, scrollView) = pager(pages: 3)
        let spy = Spy()
        scrollView.delegate = spy
        swipe(window, fromX: 300, toX: 200, start: 0, duration: 0.1)
        window.advance(to: 3)
        #expect(scrollView.contentOffset == CGPoint(x: 390, y: 0))
        #expect(spy.log == ["willBeginDragging", "scroll", "didEndDragging true", "willBeginDecelerating", "scroll",
                            "didEndDecelerating"])
        // The second page is now under the finger.
        #expect(window.hitTest(CGPoint(x: 100, y: 400), with: nil)?.accessibilityIdentifier == "page 1")

        // A vertical drag does nothing: the content is exactly as tall as the view.
        window.send(Touch(.began, at: CGPoint(x: 200, y: 700), time: 4))
        window.send(Touch(.moved, at: CGPoint(x: 200, y: 300), time: 4.1))
        window.send(Touch(.ended, at: CGPoint(x: 200, y: 300), time: 4.1))
        window.advance(to: 6)
        #expect(scrollView.contentOffset == CGPoint(x: 390, y: 0))
    }

    @Test func theLastPageRubberBandsAndSpringsBack() {
        let (window, scrollView) = pager(pages: 2)
        scrollView.contentOffset = CGPoint(x: 390, y: 0)
        window.send(Touch(.began, at: CGPoint(x: 300, y: 400), time: 0))
        window.send(Touch(.moved, at: CGPoint(x: 250, y: 400), time: 0.1))
        window.send(Touch(.moved, at: CGPoint(x: 100, y: 400), time: 0.5))
        let pulled = scrollView.contentOffset.x - 390
        #expect(pulled > 0 && pulled < 200)              // banded: less than the finger's travel
        window.send(Touch(.ended, at: CGPoint(x: 100, y: 400), time: 1.5))
        window.advance(to: 4)
        #expect(scrollView.contentOffset == CGPoint(x: 390, y: 0))
    }

    @Test func setContentOffsetAnimatedEndsWithTheScrollingAnimationCallback() {
        let (window, scrollView) = pager(pages: 3)
        let spy = Spy()
        scrollView.delegate = spy
        scrollView.setContentOffset(CGPoint(x: 780, y: 0), animated: true)
        #expect(scrollView.isDecelerating)
        window.advance(to: 0.15)
        // Half-way through Core Animation's ease-in-out: exactly half the distance.
        #expect(abs(scrollView.contentOffset.x - 390) < 1e-9)
        window.advance(to: 1)
        #expect(scrollView.contentOffset.x == 780)
        #expect(spy.log == ["scroll", "didEndScrollingAnimation"])
        #expect(spy.offsets == spy.offsets.sorted())
    }

    @Test func aScrollViewWithoutAWindowMovesOnItsOwnClock() {
        let scrollView = UIScrollView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        scrollView.contentSize = CGSize(width: 390, height: 2000)
        scrollView.setContentOffset(CGPoint(x: 0, y: 500), animated: true)
        scrollView.clock.advance(to: 1)
        #expect(scrollView.contentOffset == CGPoint(x: 0, y: 500))
    }
}
