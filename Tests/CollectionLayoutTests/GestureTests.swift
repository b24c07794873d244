import Foundation
import Testing
@testable import CollectionLayout
import Vocabulary

@MainActor struct GestureTests {
    private func surface() -> UICollectionView {
        makeCollectionView(UICollectionViewFlowLayout(), Model(items: 100))
    }

    /// Each transition reported to the handler, with the time it happened.
    private final class Log {
        var events: [(UIGestureRecognizer.State, TimeInterval)] = []
    }

    private func attach(_ recognizer: UIGestureRecognizer, to collectionView: UICollectionView) -> Log {
        let log = Log()
        recognizer.addTarget { [unowned collectionView] g in log.events.append((g.state, collectionView.currentTime)) }
        collectionView.addGestureRecognizer(recognizer)
        return log
    }

    @Test func longPress_BeginsAtTheMinimumDuration() {
        let collectionView = surface()
        let press = UILongPressGestureRecognizer()
        press.minimumPressDuration = 0.5
        let log = attach(press, to: collectionView)
        collectionView.send(Touch(.began, at: CGPoint(x: 50, y: 50), time: 0.2))
        collectionView.advance(to: 0.69)
        #expect(log.events.isEmpty)
        collectionView.advance(to: 1.0)
        #expect(log.events.count == 1)
        #expect(log.events.first?.0 == .began)
        #expect(log.events.first.map { close($0.1, 0.7, 1e-12) } == true)
        collectionView.send(Touch(.moved, at: CGPoint(x: 150, y: 50), time: 1.1))
        collectionView.send(Touch(.ended, at: CGPoint(x: 150, y: 50), time: 1.2))
        #expect(log.events.map(\.0) == [.began, .changed, .ended])
        #expect(press.state == .possible, "back to possible once the finger lifts")
    }

    @Test func longPress_FailsWhenTheTouchMovesTooFarFirst() {
        let collectionView = surface()
        let press = UILongPressGestureRecognizer()
        let log = attach(press, to: collectionView)
        collectionView.send(Touch(.began, at: CGPoint(x: 50, y: 50), time: 0))
        collectionView.send(Touch(.moved, at: CGPoint(x: 59, y: 50), time: 0.2))
        #expect(press.state == .possible, "9 pt is within the allowable 10")
        collectionView.send(Touch(.moved, at: CGPoint(x: 61, y: 50), time: 0.3))
        #expect(press.state == .failed)
        collectionView.advance(to: 2)
        #expect(log.events.isEmpty)
    }

    @Test func longPress_FailsWhenLiftedEarly() {
        let collectionView = surface()
        let press = UILongPressGestureRecognizer()
        let log = attach(press, to: collectionView)
        collectionView.send(Touch(.began, at: CGPoint(x: 50, y: 50), time: 0))
        collectionView.send(Touch(.ended, at: CGPoint(x: 50, y: 50), time: 0.4))
        collectionView.advance(to: 2)
        #expect(log.events.isEmpty)
    }

    @Test func tap_RecognizedOnLiftWithinTheAllowableMovement() {
        let collectionView = surface()
        let tap = UITapGestureRecognizer()
        let log = attach(tap, to: collectionView)
        collectionView.send(Touch(.began, at: CGPoint(x: 50, y: 50), time: 0))
        collectionView.send(Touch(.ended, at: CGPoint(x: 53, y: 50), time: 0.1))
        #expect(log.events.map(\.0) == [.recognized])
        collectionView.send(Touch(.began, at: CGPoint(x: 50, y: 50), time: 1))
        collectionView.send(Touch(.moved, at: CGPoint(x: 80, y: 50), time: 1.1))
        collectionView.send(Touch(.ended, at: CGPoint(x: 80, y: 50), time: 1.2))
        #expect(log.events.count == 1)
    }

    @Test func pan_BeginsAfterItsHysteresisAndReportsVelocity() {
        let collectionView = surface()
        let pan = collectionView.panGestureRecognizer
        var began: CGPoint?
        pan.addTarget { g in if g.state == .began { began = (g as! UIPanGestureRecognizer).translation(in: nil) } }
        collectionView.send(Touch(.began, at: CGPoint(x: 100, y: 500), time: 0))
        for step in 1...20 {
            collectionView.send(Touch(.moved, at: CGPoint(x: 100, y: 500 - 4 * CGFloat(step)), time: Double(step) / 100))
        }
        #expect(began == CGPoint(x: 0, y: -12), "the first sample 10 pt or more away")
        #expect(pan.state == .changed)
        #expect(close(pan.velocity(in: nil).y, -400, 1e-6))
        #expect(pan.translation(in: nil) == CGPoint(x: 0, y: -80))
    }

    @Test func longPressBeginning_MakesThePanFail() {
        let collectionView = surface()
        let press = UILongPressGestureRecognizer()
        _ = attach(press, to: collectionView)
        collectionView.send(Touch(.began, at: CGPoint(x: 100, y: 500), time: 0))
        collectionView.advance(to: 0.6)
        drag(collectionView, from: CGPoint(x: 100, y: 500), to: CGPoint(x: 100, y: 200), start: 0.6, duration: 0.3,
             down: false)
        #expect(collectionView.contentOffset == .zero, "the long press took the touch; nothing scrolled")
    }

    /// `isScrollEnabled = false` disables the scroll pan, so another pan on the collection view (a
    /// reorderable layout's drag) takes the touch and the content stays where it is.
    @Test func scrollDisabled_DisablesThePanAndLeavesTheTouchToOthers() {
        let collectionView = surface()
        collectionView.isScrollEnabled = false
        #expect(!collectionView.panGestureRecognizer.isEnabled)
        let layoutDrag = UIPanGestureRecognizer()
        let log = attach(layoutDrag, to: collectionView)
        collectionView.send(Touch(.began, at: CGPoint(x: 100, y: 500), time: 0))
        for step in 1...20 {
            collectionView.send(Touch(.moved, at: CGPoint(x: 100, y: 500 - 10 * CGFloat(step)), time: Double(step) / 100))
        }
        #expect(log.events.first?.0 == .began)
        #expect(layoutDrag.translation(in: nil) == CGPoint(x: 0, y: -200))
        #expect(collectionView.contentOffset == .zero)
        // Enabled again, the content scrolls.
        collectionView.send(Touch(.ended, at: CGPoint(x: 100, y: 300), time: 0.3))
        collectionView.isScrollEnabled = true
        layoutDrag.isEnabled = false
        drag(collectionView, from: CGPoint(x: 100, y: 500), to: CGPoint(x: 100, y: 300), start: 1, duration: 0.2)
        #expect(collectionView.contentOffset.y > 100)
    }

    /// Disabling a recognizer that is recognizing cancels it, as UIKit does.
    @Test func disablingARecognizingPan_CancelsIt() {
        let collectionView = surface()
        let log = attach(collectionView.panGestureRecognizer, to: collectionView)
        collectionView.send(Touch(.began, at: CGPoint(x: 100, y: 500), time: 0))
        for step in 1...5 {
            collectionView.send(Touch(.moved, at: CGPoint(x: 100, y: 500 - 10 * CGFloat(step)), time: Double(step) / 100))
        }
        #expect(collectionView.panGestureRecognizer.state == .changed)
        collectionView.isScrollEnabled = false
        #expect(log.events.last?.0 == .cancelled)
        #expect(collectionView.panGestureRecognizer.state == .possible)
    }

    @Test func tapOnCells_HighlightsThenSelects() {
        final class Spy: UICollectionViewDelegate {
            var log: [String] = []
            func collectionView(_ collectionView: UICollectionView, didHighlightItemAt indexPath: IndexPath) { log.append("highlight \(indexPath.item)") }
            func collectionView(_ collectionView: UICollectionView, didUnhighlightItemAt indexPath: IndexPath) { log.append("unhighlight \(indexPath.item)") }
            func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) { log.append("select \(indexPath.item)") }
            func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) { log.append("deselect \(indexPath.item)") }
            func collectionView(_ collectionView: UICollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool { indexPath.item != 2 }
        }
        let collectionView = surface()
        let spy = Spy()
        collectionView.delegate = spy
        collectionView.allowsMultipleSelection = true
        // Default flow layout: 50 pt items, 7 across 390 pt; item 1 is near x = 85.
        let item1 = CGPoint(x: frame(collectionView, 1).midX, y: 25)
        collectionView.send(Touch(.began, at: item1, time: 0))
        // The scroll view holds the touch back from the content for 0.15 s: then it highlights.
        #expect(!collectionView.isItemHighlighted(at: IndexPath(item: 1, section: 0)))
        collectionView.advance(to: 0.15)
        #expect(collectionView.isItemHighlighted(at: IndexPath(item: 1, section: 0)))
        collectionView.send(Touch(.ended, at: item1, time: 0.2))
        #expect(collectionView.isItemSelected(at: IndexPath(item: 1, section: 0)))
        collectionView.send(Touch(.began, at: item1, time: 0.5))
        collectionView.send(Touch(.ended, at: item1, time: 0.6))
        let item2 = CGPoint(x: frame(collectionView, 2).midX, y: 25)
        collectionView.send(Touch(.began, at: item2, time: 1))
        collectionView.send(Touch(.ended, at: item2, time: 1.1))
        #expect(spy.log == ["highlight 1", "unhighlight 1", "select 1", "highlight 1", "unhighlight 1", "deselect 1"],
                "item 2 refuses highlight, so a tap does not select it")
        #expect(collectionView.indexPathsForSelectedItems == [])
    }
    // MARK: Content touches

    final class HighlightLog: UICollectionViewDelegate {
        var log: [String] = []
        func collectionView(_ collectionView: UICollectionView, didHighlightItemAt indexPath: IndexPath) { log.append("highlight \(indexPath.item)") }
        func collectionView(_ collectionView: UICollectionView, didUnhighlightItemAt indexPath: IndexPath) { log.append("unhighlight \(indexPath.item)") }
        func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) { log.append("select \(indexPath.item)") }
    }

    /// A tall list (2,000 items of 50 pt, 7 across) watched by a log.
    private func list() -> (UICollectionView, HighlightLog) {
        let collectionView = makeCollectionView(UICollectionViewFlowLayout(), Model(items: 2000))
        let log = HighlightLog()
        collectionView.delegate = log
        return (collectionView, log)
    }

    @Test func aFlickThatStartsAtOnceNeverHighlights() {
        let (collectionView, log) = list()
        let start = CGPoint(x: frame(collectionView, 15).midX, y: frame(collectionView, 15).midY + 300)
        drag(collectionView, from: start, to: CGPoint(x: start.x, y: start.y - 300), start: 0, duration: 0.1)
        collectionView.advance(to: 2)
        #expect(collectionView.contentOffset.y > 300)
        #expect(log.log.isEmpty)
    }

    @Test func withoutTheDelayTheCellHighlightsThenTheScrollCancelsIt() {
        let (collectionView, log) = list()
        collectionView.delaysContentTouches = false
        let start = CGPoint(x: frame(collectionView, 1).midX, y: frame(collectionView, 1).midY)
        drag(collectionView, from: start, to: CGPoint(x: start.x, y: start.y + 300), start: 0, duration: 0.1)
        #expect(log.log == ["highlight 1", "unhighlight 1"])
    }

    @Test func aQuickTapHighlightsUnhighlightsAndSelectsAtTheLift() {
        let (collectionView, log) = list()
        let point = CGPoint(x: frame(collectionView, 3).midX, y: frame(collectionView, 3).midY)
        collectionView.send(Touch(.began, at: point, time: 0))
        #expect(log.log.isEmpty)
        collectionView.send(Touch(.ended, at: point, time: 0.05))
        #expect(log.log == ["highlight 3", "unhighlight 3", "select 3"])
    }

    @Test func aTouchTheContentKeepsStopsTheScrollWhenItCannotBeCancelled() {
        let (collectionView, log) = list()
        collectionView.canCancelContentTouches = false
        let point = CGPoint(x: frame(collectionView, 8).midX, y: frame(collectionView, 8).midY)
        collectionView.send(Touch(.began, at: point, time: 0))
        collectionView.advance(to: 0.3)                                  // highlighted at 0.15 s
        drag(collectionView, from: point, to: CGPoint(x: point.x, y: point.y - 200), start: 0.3, duration: 0.2,
             down: false, lift: false)
        #expect(collectionView.contentOffset.y == 0)
        #expect(collectionView.isItemHighlighted(at: IndexPath(item: 8, section: 0)))
        // The same touch with cancelling allowed (the default) scrolls and unhighlights.
        collectionView.send(Touch(.ended, at: CGPoint(x: point.x, y: point.y - 200), time: 0.5))
        collectionView.canCancelContentTouches = true
        collectionView.send(Touch(.began, at: point, time: 1))
        collectionView.advance(to: 1.3)
        drag(collectionView, from: point, to: CGPoint(x: point.x, y: point.y - 200), start: 1.3, duration: 0.2, down: false)
        #expect(collectionView.contentOffset.y > 100)
        #expect(log.log == ["highlight 8", "unhighlight 8", "highlight 8", "unhighlight 8"])
    }
}
