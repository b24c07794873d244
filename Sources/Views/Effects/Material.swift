import Vocabulary
import Foundation
import DisplayList
import Raster

/// A blur style made concrete for one appearance: how much the backdrop is blurred, how much more
/// vivid it is made, and the tint laid over it.
///
/// The numbers and where they come from are in `UIBlurEffect`'s documentation.
///
/// With Reduce Transparency (`UIAccessibility.isReduceTransparencyEnabled`), a material is its
/// tint made opaque and nothing behind it shows: the single place to change is `commands`.
package struct Material: Equatable {
    package var filter: BackdropFilter
    package var tint: Color

    init(blur: Double, saturation: Double, tint: Color) {
        filter = BackdropFilter(blurRadius: blur, saturation: saturation)
        self.tint = tint
    }

    package init(_ style: UIBlurEffect.Style, dark: Bool) {
        enum Thickness { case ultraThin, thin, regular, thick, chrome }
        let thickness: Thickness
        var dark = dark
        switch style {
        case .extraLight: self.init(blur: 15, saturation: 1.8, tint: Color(rgb: 0xF7F7F7, alpha: 204)); return
        case .light: self.init(blur: 15, saturation: 1.8, tint: Color(rgb: 0xFFFFFF, alpha: 77)); return
        case .dark: self.init(blur: 15, saturation: 1.4, tint: Color(rgb: 0x1C1C1C, alpha: 186)); return
        case .systemUltraThinMaterial: thickness = .ultraThin
        case .systemThinMaterial: thickness = .thin
        case .regular, .systemMaterial: thickness = .regular
        case .prominent, .systemThickMaterial: thickness = .thick
        case .systemChromeMaterial: thickness = .chrome
        case .systemUltraThinMaterialLight: (thickness, dark) = (.ultraThin, false)
        case .systemThinMaterialLight: (thickness, dark) = (.thin, false)
        case .systemMaterialLight: (thickness, dark) = (.regular, false)
        case .systemThickMaterialLight: (thickness, dark) = (.thick, false)
        case .systemChromeMaterialLight: (thickness, dark) = (.chrome, false)
        case .systemUltraThinMaterialDark: (thickness, dark) = (.ultraThin, true)
        case .systemThinMaterialDark: (thickness, dark) = (.thin, true)
        case .systemMaterialDark: (thickness, dark) = (.regular, true)
        case .systemThickMaterialDark: (thickness, dark) = (.thick, true)
        case .systemChromeMaterialDark: (thickness, dark) = (.chrome, true)
        }
        let saturation = dark ? 1.4 : 1.8
        switch (thickness, dark) {
        case (.ultraThin, false): self.init(blur: 10, saturation: saturation, tint: Color(rgb: 0xFFFFFF, alpha: 77))
        case (.ultraThin, true): self.init(blur: 10, saturation: saturation, tint: Color(rgb: 0x1C1C1E, alpha: 102))
        case (.thin, false): self.init(blur: 14, saturation: saturation, tint: Color(rgb: 0xFFFFFF, alpha: 140))
        case (.thin, true): self.init(blur: 14, saturation: saturation, tint: Color(rgb: 0x1C1C1E, alpha: 153))
        case (.regular, false): self.init(blur: 18, saturation: saturation, tint: Color(rgb: 0xFFFFFF, alpha: 184))
        case (.regular, true): self.init(blur: 18, saturation: saturation, tint: Color(rgb: 0x1C1C1E, alpha: 186))
        case (.thick, false): self.init(blur: 20, saturation: saturation, tint: Color(rgb: 0xFFFFFF, alpha: 217))
        case (.thick, true): self.init(blur: 20, saturation: saturation, tint: Color(rgb: 0x1C1C1E, alpha: 219))
        case (.chrome, false): self.init(blur: 20, saturation: saturation, tint: Color(rgb: 0xF9F9F9, alpha: 204))
        case (.chrome, true): self.init(blur: 20, saturation: saturation, tint: Color(rgb: 0x161616, alpha: 204))
        }
    }

    /// What the material draws over `shape` (a view's bounds coordinates): the backdrop filter
    /// first (the renderer applies a leading backdrop to what lies beneath the view), then the
    /// tint; or, reducing transparency, the tint alone and opaque.
    @MainActor
    package func commands(in shape: Path, reducingTransparency: Bool = UIAccessibility.isReduceTransparencyEnabled) -> [DrawingCommand] {
        guard !reducingTransparency else {
            var opaque = tint
            opaque.alpha = 255
            return [.fill(shape, color: opaque, rule: .nonZero)]
        }
        return [.backdrop(shape, filter: filter), .fill(shape, color: tint, rule: .nonZero)]
    }
}
