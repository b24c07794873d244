import Vocabulary
import Foundation
import Views

/// UIKit's stepper: a 94 × 32 pt rounded bar of two segments, "−" on the left and "+" on the
/// right, that step `value` by `stepValue` between `minimumValue` and `maximumValue`.
///
/// The value steps when the finger goes down on a segment (not on lift), as on iOS, and
/// `valueChanged` is sent then. Held, the segment repeats (`autorepeat`, on by default): the first
/// repeat 0.5 s after touch-down, then one every 0.1 s, on the window's clock. With `isContinuous`
/// false the steps still show but `valueChanged` is sent once, on lift. At a limit the value stops
/// (or, with `wraps`, goes round to the other limit) and the segment towards it dims.
///
/// Apple publishes neither metrics nor timing; these are our reading of iOS 17: 94 × 32 pt (two
/// 47 pt segments), rounded by 8 pt, filled with the tertiary fill (0x767680 at 12 % in light,
/// 24 % in dark) like the segmented control; a 1 × 18 pt separator in the system gray at 30 %
/// between them; the glyphs are 14 pt bars 2 pt thick (rounded) in the label colour, the tertiary
/// label colour when disabled; a pressed segment darkens by the tertiary fill once more. The repeat
/// rate is the one UIKit's stepper shows in a screen recording at 60 frames/s.
open class UIStepper: UIControl {
    /// The size UIKit gives every stepper.
    public static let standardSize = CGSize(width: 94, height: 32)
    /// How long a segment is held before it first repeats, and the interval of the repeats (s).
    public static let autorepeatDelay: TimeInterval = 0.5, autorepeatInterval: TimeInterval = 0.1

    private var storedValue: Double = 0
    /// The value, kept within the limits; setting it sends nothing.
    open var value: Double {
        get { storedValue }
        set { storedValue = min(max(newValue, minimumValue), maximumValue); setNeedsLayout() }
    }
    open var minimumValue: Double = 0 { didSet { if maximumValue < minimumValue { maximumValue = minimumValue }; value = storedValue } }
    open var maximumValue: Double = 100 { didSet { if minimumValue > maximumValue { minimumValue = maximumValue }; value = storedValue } }
    /// How much one step adds or takes away (must be more than 0).
    open var stepValue: Double = 1 { didSet { if stepValue <= 0 { stepValue = oldValue } } }
    /// Whether stepping past a limit goes round to the other.
    open var wraps = false { didSet { setNeedsLayout() } }
    /// Whether a held segment repeats.
    open var autorepeat = true
    /// Whether `valueChanged` is sent at each step (true) or once on lift (false).
    open var isContinuous = true

    /// Custom glyphs and backgrounds. Declared for ports; the standard look is drawn.
    open func setIncrementImage(_ image: UIImage?, for state: UIControl.State) {
        UIKitCompatibility.notHonoured("UIStepper.setIncrementImage(_:for:)", "the standard + glyph is drawn")
    }
    open func setDecrementImage(_ image: UIImage?, for state: UIControl.State) {
        UIKitCompatibility.notHonoured("UIStepper.setDecrementImage(_:for:)", "the standard − glyph is drawn")
    }
    open func setBackgroundImage(_ image: UIImage?, for state: UIControl.State) {
        UIKitCompatibility.notHonoured("UIStepper.setBackgroundImage(_:for:)", "the standard background is drawn")
    }

    /// The pressed overlays of the two segments, the separator and the glyph bars.
    let pressed = [UIView(frame: .zero), UIView(frame: .zero)]
    private let separator = UIView(frame: .zero)
    /// Minus bar; plus horizontal and vertical bars.
    let glyphs = [UIView(frame: .zero), UIView(frame: .zero), UIView(frame: .zero)]

    /// The segment held (-1 for "−", +1 for "+"), the repeat timer and the value at touch-down.
    private var heldDirection: Int?
    private var repeatToken: Int?
    private var valueAtTouchDown: Double = 0

    public override init(frame: CGRect) {
        super.init(frame: CGRect(origin: frame.origin, size: Self.standardSize))
        setUp()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }

    private func setUp() {
        backgroundColor = .tertiarySystemFill
        layer.cornerRadius = 8
        clipsToBounds = true
        for part in pressed + [separator] + glyphs {
            part.isUserInteractionEnabled = false
            addSubview(part)
        }
        separator.backgroundColor = UIColor.systemGray.withAlphaComponent(0.3)
        setNeedsLayout()
    }

    open override var frame: CGRect {
        get { super.frame }
        set { super.frame = CGRect(origin: newValue.origin, size: Self.standardSize) }
    }

    open override var intrinsicContentSize: CGSize { Self.standardSize }
    open override func sizeThatFits(_ size: CGSize) -> CGSize { Self.standardSize }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let half = bounds.width / 2
        for (index, overlay) in pressed.enumerated() {
            overlay.frame = CGRect(x: CGFloat(index) * half, y: 0, width: half, height: bounds.height)
            overlay.backgroundColor = .tertiarySystemFill
            overlay.isHidden = heldDirection != (index == 0 ? -1 : 1) || !isHighlighted
        }
        separator.frame = CGRect(x: half - 0.5, y: (bounds.height - 18) / 2, width: 1, height: 18)
        let minusCentre = CGPoint(x: half / 2, y: bounds.midY), plusCentre = CGPoint(x: half * 1.5, y: bounds.midY)
        glyphs[0].frame = CGRect(x: minusCentre.x - 7, y: minusCentre.y - 1, width: 14, height: 2)
        glyphs[1].frame = CGRect(x: plusCentre.x - 7, y: plusCentre.y - 1, width: 14, height: 2)
        glyphs[2].frame = CGRect(x: plusCentre.x - 1, y: plusCentre.y - 7, width: 2, height: 14)
        let canDecrement = isEnabled && (wraps || storedValue > minimumValue)
        let canIncrement = isEnabled && (wraps || storedValue < maximumValue)
        glyphs[0].backgroundColor = canDecrement ? .label : .tertiaryLabel
        for bar in glyphs[1...] { bar.backgroundColor = canIncrement ? .label : .tertiaryLabel }
        for bar in glyphs { bar.layer.cornerRadius = 1 }
    }

    // MARK: Stepping

    /// One step in `direction`; returns whether the value changed.
    private func step(_ direction: Int) -> Bool {
        var new = storedValue + Double(direction) * stepValue
        if new > maximumValue { new = wraps ? minimumValue : maximumValue }
        if new < minimumValue { new = wraps ? maximumValue : minimumValue }
        guard new != storedValue else { return false }
        storedValue = new
        setNeedsLayout()
        layoutIfNeeded()
        if isContinuous { sendActions(for: .valueChanged) }
        return true
    }

    private func scheduleRepeat(after delay: TimeInterval) {
        guard autorepeat, let clock = window?.clock else { return }
        repeatToken = clock.schedule(at: clock.currentTime + delay) { [weak self] in
            guard let self, let direction = self.heldDirection, self.isTouchInside else { return }
            _ = self.step(direction)
            self.scheduleRepeat(after: Self.autorepeatInterval)
        }
    }

    private func stopRepeating() {
        if let repeatToken { window?.clock.cancel(repeatToken) }
        repeatToken = nil
        let direction = heldDirection
        heldDirection = nil
        setNeedsLayout()
        if direction != nil, !isContinuous, storedValue != valueAtTouchDown { sendActions(for: .valueChanged) }
    }

    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let direction = touch.location(in: self).x < bounds.midX ? -1 : 1
        heldDirection = direction
        valueAtTouchDown = storedValue
        _ = step(direction)
        setNeedsLayout()
        scheduleRepeat(after: Self.autorepeatDelay)
        return true
    }

    open override var isHighlighted: Bool { didSet { setNeedsLayout() } }

    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) { stopRepeating() }
    open override func cancelTracking(with event: UIEvent?) { stopRepeating() }
}
