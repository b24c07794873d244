import Foundation
import Raster

public enum NSTextAlignment: Int, Sendable {
    case left, center, right, justified, natural
}

public enum NSLineBreakMode: Int, Sendable {
    case byWordWrapping, byCharWrapping, byClipping, byTruncatingHead, byTruncatingTail, byTruncatingMiddle
}

/// UIKit's label: text in a font and colour, aligned, on one line or wrapped at word boundaries
/// over `numberOfLines` (0: as many as fit), the last line truncated with "…" when the text does
/// not fit: at its end (`.byTruncatingTail`, the default), start or middle; or cut (`.byClipping`,
/// `.byWordWrapping`), or wrapped at any character (`.byCharWrapping`). Styled text comes through
/// `attributedText` (see AttributedText.swift). The text block is centred vertically in the
/// bounds, as UIKit centres it; lines that do not fit the bounds' height are left out.
///
///     let label = UILabel(frame: CGRect(x: 0, y: 0, width: 120, height: 60))
///     label.text = "Springs pull every cell home"
///     label.numberOfLines = 0
///     label.font = .systemFont(ofSize: 15, weight: .semibold)
///     label.sizeToFit()
open class UILabel: UIView, TraitChangeResponding {
    open var text: String? {
        didSet {
            if !settingAttributed { storedAttributedText = nil }
            setNeedsDisplay()
        }
    }
    /// The text's font, 17 pt system by default. Implicitly unwrapped, as UIKit's: setting nil
    /// restores the default.
    open var font: UIFont! {
        get { storedFont }
        set {
            storedFont = newValue ?? .systemFont(ofSize: 17)
            if adjustsFontForContentSizeCategory, window != nil { storedFont = storedFont.adjusted(to: traitCollection) }
            setNeedsDisplay()
        }
    }
    private var storedFont: UIFont = .systemFont(ofSize: 17)
    open var textColor: UIColor = .label { didSet { setNeedsDisplay() } }
    open var textAlignment: NSTextAlignment = .natural { didSet { setNeedsDisplay() } }
    open var numberOfLines = 1 { didSet { setNeedsDisplay() } }
    open var lineBreakMode: NSLineBreakMode = .byTruncatingTail { didSet { setNeedsDisplay() } }
    open var isEnabled = true { didSet { setNeedsDisplay() } }
    /// Drawn in place of `textColor` while the label is highlighted (a selected cell's label).
    open var highlightedTextColor: UIColor? { didSet { setNeedsDisplay() } }
    open var isHighlighted = false { didSet { setNeedsDisplay() } }
    /// Styled text: fonts, colours, kerning, underline and strikethrough by range, and a paragraph
    /// style (alignment, line spacing and heights, line break mode). Setting it sets `text`;
    /// setting `text` clears it.
    open var attributedText: NSAttributedString? {
        get { storedAttributedText }
        set {
            storedAttributedText = newValue
            settingAttributed = true
            text = newValue?.string
            settingAttributed = false
        }
    }
    private var storedAttributedText: NSAttributedString?
    private var settingAttributed = false
    /// A single-line label shrinks its font (down to `minimumScaleFactor` of it, or without limit
    /// when that is 0) until the text fits its width, as UIKit does; then it truncates.
    open var adjustsFontSizeToFitWidth = false { didSet { setNeedsDisplay() } }
    open var minimumScaleFactor: CGFloat = 0 { didSet { setNeedsDisplay() } }
    /// When true, a font from `preferredFont(forTextStyle:)` or `UIFontMetrics` takes the text
    /// size of the label's traits whenever they change (and when the label comes into a window),
    /// as UIKit's labels do; other fonts stay as they are.
    open var adjustsFontForContentSizeCategory = false {
        didSet { if adjustsFontForContentSizeCategory { adjustFontToTraits() } }
    }

    private func adjustFontToTraits() {
        guard window != nil else { return }
        let adjusted = storedFont.adjusted(to: traitCollection)
        guard adjusted !== storedFont else { return }
        storedFont = adjusted
        invalidateIntrinsicContentSize()
        setNeedsDisplay()
    }

    package func traitsDidChange(from previous: UITraitCollection) {
        if adjustsFontForContentSizeCategory { adjustFontToTraits() }
    }

    open override func didMoveToWindow() {
        super.didMoveToWindow()
        if adjustsFontForContentSizeCategory { adjustFontToTraits() }
    }
    open var preferredMaxLayoutWidth: CGFloat = 0

    public override init(frame: CGRect) {
        super.init(frame: frame)
        defaultHuggingPriority = UILayoutPriority(251)
        isUserInteractionEnabled = false
        isOpaque = false
        contentMode = .redraw
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        defaultHuggingPriority = UILayoutPriority(251)
        isUserInteractionEnabled = false
        isOpaque = false
        contentMode = .redraw
    }

    open override func draw(_ rect: CGRect) {
        drawText(in: rect)
    }

    /// Draws the text laid out in `rect`; override to inset it.
    open func drawText(in rect: CGRect) {
        if let attributedText, attributedText.length > 0 { return drawAttributed(attributedText, in: rect) }
        guard let text, !text.isEmpty else { return }
        let font = fittingFont(for: text, width: rect.width)
        guard let face = font.face else { return }
        if lineBreakMode == .byClipping { UIGraphicsContext.current?.clip(to: rect) }
        let lines = layOut(text, width: rect.width, height: rect.height, font: font)
        let lineHeight = Double(font.lineHeight)
        let top = Double(rect.midY) - lineHeight * Double(lines.count) / 2
        let color = (isHighlighted ? highlightedTextColor : nil) ?? (isEnabled ? textColor : textColor.withAlphaComponent(0.35))
        for (index, line) in lines.enumerated() {
            let width = Double(font.width(of: line))
            let x: Double
            switch textAlignment {
            case .center: x = Double(rect.midX) - width / 2
            case .right: x = Double(rect.maxX) - width
            case .natural where effectiveUserInterfaceLayoutDirection == .rightToLeft: x = Double(rect.maxX) - width
            case .left, .justified, .natural: x = Double(rect.minX)
            }
            let baseline = top + Double(font.ascender) + lineHeight * Double(index)
            UIGraphicsContext.current?.append(.text(line, origin: CGPoint(x: x, y: baseline), font: face,
                                                    size: Double(font.pointSize), color: color.rasterColor))
        }
    }

    /// The smallest size that shows the text wrapped within `size.width` (unlimited when 0),
    /// rounded up to whole points.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        if let attributedText, attributedText.length > 0 { return attributedSize(attributedText, fitting: size) }
        guard let text, !text.isEmpty else { return .zero }
        let width = size.width > 0 ? size.width : .greatestFiniteMagnitude
        let lines = layOut(text, width: width, height: .greatestFiniteMagnitude)
        let widest = lines.map { font.width(of: $0) }.max() ?? 0
        return CGSize(width: min(widest, width).rounded(.up), height: (font.lineHeight * CGFloat(lines.count)).rounded(.up))
    }

    open override var intrinsicContentSize: CGSize { sizeThatFits(.zero) }


    /// Where the first (or last) line's baseline lies below the top, as `drawText(in:)` places
    /// the lines (centred vertically).
    open override func baselineOffsetFromTop(first: Bool) -> CGFloat {
        let count = CGFloat(max(1, text.map { layOut($0, width: bounds.width, height: bounds.height).count } ?? 1))
        let top = bounds.height / 2 - font.lineHeight * count / 2
        return top + font.ascender + (first ? 0 : font.lineHeight * (count - 1))
    }

    // MARK: Line layout

    /// The font the text is drawn in: the label's, shrunk for a single line that does not fit
    /// when `adjustsFontSizeToFitWidth` is on.
    func fittingFont(for text: String, width: CGFloat) -> UIFont {
        guard adjustsFontSizeToFitWidth, numberOfLines == 1, width > 0 else { return font }
        let natural = font.width(of: text.replacingOccurrences(of: "\n", with: " "))
        guard natural > width else { return font }
        let smallest = minimumScaleFactor > 0 ? font.pointSize * minimumScaleFactor : 1
        // Widths grow with the size; search the largest size that fits, to a hundredth of a point.
        var (low, high) = (smallest, font.pointSize)
        if font.withSize(low).width(of: text) > width { return font.withSize(low) }
        while high - low > 0.01 {
            let middle = (low + high) / 2
            if font.withSize(middle).width(of: text) <= width { low = middle } else { high = middle }
        }
        return font.withSize(low)
    }

    /// The lines shown for `text` in a box of `width` × `height`.
    /// The lines `text` breaks into in the label's font and line-break mode (text views and
    /// fields place their caret after the last one).
    package func layOut(_ text: String, width: CGFloat, height: CGFloat) -> [String] {
        layOut(text, width: width, height: height, font: font)
    }

    func layOut(_ text: String, width: CGFloat, height: CGFloat, font: UIFont) -> [String] {
        let previous = layoutFont
        layoutFont = font
        defer { layoutFont = previous }
        let font: UIFont = layoutFont ?? storedFont
        let ratio = height / max(font.lineHeight, 1e-9)
        let fitting = ratio < 1e6 ? max(1, Int((ratio + 1e-9).rounded(.down))) : Int.max
        let limit = numberOfLines > 0 ? min(numberOfLines, fitting) : fitting
        if limit == 1 {
            let line = text.replacingOccurrences(of: "\n", with: " ")
            return [fits(line, width) || !truncates ? line : truncate(line, width)]
        }
        var lines: [String] = []
        var rest: [Substring] = []
        let paragraphs = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, paragraph) in paragraphs.enumerated() {
            let wrapped = wrap(String(paragraph), width: width)
            if lines.count + wrapped.count > limit {
                let room = limit - lines.count
                lines += wrapped.prefix(room)
                rest = wrapped.dropFirst(room).map { Substring($0) } + paragraphs.dropFirst(index + 1)
                break
            }
            lines += wrapped
        }
        guard !rest.isEmpty, let last = lines.popLast() else { return lines }
        let remainder = ([Substring(last)] + rest).joined(separator: " ")
        lines.append(truncates ? truncate(remainder, width) : last)
        return lines
    }

    private var truncates: Bool {
        lineBreakMode == .byTruncatingTail || lineBreakMode == .byTruncatingHead || lineBreakMode == .byTruncatingMiddle
    }

    /// The font being laid out (the label's, or the shrunk one).
    private var layoutFont: UIFont?

    private func fits(_ line: String, _ width: CGFloat) -> Bool { (layoutFont ?? font).width(of: line) <= width + 1e-9 }

    /// `line` cut to `width` with "…" where the line break mode puts it: at the end, the start or
    /// the middle.
    private func truncate(_ line: String, _ width: CGFloat) -> String {
        switch lineBreakMode {
        case .byTruncatingHead: return String(truncated(String(line.reversed()), width, ellipsisFirst: true).reversed())
        case .byTruncatingMiddle: return truncatedMiddle(line, width)
        default: return truncated(line, width)
        }
    }

    /// The longest head and tail of `line`, as even as they can be, that fit with "…" between.
    private func truncatedMiddle(_ line: String, _ width: CGFloat) -> String {
        guard !fits(line, width) else { return line }
        let characters = Array(line)
        var keep = characters.count - 1
        while keep > 0 {
            let head = (keep + 1) / 2, tail = keep - head
            let candidate = String(characters[..<head]) + "…" + String(characters[(characters.count - tail)...])
            if fits(candidate, width) { return candidate }
            keep -= 1
        }
        return "…"
    }

    /// Greedy wrapping at spaces (at any character with `.byCharWrapping`); a word wider than the
    /// line breaks between characters.
    private func wrap(_ paragraph: String, width: CGFloat) -> [String] {
        if lineBreakMode == .byCharWrapping { return wrapCharacters(paragraph, width: width) }
        var lines: [String] = []
        var line = ""
        for word in paragraph.split(separator: " ", omittingEmptySubsequences: true) {
            let candidate = line.isEmpty ? String(word) : line + " " + word
            if fits(candidate, width) {
                line = candidate
                continue
            }
            if !line.isEmpty { lines.append(line) }
            // A word wider than the line breaks between characters: each line takes the longest
            // head that fits (at least one character), measuring only what a line can hold, so a
            // long word costs its length, not its length times its line count.
            let characters = Array(word)
            var start = 0
            while characters.count - start > 1 {
                var head = "", end = start
                while end < characters.count {
                    if !head.isEmpty, !fits(head + String(characters[end]), width) { break }
                    head.append(characters[end])
                    end += 1
                }
                if end == characters.count { break }      // the rest fits on one line
                lines.append(head)
                start = end
            }
            line = String(characters[start...])
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }

    /// Lines filled character by character, as `.byCharWrapping` breaks them.
    private func wrapCharacters(_ paragraph: String, width: CGFloat) -> [String] {
        var lines: [String] = []
        var line = ""
        for character in paragraph {
            if !line.isEmpty, !fits(line + String(character), width) {
                lines.append(line)
                line = character == " " ? "" : String(character)
            } else {
                line.append(character)
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }

    /// The longest head of `line` that fits with "…" after it (trailing spaces dropped).
    ///
    /// Heads are tried from the longest down, but not from the whole line: a head wider than the
    /// box by more than a line height cannot fit with an ellipsis (a character's advance and its
    /// kerning add up to a positive width, so a head is never narrower than a shorter one, and the
    /// ellipsis and its kerning take less than that margin back), so the search starts below the
    /// shortest such head, found by bisection. The answer is the one trying every head gives;
    /// the cost is that of the visible characters, not the square of the text's length.
    func truncated(_ line: String, _ width: CGFloat, ellipsisFirst: Bool = false) -> String {
        // For head truncation the line comes reversed: the ellipsis goes first when measured.
        func fits(_ candidate: String) -> Bool { self.fits(ellipsisFirst ? String(candidate.reversed()) : candidate, width) }
        guard !fits(line) else { return line }
        let font: UIFont = layoutFont ?? storedFont
        let characters = Array(line)
        let margin = width + max(font.lineHeight, font.pointSize)
        var low = 0, high = characters.count        // the shortest head wider than `margin` is in low...high
        while low < high {
            let middle = (low + high) / 2
            if font.width(of: String(characters[..<middle])) > margin { high = middle } else { low = middle + 1 }
        }
        var count = min(low, characters.count - 1)
        while count >= 0 {
            let candidate = String(characters[..<count]).trimmingCharacters(in: .whitespaces) + "…"
            if fits(candidate) { return candidate }
            count -= 1
        }
        return "…"
    }
}
