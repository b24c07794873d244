import Foundation

/// The layer behind every view: corner rounding, border, shadow, clipping, stacking order and
/// opacity, with Core Animation's names and defaults (`shadowOffset` (0, −3), `shadowRadius` 3,
/// `shadowOpacity` 0, an opaque black border colour of width 0).
///
/// `opacity`, `backgroundColor`, `masksToBounds` and `isHidden` are the view's `alpha`,
/// `backgroundColor`, `clipsToBounds` and `isHidden`: setting either side sets both.
@preconcurrency @MainActor
open class CALayer {
    open var cornerRadius: CGFloat = 0
    /// Which corners `cornerRadius` rounds (all by default).
    open var maskedCorners: CACornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner]
    /// Drawn inside the bounds, above the contents and the sublayers.
    open var borderWidth: CGFloat = 0
    open var borderColor: CGColor? = UIColor.black.cgColor
    open var shadowColor: CGColor? = UIColor.black.cgColor
    open var shadowOpacity: Float = 0
    open var shadowOffset = CGSize(width: 0, height: -3)
    open var shadowRadius: CGFloat = 3
    /// The shape that casts the shadow; without one, a layer with a background casts the shadow
    /// of its rounded bounds (a layer without a background and without a path casts none).
    open var shadowPath: CGPath?
    /// Sibling order: a higher zPosition draws in front, whatever the subview order.
    open var zPosition: CGFloat = 0
    open var opacity: Float {
        get { Float(owner?.alpha ?? CGFloat(storedOpacity)) }
        set { if let owner { owner.alpha = CGFloat(newValue) } else { storedOpacity = newValue } }
    }
    open var backgroundColor: CGColor? {
        get { owner?.backgroundColor?.cgColor ?? storedBackground }
        set { if let owner { owner.backgroundColor = newValue.map(UIColor.init(cgColor:)) } else { storedBackground = newValue } }
    }
    open var masksToBounds: Bool {
        get { owner?.clipsToBounds ?? storedMasksToBounds }
        set { if let owner { owner.clipsToBounds = newValue } else { storedMasksToBounds = newValue } }
    }
    open var isHidden: Bool {
        get { owner?.isHidden ?? storedHidden }
        set { if let owner { owner.isHidden = newValue } else { storedHidden = newValue } }
    }
    open var name: String?

    /// The view whose layer this is.
    public internal(set) weak var owner: UIView?

    private var storedOpacity: Float = 1
    private var storedBackground: CGColor?
    private var storedMasksToBounds = false
    private var storedHidden = false

    public init() {}

    /// The corner radii the layer rounds, limited to half of the shorter side as Core Animation
    /// limits them.
    func radii(for size: CGSize) -> (topLeft: Double, topRight: Double, bottomRight: Double, bottomLeft: Double) {
        let r = max(0, min(Double(cornerRadius), Double(min(size.width, size.height)) / 2))
        func pick(_ corner: CACornerMask) -> Double { maskedCorners.contains(corner) ? r : 0 }
        return (pick(.layerMinXMinYCorner), pick(.layerMaxXMinYCorner), pick(.layerMaxXMaxYCorner), pick(.layerMinXMaxYCorner))
    }
}

/// Which corners a layer's `cornerRadius` rounds.
public struct CACornerMask: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let layerMinXMinYCorner = CACornerMask(rawValue: 1 << 0)
    public static let layerMaxXMinYCorner = CACornerMask(rawValue: 1 << 1)
    public static let layerMinXMaxYCorner = CACornerMask(rawValue: 1 << 2)
    public static let layerMaxXMaxYCorner = CACornerMask(rawValue: 1 << 3)
}
