import Dynamics
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
    /// Where the cell's content goes; it fills the cell.
    public let contentView = UIView()

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
                    insertSubview(selectedBackgroundView, at: 0)
                }
            }
            layOutStandardViews()
        }
    }

    open var isSelected = false {
        didSet { if isSelected != oldValue { layOutStandardViews() } }
    }

    open var isHighlighted = false {
        didSet {
            guard isHighlighted != oldValue else { return }
            layOutStandardViews()
            Self.setHighlighted(isHighlighted, in: contentView)
        }
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        layOutStandardViews()
    }

    /// The content, background and selected background views fill the cell (their transforms
    /// kept); the selected background shows only while selected or highlighted.
    private func layOutStandardViews() {
        let size = bounds.size
        let middle = CGPoint(x: bounds.midX, y: bounds.midY)
        for view in [backgroundView, selectedBackgroundView, contentView].compactMap({ $0 }) {
            view.bounds = CGRect(origin: view.bounds.origin, size: size)
            view.center = middle
        }
        selectedBackgroundView?.isHidden = !(isSelected || isHighlighted)
    }

    private static func setHighlighted(_ highlighted: Bool, in view: UIView) {
        for subview in view.subviews {
            if let label = subview as? UILabel { label.isHighlighted = highlighted }
            if let imageView = subview as? UIImageView { imageView.isHighlighted = highlighted }
            setHighlighted(highlighted, in: subview)
        }
    }
}
