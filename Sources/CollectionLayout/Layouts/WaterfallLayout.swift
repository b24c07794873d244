import Vocabulary
import Foundation

/// The waterfall layout: items of varying heights in `columnCount` equal columns, each item going
/// to the column that is shortest so far (the leftmost of equals), sections one below another with
/// optional headers and footers as wide as the collection view.
///
/// Column width is ⌊(width − insets − (columns − 1)·`minimumColumnSpacing`)/columns⌋; an item's
/// height is its size scaled to that width, rounded down (`itemSize(at:)`), so heights can come as
/// aspect ratios. Within a column items are `minimumInteritemSpacing` apart; a section ends below
/// its longest column.
///
/// Queries binary-search each column, so `layoutAttributesForElements(in:)` stays cheap with
/// 100,000 items.
open class WaterfallLayout: UICollectionViewLayout {
    /// Which column the next item goes to.
    public enum ItemRenderDirection: Sendable {
        /// The shortest column so far (the leftmost of equals).
        case shortestFirst
        case leftToRight
        case rightToLeft
    }

    open var columnCount = 2 { didSet { invalidateLayout() } }
    open var minimumColumnSpacing: CGFloat = 10 { didSet { invalidateLayout() } }
    open var minimumInteritemSpacing: CGFloat = 10 { didSet { invalidateLayout() } }
    open var sectionInset: UIEdgeInsets = .zero { didSet { invalidateLayout() } }
    open var headerHeight: CGFloat = 0 { didSet { invalidateLayout() } }
    open var footerHeight: CGFloat = 0 { didSet { invalidateLayout() } }
    open var itemRenderDirection: ItemRenderDirection = .shortestFirst { didSet { invalidateLayout() } }
    /// The size (or just the aspect) of each item; square items when nil.
    open var sizeForItem: ((IndexPath) -> CGSize)? { didSet { invalidateLayout() } }

    public override init() {
        super.init()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// The width of every column.
    public func itemWidth(inSection section: Int) -> CGFloat {
        guard let collectionView, columnCount > 0 else { return 0 }
        let width = collectionView.frame.width - sectionInset.left - sectionInset.right
        // Never negative: spacing wider than the collection view leaves columns of no width.
        return max(0, ((width - CGFloat(columnCount - 1) * minimumColumnSpacing) / CGFloat(columnCount)).rounded(.down))
    }

    /// The item's height at the column width: its size scaled, rounded down.
    open func itemHeight(at indexPath: IndexPath, width: CGFloat) -> CGFloat {
        let size = sizeForItem?(indexPath) ?? CGSize(width: width, height: width)
        guard size.width > 0, size.height > 0 else { return 0 }
        return (size.height * width / size.width).rounded(.down)
    }

    // MARK: Layout

    private struct Section {
        var frames: [CGRect] = []
        /// Item indices per column, top to bottom.
        var columns: [[Int]] = []
        var header: CGRect?
        var footer: CGRect?
        var top: CGFloat = 0
        var bottom: CGFloat = 0
    }

    private var sections: [Section] = []
    private var contentHeight: CGFloat = 0

    open override func prepare() {
        super.prepare()
        sections = []
        contentHeight = 0
        guard let collectionView, columnCount > 0 else { return }
        let width = collectionView.frame.width
        var top: CGFloat = 0
        for sectionIndex in 0..<collectionView.numberOfSections {
            var section = Section()
            section.top = top
            if headerHeight > 0 {
                section.header = CGRect(x: 0, y: top, width: width, height: headerHeight)
                top += headerHeight
            }
            top += sectionInset.top
            let itemWidth = itemWidth(inSection: sectionIndex)
            var heights = [CGFloat](repeating: top, count: columnCount)
            section.columns = Array(repeating: [], count: columnCount)
            let count = collectionView.numberOfItems(inSection: sectionIndex)
            section.frames.reserveCapacity(count)
            for item in 0..<count {
                let column = nextColumn(for: item, heights: heights)
                let x = sectionInset.left + (itemWidth + minimumColumnSpacing) * CGFloat(column)
                let height = itemHeight(at: IndexPath(item: item, section: sectionIndex), width: itemWidth)
                let frame = CGRect(x: x, y: heights[column], width: itemWidth, height: height)
                section.frames.append(frame)
                section.columns[column].append(item)
                heights[column] = frame.maxY + minimumInteritemSpacing
            }
            let longest = heights.max() ?? top
            top = (count > 0 ? longest - minimumInteritemSpacing : top) + sectionInset.bottom
            if footerHeight > 0 {
                section.footer = CGRect(x: 0, y: top, width: width, height: footerHeight)
                top += footerHeight
            }
            section.bottom = top
            sections.append(section)
        }
        contentHeight = top
    }

    private func nextColumn(for item: Int, heights: [CGFloat]) -> Int {
        switch itemRenderDirection {
        case .shortestFirst:
            var shortest = 0
            for column in heights.indices where heights[column] < heights[shortest] { shortest = column }
            return shortest
        case .leftToRight:
            return item % columnCount
        case .rightToLeft:
            return columnCount - 1 - item % columnCount
        }
    }

    open override var collectionViewContentSize: CGSize {
        CGSize(width: collectionView?.frame.width ?? 0, height: contentHeight)
    }

    open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        var result: [UICollectionViewLayoutAttributes] = []
        var sectionIndex = sections.partitionIndex { $0.bottom < rect.minY }
        while sectionIndex < sections.count, sections[sectionIndex].top <= rect.maxY {
            let section = sections[sectionIndex]
            if let header = section.header, header.intersects(rect) {
                result.append(.supplementary(UICollectionView.elementKindSectionHeader, section: sectionIndex, frame: header, of: attributesType))
            }
            var items: [Int] = []
            for column in section.columns {
                var index = column.partitionIndex { section.frames[$0].maxY < rect.minY }
                while index < column.count, section.frames[column[index]].minY <= rect.maxY {
                    if section.frames[column[index]].intersects(rect) { items.append(column[index]) }
                    index += 1
                }
            }
            for item in items.sorted() {
                result.append(.cell(IndexPath(item: item, section: sectionIndex), frame: section.frames[item], of: attributesType))
            }
            if let footer = section.footer, footer.intersects(rect) {
                result.append(.supplementary(UICollectionView.elementKindSectionFooter, section: sectionIndex, frame: footer, of: attributesType))
            }
            sectionIndex += 1
        }
        return result
    }

    open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard indexPath.count == 2, sections.indices.contains(indexPath.section),
              sections[indexPath.section].frames.indices.contains(indexPath.item) else { return nil }
        return .cell(indexPath, frame: sections[indexPath.section].frames[indexPath.item], of: attributesType)
    }

    open override func layoutAttributesForSupplementaryView(ofKind elementKind: String,
                                                            at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard indexPath.count == 2, sections.indices.contains(indexPath.section) else { return nil }
        let section = sections[indexPath.section]
        let frame = elementKind == UICollectionView.elementKindSectionHeader ? section.header
            : elementKind == UICollectionView.elementKindSectionFooter ? section.footer : nil
        return frame.map { .supplementary(elementKind, section: indexPath.section, frame: $0, of: attributesType) }
    }

    /// A new width relays the columns; scrolling does not.
    open override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        newBounds.width != collectionView?.bounds.width
    }


}
