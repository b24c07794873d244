import Foundation
import Vocabulary

// Traits down the tree: a window's come from its screen, and each view takes the nearest
// `overrideUserInterfaceStyle` on itself, its view controller or an ancestor (see
// `UITraitCollection`). A change reaches every view whose traits it changes: their
// `traitCollectionDidChange(_:)` (and their controller's) is called, and what they drew is drawn
// again, since dynamic colours resolve differently.

extension UIView: UITraitEnvironment {
    /// The traits `traitCollection` gives by default: the window's screen's, with the nearest
    /// style override.
    var inheritedTraits: UITraitCollection {
        var style = UIUserInterfaceStyle.unspecified
        var view: UIView? = self
        while let current = view {
            if style == .unspecified { style = current.ownStyleOverride }
            if let window = current as? UIWindow { return Self.traits(window.screen.traitCollection, style: style) }
            view = current.superview
        }
        return Self.traits(UITraitCollection.defaultCurrent, style: style)
    }

    private static func traits(_ base: UITraitCollection, style: UIUserInterfaceStyle) -> UITraitCollection {
        let resolved = style != .unspecified ? style : base.userInterfaceStyle == .unspecified ? .light : base.userInterfaceStyle
        return base.with(style: resolved)
    }

    /// The style set on this view, else on its view controller.
    var ownStyleOverride: UIUserInterfaceStyle {
        storedOverrideStyle != .unspecified ? storedOverrideStyle : owningViewController?.storedOverrideStyle ?? .unspecified
    }

    /// Runs `change`, then tells every view under this one whose traits it changed.
    func changingTraits(_ change: () -> Void) {
        var views: [UIView] = []
        func collect(_ view: UIView) {
            views.append(view)
            view.subviews.forEach(collect)
        }
        collect(self)
        let before = views.map(\.traitCollection)
        change()
        for (view, previous) in zip(views, before) {
            let now = view.traitCollection
            guard now != previous else { continue }
            view.setNeedsDisplay()
            now.performAsCurrent {
                view.owningViewController?.traitCollectionDidChange(previous)
                view.traitCollectionDidChange(previous)
            }
            view.setNeedsLayout()
        }
    }

    /// `body` with this view's traits current when the view sets its own style (the caller has
    /// made its superview's current).
    func withOwnTraitsIfOverridden<T>(_ body: () -> T) -> T {
        guard ownStyleOverride != .unspecified else { return body() }
        return traitCollection.performAsCurrent(body)
    }
}

extension UIViewController: UITraitEnvironment {}
