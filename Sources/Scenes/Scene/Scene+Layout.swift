import CollectionLayout
import Vocabulary
import Foundation
import DisplayList
import ImageCodec
import Recording
import Raster

extension Scene {
    static func size(_ node: Node, _ what: String) throws -> CGSize {
        let (width, height) = try node.pair(in: 1...SceneLimits.canvasSide.upperBound, what)
        return CGSize(width: width, height: height)
    }

    static func insets(_ node: Node) throws -> UIEdgeInsets {
        let values = try node.numbers(count: 4, in: 0...SceneLimits.canvasSide.upperBound, "insets [top, left, bottom, right] in points")
        return UIEdgeInsets(top: values[0], left: values[1], bottom: values[2], right: values[3])
    }

    static func spacing(_ node: Node) throws -> Double {
        try node.number(in: 0...SceneLimits.canvasSide.upperBound, "a spacing in points")
    }

    static func layout(_ node: Node) throws -> Layout {
        guard case .object(let members) = node.value else {
            throw node.mismatch("an object with a \"type\": flow, line, circle, waterfall, list or compositional")
        }
        guard let typeValue = members.first(where: { $0.key == "type" })?.value else {
            throw node.error("the key \"type\" is missing; expected one of \"flow\", \"line\", \"circle\", \"waterfall\", \"list\", \"compositional\"")
        }
        switch try node.child("type", typeValue).choice(["flow", "line", "circle", "waterfall", "list", "compositional"]) {
        case "list":
            let object = try node.object(keys: ["type", "appearance", "accessory", "separators"])
            var list = List()
            list.appearance = try object.value("appearance", default: .insetGrouped) {
                List.Appearance(rawValue: try $0.choice(List.Appearance.allCases.map(\.rawValue)))!
            }
            list.accessory = try object.value("accessory", default: .none) {
                List.Accessory(rawValue: try $0.choice(List.Accessory.allCases.map(\.rawValue)))!
            }
            list.separators = try object.value("separators", default: true) { try $0.bool() }
            return .list(list)
        case "compositional":
            let keys = ["columns", "itemHeight", "groupWidth", "spacing", "scrolling", "inset"]
            let object = try node.object(keys: ["type", "headerHeight", "footerHeight", "sections"] + keys)
            func section(_ object: ObjectNode, _ base: Compositional.Section) throws -> Compositional.Section {
                var section = base
                section.columns = try object.value("columns", default: base.columns) { try $0.integer(in: 1...64, "a count of items across a group") }
                section.itemHeight = try object.value("itemHeight", default: base.itemHeight) { try $0.number(in: 1...8192, "a height in points") }
                section.groupWidth = try object.value("groupWidth", default: base.groupWidth) {
                    try $0.number(in: 0.05...4, "a group's width as a fraction of the section's (0.05 to 4)")
                }
                section.spacing = try object.value("spacing", default: base.spacing, spacing)
                section.scrolling = try object.value("scrolling", default: base.scrolling) {
                    Compositional.Scrolling(rawValue: try $0.choice(Compositional.Scrolling.allCases.map(\.rawValue)))!
                }
                section.inset = try object.value("inset", default: base.inset, insets)
                return section
            }
            var compositional = Compositional()
            let base = try section(object, Compositional.Section())
            compositional.sections = try object.value("sections", default: [base]) { list in
                let elements = try list.array(expected: "an array of section settings such as [{ \"columns\": 1, \"scrolling\": \"groupPaging\" }]")
                guard !elements.isEmpty else { throw list.error("expected at least one section's settings, found an empty array") }
                return try elements.map { try section(try $0.object(keys: keys), base) }
            }
            compositional.headerHeight = try object.value("headerHeight", default: 0, spacing)
            compositional.footerHeight = try object.value("footerHeight", default: 0, spacing)
            return .compositional(compositional)
        case "flow":
            let object = try node.object(keys: ["type", "direction", "itemSize", "minimumInteritemSpacing", "minimumLineSpacing",
                                                "sectionInset", "headerHeight", "footerHeight"])
            var flow = Flow()
            flow.direction = try object.value("direction", default: .vertical) { Direction(rawValue: try $0.choice(["vertical", "horizontal"]))! }
            flow.itemSize = try object.value("itemSize", default: flow.itemSize) { try size($0, "an item size [width, height] in points") }
            flow.minimumInteritemSpacing = try object.value("minimumInteritemSpacing", default: flow.minimumInteritemSpacing, spacing)
            flow.minimumLineSpacing = try object.value("minimumLineSpacing", default: flow.minimumLineSpacing, spacing)
            flow.sectionInset = try object.value("sectionInset", default: .zero, insets)
            flow.headerHeight = try object.value("headerHeight", default: 0, spacing)
            flow.footerHeight = try object.value("footerHeight", default: 0, spacing)
            return .flow(flow)
        case "line":
            let object = try node.object(keys: ["type", "itemSize", "minimumLineSpacing", "activeDistance", "zoomFactor", "centersEndItems"])
            var line = Line()
            line.itemSize = try object.value("itemSize", default: line.itemSize) { try size($0, "an item size [width, height] in points") }
            line.minimumLineSpacing = try object.value("minimumLineSpacing", default: line.minimumLineSpacing, spacing)
            line.activeDistance = try object.value("activeDistance", default: line.activeDistance) { try $0.number(in: 1...8192, "a distance in points") }
            line.zoomFactor = try object.value("zoomFactor", default: line.zoomFactor) { try $0.number(in: 0...4, "a zoom factor") }
            line.centersEndItems = try object.value("centersEndItems", default: true) { try $0.bool() }
            return .line(line)
        case "circle":
            let object = try node.object(keys: ["type", "itemSize"])
            return .circle(itemSize: try object.value("itemSize", default: CGSize(width: 70, height: 70)) { try size($0, "an item size [width, height] in points") })
        default:
            let object = try node.object(keys: ["type", "columns", "columnSpacing", "itemSpacing", "sectionInset", "headerHeight",
                                                "footerHeight", "heights", "heightRange"])
            var waterfall = Waterfall()
            waterfall.columns = try object.value("columns", default: 2) { try $0.integer(in: 1...64, "a column count") }
            waterfall.columnSpacing = try object.value("columnSpacing", default: 10, spacing)
            waterfall.itemSpacing = try object.value("itemSpacing", default: 10, spacing)
            waterfall.sectionInset = try object.value("sectionInset", default: .zero, insets)
            waterfall.headerHeight = try object.value("headerHeight", default: 0, spacing)
            waterfall.footerHeight = try object.value("footerHeight", default: 0, spacing)
            switch (object.optional("heights"), object.optional("heightRange")) {
            case (let list?, nil):
                let elements = try list.array(expected: "an array of item heights in points")
                guard !elements.isEmpty else { throw list.error("expected at least one height, found an empty array") }
                waterfall.heights = .list(try elements.map { try $0.number(in: 1...8192, "a height in points") })
            case (nil, let range?):
                let (low, high) = try range.pair(in: 1...8192, "a range [lowest, highest] of heights in points")
                guard low <= high else { throw range.error("expected [lowest, highest], found a lowest height above the highest") }
                waterfall.heights = .range(low, high)
            case (.some, .some):
                throw node.error("has both \"heights\" and \"heightRange\"; give one")
            case (nil, nil):
                break
            }
            return .waterfall(waterfall)
        }
    }
}
