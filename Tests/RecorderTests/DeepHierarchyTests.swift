import Foundation
import Springframes
import Testing

/// Deep view trees: 2,000 nested views (a generated form, a recursive component) lay out, draw,
/// trace and hit-test without running out of stack, as on iOS. Drawing them once overflowed the
/// stack: each level of the tree took over 4 kB of it in a debug build.
@MainActor @Suite struct DeepHierarchyTests {
    static let depth = 2_000

    /// A root 100 × 100 pt holding `depth` views, each inset by 0.02 pt in its parent and
    /// coloured by the parity of its depth; the innermost (20 × 20 pt) is blue and named.
    final class Nested: UIViewController {
        private(set) var innermost: UIView?

        override func loadView() {
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            root.backgroundColor = .white
            var parent = root
            for level in 0..<DeepHierarchyTests.depth {
                let child = UIView(frame: parent.bounds.insetBy(dx: 0.02, dy: 0.02))
                child.backgroundColor = level % 2 == 0 ? .red : .green
                parent.addSubview(child)
                parent = child
            }
            parent.backgroundColor = .blue
            parent.accessibilityIdentifier = "innermost"
            innermost = parent
            view = root
        }
    }

    static let size = CGSize(width: 100, height: 100)

    @Test func twoThousandNestedViewsDrawAndTrace() throws {
        let image = try Recorder(viewController: Nested(), duration: 0.05, scale: 1, size: Self.size).images(ofFrames: [0])[0]
        #expect(image.pixel(x: 50, y: 50) == Color.blue)
        let trace = try Recorder(viewController: Nested(), duration: 0.05, scale: 1, size: Self.size).trace()
        let innermost = try #require(trace.rows.first { $0.id == "innermost" })
        #expect(abs(innermost.x - 50) < 1e-6 && abs(innermost.width - 20) < 1e-6)
    }

    @Test func twoThousandNestedViewsLayOutAndHitTest() throws {
        let controller = Nested()
        let window = UIWindow(frame: CGRect(origin: .zero, size: Self.size))
        window.rootViewController = controller
        window.makeKeyAndVisible()
        window.layoutIfNeeded()
        let innermost = try #require(controller.innermost)
        #expect(window.hitTest(CGPoint(x: 50, y: 50), with: nil) === innermost)
        let origin = innermost.convert(CGPoint.zero, to: window)
        #expect(abs(origin.x - 40) < 1e-6 && abs(origin.y - 40) < 1e-6)
    }
}
