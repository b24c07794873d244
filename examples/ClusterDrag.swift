// The springy cluster drag, ported whole from the article (Swift version): a low-level behavior
// that hangs an item from four corners, a high-level behavior for several items, a flow layout
// that asks its animator for the dragged cells, and the view controller that selects cells by
// tapping and drags the selection with a long press.
//
// What differs from the article's Swift, token by token:
// - `import UIKit` → `import Springframes`.
// - `#selector(self.handleLongPress(sender:))` → `ClusterDragViewController.handleLongPress(sender:)`:
//   a method reference, since there is no Objective-C runtime.
// - `ViewController` → `ClusterDragViewController`: the examples share one module.
// - `flatMap` → `compactMap` and `index(of:)` → `firstIndex(of:)`: Swift 4.1 and 5 renamed them.
// Everything else, Auto Layout anchors and `topLayoutGuide` included, is the article's code.
import Springframes

/// Hangs one item on four springs whose anchors are the corners of a 40 × 40 square around a point.
final class RectangleAttachmentBehavior: UIDynamicBehavior {
    init(item: UIDynamicItem, point: CGPoint) {
        // Stiffer springs hold the formation tighter; less damping lets it ring for longer.
        let frequency: CGFloat = 8.0
        let damping: CGFloat = 0.6
        super.init()
        // One spring per corner of the item.
        let points = self.attachmentPoints(for: point)
        let attachmentBehaviors: [UIAttachmentBehavior] = points.map {
            let attachmentBehavior = UIAttachmentBehavior(item: item, attachedToAnchor: $0)
            attachmentBehavior.frequency = frequency
            attachmentBehavior.damping = damping
            return attachmentBehavior
        }
        attachmentBehaviors.forEach {
            addChildBehavior($0)
        }
    }

    func updateAttachmentLocation(with point: CGPoint) {
        // Move each spring's anchor to its corner around the new point.
        let points = self.attachmentPoints(for: point)
        let attachments = self.childBehaviors.compactMap { $0 as? UIAttachmentBehavior }
        let pairs = zip(points, attachments)
        pairs.forEach { $0.1.anchorPoint = $0.0 }
    }

    func attachmentPoints(for point: CGPoint) -> [CGPoint] {
        // About the size of an item.
        let width: CGFloat = 40.0
        let height: CGFloat = 40.0
        let topLeft = CGPoint(x: point.x - width * 0.5, y: point.y - height * 0.5)
        let topRight = CGPoint(x: point.x + width * 0.5, y: point.y - height * 0.5)
        let bottomLeft = CGPoint(x: point.x - width * 0.5, y: point.y + height * 0.5)
        let bottomRight = CGPoint(x: point.x + width * 0.5, y: point.y + height * 0.5)
        let points = [topLeft, topRight, bottomLeft, bottomRight]
        return points
    }
}

/// One `RectangleAttachmentBehavior` per dragged item, all following the same point.
final class DragBehavior: UIDynamicBehavior {
    init(items: [UIDynamicItem], point: CGPoint) {
        super.init()
        items.forEach {
            let rectAttachment = RectangleAttachmentBehavior(item: $0, point: point)
            self.addChildBehavior(rectAttachment)
        }
    }

    func updateDragLocation(with point: CGPoint) {
        // The low-level behaviors follow the point.
        self.childBehaviors.compactMap { $0 as? RectangleAttachmentBehavior }.forEach { $0.updateAttachmentLocation(with: point) }
    }
}

/// A grid that hands the dragged cells to a dynamic animator while they are dragged.
final class DraggableLayout: UICollectionViewFlowLayout {
    // The dragged items.
    var indexPathsForDraggingElements: [IndexPath]?
    // Moves the dragged items while a drag lasts.
    var animator: UIDynamicAnimator?
    // The springs of every dragged item.
    var dragBehavior: DragBehavior?
    // Where the drag began: the cells return there.
    var startDragPoint = CGPoint.zero
    // Set when the finger lifts; the animator's pause then clears the drag.
    var isFinishedDragging = false

    func startDragging(indexPaths selectedIndexPaths: [IndexPath], from point: CGPoint) {
        indexPathsForDraggingElements = selectedIndexPaths
        animator = UIDynamicAnimator(collectionViewLayout: self)
        animator?.delegate = self
        // The dragged cells' attributes, drawn above the others.
        let draggableAttributes: [UICollectionViewLayoutAttributes] = selectedIndexPaths.compactMap {
            let attribute = super.layoutAttributesForItem(at: $0)
            attribute?.zIndex = 1
            return attribute
        }
        startDragPoint = point
        dragBehavior = DragBehavior(items: draggableAttributes, point: point)
        animator?.addBehavior(dragBehavior!)
    }

    func updateDragLocation(_ point: CGPoint) {
        dragBehavior?.updateDragLocation(with: point)
    }

    func endDragging() {
        isFinishedDragging = true
        // Back to where the drag began.
        dragBehavior?.updateDragLocation(with: startDragPoint)
    }

    func clearDraggedIndexPaths() {
        // Ready for the next drag.
        animator = nil
        indexPathsForDraggingElements = nil
        isFinishedDragging = false
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        let existingAttributes: [UICollectionViewLayoutAttributes] = super.layoutAttributesForElements(in: rect) ?? []
        var allAttributes = [UICollectionViewLayoutAttributes]()
        // The grid's attributes for the items not dragged ...
        for attributes in existingAttributes {
            if (indexPathsForDraggingElements?.contains(attributes.indexPath) ?? false) == false {
                allAttributes.append(attributes)
            }
        }
        // ... and the animator's for the dragged ones.
        if let animator = self.animator {
            let animatorAttributes: [UICollectionViewLayoutAttributes] = animator.items(in: rect).compactMap { $0 as? UICollectionViewLayoutAttributes }
            allAttributes.append(contentsOf: animatorAttributes)
        }
        return allAttributes
    }
}

extension DraggableLayout: UIDynamicAnimatorDelegate {
    func dynamicAnimatorDidPause(_ animator: UIDynamicAnimator) {
        // Settled after the drag ended: back to the plain grid.
        guard isFinishedDragging else { return }
        clearDraggedIndexPaths()
    }
}

/// Selects cells by tapping (red when selected) and drags the selection with a long press.
final class ClusterDragViewController: UIViewController {
    // The collection view, pinned to the edges between the layout guides.
    lazy var collectionView: UICollectionView = {
        let collectionView = UICollectionView(frame: .zero, collectionViewLayout: DraggableLayout())
        collectionView.backgroundColor = .white
        collectionView.translatesAutoresizingMaskIntoConstraints = false
        self.view.addSubview(collectionView)
        collectionView.topAnchor.constraint(equalTo: self.topLayoutGuide.bottomAnchor).isActive = true
        collectionView.leadingAnchor.constraint(equalTo: self.view.leadingAnchor).isActive = true
        collectionView.trailingAnchor.constraint(equalTo: self.view.trailingAnchor).isActive = true
        collectionView.bottomAnchor.constraint(equalTo: self.bottomLayoutGuide.topAnchor).isActive = true
        return collectionView
    }()

    // The gesture that drives dragging.
    lazy var longPress: UILongPressGestureRecognizer = {
        let longPress = UILongPressGestureRecognizer(target: self, action: ClusterDragViewController.handleLongPress(sender:))
        return longPress
    }()

    // Selected items, in the order they were tapped.
    var selectedIndexPaths = [IndexPath]()

    override func viewDidLoad() {
        super.viewDidLoad()
        collectionView.delegate = self
        collectionView.dataSource = self
        collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "Cell")
        collectionView.addGestureRecognizer(longPress)
    }

    func handleLongPress(sender: UILongPressGestureRecognizer) {
        guard let draggableLayout = collectionView.collectionViewLayout as? DraggableLayout else { return }
        let location = sender.location(in: collectionView)
        switch sender.state {
        case .began:
            draggableLayout.startDragging(indexPaths: selectedIndexPaths, from: location)
        case .changed:
            draggableLayout.updateDragLocation(location)
        case .ended, .failed, .cancelled:
            draggableLayout.endDragging()
        case .possible:
            break
        }
    }
}

extension ClusterDragViewController: UICollectionViewDelegate, UICollectionViewDataSource {
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        return 1000
    }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "Cell", for: indexPath)
        cell.backgroundColor = .gray
        if selectedIndexPaths.contains(indexPath) == true {
            cell.backgroundColor = .red
        }
        return cell
    }

    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        // A tap on a selected item deselects it.
        let isSelected = !selectedIndexPaths.contains(indexPath)
        let cell = collectionView.cellForItem(at: indexPath)
        cell?.backgroundColor = isSelected ? .red : .gray
        if isSelected {
            selectedIndexPaths.append(indexPath)
        } else {
            selectedIndexPaths.remove(at: selectedIndexPaths.firstIndex(of: indexPath)!)
        }
    }
}
