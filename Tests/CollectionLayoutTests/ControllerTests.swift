import Foundation
import Vocabulary
import Testing
@testable import CollectionLayout
@testable import Dynamics

/// View controllers as iOS code writes them: overrides of the data source and delegate methods
/// are called, targets are method references, animators step with the window.
@MainActor @Suite struct ControllerTests {
    @Test func overridesOfTheControllersMethodsAreCalled() {
        let controller = TilesController(collectionViewLayout: tileLayout())
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 400))
        window.rootViewController = controller
        window.makeKeyAndVisible()
        // 80 pt tiles, 10 pt insets and spacing in 390 × 400: 4 per row, rows at 10, 100, 190, 280 and 370.
        #expect(controller.collectionView.visibleCells.count == 20)
        #expect((controller.collectionView.cellForItem(at: IndexPath(item: 4, section: 0)) as? TileCell)?.label.text == "4")

        let tile = controller.collectionView.convertToScreen(controller.collectionView.layoutAttributesForItem(
            at: IndexPath(item: 2, section: 0))?.center ?? .zero)
        tap(window, at: tile, time: 0.1)
        tap(window, at: tile, time: 0.5)
        // Single selection: tapping the selected item again selects it again, as UIKit does.
        #expect(controller.selections == [2, 2])
        #expect(controller.collectionView.indexPathsForSelectedItems == [IndexPath(item: 2, section: 0)])
    }

    @Test func aTargetActionRecognizerCallsTheMethod() {
        let controller = TapController()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        window.rootViewController = controller
        window.makeKeyAndVisible()
        tap(window, at: CGPoint(x: 60, y: 70), time: 0.2)
        // The box is at (50, 50): the location is in its coordinates.
        #expect(controller.taps == [CGPoint(x: 10, y: 20)])
        tap(window, at: CGPoint(x: 250, y: 250), time: 0.5)     // outside the box: its recognizer sees nothing
        #expect(controller.taps.count == 1)
    }

    @Test func anAnimatorMadeInViewDidLoadStepsWithTheWindow() {
        let controller = FallingController()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 300, height: 2000))
        window.rootViewController = controller
        window.makeKeyAndVisible()
        window.advance(to: 0.5)
        // ½·g·t² with g = 1000 pt/s²: 125 pt, within the integrator's first-order step.
        let fallen = controller.ball.center.y - 100
        #expect(abs(fallen - 125) < 0.5)
        #expect(controller.animator?.elapsedTime == 0.5)
    }

    // MARK: Fixtures

    private func tileLayout() -> UICollectionViewFlowLayout {
        let layout = UICollectionViewFlowLayout()
        layout.scrollDirection = UICollectionView.ScrollDirection.vertical     // today's Swift spelling
        layout.itemSize = CGSize(width: 80, height: 80)
        layout.sectionInset = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
        return layout
    }

    private func tap(_ window: UIWindow, at point: CGPoint, time: Double) {
        window.send(Touch(.began, at: point, time: time))
        window.send(Touch(.ended, at: point, time: time + 0.08))
    }
}

private final class TilesController: UICollectionViewController {
    var selections: [Int] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        collectionView.register(TileCell.self, forCellWithReuseIdentifier: "tile")
    }

    override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 30 }

    override func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "tile", for: indexPath)
        (cell as? TileCell)?.label.text = "\(indexPath.item)"
        return cell
    }

    override func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        selections.append(indexPath.item)
    }
}

private final class TileCell: UICollectionViewCell {
    let label = UILabel()

    required init(frame: CGRect) {
        super.init(frame: frame)
        contentView.addSubview(label)
    }

    required init?(coder: NSCoder) { nil }
}

private final class TapController: UIViewController {
    var taps: [CGPoint] = []
    let box = UIView(frame: CGRect(x: 50, y: 50, width: 100, height: 100))

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(box)
        box.addGestureRecognizer(UITapGestureRecognizer(target: self, action: TapController.handleTap))
    }

    func handleTap(_ gesture: UITapGestureRecognizer) {
        taps.append(gesture.location(in: box))
    }
}

private final class FallingController: UIViewController {
    let ball = UIView(frame: CGRect(x: 100, y: 50, width: 100, height: 100))
    var animator: UIDynamicAnimator?

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(ball)
        let animator = UIDynamicAnimator(referenceView: view)
        animator.addBehavior(UIGravityBehavior(items: [ball]))
        self.animator = animator
    }
}
