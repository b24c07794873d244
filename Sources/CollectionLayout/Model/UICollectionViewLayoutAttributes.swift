import Dynamics
import Vocabulary
import Foundation

/// What a layout element is, as in UIKit.
public enum UICollectionElementCategory: UInt, Sendable {
    case cell
    case supplementaryView
    case decorationView
}

extension UICollectionView {
    /// The kinds of supplementary views that flow layouts make.
    nonisolated public static let elementKindSectionHeader = "UICollectionElementKindSectionHeader"
    nonisolated public static let elementKindSectionFooter = "UICollectionElementKindSectionFooter"

    public typealias ElementCategory = UICollectionElementCategory
}

/// Where and how one element of a collection view is shown, as in UIKit: a dynamic item, so a
/// `UIDynamicAnimator` can move it.
///
/// `frame`, `center` and `size` describe the untransformed element (setting `frame` sets the other
/// two); `transform` and `transform3D` are two views of one transform about the center.
@preconcurrency @MainActor
open class UICollectionViewLayoutAttributes: UIDynamicItem, @preconcurrency NSCopying, @MainActor CustomStringConvertible {
    open var indexPath: IndexPath
    public private(set) var representedElementCategory: UICollectionElementCategory
    /// nil for cells; the kind for supplementary and decoration views.
    public private(set) var representedElementKind: String?

    open var center: CGPoint = .zero
    open var size: CGSize = .zero
    open var transform3D: CATransform3D = .identity
    open var alpha: CGFloat = 1
    open var zIndex: Int = 0
    open var isHidden = false
    /// Where a list section puts the element (read by `UICollectionViewListCell`).
    package var listPlacement: ListPlacement?

    public required init() {
        indexPath = IndexPath(item: 0, section: 0)
        representedElementCategory = .cell
    }

    public convenience init(forCellWith indexPath: IndexPath) {
        self.init()
        self.indexPath = indexPath
    }

    public convenience init(forSupplementaryViewOfKind elementKind: String, with indexPath: IndexPath) {
        self.init()
        self.indexPath = indexPath
        representedElementCategory = .supplementaryView
        representedElementKind = elementKind
    }

    public convenience init(forDecorationViewOfKind decorationViewKind: String, with indexPath: IndexPath) {
        self.init()
        self.indexPath = indexPath
        representedElementCategory = .decorationView
        representedElementKind = decorationViewKind
    }

    /// The untransformed rectangle: centered on `center`, `size` big.
    open var frame: CGRect {
        get {
            CGRect(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height)
        }
        set {
            size = newValue.size
            center = CGPoint(x: newValue.midX, y: newValue.midY)
        }
    }

    /// `size` at the origin (a dynamic item's bounds).
    open var bounds: CGRect {
        get { CGRect(origin: .zero, size: size) }
        set { size = newValue.size }
    }

    /// The affine part of `transform3D`; setting it replaces `transform3D`.
    open var transform: CGAffineTransform {
        get { CATransform3DGetAffineTransform(transform3D) }
        set { transform3D = CATransform3DMakeAffineTransform(newValue) }
    }

    /// The rectangle the element covers once transformed about its center: what a touch hits.
    public var transformedFrame: CGRect {
        guard transform3D != .identity else { return frame }
        let t = transform
        let half = CGSize(width: size.width / 2, height: size.height / 2)
        let width = abs(t.a) * half.width + abs(t.c) * half.height
        let height = abs(t.b) * half.width + abs(t.d) * half.height
        return CGRect(x: center.x + t.tx - width, y: center.y + t.ty - height, width: 2 * width, height: 2 * height)
    }

    /// An independent copy of the same class, as `NSCopying` gives in UIKit. A subclass with
    /// fields of its own overrides this, calls super and copies them (or overrides
    /// `copyProperties(from:)`): every copy the collection view, its layouts and animators make
    /// goes through it, so the fields reach the cell's `apply(_:)`.
    open func copy(with zone: NSZone? = nil) -> Any {
        propertyCopy()
    }

    /// A new instance of this class with this one's properties (`copyProperties(from:)`).
    private func propertyCopy() -> UICollectionViewLayoutAttributes {
        let copy = type(of: self).init()
        copy.copyProperties(from: self)
        return copy
    }

    open func copy() -> Any {
        copy(with: nil)
    }

    /// Copies every property of `other` into this instance; a subclass that adds properties
    /// overrides this and calls super.
    open func copyProperties(from other: UICollectionViewLayoutAttributes) {
        indexPath = other.indexPath
        representedElementCategory = other.representedElementCategory
        representedElementKind = other.representedElementKind
        center = other.center
        size = other.size
        transform3D = other.transform3D
        alpha = other.alpha
        zIndex = other.zIndex
        isHidden = other.isHidden
        listPlacement = other.listPlacement
    }

    /// Whether `object` is attributes describing the same element shown the same way, as UIKit's
    /// `isEqual(_:)`; a subclass with fields of its own overrides this, compares them and calls super.
    open func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UICollectionViewLayoutAttributes else { return false }
        return indexPath == other.indexPath && representedElementCategory == other.representedElementCategory
            && representedElementKind == other.representedElementKind && center == other.center
            && size == other.size && transform3D == other.transform3D && alpha == other.alpha
            && zIndex == other.zIndex && isHidden == other.isHidden && listPlacement == other.listPlacement
    }

    open var description: String {
        let kind = representedElementKind.map { " \($0)" } ?? ""
        return "<\(representedElementCategory)\(kind) [\(indexPath.section), \(indexPath.item)] frame \(frame) z \(zIndex)>"
    }
}

extension UICollectionViewLayoutAttributes {
    /// A copy typed as attributes (`copy() as! UICollectionViewLayoutAttributes` without the cast),
    /// made by `copy(with:)`, so a subclass's own copy keeps its fields.
    public func copied() -> UICollectionViewLayoutAttributes {
        copy(with: nil) as? UICollectionViewLayoutAttributes ?? propertyCopy()
    }

    /// Attributes of `type` for a cell, with `frame`.
    static func cell(_ indexPath: IndexPath, frame: CGRect,
                     of type: UICollectionViewLayoutAttributes.Type = UICollectionViewLayoutAttributes.self) -> UICollectionViewLayoutAttributes {
        let attributes = type.init()
        attributes.indexPath = indexPath
        attributes.frame = frame
        return attributes
    }

    /// Attributes of `type` for a section's supplementary view of `kind` (item 0 of the section).
    static func supplementary(_ kind: String, section: Int, frame: CGRect,
                              of type: UICollectionViewLayoutAttributes.Type = UICollectionViewLayoutAttributes.self)
        -> UICollectionViewLayoutAttributes {
        let attributes = type.init()
        attributes.indexPath = IndexPath(item: 0, section: section)
        attributes.representedElementCategory = .supplementaryView
        attributes.representedElementKind = kind
        attributes.frame = frame
        return attributes
    }
}
