import Vocabulary
import Foundation
import Views

/// What a search bar tells its delegate, as UIKit's `UISearchBarDelegate` (every member optional).
@preconcurrency @MainActor
public protocol UISearchBarDelegate: AnyObject {
    func searchBarShouldBeginEditing(_ searchBar: UISearchBar) -> Bool
    func searchBarTextDidBeginEditing(_ searchBar: UISearchBar)
    func searchBarShouldEndEditing(_ searchBar: UISearchBar) -> Bool
    func searchBarTextDidEndEditing(_ searchBar: UISearchBar)
    func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String)
    func searchBar(_ searchBar: UISearchBar, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool
    func searchBarSearchButtonClicked(_ searchBar: UISearchBar)
    func searchBarCancelButtonClicked(_ searchBar: UISearchBar)
}

extension UISearchBarDelegate {
    public func searchBarShouldBeginEditing(_ searchBar: UISearchBar) -> Bool { true }
    public func searchBarTextDidBeginEditing(_ searchBar: UISearchBar) {}
    public func searchBarShouldEndEditing(_ searchBar: UISearchBar) -> Bool { true }
    public func searchBarTextDidEndEditing(_ searchBar: UISearchBar) {}
    public func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String) {}
    public func searchBar(_ searchBar: UISearchBar, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool { true }
    public func searchBarSearchButtonClicked(_ searchBar: UISearchBar) {}
    public func searchBarCancelButtonClicked(_ searchBar: UISearchBar) {}
}

/// iOS 13's search field: a text field with a magnifying glass at its left, a rounded light fill
/// and a clear button while editing.
open class UISearchTextField: UITextField {
    let magnifier = MagnifierGlyph(frame: CGRect(x: 0, y: 0, width: 30, height: 20))

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUpSearchField()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUpSearchField()
    }

    private func setUpSearchField() {
        backgroundColor = .tertiarySystemFill
        layer.cornerRadius = 10
        clearButtonMode = .whileEditing
        leftView = magnifier
        leftViewMode = .always
        placeholder = "Search"
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        placeholderLabel.textColor = .secondaryLabel
        magnifier.setNeedsDisplay()
    }
}

/// The magnifying glass, drawn as a path (SF Symbols cannot be shipped): a ring and a handle in the
/// secondary label colour.
final class MagnifierGlyph: UIView {
    override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
        isOpaque = false
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    override func draw(_ rect: CGRect) {
        UIColor.secondaryLabel.resolvedColor(with: traitCollection).setStroke()
        let centre = CGPoint(x: 14.5, y: 8.5), radius: CGFloat = 5.75
        let ring = UIBezierPath(arcCenter: centre, radius: radius, startAngle: 0, endAngle: 2 * .pi, clockwise: true)
        ring.lineWidth = 1.8
        ring.stroke()
        let handle = UIBezierPath()
        let start = radius * 0.7071 + 0.6
        handle.move(to: CGPoint(x: centre.x + start, y: centre.y + start))
        handle.addLine(to: CGPoint(x: centre.x + 9.5, y: centre.y + 9.5))
        handle.lineWidth = 2.2
        handle.lineCapStyle = .round
        handle.stroke()
    }
}

/// UIKit's search bar: a rounded search field ("Search" as its placeholder, a magnifying glass
/// drawn as a path) and, with `showsCancelButton`, a "Cancel" button in the tint colour.
///
/// The delegate hears what iOS tells it: `searchBarShouldBeginEditing` and
/// `searchBarTextDidBeginEditing` when the field is tapped or `becomeFirstResponder()` is called,
/// `searchBar(_:textDidChange:)` for every typed change (not for `text` set in code, as on
/// iOS), `searchBarSearchButtonClicked` for the return key ("\n" through `insertText`),
/// `searchBarCancelButtonClicked` for a tap on Cancel, and the end of editing.
///
/// Apple publishes neither metrics nor colours; these are our reading of iOS 17: the bar is 56 pt
/// high; the field 36 pt high, 8 pt in from the sides (and from Cancel), rounded by 10 pt, in the
/// tertiary fill (0x767680 at 12 % in light, 24 % in dark); the glyph and the placeholder in the
/// secondary label colour (0x3C3C43 at 60 % in light, 0xEBEBF5 at 60 % in dark); 17 pt text;
/// "Cancel" in the 17 pt system font. The `.default` style's bar background is not drawn (the bar
/// shows what is behind it, as `.minimal`), and scope buttons are not drawn.
open class UISearchBar: UIView {
    public enum Style: UInt, Sendable { case `default`, prominent, minimal }

    /// The bar's height, the field's height and the margins around the field.
    public static let standardHeight: CGFloat = 56
    static let fieldHeight: CGFloat = 36, margin: CGFloat = 8

    public let searchTextField = UISearchTextField(frame: .zero)
    open weak var delegate: UISearchBarDelegate?

    open var text: String? {
        get { searchTextField.text }
        set { searchTextField.text = newValue }
    }
    /// The field's placeholder ("Search" when nil, as on iOS).
    open var placeholder: String? {
        didSet { searchTextField.placeholder = placeholder ?? "Search" }
    }
    open var showsCancelButton = false { didSet { setNeedsLayout() } }
    /// The bar's style; no style draws a bar background (see the type's note).
    open var searchBarStyle: Style = .default
    open var barTintColor: UIColor? {
        didSet { if barTintColor != nil { UIKitCompatibility.notHonoured("UISearchBar.barTintColor", "no bar background is drawn") } }
    }
    open var prompt: String? {
        didSet { if prompt != nil { UIKitCompatibility.notHonoured("UISearchBar.prompt", "the prompt line above the field is not drawn") } }
    }
    open var scopeButtonTitles: [String]? {
        didSet { if scopeButtonTitles != nil { UIKitCompatibility.notHonoured("UISearchBar.scopeButtonTitles", "scope buttons are not drawn") } }
    }
    open var selectedScopeButtonIndex = 0
    open var showsScopeBar = false
    open var showsBookmarkButton = false {
        didSet { if showsBookmarkButton { UIKitCompatibility.notHonoured("UISearchBar.showsBookmarkButton", "the bookmark button is not drawn") } }
    }
    open var isTranslucent = true
    open var keyboardType: UIKeyboardType {
        get { searchTextField.keyboardType }
        set { searchTextField.keyboardType = newValue }
    }
    open var returnKeyType: UIReturnKeyType {
        get { searchTextField.returnKeyType }
        set { searchTextField.returnKeyType = newValue }
    }

    let cancelLabel = UILabel(frame: .zero)
    private lazy var relay = FieldRelay(bar: self)

    public override init(frame: CGRect) {
        super.init(frame: CGRect(origin: frame.origin, size: CGSize(width: frame.width, height: frame.height == 0 ? Self.standardHeight : frame.height)))
        setUp()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }

    private func setUp() {
        searchTextField.delegate = relay
        searchTextField.addAction(UIAction { [weak self] _ in
            guard let self else { return }
            self.delegate?.searchBar(self, textDidChange: self.searchTextField.text ?? "")
        }, for: .editingChanged)
        searchTextField.addAction(UIAction { [weak self] _ in
            guard let self else { return }
            self.delegate?.searchBarSearchButtonClicked(self)
        }, for: .editingDidEndOnExit)
        addSubview(searchTextField)
        cancelLabel.text = "Cancel"
        cancelLabel.isUserInteractionEnabled = true
        cancelLabel.addGestureRecognizer(UITapGestureRecognizer(target: self, action: UISearchBar.cancelTapped))
        addSubview(cancelLabel)
    }

    open func setShowsCancelButton(_ showsCancelButton: Bool, animated: Bool) {
        self.showsCancelButton = showsCancelButton
        guard animated else { return layoutIfNeeded() }
        UIView.animate(withDuration: 0.25, delay: 0, options: [.beginFromCurrentState], animations: { self.layoutIfNeeded() })
    }

    open override var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: Self.standardHeight) }
    open override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: size.width, height: Self.standardHeight) }

    open override func layoutSubviews() {
        super.layoutSubviews()
        cancelLabel.font = .systemFont(ofSize: 17)
        cancelLabel.textColor = tintColor
        let cancelWidth = ceil(cancelLabel.font.width(of: "Cancel"))
        let right = showsCancelButton ? bounds.maxX - Self.margin - cancelWidth - Self.margin : bounds.maxX - Self.margin
        searchTextField.frame = CGRect(x: Self.margin, y: bounds.midY - Self.fieldHeight / 2,
                                       width: max(0, right - Self.margin), height: Self.fieldHeight)
        cancelLabel.frame = CGRect(x: showsCancelButton ? right + Self.margin : bounds.maxX, y: bounds.midY - Self.fieldHeight / 2,
                                   width: cancelWidth, height: Self.fieldHeight)
        cancelLabel.alpha = showsCancelButton ? 1 : 0
    }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        setNeedsLayout()
    }

    open override var canBecomeFirstResponder: Bool { true }
    open override var isFirstResponder: Bool { searchTextField.isFirstResponder }

    @discardableResult
    open override func becomeFirstResponder() -> Bool { searchTextField.becomeFirstResponder() }

    @discardableResult
    open override func resignFirstResponder() -> Bool { searchTextField.resignFirstResponder() }

    private func cancelTapped() {
        guard showsCancelButton else { return }
        delegate?.searchBarCancelButtonClicked(self)
    }

    /// Turns the field's delegate calls into the search bar's.
    private final class FieldRelay: UITextFieldDelegate {
        weak var bar: UISearchBar?
        init(bar: UISearchBar) { self.bar = bar }

        func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool {
            guard let bar else { return true }
            return bar.delegate?.searchBarShouldBeginEditing(bar) ?? true
        }
        func textFieldDidBeginEditing(_ textField: UITextField) {
            guard let bar else { return }
            bar.delegate?.searchBarTextDidBeginEditing(bar)
        }
        func textFieldShouldEndEditing(_ textField: UITextField) -> Bool {
            guard let bar else { return true }
            return bar.delegate?.searchBarShouldEndEditing(bar) ?? true
        }
        func textFieldDidEndEditing(_ textField: UITextField) {
            guard let bar else { return }
            bar.delegate?.searchBarTextDidEndEditing(bar)
        }
        func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
            guard let bar else { return true }
            return bar.delegate?.searchBar(bar, shouldChangeTextIn: range, replacementText: string) ?? true
        }
    }
}
