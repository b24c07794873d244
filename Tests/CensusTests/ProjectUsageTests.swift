import Census
import Testing

@Suite struct ProjectUsageTests {
    private static let springframes = DeclaredSurface(files: [SourceFile(source: """
        open class UIView {
            public var frame: CGRect
            public var layer: CALayer
            public var backgroundColor: UIColor?
            open func layoutSubviews() {}
            public func addSubview(_ view: UIView) {}
            public static func animate(withDuration duration: Double, animations: @escaping () -> Void) {}
        }
        open class CALayer { public var cornerRadius: CGFloat }
        open class UIViewController { public var view: UIView! ; open func viewDidLoad() {} }
        open class UILabel: UIView { public var text: String? }
        public protocol UITableViewDataSource {
            func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int
        }
        """)])

    private func usage(_ sources: String...) -> ProjectUsage {
        ProjectUsage(name: "fixture", sources: sources, surface: Self.springframes)
    }

    @Test func scan_TypeNamesAreCountedOutsideCommentsAndStrings() {
        let found = usage("""
            let a = UIView() // UIView in a comment
            let b: UILabel = "UILabel in a string"
            struct UIThing {}   // the project's own
            let c = UIThing()
            """)
        #expect(found.typeUses == ["UIView": 1, "UILabel": 1])
    }

    @Test func scan_StaticMembersInitializersAndNestedTypes() {
        let found = usage("""
            UIView.animate(withDuration: 0.3) { }
            let v = UIView(frame: .zero)
            let o: UIView.AnimationOptions = [.curveEaseIn]
            let f = UIFont.systemFont(ofSize: 12, weight: .bold)
            """)
        #expect(found.memberUses == [
            "UIView.animate(withDuration:animations:)": 1, "UIView.init(frame:)": 1,
            "UIView.AnimationOptions": 1, "UIFont.systemFont(ofSize:weight:)": 1,
        ])
    }

    @Test func scan_ReceiversOfEvidentTypeThroughChains() {
        let found = usage("""
            func f(label: UILabel) {
                label.text = "x"
                label.layer.cornerRadius = 4
                label.frame.size = .zero
                if label.isHidden { }
            }
            """)
        #expect(found.memberUses == [
            "UILabel.text": 1, "UIView.layer": 1, "CALayer.cornerRadius": 1, "UIView.frame": 1, "CGRect.size": 1,
            "UILabel.isHidden": 1,
        ])
    }

    @Test func scan_OverridesAndImplicitReceiversInSubclasses() {
        let found = usage("""
            class Base: UIViewController {}
            class Screen: Base {
                var title2 = 0
                override func viewDidLoad() {
                    super.viewDidLoad()
                    view.backgroundColor = .red
                    self.title2 = 1
                    view.addSubview(Badge())
                }
            }
            class Badge: UIView {
                override func layoutSubviews() { layer.cornerRadius = 2 }
            }
            """)
        #expect(found.memberUses == [
            "UIViewController.viewDidLoad()": 2, "UIViewController.view": 2, "UIView.backgroundColor": 1,
            "UIView.addSubview(_:)": 1, "UIView.layoutSubviews()": 1, "UIView.layer": 1, "CALayer.cornerRadius": 1,
        ])
    }

    @Test func scan_ProtocolRequirementsOfConformingTypes() {
        let found = usage("""
            class List: NSObject {}
            extension List: UITableViewDataSource, UITableViewDelegate {
                func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 0 }
                func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}
                func numberOfSections(in tableView: UITableView) -> Int { 1 }
                func helper() {}
            }
            """)
        #expect(found.memberUses == [
            "UITableViewDataSource.tableView(_:numberOfRowsInSection:)": 1,
            "UITableViewDelegate.tableView(_:didSelectRowAt:)": 1,
            "UITableViewDataSource.numberOfSections(in:)": 1,
        ])
    }

    @Test func report_SharesAndMissingNames() {
        let surface = Self.springframes
        let one = ProjectUsage(name: "one", sources: ["let v = UIView(); v.frame = .zero; v.tintColor = nil"], surface: surface)
        let two = ProjectUsage(name: "two", sources: ["let v = UIView(); v.tintColor = nil; v.tintColor = nil"], surface: surface)
        let report = CensusReport(usages: [one, two], surface: surface)
        #expect(report.membersDeclared.declared == 1 && report.membersDeclared.total == 3)
        #expect(report.memberUsesDeclared.declared == 1 && report.memberUsesDeclared.total == 6)
        #expect(report.missing().map(\.name) == ["UIView.tintColor", "UIView.init()"])
    }
}

@Suite struct ProjectUsageNamingTests {
    @Test func scan_ImportsAndCFunctionsAreNotTypesWithInitializers() {
        let found = ProjectUsage(name: "fixture", sources: ["""
            import UIKit
            let context = UIGraphicsGetCurrentContext()
            let t = CATransform3DRotate(CATransform3DIdentity, 1, 0, 0, 1)
            """], surface: DeclaredSurface())
        #expect(found.typeUses == ["UIGraphicsGetCurrentContext": 1, "CATransform3DRotate": 1, "CATransform3DIdentity": 1])
        #expect(found.memberUses.isEmpty)
    }

    @Test func scan_SubclassOfAnUndeclaredUIKitClassCountsTheDeclaringClass() {
        let surface = DeclaredSurface(files: [SourceFile(source: "open class UIViewController { open func viewDidLoad() {} }")])
        let found = ProjectUsage(name: "fixture", sources: ["""
            class List: UITableViewController { override func viewDidLoad() { super.viewDidLoad() } }
            """], surface: surface)
        #expect(found.memberUses == ["UIViewController.viewDidLoad()": 2])
    }
}

extension ProjectUsageNamingTests {
    @Test func scan_ResultsOfCFunctionsTypeTheirVariables() {
        let found = ProjectUsage(name: "fixture", sources: ["""
            let context = UIGraphicsGetCurrentContext()
            context?.translateBy(x: 1, y: 2)
            """], surface: DeclaredSurface())
        #expect(found.memberUses == ["CGContext.translateBy(x:y:)": 1])
    }
}
