import Vocabulary
import Foundation
import Views

/// UIKit's segmented control (iOS 13 and later): segments side by side in a rounded, lightly
/// filled bar, the selected one on a raised pill that slides to the segment a finger lifts on.
///
/// A touch lifted inside a segment selects it: the pill slides there on a critically damped
/// spring over 0.3 s and `valueChanged` is sent once (nothing is sent when the segment was already
/// selected, as on iOS). Setting `selectedSegmentIndex` moves the pill at once and sends nothing.
/// Segments share the width equally unless `apportionsSegmentWidthsByContent` is set or a segment
/// has a width of its own (`setWidth(_:forSegmentAt:)`).
///
/// Apple publishes neither metrics nor timing; these are our reading of iOS 17: 32 pt high; the
/// bar is the tertiary fill (0x767680 at 12 % in light, 24 % in dark) rounded by 9 pt; the pill is
/// 2 pt inside its segment, rounded by 7 pt, white in light appearance and 0x636366 in dark, with
/// a shadow (offset 0, 3; radius 4; opacity 0.12); titles are 13 pt, semibold when selected,
/// regular otherwise, in the label colour; a segment is its title's width plus 14 pt each side
/// when sized by content; 1 × 12 pt separators in the system gray at 30 % stand between two
/// unselected segments.
open class UISegmentedControl: UIControl {
    /// `selectedSegmentIndex` when no segment is selected.
    public static let noSegment = -1
    /// The bar's height.
    public static let standardHeight: CGFloat = 32
    /// How long the pill's slide takes (s).
    public static let slideDuration: TimeInterval = 0.3

    private struct Segment {
        var title: String?
        var image: UIImage?
        var width: CGFloat = 0
        var isEnabled = true
    }

    private var segments: [Segment] = []
    private var selected = UISegmentedControl.noSegment
    /// The raised background of the selected segment.
    let pill = UIView(frame: .zero)
    private var labels: [UILabel] = []
    private var separators: [UIView] = []

    /// The selected segment (`noSegment` for none); setting it moves the pill at once and sends nothing.
    open var selectedSegmentIndex: Int {
        get { selected }
        set {
            selected = segments.indices.contains(newValue) ? newValue : Self.noSegment
            setNeedsLayout()
            layoutIfNeeded()
        }
    }

    /// The pill's colour (white in light appearance, 0x636366 in dark when nil).
    open var selectedSegmentTintColor: UIColor? { didSet { setNeedsLayout() } }
    /// Segments as wide as their titles rather than equal.
    open var apportionsSegmentWidthsByContent = false { didSet { invalidateIntrinsicContentSize(); setNeedsLayout() } }
    /// iOS's "momentary" style: the selection does not stay. Honoured: a tap sends `valueChanged`
    /// and the pill does not stay on the segment.
    open var isMomentary = false

    open var numberOfSegments: Int { segments.count }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUp()
    }

    /// Segments titled by the strings (and showing the images) in `items`.
    public convenience init(items: [Any]?) {
        self.init(frame: .zero)
        for (index, item) in (items ?? []).enumerated() {
            if let image = item as? UIImage {
                insertSegment(with: image, at: index, animated: false)
            } else {
                insertSegment(withTitle: item as? String ?? "\(item)", at: index, animated: false)
            }
        }
        frame.size = intrinsicContentSize
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }

    private func setUp() {
        backgroundColor = .tertiarySystemFill
        layer.cornerRadius = 9
        pill.isUserInteractionEnabled = false
        pill.layer.cornerRadius = 7
        pill.layer.shadowColor = UIColor.black.cgColor
        pill.layer.shadowOpacity = 0.12
        pill.layer.shadowOffset = CGSize(width: 0, height: 3)
        pill.layer.shadowRadius = 4
        addSubview(pill)
    }

    // MARK: Segments

    open func insertSegment(withTitle title: String?, at segment: Int, animated: Bool) {
        insert(Segment(title: title), at: segment)
    }

    open func insertSegment(with image: UIImage?, at segment: Int, animated: Bool) {
        insert(Segment(image: image), at: segment)
    }

    /// iOS 14: a segment that runs `action` when selected, titled by it.
    open func insertSegment(action: UIAction, at segment: Int, animated: Bool) {
        insert(Segment(title: action.title, image: action.image), at: segment)
        addAction(UIAction { [weak self] _ in
            if self?.selectedSegmentIndex == min(max(0, segment), (self?.numberOfSegments ?? 1) - 1) { action.handler(action) }
        }, for: .valueChanged)
    }

    private func insert(_ segment: Segment, at index: Int) {
        let index = min(max(0, index), segments.count)
        segments.insert(segment, at: index)
        if selected >= index { selected += 1 }
        let label = UILabel(frame: .zero)
        label.textAlignment = .center
        label.isUserInteractionEnabled = false
        addSubview(label)
        labels.insert(label, at: index)
        let separator = UIView(frame: .zero)
        separator.isUserInteractionEnabled = false
        separator.backgroundColor = UIColor.systemGray.withAlphaComponent(0.3)
        insertSubview(separator, at: 0)
        separators.append(separator)
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

    open func removeSegment(at segment: Int, animated: Bool) {
        guard segments.indices.contains(segment) else { return }
        segments.remove(at: segment)
        labels.remove(at: segment).removeFromSuperview()
        separators.removeLast().removeFromSuperview()
        if selected == segment { selected = Self.noSegment } else if selected > segment { selected -= 1 }
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

    open func removeAllSegments() {
        while !segments.isEmpty { removeSegment(at: segments.count - 1, animated: false) }
    }

    open func setTitle(_ title: String?, forSegmentAt segment: Int) {
        guard segments.indices.contains(segment) else { return }
        segments[segment].title = title
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

    open func titleForSegment(at segment: Int) -> String? {
        segments.indices.contains(segment) ? segments[segment].title : nil
    }

    open func setImage(_ image: UIImage?, forSegmentAt segment: Int) {
        guard segments.indices.contains(segment) else { return }
        segments[segment].image = image
        setNeedsLayout()
    }

    open func imageForSegment(at segment: Int) -> UIImage? {
        segments.indices.contains(segment) ? segments[segment].image : nil
    }

    /// A segment's own width (0: shared or by content, as the control decides).
    open func setWidth(_ width: CGFloat, forSegmentAt segment: Int) {
        guard segments.indices.contains(segment) else { return }
        segments[segment].width = max(0, width)
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

    open func widthForSegment(at segment: Int) -> CGFloat {
        segments.indices.contains(segment) ? segments[segment].width : 0
    }

    open func setEnabled(_ enabled: Bool, forSegmentAt segment: Int) {
        guard segments.indices.contains(segment) else { return }
        segments[segment].isEnabled = enabled
        setNeedsLayout()
    }

    open func isEnabledForSegment(at segment: Int) -> Bool {
        segments.indices.contains(segment) ? segments[segment].isEnabled : false
    }

    // MARK: Layout

    private static func font(selected: Bool) -> UIFont { .systemFont(ofSize: 13, weight: selected ? .semibold : .regular) }
    private static let contentPadding: CGFloat = 14

    private func contentWidth(of segment: Segment) -> CGFloat {
        let text = segment.title.map { ceil(Self.font(selected: true).width(of: $0)) } ?? 0
        return max(text, segment.image?.size.width ?? 0) + 2 * Self.contentPadding
    }

    open override var intrinsicContentSize: CGSize {
        let widths = segments.map { $0.width > 0 ? $0.width : contentWidth(of: $0) }
        let equal = widths.max() ?? 0
        let total = apportionsSegmentWidthsByContent ? widths.reduce(0, +) : equal * CGFloat(segments.count)
        return CGSize(width: total, height: Self.standardHeight)
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }

    /// Each segment's rectangle in the bounds.
    private var segmentFrames: [CGRect] {
        guard !segments.isEmpty else { return [] }
        let fixed = segments.reduce(CGFloat(0)) { $0 + $1.width }
        let free = segments.filter { $0.width == 0 }
        let spare = max(0, bounds.width - fixed)
        let content = free.reduce(CGFloat(0)) { $0 + contentWidth(of: $1) }
        var x: CGFloat = 0
        return segments.map { segment in
            let width: CGFloat
            if segment.width > 0 {
                width = segment.width
            } else if apportionsSegmentWidthsByContent, content > 0 {
                width = spare * contentWidth(of: segment) / content
            } else {
                width = spare / CGFloat(free.count)
            }
            defer { x += width }
            return CGRect(x: x, y: 0, width: width, height: bounds.height)
        }
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let frames = segmentFrames
        let shown = isMomentary ? Self.noSegment : selected
        for (index, label) in labels.enumerated() {
            label.frame = frames[index]
            label.text = segments[index].title
            label.font = Self.font(selected: index == shown)
            label.textColor = segments[index].isEnabled && isEnabled ? .label : .tertiaryLabel
        }
        for (index, separator) in separators.enumerated() {
            guard index + 1 < frames.count else { separator.isHidden = true; continue }
            separator.isHidden = index == shown || index + 1 == shown
            separator.frame = CGRect(x: frames[index].maxX - 0.5, y: (bounds.height - 12) / 2, width: 1, height: 12)
        }
        pill.isHidden = shown == Self.noSegment
        if frames.indices.contains(shown) { pill.frame = frames[shown].insetBy(dx: 2, dy: 2) }
        pill.backgroundColor = selectedSegmentTintColor ?? Self.pillColor
    }

    static var pillColor: UIColor {
        UIColor { traits in traits.userInterfaceStyle == .dark ? UIColor(red: 0x63 / 255, green: 0x63 / 255, blue: 0x66 / 255, alpha: 1) : .white }
    }

    // MARK: Tracking

    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        guard let touch, isTouchInside else { return }
        let point = touch.location(in: self)
        guard let index = segmentFrames.firstIndex(where: { $0.minX <= point.x && point.x < $0.maxX }),
              segments[index].isEnabled else { return }
        if isMomentary { return sendActions(for: .valueChanged) }
        guard index != selected else { return }
        let wasShown = selected != Self.noSegment
        selected = index
        if wasShown {
            UIView.animate(withDuration: Self.slideDuration, delay: 0, usingSpringWithDamping: 1, initialSpringVelocity: 0,
                           options: [.beginFromCurrentState, .allowUserInteraction], animations: {
                self.setNeedsLayout()
                self.layoutIfNeeded()
            })
        } else {
            setNeedsLayout()
            layoutIfNeeded()
        }
        sendActions(for: .valueChanged)
    }
}
