import Vocabulary
import Foundation

/// The circle layout: every item of section 0 on one circle about the center of the collection
/// view, item i at angle 2πi/n from the positive x axis (clockwise on screen, y being down), with
/// radius min(width, height)/`radiusDivisor`. The content is the visible area: nothing scrolls.
open class CircleLayout: UICollectionViewLayout {
    /// Every cell's size (70 × 70).
    open var itemSize = CGSize(width: 70, height: 70) { didSet { invalidateLayout() } }
    /// The radius is the shorter side divided by this (2.5).
    open var radiusDivisor: CGFloat = 2.5 { didSet { invalidateLayout() } }

    public override init() {
        super.init()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// The circle's center and radius, as of the last `prepare()`.
    public private(set) var center: CGPoint = .zero
    public private(set) var radius: CGFloat = 0
    private var frames: [CGRect] = []
    private var size: CGSize = .zero

    open override func prepare() {
        super.prepare()
        guard let collectionView else { return }
        size = collectionView.frame.size
        center = CGPoint(x: size.width / 2, y: size.height / 2)
        radius = min(size.width, size.height) / radiusDivisor
        let count = collectionView.numberOfSections > 0 ? collectionView.numberOfItems(inSection: 0) : 0
        frames = (0..<count).map { item in
            let angle = 2 * Double.pi * Double(item) / Double(count)
            let point = CGPoint(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
            return CGRect(x: point.x - itemSize.width / 2, y: point.y - itemSize.height / 2,
                          width: itemSize.width, height: itemSize.height)
        }
    }

    open override var collectionViewContentSize: CGSize { size }

    /// Every cell on the circle that meets `rect` (a circle holds few cells: they are scanned).
    open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        frames.indices.filter { frames[$0].intersects(rect) }.map { attributes(at: $0) }
    }

    open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard indexPath.count == 2, indexPath.section == 0, frames.indices.contains(indexPath.item) else { return nil }
        return attributes(at: indexPath.item)
    }

    private func attributes(at item: Int) -> UICollectionViewLayoutAttributes {
        .cell(IndexPath(item: item, section: 0), frame: frames[item], of: attributesType)
    }
}
