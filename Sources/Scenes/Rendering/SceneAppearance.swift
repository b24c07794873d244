import CollectionLayout
import Foundation
import Raster

/// How a scene's own colours follow dark appearance.
///
/// Scene files write colours as light mode shows them. Those that are iOS's light system colours
/// in a role iOS gives them become their dark counterparts in dark appearance (and stay exactly
/// what the file says in light):
///
/// | role | light (as written) | dark |
/// |---|---|---|
/// | canvas background | #FFFFFF, #F2F2F7 | #000000 (systemBackground, systemGroupedBackground) |
/// | header and footer background | #FFFFFF, #F2F2F7 | #000000, #1C1C1E |
/// | header and footer text | #000000, #1C1C1E, #8A8A8E | #FFFFFF, #FFFFFF, #8D8D93 |
///
/// Every other colour is drawn as written. The templates' own colours (bubbles, cards, lists) are
/// system colours, which follow the appearance by themselves.
enum SceneAppearance {
    enum Role { case canvas, barBackground, barText }

    private static let darkCounterparts: [Role: [Color: Color]] = [
        .canvas: [Color(rgb: 0xFFFFFF): Color(rgb: 0x000000), Color(rgb: 0xF2F2F7): Color(rgb: 0x000000)],
        .barBackground: [Color(rgb: 0xFFFFFF): Color(rgb: 0x000000), Color(rgb: 0xF2F2F7): Color(rgb: 0x1C1C1E)],
        .barText: [Color(rgb: 0x000000): Color(rgb: 0xFFFFFF), Color(rgb: 0x1C1C1E): Color(rgb: 0xFFFFFF),
                   Color(rgb: 0x8A8A8E): Color(rgb: 0x8D8D93)],
    ]

    /// `color` in `role`: dynamic when it has a dark counterpart.
    static func color(_ color: Color, as role: Role) -> UIColor {
        guard let dark = darkCounterparts[role]?[color] else { return UIColor(color: color) }
        return UIColor { $0.userInterfaceStyle == .dark ? UIColor(color: dark) : UIColor(color: color) }
    }

    /// `color` in `role` as the current traits show it.
    static func resolved(_ color: Color, as role: Role) -> Color {
        guard let dark = darkCounterparts[role]?[color], UITraitCollection.current.userInterfaceStyle == .dark else { return color }
        return dark
    }
}
