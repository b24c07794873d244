import Vocabulary
import Foundation

/// What a configuration is updated for: a view's or a cell's state (UIKit, iOS 14).
public protocol UIConfigurationState {
    /// The traits the configuration is for (the view's: dark or light, size classes…).
    var traitCollection: UITraitCollection { get set }
    init(traitCollection: UITraitCollection)
    subscript(key: UIConfigurationStateCustomKey) -> AnyHashable? { get set }
}

/// The key of a custom state an app adds to a configuration state.
public struct UIConfigurationStateCustomKey: Hashable, Sendable, RawRepresentable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
}

/// A view's state: selected, highlighted, disabled, focused, and custom states.
public struct UIViewConfigurationState: UIConfigurationState, Hashable {
    public var traitCollection = UITraitCollection()
    public var isSelected = false
    public var isHighlighted = false
    public var isDisabled = false
    public var isFocused = false
    private var custom: [UIConfigurationStateCustomKey: AnyHashable] = [:]

    public init() {}

    public init(traitCollection: UITraitCollection) {
        self.traitCollection = traitCollection
    }

    public subscript(key: UIConfigurationStateCustomKey) -> AnyHashable? {
        get { custom[key] }
        set { custom[key] = newValue }
    }
}

/// A cell's state, as `updateConfiguration(using:)` and `configurationUpdateHandler` receive it:
/// the view's state plus editing, swiping, expansion, reordering and drag and drop.
public struct UICellConfigurationState: UIConfigurationState, Hashable {
    public enum DragState: Int, Sendable { case none, lifting, dragging }
    public enum DropState: Int, Sendable { case none, notTargeted, targeted }

    private var view = UIViewConfigurationState()
    public var isEditing = false
    public var isSwiped = false
    public var isExpanded = false
    public var isReordering = false
    public var cellDragState: DragState = .none
    public var cellDropState: DropState = .none

    public init() {}

    public init(traitCollection: UITraitCollection) {
        view.traitCollection = traitCollection
    }

    public var traitCollection: UITraitCollection {
        get { view.traitCollection }
        set { view.traitCollection = newValue }
    }

    public var isSelected: Bool { get { view.isSelected } set { view.isSelected = newValue } }
    public var isHighlighted: Bool { get { view.isHighlighted } set { view.isHighlighted = newValue } }
    public var isDisabled: Bool { get { view.isDisabled } set { view.isDisabled = newValue } }
    public var isFocused: Bool { get { view.isFocused } set { view.isFocused = newValue } }

    public subscript(key: UIConfigurationStateCustomKey) -> AnyHashable? {
        get { view[key] }
        set { view[key] = newValue }
    }
}

/// Makes a colour from a colour: a configuration's way to derive, say, a highlighted tint.
public struct UIConfigurationColorTransformer: Sendable {
    public let transform: @Sendable (UIColor) -> UIColor

    public init(_ transform: @escaping @Sendable (UIColor) -> UIColor) { self.transform = transform }

    public func callAsFunction(_ input: UIColor) -> UIColor { transform(input) }

    /// The colour's luminance as a grey of the same alpha.
    public static let grayscale = UIConfigurationColorTransformer { color in
        let c = color.cgColor
        return UIColor(white: 0.299 * c.red + 0.587 * c.green + 0.114 * c.blue, alpha: c.alpha)
    }
    /// The tint colour, whatever the input (UIKit's own tint here: `.tintColor`).
    public static let preferredTint = UIConfigurationColorTransformer { _ in .tintColor }
    /// The tint colour at the input's alpha.
    public static let monochromeTint = UIConfigurationColorTransformer { color in
        UIColor.tintColor.withAlphaComponent(color.cgColor.alpha)
    }
}

/// A configuration of a view's content: makes the view that shows it, and a copy of itself
/// for a state (UIKit, iOS 14). The view is made on the main actor.
public protocol UIContentConfiguration {
    @MainActor func makeContentView() -> UIView & UIContentView
    func updated(for state: UIConfigurationState) -> Self
}

/// A view made by a content configuration, that shows any configuration it supports.
@MainActor
public protocol UIContentView: AnyObject {
    var configuration: UIContentConfiguration { get set }
    func supports(_ configuration: UIContentConfiguration) -> Bool
}

extension UIContentView {
    /// By default, a content view supports configurations of the type it already shows.
    public func supports(_ configuration: UIContentConfiguration) -> Bool {
        type(of: configuration) == type(of: self.configuration)
    }
}
