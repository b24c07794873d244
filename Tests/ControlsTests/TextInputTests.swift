import Vocabulary
import Foundation
import DisplayList
import Raster
import TestSupport
import Testing
@testable import Views
@testable import Controls

/// The text field, the text view and the search bar: delegate calls and control events in UIKit's
/// order, the caret blinking on the window's clock, the clear button and side views, placeholders
/// in their grey, and their look in light and dark appearance.
@MainActor @Suite struct TextInputTests: ControlSuite {
    /// Records what a text field tells its delegate, and can refuse.
    private final class FieldLog: UITextFieldDelegate {
        var calls: [String] = []
        var allowsBegin = true, returns = true
        var refused: Set<String> = []
        func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool { calls.append("shouldBegin"); return allowsBegin }
        func textFieldDidBeginEditing(_ textField: UITextField) { calls.append("didBegin") }
        func textFieldShouldEndEditing(_ textField: UITextField) -> Bool { calls.append("shouldEnd"); return true }
        func textFieldDidEndEditing(_ textField: UITextField, reason: UITextField.DidEndEditingReason) { calls.append("didEnd(\(reason))") }
        func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
            calls.append("shouldChange(\(range.location),\(range.length),\(string))")
            return !refused.contains(string)
        }
        func textFieldShouldClear(_ textField: UITextField) -> Bool { calls.append("shouldClear"); return true }
        func textFieldShouldReturn(_ textField: UITextField) -> Bool { calls.append("shouldReturn"); return returns }
    }

    /// Counts notifications (posted on the main thread, synchronously, by the field).
    private final class NotificationCount: @unchecked Sendable {
        private(set) var value = 0
        func increment() { value += 1 }
    }

    private func field(_ window: UIWindow, style: UITextField.BorderStyle = .roundedRect) -> UITextField {
        let field = UITextField(frame: CGRect(x: 20, y: 20, width: 300, height: 34))
        field.borderStyle = style
        window.addSubview(field)
        field.layoutIfNeeded()
        return field
    }

    // MARK: Text field

    @Test func editingBeginsOnATapAndTypedTextSendsEventsInUIKitsOrder() {
        let window = window()
        let field = field(window)
        let log = FieldLog()
        field.delegate = log
        field.addAction(UIAction { _ in log.calls.append("editingDidBegin") }, for: .editingDidBegin)
        field.addAction(UIAction { _ in log.calls.append("editingChanged:\(field.text ?? "")") }, for: .editingChanged)
        field.addAction(UIAction { _ in log.calls.append("editingDidEndOnExit") }, for: .editingDidEndOnExit)
        field.addAction(UIAction { _ in log.calls.append("editingDidEnd") }, for: .editingDidEnd)
        let notified = NotificationCount()
        let observer = NotificationCenter.default.addObserver(forName: UITextField.textDidChangeNotification, object: field, queue: nil) { _ in
            notified.increment()
        }
        defer { NotificationCenter.default.removeObserver(observer) }

        field.insertText("ignored")
        #expect(field.text == "" && log.calls.isEmpty, "no typing before editing begins")
        tap(window, at: CGPoint(x: 100, y: 37), time: 0.1)
        #expect(field.isEditing && field.isFirstResponder)
        field.insertText("Hi")
        log.refused = ["!"]
        field.insertText("!")
        field.deleteBackward()
        field.insertText("\n")
        #expect(field.resignFirstResponder())
        #expect(log.calls == ["shouldBegin", "didBegin", "editingDidBegin",
                              "shouldChange(0,0,Hi)", "editingChanged:Hi",
                              "shouldChange(2,0,!)",
                              "shouldChange(1,1,)", "editingChanged:H",
                              "shouldReturn", "editingDidEndOnExit",
                              "shouldEnd", "didEnd(committed)", "editingDidEnd"])
        #expect(notified.value == 2 && field.text == "H" && !field.isEditing)
        // Set in code: nothing is sent.
        log.calls = []
        field.text = "Set"
        #expect(log.calls.isEmpty && field.text == "Set")
    }

    @Test func secureEntryShowsBulletsAndTheCaretFollowsThem() {
        let window = window()
        let field = field(window)
        field.isSecureTextEntry = true
        field.text = "secret"
        field.layoutIfNeeded()
        #expect(field.textLabel.text == "••••••" && field.text == "secret")
        let width = UIFont.systemFont(ofSize: 17).width(of: "••••••")
        #expect(abs(field.caret.view.frame.minX - (7 + width)) < 1e-9)
    }

    @Test func aDelegateCanRefuseToBeginAndAFieldOutOfAWindowCannotBegin() {
        let log = FieldLog()
        let orphan = UITextField(frame: CGRect(x: 0, y: 0, width: 100, height: 30))
        #expect(orphan.canBecomeFirstResponder && !orphan.becomeFirstResponder())
        let window = window()
        let field = field(window)
        field.delegate = log
        log.allowsBegin = false
        #expect(!field.becomeFirstResponder() && !field.isEditing && log.calls == ["shouldBegin"])
    }

    @Test func theCaretBlinksHalfASecondOnHalfASecondOffAndRestartsOnTyping() {
        let window = window()
        let field = field(window)
        field.text = "Hello"
        window.advance(to: 1)
        #expect(field.caret.view.isHidden)
        #expect(field.becomeFirstResponder())
        var shown: [Bool] = []
        for frame in 0..<12 {
            window.advance(to: 1 + Double(frame) / 6)
            shown.append(!field.caret.view.isHidden)
        }
        #expect(shown == [true, true, true, false, false, false, true, true, true, false, false, false])
        // Typing at 2.9 s (hidden) shows it again for a full half second.
        window.advance(to: 2.9)
        #expect(field.caret.view.isHidden)
        field.insertText("!")
        #expect(!field.caret.view.isHidden)
        window.advance(to: 3.35)
        #expect(!field.caret.view.isHidden)
        window.advance(to: 3.45)
        #expect(field.caret.view.isHidden)
        // After the text, inset 7 pt: x = 7 + width of "Hello!".
        let font = UIFont.systemFont(ofSize: 17)
        #expect(abs(field.caret.view.frame.minX - (7 + font.width(of: "Hello!"))) < 1e-9)
        field.resignFirstResponder()
        window.advance(to: 4)
        #expect(field.caret.view.isHidden)
        // Drawn in the tint colour while shown.
        field.becomeFirstResponder()
        let caretCentre = field.convert(CGPoint(x: field.caret.view.frame.midX, y: field.caret.view.frame.midY), to: window)
        let canvas = draw(window, at: 4.1)
        #expect(near(canvas.pixel(x: Int(2 * caretCentre.x), y: Int(2 * caretCentre.y)), Color(rgb: 0x007AFF), 30))
    }

    @Test func theClearButtonShowsWhileEditingWithTextAndClears() {
        let window = window()
        let field = field(window)
        let log = FieldLog()
        field.delegate = log
        field.clearButtonMode = .whileEditing
        field.text = "Clear me"
        field.layoutIfNeeded()
        #expect(field.clearButton.isHidden, "not while not editing")
        #expect(field.becomeFirstResponder())
        #expect(!field.clearButton.isHidden)
        #expect(field.clearButton.frame == CGRect(x: 300 - 2 - 27 + 5, y: 8.5, width: 17, height: 17))
        #expect(abs(field.textLabel.frame.maxX - (300 - 2 - 27)) < 1e-9, "the text stops at the button")
        var changes = 0
        field.addAction(UIAction { _ in changes += 1 }, for: .editingChanged)
        tap(window, at: CGPoint(x: 20 + 285, y: 37), time: 0.2)
        #expect(field.text == "" && changes == 1 && log.calls.suffix(2) == ["shouldClear", "shouldChange(0,8,)"])
        #expect(field.clearButton.isHidden && field.isEditing)
    }

    @Test func sideViewsShowByTheirModesAndTheTextMakesRoom() {
        let window = window()
        let field = field(window, style: .none)
        let left = UIView(frame: CGRect(x: 0, y: 0, width: 24, height: 24))
        let right = UIView(frame: CGRect(x: 0, y: 0, width: 30, height: 20))
        field.leftView = left
        field.leftViewMode = .always
        field.rightView = right
        field.rightViewMode = .unlessEditing
        field.layoutIfNeeded()
        #expect(left.frame == CGRect(x: 0, y: 5, width: 24, height: 24) && right.frame == CGRect(x: 270, y: 7, width: 30, height: 20))
        #expect(field.textLabel.frame == CGRect(x: 24, y: 0, width: 246, height: 34))
        field.becomeFirstResponder()
        #expect(right.isHidden && !left.isHidden && field.textLabel.frame.width == 276)
    }

    @Test func thePlaceholderIsGreyAndTheTextIsTheLabelColour() {
        let window = window()
        let field = field(window, style: .none)
        field.font = .systemFont(ofSize: 40)
        field.placeholder = "■"
        let placeholderCanvas = draw(window, at: 0)
        field.text = "■"
        let textCanvas = draw(window, at: 0.1)
        // The middle of the square glyph, 7 pt in.
        let glyphWidth = field.font!.width(of: "■")
        let point = (x: Int(2 * (20 + glyphWidth / 2)), y: 2 * 37)
        #expect(near(placeholderCanvas.pixel(x: point.x, y: point.y), Color(rgb: 0xC4C4C6)), "\(placeholderCanvas.pixel(x: point.x, y: point.y))")
        #expect(near(textCanvas.pixel(x: point.x, y: point.y), .black))
    }

    // MARK: Text view

    private final class ViewLog: UITextViewDelegate {
        var calls: [String] = []
        func textViewShouldBeginEditing(_ textView: UITextView) -> Bool { calls.append("shouldBegin"); return true }
        func textViewDidBeginEditing(_ textView: UITextView) { calls.append("didBegin") }
        func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool {
            calls.append("shouldChange(\(range.location),\(text))")
            return true
        }
        func textViewDidChange(_ textView: UITextView) { calls.append("didChange") }
        func textViewDidEndEditing(_ textView: UITextView) { calls.append("didEnd") }
    }

    @Test func aTextViewWrapsGrowsAndScrollsToKeepTheCaretInView() {
        let window = window(height: 200)
        let view = UITextView(frame: CGRect(x: 20, y: 20, width: 200, height: 100))
        view.font = .systemFont(ofSize: 17)
        window.addSubview(view)
        let log = ViewLog()
        view.delegate = log
        #expect(view.becomeFirstResponder())
        let line = UIFont.systemFont(ofSize: 17).lineHeight
        view.insertText("One")
        #expect(abs(view.caret.view.frame.minY - 8) < 1e-9 && abs(view.caret.view.frame.minX - (5 + UIFont.systemFont(ofSize: 17).width(of: "One"))) < 1e-9)
        view.insertText("\n")
        #expect(abs(view.caret.view.frame.minY - (8 + line)) < 1e-9 && view.caret.view.frame.minX == 5, "\(view.caret.view.frame)")
        for _ in 0..<6 { view.insertText("\nmore") }
        // Eight lines: the content is taller than the view, which has scrolled to the caret.
        #expect(view.contentSize.height == ceil(8 * line + 16))
        #expect(abs(view.contentOffset.y - (view.contentSize.height - 100)) < 1e-9, "scrolled to the end")
        #expect(log.calls.prefix(5) == ["shouldBegin", "didBegin", "shouldChange(0,One)", "didChange", "shouldChange(3,\n)"])
        // Long text wraps within 200 − 2 × 5 pt.
        view.text = String(repeating: "word ", count: 30)
        #expect(view.textLabel.frame.width == 190 && view.textLabel.frame.height > 4 * line)
        view.isEditable = false
        #expect(!view.isFirstResponder && log.calls.last == "didEnd")
    }

    @Test func aTapBeginsEditingATextView() {
        let window = window(height: 200)
        let view = UITextView(frame: CGRect(x: 20, y: 20, width: 200, height: 100))
        view.text = "Tap me"
        window.addSubview(view)
        tap(window, at: CGPoint(x: 60, y: 40), time: 0.1)
        window.advance(to: 0.5)
        #expect(view.isFirstResponder && !view.caret.view.isHidden)
    }

    // MARK: Search bar

    private final class SearchLog: UISearchBarDelegate {
        var calls: [String] = []
        func searchBarTextDidBeginEditing(_ searchBar: UISearchBar) { calls.append("didBegin") }
        func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String) { calls.append("textDidChange:\(searchText)") }
        func searchBarSearchButtonClicked(_ searchBar: UISearchBar) { calls.append("search") }
        func searchBarCancelButtonClicked(_ searchBar: UISearchBar) { calls.append("cancel") }
        func searchBarTextDidEndEditing(_ searchBar: UISearchBar) { calls.append("didEnd") }
    }

    @Test func aSearchBarTellsItsDelegateWhatIOSTellsIt() {
        let window = window()
        let bar = UISearchBar(frame: CGRect(x: 0, y: 20, width: 340, height: 0))
        #expect(bar.frame.height == 56)
        window.addSubview(bar)
        let log = SearchLog()
        bar.delegate = log
        bar.showsCancelButton = true
        bar.layoutIfNeeded()
        #expect(bar.searchTextField.frame.minX == 8 && bar.searchTextField.frame.height == 36)
        #expect(bar.cancelLabel.frame.maxX == 332 && bar.searchTextField.frame.maxX == bar.cancelLabel.frame.minX - 8)
        tap(window, at: CGPoint(x: 100, y: 48), time: 0.1)
        bar.searchTextField.insertText("cats")
        bar.searchTextField.insertText("\n")
        bar.text = "dogs"
        tap(window, at: CGPoint(x: bar.cancelLabel.frame.midX, y: 48), time: 0.5)
        bar.resignFirstResponder()
        #expect(log.calls == ["didBegin", "textDidChange:cats", "search", "cancel", "didEnd"])
        #expect(bar.text == "dogs" && bar.searchTextField.placeholder == "Search")
    }

    @Test func theSearchFieldIsTheTertiaryFillWithAGreyGlyph() {
        let window = window()
        let bar = UISearchBar(frame: CGRect(x: 0, y: 20, width: 340, height: 56))
        window.addSubview(bar)
        let canvas = draw(window, at: 0)
        // The field's fill to the right (0x767680 at 12 % over white), the ring of the glyph (grey).
        #expect(near(canvas.pixel(x: 2 * 300, y: 2 * 48), Color(rgb: 0xEFEFF0)))
        let ring = canvas.pixel(x: Int(2 * (8 + 14.5 - 5.75)), y: Int(2 * (48 - 10 + 8.5)))
        #expect(ring.red < 200 && ring.red > 100, "\(ring)")
    }

    // MARK: Reference images

    /// Text fields in each border style (one with text and a caret while editing, one with a
    /// placeholder), a text view and a search bar with Cancel, in light and dark. Metrics and
    /// colours are our reading of iOS 17 (see each type's documentation).
    @Test(arguments: [UIUserInterfaceStyle.light, .dark])
    func textInputsLookAsIOSDrawsThem(_ style: UIUserInterfaceStyle) {
        let window = window(style, height: 330)
        let rounded = UITextField(frame: CGRect(x: 20, y: 20, width: 300, height: 34))
        rounded.borderStyle = .roundedRect
        rounded.placeholder = "Name"
        let line = UITextField(frame: CGRect(x: 20, y: 64, width: 145, height: 30))
        line.borderStyle = .line
        line.text = "Line"
        let bezel = UITextField(frame: CGRect(x: 175, y: 64, width: 145, height: 30))
        bezel.borderStyle = .bezel
        bezel.text = "Bezel"
        let editing = UITextField(frame: CGRect(x: 20, y: 104, width: 300, height: 34))
        editing.borderStyle = .roundedRect
        editing.clearButtonMode = .whileEditing
        editing.text = "Editing"
        for field in [rounded, line, bezel, editing] { window.addSubview(field) }
        let text = UITextView(frame: CGRect(x: 20, y: 148, width: 300, height: 90))
        text.font = .systemFont(ofSize: 15)
        text.backgroundColor = .secondarySystemBackground
        text.text = "A text view wraps its text over several lines within the container's insets, as iOS lays it out."
        window.addSubview(text)
        let search = UISearchBar(frame: CGRect(x: 0, y: 250, width: 340, height: 56))
        search.showsCancelButton = true
        window.addSubview(search)
        editing.becomeFirstResponder()
        expectMatchesReference(draw(window, at: 0.1), area: "controls", name: "text_inputs_\(style == .dark ? "dark" : "light")")
    }
}
