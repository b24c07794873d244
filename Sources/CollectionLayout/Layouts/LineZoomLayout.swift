import Vocabulary
import Foundation

/// The line layout (a zoom carousel): one horizontal row of cells; a cell within `activeDistance`
/// of the visible center is scaled by 1 + `zoomFactor`·(1 − d/`activeDistance`) (d its distance
/// from the center) and drawn above the others, and scrolling comes to rest with the cell nearest
/// the center centred.
///
/// A flow layout underneath: horizontal, one row of cells centred vertically, and, with
/// `centersEndItems`, insets that let the first and last cells reach the center.
open class LineZoomLayout: UICollectionViewFlowLayout {
    /// Within this many points of the center a cell zooms (200).
    open var activeDistance: CGFloat = 200 { didSet { invalidateLayout() } }
    /// The extra scale at the center (0.3: 1.3×).
    open var zoomFactor: CGFloat = 0.3 { didSet { invalidateLayout() } }
    /// Whether the horizontal insets let the end cells be centred (true).
    open var centersEndItems = true { didSet { invalidateLayout() } }

    public override init() {
        super.init()
        scrollDirection = .horizontal
        itemSize = CGSize(width: 200, height: 200)
        minimumLineSpacing = 50
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        scrollDirection = .horizontal
        itemSize = CGSize(width: 200, height: 200)
        minimumLineSpacing = 50
    }

    /// `sectionInset`, except that the cells always form one row centred vertically (as the
    /// original's 400 pt insets did on an iPad), and with `centersEndItems` the sides leave room
    /// to centre the first and last cells.
    open override func resolvedSectionInset(forSection section: Int) -> UIEdgeInsets {
        var inset = sectionInset
        guard let collectionView else { return inset }
        let size = collectionView.frame.size
        inset.top = max(0, (size.height - itemSize.height) / 2)
        inset.bottom = inset.top
        if centersEndItems {
            inset.left = max(0, (size.width - itemSize.width) / 2)
            inset.right = inset.left
        }
        return inset
    }

    /// The visible rect moves the zoom: every scroll relays out.
    open override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { true }

    open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        guard let elements = super.layoutAttributesForElements(in: rect), let collectionView else { return nil }
        let visibleCenter = collectionView.bounds.midX
        for attributes in elements where attributes.representedElementCategory == .cell {
            let zoom = self.zoom(atDistance: visibleCenter - attributes.center.x)
            if zoom != 1 {
                attributes.transform3D = CATransform3DMakeScale(zoom, zoom, 1)
                attributes.zIndex = 1
            }
        }
        return elements
    }

    open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard let attributes = super.layoutAttributesForItem(at: indexPath), let collectionView else { return nil }
        let zoom = self.zoom(atDistance: collectionView.bounds.midX - attributes.center.x)
        if zoom != 1 {
            attributes.transform3D = CATransform3DMakeScale(zoom, zoom, 1)
            attributes.zIndex = 1
        }
        return attributes
    }

    /// 1 + zoomFactor·(1 − |d|/activeDistance) within the active distance, 1 beyond.
    public func zoom(atDistance distance: CGFloat) -> CGFloat {
        guard abs(distance) < activeDistance, activeDistance > 0 else { return 1 }
        return 1 + zoomFactor * (1 - abs(distance) / activeDistance)
    }

    /// The proposal moved so that the cell whose center is nearest the proposed visible center
    /// ends exactly there.
    open override func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint,
                                           withScrollingVelocity velocity: CGPoint) -> CGPoint {
        guard let collectionView else { return proposedContentOffset }
        let size = collectionView.frame.size
        let proposedCenter = proposedContentOffset.x + size.width / 2
        // Look one screen either side too, so a proposal past the last cell still finds it.
        let searched = CGRect(x: proposedContentOffset.x - size.width, y: 0, width: 3 * size.width, height: size.height)
        var adjustment = CGFloat.greatestFiniteMagnitude
        for attributes in super.layoutAttributesForElements(in: searched) ?? []
        where attributes.representedElementCategory == .cell {
            let candidate = attributes.center.x - proposedCenter
            if abs(candidate) < abs(adjustment) { adjustment = candidate }
        }
        guard adjustment != .greatestFiniteMagnitude else { return proposedContentOffset }
        return CGPoint(x: proposedContentOffset.x + adjustment, y: proposedContentOffset.y)
    }
}
