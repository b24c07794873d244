import Vocabulary
import Foundation
import Views
import Raster

/// The bar of a navigation controller, drawn as iOS 15+ draws it: its background and hairline
/// come from the appearance in effect (see `standardAppearance` and `scrollEdgeAppearance`; the
/// default is the system chrome material, blurring what scrolls beneath, with a hairline at the
/// bottom), the title centred in 17 pt semibold, or a large title in 34 pt bold at the leading
/// margin below the 44 pt row, a back button (a chevron and the previous item's title when it
/// fits in a third of the bar, else "Back") and bar button items as text in the tint colour.
/// Tapping the back button pops; tapping an item runs its action.
open class UINavigationBar: UIView, UINavigationItemObserver {
    /// The 44 pt row, and what a large title adds below it.
    public static let rowHeight: CGFloat = 44
    public static let largeTitleHeight: CGFloat = 52

    open var prefersLargeTitles = false {
        didSet { navigationController?.viewIfLoaded?.setNeedsLayout() }
    }
    /// False draws the background opaque: the appearance's colour (the system background when it
    /// has none) without its material.
    open var isTranslucent = true
    /// A colour over the appearance's background, as iOS bridges this older property.
    open var barTintColor: UIColor?

    /// The appearance when content scrolls under the bar (and, unless the others are set, in
    /// every state). Its background (material, colour, hairline) is chosen again at every frame;
    /// title and button attributes are applied when the bar's content is made (items pushed,
    /// popped or changed, an appearance assigned), so a scroll-edge appearance with other title
    /// attributes changes the title at that point, not while the content scrolls.
    open var standardAppearance = UINavigationBarAppearance() {
        didSet { showAppearanceChange() }
    }
    /// The appearance in a compact-height environment; nil uses `standardAppearance`.
    open var compactAppearance: UINavigationBarAppearance? {
        didSet { showAppearanceChange() }
    }
    /// The appearance while the content is scrolled to its top (or there is no scroll view);
    /// nil uses `standardAppearance` with a transparent background, as iOS 15+ does.
    open var scrollEdgeAppearance: UINavigationBarAppearance? {
        didSet { showAppearanceChange() }
    }
    /// The scroll-edge appearance in a compact-height environment; nil uses `scrollEdgeAppearance`.
    open var compactScrollEdgeAppearance: UINavigationBarAppearance? {
        didSet { showAppearanceChange() }
    }
    open private(set) var items: [UINavigationItem]?
    open var topItem: UINavigationItem? { items?.last }
    open var backItem: UINavigationItem? {
        guard let items, items.count > 1 else { return nil }
        return items[items.count - 2]
    }

    weak var navigationController: UINavigationController?

    private var background = UIView(frame: .zero)
    private var content = BarContent(frame: .zero)

    public override init(frame: CGRect) {
        super.init(frame: frame)
        background = BarBackground.makeView(contentEdge: .bottom) { [unowned self] in self.backgroundAppearance }
        addSubview(background)
        addSubview(content)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// The bar's height: 44 pt, 96 pt with a large title.
    func height(forLargeTitle large: Bool) -> CGFloat {
        Self.rowHeight + (large ? Self.largeTitleHeight : 0)
    }

    open func setItems(_ items: [UINavigationItem]?, animated: Bool) {
        show(items: items ?? [], animated: animated)
    }

    open func pushItem(_ item: UINavigationItem, animated: Bool) {
        show(items: (items ?? []) + [item], animated: animated)
    }

    /// Shows `items`, the last on top; the title and buttons cross-fade when animated.
    func show(items newItems: [UINavigationItem], animated: Bool) {
        for item in items ?? [] where item.bar === self { item.bar = nil }
        items = newItems
        for item in newItems { item.bar = self }
        let old = replaceContent()
        guard animated else {
            old.removeFromSuperview()
            return
        }
        content.alpha = 0
        UIView.animate(withDuration: UINavigationController.transitionDuration, animations: { [content] in
            content.alpha = 1
            old.alpha = 0
        }, completion: { _ in old.removeFromSuperview() })
    }

    /// Shows `items` as a push (`forward`) or pop moves the bar, along `animator` (the one that
    /// slides the controllers' views, so that the bar follows it frame by frame and an
    /// interactive pop scrubs both). When the animator ends at its start (a cancelled pop), the
    /// bar shows `items` as they were before.
    ///
    /// UIKit publishes none of this; it is our reading of how iOS's push looks:
    /// - Inline titles: the outgoing title slides to where the back button's title will be and
    ///   fades out, as the incoming back button slides from there into place and fades in; the
    ///   incoming title comes from half the bar's width to the right and fades in. A pop runs
    ///   the other way: the back button's title slides to the centre and becomes the title.
    /// - Large titles move with their controllers' views: the incoming one slides in with its
    ///   view from the right edge; the outgoing one moves a third of the width to the left, as
    ///   its view does, under the incoming view: it is cut off at the incoming view's leading
    ///   edge, so it is never drawn over the incoming controller's content. On a pop the
    ///   outgoing large title leaves with its view to the right and the incoming one is
    ///   uncovered as the outgoing view moves off it.
    func show(items newItems: [UINavigationItem], along animator: UIViewPropertyAnimator, forward: Bool,
              restoring previousItems: [UINavigationItem]) {
        for item in items ?? [] where item.bar === self { item.bar = nil }
        items = newItems
        for item in newItems { item.bar = self }
        let old = replaceContent(), new = content
        let width = bounds.width
        new.alpha = 0
        // A large title that another controller's view covers is cut off at that view's edge.
        let covered = forward ? old.largeTitle : new.largeTitle
        let cover = UIView(frame: CGRect(x: 0, y: 0, width: forward ? width : 0, height: max(old.bounds.height, new.bounds.height)))
        cover.clipsToBounds = true
        if let covered {
            insertSubview(cover, aboveSubview: forward ? new : old)
            cover.addSubview(covered)
            cover.alpha = forward ? 1 : 0
            if !forward { covered.frame.origin.x -= width / 3 }
        }
        if forward { new.largeTitle?.frame.origin.x += width }
        // Inline titles and the back button trade places.
        let oldTitleX = old.inlineTitleTextX, newTitleX = new.inlineTitleTextX
        let oldBackX = old.backButton.map { $0.frame.minX + $0.chevronWidth }
        let newBackX = new.backButton.map { $0.frame.minX + $0.chevronWidth }
        if forward {
            new.inlineTitle?.frame.origin.x += width / 2
            if let newBackX, let oldTitleX { new.backButton?.label.transform = CGAffineTransform(translationX: oldTitleX - newBackX, y: 0) }
        } else if let oldBackX, let newTitleX {
            new.inlineTitle?.frame.origin.x += oldBackX - newTitleX
        }
        let oldInlineTarget: CGFloat? = forward ? oldTitleX.flatMap { x in newBackX.map { $0 - x } } : width / 2
        animator.addAnimations {
            new.alpha = 1
            old.alpha = 0
            if let covered {
                cover.frame.size.width = forward ? 0 : width
                cover.alpha = forward ? 0 : 1
                covered.frame.origin.x += forward ? -width / 3 : width / 3
            }
            if forward {
                new.largeTitle?.frame.origin.x -= width
                new.inlineTitle?.frame.origin.x -= width / 2
                new.backButton?.label.transform = .identity
            } else {
                old.largeTitle?.frame.origin.x += width
                if let oldBackX, let newTitleX {
                    new.inlineTitle?.frame.origin.x -= oldBackX - newTitleX
                    old.backButton?.label.transform = CGAffineTransform(translationX: newTitleX - oldBackX, y: 0)
                }
            }
            if let oldInlineTarget { old.inlineTitle?.frame.origin.x += oldInlineTarget }
        }
        animator.addCompletion { [self] position in
            old.removeFromSuperview()
            // The incoming large title goes back to its content, where the slide left it.
            if let covered, !forward { new.addSubview(covered) }
            cover.removeFromSuperview()
            if position == .start { show(items: previousItems, animated: false) }
        }
    }

    package func itemChanged(_ item: UINavigationItem) {
        guard item === topItem else { return }
        show(items: items ?? [], animated: false)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        // The background reaches up under the status bar, as iOS draws it.
        let above = frame.minY
        background.frame = CGRect(x: 0, y: -above, width: bounds.width, height: bounds.height + above)
        if content.frame.size != bounds.size || contentDirection != effectiveUserInterfaceLayoutDirection {
            replaceContent().removeFromSuperview()
        }
    }

    /// Makes the content for the top item over the current content, which it returns.
    private func replaceContent() -> BarContent {
        let old = content
        content = makeContent()
        insertSubview(content, aboveSubview: old)
        content.frame = bounds
        return old
    }

    /// The title, back button and items of the top item, laid out for the current width.
    private func makeContent() -> BarContent {
        let view = BarContent(frame: bounds)
        contentDirection = effectiveUserInterfaceLayoutDirection
        guard let item = topItem else { return view }
        let width = bounds.width, row = Self.rowHeight
        let tint = tintColor ?? .systemBlue
        let appearance = activeAppearance
        var leading: CGFloat = 8
        if let back = backItem, !item.hidesBackButton {
            // The previous title when it fits in a third of the bar, as iOS shortens it, else "Back".
            var title = back.backButtonTitle ?? back.backBarButtonItem?.title ?? back.title ?? "Back"
            if UIFont.systemFont(ofSize: 17).width(of: title) + 19 > width / 3 { title = "Back" }
            let (color, font) = appearance.backButtonAppearance.title(enabled: true, color: tint, font: .systemFont(ofSize: 17))
            let button = BarButton(text: title, font: font, color: color, chevron: true)
            button.action = { [weak self] in self?.navigationController?.popViewController(animated: true) }
            button.frame = CGRect(x: leading, y: 0, width: min(button.fittingWidth, width / 3), height: row)
            view.addSubview(button)
            view.backButton = button
            leading = button.frame.maxX + 8
        }
        for barItem in item.leftBarButtonItems ?? [] {
            let button = BarButton(item: barItem, color: barItem.tintColor ?? tint,
                                   plain: appearance.buttonAppearance, done: appearance.doneButtonAppearance)
            button.frame = CGRect(x: max(leading, 16), y: 0, width: button.fittingWidth, height: row)
            view.addSubview(button)
            leading = button.frame.maxX + 8
        }
        var trailing = width - 16
        for barItem in item.rightBarButtonItems ?? [] {
            let button = BarButton(item: barItem, color: barItem.tintColor ?? tint,
                                   plain: appearance.buttonAppearance, done: appearance.doneButtonAppearance)
            let w = button.fittingWidth
            button.frame = CGRect(x: trailing - w, y: 0, width: w, height: row)
            view.addSubview(button)
            trailing -= w + 8
        }
        let large = bounds.height > row + 1
        if let titleView = item.titleView {
            titleView.center = CGPoint(x: width / 2, y: row / 2)
            view.addSubview(titleView)
        } else if let title = item.title {
            if large {
                let label = UILabel(frame: CGRect(x: 16, y: row, width: width - 32, height: Self.largeTitleHeight - 8))
                label.text = title
                (label.textColor, label.font) = appearance.titleStyle(large: true)
                view.addSubview(label)
                view.largeTitle = label
            } else {
                // Centred, as far from both sides as the wider of the buttons allows.
                let margin = max(leading, width - trailing, 16)
                let label = UILabel(frame: CGRect(x: margin, y: 0, width: max(0, width - 2 * margin), height: row))
                label.text = title
                (label.textColor, label.font) = appearance.titleStyle(large: false)
                label.textAlignment = .center
                view.addSubview(label)
                view.inlineTitle = label
            }
        }
        // Right to left the bar reads from the right: the back button and the left items at the right edge.
        if contentDirection == .rightToLeft {
            for placed in view.subviews { placed.frame.origin.x = width - placed.frame.maxX }
        }
        return view
    }

    /// The direction the content was laid out for.
    private var contentDirection = UIUserInterfaceLayoutDirection.leftToRight
}

/// What the bar shows for one item, with the parts a push or pop moves.
final class BarContent: UIView {
    weak var backButton: BarButton?
    weak var inlineTitle: UILabel?
    weak var largeTitle: UILabel?

    /// Where the inline title's text starts, in the bar (it is centred in its label).
    var inlineTitleTextX: CGFloat? {
        guard let label = inlineTitle else { return nil }
        let width = min(label.bounds.width, label.font.width(of: label.text ?? ""))
        return label.frame.minX + (label.bounds.width - width) / 2
    }
}

/// A bar button: its title in the tint colour (semibold for `.done`), or its image, or its custom
/// view; a tap runs its action.
final class BarButton: UIView {
    var action: (() -> Void)?
    /// The title (moved by a push or pop with its transform, which layout leaves alone).
    let label = UILabel(frame: .zero)
    private let chevron: Bool
    private var imageView: UIImageView?

    init(text: String, font: UIFont, color: UIColor, chevron: Bool) {
        self.chevron = chevron
        super.init(frame: .zero)
        label.text = text
        label.font = font
        label.textColor = color
        addSubview(label)
        addGestureRecognizer(UITapGestureRecognizer { [weak self] recognizer in
            if recognizer.state == .ended { self?.action?() }
        })
    }

    /// A button for `item`, its title styled by a bar appearance's button appearance (`done` for
    /// a `.done` item, `plain` for the others) when one is given.
    convenience init(item: UIBarButtonItem, color: UIColor, plain: UIBarButtonItemAppearance? = nil, done: UIBarButtonItemAppearance? = nil) {
        let standardFont = UIFont.systemFont(ofSize: 17, weight: item.style == .done ? .semibold : .regular)
        let standardColor = item.isEnabled ? color : UIColor.tertiaryLabel
        let buttons = item.style == .done ? done : plain
        let (titleColor, font) = buttons?.title(enabled: item.isEnabled, color: standardColor, font: standardFont) ?? (standardColor, standardFont)
        self.init(text: item.label, font: font, color: titleColor, chevron: false)
        action = { [weak item] in item?.performAction() }
        if let custom = item.customView {
            label.removeFromSuperview()
            addSubview(custom)
        } else if let image = item.image {
            label.removeFromSuperview()
            let view = UIImageView(image: image)
            imageView = view
            addSubview(view)
        }
    }

    required init?(coder: NSCoder) {
        chevron = false
        super.init(coder: coder)
    }

    /// The chevron's room: 13 pt wide, and 6 pt to the title.
    var chevronWidth: CGFloat { chevron ? 19 : 0 }

    var fittingWidth: CGFloat {
        if let imageView { return max(imageView.bounds.width, 22) }
        if let custom = subviews.first(where: { $0 !== label }), label.superview == nil { return custom.bounds.width }
        return ceil(label.font.width(of: label.text ?? "")) + chevronWidth
    }

    /// Right to left the chevron points right, at the button's right edge, the title before it.
    private var isRightToLeft: Bool { effectiveUserInterfaceLayoutDirection == .rightToLeft }

    override func layoutSubviews() {
        super.layoutSubviews()
        label.frame = CGRect(x: isRightToLeft ? 0 : chevronWidth, y: 0, width: max(0, bounds.width - chevronWidth), height: bounds.height)
        imageView?.center = CGPoint(x: bounds.midX, y: bounds.midY)
        if let custom = subviews.first(where: { $0 !== label && $0 !== imageView }) {
            custom.center = CGPoint(x: bounds.midX, y: bounds.midY)
        }
    }

    override func draw(_ rect: CGRect) {
        guard chevron else { return }
        // iOS's back chevron: two strokes meeting at the left, 12 × 21 pt, 3 pt wide, rounded
        // (mirrored right to left).
        let path = UIBezierPath()
        let midY = bounds.midY
        let x: (CGFloat) -> CGFloat = isRightToLeft ? { self.bounds.width - $0 } : { $0 }
        path.move(to: CGPoint(x: x(12), y: midY - 10))
        path.addLine(to: CGPoint(x: x(2.5), y: midY))
        path.addLine(to: CGPoint(x: x(12), y: midY + 10))
        path.lineWidth = 3
        path.lineCapStyle = .round
        path.lineJoinStyle = .round
        label.textColor.setStroke()
        path.stroke()
    }
}
