import Vocabulary
import Foundation
import DisplayList

/// A plain view whose node code in another of our modules finishes as each snapshot is taken:
/// how bars draw the appearance in effect at that frame (a snapshot hook cannot be overridden
/// outside this module).
package final class SnapshotHookView: UIView {
    /// Changes the view's node, given the view's traits; nil leaves it alone.
    package var finish: ((inout ViewSnapshot.Node, UITraitCollection) -> Void)?

    package override func finishSnapshotNode(_ node: inout ViewSnapshot.Node) {
        finish?(&node, traitCollection)
    }
}
