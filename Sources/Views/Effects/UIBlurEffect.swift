import Vocabulary
import Foundation

/// What a `UIVisualEffectView` does to what lies behind it and to its content: `UIBlurEffect`
/// (a material) or `UIVibrancyEffect` (content drawn vibrant over a material).
@preconcurrency @MainActor
open class UIVisualEffect {
    public init() {}

    public required init?(coder: NSCoder) {}
}

/// A material: what is behind the view, blurred and made more vivid, under a tint.
///
/// The iOS 13+ system materials (`systemUltraThinMaterial` … `systemChromeMaterial`) follow the
/// view's appearance; their `…Light` and `…Dark` forms do not. The older styles map onto them as
/// Apple's documentation describes them: `.regular` adapts like `systemMaterial`, `.prominent`
/// like `systemThickMaterial`, while `.extraLight`, `.light` and `.dark` keep their pre-iOS 13
/// looks.
///
/// Apple publishes the materials' names and their order (ultra-thin lets the most of the
/// backdrop through, chrome is what bars use) but not their numbers. These are ours, chosen to
/// keep that order and the HIG's description, not measured on a device:
///
/// | thickness   | blur σ (pt) | light tint          | dark tint           |
/// |-------------|-------------|---------------------|---------------------|
/// | ultra-thin  | 10          | FFFFFF at 30 %      | 1C1C1E at 40 %      |
/// | thin        | 14          | FFFFFF at 55 %      | 1C1C1E at 60 %      |
/// | regular     | 18          | FFFFFF at 72 %      | 1C1C1E at 73 %      |
/// | thick       | 20          | FFFFFF at 85 %      | 1C1C1E at 86 %      |
/// | chrome      | 20          | F9F9F9 at 80 %      | 161616 at 80 %      |
///
/// Saturation is 1.8 over light materials and 1.4 over dark ones, so that colours behind a
/// bar stay recognisable. The dark tints are the system grouped-background grey 1C1C1E (161616
/// for chrome), the light ones white (F9F9F9 for chrome). The pre-iOS 13 styles: `.extraLight` F7F7F7 at
/// 80 %, `.light` FFFFFF at 30 %, `.dark` 1C1C1C at 73 %, all with σ 15 pt.
///
///     let card = UIVisualEffectView(effect: UIBlurEffect(style: .systemThinMaterial))
///     card.layer.cornerRadius = 16
///     card.clipsToBounds = true
open class UIBlurEffect: UIVisualEffect {
    public enum Style: Int, Sendable, CaseIterable {
        case extraLight = 0, light = 1, dark = 2
        case regular = 4, prominent = 5
        case systemUltraThinMaterial = 6, systemThinMaterial = 7, systemMaterial = 8, systemThickMaterial = 9, systemChromeMaterial = 10
        case systemUltraThinMaterialLight = 11, systemThinMaterialLight = 12, systemMaterialLight = 13
        case systemThickMaterialLight = 14, systemChromeMaterialLight = 15
        case systemUltraThinMaterialDark = 16, systemThinMaterialDark = 17, systemMaterialDark = 18
        case systemThickMaterialDark = 19, systemChromeMaterialDark = 20
    }

    /// The style it was made with.
    public let style: Style

    public init(style: Style) {
        self.style = style
        super.init()
    }

    public required init?(coder: NSCoder) {
        style = .systemMaterial
        super.init()
    }

    /// The material this effect shows in an appearance.
    package func material(dark: Bool) -> Material { Material(style, dark: dark) }
}

/// Content drawn vibrant over a material: the content view's drawing takes the colour of the
/// vibrancy style (its alpha kept), so that text and glyphs stay legible on any backdrop.
///
/// iOS composites vibrant content with private blend modes (plus-lighter over dark materials,
/// plus-darker over light ones) that let the backdrop's hue show through; those blends are not
/// published, so we draw the style's semantic colour (`.label`, `.secondaryLabel`, `.systemFill`
/// …) resolved for the material's appearance, source-over. Images keep their own colours.
open class UIVibrancyEffect: UIVisualEffect {
    /// The blur effect the vibrancy sits on.
    public let blurEffect: UIBlurEffect
    /// How strongly the content stands out (`.label` for the older `init(blurEffect:)`).
    public let style: UIVibrancyEffectStyle

    public init(blurEffect: UIBlurEffect, style: UIVibrancyEffectStyle) {
        self.blurEffect = blurEffect
        self.style = style
        super.init()
    }

    public convenience init(blurEffect: UIBlurEffect) {
        self.init(blurEffect: blurEffect, style: .label)
    }

    public required init?(coder: NSCoder) {
        blurEffect = UIBlurEffect(style: .systemMaterial)
        style = .label
        super.init()
    }

    /// The colour vibrant content is drawn in.
    var contentColor: UIColor {
        switch style {
        case .label: .label
        case .secondaryLabel: .secondaryLabel
        case .tertiaryLabel: .tertiaryLabel
        case .quaternaryLabel: .quaternaryLabel
        case .fill: .systemFill
        case .secondaryFill: .secondarySystemFill
        case .tertiaryFill: .tertiarySystemFill
        case .separator: .separator
        }
    }
}

/// The vibrancy styles of iOS 13, from most to least prominent.
public enum UIVibrancyEffectStyle: Int, Sendable, CaseIterable {
    case label, secondaryLabel, tertiaryLabel, quaternaryLabel, fill, secondaryFill, tertiaryFill, separator
}
