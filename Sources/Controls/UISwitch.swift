import Vocabulary
import Foundation
import Views

/// UIKit's switch: a 51 × 31 pt capsule whose knob slides to the right and whose track fills with
/// `onTintColor` (system green) when it is on.
///
/// A tap (a touch lifted inside, see `UIControl`) flips it; a drag that crosses the middle leaves it
/// on the side the finger is on. Either way the knob slides and the colour fades over the same
/// critically damped spring, and `valueChanged` is sent once, after the change, as on iOS. While a
/// finger is on it, the knob widens from 27 to 34 pt towards the middle. `isOn` and
/// `setOn(_:animated: false)` change the look at once and send nothing, as on iOS.
///
/// Apple publishes neither the metrics nor the animation; these are our reading of iOS 17:
/// the knob is a 27 pt white disc 2 pt inside the track with a soft shadow (offset 0, 3; radius 4;
/// opacity 0.15); the track is `onTintColor` when on and the secondary fill when off (0x787880 at
/// 16 % in light appearance, which is 0xE9E9EA on white; at 48 % in dark, 0x39393D on black);
/// the slide takes 0.35 s on a spring of damping ratio 1. UIKit also fixes a switch's size: a frame
/// of any other size keeps its origin and gets 51 × 31.
open class UISwitch: UIControl {
    /// The size UIKit gives every switch.
    public static let standardSize = CGSize(width: 51, height: 31)
    /// How long the knob's slide and the colour's fade take (s).
    public static let toggleDuration: TimeInterval = 0.35
    /// The knob's diameter, and its width while a finger is on it.
    static let knobDiameter: CGFloat = 27, pressedKnobWidth: CGFloat = 34, inset: CGFloat = 2

    /// The track's colour when on (system green when nil).
    open var onTintColor: UIColor? { didSet { placeParts() } }
    /// The knob's colour (white when nil).
    open var thumbTintColor: UIColor? { didSet { placeParts() } }
    /// iOS 14's style; only `.checkbox` (a Mac idiom) differs, and it is drawn as a switch here.
    open var preferredStyle: Style = .automatic
    open var style: Style { .sliding }
    /// The on/off state; setting it changes the look at once and sends no event.
    open var isOn: Bool {
        get { on }
        set { setOn(newValue, animated: false) }
    }

    public enum Style: Int, Sendable { case automatic, checkbox, sliding }

    private var on = false
    private let track = UIView(frame: .zero)
    let knob = UIView(frame: .zero)
    /// Where the finger went down, to tell a drag from a tap.
    private var touchStartX: CGFloat?

    public override init(frame: CGRect) {
        super.init(frame: CGRect(origin: frame.origin, size: Self.standardSize))
        setUp()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }

    private func setUp() {
        for part in [track, knob] {
            part.isUserInteractionEnabled = false
            addSubview(part)
        }
        knob.layer.shadowColor = UIColor.black.cgColor
        knob.layer.shadowOpacity = 0.15
        knob.layer.shadowOffset = CGSize(width: 0, height: 3)
        knob.layer.shadowRadius = 4
        placeParts()
    }

    open override var frame: CGRect {
        get { super.frame }
        set { super.frame = CGRect(origin: newValue.origin, size: Self.standardSize) }
    }

    open override var intrinsicContentSize: CGSize { Self.standardSize }
    open override func sizeThatFits(_ size: CGSize) -> CGSize { Self.standardSize }

    /// Sets the state; `animated` slides the knob and fades the colour. Sends no event.
    open func setOn(_ on: Bool, animated: Bool) {
        self.on = on
        guard animated else { return placeParts() }
        UIView.animate(withDuration: Self.toggleDuration, delay: 0, usingSpringWithDamping: 1, initialSpringVelocity: 0,
                       options: [.beginFromCurrentState, .allowUserInteraction], animations: { self.placeParts() })
    }

    open override var isHighlighted: Bool {
        didSet {
            guard isHighlighted != oldValue else { return }
            UIView.animate(withDuration: 0.2, delay: 0, options: [.beginFromCurrentState, .allowUserInteraction],
                           animations: { self.placeParts() })
        }
    }

    open override var isEnabled: Bool { didSet { alpha = isEnabled ? 1 : 0.5 } }

    /// The track and the knob where the state puts them.
    private func placeParts() {
        let size = Self.standardSize
        track.frame = CGRect(origin: .zero, size: size)
        track.layer.cornerRadius = size.height / 2
        track.backgroundColor = on ? (onTintColor ?? .systemGreen) : Self.offTrackColor
        let width = isHighlighted ? Self.pressedKnobWidth : Self.knobDiameter
        let x = on ? size.width - Self.inset - width : Self.inset
        knob.frame = CGRect(x: x, y: Self.inset, width: width, height: Self.knobDiameter)
        knob.layer.cornerRadius = Self.knobDiameter / 2
        knob.backgroundColor = thumbTintColor ?? .white
    }

    static var offTrackColor: UIColor {
        UIColor { traits in
            UIColor(red: 120 / 255, green: 120 / 255, blue: 128 / 255, alpha: traits.userInterfaceStyle == .dark ? 0.48 : 0.16)
        }
    }

    // MARK: Tracking

    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        touchStartX = touch.location(in: self).x
        return true
    }

    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        defer { touchStartX = nil }
        guard let touch, let start = touchStartX else { return }
        let x = touch.location(in: self).x
        guard isTouchInside else { return }
        // A drag of more than a few points decides by side; a tap flips.
        let new = abs(x - start) > 8 ? x > bounds.midX : !on
        guard new != on else { return placeParts() }
        setOn(new, animated: true)
        sendActions(for: .valueChanged)
    }
}
