import Vocabulary
import Foundation
import Views

/// Which of the bar's four appearances is in effect, chosen as iOS 15+ chooses: the scroll-edge
/// appearance while the content scroll view is at its top edge (or the top view controller has
/// none), the standard one once content scrolls under the bar; the compact forms in a
/// compact-height environment.
extension UINavigationBar {
    /// The content scroll view is the top view controller's view when it is a scroll view,
    /// else that view's first subview when it is one (the two places iOS looks without
    /// `setContentScrollView(_:for:)`); the content is at the edge when it does not reach under
    /// the bar: `contentOffset.y` at or above `-adjustedContentInset.top`.
    var isAtScrollEdge: Bool {
        guard let view = navigationController?.topViewController?.viewIfLoaded else { return true }
        guard let scrollView = view as? UIScrollView ?? view.subviews.first as? UIScrollView else { return true }
        return scrollView.contentOffset.y <= -scrollView.adjustedContentInset.top + 1e-6
    }

    private var isCompactHeight: Bool { traitCollection.verticalSizeClass == .compact }

    /// The appearance whose title attributes and buttons show, and nil for the scroll-edge state
    /// when no scroll-edge appearance is set (then the standard one, made transparent, is used).
    private var chosenAppearance: (appearance: UINavigationBarAppearance, transparent: Bool) {
        let standard = isCompactHeight ? compactAppearance ?? standardAppearance : standardAppearance
        guard isAtScrollEdge else { return (standard, false) }
        let edge = isCompactHeight ? compactScrollEdgeAppearance ?? scrollEdgeAppearance : scrollEdgeAppearance
        return edge.map { ($0, false) } ?? (standard, true)
    }

    /// The appearance in effect, for titles and buttons.
    var activeAppearance: UINavigationBarAppearance { chosenAppearance.appearance }

    /// The appearance the background draws now, with the older `barTintColor` and
    /// `isTranslucent` bridged in as iOS does: the tint as the colour over the material, and an
    /// opaque bar as that colour (or the system background) without material.
    var backgroundAppearance: UIBarAppearance? {
        let (appearance, transparent) = chosenAppearance
        guard !transparent else { return nil }
        return appearance.bridging(barTintColor: barTintColor, isTranslucent: isTranslucent)
    }

    /// Remakes the content so that titles and buttons take the new attributes.
    func showAppearanceChange() {
        guard let items, !items.isEmpty else { return }
        show(items: items, animated: false)
    }
}
