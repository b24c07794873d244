import DisplayList
import Foundation
import Vocabulary

extension Device {
    /// The traits of the screen: idiom, size classes (regular width only on a large iPhone in
    /// landscape and on an iPad), scale and `style`.
    public func traits(_ orientation: Orientation, style: UIUserInterfaceStyle) -> UITraitCollection {
        let horizontal: UIUserInterfaceSizeClass, vertical: UIUserInterfaceSizeClass
        switch (idiom, orientation) {
        case (.pad, _): (horizontal, vertical) = (.regular, .regular)
        case (_, .portrait): (horizontal, vertical) = (.compact, .regular)
        case (_, .landscape): (horizontal, vertical) = (portraitSize.width >= 414 ? .regular : .compact, .compact)
        }
        return UITraitCollection(style: style == .unspecified ? .light : style, horizontal: horizontal, vertical: vertical,
                                 idiom: idiom, level: .base, scale: scale)
    }
}
