import Foundation
import Testing
@testable import CollectionLayout
import Vocabulary

/// Invalidation contexts and self-sizing cells, as UIKit hands them to layouts and cells.
@MainActor @Suite struct InvalidationTests {
    final class StickyContext: UICollectionViewLayoutInvalidationContext {
        var becauseOfScrolling = false
    }

    /// A flow layout that pins the first header to the top, as sticky-header libraries do: it
    /// invalidates on every scroll with its own context class, and records what it was told.
    final class StickyLayout: UICollectionViewFlowLayout {
        var contexts: [(everything: Bool, counts: Bool, scrolling: Bool, items: [IndexPath]?)] = []
        override class var invalidationContextClass: AnyClass { StickyContext.self }
        override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { true }
        override func invalidationContext(forBoundsChange newBounds: CGRect) -> UICollectionViewLayoutInvalidationContext {
            let context = super.invalidationContext(forBoundsChange: newBounds)
            (context as? StickyContext)?.becauseOfScrolling = true
            return context
        }
        override func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
            contexts.append((context.invalidateEverything, context.invalidateDataSourceCounts,
                             (context as? StickyContext)?.becauseOfScrolling ?? false, context.invalidatedItemIndexPaths))
            super.invalidateLayout(with: context)
        }
    }

    private func sticky() -> (UICollectionView, StickyLayout) {
        let layout = StickyLayout()
        layout.itemSize = CGSize(width: 100, height: 100)
        let collectionView = makeCollectionView(layout, Model(items: 300))
        collectionView.layoutIfNeeded()
        layout.contexts = []
        return (collectionView, layout)
    }

    @Test func eachCauseOfInvalidationComesWithItsContext() {
        let (collectionView, layout) = sticky()
        collectionView.contentOffset = CGPoint(x: 0, y: 40)
        #expect(layout.contexts.count == 1)
        #expect(layout.contexts.last?.scrolling == true && layout.contexts.last?.everything == false)

        collectionView.reloadData()
        #expect(layout.contexts.last?.everything == true && layout.contexts.last?.counts == true)
        #expect(layout.contexts.last?.scrolling == false)

        collectionView.performBatchUpdates {
            (collectionView as? ModelCollectionView)?.model?.sections[0].removeLast()
            collectionView.deleteItems(at: [IndexPath(item: 299, section: 0)])
        }
        #expect(layout.contexts.last?.everything == false && layout.contexts.last?.counts == true)

        layout.invalidateLayout()
        #expect(layout.contexts.last?.everything == true && layout.contexts.last?.counts == false)
    }

    @Test func aContextsOffsetAdjustmentMovesTheContent() {
        let (collectionView, layout) = sticky()
        collectionView.contentOffset = CGPoint(x: 0, y: 500)
        let context = UICollectionViewLayoutInvalidationContext()
        context.contentOffsetAdjustment = CGPoint(x: 0, y: 120)
        layout.invalidateLayout(with: context)
        #expect(collectionView.contentOffset == CGPoint(x: 0, y: 620))
    }

    @Test func aContextsSizeAdjustmentHoldsUntilTheLayoutIsPrepared() {
        let (collectionView, layout) = sticky()
        let height = collectionView.contentSize.height
        let context = UICollectionViewLayoutInvalidationContext()
        context.contentSizeAdjustment = CGSize(width: 0, height: 80)
        layout.invalidateLayout(with: context)
        #expect(layout.collectionViewContentSize.height == height)
        layout.prepareIfNeeded()
        #expect(collectionView.contentSize.height == height)
        // Adjusted while the layout is stale: the collection view scrolls the grown size.
        layout.invalidateLayout(with: context)
        #expect(layout.adjustedContentSize.height == height + 80)
    }

    // MARK: Self-sizing

    /// A cell whose wrapping label, pinned 12 pt inside the content view, sets its height, and
    /// which fills the collection view's width (the override iOS code writes for list cells).
    final class MessageCell: UICollectionViewCell {
        let label = UILabel()
        var measured = 0

        required init(frame: CGRect) {
            super.init(frame: frame)
            label.numberOfLines = 0
            label.translatesAutoresizingMaskIntoConstraints = false
            contentView.addSubview(label)
            NSLayoutConstraint.activate([
                label.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 12),
                label.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 16),
                label.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -16),
                label.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -12),
            ])
        }

        required init?(coder: NSCoder) { nil }

        override func preferredLayoutAttributesFitting(_ layoutAttributes: UICollectionViewLayoutAttributes)
            -> UICollectionViewLayoutAttributes {
            measured += 1
            let target = CGSize(width: 390, height: UIView.layoutFittingCompressedSize.height)
            layoutAttributes.size = contentView.systemLayoutSizeFitting(target, withHorizontalFittingPriority: .required,
                                                                        verticalFittingPriority: .fittingSizeLevel)
            return layoutAttributes
        }
    }

    final class Messages: UICollectionViewDataSource {
        /// Message i has i % 4 + 1 lines' worth of words.
        let texts: [String] = (0..<300).map { index in
            Array(repeating: "word", count: (index % 4 + 1) * 9).joined(separator: " ")
        }
        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { texts.count }
        func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "message", for: indexPath) as! MessageCell
            cell.label.text = texts[indexPath.item]
            return cell
        }
    }

    @Test func selfSizingCellsSetTheirHeightsFromTheirLabels() throws {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let layout = UICollectionViewFlowLayout()
        layout.estimatedItemSize = UICollectionViewFlowLayout.automaticSize
        layout.minimumLineSpacing = 0
        let collectionView = UICollectionView(frame: window.bounds, collectionViewLayout: layout)
        collectionView.register(MessageCell.self, forCellWithReuseIdentifier: "message")
        let messages = Messages()
        collectionView.dataSource = messages
        window.addSubview(collectionView)
        window.makeKeyAndVisible()
        window.layoutIfNeeded()

        // What the label needs at 390 − 32 pt, plus 24 pt of insets.
        let probe = UILabel()
        probe.numberOfLines = 0
        func expectedHeight(_ item: Int) -> CGFloat {
            probe.text = messages.texts[item]
            return probe.sizeThatFits(CGSize(width: 358, height: 0)).height + 24
        }
        #expect(expectedHeight(0) < expectedHeight(3))
        var y: CGFloat = 0
        for item in 0..<4 {
            let frame = try #require(collectionView.layoutAttributesForItem(at: IndexPath(item: item, section: 0))?.frame)
            #expect(frame == CGRect(x: 0, y: y, width: 390, height: expectedHeight(item)), "item \(item)")
            y += expectedHeight(item)
        }
        // The cell on screen has the measured frame, and its label wraps inside it.
        let cell = try #require(collectionView.cellForItem(at: IndexPath(item: 3, section: 0)) as? MessageCell)
        #expect(cell.frame.height == expectedHeight(3))
        #expect(cell.label.frame == CGRect(x: 16, y: 12, width: 358, height: expectedHeight(3) - 24))
        // Items never shown keep the estimate.
        #expect(collectionView.layoutAttributesForItem(at: IndexPath(item: 299, section: 0))?.size == CGSize(width: 50, height: 50))

        // Scrolling down measures the rows that come in.
        collectionView.contentOffset = CGPoint(x: 0, y: 1500)
        window.layoutIfNeeded()
        let shown = collectionView.indexPathsForVisibleItems
        #expect(!shown.isEmpty)
        for path in shown {
            #expect(collectionView.layoutAttributesForItem(at: path)?.size == CGSize(width: 390, height: expectedHeight(path.item)))
        }
    }

    @Test func withoutAnEstimateTheLayoutKeepsItsSizes() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 390, height: 44)
        let collectionView = UICollectionView(frame: window.bounds, collectionViewLayout: layout)
        collectionView.register(MessageCell.self, forCellWithReuseIdentifier: "message")
        let messages = Messages()
        collectionView.dataSource = messages
        window.addSubview(collectionView)
        window.layoutIfNeeded()
        #expect(collectionView.layoutAttributesForItem(at: IndexPath(item: 3, section: 0))?.size == CGSize(width: 390, height: 44))
        #expect((collectionView.cellForItem(at: IndexPath(item: 3, section: 0)) as? MessageCell)?.measured == 1)
    }

    @Test func theDefaultMeasureFitsBothDimensionsToTheContent() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let box = UIView()
        box.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(box)
        NSLayoutConstraint.activate([
            box.topAnchor.constraint(equalTo: view.topAnchor, constant: 10),
            box.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 20),
            box.widthAnchor.constraint(equalToConstant: 80),
            box.heightAnchor.constraint(equalToConstant: 30),
        ])
        // Nothing ties the view's size to the box yet: compressed, it is as small as the
        // constraints allow (`layoutFittingCompressedSize`, "the smallest possible size").
        #expect(view.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize) == .zero)
        // The box kept inside: the inequalities bind as the view shrinks around it.
        NSLayoutConstraint.activate([
            box.trailingAnchor.constraint(lessThanOrEqualTo: view.trailingAnchor),
            box.bottomAnchor.constraint(lessThanOrEqualTo: view.bottomAnchor),
        ])
        #expect(view.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize) == CGSize(width: 100, height: 40))
        #expect(view.bounds.size == CGSize(width: 300, height: 300))
    }
}
