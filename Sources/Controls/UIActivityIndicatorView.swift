import Vocabulary
import Foundation
import Views

/// UIKit's spinner: eight rounded spokes, fading round the circle, that turn one spoke at a time
/// while it animates.
///
/// It turns on its window's clock, one step (an eighth of a turn, clockwise) every 1/12 s from
/// `startAnimating()`, so recorded frames show it turning at the same rate at any frame rate;
/// `stopAnimating()` stops it where it is and, with `hidesWhenStopped` (the default), hides it. A
/// new indicator is stopped (and so hidden). Out of a window it keeps its place and turns from
/// the moment it joins one.
///
/// Apple publishes neither metrics nor timing; these are our reading of iOS 17: `.medium` is
/// 20 × 20 pt with spokes 2 pt thick running from 4.5 pt to 9.5 pt from the centre, `.large`
/// 37 × 37 pt with spokes 3.5 pt thick from 8.5 pt to 17.5 pt; the spoke at the head is opaque
/// and each one behind it 0.1 fainter (down to 0.3); the colour is the secondary label colour
/// (0x3C3C43 at 60 % in light, 0xEBEBF5 at 60 % in dark). The iOS 12 styles `.white`,
/// `.whiteLarge` and `.gray` map to medium or large in white or gray, as UIKit maps them.
open class UIActivityIndicatorView: UIView {
    public enum Style: Int, Sendable {
        case medium = 100, large = 101
        case whiteLarge = 0, white = 1, gray = 2
    }

    /// The number of spokes, and how long one step of the turn lasts (s).
    public static let spokeCount = 8
    public static let stepInterval: TimeInterval = 1.0 / 12

    open var style: Style = .medium { didSet { applyStyle() } }
    /// The spokes' colour (the secondary label colour when nil; reading it gives what is drawn).
    open var color: UIColor! {
        get { storedColor ?? Self.defaultColor(for: style) }
        set { storedColor = newValue; setNeedsLayout() }
    }
    open var hidesWhenStopped = true { didSet { if !animating { isHidden = hidesWhenStopped } } }
    open var isAnimating: Bool { animating }

    private var storedColor: UIColor?
    private var animating = false
    /// When the turn started (on the window's clock) and the steps made before that.
    private var startTime: TimeInterval?
    private var stepsBeforeStart = 0
    private(set) var step = 0
    /// The clock we step on (the window's, while in one and animating), and what it steps.
    private weak var clock: SimulatedClock?
    private lazy var ticker = Ticker(spinner: self)
    /// Turns with the steps; holds the spokes.
    let rotor = UIView(frame: .zero)
    private var spokes: [UIView] = []

    public init(style: Style) {
        super.init(frame: .zero)
        self.style = style
        setUp()
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUp()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }

    private func setUp() {
        isUserInteractionEnabled = false
        isHidden = hidesWhenStopped
        rotor.isUserInteractionEnabled = false
        addSubview(rotor)
        for _ in 0..<Self.spokeCount {
            let spoke = UIView(frame: .zero)
            spoke.isUserInteractionEnabled = false
            rotor.addSubview(spoke)
            spokes.append(spoke)
        }
        applyStyle()
    }

    private var isLarge: Bool { style == .large || style == .whiteLarge }

    private static func defaultColor(for style: Style) -> UIColor {
        switch style {
        case .white, .whiteLarge: return .white
        case .gray: return .gray
        case .medium, .large: return .secondaryLabel
        }
    }

    private func applyStyle() {
        let side: CGFloat = isLarge ? 37 : 20
        if bounds.size == .zero { bounds.size = CGSize(width: side, height: side) }
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

    open override var intrinsicContentSize: CGSize { isLarge ? CGSize(width: 37, height: 37) : CGSize(width: 20, height: 20) }
    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let (inner, outer, thickness): (CGFloat, CGFloat, CGFloat) = isLarge ? (8.5, 17.5, 3.5) : (4.5, 9.5, 2)
        let side = 2 * outer
        rotor.bounds = CGRect(x: 0, y: 0, width: side, height: side)
        rotor.center = CGPoint(x: bounds.midX, y: bounds.midY)
        let angleStep = 2 * CGFloat.pi / CGFloat(Self.spokeCount)
        for (index, spoke) in spokes.enumerated() {
            // Spoke 0 points up; spoke k sits k steps clockwise; the head is spoke 0 at step 0.
            let angle = CGFloat(index) * angleStep
            spoke.bounds = CGRect(x: 0, y: 0, width: thickness, height: outer - inner)
            let middle = (inner + outer) / 2
            spoke.center = CGPoint(x: outer + sin(angle) * middle, y: outer - cos(angle) * middle)
            spoke.transform = CGAffineTransform(rotationAngle: angle)
            spoke.layer.cornerRadius = thickness / 2
            spoke.backgroundColor = color
            // The spokes behind the head (anticlockwise of it) fade.
            let behind = (Self.spokeCount - index) % Self.spokeCount
            spoke.alpha = max(0.3, 1 - 0.1 * CGFloat(behind))
        }
        rotor.transform = CGAffineTransform(rotationAngle: CGFloat(step % Self.spokeCount) * angleStep)
    }

    // MARK: Animating

    open func startAnimating() {
        guard !animating else { return }
        animating = true
        isHidden = false
        attachToClock()
    }

    open func stopAnimating() {
        guard animating else { return }
        animating = false
        detachFromClock()
        if hidesWhenStopped { isHidden = true }
    }

    open override func didMoveToWindow() {
        super.didMoveToWindow()
        detachFromClock()
        if animating { attachToClock() }
    }

    private func attachToClock() {
        guard let clock = window?.clock else { return }
        self.clock = clock
        startTime = clock.currentTime
        clock.add(ticker)
    }

    private func detachFromClock() {
        if let clock { clock.remove(ticker) }
        stepsBeforeStart = step
        clock = nil
        startTime = nil
    }

    /// The next step's moment.
    fileprivate func nextStepTime() -> TimeInterval? {
        guard let startTime else { return nil }
        return startTime + Double(step - stepsBeforeStart + 1) * Self.stepInterval
    }

    fileprivate func takeSteps(at time: TimeInterval) {
        guard let startTime else { return }
        // A step is due when its moment is reached (with a margin for the sum's rounding).
        let due = Int(((time - startTime) / Self.stepInterval + 1e-9).rounded(.down))
        guard stepsBeforeStart + due != step else { return }
        step = stepsBeforeStart + due
        rotor.transform = CGAffineTransform(rotationAngle: CGFloat(step % Self.spokeCount) * 2 * .pi / CGFloat(Self.spokeCount))
    }
}

/// Steps a spinner on its window's clock (kept apart so the spinner's public face stays UIKit's).
@MainActor
private final class Ticker: ClockParticipant {
    weak var spinner: UIActivityIndicatorView?
    init(spinner: UIActivityIndicatorView) { self.spinner = spinner }
    func nextDeadline() -> TimeInterval? { spinner?.nextStepTime() }
    func fireDeadlines(at time: TimeInterval) { spinner?.takeSteps(at: time) }
}
