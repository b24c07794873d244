import Vocabulary
import Foundation
import DisplayList
import Raster

extension UIImage {
    /// The image drawn as a template (in an image view's tint) or as it is.
    public func withRenderingMode(_ renderingMode: RenderingMode) -> UIImage {
        let copy = UIImage(bitmap: bitmap)
        (copy.renderingMode, copy.capInsets, copy.resizingMode, copy.isSymbolImage) = (renderingMode, capInsets, resizingMode, isSymbolImage)
        (copy.symbolName, copy.symbolConfiguration) = (symbolName, symbolConfiguration)
        return copy
    }

    /// The image's shape in `color`: every pixel takes the colour, keeping its alpha (times the
    /// colour's), as iOS 13's `withTintColor` draws it.
    public func withTintColor(_ color: UIColor) -> UIImage {
        let copy = UIImage(adopting: bitmap.frozen.tinted(with: color.rasterColor))
        (copy.renderingMode, copy.capInsets, copy.resizingMode) = (.alwaysOriginal, capInsets, resizingMode)
        return copy
    }

    public func withTintColor(_ color: UIColor, renderingMode: RenderingMode) -> UIImage {
        withTintColor(color).withRenderingMode(renderingMode)
    }

    /// An image whose middle stretches (or tiles) between caps of `capInsets` when drawn larger
    /// or smaller, as a bubble's background does; an image view draws it stretched to its size
    /// (made again each frame it is drawn). Tiling is drawn as stretching; a debug build says so.
    public func resizableImage(withCapInsets capInsets: UIEdgeInsets, resizingMode: ResizingMode = .tile) -> UIImage {
        let copy = withRenderingMode(renderingMode)
        copy.capInsets = capInsets
        copy.resizingMode = resizingMode
        return copy
    }

    public func resizableImage(withCapInsets capInsets: UIEdgeInsets) -> UIImage {
        resizableImage(withCapInsets: capInsets, resizingMode: .tile)
    }

    /// The image stretched to `rect`'s size (at the image's scale) with its caps kept.
    func stretched(to size: CGSize) -> Bitmap {
        let s = bitmap.scale
        func pixels(_ value: CGFloat) -> Int { Int((Double(value) * s).rounded()) }
        return Bitmap(adopting: bitmap.frozen.stretched(toWidth: max(1, pixels(size.width)), height: max(1, pixels(size.height)),
                                                        left: pixels(capInsets.left), top: pixels(capInsets.top),
                                                        right: pixels(capInsets.right), bottom: pixels(capInsets.bottom)))
    }

    /// The commands that draw the image into `rect` of a view tinted `tint`.
    func drawingCommands(in rect: CGRect, tint: UIColor?) -> [DrawingCommand] {
        guard size.width > 0, size.height > 0, rect.width > 0, rect.height > 0 else { return [] }
        var source = self
        if renderingMode == .alwaysTemplate, let tint {
            let tinted = UIImage(adopting: bitmap.frozen.tinted(with: tint.rasterColor))
            tinted.capInsets = capInsets
            source = tinted
        }
        if capInsets != .zero, rect.size != size {
            if resizingMode == .tile {
                UIKitCompatibility.notHonoured("UIImage.ResizingMode.tile", "a resizable image's middle stretches instead of tiling")
            }
            let stretched = source.stretched(to: rect.size)
            let transform = Transform(scaleX: Double(rect.width) / Double(stretched.pointSize.width),
                                      y: Double(rect.height) / Double(stretched.pointSize.height))
                .concatenating(Transform(translationX: Double(rect.minX), y: Double(rect.minY)))
            return [.image(stretched, transform: transform, opacity: 1)]
        }
        let transform = Transform(scaleX: Double(rect.width / size.width), y: Double(rect.height / size.height))
            .concatenating(Transform(translationX: Double(rect.minX), y: Double(rect.minY)))
        return [.image(source.bitmap, transform: transform, opacity: 1)]
    }
}
