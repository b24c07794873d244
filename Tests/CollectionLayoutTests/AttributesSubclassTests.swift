import Foundation
import Testing
@testable import CollectionLayout

/// Layout-attributes subclasses as iOS code writes them: `copy(with:)` and `isEqual(_:)`
/// overridden, the class named in `layoutAttributesClass`, and the subclass's field read by the
/// cell's `apply(_:)`, whatever copies the collection view makes on the way.
@MainActor @Suite struct AttributesSubclassTests {
    /// A Pinterest-style layout's attributes: the photo's height within the cell.
    final class PinterestLayoutAttributes: UICollectionViewLayoutAttributes {
        var photoHeight: CGFloat = 0

        override func copy(with zone: NSZone? = nil) -> Any {
            let copy = super.copy(with: zone) as! PinterestLayoutAttributes
            copy.photoHeight = photoHeight
            return copy
        }

        override func isEqual(_ object: Any?) -> Bool {
            guard let attributes = object as? PinterestLayoutAttributes, attributes.photoHeight == photoHeight else { return false }
            return super.isEqual(object)
        }
    }

    /// Two columns, each item as tall as its photo plus a 40 pt caption, shortest column first.
    final class PinterestLayout: UICollectionViewLayout {
        static let photoHeights: [CGFloat] = [120, 80, 200, 150, 90, 170, 60, 110]
        private var cache: [PinterestLayoutAttributes] = []
        private var contentHeight: CGFloat = 0

        override class var layoutAttributesClass: AnyClass { PinterestLayoutAttributes.self }

        override func prepare() {
            guard cache.isEmpty, let collectionView else { return }
            let width = collectionView.bounds.width / 2
            var columnHeights: [CGFloat] = [0, 0]
            for item in 0..<collectionView.numberOfItems(inSection: 0) {
                let column = columnHeights[0] <= columnHeights[1] ? 0 : 1
                let photoHeight = Self.photoHeights[item % Self.photoHeights.count]
                let attributes = PinterestLayoutAttributes(forCellWith: IndexPath(item: item, section: 0))
                attributes.photoHeight = photoHeight
                attributes.frame = CGRect(x: CGFloat(column) * width, y: columnHeights[column], width: width, height: photoHeight + 40)
                columnHeights[column] += photoHeight + 40
                cache.append(attributes)
            }
            contentHeight = columnHeights.max() ?? 0
        }

        override var collectionViewContentSize: CGSize {
            CGSize(width: collectionView?.bounds.width ?? 0, height: contentHeight)
        }

        override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
            cache.filter { $0.frame.intersects(rect) }
        }

        override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
            cache.indices.contains(indexPath.item) ? cache[indexPath.item] : nil
        }
    }

    final class PhotoCell: UICollectionViewCell {
        private(set) var photoHeight: CGFloat?

        override func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {
            super.apply(layoutAttributes)
            if let attributes = layoutAttributes as? PinterestLayoutAttributes { photoHeight = attributes.photoHeight }
        }
    }

    final class Photos: UICollectionViewDataSource {
        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 24 }
        func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            collectionView.dequeueReusableCell(withReuseIdentifier: "photo", for: indexPath)
        }
    }

    private func show(_ layout: UICollectionViewLayout, _ photos: Photos) -> (UIWindow, UICollectionView) {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let collectionView = UICollectionView(frame: window.bounds, collectionViewLayout: layout)
        collectionView.register(PhotoCell.self, forCellWithReuseIdentifier: "photo")
        collectionView.dataSource = photos
        window.addSubview(collectionView)
        window.makeKeyAndVisible()
        return (window, collectionView)
    }

    @Test func aPinterestLayoutsFieldReachesTheCell() {
        let photos = Photos()
        let (window, collectionView) = show(PinterestLayout(), photos)
        let cells = collectionView.visibleCells.compactMap { $0 as? PhotoCell }
        #expect(cells.count >= 8)
        for cell in cells {
            let item = collectionView.indexPath(for: cell)!.item
            #expect(cell.photoHeight == PinterestLayout.photoHeights[item % 8], "item \(item)")
        }
        // Scrolled, the cells that come in (reused ones among them) get their own heights.
        collectionView.contentOffset = CGPoint(x: 0, y: 600)
        window.layoutIfNeeded()
        for cell in collectionView.visibleCells.compactMap({ $0 as? PhotoCell }) {
            #expect(cell.photoHeight == PinterestLayout.photoHeights[collectionView.indexPath(for: cell)!.item % 8])
        }
    }

    @Test func copiesAndEqualityAreTheSubclasses() {
        let attributes = PinterestLayoutAttributes(forCellWith: IndexPath(item: 3, section: 0))
        attributes.photoHeight = 150
        attributes.frame = CGRect(x: 0, y: 0, width: 100, height: 190)
        let copy = attributes.copied()
        #expect((copy as? PinterestLayoutAttributes)?.photoHeight == 150)
        #expect(copy.isEqual(attributes))
        (copy as! PinterestLayoutAttributes).photoHeight = 151
        #expect(!copy.isEqual(attributes), "the subclass's field takes part in equality")
    }

    /// What the collection view applies to the attributes it displays (here a hidden cell) never
    /// reaches a layout's cached objects: those are copied, as UIKit copies them. Attributes the
    /// layout makes afresh for each query, which nothing else holds, are displayed as they are.
    @Test func cachedAttributesAreCopiedAndFreshOnesAreNot() {
        final class CountingAttributes: UICollectionViewLayoutAttributes {
            nonisolated(unsafe) static var copies = 0
            override func copy(with zone: NSZone? = nil) -> Any {
                Self.copies += 1
                return super.copy(with: zone)
            }
        }
        final class FreshLayout: UICollectionViewLayout {
            override class var layoutAttributesClass: AnyClass { CountingAttributes.self }
            override var collectionViewContentSize: CGSize { CGSize(width: 390, height: 2400) }
            override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
                (0..<24).map { layoutAttributesForItem(at: IndexPath(item: $0, section: 0))! }.filter { $0.frame.intersects(rect) }
            }
            override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
                let attributes = CountingAttributes(forCellWith: indexPath)
                attributes.frame = CGRect(x: 0, y: CGFloat(indexPath.item) * 100, width: 390, height: 90)
                return attributes
            }
        }
        let photos = Photos()
        let (_, cached) = show(PinterestLayout(), photos)
        let item = IndexPath(item: 2, section: 0)
        cached.setItemHidden(true, at: item)
        let everything = CGRect(x: 0, y: 0, width: 390, height: 5000)
        let shown = cached.layoutAttributesForDisplayedElements(in: everything).first { $0.indexPath == item }
        let own = cached.collectionViewLayout.layoutAttributesForElements(in: everything)?.first { $0.indexPath == item }
        #expect(shown?.isHidden == true)
        #expect(own?.isHidden == false, "the layout's cached attributes are not changed")
        #expect(shown !== own)

        let (_, fresh) = show(FreshLayout(), photos)
        fresh.setItemHidden(true, at: item)
        CountingAttributes.copies = 0
        let displayed = fresh.layoutAttributesForDisplayedElements(in: everything)
        #expect(displayed.count == 24)
        #expect(displayed.first { $0.indexPath == item }?.isHidden == true)
        #expect(CountingAttributes.copies == 0, "attributes only the query holds are not copied")
    }

    /// A flow layout that names its attributes class gets instances of it from `super`, as UIKit's
    /// flow layout makes them, and tilts them on copies.
    @Test func aFlowLayoutMakesItsSubclassesAttributes() {
        final class TiltAttributes: UICollectionViewLayoutAttributes {
            var tilt: CGFloat = 0
            override func copy(with zone: NSZone? = nil) -> Any {
                let copy = super.copy(with: zone) as! TiltAttributes
                copy.tilt = tilt
                return copy
            }
        }
        final class TiltedFlowLayout: UICollectionViewFlowLayout {
            override class var layoutAttributesClass: AnyClass { TiltAttributes.self }
            override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
                super.layoutAttributesForElements(in: rect)?.map { original in
                    let attributes = original.copy() as! TiltAttributes
                    attributes.tilt = CGFloat(attributes.indexPath.item) / 10
                    return attributes
                }
            }
        }
        final class TiltCell: UICollectionViewCell {
            private(set) var tilt: CGFloat?
            override func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {
                super.apply(layoutAttributes)
                tilt = (layoutAttributes as? TiltAttributes)?.tilt
            }
        }
        let layout = TiltedFlowLayout()
        layout.itemSize = CGSize(width: 80, height: 80)
        #expect(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0)) == nil, "no collection view yet")
        let photos = Photos()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let collectionView = UICollectionView(frame: window.bounds, collectionViewLayout: layout)
        collectionView.register(TiltCell.self, forCellWithReuseIdentifier: "photo")
        collectionView.dataSource = photos
        window.addSubview(collectionView)
        window.makeKeyAndVisible()
        #expect(collectionView.layoutAttributesForItem(at: IndexPath(item: 5, section: 0)) is TiltAttributes)
        let cells = collectionView.visibleCells.compactMap { $0 as? TiltCell }
        #expect(cells.count == 24)
        for cell in cells {
            #expect(cell.tilt == CGFloat(collectionView.indexPath(for: cell)!.item) / 10)
        }
    }
}
