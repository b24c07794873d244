import Vocabulary
import Foundation

/// UIKit's responder: the base of views, view controllers, windows and the application, linked
/// in the responder chain by `next` (a view's controller if it is a controller's root view, else
/// its superview; a controller's view's superview or its parent; a window's application).
///
/// Touches reach the view a finger went down on through `touchesBegan`, `touchesMoved`,
/// `touchesEnded` and `touchesCancelled`, whose default implementations pass them up the chain,
/// as UIKit's do; gesture recognizers see them too, and one that recognizes cancels them in the
/// view (`cancelsTouchesInView`). One responder per window is the first responder
/// (`becomeFirstResponder()`), for those whose `canBecomeFirstResponder` is true; there is no
/// keyboard, so becoming first responder only moves that mark (a text field shows its caret).
/// Motion events (shakes) and remote-control events never come headless: their methods are
/// correct as they are and are never called.
@preconcurrency @MainActor
open class UIResponder {
    public init() {}

    /// The next responder in the chain, nil at its end.
    open var next: UIResponder? { nil }

    // MARK: First responder

    open var canBecomeFirstResponder: Bool { false }
    open var canResignFirstResponder: Bool { true }

    /// Whether this is its window's first responder.
    open var isFirstResponder: Bool { firstResponderScope?.firstResponder === self }

    /// Makes this the first responder of its window (the current one resigns first). False when
    /// it cannot become one, is in no window, or the current one refuses to resign.
    @discardableResult
    open func becomeFirstResponder() -> Bool {
        guard canBecomeFirstResponder, let scope = firstResponderScope else { return false }
        if scope.firstResponder === self { return true }
        if let current = scope.firstResponder, !current.resignFirstResponder() { return false }
        scope.firstResponder = self
        return true
    }

    /// Gives up being the first responder. False when `canResignFirstResponder` is false.
    @discardableResult
    open func resignFirstResponder() -> Bool {
        guard canResignFirstResponder else { return false }
        if let scope = firstResponderScope, scope.firstResponder === self { scope.firstResponder = nil }
        return true
    }

    /// The window whose first responder this would be.
    var firstResponderScope: UIWindow? { nil }

    // MARK: Touches

    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesBegan(touches, with: event) }
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesMoved(touches, with: event) }
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesEnded(touches, with: event) }
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesCancelled(touches, with: event) }

    // MARK: Motion and remote control (never sent headless)

    open func motionBegan(_ motion: UIEvent.EventSubtype, with event: UIEvent?) {}
    open func motionEnded(_ motion: UIEvent.EventSubtype, with event: UIEvent?) {}
    open func motionCancelled(_ motion: UIEvent.EventSubtype, with event: UIEvent?) {}
    open func remoteControlReceived(with event: UIEvent?) {}

    // MARK: Keyboard (there is none headless: these notifications are never posted)

    public static let keyboardWillShowNotification = Notification.Name("UIKeyboardWillShowNotification")
    public static let keyboardDidShowNotification = Notification.Name("UIKeyboardDidShowNotification")
    public static let keyboardWillHideNotification = Notification.Name("UIKeyboardWillHideNotification")
    public static let keyboardDidHideNotification = Notification.Name("UIKeyboardDidHideNotification")
    public static let keyboardWillChangeFrameNotification = Notification.Name("UIKeyboardWillChangeFrameNotification")
    public static let keyboardDidChangeFrameNotification = Notification.Name("UIKeyboardDidChangeFrameNotification")
    public static let keyboardFrameBeginUserInfoKey = "UIKeyboardFrameBeginUserInfoKey"
    public static let keyboardFrameEndUserInfoKey = "UIKeyboardFrameEndUserInfoKey"
    public static let keyboardAnimationDurationUserInfoKey = "UIKeyboardAnimationDurationUserInfoKey"
    public static let keyboardAnimationCurveUserInfoKey = "UIKeyboardAnimationCurveUserInfoKey"
    public static let keyboardIsLocalUserInfoKey = "UIKeyboardIsLocalUserInfoKey"

    // MARK: Input views (there is no keyboard)

    open var inputView: UIView? { nil }
    open var inputAccessoryView: UIView? { nil }
    open func reloadInputViews() {}
}
