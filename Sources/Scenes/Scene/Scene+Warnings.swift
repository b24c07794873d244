import Foundation
import Recording

extension Scene {
    /// What a valid scene holds that can never show, as "JSON path: what and why" lines:
    /// header or footer text with no room for it, items that do not fit across the canvas,
    /// waterfall columns with no width, touches that land outside it.
    public var warnings: [String] {
        var warnings: [String] = []
        let n = JSONValue.format
        let (headerHeight, footerHeight, shows): (Double, Double, String?) = switch collection.layout {
        case .flow(let flow): (flow.headerHeight, flow.footerHeight, nil)
        case .waterfall(let waterfall): (waterfall.headerHeight, waterfall.footerHeight, nil)
        case .line: (0, 0, "a line layout has no headers or footers")
        case .circle: (0, 0, "a circle layout has no headers or footers")
        case .list: (1, 1, nil)
        case .compositional(let compositional): (compositional.headerHeight, compositional.footerHeight, nil)
        }
        for (index, section) in collection.sections.enumerated() {
            for (kind, text, height) in [("header", section.header, headerHeight), ("footer", section.footer, footerHeight)]
            where text != nil && height <= 0 {
                warnings.append("collection.sections[\(index)].\(kind): the text is never shown: "
                                + (shows ?? "collection.layout.\(kind)Height is 0; give it a height"))
            }
        }
        // Items wider (or, scrolling sideways, taller) than the canvas are cut off.
        let across: (size: Double, room: Double, axis: String)? = switch collection.layout {
        case .flow(let flow) where flow.direction == .vertical:
            (Double(flow.itemSize.width), canvas.width - Double(flow.sectionInset.left + flow.sectionInset.right), "wide")
        case .flow(let flow):
            (Double(flow.itemSize.height), canvas.height - Double(flow.sectionInset.top + flow.sectionInset.bottom), "tall")
        case .line(let line): (Double(line.itemSize.height), canvas.height, "tall")
        case .circle(let size): (Double(max(size.width, size.height)), min(canvas.width, canvas.height), "large")
        case .waterfall, .list, .compositional: nil
        }
        if let across, across.size > across.room {
            warnings.append("collection.layout.itemSize: items are \(n(across.size)) pt \(across.axis) and the canvas has "
                            + "\(n(across.room)) pt for them (after the section insets); they are cut off")
        }
        // Waterfall columns narrower than nothing: the spacing takes the whole width.
        if case .waterfall(let waterfall) = collection.layout {
            let room = canvas.width - Double(waterfall.sectionInset.left + waterfall.sectionInset.right)
            let column = (room - Double(waterfall.columns - 1) * waterfall.columnSpacing) / Double(waterfall.columns)
            if column <= 0 {
                warnings.append("collection.layout.columnSpacing: \(waterfall.columns) columns \(n(waterfall.columnSpacing)) pt apart "
                                + "leave no width for the columns (\(n(room)) pt after the section insets); the items are not shown. "
                                + "Lower columnSpacing or columns")
            }
        }
        // A finger that lands outside the canvas touches nothing; a move may leave it a little.
        let margin = 100.0
        for (index, touch) in touches.enumerated() {
            let (point, key, slack): (CGPoint?, String, Double) = switch touch {
            case .down(_, let point): (point, "down", 0)
            case .tap(_, let point, _): (point, "tap", 0)
            case .move(_, let point, _, _): (point, "move", margin)
            case .up: (nil, "up", 0)
            }
            guard let point else { continue }
            let x = Double(point.x), y = Double(point.y)
            if x < -slack || y < -slack || x > canvas.width + slack || y > canvas.height + slack {
                warnings.append("touches[\(index)].\(key): [\(n(x)), \(n(y))] is outside the \(n(canvas.width))×\(n(canvas.height)) pt canvas"
                                + (slack > 0 ? " by more than \(n(slack)) pt" : "; the finger lands on nothing"))
            }
        }
        return warnings
    }
}
