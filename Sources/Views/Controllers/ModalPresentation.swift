import Vocabulary
import Foundation

/// A controller presented over another: `present(_:animated:completion:)` and
/// `dismiss(animated:completion:)`.
///
/// On an iPhone, `.automatic` is a page sheet, as since iOS 13: the sheet rises from the bottom
/// edge to 10 pt below the top of the safe area, with its top corners rounded by 10 pt, while the
/// screen behind dims (black at 40 %) and shrinks to leave 16 pt at each side, its own corners
/// rounded. `.fullScreen` and `.overFullScreen` cover the window (the presenting view stays
/// behind `.overFullScreen`); `.crossDissolve` fades instead of rising. Presenting and dismissing
/// take 0.5 s along the system spring (`UISpringTimingParameters()`), our reading of iOS's sheet:
/// Apple publishes neither. A sheet leaves the presenting controller on screen, so it hears no
/// `viewWillDisappear`, as on iOS; a full-screen presentation makes it disappear.
///
/// A controller with a `transitioningDelegate` that gives an animator (or a `.custom` one that
/// gives a presentation controller) is presented and dismissed as UIKit does it for custom
/// transitions: the views move in a container view over the window, by the animator, which ends
/// the transition with `completeTransition(_:)`; the presentation controller hears the
/// transition's start and end and places the presented view (`frameOfPresentedViewInContainerView`).
/// A `.custom` presentation leaves the presenting view in place (`view(forKey: .from)` is nil).
@MainActor final class ModalPresentation {
    static let duration: TimeInterval = 0.5
    static let sheetGap: CGFloat = 10
    static let cornerRadius: CGFloat = 10

    let container = TransitionContainerView(frame: .zero)
    let dimming = UIView(frame: .zero)
    let isSheet: Bool
    let coversPresenter: Bool
    let style: UIModalPresentationStyle
    weak var behind: UIView?
    /// A custom transition's presentation controller, if its delegate gave one.
    var presentationController: UIPresentationController?
    /// Whether the transitioning delegate runs the transitions.
    var isCustom = false

    init(style: UIModalPresentationStyle) {
        self.style = style
        isSheet = [.automatic, .pageSheet, .formSheet, .popover].contains(style)
        coversPresenter = style == .fullScreen
    }
}

extension UIViewController {
    func performPresent(_ controller: UIViewController, animated: Bool, completion: (() -> Void)?) {
        if let presented = presentedViewController {
            return presented.performPresent(controller, animated: animated, completion: completion)
        }
        guard let window = viewIfLoaded?.window, controller.presentingViewController == nil else {
            UIKitCompatibility.notHonoured("UIViewController.present from a controller whose view is not in a window",
                                           "nothing is presented; show the presenting controller in a window first")
            return
        }
        let presentation = ModalPresentation(style: controller.modalPresentationStyle)
        controller.presentation = presentation
        controller.presentingViewController = self
        presentedViewController = controller
        if let delegate = controller.transitioningDelegate {
            let animator = delegate.animationController(forPresented: controller, presenting: self, source: self)
            let presentationController = controller.modalPresentationStyle == .custom
                ? delegate.presentationController(forPresented: controller, presenting: self, source: self) : nil
            if animator != nil || presentationController != nil {
                return performCustomPresent(controller, in: window, presentation: presentation, animator: animator,
                                            presentationController: presentationController,
                                            interaction: animator.flatMap { delegate.interactionControllerForPresentation(using: $0) },
                                            animated: animated, completion: completion)
            }
        }
        let bounds = window.bounds
        presentation.container.frame = bounds
        presentation.dimming.frame = bounds
        presentation.dimming.backgroundColor = UIColor(white: 0, alpha: presentation.isSheet ? 0.4 : 0)
        presentation.dimming.alpha = 0
        presentation.container.addSubview(presentation.dimming)
        let view: UIView = controller.view
        let final = presentation.isSheet
            ? CGRect(x: 0, y: window.safeAreaInsets.top + ModalPresentation.sheetGap, width: bounds.width,
                     height: bounds.height - window.safeAreaInsets.top - ModalPresentation.sheetGap)
            : bounds
        if presentation.isSheet {
            view.layer.cornerRadius = ModalPresentation.cornerRadius
            view.layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
            view.clipsToBounds = true
        }
        let fades = controller.modalTransitionStyle == .crossDissolve
        view.frame = fades || !animated ? final : final.offsetBy(dx: 0, dy: bounds.height - final.minY)
        if fades && animated { view.alpha = 0 }
        presentation.container.addSubview(view)
        window.addSubview(presentation.container)
        let behind = window.rootViewController?.viewIfLoaded
        presentation.behind = behind
        controller.beginAppearanceTransition(true, animated: animated)
        if presentation.coversPresenter { beginAppearanceTransition(false, animated: animated) }
        let changes = {
            view.frame = final
            view.alpha = 1
            presentation.dimming.alpha = 1
            if presentation.isSheet, let behind {
                let scale = (bounds.width - 32) / bounds.width
                behind.transform = CGAffineTransform(scaleX: scale, y: scale)
                behind.layer.cornerRadius = ModalPresentation.cornerRadius
                behind.clipsToBounds = true
            }
        }
        let finish = { [self] in
            controller.endAppearanceTransition()
            if presentation.coversPresenter {
                endAppearanceTransition()
                behind?.isHidden = true
            }
            completion?()
        }
        Self.run(animated: animated, changes, finish)
    }

    func performDismiss(animated: Bool, completion: (() -> Void)?) {
        // A presenting controller dismisses what it presented; a presented one dismisses itself.
        let controller = presentedViewController ?? self
        guard let presenting = controller.presentingViewController, let presentation = controller.presentation else {
            completion?()
            return
        }
        if presentation.isCustom {
            return performCustomDismiss(controller, presenting: presenting, presentation: presentation, animated: animated,
                                        completion: completion)
        }
        let view = controller.viewIfLoaded
        let height = presentation.container.bounds.height
        controller.beginAppearanceTransition(false, animated: animated)
        if presentation.coversPresenter {
            presentation.behind?.isHidden = false
            presenting.beginAppearanceTransition(true, animated: animated)
        }
        let changes = {
            if controller.modalTransitionStyle == .crossDissolve { view?.alpha = 0 } else if let view {
                view.frame = view.frame.offsetBy(dx: 0, dy: height - view.frame.minY)
            }
            presentation.dimming.alpha = 0
            if presentation.isSheet, let behind = presentation.behind {
                behind.transform = .identity
                behind.layer.cornerRadius = 0
            }
        }
        let finish = {
            if presentation.isSheet { presentation.behind?.clipsToBounds = false }
            Self.endDismissal(of: controller, presenting: presenting, presentation: presentation)
            completion?()
        }
        Self.run(animated: animated, changes, finish)
    }

    // MARK: Custom transitions

    private func performCustomPresent(_ controller: UIViewController, in window: UIWindow, presentation: ModalPresentation,
                                      animator: UIViewControllerAnimatedTransitioning?, presentationController: UIPresentationController?,
                                      interaction: UIViewControllerInteractiveTransitioning?, animated: Bool, completion: (() -> Void)?) {
        presentation.isCustom = true
        presentation.presentationController = presentationController
        let container = presentation.container
        container.frame = window.bounds
        container.presentationController = presentationController
        presentationController?.containerView = container
        window.addSubview(container)
        let behind = window.rootViewController?.viewIfLoaded
        presentation.behind = behind
        let view: UIView = controller.view
        let final = presentationController?.frameOfPresentedViewInContainerView ?? container.bounds
        // The presentation controller prepares the container before the appearance calls, then
        // the animator runs (the order UIKit logs; Apple documents only that the will-begin call
        // comes before the animations).
        presentationController?.presentationTransitionWillBegin()
        controller.beginAppearanceTransition(true, animated: animated)
        if presentation.coversPresenter { beginAppearanceTransition(false, animated: animated) }
        let finish: (Bool) -> Void = { [self] completed in
            presentationController?.presentationTransitionDidEnd(completed)
            guard completed else {
                container.removeFromSuperview()
                view.removeFromSuperview()
                controller.presentation = nil
                controller.presentingViewController = nil
                presentedViewController = nil
                controller.beginAppearanceTransition(false, animated: animated)
                controller.endAppearanceTransition()
                if presentation.coversPresenter {
                    beginAppearanceTransition(true, animated: animated)
                    endAppearanceTransition()
                }
                return
            }
            if view.superview == nil { container.addSubview(view) }
            controller.endAppearanceTransition()
            if presentation.coversPresenter {
                endAppearanceTransition()
                behind?.isHidden = true
            }
            completion?()
        }
        guard let animator else {
            // A presentation controller without an animator: the view rises from the bottom edge.
            view.frame = animated ? final.offsetBy(dx: 0, dy: container.bounds.height - final.minY) : final
            container.addSubview(view)
            return Self.run(animated: animated, { view.frame = final }, { finish(true) })
        }
        let fromView = presentation.coversPresenter ? behind : nil
        let context = TransitionContext(container: container, from: self, to: controller, fromView: fromView, toView: view,
                                        animated: animated, style: controller.modalPresentationStyle, animator: animator,
                                        finalFrames: [ObjectIdentifier(controller): final, ObjectIdentifier(self): window.bounds],
                                        done: finish)
        Self.start(animator, context: context, interaction: interaction)
    }

    private func performCustomDismiss(_ controller: UIViewController, presenting: UIViewController, presentation: ModalPresentation,
                                      animated: Bool, completion: (() -> Void)?) {
        let container = presentation.container
        let view = controller.viewIfLoaded
        let presentationController = presentation.presentationController
        let animator = controller.transitioningDelegate?.animationController(forDismissed: controller)
        presentationController?.dismissalTransitionWillBegin()
        controller.beginAppearanceTransition(false, animated: animated)
        if presentation.coversPresenter {
            presentation.behind?.isHidden = false
            presenting.beginAppearanceTransition(true, animated: animated)
        }
        let finish: (Bool) -> Void = { completed in
            presentationController?.dismissalTransitionDidEnd(completed)
            guard completed else {
                controller.beginAppearanceTransition(true, animated: animated)
                controller.endAppearanceTransition()
                if presentation.coversPresenter {
                    presenting.beginAppearanceTransition(false, animated: animated)
                    presenting.endAppearanceTransition()
                    presentation.behind?.isHidden = true
                }
                return
            }
            Self.endDismissal(of: controller, presenting: presenting, presentation: presentation)
            completion?()
        }
        guard let animator else {
            let height = container.bounds.height
            return Self.run(animated: animated, {
                if let view { view.frame = view.frame.offsetBy(dx: 0, dy: height - view.frame.minY) }
            }, { finish(true) })
        }
        let toView = presentation.coversPresenter ? presentation.behind : nil
        let context = TransitionContext(container: container, from: controller, to: presenting, fromView: view, toView: toView,
                                        animated: animated, style: controller.modalPresentationStyle, animator: animator,
                                        finalFrames: [ObjectIdentifier(presenting): container.bounds], done: finish)
        let interaction = controller.transitioningDelegate?.interactionControllerForDismissal(using: animator)
        Self.start(animator, context: context, interaction: interaction)
    }

    /// Starts a custom transition: interactively when there is an interaction controller that
    /// wants an interactive start, else by the animator.
    private static func start(_ animator: UIViewControllerAnimatedTransitioning, context: TransitionContext,
                              interaction: UIViewControllerInteractiveTransitioning?) {
        if let interaction, interaction.wantsInteractiveStart {
            context.interactivity = .interactive
            interaction.startInteractiveTransition(context)
        } else {
            animator.animateTransition(using: context)
        }
    }

    /// The end of a dismissal: the container and the presented view leave the window, the two
    /// controllers are no longer linked, and their appearance transitions end.
    private static func endDismissal(of controller: UIViewController, presenting: UIViewController, presentation: ModalPresentation) {
        presentation.container.removeFromSuperview()
        controller.viewIfLoaded?.removeFromSuperview()
        controller.presentation = nil
        controller.presentingViewController = nil
        presenting.presentedViewController = nil
        controller.endAppearanceTransition()
        if presentation.coversPresenter { presenting.endAppearanceTransition() }
    }

    private static func run(animated: Bool, _ changes: @escaping () -> Void, _ finish: @escaping () -> Void) {
        guard animated else {
            UIView.performWithoutAnimation(changes)
            finish()
            return
        }
        let animator = UIViewPropertyAnimator(duration: ModalPresentation.duration, timingParameters: UISpringTimingParameters())
        animator.addAnimations(changes)
        animator.addCompletion { _ in finish() }
        animator.startAnimation()
    }
}
