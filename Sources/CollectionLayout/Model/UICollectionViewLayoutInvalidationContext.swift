import Vocabulary
import Foundation

/// What an invalidation of a layout changes, as UIKit describes it to `invalidateLayout(with:)`.
///
/// The collection view makes one for each invalidation it causes: `reloadData` and a new data
/// source (`invalidateEverything` and `invalidateDataSourceCounts`), batch updates and moves
/// (`invalidateDataSourceCounts`), a bounds change the layout asked for
/// (`invalidationContext(forBoundsChange:)`) and a cell's preferred size
/// (`invalidationContext(forPreferredLayoutAttributes:withOriginalAttributes:)`).
/// `invalidateLayout()` is `invalidateLayout(with:)` with a context that invalidates everything.
///
/// Whatever the context says, `prepare()` runs again before the next query: a layout that keeps
/// work across invalidations reads the context in its `invalidateLayout(with:)` override (and
/// calls `super`). `contentOffsetAdjustment` moves the content offset at once;
/// `contentSizeAdjustment` is added to the content size the layout reports until it is prepared
/// again.
@preconcurrency @MainActor
open class UICollectionViewLayoutInvalidationContext {
    public required init() {}

    /// Whether the whole layout is invalid: `invalidateLayout()` or a data source change.
    open var invalidateEverything: Bool { everything }
    /// Whether the number of sections or items may have changed.
    open var invalidateDataSourceCounts: Bool { dataSourceCounts }

    var everything = false
    var dataSourceCounts = false

    open private(set) var invalidatedItemIndexPaths: [IndexPath]?
    open private(set) var invalidatedSupplementaryIndexPaths: [String: [IndexPath]]?
    open private(set) var invalidatedDecorationIndexPaths: [String: [IndexPath]]?

    /// How far to move the content offset.
    open var contentOffsetAdjustment: CGPoint = .zero
    /// How much the content size grows (or shrinks).
    open var contentSizeAdjustment: CGSize = .zero

    open func invalidateItems(at indexPaths: [IndexPath]) {
        invalidatedItemIndexPaths = (invalidatedItemIndexPaths ?? []) + indexPaths
    }

    open func invalidateSupplementaryElements(ofKind elementKind: String, at indexPaths: [IndexPath]) {
        invalidatedSupplementaryIndexPaths = invalidatedSupplementaryIndexPaths ?? [:]
        invalidatedSupplementaryIndexPaths?[elementKind, default: []] += indexPaths
    }

    open func invalidateDecorationElements(ofKind elementKind: String, at indexPaths: [IndexPath]) {
        invalidatedDecorationIndexPaths = invalidatedDecorationIndexPaths ?? [:]
        invalidatedDecorationIndexPaths?[elementKind, default: []] += indexPaths
    }
}

/// The flow layout's context: whether the delegate's metrics (sizes, insets, spacings) and the
/// layout's own attributes must be read again. Both are true unless a layout sets them.
open class UICollectionViewFlowLayoutInvalidationContext: UICollectionViewLayoutInvalidationContext {
    public required init() {}
    open var invalidateFlowLayoutDelegateMetrics = true
    open var invalidateFlowLayoutAttributes = true
}

extension UICollectionViewLayout {
    /// A new context of the layout's `invalidationContextClass`.
    func makeInvalidationContext() -> UICollectionViewLayoutInvalidationContext {
        let type = (Self.invalidationContextClass as? UICollectionViewLayoutInvalidationContext.Type)
            ?? UICollectionViewLayoutInvalidationContext.self
        return type.init()
    }

    /// What the collection view hands the layout when its data changed: everything, counts included.
    func invalidateLayoutForDataSourceChange(everything: Bool) {
        let context = makeInvalidationContext()
        context.everything = everything
        context.dataSourceCounts = true
        invalidateLayout(with: context)
    }
}

/// The axes along which cells measure themselves.
package struct SelfSizingAxes: OptionSet, Sendable {
    package let rawValue: Int
    package init(rawValue: Int) { self.rawValue = rawValue }
    package static let horizontal = SelfSizingAxes(rawValue: 1)
    package static let vertical = SelfSizingAxes(rawValue: 2)
}

/// One change of a batch, as a layout's `prepare(forCollectionViewUpdates:)` sees it. A section
/// change has an index path of one index (the section).
@preconcurrency @MainActor
open class UICollectionViewUpdateItem {
    public enum Action: Int, Sendable {
        case insert, delete, reload, move, none
    }

    public let indexPathBeforeUpdate: IndexPath?
    public let indexPathAfterUpdate: IndexPath?
    public let updateAction: Action

    init(_ action: Action, before: IndexPath?, after: IndexPath?) {
        updateAction = action
        indexPathBeforeUpdate = before
        indexPathAfterUpdate = after
    }
}
