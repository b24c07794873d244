import Vocabulary
import Foundation

/// Supplies the collection view's sections, items and their views, and applies moves, as in UIKit.
@preconcurrency @MainActor
public protocol UICollectionViewDataSource: AnyObject {
    /// 1 unless implemented.
    func numberOfSections(in collectionView: UICollectionView) -> Int
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int
    /// The cell showing the item, from `dequeueReusableCell(withReuseIdentifier:for:)`; asked only
    /// when the item comes on screen. Unless implemented: a plain, empty `UICollectionViewCell`.
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell
    /// A header, footer or other supplementary view, from
    /// `dequeueReusableSupplementaryView(ofKind:withReuseIdentifier:for:)`. Unless implemented: a
    /// plain, empty `UICollectionReusableView`.
    func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
                        at indexPath: IndexPath) -> UICollectionReusableView
    /// Whether an interactive movement may start on the item (true unless implemented).
    func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool
    /// Move the data item: called once when an interactive movement ends (and by controllers that
    /// rearrange), before the collection view moves its own item.
    func collectionView(_ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath,
                        to destinationIndexPath: IndexPath)
    /// Declared as in UIKit and never asked: no index bar is drawn (nil unless implemented).
    func indexTitles(for collectionView: UICollectionView) -> [String]?
    /// Declared as in UIKit and never asked: no index bar is drawn.
    func collectionView(_ collectionView: UICollectionView, indexPathForIndexTitle title: String, at index: Int) -> IndexPath
}

extension UICollectionViewDataSource {
    public func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }
    public func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        collectionView.plainCell(for: indexPath)
    }
    public func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
                               at indexPath: IndexPath) -> UICollectionReusableView {
        collectionView.plainSupplementaryView(ofKind: kind, for: indexPath)
    }
    public func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool { true }
    public func collectionView(_ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath,
                               to destinationIndexPath: IndexPath) {}
    public func indexTitles(for collectionView: UICollectionView) -> [String]? { nil }
    public func collectionView(_ collectionView: UICollectionView, indexPathForIndexTitle title: String, at index: Int) -> IndexPath {
        IndexPath(item: 0, section: index)
    }
}

/// Hears about highlight, selection, display, scrolling (it refines `UIScrollViewDelegate`) and
/// moves, and may veto them, as in UIKit. Every method is optional.
///
/// Display: when a layout pass shows an element that was not shown, its view is made
/// (`cellForItemAt`), given its attributes, and the delegate hears `willDisplay`; when an element
/// leaves the visible bounds (or `reloadData` discards the views), `didEndDisplaying` comes with
/// the index path the view last showed. In one pass, the views that leave are reported before
/// those that arrive (so a newcomer may reuse a leaver's view), each group in drawing order.
/// Decoration views are not reported, as in UIKit.
@preconcurrency @MainActor
public protocol UICollectionViewDelegate: UIScrollViewDelegate {
    func collectionView(_ collectionView: UICollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool
    func collectionView(_ collectionView: UICollectionView, didHighlightItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: UICollectionView, didUnhighlightItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool
    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: UICollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool
    func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell,
                        forItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell,
                        forItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: UICollectionView, willDisplaySupplementaryView view: UICollectionReusableView,
                        forElementKind elementKind: String, at indexPath: IndexPath)
    func collectionView(_ collectionView: UICollectionView, didEndDisplayingSupplementaryView view: UICollectionReusableView,
                        forElementOfKind elementKind: String, at indexPath: IndexPath)
    /// Where an interactively moving item may go (the proposal unless implemented).
    func collectionView(_ collectionView: UICollectionView,
                        targetIndexPathForMoveFromItemAt originalIndexPath: IndexPath,
                        toProposedIndexPath proposedIndexPath: IndexPath) -> IndexPath
    /// iOS 15's form of the above, which also names the item's current index path; the
    /// collection view asks this one, and unless it is implemented it asks the older form.
    func collectionView(_ collectionView: UICollectionView,
                        targetIndexPathForMoveOfItemFromOriginalIndexPath originalIndexPath: IndexPath,
                        atCurrentIndexPath currentIndexPath: IndexPath,
                        toProposedIndexPath proposedIndexPath: IndexPath) -> IndexPath
    /// Where the content should rest after a layout change: asked after the layout's own
    /// `targetContentOffset(forProposedContentOffset:)`, when the collection view changes layout
    /// (`setCollectionViewLayout`) and after batch updates, as in UIKit. Returns the proposal
    /// unless implemented.
    func collectionView(_ collectionView: UICollectionView,
                        targetContentOffsetForProposedContentOffset proposedContentOffset: CGPoint) -> CGPoint
    /// Whether a tap on the item performs its primary action (iOS 16). Unless implemented: true.
    func collectionView(_ collectionView: UICollectionView, canPerformPrimaryActionForItemAt indexPath: IndexPath) -> Bool
    /// The item's primary action (iOS 16): called when a tap selects a single item without
    /// extending a selection, after `shouldSelectItemAt` and `didSelectItemAt`, whether or not the
    /// selection was allowed to change, as UIKit documents.
    func collectionView(_ collectionView: UICollectionView, performPrimaryActionForItemAt indexPath: IndexPath)
    /// Declared as in UIKit and never called: the multiple-selection interaction starts with a
    /// two-finger pan, and touch scripts have one finger.
    func collectionView(_ collectionView: UICollectionView, shouldBeginMultipleSelectionInteractionAt indexPath: IndexPath) -> Bool
    /// Declared as in UIKit and never called (see `shouldBeginMultipleSelectionInteractionAt`).
    func collectionView(_ collectionView: UICollectionView, didBeginMultipleSelectionInteractionAt indexPath: IndexPath)
    /// Declared as in UIKit and never called (see `shouldBeginMultipleSelectionInteractionAt`).
    func collectionViewDidEndMultipleSelectionInteraction(_ collectionView: UICollectionView)
    /// Whether a finger held on the item shows the edit menu (false unless implemented).
    func collectionView(_ collectionView: UICollectionView, shouldShowMenuForItemAt indexPath: IndexPath) -> Bool
    /// Whether the item's menu offers `action` (`.cut`, `.copy` or `.paste`; false unless
    /// implemented). `sender` is `UIMenuController.shared`.
    func collectionView(_ collectionView: UICollectionView, canPerformAction action: Selector,
                        forItemAt indexPath: IndexPath, withSender sender: Any?) -> Bool
    /// The action the user tapped in the item's menu.
    func collectionView(_ collectionView: UICollectionView, performAction action: Selector,
                        forItemAt indexPath: IndexPath, withSender sender: Any?)
}

extension UICollectionViewDelegate {
    public func collectionView(_ collectionView: UICollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool { true }
    public func collectionView(_ collectionView: UICollectionView, didHighlightItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, didUnhighlightItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool { true }
    public func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool { true }
    public func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell,
                               forItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell,
                               forItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, willDisplaySupplementaryView view: UICollectionReusableView,
                               forElementKind elementKind: String, at indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, didEndDisplayingSupplementaryView view: UICollectionReusableView,
                               forElementOfKind elementKind: String, at indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView,
                               targetIndexPathForMoveFromItemAt originalIndexPath: IndexPath,
                               toProposedIndexPath proposedIndexPath: IndexPath) -> IndexPath { proposedIndexPath }
    public func collectionView(_ collectionView: UICollectionView,
                               targetIndexPathForMoveOfItemFromOriginalIndexPath originalIndexPath: IndexPath,
                               atCurrentIndexPath currentIndexPath: IndexPath,
                               toProposedIndexPath proposedIndexPath: IndexPath) -> IndexPath {
        self.collectionView(collectionView, targetIndexPathForMoveFromItemAt: originalIndexPath, toProposedIndexPath: proposedIndexPath)
    }
    public func collectionView(_ collectionView: UICollectionView,
                               targetContentOffsetForProposedContentOffset proposedContentOffset: CGPoint) -> CGPoint {
        proposedContentOffset
    }
    public func collectionView(_ collectionView: UICollectionView, canPerformPrimaryActionForItemAt indexPath: IndexPath) -> Bool { true }
    public func collectionView(_ collectionView: UICollectionView, performPrimaryActionForItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView,
                               shouldBeginMultipleSelectionInteractionAt indexPath: IndexPath) -> Bool { false }
    public func collectionView(_ collectionView: UICollectionView, didBeginMultipleSelectionInteractionAt indexPath: IndexPath) {}
    public func collectionViewDidEndMultipleSelectionInteraction(_ collectionView: UICollectionView) {}
    public func collectionView(_ collectionView: UICollectionView, shouldShowMenuForItemAt indexPath: IndexPath) -> Bool { false }
    public func collectionView(_ collectionView: UICollectionView, canPerformAction action: Selector,
                               forItemAt indexPath: IndexPath, withSender sender: Any?) -> Bool { false }
    public func collectionView(_ collectionView: UICollectionView, performAction action: Selector,
                               forItemAt indexPath: IndexPath, withSender sender: Any?) {}
}

/// Per-section and per-item sizes for a flow layout, as in UIKit; each method defaults to the
/// layout's own property.
public protocol UICollectionViewDelegateFlowLayout: UICollectionViewDelegate {
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        sizeForItemAt indexPath: IndexPath) -> CGSize
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        insetForSectionAt section: Int) -> UIEdgeInsets
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        minimumLineSpacingForSectionAt section: Int) -> CGFloat
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        minimumInteritemSpacingForSectionAt section: Int) -> CGFloat
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        referenceSizeForHeaderInSection section: Int) -> CGSize
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        referenceSizeForFooterInSection section: Int) -> CGSize
}

extension UICollectionViewDelegateFlowLayout {
    private func flow(_ layout: UICollectionViewLayout) -> UICollectionViewFlowLayout? {
        layout as? UICollectionViewFlowLayout
    }

    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                               sizeForItemAt indexPath: IndexPath) -> CGSize {
        flow(collectionViewLayout)?.itemSize ?? .zero
    }
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                               insetForSectionAt section: Int) -> UIEdgeInsets {
        // What the layout uses without a delegate (a subclass may adjust its `sectionInset`).
        flow(collectionViewLayout)?.resolvedSectionInset(forSection: section) ?? .zero
    }
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                               minimumLineSpacingForSectionAt section: Int) -> CGFloat {
        flow(collectionViewLayout)?.minimumLineSpacing ?? 0
    }
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                               minimumInteritemSpacingForSectionAt section: Int) -> CGFloat {
        flow(collectionViewLayout)?.minimumInteritemSpacing ?? 0
    }
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                               referenceSizeForHeaderInSection section: Int) -> CGSize {
        flow(collectionViewLayout)?.headerReferenceSize ?? .zero
    }
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                               referenceSizeForFooterInSection section: Int) -> CGSize {
        flow(collectionViewLayout)?.footerReferenceSize ?? .zero
    }
}
