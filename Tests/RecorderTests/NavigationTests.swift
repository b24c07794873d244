import Foundation
import Springframes
@testable import Views
import Testing
import TestSupport

/// A list in a navigation controller: a tap on a cell pushes a detail screen, recorded to frames
/// and a trace, as an app's own flow would be.
@MainActor @Suite struct NavigationTests {
    static let size = CGSize(width: 200, height: 300)

    final class ListController: UICollectionViewController {
        override func viewDidLoad() {
            super.viewDidLoad()
            title = "Photos"
            collectionView.backgroundColor = .systemBackground
            collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
            navigationItem.rightBarButtonItem = UIBarButtonItem(barButtonSystemItem: .add)
        }

        override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 12 }

        override func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
            cell.backgroundColor = indexPath.item == 0 ? .systemBlue : .systemGray4
            return cell
        }

        override func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
            let detail = DetailController()
            detail.title = "Photo \(indexPath.item)"
            navigationController?.pushViewController(detail, animated: true)
        }
    }

    final class DetailController: UIViewController {
        var events: [String] = []
        override func viewDidLoad() {
            super.viewDidLoad()
            view.backgroundColor = .systemOrange
            view.accessibilityIdentifier = "detail"
        }
        override func viewWillAppear(_ animated: Bool) { events.append("willAppear \(animated)") }
        override func viewDidAppear(_ animated: Bool) { events.append("didAppear \(animated)") }
    }

    private func makeNavigation() -> UINavigationController {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 80, height: 80)
        layout.sectionInset = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
        return UINavigationController(rootViewController: ListController(collectionViewLayout: layout))
    }

    @Test func aTapPushesTheDetailWithTheSystemSpring() throws {
        let navigation = makeNavigation()
        // The first cell sits under the 44 pt bar: at (10 + 40, 44 + 10 + 40).
        let touches = TouchScript().tap(at: 0.1, CGPoint(x: 50, y: 94), duration: 0.05)
        let recorder = Recorder(viewController: navigation, fps: 60, duration: 0.75, scale: 2, touches: touches, size: Self.size)
        let trace = try recorder.trace()
        let rows = trace.rows.filter { $0.element == .view && $0.id == "detail" }
        let first = try #require(rows.first)
        // The push starts when the tap ends (0.15 s) and slides over 0.35 s with damping ratio 4.56.
        let spring = SpringTiming(duration: UINavigationController.transitionDuration, dampingRatio: 4.56, initialVelocity: 0)
        for row in rows {
            let t = row.time - 0.15
            let expected = t >= UINavigationController.transitionDuration ? 100 : 100 + 200 * spring.remaining(at: t)
            #expect(abs(row.x - expected) < 1e-6, "frame \(row.frame) at \(row.time) s: \(row.x), expected \(expected)")
        }
        #expect(first.x > 150 && rows.last?.x == 100)
        let detail = try #require(navigation.topViewController as? DetailController)
        #expect(navigation.viewControllers.count == 2 && detail.title == "Photo 0" && detail.navigationItem.title == "Photo 0")
        #expect(detail.events == ["willAppear true", "didAppear true"])
        #expect(navigation.navigationBar.backItem?.title == "Photos" && navigation.navigationBar.topItem === detail.navigationItem)
        // Under the bar: the detail's safe area starts 44 pt down.
        #expect(detail.view.safeAreaInsets.top == 44)
    }

    @Test func theBarDrawsTheTitleAndPopReturns() throws {
        let navigation = makeNavigation()
        let window = UIWindow(frame: CGRect(origin: .zero, size: Self.size))
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        let canvas = Canvas(pointWidth: 200, pointHeight: 300, scale: 2)
        ViewRenderer.draw(window.snapshot(), into: canvas)
        // The content is at its top, so the bar shows its scroll-edge look (iOS 15+): transparent,
        // the white content through it and no hairline at 44 pt; a blue "+" at the trailing edge.
        #expect(canvas.pixel(x: 2 * 20, y: 2 * 5) == .white)
        #expect(canvas.pixel(x: 2 * 20, y: 2 * 44) == .white)
        var blue = 0
        for y in 20..<68 { for x in 340..<384 where canvas.pixel(x: x, y: y).blue > 200 && canvas.pixel(x: x, y: y).red < 100 { blue += 1 } }
        #expect(blue > 20)
        expectMatchesReference(canvas, area: "navigation", name: "navigation_bar_title")

        let detail = DetailController()
        detail.title = "Detail"
        navigation.pushViewController(detail, animated: false)
        #expect(navigation.viewControllers.count == 2)
        navigation.navigationBar.prefersLargeTitles = true
        window.advance(to: 0.1)
        let large = Canvas(pointWidth: 200, pointHeight: 300, scale: 2)
        ViewRenderer.draw(window.snapshot(), into: large)
        expectMatchesReference(large, area: "navigation", name: "navigation_bar_large_title_back")
        #expect(navigation.navigationBar.frame.height == 96)

        let popped = navigation.popViewController(animated: true)
        #expect(popped is DetailController)
        window.advance(to: 1)
        #expect(navigation.viewControllers.count == 1 && popped?.viewIfLoaded?.superview == nil)
    }

    @Test func aSheetRisesOverADimmedShrunkenScreenAndDismisses() throws {
        let navigation = makeNavigation()
        let window = UIWindow(frame: CGRect(origin: .zero, size: Self.size))
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        let sheet = DetailController()
        var presented = false
        navigation.present(sheet, animated: true) { presented = true }
        #expect(navigation.presentedViewController === sheet && sheet.presentingViewController === navigation)
        window.advance(to: 0.25)
        #expect(!presented && sheet.view.layer.presentation()!.frame.minY > 10)
        window.advance(to: 0.6)
        #expect(presented && sheet.view.frame == CGRect(x: 0, y: 10, width: 200, height: 290))
        #expect(abs(navigation.view.transform.a - 168.0 / 200) < 1e-12)
        let canvas = Canvas(pointWidth: 200, pointHeight: 300, scale: 2)
        ViewRenderer.draw(window.snapshot(), into: canvas)
        expectMatchesReference(canvas, area: "navigation", name: "page_sheet")
        var dismissed = false
        sheet.dismiss(animated: true) { dismissed = true }
        window.advance(to: 1.2)
        #expect(dismissed && navigation.presentedViewController == nil && sheet.view.superview == nil)
        #expect(navigation.view.transform == .identity)
    }
}
