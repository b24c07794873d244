import Foundation
import Testing
@testable import CollectionLayout
import Vocabulary

/// `contentInset`, the safe area and `adjustedContentInset` bound the scroll range, move the
/// resting offset and narrow the width a flow layout fills, as in UIKit.
@MainActor @Suite struct ContentInsetTests {
    /// A full-width list of 100 pt rows: 50 rows, 5,000 pt of content.
    private func list(rows: Int = 50, size: CGSize = CGSize(width: 390, height: 844)) -> UICollectionView {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 100, height: 100)
        layout.minimumLineSpacing = 0
        layout.minimumInteritemSpacing = 0
        return makeCollectionView(layout, Model(items: rows * 3), size: size)
    }

    final class InsetSpy: UICollectionViewDelegate {
        var log: [String] = []
        var allowsScrollToTop = true
        func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView) {
            log.append("adjusted \(scrollView.adjustedContentInset.top)")
        }
        func scrollViewShouldScrollToTop(_ scrollView: UIScrollView) -> Bool {
            log.append("shouldScrollToTop")
            return allowsScrollToTop
        }
        func scrollViewDidScroll(_ scrollView: UIScrollView) {
            if log.last != "scroll" { log.append("scroll") }
        }
        func scrollViewDidScrollToTop(_ scrollView: UIScrollView) { log.append("didScrollToTop") }
        func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) { log.append("didEndScrollingAnimation") }
    }

    @Test func theInsetExtendsTheScrollRangeAtBothEnds() {
        let collectionView = list()
        collectionView.contentInset = UIEdgeInsets(top: 100, left: 0, bottom: 60, right: 0)
        collectionView.layoutIfNeeded()
        #expect(collectionView.contentSize.height == 5000)
        #expect(collectionView.minimumContentOffset == CGPoint(x: 0, y: -100))
        #expect(collectionView.maximumContentOffset == CGPoint(x: 0, y: 5000 + 60 - 844))
        // Content at rest at the top stays against the inset: the first row shows 100 pt down.
        #expect(collectionView.contentOffset.y == -100)
        #expect(collectionView.clampedContentOffset(CGPoint(x: 0, y: -500)).y == -100)
        #expect(collectionView.clampedContentOffset(CGPoint(x: 0, y: 9999)).y == 4216)
    }

    @Test func aFlingComesToRestAtTheInsetLimitsNotAtZero() {
        let collectionView = list()
        collectionView.contentInset = UIEdgeInsets(top: 100, left: 0, bottom: 60, right: 0)
        drag(collectionView, from: CGPoint(x: 200, y: 800), to: CGPoint(x: 200, y: 100), start: 0, duration: 0.05)
        collectionView.advance(to: 8)
        #expect(collectionView.contentOffset.y == 4216)
        drag(collectionView, from: CGPoint(x: 200, y: 100), to: CGPoint(x: 200, y: 800), start: 8, duration: 0.05)
        collectionView.advance(to: 16)
        #expect(collectionView.contentOffset.y == -100)
    }

    @Test func pullingPastTheTopInsetRubberBandsFromTheInset() {
        let collectionView = list()
        collectionView.contentInset = UIEdgeInsets(top: 100, left: 0, bottom: 0, right: 0)
        collectionView.layoutIfNeeded()
        drag(collectionView, from: CGPoint(x: 200, y: 300), to: CGPoint(x: 200, y: 500), start: 0, duration: 0.5,
             lift: false)
        // The finger pulled 200 pt past the limit, less the pan's hysteresis: the content shows
        // the rubber band of that distance past the inset limit, not past zero.
        let shown = -100 - collectionView.contentOffset.y
        #expect(shown > ScrollPhysics.rubberBand(180, dimension: 844))
        #expect(shown <= ScrollPhysics.rubberBand(200, dimension: 844) + 1e-9)
        collectionView.send(Touch(.ended, at: CGPoint(x: 200, y: 500), time: 0.6))
        collectionView.advance(to: 3)
        #expect(collectionView.contentOffset.y == -100)
    }

    @Test func theFlowLayoutFillsTheWidthInsideTheHorizontalInsets() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let collectionView = list()
        window.addSubview(collectionView)
        collectionView.contentInset = UIEdgeInsets(top: 0, left: 45, bottom: 0, right: 45)
        window.layoutIfNeeded()
        // 300 pt across: three 100 pt items a line, not four gaps' worth of 390.
        #expect(collectionView.contentSize.width == 300)
        #expect(frame(collectionView, 0) == CGRect(x: 0, y: 0, width: 100, height: 100))
        #expect(frame(collectionView, 2) == CGRect(x: 200, y: 0, width: 100, height: 100))
        #expect(frame(collectionView, 3).minY == 100)
        // The content starts 45 pt in from the left edge of the screen.
        #expect(collectionView.contentOffset.x == -45)
        let cell = collectionView.cellForItem(at: IndexPath(item: 0, section: 0))
        #expect(cell?.convert(CGPoint.zero, to: nil) == CGPoint(x: 45, y: 0))
    }

    @Test func theSafeAreaAddsAlongTheScrollingAxisUnderAutomatic() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        window.deviceSafeAreaInsets = UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0)
        let collectionView = list()
        let spy = InsetSpy()
        collectionView.delegate = spy
        window.addSubview(collectionView)
        window.makeKeyAndVisible()
        window.layoutIfNeeded()
        #expect(collectionView.safeAreaInsets == UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0))
        #expect(collectionView.adjustedContentInset == UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0))
        #expect(collectionView.contentOffset.y == -47)
        #expect(collectionView.maximumContentOffset == CGPoint(x: 0, y: 5000 + 34 - 844))
        #expect(spy.log.first == "adjusted 47.0")

        collectionView.contentInsetAdjustmentBehavior = .never
        #expect(collectionView.adjustedContentInset == .zero)
        #expect(collectionView.contentOffset.y == 0)
    }

    @Test func aShortListGetsNoVerticalSafeAreaUnlessItAlwaysBounces() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        window.deviceSafeAreaInsets = UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0)
        let collectionView = list(rows: 2)
        window.addSubview(collectionView)
        window.layoutIfNeeded()
        #expect(collectionView.adjustedContentInset == .zero)
        collectionView.alwaysBounceVertical = true
        window.layoutIfNeeded()
        #expect(collectionView.adjustedContentInset.top == 47)
        collectionView.contentInsetAdjustmentBehavior = .always
        collectionView.alwaysBounceVertical = false
        window.layoutIfNeeded()
        #expect(collectionView.adjustedContentInset.top == 47)
    }

    @Test func aViewsSafeAreaIsTheOverlapWithItsSuperviewsUnsafeEdges() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        window.deviceSafeAreaInsets = UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0)
        let banner = UIView(frame: CGRect(x: 0, y: 20, width: 390, height: 100))
        let middle = UIView(frame: CGRect(x: 0, y: 300, width: 390, height: 100))
        let footer = UIView(frame: CGRect(x: 10, y: 744, width: 370, height: 100))
        for view in [banner, middle, footer] { window.addSubview(view) }
        #expect(banner.safeAreaInsets == UIEdgeInsets(top: 27, left: 0, bottom: 0, right: 0))
        #expect(middle.safeAreaInsets == .zero)
        #expect(footer.safeAreaInsets == UIEdgeInsets(top: 0, left: 0, bottom: 34, right: 0))
        #expect(banner.safeAreaLayoutGuide.layoutFrame == CGRect(x: 0, y: 27, width: 390, height: 73))
    }

    @Test func aControllersAdditionalInsetsReachItsViewsSafeArea() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        window.deviceSafeAreaInsets = UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0)
        let controller = UIViewController()
        controller.additionalSafeAreaInsets = UIEdgeInsets(top: 44, left: 0, bottom: 0, right: 0)
        window.rootViewController = controller
        window.makeKeyAndVisible()
        #expect(controller.view.safeAreaInsets == UIEdgeInsets(top: 91, left: 0, bottom: 34, right: 0))
    }

    @Test func scrollToTopAsksTheDelegateThenAnimatesToTheInsetLimit() {
        let collectionView = list()
        let spy = InsetSpy()
        collectionView.delegate = spy
        collectionView.contentInset = UIEdgeInsets(top: 30, left: 0, bottom: 0, right: 0)
        collectionView.contentOffset = CGPoint(x: 0, y: 2000)
        spy.log = []
        collectionView.scrollToTop()
        collectionView.advance(to: 1)
        #expect(collectionView.contentOffset.y == -30)
        #expect(spy.log == ["shouldScrollToTop", "scroll", "didScrollToTop"])

        spy.allowsScrollToTop = false
        collectionView.contentOffset = CGPoint(x: 0, y: 2000)
        spy.log = []
        collectionView.scrollToTop()
        collectionView.advance(to: 2)
        #expect(collectionView.contentOffset.y == 2000)
        #expect(spy.log == ["shouldScrollToTop"])
    }
}
