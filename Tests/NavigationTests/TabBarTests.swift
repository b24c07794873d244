import Foundation
import DisplayList
import Raster
import TestSupport
import Testing
import Vocabulary
@testable import Views
@testable import Navigation

/// A tab bar controller: tabs selected by taps through the window, in UIKit's order of calls,
/// and the bar drawn with its items, tint and badge.
@MainActor @Suite struct TabBarTests {
    static let size = CGSize(width: 300, height: 200)

    /// Every call the tests look at, in order.
    final class Log {
        var events: [String] = []
    }

    final class Tab: UIViewController {
        let log: Log
        init(_ name: String, log: Log) {
            self.log = log
            super.init(nibName: nil, bundle: nil)
            title = name
        }
        required init?(coder: NSCoder) { log = Log(); super.init(coder: coder) }
        override func viewWillAppear(_ animated: Bool) { log.events.append("\(title!) willAppear") }
        override func viewDidAppear(_ animated: Bool) { log.events.append("\(title!) didAppear") }
        override func viewWillDisappear(_ animated: Bool) { log.events.append("\(title!) willDisappear") }
        override func viewDidDisappear(_ animated: Bool) { log.events.append("\(title!) didDisappear") }
    }

    final class Delegate: UITabBarControllerDelegate {
        let log: Log
        var refuse: String?
        init(log: Log) { self.log = log }
        func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool {
            log.events.append("shouldSelect \(viewController.title!)")
            return viewController.title != refuse
        }
        func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {
            log.events.append("didSelect \(viewController.title!)")
        }
    }

    private func makeTabs(style: UIUserInterfaceStyle = .light) -> (UIWindow, UITabBarController, Log, Delegate) {
        let log = Log()
        let tabs = UITabBarController()
        let names = ["Home", "Inbox", "Settings"]
        tabs.viewControllers = names.map { Tab($0, log: log) }
        tabs.viewControllers?[0].tabBarItem.image = Self.square(filled: false)
        tabs.viewControllers?[0].tabBarItem.selectedImage = Self.square(filled: true)
        tabs.viewControllers?[1].tabBarItem.image = Self.square(filled: false)
        tabs.viewControllers?[1].tabBarItem.badgeValue = "3"
        tabs.viewControllers?[2].tabBarItem.image = Self.square(filled: false)
        let delegate = Delegate(log: log)
        tabs.delegate = delegate
        let window = makeWindow(tabs, size: Self.size, style: style)
        window.layoutIfNeeded()
        return (window, tabs, log, delegate)
    }

    /// A 25 pt square glyph, outlined or filled.
    static func square(filled: Bool) -> UIImage {
        UIGraphicsImageRenderer(size: CGSize(width: 25, height: 25)).image { _ in
            let path = UIBezierPath(roundedRect: CGRect(x: 3, y: 3, width: 19, height: 19), cornerRadius: 4)
            UIColor.black.set()
            if filled { path.fill() } else {
                path.lineWidth = 2
                path.stroke()
            }
        }
    }

    private func near(_ a: Color, _ b: Color) -> Bool {
        [(a.red, b.red), (a.green, b.green), (a.blue, b.blue)].allSatisfy { abs(Int($0) - Int($1)) <= 3 }
    }

    /// The centre of tab `index`'s image.
    private func tabPoint(_ index: Int, in tabs: UITabBarController) -> CGPoint {
        CGPoint(x: tabs.tabBar.frame.width / 3 * (CGFloat(index) + 0.5), y: tabs.tabBar.frame.minY + 19)
    }

    @Test func aTapSelectsATabInUIKitsOrderOfCalls() {
        // The delegate is held weakly, as UIKit holds it: the test keeps it.
        let (window, tabs, log, delegate) = makeTabs()
        #expect(tabs.delegate === delegate)
        #expect(tabs.selectedIndex == 0 && tabs.tabBar.frame == CGRect(x: 0, y: 151, width: 300, height: 49))
        #expect(tabs.selectedViewController?.view.safeAreaInsets.bottom == 49)
        log.events = []
        tap(window, at: tabPoint(2, in: tabs), time: 0.1)
        #expect(log.events == ["shouldSelect Settings", "Home willDisappear", "Settings willAppear",
                               "Home didDisappear", "Settings didAppear", "didSelect Settings"])
        #expect(tabs.selectedIndex == 2 && tabs.tabBar.selectedItem === tabs.viewControllers?[2].tabBarItem)
        #expect(tabs.viewControllers?[2].view.superview === tabs.view && tabs.viewControllers?[0].view.superview == nil)

    }

    @Test func aRefusedTabIsNotSelectedAndCodeSelectsWithoutTheDelegate() {
        let (window, tabs, log, delegate) = makeTabs()
        delegate.refuse = "Inbox"
        log.events = []
        tap(window, at: tabPoint(1, in: tabs), time: 0.1)
        #expect(log.events == ["shouldSelect Inbox"] && tabs.selectedIndex == 0)
        log.events = []
        tap(window, at: tabPoint(0, in: tabs), time: 0.3)
        #expect(log.events == ["shouldSelect Home", "didSelect Home"] && tabs.selectedIndex == 0)
        log.events = []
        tabs.selectedIndex = 2
        #expect(log.events == ["Home willDisappear", "Settings willAppear", "Home didDisappear", "Settings didAppear"])
        #expect(tabs.selectedViewController === tabs.viewControllers?[2] && tabs.tabBarController == nil)
        #expect(tabs.viewControllers?[1].tabBarController === tabs)
    }

    @Test(arguments: [UIUserInterfaceStyle.light, .dark])
    func theBarDrawsItemsTintAndBadge(style: UIUserInterfaceStyle) {
        let (window, tabs, _, _) = makeTabs(style: style)
        let canvas = draw(window, at: 0.1)
        let barTop = tabs.tabBar.frame.minY
        // The badge: a red capsule whose leading edge is 6 pt right of the Inbox image's centre.
        let red = style == .dark ? Color(rgb: 0xFF453A) : Color(rgb: 0xFF3B30)
        #expect(canvas.pixel(x: Int(2 * (150 + 6 + 3)), y: Int(2 * (barTop + 11))) == red)
        // The selected Home glyph is filled in the tint; the others are outlines in grey.
        let blue = style == .dark ? Color(rgb: 0x0A84FF) : Color(rgb: 0x007AFF)
        #expect(canvas.pixel(x: 2 * 50, y: Int(2 * (barTop + 19))) == blue)
        let outline = canvas.pixel(x: 481, y: Int(2 * (barTop + 19)))
        #expect(near(outline, Color(rgb: 0x8E8E93)), "Settings outline \(outline)")
        expectMatchesReference(canvas, area: "bars", name: "tab_bar_\(style == .dark ? "dark" : "light")")
    }

    @Test func theBarSitsAboveTheHomeIndicatorAndInsetsTheContent() {
        let (window, tabs, _, _) = makeTabs()
        window.deviceSafeAreaInsets = UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0)
        window.layoutIfNeeded()
        // 49 pt of items above the 34 pt home indicator; the background reaches the bottom.
        #expect(tabs.tabBar.frame == CGRect(x: 0, y: 200 - 83, width: 300, height: 83))
        #expect(tabs.selectedViewController?.view.safeAreaInsets.bottom == 83)
        #expect(tabs.tabBar.subviews.compactMap { $0 as? TabBarButton }.allSatisfy { $0.frame.minY == 0 && $0.frame.height == 49 })
    }

    @Test func theBarIsTransparentWithContentAtItsBottomAndMaterialWhenMoreIsBelow() {
        let list = BrightListController(title: "Feed", rows: 20)
        let tabs = UITabBarController()
        tabs.viewControllers = [list, UIViewController()]
        let window = makeWindow(tabs, size: Self.size, style: .light)
        window.layoutIfNeeded()
        let scroll = list.view as! UIScrollView
        #expect(!tabs.contentIsAtBottomEdge)
        let middle = draw(window, at: 0.1)
        // Row 4 (pink FFAEBC) lies under the bar's right end; the chrome material blurs and tints it.
        let material = middle.pixel(x: 2 * 290, y: 2 * 190)
        #expect(material != Color(rgb: 0xFFAEBC) && relativeLuminance(material) > 0.6)
        scroll.contentOffset = CGPoint(x: 0, y: scroll.contentSize.height + scroll.adjustedContentInset.bottom - scroll.bounds.height)
        #expect(tabs.contentIsAtBottomEdge)
        // The last row ends at the bar's top; the scroll view's white inset shows through the
        // transparent bar unchanged, with no hairline.
        let bottom = draw(window, at: 0.2)
        #expect(bottom.pixel(x: 2 * 290, y: 2 * 190) == .white && bottom.pixel(x: 2 * 290, y: 2 * 151) == .white)
        #expect(bottom.pixel(x: 2 * 290, y: 2 * 150) == Color(rgb: 0xFFAEBC))
    }
}
