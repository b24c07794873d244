import Census
import Testing

@Suite struct DeclaredSurfaceTests {
    private static let fixture = """
        import Foundation

        @MainActor @preconcurrency
        open class UIView: UIResponder {
            public var frame: CGRect = .zero
            public var layer: CALayer { backing }
            internal var backing = CALayer()
            public init(frame: CGRect) {}
            open func layoutSubviews() {}
            public func snapshotView(afterScreenUpdates: Bool) -> UIView? {
                UIKitCompatibility.notHonoured("UIView.snapshotView", "no screen")
                return nil
            }
            public struct AnimationOptions: OptionSet {
                public let rawValue: UInt
                public static let curveEaseIn = AnimationOptions(rawValue: 1)
            }
        }

        extension UIView {
            public static func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void) {}
            func internalHelper() {}
        }

        public extension UIView {
            var alpha: CGFloat { 1 }
            private var hidden: Int { 0 }
        }

        open class UILabel: UIView {
            open var text: String?
        }

        public enum NSTextAlignment: Int { case left, center, right }
        public protocol UITableViewDataSource: AnyObject {
            func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int
        }
        public typealias CGContext = UIGraphicsContext
        public func CACurrentMediaTime() -> Double { 0 }
        class UIPrivateThing { public var x = 0 }
        """

    private let surface = DeclaredSurface(files: [SourceFile(source: fixture)])

    @Test func declared_MembersOfTheBodyAndOfExtensions() throws {
        let view = try #require(surface.types["UIView"])
        #expect(view.kind == "class")
        #expect(view.superclass == "UIResponder")
        #expect(Set(view.members.keys) == [
            "frame", "layer", "init(frame:)", "layoutSubviews()", "snapshotView(afterScreenUpdates:)", "AnimationOptions",
            "animate(withDuration:animations:)", "alpha",
        ])
        #expect(view.memberTypes["layer"] == "CALayer")
    }

    @Test func declared_WarnedWhenTheBodyCallsNotHonoured() {
        #expect(surface.types["UIView"]?.members["snapshotView(afterScreenUpdates:)"] == .warned)
        #expect(surface.types["UIView"]?.members["frame"] == .honoured)
    }

    @Test func declared_NestedTypesCasesProtocolsAliasesAndGlobals() {
        #expect(surface.types["UIView.AnimationOptions"]?.members.keys.sorted() == ["curveEaseIn", "rawValue"])
        #expect(surface.types["NSTextAlignment"]?.members.keys.sorted() == ["center", "left", "right"])
        #expect(surface.types["UITableViewDataSource"]?.members.keys.sorted() == ["tableView(_:numberOfRowsInSection:)"])
        #expect(surface.types["CGContext"]?.aliasOf == "UIGraphicsContext")
        #expect(surface.globals["CACurrentMediaTime"] == .honoured)
        #expect(surface.types["UIPrivateThing"] == nil)
    }

    @Test func declared_LookupWalksSuperclasses() {
        #expect(surface.lookup("frame", on: "UILabel")?.owner == "UIView")
        #expect(surface.lookup("text", on: "UILabel")?.owner == "UILabel")
        #expect(surface.lookup("insetBy(dx:dy:)", on: "CGRect")?.status == .platform)
        #expect(surface.lookup("missing", on: "UILabel") == nil)
    }

    @Test func declared_CallsMatchWithTrailingClosuresAndDefaults() {
        #expect(surface.function("animate", labels: ["withDuration"], trailingClosures: 1, on: "UILabel")
            == "animate(withDuration:animations:)")
        #expect(surface.function("animate", labels: ["withDuration", "animations"], trailingClosures: 0, on: "UIView")
            == "animate(withDuration:animations:)")
        #expect(surface.function("animate", labels: ["delay"], trailingClosures: 0, on: "UIView") == nil)
    }
}
