import Vocabulary
import Foundation

/// A view a collection view shows for an element and reuses, as UIKit's: cells, headers,
/// footers and decoration views are all reusable views.
///
/// The collection view makes them from registered classes with `init(frame:)`, which is
/// therefore `required` here: a port's `override init(frame: CGRect)` in a reusable view subclass
/// reads `required override init(frame: CGRect)` (Swift can only make an instance from a class
/// object through a required initializer; UIKit uses the Objective-C runtime).
open class UICollectionReusableView: UIView {
    public required override init(frame: CGRect) {
        super.init(frame: frame)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// The identifier the view was registered and dequeued with.
    open internal(set) var reuseIdentifier: String?

    /// The index path of the element it last showed, for `didEndDisplaying`.
    var appliedIndexPath: IndexPath?
    /// The `isHidden` of the attributes last applied, nil before the first.
    var appliedHidden: Bool?

    /// Called before a reused view is handed out again: reset what `cellForItemAt` configures.
    open func prepareForReuse() {}

    /// Called with the element's attributes each time they are applied (after the frame, transform,
    /// alpha and zIndex are set, and the hidden state when the attributes change it): a subclass reads its layout's extra attributes here.
    open func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {}

    /// The attributes the view would like, asked when the view is about to show. When its
    /// layout sizes cells itself (a flow layout with an `estimatedItemSize`), the default measures
    /// the view with `systemLayoutSizeFitting`, both dimensions fitting the content, as UIKit's
    /// does; otherwise it returns the attributes as they are. The attributes given are a copy the
    /// override may change and return.
    open func preferredLayoutAttributesFitting(_ layoutAttributes: UICollectionViewLayoutAttributes) -> UICollectionViewLayoutAttributes {
        guard !selfSizingAxes.isEmpty else { return layoutAttributes }
        let preferred = layoutAttributes.copied()
        preferred.size = systemLayoutSizeFitting(
            layoutAttributes.size,
            withHorizontalFittingPriority: selfSizingAxes.contains(.horizontal) ? .fittingSizeLevel : .required,
            verticalFittingPriority: selfSizingAxes.contains(.vertical) ? .fittingSizeLevel : .required)
        return preferred
    }

    /// Set by the collection view before asking `preferredLayoutAttributesFitting`.
    var selfSizingAxes: SelfSizingAxes = []
}

/// UIKit's cell: a content view for your subviews, an optional background view, and a selected
/// background view shown while the cell is selected or highlighted.
///
///     final class PhotoCell: UICollectionViewCell {
///         let imageView = UIImageView()
///         required override init(frame: CGRect) {
///             super.init(frame: frame)
///             contentView.addSubview(imageView)
///             selectedBackgroundView = UIView()
///             selectedBackgroundView?.backgroundColor = .systemBlue
///         }
///         required init?(coder: NSCoder) { nil }
///         override func layoutSubviews() {
///             super.layoutSubviews()
///             imageView.frame = contentView.bounds.insetBy(dx: 4, dy: 4)
///         }
///     }
///
/// As in UIKit, highlighting a cell highlights the labels and image views in it (they draw their
/// `highlightedTextColor` or `highlightedImage`).
open class UICollectionViewCell: UICollectionReusableView {
    /// Where the cell's content goes; it fills the cell. Setting a `contentConfiguration` of
    /// another kind replaces it with the configuration's view, as in UIKit.
    public private(set) var contentView = UIView()

    public required init(frame: CGRect) {
        super.init(frame: frame)
        addSubview(contentView)
        layOutStandardViews()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        addSubview(contentView)
        layOutStandardViews()
    }

    /// Behind everything else in the cell.
    open var backgroundView: UIView? {
        didSet {
            oldValue?.removeFromSuperview()
            if let backgroundView { insertSubview(backgroundView, at: 0) }
            layOutStandardViews()
        }
    }

    /// Above the background view, below the content view; shown while selected or highlighted.
    open var selectedBackgroundView: UIView? {
        didSet {
            oldValue?.removeFromSuperview()
            if let selectedBackgroundView {
                if let backgroundView, backgroundView.superview === self {
                    insertSubview(selectedBackgroundView, aboveSubview: backgroundView)
                } else {
                    insertSubview(selectedBackgroundView, at: configuredBackground?.superview === self ? 1 : 0)
                }
            }
            layOutStandardViews()
        }
    }

    open var isSelected = false {
        didSet {
            guard isSelected != oldValue else { return }
            layOutStandardViews()
            setNeedsUpdateConfiguration()
        }
    }

    open var isHighlighted = false {
        didSet {
            guard isHighlighted != oldValue else { return }
            layOutStandardViews()
            Self.setHighlighted(isHighlighted, in: contentView)
            setNeedsUpdateConfiguration()
        }
    }

    // MARK: Configurations (iOS 14)

    /// The content the cell shows, made into `contentView` by the configuration. Updated for
    /// each new state (`updated(for:)`) while `automaticallyUpdatesContentConfiguration` is on.
    open var contentConfiguration: UIContentConfiguration? {
        didSet { showContentConfiguration(for: automaticallyUpdatesContentConfiguration ? configurationState : nil) }
    }

    /// The cell's background; when set, it is drawn instead of `backgroundColor`'s fill, behind
    /// the background view. Updated for each new state while
    /// `automaticallyUpdatesBackgroundConfiguration` is on (a list row's highlight).
    open var backgroundConfiguration: UIBackgroundConfiguration? {
        didSet {
            if backgroundConfiguration != nil, backgroundColor != nil { backgroundColor = nil }
            showBackgroundConfiguration(for: automaticallyUpdatesBackgroundConfiguration ? configurationState : nil)
        }
    }

    open var automaticallyUpdatesContentConfiguration = true {
        didSet { setNeedsUpdateConfiguration() }
    }

    open var automaticallyUpdatesBackgroundConfiguration = true {
        didSet { setNeedsUpdateConfiguration() }
    }

    /// Called with the cell and its state each time the state changes, after the automatic
    /// updates (iOS 15): set the configurations for the state here.
    open var configurationUpdateHandler: ((UICollectionViewCell, UICellConfigurationState) -> Void)? {
        didSet { setNeedsUpdateConfiguration() }
    }

    /// A change of appearance updates the configurations, as UIKit does.
    open override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        setNeedsUpdateConfiguration()
    }

    /// The cell's state now: its traits, selected, highlighted, editing (the collection view's `isEditing`),
    /// expanded (its item in a section snapshot), reordering (moved by an interactive movement),
    /// and the custom states a subclass adds.
    open var configurationState: UICellConfigurationState {
        var state = UICellConfigurationState(traitCollection: traitCollection)
        state.isSelected = isSelected
        state.isHighlighted = isHighlighted
        state.isEditing = owningCollectionView?.isEditing ?? false
        state.isExpanded = isOutlineExpanded
        state.isSwiped = swipeShift != 0
        if let collectionView = owningCollectionView, let moving = collectionView.interactiveMovement?.identifier,
           let indexPath = collectionView.indexPath(for: self) {
            state.isReordering = collectionView.itemIdentifier(at: indexPath) == moving
        }
        return state
    }

    /// Whether the cell's item is an expanded parent of a section snapshot; set by the
    /// diffable data source before its cell provider runs.
    var isOutlineExpanded = false {
        didSet { if isOutlineExpanded != oldValue { setNeedsUpdateConfiguration() } }
    }

    private var needsConfigurationUpdate = true
    /// What the background configuration draws.
    private var configuredBackground: BackgroundConfigurationView?

    /// Asks for `updateConfiguration(using:)` before the cell next lays out or sizes itself.
    open func setNeedsUpdateConfiguration() {
        needsConfigurationUpdate = true
        setNeedsLayout()
    }

    /// Called when the state changes: the default calls `configurationUpdateHandler`. A
    /// subclass overrides it to configure itself for the state and calls super.
    open func updateConfiguration(using state: UICellConfigurationState) {
        configurationUpdateHandler?(self, state)
    }

    /// The background a plain cell has: clear (iOS 16's `defaultBackgroundConfiguration()`).
    open func defaultBackgroundConfiguration() -> UIBackgroundConfiguration { .clear() }

    /// Runs a pending configuration update: the automatic updates, then `updateConfiguration(using:)`.
    func updateConfigurationIfNeeded() {
        guard needsConfigurationUpdate else { return }
        needsConfigurationUpdate = false
        let state = configurationState
        if automaticallyUpdatesContentConfiguration, contentConfiguration != nil { showContentConfiguration(for: state) }
        if automaticallyUpdatesBackgroundConfiguration, backgroundConfiguration != nil { showBackgroundConfiguration(for: state) }
        configurationStateDidUpdate(state)
        updateConfiguration(using: state)
    }

    /// What a subclass of this package shows of the state itself (a list cell's accessories).
    func configurationStateDidUpdate(_ state: UICellConfigurationState) {}

    /// Shows the content configuration, updated for `state` when one is given: in the content
    /// view if it supports the configuration, else in a new view made by the configuration.
    private func showContentConfiguration(for state: UICellConfigurationState? = nil) {
        guard let base = contentConfiguration else { return }
        let configuration = state.map { base.updated(for: $0) } ?? base
        if let view = contentView as? UIView & UIContentView, view.supports(configuration) {
            view.configuration = configuration
            return
        }
        let view = configuration.makeContentView()
        let index = subviews.firstIndex { $0 === contentView } ?? subviews.count
        view.transform = contentView.transform
        contentView.removeFromSuperview()
        contentView = view
        insertSubview(view, at: index)
        layOutStandardViews()
    }

    private func showBackgroundConfiguration(for state: UICellConfigurationState? = nil) {
        let shown = BackgroundConfigurationView.show(backgroundConfiguration, for: state, in: self, replacing: configuredBackground)
        configuredBackground = shown.view
        if shown.made { layOutStandardViews() }
    }

    /// Rounds the configured background's corners where a list asks for it.
    func setListCorners(radius: CGFloat, corners: CACornerMask) {
        configuredBackground?.listCorners = (radius, corners)
    }

    open override func layoutSubviews() {
        updateConfigurationIfNeeded()
        super.layoutSubviews()
        layOutStandardViews()
    }

    /// A cell whose content is a configuration's view measures that view.
    open override func systemLayoutSizeFitting(_ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
                                               verticalFittingPriority: UILayoutPriority) -> CGSize {
        updateConfigurationIfNeeded()
        guard contentView is UIContentView else {
            return super.systemLayoutSizeFitting(targetSize, withHorizontalFittingPriority: horizontalFittingPriority,
                                                 verticalFittingPriority: verticalFittingPriority)
        }
        let fitted = contentView.sizeThatFits(contentFittingSize(targetSize))
        var size = targetSize
        if horizontalFittingPriority < .required { size.width = fitted.width }
        if verticalFittingPriority < .required { size.height = fitted.height }
        return size
    }

    /// The size the content view gets when the cell is `size` (a list cell keeps room for its accessories).
    func contentFittingSize(_ size: CGSize) -> CGSize { size }

    /// The collection view the cell is in.
    var owningCollectionView: UICollectionView? {
        var view = superview
        while let current = view {
            if let collectionView = current as? UICollectionView { return collectionView }
            view = current.superview
        }
        return nil
    }

    /// The content, background and selected background views fill the cell (their transforms
    /// kept); the selected background shows only while selected or highlighted.
    func layOutStandardViews() {
        let size = bounds.size
        let middle = CGPoint(x: bounds.midX - swipeShift, y: bounds.midY)
        for view in [configuredBackground, backgroundView, selectedBackgroundView].compactMap({ $0 }) {
            view.bounds = CGRect(origin: view.bounds.origin, size: size)
            view.center = middle
        }
        let content = contentFrame(in: bounds)
        contentView.bounds = CGRect(origin: contentView.bounds.origin, size: content.size)
        contentView.center = CGPoint(x: content.midX - swipeShift, y: content.midY)
        selectedBackgroundView?.isHidden = !(isSelected || isHighlighted)
    }

    /// How far a swipe has moved the cell's content to the left (negative: to the right), to
    /// show its swipe actions.
    var swipeShift: CGFloat = 0 {
        didSet {
            guard swipeShift != oldValue else { return }
            if (swipeShift != 0) != (oldValue != 0) { setNeedsUpdateConfiguration() }
            setNeedsLayout()
        }
    }

    /// Where the content view goes: the whole cell (a list cell leaves room for accessories).
    func contentFrame(in bounds: CGRect) -> CGRect { bounds }

    private static func setHighlighted(_ highlighted: Bool, in view: UIView) {
        for subview in view.subviews {
            if let label = subview as? UILabel { label.isHighlighted = highlighted }
            if let imageView = subview as? UIImageView { imageView.isHighlighted = highlighted }
            setHighlighted(highlighted, in: subview)
        }
    }
}
