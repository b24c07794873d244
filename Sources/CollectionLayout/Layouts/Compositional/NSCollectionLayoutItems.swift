import Vocabulary
import Foundation

/// One dimension of an item, group or supplementary item, as UIKit's: an absolute length in
/// points, a fraction of the container's width or height, or an estimate (laid out at the
/// estimate here; see `UICollectionViewCompositionalLayout`).
public final class NSCollectionLayoutDimension: Sendable {
    enum Kind: Equatable, Sendable { case absolute, estimated, fractionalWidth, fractionalHeight }

    let kind: Kind
    public let dimension: CGFloat

    private init(_ kind: Kind, _ dimension: CGFloat) {
        self.kind = kind
        self.dimension = dimension
    }

    public static func absolute(_ value: CGFloat) -> NSCollectionLayoutDimension { .init(.absolute, value) }
    public static func estimated(_ value: CGFloat) -> NSCollectionLayoutDimension { .init(.estimated, value) }
    public static func fractionalWidth(_ value: CGFloat) -> NSCollectionLayoutDimension { .init(.fractionalWidth, value) }
    public static func fractionalHeight(_ value: CGFloat) -> NSCollectionLayoutDimension { .init(.fractionalHeight, value) }

    public var isAbsolute: Bool { kind == .absolute }
    public var isEstimated: Bool { kind == .estimated }
    public var isFractionalWidth: Bool { kind == .fractionalWidth }
    public var isFractionalHeight: Bool { kind == .fractionalHeight }

    /// The length in a container of `size`.
    func resolved(in size: CGSize) -> CGFloat {
        switch kind {
        case .absolute, .estimated: return dimension
        case .fractionalWidth: return dimension * size.width
        case .fractionalHeight: return dimension * size.height
        }
    }
}

/// A width and a height.
public final class NSCollectionLayoutSize: Sendable {
    public let widthDimension: NSCollectionLayoutDimension
    public let heightDimension: NSCollectionLayoutDimension

    public init(widthDimension: NSCollectionLayoutDimension, heightDimension: NSCollectionLayoutDimension) {
        self.widthDimension = widthDimension
        self.heightDimension = heightDimension
    }

    func resolved(in container: CGSize) -> CGSize {
        CGSize(width: widthDimension.resolved(in: container), height: heightDimension.resolved(in: container))
    }
}

/// Space between items of a group: fixed, or flexible (at least that much, the rest shared out).
public final class NSCollectionLayoutSpacing: Sendable {
    public let spacing: CGFloat
    public let isFlexibleSpacing: Bool

    private init(_ spacing: CGFloat, flexible: Bool) {
        self.spacing = spacing
        isFlexibleSpacing = flexible
    }

    public static func fixed(_ value: CGFloat) -> NSCollectionLayoutSpacing { .init(value, flexible: false) }
    public static func flexible(_ value: CGFloat) -> NSCollectionLayoutSpacing { .init(value, flexible: true) }
    public var isFixedSpacing: Bool { !isFlexibleSpacing }
}

/// Extra space around an item, outside its size (declared; laid out as zero here).
public final class NSCollectionLayoutEdgeSpacing: Sendable {
    public let leading: NSCollectionLayoutSpacing?, top: NSCollectionLayoutSpacing?
    public let trailing: NSCollectionLayoutSpacing?, bottom: NSCollectionLayoutSpacing?

    public init(leading: NSCollectionLayoutSpacing?, top: NSCollectionLayoutSpacing?, trailing: NSCollectionLayoutSpacing?,
                bottom: NSCollectionLayoutSpacing?) {
        (self.leading, self.top, self.trailing, self.bottom) = (leading, top, trailing, bottom)
    }
}

/// The smallest part of a compositional layout: one cell's size, and the insets that shrink the
/// cell within it.
@MainActor
open class NSCollectionLayoutItem {
    public let layoutSize: NSCollectionLayoutSize
    /// Insets inside the item's size: the cell is that much smaller. Ignored on an estimated
    /// dimension, as in UIKit.
    open var contentInsets: NSDirectionalEdgeInsets = .zero
    /// Declared as in UIKit; laid out as no extra space (a one-time warning when set).
    open var edgeSpacing: NSCollectionLayoutEdgeSpacing? {
        didSet {
            if edgeSpacing != nil {
                UIKitCompatibility.notHonoured("NSCollectionLayoutItem.edgeSpacing", "laid out as no extra space; use contentInsets or interItemSpacing")
            }
        }
    }
    /// Supplementary views attached to each of the item's cells (badges), placed by their anchors.
    public let supplementaryItems: [NSCollectionLayoutSupplementaryItem]

    public init(layoutSize: NSCollectionLayoutSize, supplementaryItems: [NSCollectionLayoutSupplementaryItem] = []) {
        self.layoutSize = layoutSize
        self.supplementaryItems = supplementaryItems
    }

    public convenience init(layoutSize: NSCollectionLayoutSize) {
        self.init(layoutSize: layoutSize, supplementaryItems: [])
    }
}

/// Where a custom group puts an item: its frame in the group, and its zIndex.
public final class NSCollectionLayoutGroupCustomItem: Sendable {
    public let frame: CGRect
    public let zIndex: Int

    public init(frame: CGRect, zIndex: Int = 0) {
        self.frame = frame
        self.zIndex = zIndex
    }
}

/// What a section provider or custom group sees of the space it lays out in.
public protocol NSCollectionLayoutContainer: AnyObject {
    var contentSize: CGSize { get }
    var effectiveContentSize: CGSize { get }
    var contentInsets: NSDirectionalEdgeInsets { get }
    var effectiveContentInsets: NSDirectionalEdgeInsets { get }
}

/// The environment a section is laid out in.
public protocol NSCollectionLayoutEnvironment: AnyObject {
    var container: NSCollectionLayoutContainer { get }
}

final class LayoutContainer: NSCollectionLayoutContainer, NSCollectionLayoutEnvironment {
    let contentSize: CGSize
    let contentInsets: NSDirectionalEdgeInsets

    init(contentSize: CGSize, contentInsets: NSDirectionalEdgeInsets = .zero) {
        self.contentSize = contentSize
        self.contentInsets = contentInsets
    }

    var effectiveContentSize: CGSize {
        CGSize(width: max(0, contentSize.width - contentInsets.leading - contentInsets.trailing),
               height: max(0, contentSize.height - contentInsets.top - contentInsets.bottom))
    }
    var effectiveContentInsets: NSDirectionalEdgeInsets { contentInsets }
    var container: NSCollectionLayoutContainer { self }
}

/// Items side by side (horizontal), one above the other (vertical), or placed by a closure
/// (custom). A group is an item, so groups nest.
@MainActor
open class NSCollectionLayoutGroup: NSCollectionLayoutItem {
    enum Arrangement { case horizontal, vertical, custom }

    let arrangement: Arrangement
    public let subitems: [NSCollectionLayoutItem]
    /// With `count`: the subitem repeated that many times, sized to share the group.
    let count: Int?
    let itemProvider: ((NSCollectionLayoutEnvironment) -> [NSCollectionLayoutGroupCustomItem])?
    /// Space between subitems along the group's axis.
    open var interItemSpacing: NSCollectionLayoutSpacing?

    init(_ arrangement: Arrangement, layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem], count: Int? = nil,
         itemProvider: ((NSCollectionLayoutEnvironment) -> [NSCollectionLayoutGroupCustomItem])? = nil) {
        precondition(arrangement == .custom || !subitems.isEmpty, "a group needs at least one subitem (UIKit raises here too)")
        precondition(count.map { $0 > 0 } ?? true, "a group's count must be at least 1 (UIKit raises here too)")
        self.arrangement = arrangement
        self.subitems = subitems
        self.count = count
        self.itemProvider = itemProvider
        super.init(layoutSize: layoutSize, supplementaryItems: [])
    }

    public static func horizontal(layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem]) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(.horizontal, layoutSize: layoutSize, subitems: subitems)
    }

    public static func horizontal(layoutSize: NSCollectionLayoutSize, repeatingSubitem subitem: NSCollectionLayoutItem,
                                  count: Int) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(.horizontal, layoutSize: layoutSize, subitems: [subitem], count: count)
    }

    /// The iOS 13 spelling of `horizontal(layoutSize:repeatingSubitem:count:)`.
    public static func horizontal(layoutSize: NSCollectionLayoutSize, subitem: NSCollectionLayoutItem, count: Int) -> NSCollectionLayoutGroup {
        horizontal(layoutSize: layoutSize, repeatingSubitem: subitem, count: count)
    }

    public static func vertical(layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem]) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(.vertical, layoutSize: layoutSize, subitems: subitems)
    }

    public static func vertical(layoutSize: NSCollectionLayoutSize, repeatingSubitem subitem: NSCollectionLayoutItem,
                                count: Int) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(.vertical, layoutSize: layoutSize, subitems: [subitem], count: count)
    }

    /// The iOS 13 spelling of `vertical(layoutSize:repeatingSubitem:count:)`.
    public static func vertical(layoutSize: NSCollectionLayoutSize, subitem: NSCollectionLayoutItem, count: Int) -> NSCollectionLayoutGroup {
        vertical(layoutSize: layoutSize, repeatingSubitem: subitem, count: count)
    }

    /// Items at the frames `itemProvider` gives (in the group's coordinates), one per frame.
    public static func custom(layoutSize: NSCollectionLayoutSize,
                              itemProvider: @escaping (NSCollectionLayoutEnvironment) -> [NSCollectionLayoutGroupCustomItem])
        -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(.custom, layoutSize: layoutSize, subitems: [], itemProvider: itemProvider)
    }

    /// The subitems in order, repeated while the next one still fits along a group of `size` at
    /// its resolved size (at least one, at most 10,000): how a group without `count` fills itself.
    func fittingSubitems(in size: CGSize) -> [(item: NSCollectionLayoutItem, size: CGSize)] {
        let horizontal = arrangement == .horizontal
        let along = horizontal ? size.width : size.height, spacing = interItemSpacing?.spacing ?? 0
        var boxes: [(item: NSCollectionLayoutItem, size: CGSize)] = []
        var used: CGFloat = 0
        while boxes.count < 10_000 {
            let item = subitems[boxes.count % subitems.count]
            let box = item.layoutSize.resolved(in: size)
            let length = horizontal ? box.width : box.height
            let start = boxes.isEmpty ? 0 : used + spacing
            guard length > 0, start + length <= along + 0.001 || boxes.isEmpty else { break }
            boxes.append((item, box))
            used = start + length
        }
        return boxes
    }

    /// The leaf frames of one instance of this group of `size`, in its coordinates, in item
    /// order, with their zIndex and the item they are of (none for a custom group's).
    func leafFrames(size: CGSize) -> [(frame: CGRect, zIndex: Int, item: NSCollectionLayoutItem?)] {
        switch arrangement {
        case .custom:
            let environment = LayoutContainer(contentSize: size)
            return (itemProvider?(environment) ?? []).map { ($0.frame, $0.zIndex, nil) }
        case .horizontal, .vertical:
            let horizontal = arrangement == .horizontal
            let along = horizontal ? size.width : size.height
            let spacing = interItemSpacing?.spacing ?? 0
            // The subitems in order, repeated (or `count` copies) until the group is full.
            var boxes: [(item: NSCollectionLayoutItem, size: CGSize)] = []
            if let count {
                let share = (along - spacing * CGFloat(count - 1)) / CGFloat(count)
                let item = subitems[0]
                let across = horizontal ? item.layoutSize.heightDimension.resolved(in: size)
                    : item.layoutSize.widthDimension.resolved(in: size)
                boxes = Array(repeating: (item, horizontal ? CGSize(width: share, height: across) : CGSize(width: across, height: share)), count: count)
            } else {
                boxes = fittingSubitems(in: size)
            }
            // Flexible spacing shares what is left among the gaps.
            let lengths = boxes.map { horizontal ? $0.size.width : $0.size.height }
            var gap = spacing
            if interItemSpacing?.isFlexibleSpacing == true, boxes.count > 1 {
                gap = max(spacing, (along - lengths.reduce(0, +)) / CGFloat(boxes.count - 1))
            }
            var frames: [(frame: CGRect, zIndex: Int, item: NSCollectionLayoutItem?)] = []
            var cursor: CGFloat = 0
            for (box, length) in zip(boxes, lengths) {
                let origin = horizontal ? CGPoint(x: cursor, y: 0) : CGPoint(x: 0, y: cursor)
                let frame = CGRect(origin: origin, size: box.size)
                if let group = box.item as? NSCollectionLayoutGroup {
                    let inner = group.insetFrame(frame)
                    frames += group.leafFrames(size: inner.size).map { ($0.frame.offsetBy(dx: inner.minX, dy: inner.minY), $0.zIndex, $0.item) }
                } else {
                    frames.append((box.item.insetFrame(frame), 0, box.item))
                }
                cursor += length + gap
            }
            return frames
        }
    }
}

extension NSCollectionLayoutItem {
    /// `frame` shrunk by the content insets, except along an estimated dimension.
    func insetFrame(_ frame: CGRect) -> CGRect {
        let insets = contentInsets
        let horizontal = layoutSize.widthDimension.isEstimated ? (0.0, 0.0) : (insets.leading, insets.trailing)
        let vertical = layoutSize.heightDimension.isEstimated ? (0.0, 0.0) : (insets.top, insets.bottom)
        return CGRect(x: frame.minX + horizontal.0, y: frame.minY + vertical.0,
                      width: max(0, frame.width - horizontal.0 - horizontal.1), height: max(0, frame.height - vertical.0 - vertical.1))
    }
}

/// Edges of a rectangle, in the reading direction (leading is left here).
public struct NSDirectionalRectEdge: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let top = NSDirectionalRectEdge(rawValue: 1 << 0)
    public static let leading = NSDirectionalRectEdge(rawValue: 1 << 1)
    public static let bottom = NSDirectionalRectEdge(rawValue: 1 << 2)
    public static let trailing = NSDirectionalRectEdge(rawValue: 1 << 3)
    public static let all: NSDirectionalRectEdge = [.top, .leading, .bottom, .trailing]
}

/// A point on a rectangle: the middle of the edges named (both edges of an axis, or neither,
/// is the middle along it), moved by an offset in points or in fractions of the supplementary
/// item's size.
public final class NSCollectionLayoutAnchor: Sendable {
    public let edges: NSDirectionalRectEdge
    public let offset: CGPoint
    public let isAbsoluteOffset: Bool
    public var isFractionalOffset: Bool { !isAbsoluteOffset }

    public init(edges: NSDirectionalRectEdge) {
        (self.edges, offset, isAbsoluteOffset) = (edges, .zero, true)
    }

    public init(edges: NSDirectionalRectEdge, absoluteOffset: CGPoint) {
        (self.edges, offset, isAbsoluteOffset) = (edges, absoluteOffset, true)
    }

    public init(edges: NSDirectionalRectEdge, fractionalOffset: CGPoint) {
        (self.edges, offset, isAbsoluteOffset) = (edges, fractionalOffset, false)
    }

    /// The anchor's point on `rect`, offset as it says (fractions of `size`).
    func point(on rect: CGRect, offsetScale size: CGSize) -> CGPoint {
        func along(_ low: NSDirectionalRectEdge, _ high: NSDirectionalRectEdge, _ min: CGFloat, _ max: CGFloat) -> CGFloat {
            switch (edges.contains(low), edges.contains(high)) {
            case (true, false): min
            case (false, true): max
            default: (min + max) / 2
            }
        }
        let x = along(.leading, .trailing, rect.minX, rect.maxX), y = along(.top, .bottom, rect.minY, rect.maxY)
        return isAbsoluteOffset ? CGPoint(x: x + offset.x, y: y + offset.y)
            : CGPoint(x: x + offset.x * size.width, y: y + offset.y * size.height)
    }
}

/// A supplementary view attached to each cell of an item (a badge), sized against the cell and
/// placed so that its `itemAnchor` point (by default, the point of the same edges) lies on the
/// cell's `containerAnchor` point. Its index path is its cell's.
@MainActor
open class NSCollectionLayoutSupplementaryItem: NSCollectionLayoutItem {
    public let elementKind: String
    public let containerAnchor: NSCollectionLayoutAnchor
    public let itemAnchor: NSCollectionLayoutAnchor?
    open var zIndex = 1

    public init(layoutSize: NSCollectionLayoutSize, elementKind: String, containerAnchor: NSCollectionLayoutAnchor,
                itemAnchor: NSCollectionLayoutAnchor? = nil) {
        self.elementKind = elementKind
        self.containerAnchor = containerAnchor
        self.itemAnchor = itemAnchor
        super.init(layoutSize: layoutSize, supplementaryItems: [])
    }

    /// For headers and footers, which are placed by their section.
    init(layoutSize: NSCollectionLayoutSize, elementKind: String) {
        self.elementKind = elementKind
        containerAnchor = NSCollectionLayoutAnchor(edges: [.top, .leading])
        itemAnchor = nil
        super.init(layoutSize: layoutSize, supplementaryItems: [])
    }

    /// Where it goes on a cell at `cell`.
    func frame(on cell: CGRect) -> CGRect {
        let size = layoutSize.resolved(in: cell.size)
        let target = containerAnchor.point(on: cell, offsetScale: size)
        let own = CGRect(origin: .zero, size: size)
        let handle = itemAnchor?.point(on: own, offsetScale: size) ?? NSCollectionLayoutAnchor(edges: containerAnchor.edges).point(on: own, offsetScale: size)
        return CGRect(x: target.x - handle.x, y: target.y - handle.y, width: size.width, height: size.height)
    }
}

/// Where a boundary supplementary item sits on its section (or on the whole layout).
public enum NSRectAlignment: Int, Sendable {
    case none, top, topLeading, leading, bottomLeading, bottom, bottomTrailing, trailing, topTrailing
}

/// A header or footer of a section, or of the whole layout.
@MainActor
open class NSCollectionLayoutBoundarySupplementaryItem: NSCollectionLayoutSupplementaryItem {
    public let alignment: NSRectAlignment
    public let offset: CGPoint
    /// The header stays at the top of the visible area while its section shows.
    open var pinToVisibleBounds = false
    /// The section's items start after the header (true) or under it (false).
    open var extendsBoundary = true

    public init(layoutSize: NSCollectionLayoutSize, elementKind: String, alignment: NSRectAlignment, absoluteOffset: CGPoint = .zero) {
        self.alignment = alignment
        offset = absoluteOffset
        super.init(layoutSize: layoutSize, elementKind: elementKind)
    }
}

/// A view behind a section: its background.
@MainActor
open class NSCollectionLayoutDecorationItem: NSCollectionLayoutItem {
    public let elementKind: String
    open var zIndex = -1

    init(elementKind: String) {
        self.elementKind = elementKind
        super.init(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)),
                   supplementaryItems: [])
    }

    /// A view the size of the section (inset by `contentInsets`), behind its items. Register its
    /// class with the layout's `register(_:forDecorationViewOfKind:)`.
    public static func background(elementKind: String) -> NSCollectionLayoutDecorationItem {
        NSCollectionLayoutDecorationItem(elementKind: elementKind)
    }
}
