import Foundation
import Vocabulary

// Traits down the tree: a window's come from its screen, and each view takes the nearest
// `overrideUserInterfaceStyle` on itself, its view controller or an ancestor (see
// `UITraitCollection`). A change reaches every view whose traits it changes: their
// `traitCollectionDidChange(_:)` (and their controller's) is called, and what they drew is drawn
// again, since dynamic colours resolve differently.

/// A view of ours that does something itself when its traits change, after the user's handlers
/// (a label of `adjustsFontForContentSizeCategory` takes the new text size).
@MainActor
package protocol TraitChangeResponding: AnyObject {
    func traitsDidChange(from previous: UITraitCollection)
}

extension UIView: UITraitEnvironment {
    /// The traits `traitCollection` gives by default: the window's screen's, with the nearest
    /// override of each trait (`overrideUserInterfaceStyle`, `traitOverrides`) on the view, its
    /// view controller or an ancestor.
    var inheritedTraits: UITraitCollection {
        var overrides = UITraitOverrides()
        var view: UIView? = self
        while let current = view {
            overrides.fillUnset(from: current.ownTraitOverrides)
            if let window = current as? UIWindow { return Self.traits(window.screen.traitCollection, overrides) }
            view = current.superview
        }
        return Self.traits(UITraitCollection.defaultCurrent, overrides)
    }

    private static func traits(_ base: UITraitCollection, _ overrides: UITraitOverrides) -> UITraitCollection {
        let style = overrides.userInterfaceStyle != .unspecified ? overrides.userInterfaceStyle
            : base.userInterfaceStyle == .unspecified ? .light : base.userInterfaceStyle
        return overrides.applied(to: base.with(style: style))
    }

    /// The overrides set on this view, else on its view controller, trait by trait
    /// (`overrideUserInterfaceStyle` is the style's).
    var ownTraitOverrides: UITraitOverrides {
        var overrides = storedTraitOverrides
        if storedOverrideStyle != .unspecified { overrides.userInterfaceStyle = storedOverrideStyle }
        if let controller = owningViewController {
            var theirs = controller.storedTraitOverrides
            if controller.storedOverrideStyle != .unspecified { theirs.userInterfaceStyle = controller.storedOverrideStyle }
            overrides.fillUnset(from: theirs)
        }
        return overrides
    }

    /// Traits this view and everything under it take instead of their window's (iOS 17): set any
    /// of them, and the views whose traits change hear `traitCollectionDidChange(_:)` and their
    /// registered handlers.
    ///
    ///     list.traitOverrides.preferredContentSizeCategory = .accessibilityExtraExtraExtraLarge
    public var traitOverrides: UITraitOverrides {
        get { storedTraitOverrides }
        set { changingTraits { storedTraitOverrides = newValue } }
    }

    /// Calls `handler` with the view and its previous traits whenever one of `traits` changes for
    /// this view (iOS 17). Keep the registration to unregister.
    @discardableResult
    public func registerForTraitChanges<Environment: UITraitEnvironment>(_ traits: [UITrait],
                                                                 handler: @escaping (Environment, UITraitCollection) -> Void) -> UITraitChangeRegistration {
        let registration = UITraitChangeRegistration(traits: traits, owner: self, handler: handler)
        traitChangeRegistrations.append(registration)
        return registration
    }

    /// Removes a registration `registerForTraitChanges` returned.
    public func unregisterForTraitChanges(_ registration: UITraitChangeRegistration) {
        traitChangeRegistrations.removeAll { $0 === registration }
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
                for registration in (view.owningViewController?.traitChangeRegistrations ?? []) + view.traitChangeRegistrations
                    where registration.isChanged(from: previous, to: now) {
                    registration.handler(previous)
                }
                (view as? TraitChangeResponding)?.traitsDidChange(from: previous)
            }
            view.setNeedsLayout()
        }
    }

    /// `body` with this view's traits current when the view sets its own style (the caller has
    /// made its superview's current).
    func withOwnTraitsIfOverridden<T>(_ body: () -> T) -> T {
        guard ownStyleOverride != .unspecified || !ownTraitOverrides.isEmpty else { return body() }
        return traitCollection.performAsCurrent(body)
    }
}

extension UIViewController: UITraitEnvironment {
    /// Traits this controller's view and everything under it take instead of their window's
    /// (iOS 17). See `UIView.traitOverrides`.
    public var traitOverrides: UITraitOverrides {
        get { storedTraitOverrides }
        set {
            guard let view = viewIfLoaded else { storedTraitOverrides = newValue; return }
            view.changingTraits { storedTraitOverrides = newValue }
        }
    }

    /// Calls `handler` with the controller and its previous traits whenever one of `traits`
    /// changes for its view (iOS 17).
    @discardableResult
    public func registerForTraitChanges<Environment: UITraitEnvironment>(_ traits: [UITrait],
                                                                 handler: @escaping (Environment, UITraitCollection) -> Void) -> UITraitChangeRegistration {
        let registration = UITraitChangeRegistration(traits: traits, owner: self, handler: handler)
        traitChangeRegistrations.append(registration)
        return registration
    }

    /// Removes a registration `registerForTraitChanges` returned.
    public func unregisterForTraitChanges(_ registration: UITraitChangeRegistration) {
        traitChangeRegistrations.removeAll { $0 === registration }
    }
}
