import Vocabulary
import ImageCodec
import Foundation
import DisplayList
import Raster

/// UIKit's image: pixels and a scale (points = pixels / scale). PNG files and data are decoded
/// with libpng; a file named `name@2x.png` or `name@3x.png` gets that scale, as in UIKit.
/// `@unchecked`: its pixels are a `Bitmap` (immutable), and the other stored properties are set
/// only while a variant is being made, before anyone else sees it; UIKit's images are Sendable.
open class UIImage: @unchecked Sendable, _ExpressibleByImageLiteral {
    /// The pixels, premultiplied; their `scale` is the image's.
    public let bitmap: Bitmap
    /// How an image view draws it: a template is drawn in the view's tint colour (its alpha kept).
    public internal(set) var renderingMode: RenderingMode = .automatic
    /// The stretchable image's caps (`resizableImage(withCapInsets:resizingMode:)`).
    public internal(set) var capInsets: UIEdgeInsets = .zero
    public internal(set) var resizingMode: ResizingMode = .tile
    /// Whether it is a system symbol's stand-in (`UIImage(systemName:)`).
    public internal(set) var isSymbolImage = false
    /// The configuration a symbol image was drawn with (nil for other images).
    public internal(set) var symbolConfiguration: SymbolConfiguration?
    /// The system symbol's name, which `applyingSymbolConfiguration(_:)` draws again.
    var symbolName: String?

    public init(bitmap: Bitmap) {
        self.bitmap = bitmap
    }

    /// An image of `canvas`'s pixels as they are now (a copy: drawing into `canvas` later does not
    /// change the image).
    public convenience init(canvas: Canvas) {
        self.init(bitmap: Bitmap(copying: canvas))
    }

    /// An image of a canvas that the package's own code made for it and lets go (no copy).
    package convenience init(adopting canvas: Canvas) {
        self.init(bitmap: Bitmap(adopting: canvas))
    }

    /// `#imageLiteral(resourceName: "photo")`: the image named so (see `init(named:)`). A missing
    /// resource, which stops an iOS app, gives a one-point transparent image here, and a debug
    /// build names it.
    public required convenience init(imageLiteralResourceName path: String) {
        if let image = UIImage(named: path) {
            self.init(bitmap: image.bitmap)
        } else {
            UIKitCompatibility.notHonoured("#imageLiteral(resourceName: \"\(path)\")",
                                           "no image of that name is registered or found; a transparent point is drawn")
            self.init(adopting: Canvas(pixelWidth: 1, pixelHeight: 1))
        }
    }

    public enum RenderingMode: Int, Sendable { case automatic, alwaysOriginal, alwaysTemplate }
    public enum ResizingMode: Int, Sendable { case tile, stretch }

    public convenience init?(contentsOfFile path: String) {
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        let scale: Double = name.hasSuffix("@3x") ? 3 : name.hasSuffix("@2x") ? 2 : 1
        guard let canvas = try? PNGCodec.read(contentsOf: URL(fileURLWithPath: path), scale: scale) else { return nil }
        self.init(adopting: canvas)
    }

    public convenience init?(data: Data, scale: CGFloat = 1) {
        guard scale > 0, let canvas = try? PNGCodec.decode(Array(data), scale: Double(scale)) else { return nil }
        self.init(adopting: canvas)
    }

    /// An image by name, as an app's bundle holds them: first the images registered with
    /// `register(_:named:)` (headless, the catalog a test or tool fills in place of a bundle), then
    /// a PNG of that name (`.png` added when missing) in each of `searchDirectories` in order.
    /// An empty image (0 × 0 points, nothing drawn), as `UIImage()` is on iOS.
    public convenience init() {
        self.init(adopting: Canvas(pixelWidth: 1, pixelHeight: 1))
        isEmpty = true
    }

    /// Whether this is `UIImage()`, which has no pixels (its one transparent pixel is not shown).
    private var isEmpty = false

    /// An image by name; the bundle and traits are ignored (see `init(named:)`: there is no app bundle).
    public convenience init?(named name: String, in bundle: Bundle?, compatibleWith traitCollection: UITraitCollection?) {
        self.init(named: name)
    }

    public convenience init?(named name: String) {
        if let image = UIImage.catalog.image(named: name) {
            self.init(bitmap: image.bitmap)
            return
        }
        let file = name.hasSuffix(".png") ? name : name + ".png"
        for directory in UIImage.searchDirectories {
            if let image = UIImage(contentsOfFile: directory.appendingPathComponent(file).path) {
                self.init(bitmap: image.bitmap)
                return
            }
        }
        return nil
    }

    /// Makes `image` available to `UIImage(named:)` under `name` (also without its `.png`).
    public static func register(_ image: UIImage, named name: String) {
        catalog.register(image, named: name)
    }

    /// Where `UIImage(named:)` looks for files: the current directory unless changed.
    public static var searchDirectories: [URL] {
        get { catalog.directories }
        set { catalog.directories = newValue }
    }

    private static let catalog = ImageCatalog()

    /// Loads a PNG, reporting what went wrong (`init?(contentsOfFile:)` only says nil).
    public static func load(contentsOf url: URL, scale: CGFloat = 1) throws -> UIImage {
        UIImage(adopting: try PNGCodec.read(contentsOf: url, scale: Double(scale)))
    }

    /// The size in points.
    open var size: CGSize { isEmpty ? .zero : bitmap.pointSize }
    open var scale: CGFloat { CGFloat(bitmap.scale) }

    /// PNG bytes of the image.
    public func pngData() -> Data? {
        (try? PNGCodec.encode(bitmap.frozen, options: .small)).map { Data($0) }
    }
}

/// The named images registered in place of a bundle's (thread-safe: tests register side by side).
private final class ImageCatalog: Sendable {
    private struct Contents {
        var images: [String: UIImage] = [:]
        var searchDirectories = [URL(fileURLWithPath: FileManager.default.currentDirectoryPath)]
    }

    private let contents = LockBox(Contents())

    var directories: [URL] {
        get { contents.withLock { $0.searchDirectories } }
        set { contents.withLock { $0.searchDirectories = newValue } }
    }

    private static func key(_ name: String) -> String {
        name.hasSuffix(".png") ? String(name.dropLast(4)) : name
    }

    func register(_ image: UIImage, named name: String) {
        contents.withLock { $0.images[ImageCatalog.key(name)] = image }
    }

    func image(named name: String) -> UIImage? {
        contents.withLock { $0.images[ImageCatalog.key(name)] }
    }
}

/// UIKit's image view: its image placed in the bounds by `contentMode` (scale to fill, aspect
/// fit, aspect fill, centre or an edge), filtered bilinearly. As in UIKit, an aspect-filled image
/// overflows the bounds unless `clipsToBounds` is set.
open class UIImageView: UIView {
    open var image: UIImage?
    open var highlightedImage: UIImage?
    open var isHighlighted = false
    /// The configuration a symbol image is shown with, applied over the image's own
    /// (`applyingSymbolConfiguration(_:)`): its point size, weight, scale and colours. Other
    /// images ignore it, as on iOS.
    open var preferredSymbolConfiguration: UIImage.SymbolConfiguration? {
        didSet { invalidateIntrinsicContentSize() }
    }

    /// The last symbol drawn again with `preferredSymbolConfiguration`, so a frame does not draw it anew.
    private var configuredSymbol: (source: UIImage, configuration: UIImage.SymbolConfiguration, result: UIImage)?

    /// `image` (or the highlighted image) as it is shown.
    private var shownImage: UIImage? { configured(isHighlighted ? highlightedImage ?? image : image) }

    /// `image` as this view shows it: a symbol with the preferred configuration applied.
    private func configured(_ image: UIImage?) -> UIImage? {
        guard let shown = image else { return nil }
        guard shown.isSymbolImage, let preferred = preferredSymbolConfiguration else { return shown }
        if let cached = configuredSymbol, cached.source === shown, cached.configuration === preferred { return cached.result }
        let result = shown.applyingSymbolConfiguration(preferred) ?? shown
        configuredSymbol = (shown, preferred, result)
        return result
    }

    public init(image: UIImage?) {
        self.image = image
        super.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        defaultHuggingPriority = UILayoutPriority(251)
        isUserInteractionEnabled = false
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        defaultHuggingPriority = UILayoutPriority(251)
        isUserInteractionEnabled = false
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        defaultHuggingPriority = UILayoutPriority(251)
        isUserInteractionEnabled = false
    }

    /// A template image (`withRenderingMode(.alwaysTemplate)`, a symbol) is drawn in the tint.
    open override func tintColorDidChange() {
        super.tintColorDidChange()
        if image?.renderingMode == .alwaysTemplate { setNeedsDisplay() }
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { configured(image)?.size ?? .zero }
    open override var intrinsicContentSize: CGSize { configured(image)?.size ?? .zero }


    override func contentCommands() -> [DrawingCommand] {
        var commands = super.contentCommands()
        if let shown = shownImage, shown.size.width > 0, shown.size.height > 0 {
            let rect = Self.imageRect(for: shown.size, in: CGRect(origin: .zero, size: bounds.size), mode: contentMode)
            commands += shown.drawingCommands(in: rect, tint: tintColor)
        }
        return commands
    }

    /// Where an image of `size` goes in `bounds` for `mode`.
    static func imageRect(for size: CGSize, in bounds: CGRect, mode: ContentMode) -> CGRect {
        let (w, h) = (size.width, size.height)
        switch mode {
        case .scaleToFill, .redraw:
            return bounds
        case .scaleAspectFit, .scaleAspectFill:
            let sx = bounds.width / w, sy = bounds.height / h
            let s = mode == .scaleAspectFit ? min(sx, sy) : max(sx, sy)
            return CGRect(x: bounds.midX - w * s / 2, y: bounds.midY - h * s / 2, width: w * s, height: h * s)
        case .center:
            return CGRect(x: bounds.midX - w / 2, y: bounds.midY - h / 2, width: w, height: h)
        case .top:
            return CGRect(x: bounds.midX - w / 2, y: bounds.minY, width: w, height: h)
        case .bottom:
            return CGRect(x: bounds.midX - w / 2, y: bounds.maxY - h, width: w, height: h)
        case .left:
            return CGRect(x: bounds.minX, y: bounds.midY - h / 2, width: w, height: h)
        case .right:
            return CGRect(x: bounds.maxX - w, y: bounds.midY - h / 2, width: w, height: h)
        case .topLeft:
            return CGRect(x: bounds.minX, y: bounds.minY, width: w, height: h)
        case .topRight:
            return CGRect(x: bounds.maxX - w, y: bounds.minY, width: w, height: h)
        case .bottomLeft:
            return CGRect(x: bounds.minX, y: bounds.maxY - h, width: w, height: h)
        case .bottomRight:
            return CGRect(x: bounds.maxX - w, y: bounds.maxY - h, width: w, height: h)
        }
    }
}
