import Foundation
import Springframes
@testable import Views
@testable import Navigation
import Testing

/// Push and pop as the bar draws them, and the back swipe, driven by touches through the window.
///
/// Sources of the expected values: the slide's spring (0.35 s, damping ratio 4.56) and the bar's
/// choreography are our reading of iOS (documented on `UINavigationController` and
/// `UINavigationBar.show(items:along:forward:restoring:)`): positions here are that spring's
/// closed form. The back swipe's finish rule projects the release velocity with the scroll
/// view's deceleration rate 0.998, as WWDC 2018's "Designing Fluid Interfaces" (session 803)
/// decides where a flicked interface comes to rest.
@MainActor @Suite struct NavigationTransitionTests {
    /// iPhone-wide, so that the back button has room for the previous title (a third of the bar).
    static let size = CGSize(width: 390, height: 300)
    static let width: CGFloat = 390
    static let spring = SpringTiming(duration: UINavigationController.transitionDuration, dampingRatio: 4.56, initialVelocity: 0)

    private func makeWindow(largeTitles: Bool) -> (UIWindow, UINavigationController) {
        let root = UIViewController()
        root.title = "Photos"
        root.view.backgroundColor = .white
        let navigation = UINavigationController(rootViewController: root)
        navigation.navigationBar.prefersLargeTitles = largeTitles
        let window = UIWindow(frame: CGRect(origin: .zero, size: Self.size))
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        window.advance(to: 0.1)
        return (window, navigation)
    }

    private func detail() -> UIViewController {
        let detail = UIViewController()
        detail.title = "Detail"
        // White, as the root's: at the scroll edge the bar is transparent (iOS 15+), so the band
        // under the large titles shows the views themselves, and any title ink stands out.
        detail.view.backgroundColor = .white
        return detail
    }

    private func draw(_ window: UIWindow) -> Canvas {
        let canvas = Canvas(pointWidth: Double(Self.size.width), pointHeight: Double(Self.size.height), scale: 2)
        ViewRenderer.draw(window.snapshot(), into: canvas)
        return canvas
    }

    /// The bar's current content (the last one added, on top).
    private func content(_ navigation: UINavigationController) throws -> BarContent {
        try #require(navigation.navigationBar.subviews.last { $0 is BarContent } as? BarContent)
    }

    /// The left edge of `view` as shown now, in its superview.
    private func shownMinX(_ view: UIView) throws -> CGFloat {
        let shown = try #require(view.layer.presentation())
        return shown.position.x - shown.bounds.width / 2 + shown.transform.m41
    }

    @Test func pushFromALargeTitle_TheOutgoingTitleIsNeverDrawnOverTheIncomingView() throws {
        let (window, navigation) = makeWindow(largeTitles: true)
        let incoming = detail()
        navigation.pushViewController(incoming, animated: true)
        // The incoming view comes in from the right edge: its leading edge is at width · remaining.
        try expectNoLargeTitleInkBeside(incoming.view, in: window, edge: { Self.width * $0 })
        #expect(try content(navigation).largeTitle?.text == "Detail")
    }

    @Test func popToALargeTitle_TheIncomingTitleIsNeverDrawnOverTheOutgoingView() throws {
        let (window, navigation) = makeWindow(largeTitles: true)
        let outgoing = detail()
        navigation.pushViewController(outgoing, animated: false)
        window.advance(to: 0.2)
        navigation.popViewController(animated: true)
        // The outgoing view leaves to the right: its leading edge is at width · (1 − remaining).
        try expectNoLargeTitleInkBeside(outgoing.view, in: window, edge: { Self.width * (1 - $0) })
        #expect(try content(navigation).largeTitle?.text == "Photos")
    }

    /// Over the transition just started, frame by frame: `view`'s leading edge is at
    /// `edge(remaining)` (the spring's closed form), and between that edge and where `view`'s own
    /// large title begins (16 pt in) the large title band shows only the bar over `view`: no ink
    /// of the other controller's large title.
    private func expectNoLargeTitleInkBeside(_ view: UIView, in window: UIWindow, edge: (Double) -> CGFloat) throws {
        let start = window.clock.currentTime
        var checkedColumns = 0
        for frame in 1..<21 {
            let time = start + Double(frame) / 60
            window.advance(to: time)
            let edge = edge(Self.spring.remaining(at: time - start))
            #expect(abs(try shownMinX(view) - edge) < 1e-6)
            let canvas = draw(window)
            let first = Int((edge + 1).rounded(.up)), last = Int(edge + 14)
            guard first <= last, CGFloat(last) < Self.width else { continue }
            for x in first...last {
                checkedColumns += 1
                for y in 50..<90 {
                    let pixel = canvas.pixel(x: 2 * x, y: 2 * y)
                    #expect(min(pixel.red, pixel.green, pixel.blue) > 200,
                            "frame \(frame): ink at (\(x), \(y)) over the view whose edge is at \(edge)")
                    if min(pixel.red, pixel.green, pixel.blue) <= 200 { return }
                }
            }
        }
        #expect(checkedColumns > 100)
        window.advance(to: start + 1)
    }

    @Test func pushMovesTheInlineTitleToTheBackButtonWhichShowsThePreviousTitle() throws {
        let (window, navigation) = makeWindow(largeTitles: false)
        let outgoing = try content(navigation)
        let oldTitle = try #require(outgoing.inlineTitle)
        let oldTitleX = try #require(outgoing.inlineTitleTextX)
        navigation.pushViewController(detail(), animated: true)
        let incoming = try content(navigation)
        let back = try #require(incoming.backButton)
        #expect(back.label.text == "Photos")
        let newTitle = try #require(incoming.inlineTitle)
        #expect(newTitle.text == "Detail")
        let backX = back.frame.minX + back.chevronWidth
        let start = window.clock.currentTime
        for time in [0.05, 0.1, 0.2] {
            window.advance(to: start + time)
            let r = Self.spring.remaining(at: time)
            // The new title comes from half the width to the right; the back button's title from
            // where the old title was; the old title goes to where the back button's title is.
            #expect(abs(try shownMinX(newTitle) - (newTitle.frame.minX + Self.width / 2 * r)) < 1e-6)
            #expect(abs(try #require(back.label.layer.presentation()).transform.m41 - (oldTitleX - backX) * r) < 1e-6)
            #expect(abs(try shownMinX(oldTitle) - (oldTitle.frame.minX - (backX - oldTitleX) * r)) < 1e-6)
            // Cross-fading: the incoming content's opacity rises as the outgoing one's falls.
            let (shownIn, shownOut) = (try #require(incoming.layer.presentation()).opacity, try #require(outgoing.layer.presentation()).opacity)
            #expect(abs(Double(shownIn) - (1 - r)) < 1e-6 && abs(Double(shownOut) - r) < 1e-6)
        }
        window.advance(to: start + 1)
        #expect(outgoing.superview == nil && back.label.transform == .identity)
    }

    @Test func popMovesTheBackButtonsTitleToTheCentreAsTheTitle() throws {
        let (window, navigation) = makeWindow(largeTitles: false)
        navigation.pushViewController(detail(), animated: false)
        let outgoing = try content(navigation)
        let back = try #require(outgoing.backButton)
        let backX = back.frame.minX + back.chevronWidth
        navigation.popViewController(animated: true)
        let incoming = try content(navigation)
        let title = try #require(incoming.inlineTitle)
        let titleX = try #require(incoming.inlineTitleTextX)
        #expect(title.text == "Photos" && incoming.backButton == nil)
        let start = window.clock.currentTime
        for time in [0.05, 0.1, 0.2] {
            window.advance(to: start + time)
            let r = Self.spring.remaining(at: time)
            // The title comes from where the back button's title was; that title goes to the centre.
            #expect(abs(try shownMinX(title) - (title.frame.minX + (backX - titleX) * r)) < 1e-6)
            #expect(abs(try #require(back.label.layer.presentation()).transform.m41 - (titleX - backX) * (1 - r)) < 1e-6)
        }
        window.advance(to: start + 1)
        #expect(outgoing.superview == nil && navigation.viewControllers.count == 1)
    }

    @Test func withNothingToGoBackToTheBackSwipeFails() throws {
        let (window, navigation) = makeWindow(largeTitles: false)
        let swipe = try #require(navigation.interactivePopGestureRecognizer)
        window.send(Touch(.began, at: CGPoint(x: 5, y: 150), time: 1))
        window.send(Touch(.moved, at: CGPoint(x: 40, y: 150), time: 1.05))
        #expect(swipe.state == .failed)
        window.send(Touch(.ended, at: CGPoint(x: 40, y: 150), time: 1.1))
        #expect(navigation.viewControllers.count == 1)
    }

    /// A back swipe: down 5 pt from the left edge, right along `path` (x every 1/60 s), then up.
    struct Swipe: CustomTestStringConvertible, Sendable {
        let name: String
        let path: [CGFloat]
        var testDescription: String { name }
    }

    nonisolated static let swipes = [
        Swipe(name: "slow past the middle", path: Array(stride(from: 10, through: 250, by: 6)) + Array(repeating: 250, count: 8)),
        Swipe(name: "slow short of the middle", path: Array(stride(from: 10, through: 170, by: 6)) + Array(repeating: 172, count: 8)),
        Swipe(name: "flicked from a fifth", path: Array(stride(from: 10, through: 82, by: 8))),
        Swipe(name: "past the middle moving back", path: Array(stride(from: 10, through: 270, by: 10)) + [266, 262, 258, 254, 250, 246, 242]),
    ]

    @Test(arguments: swipes)
    func backSwipeFollowsTheFingerAndFinishesByProjectedRest(_ swipe: Swipe) throws {
        let (window, navigation) = makeWindow(largeTitles: false)
        let root = try #require(navigation.topViewController)
        let top = detail()
        navigation.pushViewController(top, animated: false)
        let y: CGFloat = 150, down: CGFloat = 5
        var time = 1.0
        window.send(Touch(.began, at: CGPoint(x: down, y: y), time: time))
        var samples: [(TimeInterval, CGFloat)] = []
        for x in swipe.path {
            time += 1.0 / 60
            window.send(Touch(.moved, at: CGPoint(x: x, y: y), time: time))
            samples.append((time, x))
            // Once the pan has begun (10 pt), the top view is where the finger has taken it.
            if x - down >= 10 {
                #expect(abs(try shownMinX(top.view) - (x - down)) < 1e-6, "finger at \(x)")
                #expect(root.view.superview != nil)
            }
        }
        let end = try #require(swipe.path.last)
        window.send(Touch(.ended, at: CGPoint(x: end, y: y), time: time))
        // The release velocity over the last 0.1 s, and where that momentum would bring the view to rest.
        let recent = samples.filter { $0.0 >= time - 0.1 - 1e-9 }
        let velocity = (recent.last!.1 - recent.first!.1) / CGFloat(recent.last!.0 - recent.first!.0)
        let rest = (end - down) + velocity * 0.998 / (1000 * 0.002)
        let finishes = velocity >= 0 && rest > Self.width / 2
        #expect(UINavigationController.backSwipeFinishes(translation: end - down, velocity: velocity, width: Self.width) == finishes)
        window.advance(to: time + 1)
        if finishes {
            #expect(navigation.viewControllers.count == 1 && navigation.topViewController === root && top.view.superview == nil && root.view.frame.minX == 0)
            #expect(try content(navigation).inlineTitle?.text == "Photos")
        } else {
            #expect(navigation.viewControllers.count == 2 && navigation.topViewController === top && root.view.superview == nil && top.view.frame.minX == 0)
            #expect(try content(navigation).inlineTitle?.text == "Detail" && content(navigation).backButton?.label.text == "Photos")
        }
    }

    /// The table covers each outcome: two finish and two go back.
    @Test func theSwipesCoverFinishingAndCancelling() {
        func outcome(_ swipe: Swipe) -> Bool {
            let path = swipe.path, n = min(6, path.count - 1)
            let velocity = (path[path.count - 1] - path[path.count - 1 - n]) * 60 / CGFloat(n)
            return UINavigationController.backSwipeFinishes(translation: path.last! - 5, velocity: velocity, width: Self.width)
        }
        #expect(Self.swipes.map(outcome) == [true, false, true, false])
    }
}
