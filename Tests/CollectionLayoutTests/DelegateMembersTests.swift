import Foundation
import Testing
@testable import CollectionLayout
import Vocabulary

/// The `UICollectionViewDelegate` members of iOS 15 and 16, called when UIKit calls them; and a
/// `UICollectionViewController` subclass hears every delegate member it overrides.
@MainActor @Suite struct DelegateMembersTests {
    final class Log: UICollectionViewDelegate {
        var log: [String] = []
        var allowsSelection = true
        var adjustment = CGPoint.zero
        /// iOS 15's move target: keep the item out of the first row (items 0…6).
        var keepsFirstRow = false

        func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool {
            log.append("shouldSelect \(indexPath.item)")
            return allowsSelection
        }
        func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) { log.append("didSelect \(indexPath.item)") }
        func collectionView(_ collectionView: UICollectionView, canPerformPrimaryActionForItemAt indexPath: IndexPath) -> Bool {
            log.append("canPerformPrimaryAction \(indexPath.item)")
            return indexPath.item != 3
        }
        func collectionView(_ collectionView: UICollectionView, performPrimaryActionForItemAt indexPath: IndexPath) {
            log.append("performPrimaryAction \(indexPath.item)")
        }
        func collectionView(_ collectionView: UICollectionView,
                            targetContentOffsetForProposedContentOffset proposedContentOffset: CGPoint) -> CGPoint {
            log.append("targetContentOffset \(Int(proposedContentOffset.y))")
            return CGPoint(x: proposedContentOffset.x + adjustment.x, y: proposedContentOffset.y + adjustment.y)
        }
        func collectionView(_ collectionView: UICollectionView,
                            targetIndexPathForMoveOfItemFromOriginalIndexPath originalIndexPath: IndexPath,
                            atCurrentIndexPath currentIndexPath: IndexPath,
                            toProposedIndexPath proposedIndexPath: IndexPath) -> IndexPath {
            log.append("moveTarget \(originalIndexPath.item) at \(currentIndexPath.item) to \(proposedIndexPath.item)")
            guard keepsFirstRow, proposedIndexPath.item < 7 else { return proposedIndexPath }
            return currentIndexPath
        }
    }

    /// Default flow layout: 50 pt items, 7 across 390 pt.
    private func grid(_ log: Log, items: Int = 100) -> UICollectionView {
        let collectionView = makeCollectionView(UICollectionViewFlowLayout(), Model(items: items))
        collectionView.delegate = log
        return collectionView
    }

    private func tap(_ collectionView: UICollectionView, _ item: Int, at time: TimeInterval) {
        let point = CGPoint(x: frame(collectionView, item).midX, y: frame(collectionView, item).midY)
        collectionView.send(Touch(.began, at: point, time: time))
        collectionView.send(Touch(.ended, at: point, time: time + 0.05))
        collectionView.advance(to: time + 0.3)
    }

    @Test func aTapPerformsThePrimaryActionAfterTheSelection() {
        let log = Log()
        let collectionView = grid(log)
        tap(collectionView, 1, at: 0)
        #expect(log.log == ["shouldSelect 1", "didSelect 1", "canPerformPrimaryAction 1", "performPrimaryAction 1"])
    }

    @Test func thePrimaryActionComesEvenWhenTheSelectionIsRefusedButNotWhenItIsVetoed() {
        let log = Log()
        log.allowsSelection = false
        let collectionView = grid(log)
        tap(collectionView, 1, at: 0)
        tap(collectionView, 3, at: 1)
        #expect(log.log == ["shouldSelect 1", "canPerformPrimaryAction 1", "performPrimaryAction 1",
                            "shouldSelect 3", "canPerformPrimaryAction 3"])
        #expect(collectionView.indexPathsForSelectedItems?.isEmpty ?? true)
    }

    @Test func aTapThatExtendsAMultipleSelectionIsNoPrimaryAction() {
        let log = Log()
        let collectionView = grid(log)
        collectionView.allowsMultipleSelection = true
        tap(collectionView, 1, at: 0)
        tap(collectionView, 2, at: 1)
        #expect(log.log == ["shouldSelect 1", "didSelect 1", "canPerformPrimaryAction 1", "performPrimaryAction 1",
                            "shouldSelect 2", "didSelect 2"])
    }

    /// A layout that keeps item 20's row at the top when it becomes the collection view's layout.
    final class AnchoredLayout: UICollectionViewFlowLayout {
        override func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint) -> CGPoint {
            CGPoint(x: proposedContentOffset.x, y: layoutAttributesForItem(at: IndexPath(item: 20, section: 0))?.frame.minY ?? 0)
        }
    }

    @Test func aNewLayoutAndThenTheDelegateChooseWhereTheContentRests() {
        let log = Log()
        log.adjustment = CGPoint(x: 0, y: 5)
        let collectionView = grid(log, items: 200)
        collectionView.layoutIfNeeded()
        let anchored = AnchoredLayout()
        anchored.itemSize = CGSize(width: 100, height: 100)
        collectionView.setCollectionViewLayout(anchored, animated: false)
        // Three 100 pt items across 390 pt: item 20 is in row 6, at y = 6 × 110 = 660.
        #expect(log.log == ["targetContentOffset 660"])
        #expect(collectionView.contentOffset == CGPoint(x: 0, y: 665))
    }

    @Test func batchUpdatesAskTheDelegateToo() {
        let log = Log()
        let model = Model(items: 50)
        let collectionView = makeCollectionView(UICollectionViewFlowLayout(), model)
        collectionView.delegate = log
        #expect(collectionView.numberOfItems(inSection: 0) == 50)
        collectionView.contentOffset = CGPoint(x: 0, y: 100)
        model.sections[0].removeFirst()
        collectionView.performBatchUpdates { collectionView.deleteItems(at: [IndexPath(item: 0, section: 0)]) }
        #expect(log.log == ["targetContentOffset 100"])
    }

    @Test func withoutEitherTheContentOffsetIsKept() {
        let collectionView = makeCollectionView(UICollectionViewFlowLayout(), Model(items: 200))
        collectionView.layoutIfNeeded()
        collectionView.contentOffset = CGPoint(x: 0, y: 120)
        let bigger = UICollectionViewFlowLayout()
        bigger.itemSize = CGSize(width: 100, height: 100)
        collectionView.setCollectionViewLayout(bigger, animated: true)
        collectionView.advance(to: 1)
        #expect(collectionView.contentOffset == CGPoint(x: 0, y: 120))
    }

    @Test func interactiveMovementAsksTheIOS15FormWithTheCurrentIndexPath() {
        let log = Log()
        log.keepsFirstRow = true
        let collectionView = grid(log)
        collectionView.layoutIfNeeded()
        #expect(collectionView.beginInteractiveMovementForItem(at: IndexPath(item: 8, section: 0)))
        // Over item 10 (allowed), then over item 2 (in the first row: refused, it stays at 10).
        collectionView.updateInteractiveMovementTargetPosition(CGPoint(x: frame(collectionView, 10).midX, y: frame(collectionView, 10).midY))
        collectionView.updateInteractiveMovementTargetPosition(CGPoint(x: frame(collectionView, 2).midX, y: frame(collectionView, 2).midY))
        #expect(log.log == ["moveTarget 8 at 8 to 10", "moveTarget 8 at 10 to 2"])
        #expect(collectionView.indexPathForInteractivelyMovingItem == IndexPath(item: 10, section: 0))
    }

    /// A controller subclass overrides the delegate members it needs, as iOS code does; each is
    /// called (a member the controller did not declare would silently go to the protocol's default).
    final class Controller: UICollectionViewController {
        var log: [String] = []
        override func viewDidLoad() {
            super.viewDidLoad()
            collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
        }
        override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 40 }
        override func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
        }
        override func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell,
                                     forItemAt indexPath: IndexPath) {
            if indexPath.item == 0 { log.append("willDisplay 0") }
        }
        override func collectionView(_ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell,
                                     forItemAt indexPath: IndexPath) {
            if indexPath.item == 0 { log.append("didEndDisplaying 0") }
        }
        override func collectionView(_ collectionView: UICollectionView, performPrimaryActionForItemAt indexPath: IndexPath) {
            log.append("performPrimaryAction \(indexPath.item)")
        }
        override func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView) {
            log.append("adjustedContentInset \(Int(scrollView.adjustedContentInset.top))")
        }
    }

    @Test func aControllerSubclassHearsTheMembersItOverrides() {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 390, height: 100)
        let controller = Controller(collectionViewLayout: layout)
        let collectionView = controller.collectionView!
        collectionView.frame = CGRect(x: 0, y: 0, width: 390, height: 400)
        collectionView.layoutIfNeeded()
        tap(collectionView, 0, at: 0)
        collectionView.contentInset = UIEdgeInsets(top: 10, left: 0, bottom: 0, right: 0)
        collectionView.setContentOffset(CGPoint(x: 0, y: 2000), animated: false)
        collectionView.layoutIfNeeded()
        #expect(controller.log == ["willDisplay 0", "performPrimaryAction 0", "adjustedContentInset 10", "didEndDisplaying 0"])
    }

    /// Zooming needs a pinch: a delegate that names a view to zoom is told, once, that it is not honoured.
    @Test func aDelegateThatWouldZoomIsReportedWhenADragBegins() {
        final class Zooming: UICollectionViewDelegate {
            let content = UIView()
            func viewForZooming(in scrollView: UIScrollView) -> UIView? { content }
        }
        let zooming = Zooming()
        let collectionView = makeCollectionView(UICollectionViewFlowLayout(), Model(items: 500))
        collectionView.delegate = zooming
        drag(collectionView, from: CGPoint(x: 200, y: 700), to: CGPoint(x: 200, y: 300), start: 0, duration: 0.2)
        #expect(UIKitCompatibility.reported.contains("UIScrollViewDelegate.viewForZooming(in:)"))
    }
}
