import CollectionLayout
import Vocabulary
import Foundation
import DisplayList
import ImageCodec
import Recording
import Raster

extension Scene {
    static func style(_ node: Node) throws -> Style {
        let object = try node.object(keys: ["font", "cell", "header", "footer", "lift"])
        var style = Style()
        style.font = try object.optional("font").map { node in
            try file(node, "a font file (TrueType or OpenType)", alsoIn: systemFontFolders) { url in
                do {
                    _ = try Font(path: url.path)
                    return nil
                } catch {
                    return "\(error)"
                }
            }
        }
        if let cellNode = object.optional("cell") {
            let cell = try cellNode.object(keys: ["template", "color", "selectedColor", "highlightColor", "cornerRadius", "contentScale",
                                                  "contentColor", "borderColor", "borderWidth", "label", "labelColor", "fontSize"])
            style.cell.template = try cell.value("template", default: .plain) { Template(rawValue: try $0.choice(Template.allCases.map(\.rawValue)))! }
            func color(_ key: String, _ fallback: Color) throws -> Color { try cell.value(key, default: fallback) { Color(try $0.color()) } }
            style.cell.color = try color("color", style.cell.color)
            style.cell.selectedColor = try color("selectedColor", style.cell.selectedColor)
            style.cell.highlightColor = try color("highlightColor", style.cell.highlightColor)
            style.cell.cornerRadius = try cell.value("cornerRadius", default: style.cell.cornerRadius) { try $0.number(in: 0...4096, "a radius in points") }
            style.cell.contentScale = try cell.value("contentScale", default: style.cell.contentScale) { try $0.number(in: 0...1, "a scale") }
            style.cell.contentColor = try cell.optional("contentColor").map { Color(try $0.color()) }
            style.cell.borderColor = try color("borderColor", style.cell.borderColor)
            style.cell.borderWidth = try cell.value("borderWidth", default: style.cell.borderWidth) { try $0.number(in: 0...100, "a width in points") }
            style.cell.label = try cell.value("label", default: true) { try $0.bool() }
            style.cell.labelColor = try color("labelColor", style.cell.labelColor)
            style.cell.fontSize = try cell.value("fontSize", default: style.cell.fontSize) { try $0.number(in: 1...512, "a font size in points") }
        }
        style.header = try object.value("header", default: style.header) { try textStyle($0, style.header) }
        style.footer = try object.value("footer", default: style.footer) { try textStyle($0, style.footer) }
        style.lift = try object.value("lift", default: style.lift) { node in
            let lift = try node.object(keys: ["scale", "shadowColor", "shadowRadius", "shadowOffset"])
            var result = style.lift
            result.scale = try lift.value("scale", default: result.scale) { try $0.number(in: 0.1...10, "a scale") }
            result.shadowColor = try lift.value("shadowColor", default: result.shadowColor) { Color(try $0.color()) }
            result.shadowRadius = try lift.value("shadowRadius", default: result.shadowRadius) { try $0.number(in: 0...200, "a blur radius in points") }
            result.shadowOffset = try lift.value("shadowOffset", default: result.shadowOffset) { node in
                let (x, y) = try node.pair(in: -1000...1000, "an offset [x, y] in points")
                return CGSize(width: x, height: y)
            }
            return result
        }
        return style
    }

    static func textStyle(_ node: Node, _ fallback: TextStyle) throws -> TextStyle {
        let object = try node.object(keys: ["background", "textColor", "fontSize", "alignment"])
        return TextStyle(background: try object.value("background", default: fallback.background) { Color(try $0.color()) },
                         textColor: try object.value("textColor", default: fallback.textColor) { Color(try $0.color()) },
                         fontSize: try object.value("fontSize", default: fallback.fontSize) { try $0.number(in: 1...512, "a font size in points") },
                         alignment: try object.value("alignment", default: fallback.alignment) {
                             TextStyle.Alignment(rawValue: try $0.choice(["left", "center"]))!
                         })
    }
}
