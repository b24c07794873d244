import Foundation
import Testing
import Vocabulary
@testable import Views

/// The constraint update pass: `setNeedsUpdateConstraints()`, `updateConstraints()` and
/// `updateViewConstraints()` before layout, leaf views first (Apple's Auto Layout Guide, "Changing
/// Constraints": "the update pass … updates the constraints from the bottom up"; the
/// `updateConstraints()` reference: "call [super] as the final step"), and once on each view's
/// first pass, as UIKit does for views that override it.
@MainActor @Suite struct ConstraintUpdatePassTests {
    /// A badge whose width constraint follows `expanded`, changed in `updateConstraints()`.
    final class Badge: UIView {
        static var log: [String] = []
        let name: String
        var expanded = false {
            didSet { setNeedsUpdateConstraints() }
        }
        lazy var width = widthAnchor.constraint(equalToConstant: 40)

        init(name: String) {
            self.name = name
            super.init(frame: .zero)
            translatesAutoresizingMaskIntoConstraints = false
        }

        required init?(coder: NSCoder) { fatalError() }

        override func updateConstraints() {
            Self.log.append(name)
            width.constant = expanded ? 120 : 40
            width.isActive = true
            super.updateConstraints()
        }
    }

    final class Controller: UIViewController {
        var updates = 0
        override func updateViewConstraints() {
            updates += 1
            super.updateViewConstraints()
        }
    }

    @Test func constraintsChangedInUpdateConstraintsLayOutInTheSamePass() {
        Badge.log = []
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        let badge = Badge(name: "badge")
        root.addSubview(badge)
        NSLayoutConstraint.activate([badge.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
                                     badge.topAnchor.constraint(equalTo: root.topAnchor),
                                     badge.heightAnchor.constraint(equalToConstant: 20)])
        #expect(badge.needsUpdateConstraints())
        root.layoutIfNeeded()
        #expect(badge.frame == CGRect(x: 10, y: 0, width: 40, height: 20))
        #expect(Badge.log == ["badge"], "called once on the first pass")
        root.layoutIfNeeded()
        #expect(Badge.log == ["badge"], "not again while nothing asks")
        badge.expanded = true
        #expect(badge.needsUpdateConstraints())
        root.layoutIfNeeded()
        #expect(badge.frame.width == 120)
        #expect(Badge.log == ["badge", "badge"])
        #expect(!badge.needsUpdateConstraints())
    }

    @Test func subviewsUpdateBeforeTheirSuperview() {
        Badge.log = []
        let outer = Badge(name: "outer")
        outer.frame = CGRect(x: 0, y: 0, width: 300, height: 200)
        outer.translatesAutoresizingMaskIntoConstraints = true
        let middle = Badge(name: "middle"), inner = Badge(name: "inner"), sibling = Badge(name: "sibling")
        outer.addSubview(middle)
        middle.addSubview(inner)
        outer.addSubview(sibling)
        outer.updateConstraintsIfNeeded()
        #expect(Badge.log == ["inner", "middle", "sibling", "outer"])
        Badge.log = []
        inner.expanded = true
        outer.layoutIfNeeded()
        #expect(Badge.log == ["inner"], "only the view that asked")
    }

    @Test func aControllersRootViewAsksItsController() {
        let controller = Controller()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        window.rootViewController = controller
        window.makeKeyAndVisible()
        window.layoutIfNeeded()
        #expect(controller.updates == 1)
        controller.view.setNeedsUpdateConstraints()
        window.layoutIfNeeded()
        #expect(controller.updates == 2)
    }
}

/// `safeAreaInsetsDidChange()` and `viewSafeAreaInsetsDidChange()`: called in the layout pass
/// when the insets differ from the last pass's, before `viewWillLayoutSubviews()` (Apple's
/// `UIView.safeAreaInsetsDidChange()`: "called when the safe area of the view changes").
@MainActor @Suite struct SafeAreaChangeTests {
    final class Controller: UIViewController {
        var log: [String] = []
        override func viewSafeAreaInsetsDidChange() {
            super.viewSafeAreaInsetsDidChange()
            log.append("safe area \(view.safeAreaInsets.top)")
        }
        override func viewWillLayoutSubviews() {
            super.viewWillLayoutSubviews()
            log.append("will lay out")
        }
    }

    @Test func theControllerHearsEachChangeOfItsViewsSafeArea() {
        let controller = Controller()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        window.rootViewController = controller
        window.makeKeyAndVisible()
        window.layoutIfNeeded()
        #expect(controller.log.filter { $0.hasPrefix("safe area") }.isEmpty, "no device, no insets: nothing changed")
        controller.additionalSafeAreaInsets = UIEdgeInsets(top: 44, left: 0, bottom: 0, right: 0)
        window.layoutIfNeeded()
        #expect(controller.log.suffix(2) == ["safe area 44.0", "will lay out"])
        controller.log = []
        controller.view.setNeedsLayout()
        window.layoutIfNeeded()
        #expect(controller.log == ["will lay out"], "laid out again with the same insets")
    }
}
