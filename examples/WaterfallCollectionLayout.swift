// The waterfall layout of the Xamarin article, in Swift: items of varying height in columns,
// each going to the shortest column so far.
import Springframes

final class WaterfallCollectionLayout: UICollectionViewLayout {
    var columnCount = 2
    var minimumColumnSpacing: CGFloat = 10
    var minimumInterItemSpacing: CGFloat = 10
    var sectionInset = UIEdgeInsets.zero
    /// The size of each item; its height is scaled to the column width.
    var sizeForItem: (IndexPath) -> CGSize = { _ in CGSize(width: 1, height: 1) }

    private var columnHeights: [CGFloat] = []
    private var allItemAttributes: [UICollectionViewLayoutAttributes] = []

    func itemWidthInSection(at section: Int) -> CGFloat {
        guard let collectionView = collectionView else { return 0 }
        let width = collectionView.bounds.width - sectionInset.left - sectionInset.right
        return ((width - CGFloat(columnCount - 1) * minimumColumnSpacing) / CGFloat(columnCount)).rounded(.down)
    }

    override func prepare() {
        super.prepare()
        allItemAttributes = []
        guard let collectionView = collectionView, collectionView.numberOfSections > 0 else { return }
        var top = sectionInset.top
        columnHeights = Array(repeating: top, count: columnCount)
        let itemWidth = itemWidthInSection(at: 0)
        for item in 0..<collectionView.numberOfItems(inSection: 0) {
            let indexPath = IndexPath(item: item, section: 0)
            let columnIndex = shortestColumnIndex()
            let xOffset = sectionInset.left + (itemWidth + minimumColumnSpacing) * CGFloat(columnIndex)
            let itemSize = sizeForItem(indexPath)
            var itemHeight: CGFloat = 0
            if itemSize.height > 0 && itemSize.width > 0 {
                itemHeight = (itemSize.height * itemWidth / itemSize.width).rounded(.down)
            }
            let attributes = UICollectionViewLayoutAttributes(forCellWith: indexPath)
            attributes.frame = CGRect(x: xOffset, y: columnHeights[columnIndex], width: itemWidth, height: itemHeight)
            allItemAttributes.append(attributes)
            columnHeights[columnIndex] = attributes.frame.maxY + minimumInterItemSpacing
        }
        top = (columnHeights.max() ?? top) - minimumInterItemSpacing + sectionInset.bottom
        columnHeights = Array(repeating: top, count: columnCount)
    }

    override var collectionViewContentSize: CGSize {
        CGSize(width: collectionView?.bounds.width ?? 0, height: columnHeights.first ?? 0)
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        indexPath.item < allItemAttributes.count ? allItemAttributes[indexPath.item] : nil
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        allItemAttributes.filter { $0.frame.intersects(rect) }
    }

    private func shortestColumnIndex() -> Int {
        var index = 0
        var shortestHeight = CGFloat.greatestFiniteMagnitude
        for (column, height) in columnHeights.enumerated() where height < shortestHeight {
            shortestHeight = height
            index = column
        }
        return index
    }
}
