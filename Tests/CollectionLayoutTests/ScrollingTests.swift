import Foundation
import Testing
@testable import CollectionLayout
import Vocabulary

@MainActor struct ScrollingTests {
    private func list(items: Int = 1000, height: CGFloat = 844) -> UICollectionView {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 60, height: 60)
        return makeCollectionView(layout, Model(items: items), size: CGSize(width: 390, height: height))
    }

    @Test func rubberBand_MatchesTheFormula() {
        #expect(close(ScrollPhysics.rubberBand(100, dimension: 960), 52.02, 0.005))
        for x: CGFloat in [1, 37, 250, 5000] {
            let b = ScrollPhysics.rubberBand(x, dimension: 844)
            #expect(close(b, (1 - 1 / (x * 0.55 / 844 + 1)) * 844, 1e-9))
            #expect(close(ScrollPhysics.inverseRubberBand(b, dimension: 844), x, 1e-6))
            #expect(ScrollPhysics.rubberBand(-x, dimension: 844) == -b)
        }
    }

    /// The finger moves up at 1000 pt/s; the content leaves it at that velocity and decelerates.
    @Test func deceleration_ComesToRestAtTheClosedFormDistance() {
        let collectionView = list()
        drag(collectionView, from: CGPoint(x: 200, y: 700), to: CGPoint(x: 200, y: 400), start: 0.1, duration: 0.3)
        // The pan began after its 10 pt hysteresis, so the content followed the other 290 pt.
        #expect(collectionView.contentOffset.y == 290)
        #expect(collectionView.isDecelerating)
        let v0: CGFloat = 1000, d: CGFloat = 0.998
        collectionView.advance(to: 0.4 + 0.25)
        let expected = 290 + v0 * (pow(d, 250) - 1) / (1000 * log(d))
        #expect(close(collectionView.contentOffset.y, expected, 1e-6))
        collectionView.advance(to: 6)
        #expect(!collectionView.isDecelerating)
        #expect(close(collectionView.contentOffset.y, 290 - v0 / (1000 * log(d)), 0.5))
    }

    @Test func deceleration_FastRateStopsSooner() {
        let collectionView = list()
        collectionView.decelerationRate = .fast
        drag(collectionView, from: CGPoint(x: 200, y: 700), to: CGPoint(x: 200, y: 400), start: 0.1, duration: 0.3)
        collectionView.advance(to: 3)
        #expect(close(collectionView.contentOffset.y, 290 - 1000 / (1000 * log(0.99)), 0.5))
    }

    @Test func pullPastTheTop_RubberBandsThenSpringsBack() {
        let collectionView = list(height: 960)
        // 10 pt of hysteresis, then 100 pt past the top edge.
        drag(collectionView, from: CGPoint(x: 200, y: 100), to: CGPoint(x: 200, y: 210), start: 0, duration: 1,
             steps: 11, lift: false)
        #expect(close(collectionView.contentOffset.y, -52.02, 0.005))
        collectionView.send(Touch(.ended, at: CGPoint(x: 200, y: 210), time: 2))
        collectionView.advance(to: 2.1)
        let partWay = collectionView.contentOffset.y
        #expect(partWay > -52.02 && partWay < 0)
        collectionView.advance(to: 4)
        #expect(collectionView.contentOffset.y == 0)
        #expect(!collectionView.isDecelerating)
    }

    @Test func paging_SettlesOnTheNextPageAfterAFlick() {
        let collectionView = list()
        collectionView.isPagingEnabled = true
        drag(collectionView, from: CGPoint(x: 200, y: 600), to: CGPoint(x: 200, y: 500), start: 0, duration: 0.1)
        collectionView.advance(to: 3)
        #expect(collectionView.contentOffset.y == 844)
    }

    @Test func scrolling_StopsAtTheContentEnd() {
        let collectionView = list(items: 100)
        let maximum = collectionView.maximumContentOffset.y
        #expect(maximum == collectionView.contentSize.height - 844)
        drag(collectionView, from: CGPoint(x: 200, y: 800), to: CGPoint(x: 200, y: 100), start: 0, duration: 0.1)
        collectionView.advance(to: 5)
        #expect(collectionView.contentOffset.y == maximum)
    }

    @Test func animatedScroll_EasesOverThreeTenthsOfASecond() {
        let collectionView = list()
        collectionView.setContentOffset(CGPoint(x: 0, y: 800), animated: true)
        collectionView.advance(to: 0.15)
        #expect(close(collectionView.contentOffset.y, 400, 1e-9))
        collectionView.advance(to: 0.3)
        #expect(collectionView.contentOffset.y == 800)
    }
}
