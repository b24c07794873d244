// The Xamarin article's `WaterfallCollectionLayout` (C#), in Swift, whole: items of varying height in
// columns, each going to the next column its render direction picks, optional section headers and
// footers, and rects that union every 20 items so a query only looks at the attributes it may hit.
//
// Differences from the C#, each forced by the language, not by Springframes:
// - `using UIKit` and the namespace → `import Springframes`; `[Register]`/`[Export]` attributes
//   are dropped (no Objective-C runtime to register with).
// - `nfloat`/`nint` → `CGFloat`/`Int`; `Math.Floor`/`Math.Min` → `.rounded(.down)`/`min`;
//   `List`/`Dictionary` → arrays and dictionaries; `CGRect.Union` → `union`.
// - `WillChangeValue`/`DidChangeValue` (key-value coding) around each setter → `didSet`, which
//   invalidates the layout as the C# setters do.
// - The C# `event`s (`SizeForItem += …`) → optional closure properties of the same delegate types
//   (`layout.sizeForItem = { … }`); a null event means "not set", as in the C#.
// - `LayoutAttributesForSupplementaryView` returns the stored attributes (or nil) rather than an
//   empty attributes object for an unknown kind; the kinds are UIKit's header and footer kinds.
// - Fixed: the first loop of `LayoutAttributesForElementsInRect` lacks the `break` of the layout
//   it was translated from (CHTCollectionViewWaterfallLayout), so `begin` lands on the *last* union
//   rect the query meets and every item before it is dropped; asked for the screen and its
//   margins, it returns no visible item at all. The `break` is back.
// - Kept as written: `NextColumnIndexForItem` with `.leftToRight` returns `columnCount`, one past
//   the last column, which traps in Swift as it throws in C#; only `.shortestFirst` is usable.
import Springframes

enum WaterfallCollectionRenderDirection {
    case shortestFirst
    case leftToRight
    case rightToLeft
}

final class WaterfallCollectionLayout: UICollectionViewLayout {
    // MARK: Private Variables
    private var _columnCount = 2
    private var _minimumColumnSpacing: CGFloat = 10
    private var _minimumInterItemSpacing: CGFloat = 10
    private var _headerHeight: CGFloat = 0.0
    private var _footerHeight: CGFloat = 0.0
    private var _sectionInset = UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
    private var _itemRenderDirection = WaterfallCollectionRenderDirection.shortestFirst
    private var headersAttributes: [Int: UICollectionViewLayoutAttributes] = [:]
    private var footersAttributes: [Int: UICollectionViewLayoutAttributes] = [:]
    private var unionRects: [CGRect] = []
    private var columnHeights: [CGFloat] = []
    private var allItemAttributes: [UICollectionViewLayoutAttributes] = []
    private var sectionItemAttributes: [[UICollectionViewLayoutAttributes]] = []
    private var unionSize: CGFloat = 20

    // MARK: Computed Properties
    var columnCount: Int {
        get { _columnCount }
        set { _columnCount = newValue; invalidateLayout() }
    }

    var minimumColumnSpacing: CGFloat {
        get { _minimumColumnSpacing }
        set { _minimumColumnSpacing = newValue; invalidateLayout() }
    }

    var minimumInterItemSpacing: CGFloat {
        get { _minimumInterItemSpacing }
        set { _minimumInterItemSpacing = newValue; invalidateLayout() }
    }

    var headerHeight: CGFloat {
        get { _headerHeight }
        set { _headerHeight = newValue; invalidateLayout() }
    }

    var footerHeight: CGFloat {
        get { _footerHeight }
        set { _footerHeight = newValue; invalidateLayout() }
    }

    var sectionInset: UIEdgeInsets {
        get { _sectionInset }
        set { _sectionInset = newValue; invalidateLayout() }
    }

    var itemRenderDirection: WaterfallCollectionRenderDirection {
        get { _itemRenderDirection }
        set { _itemRenderDirection = newValue; invalidateLayout() }
    }

    // MARK: Constructors
    override init() {
        super.init()
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    // MARK: Public Methods
    func itemWidthInSectionAtIndex(_ section: Int) -> CGFloat {
        let width = collectionView!.bounds.width - sectionInset.left - sectionInset.right
        return ((width - (CGFloat(columnCount - 1) * minimumColumnSpacing)) / CGFloat(columnCount)).rounded(.down)
    }

    // MARK: Override Methods
    override func prepare() {
        super.prepare()

        // Get the number of sections
        let numberofSections = collectionView!.numberOfSections
        if numberofSections == 0 {
            return
        }

        // Reset collections
        headersAttributes.removeAll()
        footersAttributes.removeAll()
        unionRects.removeAll()
        columnHeights.removeAll()
        allItemAttributes.removeAll()
        sectionItemAttributes.removeAll()

        // Initialize column heights
        for _ in 0..<columnCount {
            columnHeights.append(0)
        }

        // Process all sections
        var top: CGFloat = 0.0
        var attributes = UICollectionViewLayoutAttributes()
        var columnIndex = 0
        for section in 0..<numberofSections {
            // Calculate section specific metrics
            let minimumInterItemSpacing = (minimumInterItemSpacingForSection == nil) ? minimumColumnSpacing :
                minimumInterItemSpacingForSection!(collectionView!, self, section)
            _ = minimumInterItemSpacing   // unused in the C# too: the code below reads the property

            // Calculate widths
            let width = collectionView!.bounds.width - sectionInset.left - sectionInset.right
            let itemWidth = ((width - (CGFloat(columnCount - 1) * minimumColumnSpacing)) / CGFloat(columnCount)).rounded(.down)

            // Calculate section header
            let heightHeader = (heightForHeader == nil) ? headerHeight :
                heightForHeader!(collectionView!, self, section)
            if heightHeader > 0 {
                attributes = UICollectionViewLayoutAttributes(forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader,
                                                              with: IndexPath(item: 0, section: section))
                attributes.frame = CGRect(x: 0, y: top, width: collectionView!.bounds.width, height: heightHeader)
                headersAttributes[section] = attributes
                allItemAttributes.append(attributes)

                top = attributes.frame.maxY
            }

            top += sectionInset.top
            for n in 0..<columnCount {
                columnHeights[n] = top
            }

            // Calculate Section Items
            let itemCount = collectionView!.numberOfItems(inSection: section)
            var itemAttributes: [UICollectionViewLayoutAttributes] = []

            for n in 0..<itemCount {
                let indexPath = IndexPath(item: n, section: section)
                columnIndex = nextColumnIndexForItem(n)
                let xOffset = sectionInset.left + (itemWidth + minimumColumnSpacing) * CGFloat(columnIndex)
                let yOffset = columnHeights[columnIndex]
                let itemSize = (sizeForItem == nil) ? CGSize(width: 0, height: 0) : sizeForItem!(collectionView!, self, indexPath)
                var itemHeight: CGFloat = 0.0

                if itemSize.height > 0.0 && itemSize.width > 0.0 {
                    itemHeight = (itemSize.height * itemWidth / itemSize.width).rounded(.down)
                }

                attributes = UICollectionViewLayoutAttributes(forCellWith: indexPath)
                attributes.frame = CGRect(x: xOffset, y: yOffset, width: itemWidth, height: itemHeight)
                itemAttributes.append(attributes)
                allItemAttributes.append(attributes)
                columnHeights[columnIndex] = attributes.frame.maxY + self.minimumInterItemSpacing
            }
            sectionItemAttributes.append(itemAttributes)

            // Calculate Section Footer
            var footerHeight: CGFloat = 0.0
            columnIndex = longestColumnIndex()
            top = columnHeights[columnIndex] - self.minimumInterItemSpacing + sectionInset.bottom
            footerHeight = (heightForFooter == nil) ? self.footerHeight : heightForFooter!(collectionView!, self, section)

            if footerHeight > 0 {
                attributes = UICollectionViewLayoutAttributes(forSupplementaryViewOfKind: UICollectionView.elementKindSectionFooter,
                                                              with: IndexPath(item: 0, section: section))
                attributes.frame = CGRect(x: 0, y: top, width: collectionView!.bounds.width, height: footerHeight)
                footersAttributes[section] = attributes
                allItemAttributes.append(attributes)
                top = attributes.frame.maxY
            }

            for n in 0..<columnCount {
                columnHeights[n] = top
            }
        }

        var i = 0
        let attrs = allItemAttributes.count
        while i < attrs {
            let rect1 = allItemAttributes[i].frame
            i = Int(min(CGFloat(i) + unionSize, CGFloat(attrs))) - 1
            let rect2 = allItemAttributes[i].frame
            unionRects.append(rect1.union(rect2))
            i += 1
        }
    }

    override var collectionViewContentSize: CGSize {
        if collectionView!.numberOfSections == 0 {
            return CGSize(width: 0, height: 0)
        }

        var contentSize = collectionView!.bounds.size
        contentSize.height = columnHeights[0]
        return contentSize
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        if indexPath.section >= sectionItemAttributes.count {
            return nil
        }

        if indexPath.item >= sectionItemAttributes[indexPath.section].count {
            return nil
        }

        let list = sectionItemAttributes[indexPath.section]
        return list[indexPath.item]
    }

    override func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        var attributes: UICollectionViewLayoutAttributes?
        switch kind {
        case UICollectionView.elementKindSectionHeader:
            attributes = headersAttributes[indexPath.section]
        case UICollectionView.elementKindSectionFooter:
            attributes = footersAttributes[indexPath.section]
        default:
            break
        }
        return attributes
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        var begin = 0
        var end = unionRects.count
        var attrs: [UICollectionViewLayoutAttributes] = []

        for i in 0..<end {
            if rect.intersects(unionRects[i]) {
                begin = i * Int(unionSize)
                break
            }
        }

        for i in stride(from: end - 1, through: 0, by: -1) {
            if rect.intersects(unionRects[i]) {
                end = min((i + 1) * Int(unionSize), allItemAttributes.count)
                break
            }
        }

        for i in begin..<max(begin, end) {
            let attr = allItemAttributes[i]
            if rect.intersects(attr.frame) {
                attrs.append(attr)
            }
        }

        return attrs
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        let oldBounds = collectionView!.bounds
        return newBounds.width != oldBounds.width
    }

    // MARK: Private Methods
    private func shortestColumnIndex() -> Int {
        var index = 0
        var shortestHeight = CGFloat.greatestFiniteMagnitude
        var n = 0

        // Scan each column for the shortest height
        for height in columnHeights {
            if height < shortestHeight {
                shortestHeight = height
                index = n
            }
            n += 1
        }

        return index
    }

    private func longestColumnIndex() -> Int {
        var index = 0
        var longestHeight = -CGFloat.greatestFiniteMagnitude
        var n = 0

        // Scan each column for the shortest height
        for height in columnHeights {
            if height > longestHeight {
                longestHeight = height
                index = n
            }
            n += 1
        }

        return index
    }

    private func nextColumnIndexForItem(_ item: Int) -> Int {
        var index = 0
        switch itemRenderDirection {
        case .shortestFirst:
            index = shortestColumnIndex()
        case .leftToRight:
            index = columnCount
        case .rightToLeft:
            index = (columnCount - 1) - (item / columnCount)
        }
        return index
    }

    // MARK: Events
    typealias WaterfallCollectionSizeDelegate = (UICollectionView, WaterfallCollectionLayout, IndexPath) -> CGSize
    typealias WaterfallCollectionFloatDelegate = (UICollectionView, WaterfallCollectionLayout, Int) -> CGFloat
    typealias WaterfallCollectionEdgeInsetsDelegate = (UICollectionView, WaterfallCollectionLayout, Int) -> UIEdgeInsets

    var sizeForItem: WaterfallCollectionSizeDelegate?
    var heightForHeader: WaterfallCollectionFloatDelegate?
    var heightForFooter: WaterfallCollectionFloatDelegate?
    var insetForSection: WaterfallCollectionEdgeInsetsDelegate?
    var minimumInterItemSpacingForSection: WaterfallCollectionFloatDelegate?
}
