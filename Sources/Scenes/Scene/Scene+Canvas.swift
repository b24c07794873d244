import CollectionLayout
import Vocabulary
import Foundation
import DisplayList
import ImageCodec
import Recording
import Raster

extension Scene {
    static func canvas(_ node: Node, background defaultBackground: Color) throws -> CanvasSettings {
        let object = try node.object(keys: ["width", "height", "scale", "background"])
        let width = try object.value("width", default: 390) { try $0.number(in: SceneLimits.canvasSide, "a width in points") }
        let height = try object.value("height", default: 844) { try $0.number(in: SceneLimits.canvasSide, "a height in points") }
        let scaleNode = object.optional("scale")
        let scale = try scaleNode.map { try $0.number(in: SceneLimits.scale, "a scale") } ?? 2
        let background = try object.value("background", default: defaultBackground) { Color(try $0.color()) }
        let settings = CanvasSettings(width: width, height: height, scale: scale, background: background)
        if max(settings.pixelWidth, settings.pixelHeight) > SceneLimits.pixelSide {
            throw (scaleNode ?? node).error("expected a canvas of at most \(SceneLimits.pixelSide) pixels a side, found "
                                            + "\(settings.pixelWidth)×\(settings.pixelHeight) (\(JSONValue.format(width))×\(JSONValue.format(height)) pt at scale \(JSONValue.format(scale)))")
        }
        return settings
    }
}
