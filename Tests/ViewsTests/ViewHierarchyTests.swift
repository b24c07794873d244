import Vocabulary
import Raster
import Foundation
import DisplayList
import Testing
@testable import Views

@MainActor @Suite struct ViewHierarchyTests {
    @Test func frameIsDerivedFromCenterBoundsAndTransform() {
        let view = UIView(frame: CGRect(x: 10, y: 20, width: 100, height: 40))
        #expect(view.center == CGPoint(x: 60, y: 40))
        #expect(view.bounds == CGRect(x: 0, y: 0, width: 100, height: 40))
        view.transform = CGAffineTransform(scaleX: 2, y: 0.5)
        #expect(view.frame == CGRect(x: -40, y: 30, width: 200, height: 20))
        #expect(view.bounds.size == CGSize(width: 100, height: 40))
        view.transform = CGAffineTransform(rotationAngle: .pi / 2)
        #expect(abs(view.frame.width - 40) < 1e-9 && abs(view.frame.height - 100) < 1e-9)
    }

    @Test func convertFollowsBoundsOriginsAndTransforms() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        let scroller = UIView(frame: CGRect(x: 50, y: 50, width: 200, height: 200))
        scroller.bounds.origin = CGPoint(x: 0, y: 100)       // scrolled down by 100
        let child = UIView(frame: CGRect(x: 10, y: 120, width: 20, height: 20))
        root.addSubview(scroller)
        scroller.addSubview(child)
        #expect(child.convert(CGPoint(x: 0, y: 0), to: root) == CGPoint(x: 60, y: 70))
        #expect(root.convert(CGPoint(x: 60, y: 70), to: child) == .zero)
        #expect(child.convert(CGRect(x: 0, y: 0, width: 20, height: 20), to: nil) == CGRect(x: 60, y: 70, width: 20, height: 20))
        let sibling = UIView(frame: CGRect(x: 300, y: 300, width: 10, height: 10))
        root.addSubview(sibling)
        #expect(child.convert(CGPoint(x: 5, y: 5), to: sibling) == CGPoint(x: -235, y: -225))
    }

    @Test func hitTestFindsTheFrontmostInteractiveView() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let back = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let front = UIView(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
        root.addSubview(back)
        root.addSubview(front)
        #expect(root.hitTest(CGPoint(x: 75, y: 75), with: nil) === front)
        back.layer.zPosition = 1
        #expect(root.hitTest(CGPoint(x: 75, y: 75), with: nil) === back)
        back.isHidden = true
        #expect(root.hitTest(CGPoint(x: 75, y: 75), with: nil) === front)
        front.alpha = 0.005
        #expect(root.hitTest(CGPoint(x: 75, y: 75), with: nil) === root)
        front.alpha = 1
        front.isUserInteractionEnabled = false
        #expect(root.hitTest(CGPoint(x: 75, y: 75), with: nil) === root)
        #expect(root.hitTest(CGPoint(x: 250, y: 75), with: nil) == nil)
    }

    @Test func subviewOrderingCalls() {
        let root = UIView()
        let (a, b, c) = (UIView(), UIView(), UIView())
        root.addSubview(a)
        root.addSubview(b)
        root.insertSubview(c, belowSubview: b)
        #expect(root.subviews.map(ObjectIdentifier.init) == [a, c, b].map(ObjectIdentifier.init))
        root.insertSubview(a, aboveSubview: b)
        #expect(root.subviews.map(ObjectIdentifier.init) == [c, b, a].map(ObjectIdentifier.init))
        root.bringSubviewToFront(c)
        root.sendSubviewToBack(a)
        #expect(root.subviews.map(ObjectIdentifier.init) == [a, b, c].map(ObjectIdentifier.init))
        let other = UIView()
        other.addSubview(b)
        #expect(b.superview === other && root.subviews.count == 2)
        c.tag = 7
        #expect(root.viewWithTag(7) === c)
        c.removeFromSuperview()
        #expect(c.superview == nil && root.subviews.count == 1)
    }

    @Test func layoutRunsOnceAfterASizeChange() {
        let view = CountingView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        view.layoutIfNeeded()
        view.layoutIfNeeded()
        #expect(view.layouts == 1)
        view.bounds.size = CGSize(width: 20, height: 20)
        view.center = CGPoint(x: 100, y: 100)
        view.layoutIfNeeded()
        #expect(view.layouts == 2)
        view.center = CGPoint(x: 0, y: 0)
        view.layoutIfNeeded()
        #expect(view.layouts == 2)
    }

    @Test func windowShowsTheRootControllersViewAfterLoadingIt() {
        let controller = RecordingController()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        window.rootViewController = controller
        #expect(controller.events.isEmpty)      // hidden windows show nothing
        window.makeKeyAndVisible()
        #expect(controller.events == ["viewDidLoad", "viewWillAppear", "viewWillLayoutSubviews", "viewDidLayoutSubviews", "viewDidAppear"])
        #expect(controller.view.frame == window.bounds)
        #expect(controller.view.window === window)
        let snapshot = window.snapshot()
        #expect(snapshot.root?.children.first?.background == UIColor.systemGroupedBackground.rasterColor)
    }

    @Test func storyboardInitialisersRunAwakeFromNib() {
        let view = AwakeView(coder: NSCoder())
        #expect(view?.awoke == true)
        #expect(view?.frame == .zero)
    }
}

private final class CountingView: UIView {
    var layouts = 0
    override func layoutSubviews() { layouts += 1 }
}

private final class RecordingController: UIViewController {
    var events: [String] = []
    override func viewDidLoad() {
        events.append("viewDidLoad")
        view.backgroundColor = .systemGroupedBackground
    }
    override func viewWillAppear(_ animated: Bool) { events.append("viewWillAppear") }
    override func viewDidAppear(_ animated: Bool) { events.append("viewDidAppear") }
    override func viewWillLayoutSubviews() { events.append("viewWillLayoutSubviews") }
    override func viewDidLayoutSubviews() { events.append("viewDidLayoutSubviews") }
}

private final class AwakeView: UIView {
    var awoke = false
    override func awakeFromNib() { awoke = true }
}

@MainActor @Suite struct SnapshotViewTests {
    @Test func aSnapshotViewShowsTheViewAsItWasAndStretches() {
        let source = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 10))
        source.backgroundColor = .red
        let dot = UIView(frame: CGRect(x: 10, y: 0, width: 10, height: 10))
        dot.backgroundColor = .blue
        source.addSubview(dot)
        let copy = source.snapshotView(afterScreenUpdates: true)!
        #expect(copy.bounds.size == CGSize(width: 20, height: 10) && copy.subviews.isEmpty)
        source.backgroundColor = .green                          // later changes do not show
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        root.backgroundColor = .white
        copy.frame = CGRect(x: 0, y: 50, width: 40, height: 20)  // twice the size
        root.addSubview(copy)
        let canvas = Canvas(pointWidth: 100, pointHeight: 100, scale: 1, background: .white)
        ViewRenderer.draw(root.snapshot(at: 0), into: canvas)
        #expect(canvas.pixel(x: 10, y: 60) == UIColor.red.rasterColor)
        #expect(canvas.pixel(x: 30, y: 60) == UIColor.blue.rasterColor)
        #expect(canvas.pixel(x: 50, y: 60) == UIColor.white.rasterColor)
    }
}

/// A view added to its own subtree stops the program with a message naming the misuse, as UIKit
/// raises an exception; before, `a.addSubview(b); b.addSubview(a)` never returned.
@Suite struct ViewCycleTests {
    @Test func addingAnAncestorAsASubviewStopsWithAMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let a = UIView(), b = UIView()
                a.addSubview(b)
                b.addSubview(a)
            }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("can't add a UIView to its own descendant"), "\(message)")
    }

    @Test func addingAViewToItselfStopsWithAMessage() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                let a = UIView()
                a.addSubview(a)
            }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("can't add self as subview"), "\(message)")
    }
}
