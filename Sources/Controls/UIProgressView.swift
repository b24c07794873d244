import Vocabulary
import Foundation
import Views

/// UIKit's progress bar: a thin rounded track filled from the left up to `progress`.
///
/// `progress` is clamped to 0...1. `setProgress(_:animated: true)` grows or shrinks the fill over
/// 0.25 s (ease in-out, from where it is shown), a plain assignment at once. `observedProgress`
/// (a Foundation `Progress`) is read when set and whenever `setProgress` is not: a port that
/// drives the bar from a `Progress` should assign `progress` as it advances.
///
/// Apple publishes neither metrics nor colours; these are our reading of iOS 17: 4 pt high,
/// rounded by 2 pt; the fill in the tint colour (system blue); the track in the system fill
/// (0x787880 at 20 % in light, 36 % in dark). `.bar` (a toolbar's) has square ends and a clear
/// track. The bar is drawn at its frame's height, vertically centred, whatever the frame's.
open class UIProgressView: UIView {
    public enum Style: Int, Sendable { case `default`, bar }

    /// The bar's thickness.
    public static let standardHeight: CGFloat = 4
    /// How long `setProgress(_:animated: true)` takes (s).
    public static let animationDuration: TimeInterval = 0.25

    open var progressViewStyle: Style = .default { didSet { setNeedsLayout() } }
    private var storedProgress: Float = 0
    /// The fraction done, clamped to 0...1.
    open var progress: Float {
        get { storedProgress }
        set { setProgress(newValue, animated: false) }
    }
    /// The fill (the tint colour when nil).
    open var progressTintColor: UIColor? { didSet { setNeedsLayout() } }
    /// The track (the system fill when nil; clear for `.bar`).
    open var trackTintColor: UIColor? { didSet { setNeedsLayout() } }
    open var progressImage: UIImage? {
        didSet { UIKitCompatibility.notHonoured("UIProgressView.progressImage", "the fill is drawn in progressTintColor") }
    }
    open var trackImage: UIImage? {
        didSet { UIKitCompatibility.notHonoured("UIProgressView.trackImage", "the track is drawn in trackTintColor") }
    }
    /// A Foundation progress whose `fractionCompleted` is shown when it is set.
    open var observedProgress: Progress? {
        didSet { if let observedProgress { progress = Float(observedProgress.fractionCompleted) } }
    }

    let track = UIView(frame: .zero)
    let fill = UIView(frame: .zero)

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUp()
    }

    public convenience init(progressViewStyle style: Style) {
        self.init(frame: CGRect(x: 0, y: 0, width: 0, height: Self.standardHeight))
        progressViewStyle = style
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }

    private func setUp() {
        for part in [track, fill] {
            part.isUserInteractionEnabled = false
            addSubview(part)
        }
        setNeedsLayout()
    }

    open func setProgress(_ progress: Float, animated: Bool) {
        storedProgress = min(max(progress.isNaN ? 0 : progress, 0), 1)
        guard animated else {
            setNeedsLayout()
            return layoutIfNeeded()
        }
        UIView.animate(withDuration: Self.animationDuration, delay: 0, options: [.beginFromCurrentState], animations: {
            self.setNeedsLayout()
            self.layoutIfNeeded()
        })
    }

    open override var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: Self.standardHeight) }
    open override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: size.width, height: Self.standardHeight) }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let bar = CGRect(x: 0, y: bounds.midY - Self.standardHeight / 2, width: bounds.width, height: Self.standardHeight)
        let radius = progressViewStyle == .bar ? 0 : Self.standardHeight / 2
        track.frame = bar
        fill.frame = CGRect(x: bar.minX, y: bar.minY, width: bar.width * CGFloat(storedProgress), height: bar.height)
        track.layer.cornerRadius = radius
        fill.layer.cornerRadius = radius
        track.backgroundColor = trackTintColor ?? (progressViewStyle == .bar ? .clear : .systemFill)
        fill.backgroundColor = progressTintColor ?? tintColor
    }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        setNeedsLayout()
    }
}
