import Vocabulary
import Foundation
import Views

/// What a text field asks and tells its delegate, as UIKit's `UITextFieldDelegate` (every member
/// optional: the defaults answer as UIKit does when a delegate does not implement one).
@preconcurrency @MainActor
public protocol UITextFieldDelegate: AnyObject {
    func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool
    func textFieldDidBeginEditing(_ textField: UITextField)
    func textFieldShouldEndEditing(_ textField: UITextField) -> Bool
    func textFieldDidEndEditing(_ textField: UITextField)
    func textFieldDidEndEditing(_ textField: UITextField, reason: UITextField.DidEndEditingReason)
    func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool
    func textFieldDidChangeSelection(_ textField: UITextField)
    func textFieldShouldClear(_ textField: UITextField) -> Bool
    func textFieldShouldReturn(_ textField: UITextField) -> Bool
}

extension UITextFieldDelegate {
    public func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool { true }
    public func textFieldDidBeginEditing(_ textField: UITextField) {}
    public func textFieldShouldEndEditing(_ textField: UITextField) -> Bool { true }
    public func textFieldDidEndEditing(_ textField: UITextField) {}
    /// UIKit calls this one when implemented, else the one without a reason: the default calls that.
    public func textFieldDidEndEditing(_ textField: UITextField, reason: UITextField.DidEndEditingReason) {
        textFieldDidEndEditing(textField)
    }
    public func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool { true }
    public func textFieldDidChangeSelection(_ textField: UITextField) {}
    public func textFieldShouldClear(_ textField: UITextField) -> Bool { true }
    public func textFieldShouldReturn(_ textField: UITextField) -> Bool { true }
}

/// UIKit's one-line text field: text or a grey placeholder, a border style, a clear button and
/// side views, and editing that a tap or `becomeFirstResponder()` begins, showing a blinking caret
/// at the end of the text. There is no keyboard: text arrives through `insertText(_:)` and
/// `deleteBackward()` (UIKeyInput, as a hardware keyboard would type it), and a "\n" is the return
/// key.
///
/// What is sent and when, as on iOS: beginning to edit asks `textFieldShouldBeginEditing`, then
/// calls `textFieldDidBeginEditing` and sends `editingDidBegin`; each typed change asks
/// `textField(_:shouldChangeCharactersIn:replacementString:)`, then sends `editingChanged` and
/// posts `textDidChangeNotification`; return asks `textFieldShouldReturn` and sends
/// `editingDidEndOnExit` and `primaryActionTriggered`; ending asks `textFieldShouldEndEditing`,
/// calls `textFieldDidEndEditing(_:reason:)` and sends `editingDidEnd`. Setting `text` in code
/// sends nothing. The caret always sits at the end of the text: there is no selection to move.
///
/// Apple publishes neither metrics nor colours; these are our reading of iOS 17: the font is the
/// 17 pt system font; `.roundedRect` is rounded by 5 pt with a hairline (0.5 pt) border in the
/// separator colour over the secondary grouped background (white in light, 0x1C1C1E in dark), and
/// like `.line` and `.bezel` it insets the text 7 pt from each side; `.line` is a 1 pt border in
/// the label colour, `.bezel` a 1 pt border in system gray (its inner shadow is not drawn). The
/// clear button is a 17 pt disc in the tertiary label colour with a cross in the background
/// colour, in a 27 pt wide area at the right end; the caret is 2 pt wide, as tall as a line of the
/// font, in the tint colour.
open class UITextField: UIControl {
    public enum BorderStyle: Int, Sendable { case none, line, bezel, roundedRect }
    public enum ViewMode: Int, Sendable { case never, whileEditing, unlessEditing, always }
    public enum DidEndEditingReason: Int, Sendable { case committed, cancelled }

    public static let textDidBeginEditingNotification = Notification.Name("UITextFieldTextDidBeginEditingNotification")
    public static let textDidChangeNotification = Notification.Name("UITextFieldTextDidChangeNotification")
    public static let textDidEndEditingNotification = Notification.Name("UITextFieldTextDidEndEditingNotification")

    /// The horizontal inset of the text in a bordered field, and the clear button's area width.
    static let borderedInset: CGFloat = 7, clearButtonWidth: CGFloat = 27

    /// The text (never nil when read, as on iOS); setting it sends nothing.
    open var text: String? {
        get { storedText }
        set { storedText = newValue ?? ""; textChanged() }
    }
    open var attributedText: NSAttributedString? {
        get { NSAttributedString(string: storedText) }
        set { text = newValue?.string }
    }
    /// Shown in the placeholder colour while the text is empty.
    open var placeholder: String? { didSet { setNeedsLayout() } }
    open var attributedPlaceholder: NSAttributedString? {
        get { placeholder.map { NSAttributedString(string: $0) } }
        set { placeholder = newValue?.string }
    }
    open var font: UIFont? = .systemFont(ofSize: 17) { didSet { setNeedsLayout() } }
    open var textColor: UIColor? = .label { didSet { setNeedsLayout() } }
    open var textAlignment: NSTextAlignment = .natural { didSet { setNeedsLayout() } }
    open var borderStyle: BorderStyle = .none { didSet { applyBorder() } }
    open var clearButtonMode: ViewMode = .never { didSet { setNeedsLayout() } }
    open var clearsOnBeginEditing = false
    open var leftView: UIView? {
        didSet { oldValue?.removeFromSuperview(); if let leftView { addSubview(leftView) }; setNeedsLayout() }
    }
    open var leftViewMode: ViewMode = .never { didSet { setNeedsLayout() } }
    open var rightView: UIView? {
        didSet { oldValue?.removeFromSuperview(); if let rightView { addSubview(rightView) }; setNeedsLayout() }
    }
    open var rightViewMode: ViewMode = .never { didSet { setNeedsLayout() } }
    open var background: UIImage? {
        didSet { UIKitCompatibility.notHonoured("UITextField.background", "the border style is drawn instead of a background image") }
    }
    /// Shrinks the text (down to `minimumFontSize`) to fit the width, as a label does.
    open var adjustsFontSizeToFitWidth = false { didSet { setNeedsLayout() } }
    open var minimumFontSize: CGFloat = 0 { didSet { setNeedsLayout() } }
    /// Whether the editing menu offers styles; there is no menu headless.
    open var allowsEditingTextAttributes = false
    open weak var delegate: UITextFieldDelegate?
    /// Whether the field is its window's first responder, being edited.
    open private(set) var isEditing = false

    // UITextInputTraits: accepted for ports; there is no keyboard for them to shape.
    open var keyboardType: UIKeyboardType = .default
    open var returnKeyType: UIReturnKeyType = .default
    open var autocapitalizationType: UITextAutocapitalizationType = .sentences
    open var autocorrectionType: UITextAutocorrectionType = .default
    /// Draws the text as bullets ("•"), as iOS does once typing pauses.
    open var isSecureTextEntry = false { didSet { setNeedsLayout() } }
    open var textContentType: String?
    open var enablesReturnKeyAutomatically = false

    private var storedText = ""
    let textLabel = UILabel(frame: .zero)
    let placeholderLabel = UILabel(frame: .zero)
    let clearButton = UIView(frame: .zero)
    let caret = TextCaret()

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUp()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }

    private func setUp() {
        for label in [textLabel, placeholderLabel] {
            label.isUserInteractionEnabled = false
            addSubview(label)
        }
        clearButton.isUserInteractionEnabled = false
        clearButton.layer.cornerRadius = 17.0 / 2
        for angle in [CGFloat.pi / 4, -CGFloat.pi / 4] {
            let bar = UIView(frame: CGRect(x: 17.0 / 2 - 4, y: 17.0 / 2 - 0.75, width: 8, height: 1.5))
            bar.transform = CGAffineTransform(rotationAngle: angle)
            bar.layer.cornerRadius = 0.75
            bar.isUserInteractionEnabled = false
            clearButton.addSubview(bar)
        }
        addSubview(clearButton)
        addSubview(caret.view)
        applyBorder()
    }

    private func applyBorder() {
        switch borderStyle {
        case .none:
            layer.borderWidth = 0
            layer.cornerRadius = 0
        case .line, .bezel:
            layer.borderWidth = 1
            layer.cornerRadius = 0
        case .roundedRect:
            layer.borderWidth = 0.5
            layer.cornerRadius = 5
            // iOS gives the rounded style its own background unless one is set.
            if backgroundColor == nil { backgroundColor = .secondarySystemGroupedBackground }
        }
        setNeedsLayout()
    }

    open override var intrinsicContentSize: CGSize {
        let font = font ?? .systemFont(ofSize: 17)
        let inset = borderStyle == .none ? 0 : 2 * Self.borderedInset
        let shown = storedText.isEmpty ? (placeholder ?? "") : storedText
        return CGSize(width: ceil(font.width(of: shown)) + inset, height: ceil(font.lineHeight) + (borderStyle == .roundedRect ? 14 : 4))
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }

    // MARK: Rectangles (UIKit's overridable geometry)

    private func shows(_ mode: ViewMode) -> Bool {
        switch mode {
        case .never: return false
        case .always: return true
        case .whileEditing: return isEditing
        case .unlessEditing: return !isEditing
        }
    }

    private var showsClearButton: Bool { !storedText.isEmpty && shows(clearButtonMode) }

    open func borderRect(forBounds bounds: CGRect) -> CGRect { bounds }

    open func textRect(forBounds bounds: CGRect) -> CGRect {
        let inset = borderStyle == .none ? 0 : Self.borderedInset
        var minX = bounds.minX + inset, maxX = bounds.maxX - inset
        if leftView != nil, shows(leftViewMode) { minX = max(minX, leftViewRect(forBounds: bounds).maxX) }
        if showsClearButton {
            maxX = min(maxX, clearButtonRect(forBounds: bounds).minX)
        } else if rightView != nil, shows(rightViewMode) {
            maxX = min(maxX, rightViewRect(forBounds: bounds).minX)
        }
        return CGRect(x: minX, y: bounds.minY, width: max(0, maxX - minX), height: bounds.height)
    }

    open func editingRect(forBounds bounds: CGRect) -> CGRect { textRect(forBounds: bounds) }
    open func placeholderRect(forBounds bounds: CGRect) -> CGRect { textRect(forBounds: bounds) }

    open func clearButtonRect(forBounds bounds: CGRect) -> CGRect {
        let right = rightView != nil && shows(rightViewMode) ? rightViewRect(forBounds: bounds).minX : bounds.maxX - (borderStyle == .none ? 0 : 2)
        return CGRect(x: right - Self.clearButtonWidth, y: bounds.minY, width: Self.clearButtonWidth, height: bounds.height)
    }

    open func leftViewRect(forBounds bounds: CGRect) -> CGRect {
        let size = leftView?.bounds.size ?? .zero
        return CGRect(x: bounds.minX, y: bounds.midY - size.height / 2, width: size.width, height: size.height)
    }

    open func rightViewRect(forBounds bounds: CGRect) -> CGRect {
        let size = rightView?.bounds.size ?? .zero
        return CGRect(x: bounds.maxX - size.width, y: bounds.midY - size.height / 2, width: size.width, height: size.height)
    }

    // MARK: Layout

    open override func layoutSubviews() {
        super.layoutSubviews()
        let font = font ?? .systemFont(ofSize: 17)
        switch borderStyle {
        case .none: break
        case .line: layer.borderColor = UIColor.label.resolvedColor(with: traitCollection).cgColor
        case .bezel: layer.borderColor = UIColor.systemGray.resolvedColor(with: traitCollection).cgColor
        case .roundedRect:
            layer.borderColor = UIColor.separator.resolvedColor(with: traitCollection).cgColor
        }
        let textFrame = isEditing ? editingRect(forBounds: bounds) : textRect(forBounds: bounds)
        for label in [textLabel, placeholderLabel] {
            label.frame = textFrame
            label.font = font
            label.textAlignment = textAlignment
            label.lineBreakMode = .byClipping
        }
        let shown = isSecureTextEntry ? String(repeating: "•", count: storedText.count) : storedText
        textLabel.text = shown
        textLabel.textColor = textColor ?? .label
        textLabel.adjustsFontSizeToFitWidth = adjustsFontSizeToFitWidth
        textLabel.minimumScaleFactor = font.pointSize > 0 ? min(1, minimumFontSize / font.pointSize) : 0
        placeholderLabel.text = placeholder
        placeholderLabel.textColor = .placeholderText
        placeholderLabel.isHidden = !storedText.isEmpty
        textLabel.isHidden = storedText.isEmpty

        clearButton.isHidden = !showsClearButton
        let clearArea = clearButtonRect(forBounds: bounds)
        clearButton.frame = CGRect(x: clearArea.midX - 17.0 / 2, y: clearArea.midY - 17.0 / 2, width: 17, height: 17)
        clearButton.backgroundColor = .tertiaryLabel
        for bar in clearButton.subviews { bar.backgroundColor = .systemBackground }
        if let leftView {
            leftView.isHidden = !shows(leftViewMode)
            leftView.frame = leftViewRect(forBounds: bounds)
        }
        if let rightView {
            rightView.isHidden = !shows(rightViewMode)
            rightView.frame = rightViewRect(forBounds: bounds)
        }

        // The caret at the end of the text, as tall as a line, centred like the text.
        let textWidth = min(font.width(of: shown), textFrame.width)
        let x: CGFloat
        switch textAlignment {
        case .center: x = textFrame.midX + textWidth / 2
        case .right: x = textFrame.maxX
        default: x = textFrame.minX + textWidth
        }
        let height = ceil(font.lineHeight)
        caret.view.frame = CGRect(x: min(x, textFrame.maxX - TextCaret.width / 2), y: textFrame.midY - height / 2,
                                  width: TextCaret.width, height: height)
        caret.view.backgroundColor = tintColor
    }

    private func textChanged() {
        invalidateIntrinsicContentSize()
        setNeedsLayout()
        layoutIfNeeded()
        caret.restart()
    }

    // MARK: Editing

    open override var canBecomeFirstResponder: Bool { isEnabled }

    @discardableResult
    open override func becomeFirstResponder() -> Bool {
        if isFirstResponder { return true }
        guard canBecomeFirstResponder, window != nil, delegate?.textFieldShouldBeginEditing(self) ?? true,
              super.becomeFirstResponder() else { return false }
        isEditing = true
        if clearsOnBeginEditing { storedText = "" }
        setNeedsLayout()
        layoutIfNeeded()
        caret.start(on: window?.clock)
        delegate?.textFieldDidBeginEditing(self)
        sendActions(for: .editingDidBegin)
        NotificationCenter.default.post(name: Self.textDidBeginEditingNotification, object: self)
        return true
    }

    @discardableResult
    open override func resignFirstResponder() -> Bool {
        guard isFirstResponder else { return super.resignFirstResponder() }
        guard delegate?.textFieldShouldEndEditing(self) ?? true, super.resignFirstResponder() else { return false }
        isEditing = false
        caret.stop()
        setNeedsLayout()
        layoutIfNeeded()
        delegate?.textFieldDidEndEditing(self, reason: .committed)
        sendActions(for: .editingDidEnd)
        NotificationCenter.default.post(name: Self.textDidEndEditingNotification, object: self)
        return true
    }

    // MARK: UIKeyInput

    open var hasText: Bool { !storedText.isEmpty }

    /// Types `text` at the end, as a keyboard would; "\n" is the return key.
    open func insertText(_ text: String) {
        guard isEditing else { return }
        var pending = ""
        for character in text {
            if character == "\n" {
                replaceEnd(deleting: 0, with: pending)
                pending = ""
                pressReturn()
            } else {
                pending.append(character)
            }
        }
        replaceEnd(deleting: 0, with: pending)
    }

    /// Deletes the last character, as the delete key does.
    open func deleteBackward() {
        guard isEditing, !storedText.isEmpty else { return }
        replaceEnd(deleting: 1, with: "")
    }

    /// Replaces the last `count` characters with `replacement`, asking the delegate first.
    private func replaceEnd(deleting count: Int, with replacement: String) {
        guard count > 0 || !replacement.isEmpty else { return }
        let utf16 = storedText.utf16.count
        let deleted = String(storedText.suffix(count)).utf16.count
        let range = NSRange(location: utf16 - deleted, length: deleted)
        guard delegate?.textField(self, shouldChangeCharactersIn: range, replacementString: replacement) ?? true else { return }
        storedText = String(storedText.dropLast(count)) + replacement
        textChanged()
        delegate?.textFieldDidChangeSelection(self)
        sendActions(for: .editingChanged)
        NotificationCenter.default.post(name: Self.textDidChangeNotification, object: self)
    }

    private func pressReturn() {
        guard delegate?.textFieldShouldReturn(self) ?? true else { return }
        sendActions(for: [.editingDidEndOnExit, .primaryActionTriggered])
    }

    // MARK: Touches

    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        guard let touch, isTouchInside, bounds.contains(touch.location(in: self)) else { return }
        if isEditing, showsClearButton, clearButtonRect(forBounds: bounds).contains(touch.location(in: self)) {
            guard delegate?.textFieldShouldClear(self) ?? true else { return }
            replaceEnd(deleting: storedText.count, with: "")
            return
        }
        if !isEditing { becomeFirstResponder() }
    }
}

/// The keyboard a text input asks for (accepted for ports; there is no keyboard).
public enum UIKeyboardType: Int, Sendable {
    case `default`, asciiCapable, numbersAndPunctuation, URL, numberPad, phonePad, namePhonePad, emailAddress, decimalPad,
         twitter, webSearch, asciiCapableNumberPad
}

/// The return key's title (accepted for ports; there is no keyboard).
public enum UIReturnKeyType: Int, Sendable {
    case `default`, go, google, join, next, route, search, send, yahoo, done, emergencyCall, `continue`
}

public enum UITextAutocapitalizationType: Int, Sendable { case none, words, sentences, allCharacters }
public enum UITextAutocorrectionType: Int, Sendable { case `default`, no, yes }
