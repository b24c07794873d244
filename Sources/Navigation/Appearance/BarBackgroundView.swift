import Vocabulary
import Foundation
import DisplayList
import Raster
import Views

/// The background of a bar: at every frame it asks its bar which appearance is in effect (so a
/// navigation bar turns transparent as its content scrolls back to the top without any layout)
/// and draws that appearance's material and colour, then its hairline along the edge that faces
/// the content, one pixel thick.
enum BarBackground {
    /// The edge facing the content: a navigation bar's bottom, a tab bar's or toolbar's top.
    enum ContentEdge { case top, bottom }

    /// A view that draws the appearance `appearance` gives at each frame (nil draws nothing).
    @MainActor
    static func makeView(contentEdge: ContentEdge, appearance: @escaping () -> UIBarAppearance?) -> UIView {
        let view = SnapshotHookView(frame: .zero)
        view.isUserInteractionEnabled = false
        view.finish = { node, traits in
            guard let appearance = appearance() else { return }
            let rect = CGRect(origin: .zero, size: node.bounds.size)
            var commands = appearance.backgroundCommands(in: rect, traits: traits)
            if let line = appearance.hairline(traits: traits) {
                let thickness = 1 / max(1, traits.displayScale)
                let y = contentEdge == .bottom ? rect.maxY : -thickness
                commands.append(.fill(Path(rect: CGRect(x: 0, y: y, width: rect.width, height: thickness)), color: line, rule: .nonZero))
            }
            node.content = commands + node.content
        }
        return view
    }
}
