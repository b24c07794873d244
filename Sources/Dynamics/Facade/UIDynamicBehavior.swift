import Foundation

/// The base of every dynamic behavior, as in UIKit: a node in a tree of behaviors that an animator
/// runs. Subclass it to compose behaviors (`addChildBehavior`) and to run code on every step
/// (`action`).
///
///     final class DragBehavior: UIDynamicBehavior {
///         init(items: [UIDynamicItem], point: CGPoint) {
///             super.init()
///             for item in items {
///                 addChildBehavior(UIAttachmentBehavior(item: item, attachedToAnchor: point))
///             }
///         }
///     }
@preconcurrency @MainActor
open class UIDynamicBehavior {
    public init() {}

    /// The behaviors added with `addChildBehavior`, in order.
    open private(set) var childBehaviors: [UIDynamicBehavior] = []

    /// Called once per animator tick (`UIDynamicAnimator.actionInterval`, 1/120 s of simulated
    /// time), before the physics step that starts the tick, while the animator runs: as UIKit
    /// calls it, so an action that does work per call does it as often as on a device.
    open var action: (() -> Void)? {
        didSet { dynamicAnimator?.setNeedsActionRefresh() }
    }

    /// The animator running this behavior (or its root), if any.
    public internal(set) weak var dynamicAnimator: UIDynamicAnimator?

    weak var parent: UIDynamicBehavior?

    /// Adds a child. A behavior has at most one parent: it is moved from any previous one.
    open func addChildBehavior(_ behavior: UIDynamicBehavior) {
        guard behavior !== self, !childBehaviors.contains(where: { $0 === behavior }) else { return }
        behavior.parent?.removeChildBehavior(behavior)
        childBehaviors.append(behavior)
        behavior.parent = self
        behavior.attach(to: dynamicAnimator)
        setNeedsRebuild()
    }

    open func removeChildBehavior(_ behavior: UIDynamicBehavior) {
        guard let index = childBehaviors.firstIndex(where: { $0 === behavior }) else { return }
        childBehaviors.remove(at: index)
        behavior.parent = nil
        behavior.attach(to: nil)
        setNeedsRebuild()
    }

    /// Called when the behavior is added to an animator (or removed, with nil).
    open func willMove(to dynamicAnimator: UIDynamicAnimator?) {}

    // MARK: - Solver interface (overridden by the concrete behaviors of this module)

    /// The items this behavior itself acts on; they become bodies of the animator.
    var solverItems: [UIDynamicItem] { [] }

    /// Sets body properties and forces. Runs for every behavior before any `installJoints`.
    func configureBodies(in animator: UIDynamicAnimator) {}

    /// Adds joints and collision groups to the animator's world.
    func installJoints(in animator: UIDynamicAnimator) {}

    // MARK: - Plumbing

    func attach(to animator: UIDynamicAnimator?) {
        guard dynamicAnimator !== animator else { return }
        willMove(to: animator)
        dynamicAnimator = animator
        for child in childBehaviors { child.attach(to: animator) }
    }

    /// The behavior's structure or parameters changed: the animator rebuilds its world before
    /// the next step and resumes if paused.
    func setNeedsRebuild() {
        dynamicAnimator?.setNeedsRebuild()
    }

    func flatten(into list: inout [UIDynamicBehavior]) {
        list.append(self)
        for child in childBehaviors { child.flatten(into: &list) }
    }
}
