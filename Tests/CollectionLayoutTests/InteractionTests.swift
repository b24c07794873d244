import Foundation
import Vocabulary
import Testing
@testable import CollectionLayout
@testable import Dynamics

/// The demo grid: 60 pt cells, 10 pt apart, 16 pt insets, 5 across 390 pt (x 16, 90.5, 165…;
/// rows every 70 pt from y 16).
@MainActor private func demoGrid(items: Int = 1000) -> (UICollectionView, Model) {
    let layout = UICollectionViewFlowLayout()
    layout.itemSize = CGSize(width: 60, height: 60)
    layout.minimumInteritemSpacing = 10
    layout.minimumLineSpacing = 10
    layout.sectionInset = UIEdgeInsets(top: 16, left: 16, bottom: 16, right: 16)
    let model = Model(items: items)
    return (makeCollectionView(layout, model), model)
}

@MainActor private func center(_ collectionView: UICollectionView, _ item: Int) -> CGPoint {
    let f = frame(collectionView, item)
    return CGPoint(x: f.midX, y: f.midY)
}

/// Every cell shown in `rect` is at its layout frame, untransformed.
@MainActor private func everyCellRests(_ collectionView: UICollectionView, tolerance: CGFloat = 0) -> Bool {
    collectionView.layoutAttributesForDisplayedElements().allSatisfy { shown in
        shown.representedElementCategory != .cell
            || (close(shown.frame, frame(collectionView, shown.indexPath.item), tolerance) && shown.transform.isIdentity)
    }
}

@MainActor struct ClusterDragTests {
    private func tap(_ collectionView: UICollectionView, _ item: Int, at time: TimeInterval) {
        let point = collectionView.convertToScreen(center(collectionView, item))
        collectionView.send(Touch(.began, at: point, time: time))
        collectionView.send(Touch(.ended, at: point, time: time + 0.05))
    }

    @Test func clusterDrag_CellsKeepTheirOffsetsFromAStillFingerThenRejoinTheGrid() {
        let (collectionView, _) = demoGrid()
        let cluster = ClusterDragInteraction()
        collectionView.addInteraction(cluster)
        for (index, item) in [3, 4, 12].enumerated() { tap(collectionView, item, at: 0.1 * Double(index)) }
        #expect(collectionView.indexPathsForSelectedItems?.map(\.item) == [3, 4, 12])

        let press = CGPoint(x: 150, y: 200), hold = CGPoint(x: 300, y: 600)
        collectionView.send(Touch(.began, at: press, time: 1))
        collectionView.advance(to: 1.49)
        #expect(!cluster.isDragging)
        collectionView.advance(to: 1.5)
        #expect(cluster.isDragging)
        #expect(cluster.springs.count == 12, "four springs per dragged cell")
        drag(collectionView, from: press, to: hold, start: 1.5, duration: 0.5, down: false, lift: false)
        collectionView.advance(to: 2.2)
        let moving = shown(collectionView, 12)!
        #expect(moving.zIndex == 1)
        #expect(collectionView.layoutAttributesForDisplayedElements(in: collectionView.bounds).last?.zIndex == 1,
                "dragged cells draw on top")
        // Four springs from a 40 pt square hold a cell 190 pt away only weakly across their common
        // direction (about 0.8 Hz, damping ratio about 0.06): the cells swing about the finger
        // for a while, as on a device, before they settle.
        collectionView.advance(to: 18)
        for item in [3, 4, 12] {
            let now = shown(collectionView, item)!.center
            let start = center(collectionView, item)
            #expect(close(now.x - hold.x, start.x - press.x, 0.2) && close(now.y - hold.y, start.y - press.y, 0.2),
                    "item \(item): \(now) started \(start)")
        }

        collectionView.send(Touch(.ended, at: hold, time: 18))
        #expect(cluster.isDragging, "the cells spring back first")
        collectionView.advance(to: 18.3)
        #expect(!everyCellRests(collectionView, tolerance: 0.5))
        collectionView.advance(to: 40)
        #expect(!cluster.isDragging, "the animator paused and the layout is no longer dynamic")
        #expect(cluster.animator == nil && cluster.springs.isEmpty)
        #expect(everyCellRests(collectionView))
    }

    @Test func clusterDrag_ParametersHaveTheTechniquesDefaults() {
        let cluster = ClusterDragInteraction()
        #expect(cluster.frequency == 8 && cluster.damping == 0.6)
        #expect(cluster.anchorSquareSize == CGSize(width: 40, height: 40))
        #expect(cluster.draggedZIndex == 1)
        #expect(cluster.longPress.minimumPressDuration == 0.5)
    }
}

@MainActor struct RearrangeTests {
    /// Presses item 2 of a fresh demo grid and drags it to `y` on the screen by 0.5 s, holding there.
    private func holdNearTheBottom(items: Int, y: CGFloat,
                                   edgeScrolling: RearrangeInteraction.EdgeScrolling = .paged) -> (UICollectionView, RearrangeInteraction, CGPoint) {
        let (collectionView, _) = demoGrid(items: items)
        let rearrange = RearrangeInteraction()
        rearrange.edgeScrolling = edgeScrolling
        collectionView.addInteraction(rearrange)
        let start = center(collectionView, 2), held = CGPoint(x: start.x, y: y)
        collectionView.send(Touch(.began, at: start, time: 0))
        drag(collectionView, from: start, to: held, start: 0.3, duration: 0.2, down: false, lift: false)
        return (collectionView, rearrange, held)
    }

    @Test func rearrange_DraggingItemZeroOverItemFiveMovesTheData() {
        let (collectionView, model) = demoGrid(items: 30)
        let rearrange = RearrangeInteraction()
        collectionView.addInteraction(rearrange)
        let start = center(collectionView, 0), target = center(collectionView, 5)
        collectionView.send(Touch(.began, at: start, time: 0))
        collectionView.advance(to: 0.2)
        #expect(rearrange.draggedIndexPath == IndexPath(item: 0, section: 0))
        #expect(collectionView.isItemHidden(at: IndexPath(item: 0, section: 0)))
        drag(collectionView, from: start, to: target, start: 0.2, duration: 0.5, down: false, lift: false)
        #expect(Array(model.sections[0].prefix(8)) == [1, 2, 3, 4, 5, 0, 6, 7])
        let snapshot = shown(collectionView, 5)!
        #expect(snapshot.center == target && !snapshot.isHidden, "the snapshot follows the finger")
        collectionView.send(Touch(.ended, at: target, time: 0.8))
        #expect(rearrange.draggedIndexPath == nil)
        collectionView.advance(to: 1.2)
        #expect(everyCellRests(collectionView))
        #expect((0..<8).map { collectionView.itemIdentifier(at: IndexPath(item: $0, section: 0))! } == [1, 2, 3, 4, 5, 0, 6, 7])
        #expect(!collectionView.isItemHidden(at: IndexPath(item: 5, section: 0)))
    }

    @Test func rearrange_HoldingAtTheBottomEdgePagesEveryEightTenthsOfASecond() {
        let (collectionView, rearrange, held) = holdNearTheBottom(items: 1000, y: 835)
        #expect(rearrange.pageCount == 1)
        for (time, pages) in [(1.29, 1), (1.31, 2), (2.09, 2), (2.11, 3), (2.91, 4)] {
            collectionView.advance(to: time)
            #expect(rearrange.pageCount == pages, "at \(time) s")
        }
        collectionView.send(Touch(.ended, at: held, time: 3.1))
        collectionView.advance(to: 5)
        #expect(rearrange.pageCount == 4)
        #expect(close(collectionView.contentOffset.y, 4 * 844, 1e-9))
    }

    @Test func rearrange_PagingStopsAtTheContentEnd() {
        let (collectionView, rearrange, _) = holdNearTheBottom(items: 100, y: 835)
        collectionView.advance(to: 4)
        #expect(rearrange.pageCount == 1)
        #expect(collectionView.contentOffset.y == collectionView.maximumContentOffset.y)
    }

    @Test func rearrange_ContinuousEdgeScrollRunsAtItsSpeed() {
        let (collectionView, _, _) = holdNearTheBottom(items: 1000, y: 820, edgeScrolling: .continuous)
        let before = collectionView.contentOffset.y
        collectionView.advance(to: 1.5)
        #expect(close(collectionView.contentOffset.y - before, 300, 1e-6), "300 pt/s for one second")
    }
}

@MainActor struct SpringyScrollTests {
    @Test func springyScroll_LagGrowsWithDistanceAndNeverExceedsTheScroll() {
        let (collectionView, _) = demoGrid(items: 1000)
        let springy = SpringyScrollInteraction()
        collectionView.addInteraction(springy)
        // Column 0 cells at increasing distance below the finger at y 100.
        let column = [5, 15, 25, 35, 45]
        collectionView.send(Touch(.began, at: CGPoint(x: 200, y: 100), time: 0))
        var scrolled: CGFloat = 0
        for step in 1...30 {
            let time = Double(step) / 120
            collectionView.send(Touch(.moved, at: CGPoint(x: 200, y: 100 - 3 * CGFloat(step)), time: time))
            scrolled = collectionView.contentOffset.y
            // A cell lags behind the content: it is shown further down than its layout place.
            let near = collectionView.bounds.insetBy(dx: 0, dy: -200)
            let lags = column.map { shown(collectionView, $0, in: near)!.center.y - center(collectionView, $0).y }
            for lag in lags { #expect(lag >= -1e-9 && lag <= scrolled + 1e-9) }
            if step == 20 {
                #expect(zip(lags, lags.dropFirst()).allSatisfy { $0 < $1 }, "\(lags)")
                #expect(lags[0] > 0)
            }
        }
        #expect(close(scrolled, 90 - 12), "all but the pan's first 12 pt (its hysteresis)")
        collectionView.send(Touch(.ended, at: CGPoint(x: 200, y: 10), time: 0.5))
        collectionView.advance(to: 4)
        #expect(everyCellRests(collectionView, tolerance: 0.05))
    }

    @Test func springyScroll_OnlyCellsNearTheVisibleRectCarrySprings() {
        let (collectionView, _) = demoGrid(items: 10_000)
        let springy = SpringyScrollInteraction()
        collectionView.addInteraction(springy)
        // Rows every 70 pt from 16: within −100…944 are rows 0…13, 14 rows of 5.
        #expect(springy.tiledIndexPaths.count == 70)
        #expect(springy.animator?.behaviors.count == 70)
        drag(collectionView, from: CGPoint(x: 200, y: 800), to: CGPoint(x: 200, y: 100), start: 0, duration: 0.2)
        collectionView.advance(to: 3)
        let offset = collectionView.contentOffset.y
        #expect(offset > 1000)
        let region = collectionView.bounds.insetBy(dx: -100, dy: -100)
        let expected = (0..<10_000).filter { frame(collectionView, $0).intersects(region) }
        #expect(springy.tiledIndexPaths.map(\.item) == expected)
        #expect(springy.animator?.behaviors.count == expected.count)
    }

    @Test func springyScroll_DefaultsAreTheMessagesTuning() {
        let springy = SpringyScrollInteraction()
        #expect(springy.length == 0 && springy.frequency == 6.8 && springy.damping == 1)
        #expect(springy.resistance == 0.002 && springy.distance == .alongScroll && springy.tilingMargin == 100)
    }
}

@MainActor struct InteractiveMovementTests {
    @Test func interactiveMovement_EndMovesTheItemAndTellsTheDataSourceOnce() {
        let (collectionView, model) = demoGrid(items: 30)
        #expect(collectionView.beginInteractiveMovementForItem(at: IndexPath(item: 0, section: 0)))
        for step in 1...10 {
            let p = CGFloat(step) / 10
            let from = center(collectionView, 0), to = center(collectionView, 5)
            _ = from
            collectionView.updateInteractiveMovementTargetPosition(
                CGPoint(x: 46 + (to.x - 46) * p, y: 46 + (to.y - 46) * p))
            collectionView.advance(to: Double(step) / 60)
        }
        #expect(collectionView.indexPathForInteractivelyMovingItem == IndexPath(item: 5, section: 0))
        let moving = shown(collectionView, 5)!
        #expect(moving.center == center(collectionView, 5))
        #expect(moving.zIndex == UICollectionViewLayout.interactiveMovementZIndex)
        #expect(model.moves.isEmpty, "the data source hears only at the end")
        collectionView.endInteractiveMovement()
        #expect(model.moves.count == 1)
        #expect(model.moves.first.map { $0.0.item == 0 && $0.1.item == 5 } == true)
        #expect(Array(model.sections[0].prefix(7)) == [1, 2, 3, 4, 5, 0, 6])
        collectionView.advance(to: 1)
        #expect(everyCellRests(collectionView))
    }

    @Test func interactiveMovement_CancelRestoresTheOriginalOrder() {
        let (collectionView, model) = demoGrid(items: 30)
        let interaction = InteractiveMovementInteraction()
        collectionView.addInteraction(interaction)
        let start = center(collectionView, 2), over = center(collectionView, 7)
        collectionView.send(Touch(.began, at: start, time: 0))
        drag(collectionView, from: start, to: over, start: 0.5, duration: 0.3, down: false, lift: false)
        #expect(collectionView.itemIdentifier(at: IndexPath(item: 7, section: 0)) == 2)
        collectionView.send(Touch(.cancelled, at: over, time: 0.9))
        #expect((0..<10).map { collectionView.itemIdentifier(at: IndexPath(item: $0, section: 0))! } == Array(0..<10))
        #expect(model.moves.isEmpty)
        collectionView.advance(to: 1.05)
        #expect(!everyCellRests(collectionView), "it animates back")
        collectionView.advance(to: 1.5)
        #expect(everyCellRests(collectionView))
    }

    @Test func interactiveMovement_RefusedWhenTheDataSourceSaysSo() {
        let (collectionView, model) = demoGrid(items: 30)
        model.unmovable = [IndexPath(item: 3, section: 0)]
        #expect(!collectionView.beginInteractiveMovementForItem(at: IndexPath(item: 3, section: 0)))
        #expect(collectionView.beginInteractiveMovementForItem(at: IndexPath(item: 4, section: 0)))
        #expect(!collectionView.beginInteractiveMovementForItem(at: IndexPath(item: 5, section: 0)), "one at a time")
    }
}
