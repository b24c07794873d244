import Foundation
import Springframes
import Testing
import TestSupport

/// Right to left, the navigation bar reads from the right: the back button at the right edge and
/// the right bar items at the left.
@MainActor @Suite struct NavigationBarDirectionTests {
    @Test func theBarMirrorsRightToLeft() throws {
        let screen = UIScreen(device: .iPhoneSE, settings: DeviceSettings(layoutDirection: .rightToLeft))
        let window = UIWindow(frame: screen.bounds)
        window.screen = screen
        let root = UIViewController()
        root.title = "Inbox"
        let navigation = UINavigationController(rootViewController: root)
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        let detail = UIViewController()
        detail.title = "Message"
        detail.view.backgroundColor = .systemBackground
        detail.navigationItem.rightBarButtonItem = UIBarButtonItem(title: "Edit", style: .plain, target: nil, action: nil)
        navigation.pushViewController(detail, animated: false)
        window.layoutIfNeeded()
        func buttons(in view: UIView) -> [UIView] {
            (String(describing: type(of: view)) == "BarButton" ? [view] : []) + view.subviews.flatMap(buttons)
        }
        let bar = navigation.navigationBar
        let placed = buttons(in: bar).filter { $0.alpha > 0 && $0.superview?.alpha ?? 0 > 0 }.map { $0.convert($0.bounds, to: bar) }
        #expect(placed.count == 2)
        // The back button 8 pt from the right edge; "Edit" 16 pt from the left.
        #expect(placed.contains { $0.maxX == 375 - 8 }, "\(placed)")
        #expect(placed.contains { $0.minX == 16 }, "\(placed)")
        let canvas = Canvas(pointWidth: 375, pointHeight: 120, scale: 2, background: .white)
        ViewRenderer.draw(window.snapshot(at: window.currentTime), into: canvas)
        expectMatchesReference(canvas, area: "traits", name: "navigation-bar-right-to-left")
    }
}
