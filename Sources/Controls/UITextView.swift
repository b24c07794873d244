import Vocabulary
import Foundation
import Views

/// What a text view asks and tells its delegate, as UIKit's `UITextViewDelegate` (a scroll view
/// delegate too; every member optional).
@preconcurrency @MainActor
public protocol UITextViewDelegate: UIScrollViewDelegate {
    func textViewShouldBeginEditing(_ textView: UITextView) -> Bool
    func textViewDidBeginEditing(_ textView: UITextView)
    func textViewShouldEndEditing(_ textView: UITextView) -> Bool
    func textViewDidEndEditing(_ textView: UITextView)
    func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool
    func textViewDidChange(_ textView: UITextView)
    func textViewDidChangeSelection(_ textView: UITextView)
}

extension UITextViewDelegate {
    public func textViewShouldBeginEditing(_ textView: UITextView) -> Bool { true }
    public func textViewDidBeginEditing(_ textView: UITextView) {}
    public func textViewShouldEndEditing(_ textView: UITextView) -> Bool { true }
    public func textViewDidEndEditing(_ textView: UITextView) {}
    public func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool { true }
    public func textViewDidChange(_ textView: UITextView) {}
    public func textViewDidChangeSelection(_ textView: UITextView) {}
}

/// UIKit's multi-line text view: text wrapped to the width (as a label with `numberOfLines = 0`
/// wraps it), inset by `textContainerInset` and the container's 5 pt line-fragment padding, in a
/// scroll view whose content grows with the text and scrolls vertically.
///
/// Editing begins with a tap (when `isEditable`) or `becomeFirstResponder()`: the delegate is asked
/// `textViewShouldBeginEditing`, then told `textViewDidBeginEditing`, and a caret blinks after the
/// last character (0.5 s shown, 0.5 s hidden, on the window's clock). Text arrives through
/// `insertText(_:)` and `deleteBackward()`, where "\n" starts a new line; each change asks
/// `textView(_:shouldChangeTextIn:replacementText:)`, then calls `textViewDidChange` and posts
/// `textDidChangeNotification`, and the view scrolls to keep the caret visible. Setting `text` in
/// code tells nobody, as on iOS. There is no selection to move: the caret stays at the end.
///
/// Defaults are UIKit's: the 12 pt system font when `font` is nil, the label colour, the system
/// background, insets of 8 pt above and below.
open class UITextView: UIScrollView {
    public static let textDidBeginEditingNotification = Notification.Name("UITextViewTextDidBeginEditingNotification")
    public static let textDidChangeNotification = Notification.Name("UITextViewTextDidChangeNotification")
    public static let textDidEndEditingNotification = Notification.Name("UITextViewTextDidEndEditingNotification")
    /// The text container's padding at each end of a line (NSTextContainer's default).
    public static let lineFragmentPadding: CGFloat = 5

    open var text: String! {
        get { storedText }
        set { storedText = newValue ?? ""; textChanged() }
    }
    open var attributedText: NSAttributedString! {
        get { NSAttributedString(string: storedText) }
        set { text = newValue?.string }
    }
    open var font: UIFont? { didSet { setNeedsLayout() } }
    open var textColor: UIColor? { didSet { setNeedsLayout() } }
    open var textAlignment: NSTextAlignment = .natural { didSet { setNeedsLayout() } }
    open var textContainerInset = UIEdgeInsets(top: 8, left: 0, bottom: 8, right: 0) { didSet { setNeedsLayout() } }
    open var isEditable = true { didSet { if !isEditable, isFirstResponder { resignFirstResponder() } } }
    open var isSelectable = true
    /// Whether editing is under way (the view is its window's first responder).
    public private(set) var isEditing = false

    /// The scroll view's `delegate` as a text view's (Swift cannot narrow a stored property's
    /// type in a subclass, so `delegate` stays the scroll view's property).
    public var textViewDelegate: UITextViewDelegate? { delegate as? UITextViewDelegate }

    private var storedText = ""
    let textLabel = UILabel(frame: .zero)
    let caret = TextCaret()
    /// Follows taps (a text view is not a control).
    private lazy var tap = UITapGestureRecognizer(target: self, action: UITextView.tapped)

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUp()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }

    private func setUp() {
        backgroundColor = .systemBackground
        alwaysBounceVertical = true
        textLabel.numberOfLines = 0
        textLabel.lineBreakMode = .byWordWrapping
        addSubview(textLabel)
        addSubview(caret.view)
        addGestureRecognizer(tap)
    }

    private var shownFont: UIFont { font ?? .systemFont(ofSize: 12) }
    private var textWidth: CGFloat {
        max(0, bounds.width - textContainerInset.left - textContainerInset.right - 2 * Self.lineFragmentPadding)
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        let height = textLabel.sizeThatFits(CGSize(width: textWidth, height: 0)).height
        return CGSize(width: size.width, height: max(height, ceil(shownFont.lineHeight)) + textContainerInset.top + textContainerInset.bottom)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        textLabel.font = shownFont
        textLabel.textColor = textColor ?? .label
        textLabel.textAlignment = textAlignment
        textLabel.text = storedText
        let lineHeight = ceil(shownFont.lineHeight)
        let left = textContainerInset.left + Self.lineFragmentPadding
        let lines = storedText.isEmpty ? [] : textLabel.layOut(storedText, width: textWidth, height: .greatestFiniteMagnitude)
        let textHeight = shownFont.lineHeight * CGFloat(lines.count)
        textLabel.frame = CGRect(x: left, y: textContainerInset.top, width: textWidth, height: textHeight)
        // A final "\n" opens an empty line the caret sits on (the line layout may or may not list it).
        let opensLine = storedText.hasSuffix("\n") && lines.last != ""
        let caretLine = max(0, lines.count - 1) + (opensLine ? 1 : 0)
        let last = storedText.hasSuffix("\n") ? "" : (lines.last ?? "")
        let lastWidth = min(shownFont.width(of: last), textWidth)
        let caretX: CGFloat
        switch textAlignment {
        case .center: caretX = left + (textWidth + lastWidth) / 2
        case .right: caretX = left + textWidth
        default: caretX = left + lastWidth
        }
        caret.view.frame = CGRect(x: caretX, y: textContainerInset.top + shownFont.lineHeight * CGFloat(caretLine),
                                  width: TextCaret.width, height: lineHeight)
        caret.view.backgroundColor = tintColor
        let contentHeight = shownFont.lineHeight * CGFloat(caretLine + 1) + textContainerInset.top + textContainerInset.bottom
        let size = CGSize(width: bounds.width, height: ceil(max(contentHeight, textHeight + textContainerInset.top + textContainerInset.bottom)))
        if contentSize != size { contentSize = size }
    }

    private func textChanged() {
        setNeedsLayout()
        layoutIfNeeded()
        caret.restart()
    }

    // MARK: Editing

    open override var canBecomeFirstResponder: Bool { isEditable }

    @discardableResult
    open override func becomeFirstResponder() -> Bool {
        if isFirstResponder { return true }
        guard canBecomeFirstResponder, window != nil, textViewDelegate?.textViewShouldBeginEditing(self) ?? true,
              super.becomeFirstResponder() else { return false }
        isEditing = true
        layoutIfNeeded()
        caret.start(on: window?.clock)
        textViewDelegate?.textViewDidBeginEditing(self)
        NotificationCenter.default.post(name: Self.textDidBeginEditingNotification, object: self)
        return true
    }

    @discardableResult
    open override func resignFirstResponder() -> Bool {
        guard isFirstResponder else { return super.resignFirstResponder() }
        guard textViewDelegate?.textViewShouldEndEditing(self) ?? true, super.resignFirstResponder() else { return false }
        isEditing = false
        caret.stop()
        textViewDelegate?.textViewDidEndEditing(self)
        NotificationCenter.default.post(name: Self.textDidEndEditingNotification, object: self)
        return true
    }

    open var hasText: Bool { !storedText.isEmpty }

    /// Types `text` at the end, as a keyboard would ("\n" is a new line).
    open func insertText(_ text: String) {
        replaceEnd(deleting: 0, with: text)
    }

    open func deleteBackward() {
        guard !storedText.isEmpty else { return }
        replaceEnd(deleting: 1, with: "")
    }

    private func replaceEnd(deleting count: Int, with replacement: String) {
        guard isEditing, count > 0 || !replacement.isEmpty else { return }
        let deleted = String(storedText.suffix(count)).utf16.count
        let range = NSRange(location: storedText.utf16.count - deleted, length: deleted)
        guard textViewDelegate?.textView(self, shouldChangeTextIn: range, replacementText: replacement) ?? true else { return }
        storedText = String(storedText.dropLast(count)) + replacement
        textChanged()
        scrollCaretIntoView()
        textViewDelegate?.textViewDidChangeSelection(self)
        textViewDelegate?.textViewDidChange(self)
        NotificationCenter.default.post(name: Self.textDidChangeNotification, object: self)
    }

    /// Scrolls (at once) so the caret's line shows above the bottom inset, as typing does on iOS.
    private func scrollCaretIntoView() {
        let bottom = caret.view.frame.maxY + textContainerInset.bottom
        let maxOffset = max(0, contentSize.height - bounds.height)
        if bottom > contentOffset.y + bounds.height { contentOffset.y = min(maxOffset, bottom - bounds.height) }
    }

    /// Scrolls so `range` shows; the caret is always at the end, so this shows the end of the text.
    open func scrollRangeToVisible(_ range: NSRange) {
        contentOffset.y = max(0, contentSize.height - bounds.height)
    }

    private func tapped() {
        if isEditable, !isFirstResponder { becomeFirstResponder() }
    }
}
