import Vocabulary
import Foundation
import Raster

// Styled text as UIKit draws it: `NSAttributedString` with UIKit's keys, in labels and through
// `NSString`'s drawing and measuring methods (`draw(at:withAttributes:)`, `size(withAttributes:)`,
// `boundingRect(with:options:attributes:context:)`).
//
// Honoured: `.font`, `.foregroundColor`, `.kern` (added after every character, as Core Text adds
// it), `.underlineStyle` and `.strikethroughStyle` (a line a fourteenth of the font size thick,
// under the baseline or through the middle of the x-height), `.baselineOffset`, and
// `.paragraphStyle`'s alignment, line spacing, line height multiple, minimum and maximum line
// heights and line break mode (the first run's); its paragraph spacing and indents are kept and
// not applied. Lines wrap at spaces (or anywhere
// with `.byCharWrapping`; a word wider than the line breaks between characters); the last line that fits is truncated at its end with "…" in its own
// style. Head and middle truncation of styled text truncate the end, and a debug build says so.
// Other keys (`.backgroundColor`, `.shadow`, `.link`, attachments) are kept and not drawn.

extension NSAttributedString.Key {
    public static let font = NSAttributedString.Key("NSFont")
    public static let foregroundColor = NSAttributedString.Key("NSColor")
    public static let backgroundColor = NSAttributedString.Key("NSBackgroundColor")
    public static let kern = NSAttributedString.Key("NSKern")
    public static let paragraphStyle = NSAttributedString.Key("NSParagraphStyle")
    public static let underlineStyle = NSAttributedString.Key("NSUnderline")
    public static let strikethroughStyle = NSAttributedString.Key("NSStrikethrough")
    public static let baselineOffset = NSAttributedString.Key("NSBaselineOffset")
    public static let shadow = NSAttributedString.Key("NSShadow")
    public static let link = NSAttributedString.Key("NSLink")
    public static let underlineColor = NSAttributedString.Key("NSUnderlineColor")
    public static let strikethroughColor = NSAttributedString.Key("NSStrikethroughColor")
}

/// How a paragraph is laid out.
open class NSParagraphStyle: @unchecked Sendable {
    public internal(set) var alignment: NSTextAlignment = .natural
    public internal(set) var lineSpacing: CGFloat = 0
    public internal(set) var paragraphSpacing: CGFloat = 0
    public internal(set) var lineHeightMultiple: CGFloat = 0
    public internal(set) var minimumLineHeight: CGFloat = 0
    public internal(set) var maximumLineHeight: CGFloat = 0
    public internal(set) var lineBreakMode: NSLineBreakMode = .byWordWrapping
    public internal(set) var firstLineHeadIndent: CGFloat = 0
    public internal(set) var headIndent: CGFloat = 0

    public init() {}

    public static var `default`: NSParagraphStyle { NSParagraphStyle() }
}

/// A paragraph style to set up.
open class NSMutableParagraphStyle: NSParagraphStyle, @unchecked Sendable {
    open override var alignment: NSTextAlignment { get { super.alignment } set { super.alignment = newValue } }
    open override var lineSpacing: CGFloat { get { super.lineSpacing } set { super.lineSpacing = newValue } }
    open override var paragraphSpacing: CGFloat { get { super.paragraphSpacing } set { super.paragraphSpacing = newValue } }
    open override var lineHeightMultiple: CGFloat { get { super.lineHeightMultiple } set { super.lineHeightMultiple = newValue } }
    open override var minimumLineHeight: CGFloat { get { super.minimumLineHeight } set { super.minimumLineHeight = newValue } }
    open override var maximumLineHeight: CGFloat { get { super.maximumLineHeight } set { super.maximumLineHeight = newValue } }
    open override var lineBreakMode: NSLineBreakMode { get { super.lineBreakMode } set { super.lineBreakMode = newValue } }
    open override var firstLineHeadIndent: CGFloat { get { super.firstLineHeadIndent } set { super.firstLineHeadIndent = newValue } }
    open override var headIndent: CGFloat { get { super.headIndent } set { super.headIndent = newValue } }
}

extension NSUnderlineStyle {
    public static let single = NSUnderlineStyle(rawValue: 1)
    public static let thick = NSUnderlineStyle(rawValue: 2)
    public static let double = NSUnderlineStyle(rawValue: 9)
}

/// UIKit's underline and strikethrough styles (any non-zero style draws one line here).
public struct NSUnderlineStyle: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
}

/// Options of `boundingRect(with:options:…)`: lines are always laid out as
/// `.usesLineFragmentOrigin` does (several lines, from the top).
public struct NSStringDrawingOptions: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let usesLineFragmentOrigin = NSStringDrawingOptions(rawValue: 1 << 0)
    public static let usesFontLeading = NSStringDrawingOptions(rawValue: 1 << 1)
    public static let usesDeviceMetrics = NSStringDrawingOptions(rawValue: 1 << 3)
    public static let truncatesLastVisibleLine = NSStringDrawingOptions(rawValue: 1 << 5)
}

/// Accepted for ports; nothing is reported back.
open class NSStringDrawingContext {
    public init() {}
    open var minimumScaleFactor: CGFloat = 0
}

/// One styled piece of a laid-out line.
struct StyledPiece {
    var text: String
    var font: UIFont
    var color: UIColor
    var kern: CGFloat
    var underline: Bool
    var strikethrough: Bool
    var baselineOffset: CGFloat

    @MainActor var width: CGFloat { font.width(of: text) + kern * CGFloat(text.count) }
}

/// Styled text laid out in lines.
@MainActor struct StyledLayout {
    struct Line {
        var pieces: [StyledPiece]
        var width: CGFloat
        var ascent: CGFloat
        var height: CGFloat
    }

    var lines: [Line]
    let paragraph: NSParagraphStyle
    /// The paragraph's alignment, or the label's when the paragraph's is natural.
    let alignment: NSTextAlignment
    var height: CGFloat { lines.map(\.height).reduce(0, +) + paragraph.lineSpacing * CGFloat(max(0, lines.count - 1)) }
    var width: CGFloat { lines.map(\.width).max() ?? 0 }

    /// Lays `string` out within `width`, at most `maxLines` lines (0: any) and `maxHeight` points.
    init(_ string: NSAttributedString, width: CGFloat, maxLines: Int, maxHeight: CGFloat, defaultFont: UIFont, defaultColor: UIColor,
         defaultAlignment: NSTextAlignment, lineBreakMode: NSLineBreakMode?) {
        let runs = Self.runs(of: string, font: defaultFont, color: defaultColor)
        paragraph = (string.length > 0 ? string.attribute(.paragraphStyle, at: 0, effectiveRange: nil) as? NSParagraphStyle : nil)
            ?? NSParagraphStyle()
        let mode = lineBreakMode ?? paragraph.lineBreakMode
        if mode == .byTruncatingHead || mode == .byTruncatingMiddle {
            UIKitCompatibility.notHonoured("head and middle truncation of attributed text", "styled text is truncated at its end")
        }
        // Words: runs of pieces between spaces; a space is a piece of its own; "\n" ends a line.
        var lines: [Line] = []
        var current: [StyledPiece] = []
        var currentWidth: CGFloat = 0
        let paragraph = self.paragraph
        func finish() {
            lines.append(Self.line(current, width: currentWidth, paragraph: paragraph))
            current = []
            currentWidth = 0
        }
        // A word wider than the line breaks between its characters.
        let tokens = Self.tokens(runs, byCharacter: mode == .byCharWrapping).flatMap { token -> [[StyledPiece]] in
            guard token.map(\.width).reduce(0, +) > width else { return [token] }
            return token.flatMap { piece in piece.text.map { character in
                var single = piece
                single.text = String(character)
                return [single]
            } }
        }
        for token in tokens {
            if token.count == 1, token[0].text == "\n" {
                finish()
                continue
            }
            let tokenWidth = token.map(\.width).reduce(0, +)
            let isSpace = token.allSatisfy { $0.text.allSatisfy { $0 == " " } }
            if currentWidth + tokenWidth > width + 1e-9, !current.isEmpty, !isSpace {
                // Trailing spaces do not count against the line.
                while let last = current.last, last.text.allSatisfy({ $0 == " " }) {
                    currentWidth -= last.width
                    current.removeLast()
                }
                finish()
            }
            if current.isEmpty && isSpace && !lines.isEmpty { continue }
            current += token
            currentWidth += tokenWidth
        }
        if !current.isEmpty || lines.isEmpty { finish() }
        // Keep what fits; the last kept line is truncated when text was left out.
        var kept: [Line] = []
        var used: CGFloat = 0
        for line in lines {
            let next = used + line.height + (kept.isEmpty ? 0 : paragraph.lineSpacing)
            if (maxLines > 0 && kept.count == maxLines) || (next > maxHeight + 1e-6 && !kept.isEmpty) { break }
            kept.append(line)
            used = next
        }
        let truncates = mode == .byTruncatingTail || mode == .byTruncatingHead || mode == .byTruncatingMiddle
        if kept.count < lines.count || (kept.last.map { $0.width > width + 1e-9 } ?? false), truncates, let last = kept.popLast() {
            let rest = lines.count > kept.count + 1 ? lines[kept.count + 1].pieces : []
            kept.append(Self.truncated(last.pieces + rest, width: width, paragraph: paragraph))
        }
        self.lines = kept
        alignment = paragraph.alignment == .natural ? defaultAlignment : paragraph.alignment
    }

    /// The string's runs of one style.
    static func runs(of string: NSAttributedString, font: UIFont, color: UIColor) -> [StyledPiece] {
        var pieces: [StyledPiece] = []
        let whole = string.string as NSString
        string.enumerateAttributes(in: NSRange(location: 0, length: string.length), options: []) { attributes, range, _ in
            let text = whole.substring(with: range)
            func number(_ key: NSAttributedString.Key) -> CGFloat {
                switch attributes[key] {
                case let value as CGFloat: return value
                case let value as Double: return CGFloat(value)
                case let value as Int: return CGFloat(value)
                case let value as NSNumber: return CGFloat(value.doubleValue)
                case let value as NSUnderlineStyle: return CGFloat(value.rawValue)
                default: return 0
                }
            }
            pieces.append(StyledPiece(text: text, font: attributes[.font] as? UIFont ?? font,
                                      color: attributes[.foregroundColor] as? UIColor ?? color, kern: number(.kern),
                                      underline: number(.underlineStyle) != 0, strikethrough: number(.strikethroughStyle) != 0,
                                      baselineOffset: number(.baselineOffset)))
        }
        return pieces
    }

    /// Words and spaces (or characters), each a list of styled pieces; "\n" alone.
    static func tokens(_ runs: [StyledPiece], byCharacter: Bool) -> [[StyledPiece]] {
        var tokens: [[StyledPiece]] = []
        var word: [StyledPiece] = []
        func flush() {
            if !word.isEmpty { tokens.append(word) }
            word = []
        }
        for run in runs {
            var pending = ""
            func emit() {
                if !pending.isEmpty {
                    var piece = run
                    piece.text = pending
                    word.append(piece)
                }
                pending = ""
            }
            for character in run.text {
                if character == " " || character == "\n" || byCharacter {
                    emit()
                    flush()
                    var piece = run
                    piece.text = String(character)
                    tokens.append([piece])
                } else {
                    pending.append(character)
                }
            }
            emit()
        }
        flush()
        return tokens
    }

    static func line(_ pieces: [StyledPiece], width: CGFloat, paragraph: NSParagraphStyle) -> Line {
        let fonts = pieces.isEmpty ? [] : pieces.map(\.font)
        let ascent = fonts.map(\.ascender).max() ?? 0
        let descent = fonts.map { -$0.descender }.max() ?? 0
        var height = ascent + descent
        if paragraph.lineHeightMultiple > 0 { height *= paragraph.lineHeightMultiple }
        if paragraph.minimumLineHeight > 0 { height = max(height, paragraph.minimumLineHeight) }
        if paragraph.maximumLineHeight > 0 { height = min(height, paragraph.maximumLineHeight) }
        // Extra height goes above the text, as Core Text places it.
        return Line(pieces: pieces, width: width, ascent: ascent + max(0, height - ascent - descent), height: height)
    }

    /// The longest head of `pieces` that fits `width` with "…" (in the style of its last piece).
    static func truncated(_ pieces: [StyledPiece], width: CGFloat, paragraph: NSParagraphStyle) -> Line {
        var characters: [StyledPiece] = []
        for piece in pieces where piece.text != "\n" {
            for character in piece.text {
                var single = piece
                single.text = String(character)
                characters.append(single)
            }
        }
        var count = characters.count
        while count >= 0 {
            var head = Array(characters.prefix(count))
            while let last = head.last, last.text == " " { head.removeLast() }
            var ellipsis = head.last ?? characters.first ?? StyledPiece(text: "", font: .systemFont(ofSize: 17), color: .label, kern: 0,
                                                                        underline: false, strikethrough: false, baselineOffset: 0)
            ellipsis.text = "…"
            let candidate = head + [ellipsis]
            let candidateWidth = candidate.map(\.width).reduce(0, +)
            if candidateWidth <= width + 1e-9 || count == 0 { return line(candidate, width: candidateWidth, paragraph: paragraph) }
            count -= 1
        }
        return line([], width: 0, paragraph: paragraph)
    }

    /// Records the lines into the current context, the block's top at `top`, aligned in `rect`.
    func draw(in rect: CGRect, top: CGFloat) {
        guard let context = UIGraphicsContext.current else { return }
        var y = top
        for line in lines {
            let x: CGFloat
            switch alignment {
            case .center: x = rect.midX - line.width / 2
            case .right: x = rect.maxX - line.width
            default: x = rect.minX
            }
            var pen = x
            let baseline = y + line.ascent
            for piece in line.pieces {
                guard let face = piece.font.face else { continue }
                let color = piece.color.rasterColor
                let origin = baseline - piece.baselineOffset
                if piece.kern == 0 {
                    context.append(.text(piece.text, origin: CGPoint(x: pen, y: origin), font: face, size: Double(piece.font.pointSize), color: color))
                } else {
                    var characterPen = pen
                    for character in piece.text {
                        let text = String(character)
                        context.append(.text(text, origin: CGPoint(x: characterPen, y: origin), font: face,
                                             size: Double(piece.font.pointSize), color: color))
                        characterPen += piece.font.width(of: text) + piece.kern
                    }
                }
                let thickness = max(0.5, piece.font.pointSize / 14)
                if piece.underline {
                    context.append(.fill(Path(rect: CGRect(x: pen, y: origin + thickness * 1.5, width: piece.width, height: thickness)),
                                         color: color, rule: .nonZero))
                }
                if piece.strikethrough {
                    let middle = origin - piece.font.pointSize * 0.27
                    context.append(.fill(Path(rect: CGRect(x: pen, y: middle - thickness / 2, width: piece.width, height: thickness)),
                                         color: color, rule: .nonZero))
                }
                pen += piece.width
            }
            y += line.height + paragraph.lineSpacing
        }
    }
}

extension UILabel {
    func drawAttributed(_ string: NSAttributedString, in rect: CGRect) {
        let layout = StyledLayout(string, width: rect.width, maxLines: numberOfLines, maxHeight: rect.height, defaultFont: font,
                                  defaultColor: textColor, defaultAlignment: textAlignment, lineBreakMode: lineBreakMode)
        layout.draw(in: rect, top: rect.midY - layout.height / 2)
    }

    func attributedSize(_ string: NSAttributedString, fitting size: CGSize) -> CGSize {
        let width = size.width > 0 ? size.width : .greatestFiniteMagnitude
        let layout = StyledLayout(string, width: width, maxLines: numberOfLines, maxHeight: .greatestFiniteMagnitude, defaultFont: font,
                                  defaultColor: textColor, defaultAlignment: textAlignment, lineBreakMode: lineBreakMode)
        return CGSize(width: min(layout.width, width).rounded(.up), height: layout.height.rounded(.up))
    }
}

extension NSAttributedString {
    /// The box the text takes laid out within `size` (several lines, from the origin).
    @MainActor public func boundingRect(with size: CGSize, options: NSStringDrawingOptions, context: NSStringDrawingContext?) -> CGRect {
        let layout = StyledLayout(self, width: size.width > 0 ? size.width : .greatestFiniteMagnitude, maxLines: 0,
                                  maxHeight: size.height > 0 ? size.height : .greatestFiniteMagnitude,
                                  defaultFont: .systemFont(ofSize: 12), defaultColor: .black, defaultAlignment: .natural,
                                  lineBreakMode: options.contains(.truncatesLastVisibleLine) ? .byTruncatingTail : .byWordWrapping)
        return CGRect(x: 0, y: 0, width: layout.width, height: layout.height)
    }

    @MainActor public func size() -> CGSize {
        boundingRect(with: .zero, options: [], context: nil).size
    }

    /// Draws the text with its first line's top at `point`, in the current context.
    @MainActor public func draw(at point: CGPoint) {
        let layout = StyledLayout(self, width: .greatestFiniteMagnitude, maxLines: 0, maxHeight: .greatestFiniteMagnitude,
                                  defaultFont: .systemFont(ofSize: 12), defaultColor: .black, defaultAlignment: .natural,
                                  lineBreakMode: .byWordWrapping)
        layout.draw(in: CGRect(origin: point, size: .zero), top: point.y)
    }

    /// Draws the text wrapped in `rect`, from its top.
    @MainActor public func draw(in rect: CGRect) {
        let layout = StyledLayout(self, width: rect.width, maxLines: 0, maxHeight: rect.height, defaultFont: .systemFont(ofSize: 12),
                                  defaultColor: .black, defaultAlignment: .natural, lineBreakMode: .byWordWrapping)
        layout.draw(in: rect, top: rect.minY)
    }
}

extension NSString {
    @MainActor public func boundingRect(with size: CGSize, options: NSStringDrawingOptions, attributes: [NSAttributedString.Key: Any]?,
                                        context: NSStringDrawingContext?) -> CGRect {
        NSAttributedString(string: self as String, attributes: attributes).boundingRect(with: size, options: options, context: context)
    }

    @MainActor public func size(withAttributes attributes: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        NSAttributedString(string: self as String, attributes: attributes).size()
    }

    @MainActor public func draw(at point: CGPoint, withAttributes attributes: [NSAttributedString.Key: Any]? = nil) {
        NSAttributedString(string: self as String, attributes: attributes).draw(at: point)
    }

    @MainActor public func draw(in rect: CGRect, withAttributes attributes: [NSAttributedString.Key: Any]? = nil) {
        NSAttributedString(string: self as String, attributes: attributes).draw(in: rect)
    }
}

extension String {
    @MainActor public func boundingRect(with size: CGSize, options: NSStringDrawingOptions, attributes: [NSAttributedString.Key: Any]?,
                                        context: NSStringDrawingContext?) -> CGRect {
        (self as NSString).boundingRect(with: size, options: options, attributes: attributes, context: context)
    }

    @MainActor public func size(withAttributes attributes: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        (self as NSString).size(withAttributes: attributes)
    }

    @MainActor public func draw(at point: CGPoint, withAttributes attributes: [NSAttributedString.Key: Any]? = nil) {
        (self as NSString).draw(at: point, withAttributes: attributes)
    }

    @MainActor public func draw(in rect: CGRect, withAttributes attributes: [NSAttributedString.Key: Any]? = nil) {
        (self as NSString).draw(in: rect, withAttributes: attributes)
    }
}
