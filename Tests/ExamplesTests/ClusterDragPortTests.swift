import Foundation
@testable import Examples
import Springframes
import Testing

/// The four-corner cluster drag article, driven as its app would be: a window whose root is the
/// article's view controller, taps that select, a long press that drags the selection.
@MainActor @Suite struct ClusterDragPortTests {
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    let controller = ClusterDragViewController()

    init() {
        window.rootViewController = controller
        window.makeKeyAndVisible()
    }

    private func tap(_ point: CGPoint, at time: TimeInterval) {
        window.send(Touch(.began, at: point, time: time))
        window.send(Touch(.ended, at: point, time: time + 0.05))
    }

    private func gridCenter(_ item: Int) -> CGPoint {
        controller.collectionView.collectionViewLayout.layoutAttributesForItem(at: IndexPath(item: item, section: 0))!.center
    }

    private func cell(_ item: Int) -> UICollectionViewCell? {
        controller.collectionView.cellForItem(at: IndexPath(item: item, section: 0))
    }


    @Test func anchorsPinTheCollectionViewBetweenTheLayoutGuides() {
        #expect(controller.collectionView.frame == window.bounds)
        window.frame = CGRect(x: 0, y: 0, width: 300, height: 500)
        window.advance(to: 0.1)
        #expect(controller.collectionView.frame == CGRect(x: 0, y: 0, width: 300, height: 500))
    }

    @Test func tapsSelectAndDeselectAndColourTheCells() {
        tap(gridCenter(6), at: 0.1)
        tap(gridCenter(7), at: 0.3)
        #expect(controller.selectedIndexPaths.map(\.item) == [6, 7])
        #expect(cell(6)?.backgroundColor == .red && cell(8)?.backgroundColor == .gray)
        #expect(pixel(of: window, at: gridCenter(7)) == UIColor.red.rasterColor)
        #expect(pixel(of: window, at: gridCenter(8)) == UIColor.gray.rasterColor)
        // The article toggles on every tap: UIKit calls didSelectItemAt again for a selected item.
        tap(gridCenter(7), at: 0.5)
        #expect(controller.selectedIndexPaths.map(\.item) == [6])
        #expect(cell(7)?.backgroundColor == .gray)
    }

    @Test func aLongPressDragsTheSelectionOnItsSpringsAndLetsItGoHome() {
        tap(gridCenter(6), at: 0.1)
        tap(gridCenter(13), at: 0.3)
        let grid6 = gridCenter(6), grid13 = gridCenter(13)
        let press = CGPoint(x: 200, y: 300), hold = CGPoint(x: 250, y: 600)
        window.send(Touch(.began, at: press, time: 1))
        window.advance(to: 1.5)                                    // the long press begins
        #expect(controller.collectionView.collectionViewLayout is DraggableLayout)
        let layout = controller.collectionView.collectionViewLayout as! DraggableLayout
        #expect(layout.animator != nil && layout.indexPathsForDraggingElements?.map(\.item) == [6, 13])
        for step in 1...20 {
            let p = CGFloat(step) / 20
            window.send(Touch(.moved, at: CGPoint(x: press.x + (hold.x - press.x) * p, y: press.y + (hold.y - press.y) * p),
                              time: 1.5 + 0.5 * Double(p)))
        }
        window.advance(to: 14)
        // Each spring keeps the length it was made with (anchor to item at the press), so the
        // cluster keeps its shape and moves with the finger: each cell rests at its grid place
        // plus the finger's travel, drawn above the grid. Item 6, 270 pt from the finger, swings
        // sideways slowly: four springs 40 pt apart barely resist a turn about them.
        let travel = CGPoint(x: hold.x - press.x, y: hold.y - press.y)
        for (item, home) in [(6, grid6), (13, grid13)] {
            let moved = cell(item)!
            let expected = CGPoint(x: home.x + travel.x, y: home.y + travel.y)
            #expect(abs(moved.center.x - expected.x) < 0.5 && abs(moved.center.y - expected.y) < 0.5,
                    "item \(item) at \(moved.center), expected \(expected)")
            #expect(moved.layer.zPosition == 1)
            #expect(pixel(of: window, at: expected) == UIColor.red.rasterColor)
        }

        window.send(Touch(.ended, at: hold, time: 14))
        window.advance(to: 40)
        #expect(layout.animator == nil, "the animator's pause after the drag cleared it")
        #expect(cell(6)?.center == grid6 && cell(13)?.center == grid13)
        #expect(cell(6)?.layer.zPosition == 0)
    }
}
