/// Which names belong to UIKit, QuartzCore and CoreGraphics, judged by the name alone: what the
/// census counts on both sides.
public enum UIKitNames {
    /// The `NS` types that UIKit declares or extends for its own use (text attributes, layout, lists).
    static let foundationNamesUIKitOwns: Set<String> = [
        "NSLayoutConstraint", "NSLayoutAnchor", "NSLayoutXAxisAnchor", "NSLayoutYAxisAnchor", "NSLayoutDimension",
        "NSAttributedString", "NSMutableAttributedString", "NSParagraphStyle", "NSMutableParagraphStyle", "NSShadow",
        "NSTextAlignment", "NSLineBreakMode", "NSDirectionalEdgeInsets", "NSDirectionalRectEdge", "NSUnderlineStyle",
        "NSTextAttachment", "NSStringDrawingOptions", "NSStringDrawingContext", "NSLayoutManager", "NSTextContainer",
        "NSTextStorage", "NSValue", "NSWritingDirection",
    ]

    /// The iOS SDK's superclass of UIKit classes that ported code subclasses or uses often, so
    /// that a member used on one (`UITableViewController`'s `viewDidLoad()`) is counted as the
    /// class's that declares it, even where Springframes does not declare the subclass yet.
    public static let sdkSuperclasses: [String: String] = [
        "UIResponder": "NSObject", "UIView": "UIResponder", "UIViewController": "UIResponder",
        "UIApplication": "UIResponder", "UIControl": "UIView", "UIScrollView": "UIView",
        "UITableView": "UIScrollView", "UICollectionView": "UIScrollView", "UITextView": "UIScrollView",
        "UITableViewCell": "UIView", "UICollectionReusableView": "UIView", "UICollectionViewCell": "UICollectionReusableView",
        "UITableViewHeaderFooterView": "UIView", "UILabel": "UIView", "UIImageView": "UIView", "UIStackView": "UIView",
        "UIVisualEffectView": "UIView", "UIActivityIndicatorView": "UIView", "UIProgressView": "UIView",
        "UIPickerView": "UIView", "UINavigationBar": "UIView", "UITabBar": "UIView", "UIToolbar": "UIView",
        "UISearchBar": "UIView", "UIWindow": "UIView", "UIInputView": "UIView",
        "UIButton": "UIControl", "UITextField": "UIControl", "UISwitch": "UIControl", "UISlider": "UIControl",
        "UISegmentedControl": "UIControl", "UIStepper": "UIControl", "UIPageControl": "UIControl",
        "UIDatePicker": "UIControl", "UIRefreshControl": "UIControl", "UIColorWell": "UIControl",
        "UITableViewController": "UIViewController", "UICollectionViewController": "UIViewController",
        "UINavigationController": "UIViewController", "UITabBarController": "UIViewController",
        "UIPageViewController": "UIViewController", "UIAlertController": "UIViewController",
        "UISplitViewController": "UIViewController", "UISearchController": "UIViewController",
        "UIImagePickerController": "UINavigationController", "UIActivityViewController": "UIViewController",
        "UIBarButtonItem": "UIBarItem", "UITabBarItem": "UIBarItem",
        "UITapGestureRecognizer": "UIGestureRecognizer", "UIPanGestureRecognizer": "UIGestureRecognizer",
        "UISwipeGestureRecognizer": "UIGestureRecognizer", "UIPinchGestureRecognizer": "UIGestureRecognizer",
        "UIRotationGestureRecognizer": "UIGestureRecognizer", "UILongPressGestureRecognizer": "UIGestureRecognizer",
        "UIScreenEdgePanGestureRecognizer": "UIPanGestureRecognizer",
        "CAShapeLayer": "CALayer", "CAGradientLayer": "CALayer", "CATextLayer": "CALayer", "CAReplicatorLayer": "CALayer",
        "CAEmitterLayer": "CALayer", "CATransformLayer": "CALayer", "CAScrollLayer": "CALayer",
        "CABasicAnimation": "CAPropertyAnimation", "CAKeyframeAnimation": "CAPropertyAnimation",
        "CASpringAnimation": "CABasicAnimation", "CAPropertyAnimation": "CAAnimation",
        "CAAnimationGroup": "CAAnimation", "CATransition": "CAAnimation",
        "UIImpactFeedbackGenerator": "UIFeedbackGenerator", "UINotificationFeedbackGenerator": "UIFeedbackGenerator",
        "UISelectionFeedbackGenerator": "UIFeedbackGenerator", "UIBlurEffect": "UIVisualEffect",
        "UIVibrancyEffect": "UIVisualEffect",
    ]

    /// Whether a UIKit-named identifier is a C function rather than a type (`UIGraphicsGetCurrentContext`,
    /// `CATransform3DRotate`, `CGRectMake`): told by the SDK's naming, since nothing declares it here.
    public static func isFunctionName(_ name: String) -> Bool {
        if functionNameExceptions.contains(name) { return false }
        let prefixes = ["UIGraphics", "CATransform3D", "CGAffineTransformMake", "CGRectMake", "CGPointMake", "CGSizeMake",
                        "CGRectGet", "CGRectIs", "CGRectContains", "CGRectInset", "CGRectOffset", "CGRectIntersect",
                        "CGRectUnion", "CGPointEqual", "CGSizeEqual", "CGRectEqual", "UIEdgeInsetsMake",
                        "UIEdgeInsetsInsetRect", "UIRectFill", "UIRectFrame", "UIRectClip", "UIImagePNGRepresentation",
                        "UIImageJPEGRepresentation", "UIAccessibilityPost", "UIAccessibilityIs", "UIApplicationMain",
                        "CACurrentMediaTime", "CGColorCreate", "CGColorSpaceCreate", "CGGradientCreate", "CGPathCreate",
                        "CGContext", "UIOffsetMake", "UIImageWriteToSavedPhotosAlbum"]
        return name != "CGContext" && prefixes.contains { name.hasPrefix($0) }
    }

    /// What the C functions that hand back a UIKit object return, so that `let context =
    /// UIGraphicsGetCurrentContext()` types `context`.
    static let functionResults: [String: String] = [
        "UIGraphicsGetCurrentContext": "CGContext", "UIGraphicsGetImageFromCurrentImageContext": "UIImage",
        "CATransform3DMakeRotation": "CATransform3D", "CATransform3DMakeScale": "CATransform3D",
        "CATransform3DMakeTranslation": "CATransform3D", "CATransform3DRotate": "CATransform3D",
        "CATransform3DScale": "CATransform3D", "CATransform3DTranslate": "CATransform3D", "CATransform3DConcat": "CATransform3D",
        "CGColorSpaceCreateDeviceRGB": "CGColorSpace",
    ]

    static let functionNameExceptions: Set<String> = [
        "UIGraphicsImageRenderer", "UIGraphicsImageRendererFormat", "UIGraphicsImageRendererContext", "UIGraphicsRenderer",
        "UIGraphicsRendererFormat", "UIGraphicsRendererContext", "UIGraphicsPDFRenderer", "UIGraphicsPDFRendererFormat",
        "UIGraphicsPDFRendererContext", "UIGraphicsContext", "CATransform3D",
    ]

    /// Whether `name` (possibly dotted: `UIView.AnimationOptions`) is a UIKit, QuartzCore or
    /// CoreGraphics name.
    public static func isUIKit(_ name: String) -> Bool {
        let outer = name.split(separator: ".", maxSplits: 1).first.map(String.init) ?? name
        if foundationNamesUIKitOwns.contains(outer) || outer.hasPrefix("NSCollectionLayout") || outer.hasPrefix("NSDiffableDataSource") {
            return true
        }
        let bytes = Array(outer.utf8)
        guard bytes.count > 2 else { return false }
        let prefix = String(decoding: bytes[0..<2], as: UTF8.self)
        return ["UI", "CA", "CG"].contains(prefix) && bytes[2] >= UInt8(ascii: "A") && bytes[2] <= UInt8(ascii: "Z")
    }

    /// The subject of a delegate or data-source protocol, as its methods name it:
    /// `UITableViewDataSource` → (`tableView`, `UITableView`).
    static func protocolSubject(_ name: String) -> (method: String, type: String)? {
        guard name.hasPrefix("UI") else { return nil }
        for suffix in ["DelegateFlowLayout", "DataSourcePrefetching", "DataSource", "Delegate"] where name.hasSuffix(suffix) {
            let type = String(name.dropLast(suffix.count))
            let stem = type.dropFirst(2)
            guard let first = stem.first else { return nil }
            return (first.lowercased() + stem.dropFirst(), type)
        }
        return nil
    }
}
