import Vocabulary
import Foundation
import Views

/// UIKit's slider: a 4 pt track, blue up to the value and grey beyond it, under a 28 pt white
/// thumb that a finger drags.
///
/// A finger that goes down on the thumb (its 28 pt disc grown to 44 pt, the smallest target
/// Apple's guidelines allow) drags it, keeping the offset at which it was grabbed; a touch on the
/// track elsewhere moves nothing, as on iOS. While the thumb is dragged, `valueChanged` is sent at
/// each move that changes the value when `isContinuous` (the default), else once on lift if the
/// value changed. Setting `value` or `setValue(_:animated: false)` moves the thumb at once and sends
/// nothing; `animated: true` slides it over 0.25 s (ease in-out).
///
/// Apple publishes neither metrics nor colours; these are our reading of iOS 17: 31 pt high; the
/// track 4 pt high, rounded, as wide as the bounds; the thumb's centre travels from 14 pt inside
/// the left end to 14 pt inside the right end; the minimum track is the tint colour (system blue),
/// the maximum track the system fill (0x787880 at 20 % in light, 36 % in dark); the thumb is white
/// with a soft shadow (offset 0, 3; radius 4; opacity 0.15), as the switch's knob.
open class UISlider: UIControl {
    /// The slider's height.
    public static let standardHeight: CGFloat = 31
    /// The thumb's diameter and the track's thickness.
    static let thumbDiameter: CGFloat = 28, trackHeight: CGFloat = 4
    /// How long `setValue(_:animated: true)` slides the thumb (s).
    public static let animationDuration: TimeInterval = 0.25

    private var storedValue: Float = 0
    /// The value, clamped to `minimumValue...maximumValue`; setting it sends nothing.
    open var value: Float {
        get { storedValue }
        set { setValue(newValue, animated: false) }
    }
    open var minimumValue: Float = 0 { didSet { if maximumValue < minimumValue { maximumValue = minimumValue }; clampValue() } }
    open var maximumValue: Float = 1 { didSet { if minimumValue > maximumValue { minimumValue = maximumValue }; clampValue() } }
    /// Whether a drag sends `valueChanged` as it goes (true) or once on lift (false).
    open var isContinuous = true
    /// The track left of the thumb (the tint colour when nil).
    open var minimumTrackTintColor: UIColor? { didSet { setNeedsLayout() } }
    /// The track right of the thumb (the system fill when nil).
    open var maximumTrackTintColor: UIColor? { didSet { setNeedsLayout() } }
    /// The thumb (white when nil).
    open var thumbTintColor: UIColor? { didSet { setNeedsLayout() } }

    /// Images beside the track. Declared for ports; not drawn.
    open var minimumValueImage: UIImage? {
        didSet { UIKitCompatibility.notHonoured("UISlider.minimumValueImage", "value images beside the track are not drawn") }
    }
    open var maximumValueImage: UIImage? {
        didSet { UIKitCompatibility.notHonoured("UISlider.maximumValueImage", "value images beside the track are not drawn") }
    }
    /// Custom thumb and track images. Declared for ports; the standard thumb and track are drawn.
    open func setThumbImage(_ image: UIImage?, for state: UIControl.State) {
        UIKitCompatibility.notHonoured("UISlider.setThumbImage(_:for:)", "the standard thumb is drawn")
    }
    open func setMinimumTrackImage(_ image: UIImage?, for state: UIControl.State) {
        UIKitCompatibility.notHonoured("UISlider.setMinimumTrackImage(_:for:)", "the standard track is drawn")
    }
    open func setMaximumTrackImage(_ image: UIImage?, for state: UIControl.State) {
        UIKitCompatibility.notHonoured("UISlider.setMaximumTrackImage(_:for:)", "the standard track is drawn")
    }

    let minimumTrack = UIView(frame: .zero)
    let maximumTrack = UIView(frame: .zero)
    let thumb = UIView(frame: .zero)
    /// While dragging: the finger's x minus the thumb centre's at touch-down, and the value then.
    private var grabOffset: CGFloat?
    private var valueAtTouchDown: Float = 0
    private var lastSentValue: Float = 0

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUp()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }

    private func setUp() {
        for part in [maximumTrack, minimumTrack, thumb] {
            part.isUserInteractionEnabled = false
            addSubview(part)
        }
        minimumTrack.layer.cornerRadius = Self.trackHeight / 2
        maximumTrack.layer.cornerRadius = Self.trackHeight / 2
        thumb.layer.cornerRadius = Self.thumbDiameter / 2
        thumb.layer.shadowColor = UIColor.black.cgColor
        thumb.layer.shadowOpacity = 0.15
        thumb.layer.shadowOffset = CGSize(width: 0, height: 3)
        thumb.layer.shadowRadius = 4
        setNeedsLayout()
    }

    /// Sets the value (clamped); `animated` slides the thumb over 0.25 s. Sends nothing.
    open func setValue(_ value: Float, animated: Bool) {
        storedValue = min(max(value, minimumValue), maximumValue)
        guard animated else {
            setNeedsLayout()
            return layoutIfNeeded()
        }
        UIView.animate(withDuration: Self.animationDuration, delay: 0, options: [.beginFromCurrentState, .allowUserInteraction],
                       animations: {
            self.setNeedsLayout()
            self.layoutIfNeeded()
        })
    }

    private func clampValue() {
        storedValue = min(max(storedValue, minimumValue), maximumValue)
        setNeedsLayout()
    }

    open override var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: Self.standardHeight) }
    open override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: max(size.width, Self.thumbDiameter), height: Self.standardHeight) }
    open override var isEnabled: Bool { didSet { alpha = isEnabled ? 1 : 0.5 } }

    // MARK: Geometry (UIKit's overridable rectangles)

    open func trackRect(forBounds bounds: CGRect) -> CGRect {
        CGRect(x: bounds.minX, y: bounds.midY - Self.trackHeight / 2, width: bounds.width, height: Self.trackHeight)
    }

    open func thumbRect(forBounds bounds: CGRect, trackRect rect: CGRect, value: Float) -> CGRect {
        let span = maximumValue - minimumValue
        let fraction = span > 0 ? CGFloat((value - minimumValue) / span) : 0
        let travel = max(0, rect.width - Self.thumbDiameter)
        return CGRect(x: rect.minX + travel * fraction, y: bounds.midY - Self.thumbDiameter / 2,
                      width: Self.thumbDiameter, height: Self.thumbDiameter)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let track = trackRect(forBounds: bounds)
        let thumbFrame = thumbRect(forBounds: bounds, trackRect: track, value: storedValue)
        minimumTrack.frame = CGRect(x: track.minX, y: track.minY, width: max(0, thumbFrame.midX - track.minX), height: track.height)
        maximumTrack.frame = CGRect(x: thumbFrame.midX, y: track.minY, width: max(0, track.maxX - thumbFrame.midX), height: track.height)
        minimumTrack.backgroundColor = minimumTrackTintColor ?? tintColor
        maximumTrack.backgroundColor = maximumTrackTintColor ?? .systemFill
        thumb.frame = thumbFrame
        thumb.backgroundColor = thumbTintColor ?? .white
    }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        setNeedsLayout()
    }

    // MARK: Tracking

    /// The value whose thumb centre is at `x`.
    private func value(atThumbCentre x: CGFloat) -> Float {
        let track = trackRect(forBounds: bounds)
        let travel = track.width - Self.thumbDiameter
        guard travel > 0 else { return minimumValue }
        let fraction = Float(min(max((x - track.minX - Self.thumbDiameter / 2) / travel, 0), 1))
        return minimumValue + fraction * (maximumValue - minimumValue)
    }

    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let point = touch.location(in: self)
        let thumbFrame = thumbRect(forBounds: bounds, trackRect: trackRect(forBounds: bounds), value: storedValue)
        let grow = (44 - Self.thumbDiameter) / 2
        guard thumbFrame.insetBy(dx: -grow, dy: -grow).contains(point) else { return false }
        grabOffset = point.x - thumbFrame.midX
        valueAtTouchDown = storedValue
        lastSentValue = storedValue
        return true
    }

    open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        guard let grabOffset else { return false }
        let new = value(atThumbCentre: touch.location(in: self).x - grabOffset)
        guard new != storedValue else { return true }
        setValue(new, animated: false)
        if isContinuous, storedValue != lastSentValue {
            lastSentValue = storedValue
            sendActions(for: .valueChanged)
        }
        return true
    }

    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        if let touch { _ = continueTracking(touch, with: event) }
        grabOffset = nil
        if !isContinuous, storedValue != valueAtTouchDown { sendActions(for: .valueChanged) }
    }

    open override func cancelTracking(with event: UIEvent?) {
        grabOffset = nil
        if !isContinuous, storedValue != valueAtTouchDown { sendActions(for: .valueChanged) }
    }
}
