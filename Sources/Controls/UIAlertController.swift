import Vocabulary
import Foundation
import Views

/// An action of an alert or action sheet: its title, its style and what it runs.
@preconcurrency @MainActor
open class UIAlertAction {
    public enum Style: Int, Sendable { case `default`, cancel, destructive }

    public let title: String?
    public let style: Style
    open var isEnabled = true
    let handler: ((UIAlertAction) -> Void)?

    public init(title: String?, style: Style, handler: ((UIAlertAction) -> Void)? = nil) {
        self.title = title
        self.style = style
        self.handler = handler
    }
}

/// UIKit's alert and action sheet, presented over the window and drawn as iOS 17 draws them.
///
/// Present it with `present(_:animated:)`. A tap on an action dismisses the alert, then runs the
/// action's handler (once the dismissal ends, as on iOS). An alert fades in while shrinking from
/// 1.2 to 1 over 0.3 s and fades out over 0.2 s; an action sheet rises from the bottom and goes
/// back down (0.3 s ease-out). The screen behind dims (black at 20 %).
///
/// Apple publishes no metrics; these are our reading of iOS 17. An alert is 270 pt wide, its card
/// rounded by 14 pt, its title 17 pt semibold and message 13 pt, centred, 20 pt from the top and
/// 16 pt from the sides; its buttons are 44 pt tall, side by side when there are two (the cancel
/// action on the left), stacked otherwise (cancel last), 17 pt in the tint colour, semibold for
/// the cancel action (or `preferredAction`), red for destructive ones, between hairlines. An action
/// sheet is 8 pt inside the screen's sides and bottom safe area, its buttons 57 pt tall in 20 pt
/// type, the cancel action in a card of its own 8 pt below. The card is the grouped background
/// colour, flat: the translucent material behind alerts is not drawn yet.
///
/// `addTextField(configurationHandler:)` is not declared yet: alerts with text fields do not compile.
open class UIAlertController: UIViewController {
    public enum Style: Int, Sendable { case actionSheet, alert }

    open var message: String?
    public let preferredStyle: Style
    open private(set) var actions: [UIAlertAction] = []
    /// The action shown in bold (and run by the return key on iOS).
    open var preferredAction: UIAlertAction?

    private let transitions = AlertTransitions()
    private let card = UIView()
    private let cancelCard = UIView()

    public init(title: String?, message: String?, preferredStyle: Style) {
        self.message = message
        self.preferredStyle = preferredStyle
        super.init(nibName: nil, bundle: nil)
        self.title = title
        modalPresentationStyle = .custom
        transitioningDelegate = transitions
    }

    public required init?(coder: NSCoder) {
        preferredStyle = .alert
        super.init(coder: coder)
        modalPresentationStyle = .custom
        transitioningDelegate = transitions
    }

    open func addAction(_ action: UIAlertAction) {
        actions.append(action)
        if isViewLoaded { buildCards() }
    }

    // MARK: Look

    static let alertWidth: CGFloat = 270
    static let cornerRadius: CGFloat = 14

    static var cardColor: UIColor {
        UIColor { $0.userInterfaceStyle == .dark ? UIColor(white: 0.17, alpha: 1) : UIColor(white: 0.95, alpha: 1) }
    }

    open override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor(white: 0, alpha: 0.2)
        for part in [card, cancelCard] {
            part.backgroundColor = Self.cardColor
            part.layer.cornerRadius = Self.cornerRadius
            part.clipsToBounds = true
            view.addSubview(part)
        }
        buildCards()
    }

    /// The actions in the order they are shown, and which one goes in the sheet's separate card.
    private var orderedActions: (main: [UIAlertAction], cancel: UIAlertAction?) {
        let cancel = actions.first { $0.style == .cancel }
        let others = actions.filter { $0 !== cancel }
        switch preferredStyle {
        case .actionSheet: return (others, cancel)
        case .alert: return (others.count == 1 ? [cancel, others[0]].compactMap { $0 } : others + [cancel].compactMap { $0 }, nil)
        }
    }

    private func buildCards() {
        for part in [card, cancelCard] { part.subviews.forEach { $0.removeFromSuperview() } }
        view.setNeedsLayout()
    }

    open override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        layoutCards()
    }

    private func layoutCards() {
        for part in [card, cancelCard] { part.subviews.forEach { $0.removeFromSuperview() } }
        let sheet = preferredStyle == .actionSheet
        let width = sheet ? view.bounds.width - 16 : Self.alertWidth
        var y: CGFloat = 0
        let textWidth = width - 32
        for (text, font) in [(title, UIFont.systemFont(ofSize: sheet ? 13 : 17, weight: .semibold)), (message, UIFont.systemFont(ofSize: 13))] {
            guard let text, !text.isEmpty else { continue }
            let label = UILabel()
            label.text = text
            label.font = font
            label.numberOfLines = 0
            label.textAlignment = .center
            label.textColor = sheet ? .secondaryLabel : .label
            let height = ceil(label.sizeThatFits(CGSize(width: textWidth, height: .greatestFiniteMagnitude)).height)
            y += y == 0 ? (sheet ? 14 : 20) : 2
            label.frame = CGRect(x: 16, y: y, width: textWidth, height: height)
            card.addSubview(label)
            y += height
        }
        if y > 0 { y += sheet ? 14 : 20 }
        let (main, cancel) = orderedActions
        let height: CGFloat = sheet ? 57 : 44
        let sideBySide = !sheet && main.count == 2
        for (index, action) in main.enumerated() {
            let frame = sideBySide
                ? CGRect(x: CGFloat(index) * width / 2, y: y, width: width / 2, height: height)
                : CGRect(x: 0, y: y + CGFloat(index) * height, width: width, height: height)
            addButton(for: action, frame: frame, to: card, vertical: sideBySide && index == 1)
        }
        let cardHeight = y + (sideBySide ? height : CGFloat(main.count) * height)
        if sheet {
            let bottom = view.bounds.height - view.safeAreaInsets.bottom - 8
            cancelCard.isHidden = cancel == nil
            var cardBottom = bottom
            if let cancel {
                cancelCard.frame = CGRect(x: 8, y: bottom - height, width: width, height: height)
                addButton(for: cancel, frame: CGRect(x: 0, y: 0, width: width, height: height), to: cancelCard, vertical: false, separator: false)
                cardBottom = bottom - height - 8
            }
            card.frame = CGRect(x: 8, y: cardBottom - cardHeight, width: width, height: cardHeight)
        } else {
            cancelCard.isHidden = true
            card.frame = CGRect(x: (view.bounds.width - width) / 2, y: (view.bounds.height - cardHeight) / 2, width: width, height: cardHeight)
        }
    }

    private func addButton(for action: UIAlertAction, frame: CGRect, to container: UIView, vertical: Bool, separator: Bool = true) {
        let button = AlertActionView(action: action, bold: action === preferredAction || (preferredAction == nil && action.style == .cancel),
                                     sheet: preferredStyle == .actionSheet)
        button.frame = frame
        button.addAction(UIAction { [weak self] _ in self?.select(action) }, for: .touchUpInside)
        container.addSubview(button)
        guard separator else { return }
        let line = UIView()
        line.backgroundColor = .separator
        let hairline = 1 / max(1, view.window?.screen.scale ?? 2)
        line.frame = vertical ? CGRect(x: frame.minX, y: frame.minY, width: hairline, height: frame.height)
                              : CGRect(x: frame.minX, y: frame.minY, width: frame.width, height: hairline)
        container.addSubview(line)
    }

    /// What a tap on an action does: dismiss, then run its handler.
    func select(_ action: UIAlertAction) {
        guard action.isEnabled else { return }
        dismiss(animated: true) { action.handler?(action) }
    }
}

/// One action's button: its title, highlighted (a light grey) while a finger is on it.
final class AlertActionView: UIControl {
    private let label = UILabel()

    init(action: UIAlertAction, bold: Bool, sheet: Bool) {
        super.init(frame: .zero)
        label.text = action.title
        label.textAlignment = .center
        label.font = .systemFont(ofSize: sheet ? 20 : 17, weight: bold ? .semibold : .regular)
        label.textColor = !action.isEnabled ? .tertiaryLabel : action.style == .destructive ? .systemRed : (tintColor ?? .systemBlue)
        label.isUserInteractionEnabled = false
        addSubview(label)
    }

    required init?(coder: NSCoder) { super.init(coder: coder) }

    override var isHighlighted: Bool {
        didSet { backgroundColor = isHighlighted ? UIColor.systemFill : nil }
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        label.frame = bounds.insetBy(dx: 8, dy: 0)
    }
}

/// The alert's own transitions: a fade and a small shrink for alerts, a rise for action sheets.
final class AlertTransitions: UIViewControllerTransitioningDelegate {
    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        AlertAnimator(presenting: true)
    }

    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        AlertAnimator(presenting: false)
    }
}

final class AlertAnimator: UIViewControllerAnimatedTransitioning {
    let presenting: Bool

    init(presenting: Bool) { self.presenting = presenting }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        presenting ? 0.3 : 0.2
    }

    func animateTransition(using context: UIViewControllerContextTransitioning) {
        let key: UITransitionContextViewControllerKey = presenting ? .to : .from
        guard let alert = context.viewController(forKey: key) as? UIAlertController, let view = alert.view else {
            return context.completeTransition(true)
        }
        let sheet = alert.preferredStyle == .actionSheet
        let duration = transitionDuration(using: context)
        if presenting {
            view.frame = context.containerView.bounds
            context.containerView.addSubview(view)
            view.layoutIfNeeded()
        }
        let cards = view.subviews
        let drop = view.bounds.height - (cards.map(\.frame.minY).min() ?? 0)
        let hidden = {
            view.backgroundColor = UIColor(white: 0, alpha: 0)
            for card in cards {
                if sheet { card.transform = CGAffineTransform(translationX: 0, y: drop) } else {
                    card.alpha = 0
                    card.transform = self.presenting ? CGAffineTransform(scaleX: 1.2, y: 1.2) : .identity
                }
            }
        }
        let shown = {
            view.backgroundColor = UIColor(white: 0, alpha: 0.2)
            for card in cards {
                card.alpha = 1
                card.transform = .identity
            }
        }
        if presenting { UIView.performWithoutAnimation(hidden) }
        UIView.animate(withDuration: duration, delay: 0, options: sheet ? .curveEaseOut : .curveEaseInOut,
                       animations: presenting ? shown : hidden,
                       completion: { _ in context.completeTransition(true) })
    }
}
