import CollectionLayout
import Vocabulary
import Foundation
import DisplayList
import ImageCodec
import Recording
import Raster

extension Scene {
    static func interaction(_ node: Node) throws -> Interaction {
        let types = ["none", "clusterDrag", "rearrange", "springyScroll", "interactiveMovement"]
        guard case .object(let members) = node.value else { throw node.mismatch("an object with a \"type\": " + types.joined(separator: ", ")) }
        guard let typeValue = members.first(where: { $0.key == "type" })?.value else {
            throw node.error("the key \"type\" is missing; expected one of " + types.map { "\"\($0)\"" }.joined(separator: ", "))
        }
        func press(_ object: ObjectNode, _ fallback: Double) throws -> Double {
            try object.value("minimumPressDuration", default: fallback) { try $0.number(in: 0...10, "a duration in seconds") }
        }
        func springNumber(_ object: ObjectNode, _ key: String, _ fallback: Double, _ range: ClosedRange<Double>, _ what: String) throws -> Double {
            try object.value(key, default: fallback) { try $0.number(in: range, what) }
        }
        switch try node.child("type", typeValue).choice(types) {
        case "none":
            _ = try node.object(keys: ["type"])
            return .none
        case "clusterDrag":
            let object = try node.object(keys: ["type", "frequency", "damping", "anchorSquareSize", "minimumPressDuration"])
            var drag = ClusterDrag()
            drag.frequency = try springNumber(object, "frequency", drag.frequency, SceneLimits.spring, "a frequency in Hz")
            drag.damping = try springNumber(object, "damping", drag.damping, 0...100, "a damping ratio")
            drag.anchorSquareSize = try object.value("anchorSquareSize", default: drag.anchorSquareSize) { try size($0, "a square size [width, height] in points") }
            drag.minimumPressDuration = try press(object, drag.minimumPressDuration)
            return .clusterDrag(drag)
        case "rearrange":
            let object = try node.object(keys: ["type", "edgeScrolling", "minimumPressDuration", "allowableMovement", "pagingEdgeInset",
                                                "pagingInterval", "continuousEdgeInset", "continuousSpeed"])
            var rearrange = Rearrange()
            rearrange.edgeScrolling = try object.value("edgeScrolling", default: .paged) {
                RearrangeInteraction.EdgeScrolling(rawValue: try $0.choice(["paged", "continuous"]))!
            }
            rearrange.minimumPressDuration = try press(object, rearrange.minimumPressDuration)
            rearrange.allowableMovement = try object.value("allowableMovement", default: 10, spacing)
            rearrange.pagingEdgeInset = try object.value("pagingEdgeInset", default: 20, spacing)
            rearrange.pagingInterval = try springNumber(object, "pagingInterval", 0.8, 0.01...60, "an interval in seconds")
            rearrange.continuousEdgeInset = try object.value("continuousEdgeInset", default: 50, spacing)
            rearrange.continuousSpeed = try springNumber(object, "continuousSpeed", 300, 0...100_000, "a speed in points per second")
            return .rearrange(rearrange)
        case "springyScroll":
            let object = try node.object(keys: ["type", "length", "frequency", "damping", "resistance", "distance", "tilingMargin"])
            var springy = SpringyScroll()
            springy.length = try object.value("length", default: 0, spacing)
            springy.frequency = try springNumber(object, "frequency", springy.frequency, SceneLimits.spring, "a frequency in Hz")
            springy.damping = try springNumber(object, "damping", springy.damping, 0...100, "a damping ratio")
            springy.resistance = try springNumber(object, "resistance", springy.resistance, 0...1, "a resistance per point")
            springy.distance = try object.value("distance", default: .alongScroll) {
                SpringyScrollInteraction.DistanceMeasure(rawValue: try $0.choice(["alongScroll", "manhattan"]))!
            }
            springy.tilingMargin = try object.value("tilingMargin", default: 100, spacing)
            return .springyScroll(springy)
        default:
            let object = try node.object(keys: ["type", "minimumPressDuration"])
            return .interactiveMovement(minimumPressDuration: try press(object, 0.5))
        }
    }
}
