// Drag and rearrange through a layout, ported whole from the article (a translation of
// karmadust's KDRearrangeableCollectionViewFlowLayout): the layout owns a long press; the pressed
// cell hides and a snapshot of it follows the finger on a canvas (the collection view's
// superview); crossing another cell moves the data and the cell; a snapshot at an edge pages the
// content and looks again 0.8 s later.
//
// The article is Swift 1.2; this is the same code in today's Swift, with these differences:
// - `import UIKit` → `import Springframes`.
// - Swift 1.2 → 5 spellings: `CGPointZero` → `.zero`, `NSIndexPath` → `IndexPath`,
//   `CGRectContainsPoint(r, p)` → `r.contains(p)`, `CGRectIntersectsRect` → `intersects`,
//   `locationInView` → `location(in:)`, `convertRect(_:fromView:)` → `convert(_:from:)`,
//   `visibleCells()` → `visibleCells`, `snapshotViewAfterScreenUpdates` → `snapshotView(afterScreenUpdates:)`,
//   `indexPathForCell`/`indexPathForItemAtPoint` → `indexPath(for:)`/`indexPathForItem(at:)`,
//   `moveItemAtIndexPath` → `moveItem(at:to:)`, `UIGestureRecognizerState.Began` → `.began`,
//   `prepareLayout` → `prepare`, `hidden` → `isHidden`, `@objc protocol` → `protocol`.
// - `action: "handleGesture:"` → `action: KDRearrangeableCollectionViewFlowLayout.handleGesture`:
//   a method reference, since there is no Objective-C runtime.
// - `dispatch_after(…, dispatch_get_main_queue(), …)` → `SimulatedQueue.main.asyncAfter(deadline: .now() + 0.8)`:
//   the main queue on the window's simulated time.
// - The article's fragments disagree about `Bundle` (a `canvas` member that is never set, a
//   `sourceCollectionView` that does not exist); as in the original repository, the bundle has no
//   canvas and the end of a drag reloads `self.collectionView`.
// - `setup()` installs the gesture only once the layout has a collection view: on iOS a
//   storyboard's `awakeFromNib` sees to that; a collection view built in code calls `setup()`
//   after it is made, as the original repository's code-built demo does.
import Springframes

/// Told to move a data item when a dragged cell crosses another.
protocol KDRearrangeableCollectionViewDelegate: UICollectionViewDelegate {
    func moveDataItem(_ fromIndexPath: IndexPath, toIndexPath: IndexPath)
}

final class KDRearrangeableCollectionViewFlowLayout: UICollectionViewFlowLayout, UIGestureRecognizerDelegate {
    var animating = false

    // The collection view's frame in the canvas, and the 20 pt strips along its edges that page.
    var collectionViewFrameInCanvas = CGRect.zero
    var hitTestRectagles = [String: CGRect]()

    // Where the snapshot is drawn: the collection view's superview unless set.
    var canvas: UIView? {
        didSet {
            if canvas != nil {
                self.calculateBorders()
            }
        }
    }

    struct Bundle {
        // The finger's offset from the cell's origin.
        var offset: CGPoint = .zero
        var sourceCell: UICollectionViewCell
        var representationImageView: UIView
        var currentIndexPath: IndexPath
    }

    var bundle: Bundle?

    override init() {
        super.init()
        self.setup()
    }

    required init?(coder aDecoder: NSCoder) {
        super.init(coder: aDecoder)
    }

    override func awakeFromNib() {
        super.awakeFromNib()
        self.setup()
    }

    func setup() {
        if let collectionView = self.collectionView {
            let gesture = UILongPressGestureRecognizer(target: self, action: KDRearrangeableCollectionViewFlowLayout.handleGesture)
            gesture.minimumPressDuration = 0.2
            gesture.delegate = self
            collectionView.addGestureRecognizer(gesture)
        }
    }

    override func prepare() {
        super.prepare()
        if self.canvas == nil {
            self.canvas = self.collectionView!.superview
        }
        self.calculateBorders()
    }

    func calculateBorders() {
        if let collectionView = self.collectionView {
            collectionViewFrameInCanvas = collectionView.frame
            if self.canvas != collectionView.superview {
                collectionViewFrameInCanvas = self.canvas!.convert(collectionViewFrameInCanvas, from: collectionView)
            }

            var leftRect = collectionViewFrameInCanvas
            leftRect.size.width = 20.0
            hitTestRectagles["left"] = leftRect

            var topRect = collectionViewFrameInCanvas
            topRect.size.height = 20.0
            hitTestRectagles["top"] = topRect

            var rightRect = collectionViewFrameInCanvas
            rightRect.origin.x = rightRect.size.width - 20.0
            rightRect.size.width = 20.0
            hitTestRectagles["right"] = rightRect

            var bottomRect = collectionViewFrameInCanvas
            bottomRect.origin.y = bottomRect.origin.y + rightRect.size.height - 20.0
            bottomRect.size.height = 20.0
            hitTestRectagles["bottom"] = bottomRect
        }
    }

    // MARK: - UIGestureRecognizerDelegate

    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        if let ca = self.canvas {
            if let cv = self.collectionView {
                let pointPressedInCanvas = gestureRecognizer.location(in: ca)
                for cell in cv.visibleCells {
                    let cellInCanvasFrame = ca.convert(cell.frame, from: cv)
                    if cellInCanvasFrame.contains(pointPressedInCanvas) {
                        let representationImage = cell.snapshotView(afterScreenUpdates: true)!
                        representationImage.frame = cellInCanvasFrame
                        let offset = CGPoint(x: pointPressedInCanvas.x - cellInCanvasFrame.origin.x,
                                             y: pointPressedInCanvas.y - cellInCanvasFrame.origin.y)
                        let indexPath: IndexPath = cv.indexPath(for: cell)!
                        self.bundle = Bundle(offset: offset, sourceCell: cell, representationImageView: representationImage,
                                             currentIndexPath: indexPath)
                        break
                    }
                }
            }
        }
        return self.bundle != nil
    }

    func checkForDraggingAtTheEdgeAndAnimatePaging(_ gestureRecognizer: UILongPressGestureRecognizer) {
        if self.animating == true {
            return
        }
        if let bundle = self.bundle {
            var nextPageRect = self.collectionView!.bounds
            if self.scrollDirection == .horizontal {
                if bundle.representationImageView.frame.intersects(hitTestRectagles["left"]!) {
                    nextPageRect.origin.x -= nextPageRect.size.width
                    if nextPageRect.origin.x < 0.0 {
                        nextPageRect.origin.x = 0.0
                    }
                } else if bundle.representationImageView.frame.intersects(hitTestRectagles["right"]!) {
                    nextPageRect.origin.x += nextPageRect.size.width
                    if nextPageRect.origin.x + nextPageRect.size.width > self.collectionView!.contentSize.width {
                        nextPageRect.origin.x = self.collectionView!.contentSize.width - nextPageRect.size.width
                    }
                }
            } else if self.scrollDirection == .vertical {
                if bundle.representationImageView.frame.intersects(hitTestRectagles["top"]!) {
                    nextPageRect.origin.y -= nextPageRect.size.height
                    if nextPageRect.origin.y < 0.0 {
                        nextPageRect.origin.y = 0.0
                    }
                } else if bundle.representationImageView.frame.intersects(hitTestRectagles["bottom"]!) {
                    nextPageRect.origin.y += nextPageRect.size.height
                    if nextPageRect.origin.y + nextPageRect.size.height > self.collectionView!.contentSize.height {
                        nextPageRect.origin.y = self.collectionView!.contentSize.height - nextPageRect.size.height
                    }
                }
            }

            if nextPageRect != self.collectionView!.bounds {
                SimulatedQueue.main.asyncAfter(deadline: .now() + 0.8) {
                    self.animating = false
                    self.handleGesture(gestureRecognizer)
                }
                self.animating = true
                self.collectionView!.scrollRectToVisible(nextPageRect, animated: true)
            }
        }
    }

    func handleGesture(_ gesture: UILongPressGestureRecognizer) {
        if let bundle = self.bundle {
            let dragPointOnCanvas = gesture.location(in: self.canvas)

            if gesture.state == .began {
                bundle.sourceCell.isHidden = true
                self.canvas?.addSubview(bundle.representationImageView)
            }

            if gesture.state == .changed {
                // Move the snapshot under the finger.
                var imageViewFrame = bundle.representationImageView.frame
                var point = CGPoint.zero
                point.x = dragPointOnCanvas.x - bundle.offset.x
                point.y = dragPointOnCanvas.y - bundle.offset.y
                imageViewFrame.origin = point
                bundle.representationImageView.frame = imageViewFrame

                if let indexPath = self.collectionView?.indexPathForItem(at: gesture.location(in: self.collectionView)) {
                    self.checkForDraggingAtTheEdgeAndAnimatePaging(gesture)
                    if indexPath != bundle.currentIndexPath {
                        // The data first, then the cell.
                        if let delegate = self.collectionView!.delegate as? KDRearrangeableCollectionViewDelegate {
                            delegate.moveDataItem(bundle.currentIndexPath, toIndexPath: indexPath)
                        }
                        self.collectionView!.moveItem(at: bundle.currentIndexPath, to: indexPath)
                        self.bundle!.currentIndexPath = indexPath
                    }
                }
            }

            if gesture.state == .ended {
                bundle.sourceCell.isHidden = false
                bundle.representationImageView.removeFromSuperview()
                if self.collectionView?.delegate is KDRearrangeableCollectionViewDelegate {
                    // The data has moved: the cells show it again.
                    self.collectionView!.reloadData()
                }
                self.bundle = nil
            }
        }
    }
}
