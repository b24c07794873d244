import Vocabulary
import Foundation

/// The scroll direction of a flow layout.
public enum UICollectionViewScrollDirection: Int, Sendable {
    case vertical
    case horizontal
}

/// UIKit's line-based layout: items fill lines across the scroll direction, lines stack along it,
/// section by section, each section with an optional header and footer.
///
/// **Spare space in a line** (what UIKit does, as PSTCollectionView, the reimplementation built by
/// comparing against UIKit, documents it, and as this type reproduces):
/// - A **full line** is justified: the first item touches the leading section inset, the last one
///   the trailing inset, and the space left over is shared equally between the gaps (so the
///   inter-item gap is `minimumInteritemSpacing` or more).
/// - The **last line of a section** is laid out as if it were filled with more items the size of
///   its last one: it gets the gaps a full line would get, starting at the leading inset, so the
///   section reads as a grid (a 2-item last line of a 4-across grid sits under the first two columns).
/// - A line that holds **a single item** (because no second item fits) has the item centred in it.
///
/// Within a line, items of different sizes are centred across it. Lines are
/// `minimumLineSpacing` apart; a section is header, top inset, lines, bottom inset, footer.
/// Vertically a header is as wide as the collection view and `headerReferenceSize.height` tall;
/// horizontally it is `headerReferenceSize.width` wide and as tall as the collection view.
///
/// Queries find sections and lines by binary search, so `layoutAttributesForElements(in:)` costs
/// O(log n) plus the elements returned, even with 100,000 items.
open class UICollectionViewFlowLayout: UICollectionViewLayout {
    public override init() {
        super.init()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    open var scrollDirection: UICollectionViewScrollDirection = .vertical { didSet { invalidateLayout() } }
    /// UIKit's default 50 × 50.
    open var itemSize = CGSize(width: 50, height: 50) { didSet { invalidateLayout() } }

    /// Non-zero: cells size themselves (self-sizing). Items start at this size (or 50 × 50 for
    /// `automaticSize`), and each cell's `preferredLayoutAttributesFitting(_:)` sets its own when
    /// it is first shown, the lines after it moving as on iOS. As in UIKit the default measure
    /// fits both dimensions to the content; a cell that should fill the width overrides
    /// `preferredLayoutAttributesFitting` with `systemLayoutSizeFitting(_:withHorizontalFittingPriority:
    /// .required, verticalFittingPriority: .fittingSizeLevel)`. Sizes are kept until the data
    /// changes or the width to fill does.
    open var estimatedItemSize: CGSize = .zero {
        didSet {
            preferredItemSizes = [:]
            invalidateLayout()
        }
    }

    /// UIKit's marker for "estimate for me": cells size themselves from 50 × 50.
    nonisolated public static let automaticSize = CGSize(width: CGFloat.greatestFiniteMagnitude,
                                                         height: CGFloat.greatestFiniteMagnitude)

    private var estimate: CGSize {
        estimatedItemSize == Self.automaticSize ? CGSize(width: 50, height: 50) : estimatedItemSize
    }

    package override var selfSizingAxes: SelfSizingAxes {
        estimatedItemSize == .zero ? [] : [.horizontal, .vertical]
    }

    open override class var invalidationContextClass: AnyClass { UICollectionViewFlowLayoutInvalidationContext.self }

    open override func shouldInvalidateLayout(forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
                                              withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes) -> Bool {
        estimatedItemSize != .zero && originalAttributes.representedElementCategory == .cell
            && preferredAttributes.size != originalAttributes.size
    }

    /// Between lines (UIKit's default 10).
    open var minimumLineSpacing: CGFloat = 10 { didSet { invalidateLayout() } }
    /// Between items of a line (UIKit's default 10).
    open var minimumInteritemSpacing: CGFloat = 10 { didSet { invalidateLayout() } }
    open var sectionInset: UIEdgeInsets = .zero { didSet { invalidateLayout() } }
    open var headerReferenceSize: CGSize = .zero { didSet { invalidateLayout() } }
    open var footerReferenceSize: CGSize = .zero { didSet { invalidateLayout() } }

    /// The inset a section gets when no delegate says otherwise: `sectionInset`. Subclasses that
    /// derive insets from the collection view's size (the line layout centres its end items)
    /// override this rather than setting `sectionInset` during `prepare()`.
    open func resolvedSectionInset(forSection section: Int) -> UIEdgeInsets {
        sectionInset
    }

    // MARK: Layout

    open override func prepare() {
        super.prepare()
        let vertical = scrollDirection == .vertical
        // The width to fill is the view's less its adjusted content inset, as in UIKit.
        let across = collectionView.map {
            let inset = $0.adjustedContentInset
            return max(0, vertical ? $0.frame.width - inset.left - inset.right : $0.frame.height - inset.top - inset.bottom)
        }
        // Invalidated by its animators alone, with the same width to fill: nothing to compute again.
        if invalidatedOnlyByAnimators, across != nil, across == preparedAcross { return }
        if across != preparedAcross { preferredItemSizes = [:] }
        preparedAcross = across
        sections = []
        guard let collectionView, let across else {
            contentSize = .zero
            return
        }
        let delegate = collectionView.delegate as? UICollectionViewDelegateFlowLayout
        var position: CGFloat = 0
        for section in 0..<collectionView.numberOfSections {
            let count = collectionView.numberOfItems(inSection: section)
            let inset = delegate?.collectionView(collectionView, layout: self, insetForSectionAt: section)
                ?? resolvedSectionInset(forSection: section)
            let lineSpacing = delegate?.collectionView(collectionView, layout: self, minimumLineSpacingForSectionAt: section)
                ?? minimumLineSpacing
            let itemSpacing = delegate?.collectionView(collectionView, layout: self, minimumInteritemSpacingForSectionAt: section)
                ?? minimumInteritemSpacing
            let header = delegate?.collectionView(collectionView, layout: self, referenceSizeForHeaderInSection: section)
                ?? headerReferenceSize
            let footer = delegate?.collectionView(collectionView, layout: self, referenceSizeForFooterInSection: section)
                ?? footerReferenceSize
            var sizes = [CGSize](repeating: estimatedItemSize == .zero ? itemSize : estimate, count: count)
            if estimatedItemSize != .zero {
                for item in 0..<count {
                    if let size = preferredItemSizes[IndexPath(item: item, section: section)] { sizes[item] = size }
                }
            } else if let delegate {
                for item in 0..<count {
                    sizes[item] = delegate.collectionView(collectionView, layout: self,
                                                          sizeForItemAt: IndexPath(item: item, section: section))
                }
            }
            let geometry = SectionGeometry(
                start: position, across: across, vertical: vertical, sizes: sizes, inset: inset,
                lineSpacing: lineSpacing, itemSpacing: itemSpacing,
                headerLength: vertical ? header.height : header.width,
                footerLength: vertical ? footer.height : footer.width)
            sections.append(geometry)
            position = geometry.end
        }
        contentSize = vertical ? CGSize(width: across, height: position) : CGSize(width: position, height: across)
        if mirrorsHorizontally {
            let width = contentSize.width
            for index in sections.indices {
                sections[index].frames = sections[index].frames.map { Self.mirrored($0, width: width) }
                sections[index].headerFrame = sections[index].headerFrame.map { Self.mirrored($0, width: width) }
                sections[index].footerFrame = sections[index].footerFrame.map { Self.mirrored($0, width: width) }
            }
        }
    }

    open override var collectionViewContentSize: CGSize { contentSize }

    /// True: right to left, the first item is at the top right (see the base class).
    open override var flipsHorizontallyInOppositeLayoutDirection: Bool { true }

    open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        let vertical = scrollDirection == .vertical
        let low = vertical ? rect.minY : rect.minX, high = vertical ? rect.maxY : rect.maxX
        var result: [UICollectionViewLayoutAttributes] = []
        var section = sections.partitionIndex { $0.end < low }
        while section < sections.count, sections[section].start <= high {
            let geometry = sections[section]
            if let frame = geometry.headerFrame, frame.intersects(rect) {
                result.append(.supplementary(UICollectionView.elementKindSectionHeader, section: section, frame: frame, of: attributesType))
            }
            var line = geometry.lines.partitionIndex { $0.end < low }
            while line < geometry.lines.count, geometry.lines[line].start <= high {
                for item in geometry.lines[line].items where geometry.frames[item].intersects(rect) {
                    result.append(.cell(IndexPath(item: item, section: section), frame: geometry.frames[item], of: attributesType))
                }
                line += 1
            }
            if let frame = geometry.footerFrame, frame.intersects(rect) {
                result.append(.supplementary(UICollectionView.elementKindSectionFooter, section: section, frame: frame, of: attributesType))
            }
            section += 1
        }
        return result
    }

    open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard indexPath.count == 2, indexPath.section >= 0, indexPath.section < sections.count,
              indexPath.item >= 0, indexPath.item < sections[indexPath.section].frames.count else { return nil }
        return .cell(indexPath, frame: sections[indexPath.section].frames[indexPath.item], of: attributesType)
    }

    open override func layoutAttributesForSupplementaryView(ofKind elementKind: String,
                                                            at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard indexPath.count == 2, indexPath.section >= 0, indexPath.section < sections.count else { return nil }
        let geometry = sections[indexPath.section]
        switch elementKind {
        case UICollectionView.elementKindSectionHeader:
            return geometry.headerFrame.map { .supplementary(elementKind, section: indexPath.section, frame: $0, of: attributesType) }
        case UICollectionView.elementKindSectionFooter:
            return geometry.footerFrame.map { .supplementary(elementKind, section: indexPath.section, frame: $0, of: attributesType) }
        default:
            return nil
        }
    }

    /// A new bounds size relays the lines; scrolling alone does not.
    open override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        guard let collectionView else { return false }
        return newBounds.size != collectionView.bounds.size
    }

    // MARK: - Geometry

    private var sections: [SectionGeometry] = []
    private var contentSize: CGSize = .zero
    /// The width (vertical) or height (horizontal) the sections were laid out to fill.
    private var preparedAcross: CGFloat?


}

/// One section of a flow layout, along the scroll axis from `start` to `end`.
private struct SectionGeometry {
    struct Line {
        var items: Range<Int>
        /// Along the scroll axis.
        var start: CGFloat
        var end: CGFloat
    }

    var start: CGFloat
    var end: CGFloat
    var headerFrame: CGRect?
    var footerFrame: CGRect?
    var frames: [CGRect]
    var lines: [Line]

    /// Lays out one section. "Along" is the scroll axis (y for vertical), "across" the line axis.
    init(start: CGFloat, across: CGFloat, vertical: Bool, sizes: [CGSize], inset: UIEdgeInsets,
         lineSpacing: CGFloat, itemSpacing: CGFloat, headerLength: CGFloat, footerLength: CGFloat) {
        func rect(along: CGFloat, across acrossPosition: CGFloat, alongLength: CGFloat, acrossLength: CGFloat) -> CGRect {
            vertical ? CGRect(x: acrossPosition, y: along, width: acrossLength, height: alongLength)
                : CGRect(x: along, y: acrossPosition, width: alongLength, height: acrossLength)
        }
        func acrossSize(_ size: CGSize) -> CGFloat { vertical ? size.width : size.height }
        func alongSize(_ size: CGSize) -> CGFloat { vertical ? size.height : size.width }
        let leadingInset = vertical ? inset.left : inset.top
        let trailingInset = vertical ? inset.right : inset.bottom
        let startInset = vertical ? inset.top : inset.left
        let endInset = vertical ? inset.bottom : inset.right
        let available = across - leadingInset - trailingInset

        self.start = start
        var position = start
        if headerLength > 0 {
            headerFrame = rect(along: position, across: 0, alongLength: headerLength, acrossLength: across)
            position += headerLength
        }
        position += startInset
        frames = [CGRect](repeating: .zero, count: sizes.count)
        lines = []
        var first = 0
        while first < sizes.count {
            // Fill the line: at least one item, then as many as fit with the minimum spacing.
            var used = acrossSize(sizes[first])
            var next = first + 1
            while next < sizes.count, used + itemSpacing + acrossSize(sizes[next]) <= available {
                used += itemSpacing + acrossSize(sizes[next])
                next += 1
            }
            let items = first..<next
            let isLast = next == sizes.count
            // The number of slots the line justifies over: a last line counts the phantom items
            // (its last item's size) that would fill it.
            var slots = items.count
            if isLast, let lastSize = items.last.map({ acrossSize(sizes[$0]) }), lastSize > 0 {
                while used + itemSpacing + lastSize <= available {
                    used += itemSpacing + lastSize
                    slots += 1
                }
            }
            let leftover = available - used
            var cursor = leadingInset
            var gap = itemSpacing
            if slots == 1 {
                cursor += leftover / 2
            } else {
                gap += leftover / CGFloat(slots - 1)
            }
            let thickness = items.map { alongSize(sizes[$0]) }.max() ?? 0
            for item in items {
                let size = sizes[item]
                let offset = (thickness - alongSize(size)) / 2
                frames[item] = rect(along: position + offset, across: cursor,
                                    alongLength: alongSize(size), acrossLength: acrossSize(size))
                cursor += acrossSize(size) + gap
            }
            lines.append(Line(items: items, start: position, end: position + thickness))
            position += thickness
            first = next
            if first < sizes.count { position += lineSpacing }
        }
        position += endInset
        if footerLength > 0 {
            footerFrame = rect(along: position, across: 0, alongLength: footerLength, acrossLength: across)
            position += footerLength
        }
        end = position
    }
}

extension Array {
    /// The first index whose element does not satisfy `belongsBefore`, for an array partitioned so
    /// that all such elements come first (binary search).
    func partitionIndex(where belongsBefore: (Element) -> Bool) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if belongsBefore(self[middle]) { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
