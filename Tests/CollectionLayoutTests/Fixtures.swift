import Foundation
@testable import CollectionLayout
@testable import Dynamics

/// A data source with item labels per section that applies moves to its own array.
class Model: UICollectionViewDataSource {
    var sections: [[Int]]
    var moves: [(IndexPath, IndexPath)] = []
    var unmovable: Set<IndexPath> = []

    init(items: Int) { sections = [Array(0..<items)] }
    init(sections counts: [Int]) {
        var next = 0
        sections = counts.map { count in defer { next += count }; return Array(next..<(next + count)) }
    }

    func numberOfSections(in collectionView: UICollectionView) -> Int { sections.count }
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        sections[section].count
    }
    func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool {
        !unmovable.contains(indexPath)
    }
    func collectionView(_ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath,
                        to destinationIndexPath: IndexPath) {
        moves.append((sourceIndexPath, destinationIndexPath))
        let item = sections[sourceIndexPath.section].remove(at: sourceIndexPath.item)
        sections[destinationIndexPath.section].insert(item, at: destinationIndexPath.item)
    }
}

/// A collection view that keeps its model alive, as the view controller that owns both would: the
/// data source itself is weak, and counts are read lazily, so a model nobody holds shows nothing.
final class ModelCollectionView: UICollectionView {
    var model: Model?
}

/// A collection view of `size` over `model` with `layout`.
@MainActor func makeCollectionView(_ layout: UICollectionViewLayout, _ model: Model,
                        size: CGSize = CGSize(width: 390, height: 844)) -> UICollectionView {
    let collectionView = ModelCollectionView(frame: CGRect(origin: .zero, size: size), collectionViewLayout: layout)
    collectionView.model = model
    collectionView.dataSource = model
    return collectionView
}

/// The layout's frame of a cell.
@MainActor func frame(_ collectionView: UICollectionView, _ item: Int, section: Int = 0) -> CGRect {
    collectionView.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame ?? .null
}

/// The shown attributes of the cell at `indexPath`, wherever it is.
@MainActor func shown(_ collectionView: UICollectionView, _ item: Int, section: Int = 0,
           in rect: CGRect? = nil) -> UICollectionViewLayoutAttributes? {
    let all = collectionView.layoutAttributesForDisplayedElements(
        in: rect ?? CGRect(origin: .zero, size: collectionView.contentSize).insetBy(dx: -1000, dy: -1000))
    return all.first { $0.representedElementCategory == .cell && $0.indexPath == IndexPath(item: item, section: section) }
}

/// Sends one finger's script: down at `from`, moves to `to` in `steps` samples over `duration`
/// (evenly), then optionally up.
@MainActor func drag(_ collectionView: UICollectionView, from: CGPoint, to: CGPoint, start: TimeInterval,
          duration: TimeInterval, steps: Int = 30, down: Bool = true, lift: Bool = true) {
    if down { collectionView.send(Touch(.began, at: from, time: start)) }
    for step in 1...steps {
        let p = Double(step) / Double(steps)
        let point = CGPoint(x: from.x + (to.x - from.x) * p, y: from.y + (to.y - from.y) * p)
        collectionView.send(Touch(.moved, at: point, time: start + duration * p))
    }
    if lift { collectionView.send(Touch(.ended, at: to, time: start + duration)) }
}

@MainActor func close(_ a: CGFloat, _ b: CGFloat, _ tolerance: CGFloat = 1e-9) -> Bool { abs(a - b) <= tolerance }
@MainActor func close(_ a: CGRect, _ b: CGRect, _ tolerance: CGFloat = 1e-9) -> Bool {
    close(a.minX, b.minX, tolerance) && close(a.minY, b.minY, tolerance)
        && close(a.width, b.width, tolerance) && close(a.height, b.height, tolerance)
}
