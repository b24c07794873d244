@testable import Examples
import Springframes
import Testing

/// The articles' controllers written as Swift 6 iOS 18 code (`ModernPorts.swift`) compile in the
/// Swift 6 language mode with complete data-race checking, and behave as the articles' own ports:
/// recorded with the same touches, they move exactly as those do, row for row of the trace.
@MainActor @Suite struct Swift6PortsTests {
    static let screen = CGSize(width: 390, height: 844)

    /// The trace of `make`'s controller, played with `touches` for `duration` seconds at 30 fps.
    private func trace(_ touches: TouchScript, duration: Double, _ make: @escaping @MainActor () -> UIViewController) throws -> SceneTrace {
        try Recorder(name: "port", fps: 30, duration: duration, touches: touches, size: Self.screen, viewController: make).trace()
    }

    private func expectSameMotion(_ modern: SceneTrace, _ classic: SceneTrace, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(modern.rows.count == classic.rows.count, sourceLocation: sourceLocation)
        let first = zip(modern.rows, classic.rows).first { $0 != $1 }
        #expect(first == nil, "first difference: \(String(describing: first))", sourceLocation: sourceLocation)
        // Something moved (a cell, or the content offset): a UI at rest would match anything at rest.
        let moved = Dictionary(grouping: modern.rows, by: { "\($0.element) \($0.id)" }).values
            .contains { rows in Set(rows.map { [$0.x, $0.y] }).count > 1 }
        #expect(moved, "nothing moved", sourceLocation: sourceLocation)
    }

    /// The Xamarin app bundle's pictures: a placeholder and one per animal.
    static func registerAnimals() {
        func solid(_ rgb: UInt32) -> UIImage {
            UIImage(canvas: Canvas(pointWidth: 50, pointHeight: 50, scale: 1, background: Color(rgb: rgb)))
        }
        UIImage.register(solid(0x808080), named: "placeholder.png")
        for name in AnimalsController.names { UIImage.register(solid(0x3366CC), named: name + ".png") }
    }

    @Test func clusterDragMovesAsTheArticlesPort() throws {
        let touches = TouchScript().tap(at: 0.1, CGPoint(x: 60, y: 80)).tap(at: 0.3, CGPoint(x: 160, y: 80))
            .down(at: 0.6, CGPoint(x: 110, y: 80)).hold(0.6).move(to: CGPoint(x: 200, y: 500), duration: 0.8, curve: .easeInOut).up()
        let modern = try trace(touches, duration: 3.5) { ClusterDragController() }
        let classic = try trace(touches, duration: 3.5) { ClusterDragViewController() }
        expectSameMotion(modern, classic)
    }

    @Test func animalsHighlightAndTheirMenuAsTheArticlesPort() throws {
        Self.registerAnimals()
        func layout() -> UICollectionViewFlowLayout {
            let layout = UICollectionViewFlowLayout()
            layout.sectionInset = UIEdgeInsets(top: 50, left: 50, bottom: 50, right: 50)
            layout.itemSize = CGSize(width: 100, height: 100)
            layout.headerReferenceSize = CGSize(width: 390, height: 50)
            return layout
        }
        // A flick scrolls the grid; a held finger shows the menu.
        let touches = TouchScript().down(at: 0.1, CGPoint(x: 200, y: 700)).move(to: CGPoint(x: 200, y: 300), duration: 0.3).up()
            .down(at: 1.6, CGPoint(x: 100, y: 150)).hold(0.8).up()
        let modern = try trace(touches, duration: 3) { AnimalsController(collectionViewLayout: layout()) }
        let classic = try trace(touches, duration: 3) { SimpleCollectionViewController(layout()) }
        expectSameMotion(modern, classic)
    }

    @Test func waterfallReordersAsTheArticlesPort() throws {
        let touches = TouchScript().down(at: 0.2, CGPoint(x: 70, y: 60)).hold(0.7)
            .move(to: CGPoint(x: 300, y: 400), duration: 0.8, curve: .easeInOut).hold(0.2).up()
        let modern = try trace(touches, duration: 2.5) { WaterfallController(coder: NSCoder())! }
        let classic = try trace(touches, duration: 2.5) { WaterfallViewController(coder: NSCoder())! }
        expectSameMotion(modern, classic)
    }

    @Test func conversationCellsLagTheFingerAndSettle() throws {
        let window = UIWindow(frame: CGRect(origin: .zero, size: Self.screen))
        let controller = ConversationController(messages: (0..<200).map { Message(id: $0, text: "Message \($0)") })
        window.rootViewController = controller
        window.makeKeyAndVisible()
        let collectionView = controller.collectionView!
        func y(_ item: Int) -> CGFloat { collectionView.cellForItem(at: IndexPath(item: item, section: 0))!.center.y }
        let home = (y(8), y(14))
        window.send(Touch(.began, at: CGPoint(x: 200, y: 400), time: 0))
        for step in 1...30 {
            window.send(Touch(.moved, at: CGPoint(x: 200, y: 400 - 4 * CGFloat(step)), time: Double(step) / 120))
        }
        // In content coordinates a cell that kept up would be at home; the farther from the
        // finger (on item 7), the more a cell lags.
        let nearLag = y(8) - home.0, farLag = y(14) - home.1
        #expect(nearLag > 0 && farLag > nearLag)
        window.send(Touch(.ended, at: CGPoint(x: 200, y: 280), time: 0.3))
        window.advance(to: 3)
        #expect(abs(y(8) - home.0) < 0.5 && abs(y(14) - home.1) < 0.5)
    }

    @Test func aDragRearrangesTheItems() throws {
        let window = UIWindow(frame: CGRect(origin: .zero, size: Self.screen))
        let controller = RearrangeController()
        window.rootViewController = controller
        window.makeKeyAndVisible()
        let layout = controller.collectionView.collectionViewLayout
        let from = layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))!.center
        let to = layout.layoutAttributesForItem(at: IndexPath(item: 6, section: 0))!.center
        window.send(Touch(.began, at: from, time: 0.1))
        window.advance(to: 0.6)
        for step in 1...40 {
            let p = Double(step) / 40
            window.send(Touch(.moved, at: CGPoint(x: from.x + (to.x - from.x) * p, y: from.y + (to.y - from.y) * p), time: 0.6 + p))
        }
        window.send(Touch(.ended, at: to, time: 1.8))
        window.advance(to: 2.5)
        #expect(controller.items.firstIndex(of: 0) == 6)
        #expect(controller.items.sorted() == Array(0..<200))
    }

    @Test func anIsolatedDeinitRemovesTheBehaviors() {
        var layout: IsolatedSpringyLayout? = IsolatedSpringyLayout()
        let animator = layout!.animator
        animator.addBehavior(UIGravityBehavior(items: []))
        #expect(animator.behaviors.count == 1)
        layout = nil
        #expect(animator.behaviors.isEmpty)
    }

    /// A model value crosses to another task and back; the controller stays on the main actor.
    @Test func messagesAreSendable() async {
        let messages = (0..<3).map { Message(id: $0, text: "Message \($0)") }
        let counted = await Task.detached { messages.map(\.text.count) }.value
        #expect(counted == [9, 9, 9])
    }
}
