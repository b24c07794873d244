import Vocabulary
import Foundation
import Views

/// A navigation bar's look (iOS 13+): its background (`UIBarAppearance`), the attributes of its
/// title and large title, and how its buttons look.
///
///     let appearance = UINavigationBarAppearance()
///     appearance.largeTitleTextAttributes = [.foregroundColor: UIColor.systemOrange]
///     navigationBar.standardAppearance = appearance
///     navigationBar.scrollEdgeAppearance = appearance
open class UINavigationBarAppearance: UIBarAppearance {
    /// The inline title's attributes: `.foregroundColor` and `.font` are drawn (17 pt semibold,
    /// `.label`, when absent).
    open var titleTextAttributes: [NSAttributedString.Key: Any] = [:]
    /// The large title's attributes: `.foregroundColor` and `.font` are drawn (34 pt bold,
    /// `.label`, when absent).
    open var largeTitleTextAttributes: [NSAttributedString.Key: Any] = [:]
    /// Declared; titles are not moved (warns once when set to other than zero).
    open var titlePositionAdjustment: UIOffset = .zero {
        didSet {
            if titlePositionAdjustment != .zero {
                UIKitCompatibility.notHonoured("UINavigationBarAppearance.titlePositionAdjustment", "navigation bar titles are not moved")
            }
        }
    }
    open var buttonAppearance = UIBarButtonItemAppearance(style: .plain)
    open var doneButtonAppearance = UIBarButtonItemAppearance(style: .done)
    open var backButtonAppearance = UIBarButtonItemAppearance(style: .plain)
    open private(set) var backIndicatorImage: UIImage?
    open private(set) var backIndicatorTransitionMaskImage: UIImage?

    /// Declared; a custom back chevron is not drawn (warns once), the system chevron is.
    open func setBackIndicatorImage(_ backIndicatorImage: UIImage?, transitionMaskImage backIndicatorTransitionMaskImage: UIImage?) {
        self.backIndicatorImage = backIndicatorImage
        self.backIndicatorTransitionMaskImage = backIndicatorTransitionMaskImage
        if backIndicatorImage != nil {
            UIKitCompatibility.notHonoured("UINavigationBarAppearance.setBackIndicatorImage(_:transitionMaskImage:)",
                                           "the system back chevron is drawn")
        }
    }

    override func copyAll(from other: UIBarAppearance) {
        super.copyAll(from: other)
        guard let other = other as? UINavigationBarAppearance else { return }
        titleTextAttributes = other.titleTextAttributes
        largeTitleTextAttributes = other.largeTitleTextAttributes
        titlePositionAdjustment = other.titlePositionAdjustment
        buttonAppearance = other.buttonAppearance.copy()
        doneButtonAppearance = other.doneButtonAppearance.copy()
        backButtonAppearance = other.backButtonAppearance.copy()
        backIndicatorImage = other.backIndicatorImage
        backIndicatorTransitionMaskImage = other.backIndicatorTransitionMaskImage
    }

    /// The title's colour and font under these attributes.
    func titleStyle(large: Bool) -> (color: UIColor, font: UIFont) {
        let attributes = large ? largeTitleTextAttributes : titleTextAttributes
        let font = attributes[.font] as? UIFont ?? (large ? .systemFont(ofSize: 34, weight: .bold) : .systemFont(ofSize: 17, weight: .semibold))
        return (attributes[.foregroundColor] as? UIColor ?? .label, font)
    }
}
