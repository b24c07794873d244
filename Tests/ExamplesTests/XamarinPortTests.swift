import Foundation
@testable import Examples
import Springframes
import Testing

@MainActor func solidImage(_ color: UIColor, size: Double) -> UIImage {
    UIImage(canvas: Canvas(pointWidth: size, pointHeight: size, scale: 1, background: color.rasterColor))
}

/// The first half of the Xamarin article, driven as its app would be: the animal grid in a
/// window, a header, highlight and selection, the cell menu, and the three layouts.
@MainActor @Suite struct SimpleCollectionViewPortTests {
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    let layout = UICollectionViewFlowLayout()
    let controller: SimpleCollectionViewController
    static let animalColour = UIColor(red: 0.2, green: 0.4, blue: 0.8, alpha: 1)

    init() {
        // What the app bundle holds: a 50 pt placeholder and a picture per animal.
        UIImage.register(solidImage(.gray, size: 50), named: "placeholder.png")
        for name in ["alpaca", "bear", "cat", "dog", "elephant", "fox", "giraffe", "hippo", "iguana", "jaguar",
                     "koala", "lion", "moose", "newt", "otter", "panda", "quail", "rabbit", "seal", "tiger"] {
            UIImage.register(solidImage(Self.animalColour, size: 50), named: name + ".png")
        }
        // The article's app delegate: a flow layout with 50 pt section insets, and a header.
        layout.sectionInset = UIEdgeInsets(top: 50, left: 50, bottom: 50, right: 50)
        layout.itemSize = CGSize(width: 100, height: 100)
        layout.headerReferenceSize = CGSize(width: 390, height: 50)
        controller = SimpleCollectionViewController(layout)
        window.rootViewController = controller
        window.makeKeyAndVisible()
        window.advance(to: 0.01)
    }

    private var collectionView: UICollectionView { controller.collectionView }

    private func center(_ item: Int) -> CGPoint {
        collectionView.layoutAttributesForItem(at: IndexPath(item: item, section: 0))!.center
    }

    @Test func animalCellsShowTheirFramedPictureUnderAHeader() throws {
        // Item 0: frame (50, 100, 100, 100) below the 50 pt header and the 50 pt inset.
        #expect(collectionView.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame
                == CGRect(x: 50, y: 100, width: 100, height: 100))
        let cell = try #require(collectionView.cellForItem(at: IndexPath(item: 0, section: 0)) as? AnimalCell)
        #expect(cell.image === controller.animals[0].image)
        // Orange background outside the content view (scaled to 80 %: 90…190 of 100…200),
        // the light gray border (2 pt, 1.6 pt on screen), white content, the picture (50 pt × 0.7 × 0.8).
        #expect(pixel(of: window, at: CGPoint(x: 55, y: 105)) == UIColor.orange.rasterColor)
        #expect(pixel(of: window, at: CGPoint(x: 60.5, y: 150)) == UIColor.lightGray.rasterColor)
        #expect(pixel(of: window, at: CGPoint(x: 70, y: 150)) == UIColor.white.rasterColor)
        #expect(pixel(of: window, at: CGPoint(x: 100, y: 150)) == Self.animalColour.rasterColor)
        #expect(pixel(of: window, at: CGPoint(x: 100 + 13, y: 150)) == Self.animalColour.rasterColor)
        #expect(pixel(of: window, at: CGPoint(x: 100 + 15, y: 150)) == UIColor.white.rasterColor)
        // The header: a yellow 300 × 50 label at the top, saying what the data source set.
        let header = try #require(collectionView.supplementaryView(forElementKind: UICollectionView.elementKindSectionHeader,
                                                                   at: IndexPath(item: 0, section: 0)) as? Header)
        #expect(header.text == "Supplementary View")
        #expect(pixel(of: window, at: CGPoint(x: 295, y: 2)) == UIColor.yellow.rasterColor)
        #expect(pixel(of: window, at: CGPoint(x: 305, y: 2)) == UIColor.white.rasterColor)
    }

    @Test func aPressHighlightsYellowAndATapSelectsGreen() {
        let point = center(1)
        window.send(Touch(.began, at: point, time: 0.1))
        window.advance(to: 0.25)                   // the scroll view's content-touch delay
        #expect(collectionView.cellForItem(at: IndexPath(item: 1, section: 0))?.contentView.backgroundColor == .yellow)
        #expect(pixel(of: window, at: CGPoint(x: point.x - 30, y: point.y)) == UIColor.yellow.rasterColor)
        window.send(Touch(.ended, at: point, time: 0.3))
        #expect(collectionView.indexPathsForSelectedItems == [IndexPath(item: 1, section: 0)])
        #expect(pixel(of: window, at: CGPoint(x: point.x - 30, y: point.y)) == UIColor.white.rasterColor)
        // The selected background shows green where the orange background was.
        #expect(pixel(of: window, at: CGPoint(x: point.x - 45, y: point.y - 45)) == UIColor.green.rasterColor)
        #expect(!UIMenuController.shared.isMenuVisible || UIMenuController.shared.menuView(in: window) == nil)
    }

    @Test func holdingACellShowsItsMenuAndATapOnPastePerformsIt() throws {
        let point = center(4)
        let path = IndexPath(item: 4, section: 0)
        window.send(Touch(.began, at: point, time: 1))
        window.advance(to: 1.49)
        #expect(UIMenuController.shared.menuView(in: window) == nil)
        window.advance(to: 1.5)
        let menu = try #require(UIMenuController.shared.menuView(in: window))
        // The delegate allowed copy and paste, not cut; the standard gesture did not start a move.
        #expect(menu.actions == [Selector("copy:"), Selector("paste:")])
        #expect(menu.actions.map(EditMenuView.title(of:)) == ["Copy", "Paste"])
        #expect(collectionView.isItemHighlighted(at: path))
        #expect(!(collectionView.indexPathForInteractivelyMovingItem != nil))
        // Above the cell, arrow down, centred on it.
        let cellFrame = collectionView.convert(collectionView.layoutAttributesForItem(at: path)!.frame, to: nil)
        let frame = UIMenuController.shared.menuFrame(in: window)
        #expect(!menu.pointsUp && frame.maxY == cellFrame.minY - EditMenuView.gap)
        #expect(abs(frame.midX - cellFrame.midX) < 1e-9)
        #expect(frame.height == EditMenuView.barHeight + EditMenuView.arrowSize.height)

        // Lifting keeps the menu and the highlight, and selects nothing.
        window.send(Touch(.ended, at: point, time: 1.7))
        #expect(UIMenuController.shared.menuView(in: window) === menu)
        #expect(collectionView.isItemHighlighted(at: path))
        #expect(collectionView.indexPathsForSelectedItems == [])
        // Drawn: the dark bar over the white screen, the yellow highlighted cell under it.
        let bar = CGPoint(x: frame.minX + 4, y: frame.minY + EditMenuView.barHeight / 2)
        let fill = EditMenuView.fill.rasterColor
        let expected = (Double(fill.red) * Double(fill.alpha) + 255 * (255 - Double(fill.alpha))) / 255
        let drawn = pixel(of: window, at: bar)
        #expect(abs(Double(drawn.red) - expected) <= 1 && drawn.red == drawn.green && drawn.green == drawn.blue)
        #expect(pixel(of: window, at: CGPoint(x: point.x - 30, y: point.y)) == UIColor.yellow.rasterColor)

        // A tap on Paste performs it for item 4 and hides the menu; the cell unhighlights.
        let paste = menu.convert(menu.actionFrames[1], to: nil)
        let pastePoint = CGPoint(x: paste.midX, y: paste.midY)
        window.send(Touch(.began, at: pastePoint, time: 2))
        #expect(menu.pressedIndex == 1)
        window.send(Touch(.ended, at: pastePoint, time: 2.05))
        #expect(controller.performedActions.map(\.action) == [Selector("paste:")])
        #expect(controller.performedActions.map(\.item) == [4])
        #expect(UIMenuController.shared.menuView(in: window) == nil)
        #expect(!collectionView.isItemHighlighted(at: path))
        #expect(collectionView.cellForItem(at: path)?.contentView.backgroundColor == .white)
        #expect(collectionView.indexPathsForSelectedItems == [])
    }

    @Test func aTouchElsewhereHidesTheMenuWithoutPerformingAnything() throws {
        let point = center(0)
        window.send(Touch(.began, at: point, time: 1))
        window.send(Touch(.ended, at: point, time: 1.6))
        #expect(UIMenuController.shared.menuView(in: window) != nil)
        // A touch on the top row's menu goes below it when there is no room above: item 0 is at
        // y 100…200, so a 44 pt menu fits above (100 − 8 − 44 = 48 ≥ 8).
        window.send(Touch(.began, at: CGPoint(x: 370, y: 800), time: 2))
        #expect(UIMenuController.shared.menuView(in: window) == nil)
        #expect(controller.performedActions.isEmpty)
        #expect(!collectionView.isItemHighlighted(at: IndexPath(item: 0, section: 0)))
    }

    @Test func aScrollHidesTheMenu() {
        window.send(Touch(.began, at: center(2), time: 1))
        window.send(Touch(.ended, at: center(2), time: 1.6))
        #expect(UIMenuController.shared.menuView(in: window) != nil)
        collectionView.contentOffset = CGPoint(x: 0, y: 40)
        #expect(UIMenuController.shared.menuView(in: window) == nil)
    }

    @Test func switchingToTheLineLayoutAnimatesEachCellHalfwayAtHalfTime() {
        let line = LineLayout()
        var completions: [TimeInterval] = []
        let from = (0..<3).map { center($0) }
        window.advance(to: 1)
        collectionView.setCollectionViewLayout(line, animated: true) { _ in completions.append(window.clock.currentTime) }
        let to = (0..<3).map { line.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))!.center }
        // The zoom comes from `layoutAttributesForElements(in:)`, as the article's LineLayout adds it there.
        let shownAfter = line.layoutAttributesForElements(in: collectionView.bounds) ?? []
        let toScale = (0..<3).map { item in shownAfter.first { $0.indexPath.item == item }?.transform3D.m11 ?? 1 }
        // Ease-in-out is symmetric: at half the duration every cell is exactly halfway.
        window.advance(to: 1 + collectionView.moveAnimationDuration / 2)
        for item in 0..<3 {
            let shown = collectionView.cellForItem(at: IndexPath(item: item, section: 0))!
            #expect(abs(shown.center.x - (from[item].x + to[item].x) / 2) < 1e-9)
            #expect(abs(shown.center.y - (from[item].y + to[item].y) / 2) < 1e-9)
            #expect(abs(shown.transform.a - (1 + toScale[item]) / 2) < 1e-9)
        }
        #expect(completions.isEmpty)
        window.advance(to: 2)
        #expect(completions == [1 + collectionView.moveAnimationDuration])
        // Items 0 and 1 end on screen at their line places; item 2 (x 600) has left it.
        for item in 0..<2 {
            #expect(collectionView.cellForItem(at: IndexPath(item: item, section: 0))?.center == to[item])
        }
        #expect(collectionView.cellForItem(at: IndexPath(item: 2, section: 0)) == nil)
    }

    @Test func theCircleLayoutShowsTheRedDecorationViewBehindTheCells() {
        collectionView.setCollectionViewLayout(DecoratedCircleLayout(), animated: false)
        window.advance(to: 0.5)
        #expect(pixel(of: window, at: CGPoint(x: 3, y: 400)) == UIColor.red.rasterColor)
        let cellCenter = center(0)
        #expect(pixel(of: window, at: cellCenter) == Self.animalColour.rasterColor)
    }
}

/// The second half: the storyboard-born waterfall controller, its source and delegate, the custom
/// long press and the waterfall layout attached in `awakeFromNib`.
@MainActor @Suite struct WaterfallPortTests {
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    let controller = WaterfallViewController(coder: NSCoder())!

    init() {
        window.rootViewController = controller
        window.makeKeyAndVisible()
        window.advance(to: 0.01)
    }

    private var collectionView: WaterfallCollectionView { controller.collectionView as! WaterfallCollectionView }

    private func frame(_ item: Int) -> CGRect {
        collectionView.layoutAttributesForItem(at: IndexPath(item: item, section: 0))!.frame
    }

    private func title(at point: CGPoint) -> String? {
        guard let path = collectionView.indexPathForItem(at: collectionView.convert(point, from: nil)) else { return nil }
        return (collectionView.cellForItem(at: path) as? TextCollectionViewCell)?.title
    }

    @Test func awakeFromNibWiresTheSourceTheDelegateAndTheWaterfall() {
        #expect(collectionView.collectionViewLayout is WaterfallCollectionLayout)
        #expect(collectionView.dataSource === collectionView.source)
        #expect(collectionView.numberOfItems(inSection: 0) == 100)
        // Two columns of floor((390 − 10) / 2) = 190 pt; each height scaled from (390 − 40) / 3 wide.
        let heights = collectionView.source.heights
        let askedWidth = (390.0 - 40) / 3
        #expect(frame(0) == CGRect(x: 0, y: 0, width: 190, height: (heights[0] * 190 / askedWidth).rounded(.down)))
        #expect(frame(1) == CGRect(x: 200, y: 0, width: 190, height: (heights[1] * 190 / askedWidth).rounded(.down)))
        // Item 2 goes under the shorter of the two.
        let shorter = frame(0).maxY <= frame(1).maxY ? frame(0) : frame(1)
        #expect(frame(2).minX == shorter.minX && frame(2).minY == shorter.maxY + 10)
        #expect(heights.allSatisfy { $0 >= 40 && $0 < 140 })
        #expect(title(at: CGPoint(x: frame(1).midX, y: frame(1).midY)) == "1")
    }

    @Test func highlightTurnsACellGreenAndBackToBlue() {
        let point = CGPoint(x: frame(3).midX, y: frame(3).midY)
        let green = UIColor(red: 183 / 255.0, green: 208 / 255.0, blue: 57 / 255.0, alpha: 1)
        let blue = UIColor(red: 164 / 255.0, green: 205 / 255.0, blue: 255 / 255.0, alpha: 1)
        window.send(Touch(.began, at: point, time: 0.1))
        #expect(pixel(of: window, at: CGPoint(x: point.x + 50, y: point.y)) == blue.rasterColor)
        window.advance(to: 0.25)                   // the scroll view's content-touch delay
        #expect(pixel(of: window, at: CGPoint(x: point.x + 50, y: point.y)) == green.rasterColor)
        window.send(Touch(.ended, at: point, time: 0.3))
        #expect(pixel(of: window, at: CGPoint(x: point.x + 50, y: point.y)) == blue.rasterColor)
    }

    @Test func aLongPressDragReordersTheNumbersAndTheCells() {
        let start = CGPoint(x: frame(0).midX, y: frame(0).midY)
        let drop = CGPoint(x: frame(7).midX, y: frame(7).midY)
        window.send(Touch(.began, at: start, time: 1))
        window.advance(to: 1.6)
        #expect((collectionView.indexPathForInteractivelyMovingItem != nil))
        for step in 1...10 {
            let p = CGFloat(step) / 10
            window.send(Touch(.moved, at: CGPoint(x: start.x + (drop.x - start.x) * p, y: start.y + (drop.y - start.y) * p),
                              time: 1.6 + 0.05 * Double(step)))
        }
        window.send(Touch(.ended, at: drop, time: 2.2))
        window.advance(to: 3)
        #expect(!(collectionView.indexPathForInteractivelyMovingItem != nil))
        let numbers = collectionView.source.numbers
        #expect(numbers.sorted() == Array(0..<100) && numbers != Array(0..<100))
        // The data and the cells agree: "0" now sits where it was dropped, at its new index.
        let newIndex = numbers.firstIndex(of: 0)!
        #expect(title(at: drop) == "0")
        #expect(frame(newIndex).contains(collectionView.convert(drop, from: nil)))
        // Every other number keeps its order.
        #expect(numbers.filter { $0 != 0 } == Array(1..<100))
    }
}
