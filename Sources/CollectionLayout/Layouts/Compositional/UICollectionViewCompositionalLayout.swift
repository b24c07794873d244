import Vocabulary
import Foundation

/// How a section scrolls across the layout's own direction.
public enum UICollectionLayoutSectionOrthogonalScrollingBehavior: Int, Sendable {
    case none, continuous, continuousGroupLeadingBoundary, paging, groupPaging, groupPagingCentered
}

/// An item as a section's `visibleItemsInvalidationHandler` sees it: change its alpha, transform
/// or zIndex (a carousel's scaling), and the change is shown.
@MainActor
public protocol NSCollectionLayoutVisibleItem: AnyObject {
    var frame: CGRect { get }
    var bounds: CGRect { get }
    var center: CGPoint { get set }
    var alpha: CGFloat { get set }
    var transform: CGAffineTransform { get set }
    var transform3D: CATransform3D { get set }
    var zIndex: Int { get set }
    var isHidden: Bool { get set }
    var indexPath: IndexPath { get }
    var representedElementCategory: UICollectionElementCategory { get }
    var representedElementKind: String? { get }
}

extension UICollectionViewLayoutAttributes: NSCollectionLayoutVisibleItem {}

/// What a section calls with its visible items, its scroll offset and the environment.
public typealias NSCollectionLayoutSectionVisibleItemsInvalidationHandler =
    ([NSCollectionLayoutVisibleItem], CGPoint, NSCollectionLayoutEnvironment) -> Void

/// A section of a compositional layout: its group repeated along the layout's direction (or
/// across it, when it scrolls orthogonally), with insets, spacing, headers, footers and a
/// background.
@MainActor
open class NSCollectionLayoutSection {
    public let group: NSCollectionLayoutGroup
    open var contentInsets: NSDirectionalEdgeInsets = .zero
    open var interGroupSpacing: CGFloat = 0
    /// Anything but `.none` lays the groups out in one row across the layout's direction, which
    /// the user scrolls on its own: continuously, snapping to group boundaries, a page (the
    /// visible width) or a group at a time, or a group at a time centred.
    open var orthogonalScrollingBehavior: UICollectionLayoutSectionOrthogonalScrollingBehavior = .none
    open var boundarySupplementaryItems: [NSCollectionLayoutBoundarySupplementaryItem] = []
    open var decorationItems: [NSCollectionLayoutDecorationItem] = []
    /// Called on every layout pass with the section's shown items (their frames as laid out,
    /// unscrolled), its scroll offset (an orthogonal section's own, else the collection view's)
    /// and the environment: what it changes of the items is shown.
    open var visibleItemsInvalidationHandler: NSCollectionLayoutSectionVisibleItemsInvalidationHandler?

    /// Set by `list(using:layoutEnvironment:)`: the elements are tagged for list cells.
    var list: ListSection?

    public init(group: NSCollectionLayoutGroup) {
        self.group = group
    }
}

/// How a compositional layout is arranged as a whole.
@MainActor
open class UICollectionViewCompositionalLayoutConfiguration {
    open var scrollDirection: UICollectionViewScrollDirection = .vertical
    open var interSectionSpacing: CGFloat = 0
    /// Headers and footers of the whole layout.
    open var boundarySupplementaryItems: [NSCollectionLayoutBoundarySupplementaryItem] = []

    public init() {}
}

/// The layout of sections made of items and groups, as UIKit's (iOS 13).
///
/// Sizes resolve against the container: a section's group against the collection view's width
/// (less the section's insets) and height, a group's items against the group. Each section
/// repeats its group along the scroll direction until its items are placed (the last group may
/// be part full), with `interGroupSpacing` between groups and the configuration's
/// `interSectionSpacing` between sections. Headers (`.top` boundary items) come before the
/// groups, footers after; a pinned header stays at the top of the visible area while its section
/// shows. Background decoration items cover the section.
///
/// Estimated dimensions size themselves in a horizontal or vertical group of items: each cell's
/// `preferredLayoutAttributesFitting(_:)` sets its size along them, and a group whose own
/// dimension is estimated is as long (or thick) as its items. Elsewhere (nested, custom and
/// orthogonal groups) estimates are laid out as they are, and warn once.
///
/// An orthogonal section lays its groups out in one row across the layout, which scrolls on its
/// own (see `OrthogonalSectionScroller`): its items' attributes move back by its scroll offset.
/// An item's supplementary items (badges) are placed on each of its cells by their anchors.
@MainActor
open class UICollectionViewCompositionalLayout: UICollectionViewLayout {
    public typealias SectionProvider = (Int, NSCollectionLayoutEnvironment) -> NSCollectionLayoutSection?

    private let sectionProvider: SectionProvider
    open var configuration: UICollectionViewCompositionalLayoutConfiguration { didSet { invalidateLayout() } }

    private var cellAttributes: [[UICollectionViewLayoutAttributes]] = []
    /// Each section's item supplementary views (badges), which move with their cells.
    private var badgeAttributes: [[UICollectionViewLayoutAttributes]] = []
    private var supplementary: [UICollectionViewLayoutAttributes] = []
    /// Pinned headers: the attributes, and how far down their section lets them go.
    private var pinned: [(attributes: UICollectionViewLayoutAttributes, natural: CGRect, limit: CGFloat)] = []
    private var decorations: [UICollectionViewLayoutAttributes] = []
    private var sections: [(section: NSCollectionLayoutSection, frame: CGRect)] = []
    private var contentSize: CGSize = .zero
    /// The axes along which some item's size is estimated, as of the last `prepare()`.
    private var estimatedAxes: SelfSizingAxes = []
    /// Given to the collection view in `prepare()` (a list layout's background).
    var listBackgroundColor: UIColor?
    /// The scrollers of orthogonal sections, by section index.
    var scrollers: [Int: OrthogonalSectionScroller] = [:]
    /// Swipes list rows, once there is a list section.
    var swipeActions: SwipeActionsController?
    /// The environment of the last `prepare()`, for the visible items handlers.
    private var environment = LayoutContainer(contentSize: .zero)
    /// The container the cells' measured sizes were taken in: a new one measures them again.
    private var measuredContainer: CGSize?

    public init(section: NSCollectionLayoutSection, configuration: UICollectionViewCompositionalLayoutConfiguration = .init()) {
        sectionProvider = { _, _ in section }
        self.configuration = configuration
        super.init()
    }

    public init(sectionProvider: @escaping SectionProvider, configuration: UICollectionViewCompositionalLayoutConfiguration = .init()) {
        self.sectionProvider = sectionProvider
        self.configuration = configuration
        super.init()
    }

    public convenience init(sectionProvider: @escaping SectionProvider) {
        self.init(sectionProvider: sectionProvider, configuration: .init())
    }

    /// Nibs are not loaded here: a layout from a coder has no sections.
    public required init?(coder: NSCoder) {
        sectionProvider = { _, _ in nil }
        configuration = .init()
        super.init(coder: coder)
    }

    open override func prepare() {
        super.prepare()
        estimatedAxes = []
        cellAttributes = []
        badgeAttributes = []
        supplementary = []
        pinned = []
        decorations = []
        sections = []
        guard let collectionView else { contentSize = .zero; return }
        if let listBackgroundColor, collectionView.backgroundColor != listBackgroundColor { collectionView.backgroundColor = listBackgroundColor }
        let vertical = configuration.scrollDirection == .vertical
        let insets = collectionView.adjustedContentInset
        let container = CGSize(width: max(0, collectionView.bounds.width - insets.left - insets.right),
                               height: max(0, collectionView.bounds.height - insets.top - insets.bottom))
        let environment = LayoutContainer(contentSize: container)
        self.environment = environment
        // Sizes measured at another width (or height) no longer hold: a row that wraps is taller
        // in a narrower list. The cells measure themselves again as they show.
        if measuredContainer != container {
            if measuredContainer != nil, !preferredItemSizes.isEmpty {
                preferredItemSizes = [:]
                remeasuresShownCells = true
            }
            measuredContainer = container
        }
        var orthogonalBands: [Int: OrthogonalBand] = [:]
        var cursor: CGFloat = 0
        let global = configuration.boundarySupplementaryItems
        for item in global where item.alignment == .top || item.alignment == .leading || item.alignment == .topLeading {
            let size = item.layoutSize.resolved(in: container)
            let frame = vertical ? CGRect(x: 0, y: cursor, width: size.width, height: size.height)
                : CGRect(x: cursor, y: 0, width: size.width, height: size.height)
            supplementary.append(attributes(kind: item.elementKind, index: IndexPath(item: 0, section: 0), frame: frame, zIndex: item.zIndex))
            cursor += vertical ? size.height : size.width
        }
        for index in 0..<collectionView.numberOfSections {
            guard let section = sectionProvider(index, environment) else {
                preconditionFailure("UICollectionViewCompositionalLayout: the section provider returned nil for section \(index) (UIKit raises here too)")
            }
            if index > 0 { cursor += configuration.interSectionSpacing }
            let frame = layOut(section, at: index, from: cursor, container: container, environment: environment, vertical: vertical,
                               items: collectionView.numberOfItems(inSection: index), band: &orthogonalBands[index])
            sections.append((section, frame))
            cursor = vertical ? frame.maxY : frame.maxX
        }
        for item in global where !(item.alignment == .top || item.alignment == .leading || item.alignment == .topLeading) {
            let size = item.layoutSize.resolved(in: container)
            let frame = vertical ? CGRect(x: 0, y: cursor, width: size.width, height: size.height)
                : CGRect(x: cursor, y: 0, width: size.width, height: size.height)
            supplementary.append(attributes(kind: item.elementKind, index: IndexPath(item: 0, section: 0), frame: frame, zIndex: item.zIndex))
            cursor += vertical ? size.height : size.width
        }
        contentSize = vertical ? CGSize(width: container.width, height: cursor) : CGSize(width: cursor, height: container.height)
        if mirrorsHorizontally { mirrorFrames(width: contentSize.width, keeping: Set(orthogonalBands.keys)) }
        updateScrollers(orthogonalBands, in: collectionView, container: container, vertical: vertical)
        // Any list may have rows to swipe: its providers' or its cells' own configurations.
        if swipeActions == nil, sections.contains(where: { $0.section.list != nil }) {
            let controller = SwipeActionsController(frame: .zero)
            install(controller, in: collectionView)
            swipeActions = controller
        }
    }

    /// Puts a hidden scroll view that keeps an offset for the layout (an orthogonal section's, a
    /// swiped row's) into the collection view: on its clock, its pan one of the collection view's.
    private func install(_ scroller: HiddenScroller, in collectionView: UICollectionView) {
        scroller.owner = collectionView
        scroller.hostClock = collectionView.clock
        scroller.removeGestureRecognizer(scroller.panGestureRecognizer)
        collectionView.addGestureRecognizer(scroller.panGestureRecognizer)
        collectionView.addSubview(scroller)
    }

    /// The list settings of section `index`, when it is a list section.
    func listSection(_ index: Int) -> ListSection? {
        index >= 0 && index < sections.count ? sections[index].section.list : nil
    }

    /// An orthogonal section as laid out: its band, its content's length across the layout,
    /// where its groups start and how long they are.
    struct OrthogonalBand {
        var frame: CGRect
        var length: CGFloat
        var groupStarts: [CGFloat]
        var groupLength: CGFloat
        var leadingInset: CGFloat
        var behavior: UICollectionLayoutSectionOrthogonalScrollingBehavior
    }

    /// Makes, keeps or removes the orthogonal sections' scrollers; a kept one keeps its offset
    /// (within its new content).
    private func updateScrollers(_ bands: [Int: OrthogonalBand], in collectionView: UICollectionView, container: CGSize, vertical: Bool) {
        // In section order, so that subviews and recognizers are the same on every run.
        for (index, scroller) in scrollers.sorted(by: { $0.key < $1.key }) where bands[index] == nil {
            collectionView.removeGestureRecognizer(scroller.panGestureRecognizer)
            scroller.removeFromSuperview()
            scrollers[index] = nil
        }
        for (index, band) in bands.sorted(by: { $0.key < $1.key }) {
            let scroller: OrthogonalSectionScroller
            if let existing = scrollers[index] {
                scroller = existing
            } else {
                scroller = OrthogonalSectionScroller(frame: .zero)
                install(scroller, in: collectionView)
                scrollers[index] = scroller
            }
            scroller.vertical = vertical
            scroller.band = band.frame
            scroller.behavior = band.behavior
            scroller.groupStarts = band.groupStarts
            scroller.groupLength = band.groupLength
            scroller.leadingInset = band.leadingInset
            scroller.isPagingEnabled = band.behavior == .paging
            scroller.decelerationRate = band.behavior == .continuous ? .normal : .fast
            scroller.alwaysBounceHorizontal = vertical
            scroller.alwaysBounceVertical = !vertical
            let size = vertical ? CGSize(width: container.width, height: band.frame.height) : CGSize(width: band.frame.width, height: container.height)
            let frame = CGRect(origin: band.frame.origin, size: size)
            if scroller.frame != frame { scroller.frame = frame }
            scroller.contentSize = vertical ? CGSize(width: band.length, height: size.height) : CGSize(width: size.width, height: band.length)
            let clamped = scroller.clampedContentOffset(scroller.contentOffset)
            if clamped != scroller.contentOffset, !scroller.isDragging, !scroller.isDecelerating { scroller.contentOffset = clamped }
        }
    }

    /// How far section `index` is scrolled across the layout (0 unless it scrolls orthogonally).
    func orthogonalOffset(_ index: Int) -> CGFloat {
        scrollers[index]?.offset ?? 0
    }

    /// Lays out one section from `start` along the scroll direction; returns its frame (insets included).
    private func layOut(_ section: NSCollectionLayoutSection, at index: Int, from start: CGFloat, container: CGSize,
                        environment: LayoutContainer, vertical: Bool, items count: Int, band: inout OrthogonalBand?) -> CGRect {
        let insets = section.contentInsets
        let content = CGSize(width: max(0, container.width - insets.leading - insets.trailing),
                             height: max(0, container.height - insets.top - insets.bottom))
        var cursor = start + (vertical ? insets.top : insets.leading)
        let headers = section.boundarySupplementaryItems.filter { $0.alignment == .top || $0.alignment == .topLeading || $0.alignment == .topTrailing }
        let footers = section.boundarySupplementaryItems.filter { item in !headers.contains { $0 === item } }
        let firstSupplementary = supplementary.count
        var headerAttributes: [(NSCollectionLayoutBoundarySupplementaryItem, UICollectionViewLayoutAttributes)] = []
        for header in headers {
            let size = header.layoutSize.resolved(in: content)
            let frame = vertical ? CGRect(x: insets.leading + header.offset.x, y: cursor + header.offset.y, width: size.width, height: size.height)
                : CGRect(x: cursor + header.offset.x, y: insets.top + header.offset.y, width: size.width, height: size.height)
            let attributes = attributes(kind: header.elementKind, index: IndexPath(item: 0, section: index), frame: frame, zIndex: header.zIndex)
            supplementary.append(attributes)
            headerAttributes.append((header, attributes))
            if header.extendsBoundary { cursor += vertical ? size.height : size.width }
        }
        let groupSize = section.group.layoutSize.resolved(in: content)
        let groupFrame = section.group.insetFrame(CGRect(origin: .zero, size: groupSize))
        let leaves = section.group.leafFrames(size: groupFrame.size).map {
            ($0.frame.offsetBy(dx: groupFrame.minX, dy: groupFrame.minY), $0.zIndex, $0.item)
        }
        var row: [UICollectionViewLayoutAttributes] = []
        var badges: [UICollectionViewLayoutAttributes] = []
        /// A cell's badges, placed on its frame.
        func addBadges(of item: NSCollectionLayoutItem?, on cell: UICollectionViewLayoutAttributes) {
            for badge in item?.supplementaryItems ?? [] {
                badges.append(attributes(kind: badge.elementKind, index: cell.indexPath, frame: badge.frame(on: cell.frame), zIndex: badge.zIndex))
            }
        }
        let orthogonal = section.orthogonalScrollingBehavior != .none
        if let sizing = SelfSizingGroup(section.group), !orthogonal, count > 0 {
            // Each group laid out with its own cells' sizes, from their estimates until they are known.
            estimatedAxes.formUnion(sizing.axes)
            var item = 0, groups = 0
            while item < count {
                if groups > 0 { cursor += section.interGroupSpacing }
                let origin = vertical ? CGPoint(x: insets.leading, y: cursor) : CGPoint(x: cursor, y: insets.top)
                let placed = sizing.layOut(size: groupSize, first: item, remaining: count - item) {
                    self.preferredItemSizes[IndexPath(item: $0, section: index)]
                }
                for (offset, (frame, slot)) in zip(placed.frames, placed.items).enumerated() {
                    let attributes = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: item + offset, section: index))
                    attributes.frame = frame.offsetBy(dx: origin.x, dy: origin.y)
                    row.append(attributes)
                    addBadges(of: slot, on: attributes)
                }
                item += max(1, placed.frames.count)
                cursor += vertical ? placed.size.height : placed.size.width
                groups += 1
            }
        } else if !leaves.isEmpty, count > 0 {
            let groups = (count + leaves.count - 1) / leaves.count
            for groupIndex in 0..<groups {
                // Along the scroll direction, or across it for an orthogonal section.
                let step = CGFloat(groupIndex) * ((orthogonal == vertical ? groupSize.width : groupSize.height) + section.interGroupSpacing)
                let origin: CGPoint = vertical
                    ? (orthogonal ? CGPoint(x: insets.leading + step, y: cursor) : CGPoint(x: insets.leading, y: cursor + step))
                    : (orthogonal ? CGPoint(x: cursor, y: insets.top + step) : CGPoint(x: cursor + step, y: insets.top))
                for (leaf, (frame, zIndex, layoutItem)) in leaves.enumerated() {
                    let item = groupIndex * leaves.count + leaf
                    guard item < count else { break }
                    let attributes = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: item, section: index))
                    attributes.frame = frame.offsetBy(dx: origin.x, dy: origin.y)
                    attributes.zIndex = zIndex
                    row.append(attributes)
                    addBadges(of: layoutItem, on: attributes)
                }
            }
            let along = vertical ? groupSize.height : groupSize.width
            if orthogonal {
                let across = vertical ? groupSize.width : groupSize.height
                let leading = vertical ? insets.leading : insets.top
                let starts = (0..<groups).map { leading + CGFloat($0) * (across + section.interGroupSpacing) }
                let length = (starts.last ?? leading) + across + (vertical ? insets.trailing : insets.bottom)
                let frame = vertical ? CGRect(x: 0, y: cursor, width: container.width, height: along)
                    : CGRect(x: cursor, y: 0, width: along, height: container.height)
                band = OrthogonalBand(frame: frame, length: length, groupStarts: starts, groupLength: across, leadingInset: leading,
                                      behavior: section.orthogonalScrollingBehavior)
            }
            cursor += orthogonal ? along : CGFloat(groups) * along + CGFloat(groups - 1) * section.interGroupSpacing
        }
        if SelfSizingGroup(section.group) == nil, section.group.hasEstimatedDimension {
            UIKitCompatibility.notHonoured("NSCollectionLayoutDimension.estimated",
                                           "laid out at the estimate in nested, custom and orthogonal groups; cells size themselves in a plain horizontal or vertical group of items")
        }
        cellAttributes.append(row)
        badgeAttributes.append(badges)
        for footer in footers {
            let size = footer.layoutSize.resolved(in: content)
            let frame = vertical ? CGRect(x: insets.leading + footer.offset.x, y: cursor + footer.offset.y, width: size.width, height: size.height)
                : CGRect(x: cursor + footer.offset.x, y: insets.top + footer.offset.y, width: size.width, height: size.height)
            supplementary.append(attributes(kind: footer.elementKind, index: IndexPath(item: 0, section: index), frame: frame, zIndex: footer.zIndex))
            if footer.extendsBoundary { cursor += vertical ? size.height : size.width }
        }
        section.list?.tag(rows: row, supplementary: supplementary[firstSupplementary...])
        let end = cursor + (vertical ? insets.bottom : insets.trailing)
        let frame = vertical ? CGRect(x: 0, y: start, width: container.width, height: end - start)
            : CGRect(x: start, y: 0, width: end - start, height: container.height)
        for (header, attributes) in headerAttributes where header.pinToVisibleBounds {
            pinned.append((attributes, attributes.frame, vertical ? frame.maxY - insets.bottom : frame.maxX - insets.trailing))
        }
        for decoration in section.decorationItems {
            let attributes = UICollectionViewLayoutAttributes(forDecorationViewOfKind: decoration.elementKind, with: IndexPath(item: 0, section: index))
            attributes.frame = decoration.insetFrame(frame)
            attributes.zIndex = decoration.zIndex
            decorations.append(attributes)
        }
        return frame
    }

    private func attributes(kind: String, index: IndexPath, frame: CGRect, zIndex: Int) -> UICollectionViewLayoutAttributes {
        let attributes = UICollectionViewLayoutAttributes(forSupplementaryViewOfKind: kind, with: index)
        attributes.frame = frame
        attributes.zIndex = zIndex
        return attributes
    }

    // MARK: Self-sizing

    package override var selfSizingAxes: SelfSizingAxes { estimatedAxes }

    open override func shouldInvalidateLayout(forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
                                              withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes) -> Bool {
        !estimatedAxes.isEmpty && originalAttributes.representedElementCategory == .cell
            && preferredAttributes.size != originalAttributes.size
    }

    /// True: right to left, items run from the right (see the base class).
    open override var flipsHorizontallyInOppositeLayoutDirection: Bool { true }

    /// Mirrors every frame across `width`, but those of orthogonally scrolling sections, which
    /// keep scrolling from the left (not mirrored yet).
    private func mirrorFrames(width: CGFloat, keeping orthogonal: Set<Int>) {
        func mirror(_ attributes: UICollectionViewLayoutAttributes) {
            guard !orthogonal.contains(attributes.indexPath.section) else { return }
            attributes.frame = Self.mirrored(attributes.frame, width: width)
        }
        cellAttributes.joined().forEach(mirror)
        badgeAttributes.joined().forEach(mirror)
        supplementary.forEach(mirror)
        decorations.forEach(mirror)
        pinned = pinned.map { pin in
            mirror(pin.attributes)
            return (pin.attributes, orthogonal.contains(pin.attributes.indexPath.section) ? pin.natural : Self.mirrored(pin.natural, width: width),
                    pin.limit)
        }
        sections = sections.enumerated().map { orthogonal.contains($0.offset) ? $0.element : ($0.element.section, Self.mirrored($0.element.frame, width: width)) }
    }

    open override var collectionViewContentSize: CGSize { contentSize }

    /// Pinned headers follow the visible bounds: where they show now.
    private func pinnedFrame(_ pin: (attributes: UICollectionViewLayoutAttributes, natural: CGRect, limit: CGFloat)) -> CGRect {
        guard let collectionView else { return pin.natural }
        var frame = pin.natural
        if configuration.scrollDirection == .vertical {
            let top = collectionView.contentOffset.y + collectionView.adjustedContentInset.top
            frame.origin.y = min(max(pin.natural.minY, top), pin.limit - frame.height)
        } else {
            let leading = collectionView.contentOffset.x + collectionView.adjustedContentInset.left
            frame.origin.x = min(max(pin.natural.minX, leading), pin.limit - frame.width)
        }
        return frame
    }

    private var currentSupplementary: [UICollectionViewLayoutAttributes] {
        guard !pinned.isEmpty else { return supplementary }
        for pin in pinned { pin.attributes.frame = pinnedFrame(pin) }
        return supplementary
    }

    open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        var found: [UICollectionViewLayoutAttributes] = []
        for attributes in decorations where attributes.frame.intersects(rect) { found.append(attributes.copied()) }
        for (index, row) in cellAttributes.enumerated() {
            let shift = orthogonalOffset(index)
            let handler = index < sections.count ? sections[index].section.visibleItemsInvalidationHandler : nil
            for badge in badgeAttributes[index] where shifted(badge.frame, by: shift).intersects(rect) {
                let copy = badge.copied()
                move(copy, by: shift)
                found.append(copy)
            }
            if shift == 0, handler == nil {
                for attributes in row where attributes.frame.intersects(rect) { found.append(attributes.copied()) }
                continue
            }
            let shown = row.filter { shifted($0.frame, by: shift).intersects(rect) }.map { $0.copied() }
            if let handler, !shown.isEmpty {
                let scrolled = scrollers[index] != nil
                let offset = scrolled ? (configuration.scrollDirection == .vertical ? CGPoint(x: shift, y: 0) : CGPoint(x: 0, y: shift))
                    : collectionView?.contentOffset ?? .zero
                handler(shown, offset, environment)
            }
            for attributes in shown { move(attributes, by: shift) }
            found.append(contentsOf: shown)
        }
        for attributes in currentSupplementary where attributes.frame.intersects(rect) { found.append(attributes.copied()) }
        return found
    }

    /// `frame` moved back across the layout by an orthogonal section's scroll `offset`.
    private func shifted(_ frame: CGRect, by offset: CGFloat) -> CGRect {
        guard offset != 0 else { return frame }
        return configuration.scrollDirection == .vertical ? frame.offsetBy(dx: -offset, dy: 0) : frame.offsetBy(dx: 0, dy: -offset)
    }

    /// Moves `attributes` back across the layout by an orthogonal section's scroll `offset`.
    private func move(_ attributes: UICollectionViewLayoutAttributes, by offset: CGFloat) {
        guard offset != 0 else { return }
        if configuration.scrollDirection == .vertical { attributes.center.x -= offset } else { attributes.center.y -= offset }
    }

    open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard indexPath.section >= 0, indexPath.section < cellAttributes.count,
              indexPath.item >= 0, indexPath.item < cellAttributes[indexPath.section].count else { return nil }
        let attributes = cellAttributes[indexPath.section][indexPath.item].copied()
        let shift = orthogonalOffset(indexPath.section)
        move(attributes, by: shift)
        return attributes
    }

    open override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        if let found = currentSupplementary.first(where: { $0.representedElementKind == elementKind && $0.indexPath == indexPath }) {
            return found.copied()
        }
        guard indexPath.section >= 0, indexPath.section < badgeAttributes.count,
              let badge = badgeAttributes[indexPath.section].first(where: { $0.representedElementKind == elementKind && $0.indexPath == indexPath })
        else { return nil }
        let copy = badge.copied()
        move(copy, by: orthogonalOffset(indexPath.section))
        return copy
    }

    open override func layoutAttributesForDecorationView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        decorations.first { $0.representedElementKind == elementKind && $0.indexPath == indexPath }?.copied()
    }

    /// A new width (or height) changes fractional sizes; a scroll moves pinned headers.
    open override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        guard let collectionView else { return false }
        return newBounds.size != collectionView.bounds.size
    }
}

extension NSCollectionLayoutItem {
    /// Whether this item, or any item of this group, has an estimated dimension.
    var hasEstimatedDimension: Bool {
        if layoutSize.widthDimension.isEstimated || layoutSize.heightDimension.isEstimated { return true }
        return (self as? NSCollectionLayoutGroup)?.subitems.contains { $0.hasEstimatedDimension } ?? false
    }
}

/// A horizontal or vertical group of items (not groups) with an estimated dimension: laid out
/// one instance at a time, each item at its cell's own size along its estimated dimensions, the
/// group as long as its items where its own dimension is estimated.
@MainActor
struct SelfSizingGroup {
    let group: NSCollectionLayoutGroup
    let axes: SelfSizingAxes

    init?(_ group: NSCollectionLayoutGroup) {
        guard group.arrangement != .custom, group.hasEstimatedDimension,
              !group.subitems.contains(where: { $0 is NSCollectionLayoutGroup }) else { return nil }
        self.group = group
        var axes: SelfSizingAxes = []
        for item in [group] + group.subitems {
            if item.layoutSize.widthDimension.isEstimated { axes.insert(.horizontal) }
            if item.layoutSize.heightDimension.isEstimated { axes.insert(.vertical) }
        }
        self.axes = axes
    }

    /// One instance holding items from `first` (at most `remaining`): their frames in the
    /// group, and the group's size.
    func layOut(size: CGSize, first: Int, remaining: Int, preferred: (Int) -> CGSize?)
        -> (frames: [CGRect], items: [NSCollectionLayoutItem], size: CGSize) {
        let horizontal = group.arrangement == .horizontal
        let spacing = group.interItemSpacing?.spacing ?? 0
        let alongEstimated = horizontal ? group.layoutSize.widthDimension.isEstimated : group.layoutSize.heightDimension.isEstimated
        let acrossEstimated = horizontal ? group.layoutSize.heightDimension.isEstimated : group.layoutSize.widthDimension.isEstimated
        let along = horizontal ? size.width : size.height
        // Which item goes in which slot: `count` copies, the subitems once when the group is as
        // long as its items, else as many as fit at their estimates.
        var slots: [NSCollectionLayoutItem] = []
        if let count = group.count {
            slots = Array(repeating: group.subitems[0], count: count)
        } else if alongEstimated {
            slots = group.subitems
        } else {
            slots = group.fittingSubitems(in: size).map(\.item)
        }
        slots = Array(slots.prefix(remaining))
        var frames: [CGRect] = []
        var cursor: CGFloat = 0, across: CGFloat = 0
        for (offset, item) in slots.enumerated() {
            var box = item.layoutSize.resolved(in: size)
            if let count = group.count {
                let share = (along - spacing * CGFloat(count - 1)) / CGFloat(count)
                if horizontal { box.width = share } else { box.height = share }
            }
            if let measured = preferred(first + offset) {
                if item.layoutSize.widthDimension.isEstimated { box.width = measured.width }
                if item.layoutSize.heightDimension.isEstimated { box.height = measured.height }
            }
            let origin = horizontal ? CGPoint(x: cursor, y: 0) : CGPoint(x: 0, y: cursor)
            frames.append(item.insetFrame(CGRect(origin: origin, size: box)))
            cursor += (horizontal ? box.width : box.height) + spacing
            across = max(across, horizontal ? box.height : box.width)
        }
        let length = alongEstimated ? max(0, cursor - spacing) : along
        let thickness = acrossEstimated ? across : (horizontal ? size.height : size.width)
        return (frames, slots, horizontal ? CGSize(width: length, height: thickness) : CGSize(width: thickness, height: length))
    }
}

