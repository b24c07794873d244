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
@MainActor final class ModalPresentation {
    static let duration: TimeInterval = 0.5
    static let sheetGap: CGFloat = 10
    static let cornerRadius: CGFloat = 10

    let container = UIView(frame: .zero)
    let dimming = UIView(frame: .zero)
    let isSheet: Bool
    let coversPresenter: Bool
    weak var behind: UIView?

    init(style: UIModalPresentationStyle) {
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
            presentation.container.removeFromSuperview()
            view?.removeFromSuperview()
            if presentation.isSheet { presentation.behind?.clipsToBounds = false }
            controller.presentation = nil
            controller.presentingViewController = nil
            presenting.presentedViewController = nil
            controller.endAppearanceTransition()
            if presentation.coversPresenter { presenting.endAppearanceTransition() }
            completion?()
        }
        Self.run(animated: animated, changes, finish)
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
