// The line layout of Apple's collection view samples: one row, cells zooming up to 1.3× near the
// center, and scrolling that comes to rest with a cell centred.
import Springframes

final class LineLayout: UICollectionViewFlowLayout {
    static let itemSize: CGFloat = 200
    static let activeDistance: CGFloat = 200
    static let zoomFactor: CGFloat = 0.3

    override init() {
        super.init()
        itemSize = CGSize(width: LineLayout.itemSize, height: LineLayout.itemSize)
        scrollDirection = .horizontal
        // 400 pt above and below made one row on an iPad; a phone needs (height − 200)/2.
        sectionInset = UIEdgeInsets(top: 322, left: 0, bottom: 322, right: 0)
        minimumLineSpacing = 50
    }

    required init?(coder: NSCoder) { nil }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        true
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        guard let array = super.layoutAttributesForElements(in: rect), let collectionView = collectionView else { return nil }
        let visibleRect = CGRect(origin: collectionView.contentOffset, size: collectionView.bounds.size)
        for attributes in array where attributes.frame.intersects(rect) {
            let distance = visibleRect.midX - attributes.center.x
            let normalizedDistance = distance / LineLayout.activeDistance
            if abs(distance) < LineLayout.activeDistance {
                let zoom = 1 + LineLayout.zoomFactor * (1 - abs(normalizedDistance))
                attributes.transform3D = CATransform3DMakeScale(zoom, zoom, 1.0)
                attributes.zIndex = 1
            }
        }
        return array
    }

    override func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint,
                                      withScrollingVelocity velocity: CGPoint) -> CGPoint {
        guard let collectionView = collectionView else { return proposedContentOffset }
        var offsetAdjustment = CGFloat.greatestFiniteMagnitude
        let horizontalCenter = proposedContentOffset.x + collectionView.bounds.width / 2
        let targetRect = CGRect(x: proposedContentOffset.x, y: 0,
                                width: collectionView.bounds.width, height: collectionView.bounds.height)
        for attributes in super.layoutAttributesForElements(in: targetRect) ?? [] {
            let itemHorizontalCenter = attributes.center.x
            if abs(itemHorizontalCenter - horizontalCenter) < abs(offsetAdjustment) {
                offsetAdjustment = itemHorizontalCenter - horizontalCenter
            }
        }
        return CGPoint(x: proposedContentOffset.x + offsetAdjustment, y: proposedContentOffset.y)
    }
}
