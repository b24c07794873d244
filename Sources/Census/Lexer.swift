/// A Swift lexer just good enough to find declarations and uses: it skips comments (nested block
/// comments included) and string literals (multi-line, raw, and with interpolations, whose nested
/// strings and parentheses are skipped with them), and splits the rest into identifiers, numbers and
/// single punctuation characters.
///
/// swift-syntax would parse exactly, and was rejected: it is the slowest package to compile in the
/// Swift ecosystem, and the census needs names, not a tree.
public struct Token: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// A name or keyword; backticks are removed. `#if` and `@objc` are one token each.
        case identifier
        case number
        /// A whole string literal; its text is the literal as written.
        case string
        /// One punctuation character, or `->`.
        case punctuation
    }

    public var kind: Kind
    public var text: String
    /// 1-based line of the token's first character.
    public var line: Int

    public init(_ kind: Kind, _ text: String, line: Int) {
        self.kind = kind
        self.text = text
        self.line = line
    }
}

public enum Lexer {
    /// The tokens of `source`, without comments and whitespace.
    public static func tokens(of source: String) -> [Token] {
        var scanner = Scanner(bytes: Array(source.utf8))
        return scanner.run()
    }
}

private struct Scanner {
    let bytes: [UInt8]
    var index = 0
    var line = 1
    var tokens: [Token] = []

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func run() -> [Token] {
        while index < bytes.count { step() }
        return tokens
    }

    func peek(_ offset: Int = 0) -> UInt8? {
        let position = index + offset
        return position < bytes.count ? bytes[position] : nil
    }

    func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

    /// Advances one byte, counting lines.
    mutating func advance() {
        if bytes[index] == UInt8(ascii: "\n") { line += 1 }
        index += 1
    }

    mutating func step() {
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"):
            advance()
        case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
            while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
        case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
            skipBlockComment()
        case UInt8(ascii: "\""):
            string(hashes: 0)
        case UInt8(ascii: "#") where rawStringHashes() != nil:
            string(hashes: rawStringHashes() ?? 0)
        case UInt8(ascii: "#"), UInt8(ascii: "@"):
            let start = index
            index += 1
            if let next = peek(), isIdentifierStart(next) {
                while let next = peek(), isIdentifierBody(next) { index += 1 }
                tokens.append(Token(.identifier, text(start..<index), line: line))
            } else {
                tokens.append(Token(.punctuation, text(start..<index), line: line))
            }
        case UInt8(ascii: "`"):
            let startLine = line
            advance()
            let start = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "`"), bytes[index] != UInt8(ascii: "\n") { index += 1 }
            tokens.append(Token(.identifier, text(start..<index), line: startLine))
            if index < bytes.count, bytes[index] == UInt8(ascii: "`") { index += 1 }
        case UInt8(ascii: "-") where peek(1) == UInt8(ascii: ">"):
            tokens.append(Token(.punctuation, "->", line: line))
            index += 2
        default:
            if isIdentifierStart(byte) {
                let start = index
                while let next = peek(), isIdentifierBody(next) { index += 1 }
                tokens.append(Token(.identifier, text(start..<index), line: line))
            } else if isDigit(byte) {
                let start = index
                index += 1
                while let next = peek() {
                    if isIdentifierBody(next) {
                        index += 1
                    } else if next == UInt8(ascii: "."), let after = peek(1), isDigit(after) {
                        index += 1
                    } else {
                        break
                    }
                }
                tokens.append(Token(.number, text(start..<index), line: line))
            } else {
                tokens.append(Token(.punctuation, text(index..<index + 1), line: line))
                index += 1
            }
        }
    }

    /// Block comments nest in Swift: `/* a /* b */ c */` is one comment.
    mutating func skipBlockComment() {
        var depth = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
                depth += 1
                index += 2
            } else if bytes[index] == UInt8(ascii: "*"), peek(1) == UInt8(ascii: "/") {
                depth -= 1
                index += 2
                if depth == 0 { return }
            } else {
                advance()
            }
        }
    }

    /// The number of `#` before a raw string's quote at the current position, or nil.
    func rawStringHashes() -> Int? {
        var count = 0
        while peek(count) == UInt8(ascii: "#") { count += 1 }
        return peek(count) == UInt8(ascii: "\"") ? count : nil
    }

    /// Skips a string literal that starts at the current position (after `hashes` `#`), emitting
    /// one `.string` token.
    mutating func string(hashes: Int) {
        let start = index
        let startLine = line
        index += hashes
        let multiline = peek(0) == UInt8(ascii: "\"") && peek(1) == UInt8(ascii: "\"") && peek(2) == UInt8(ascii: "\"")
        index += multiline ? 3 : 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\"), hashesFollow(hashes, from: index + 1) {
                index += 1 + hashes
                if peek() == UInt8(ascii: "(") {
                    skipInterpolation()
                } else if index < bytes.count {
                    advance()
                }
            } else if byte == UInt8(ascii: "\"") {
                let quotes = multiline ? 3 : 1
                if (0..<quotes).allSatisfy({ peek($0) == UInt8(ascii: "\"") }), hashesFollow(hashes, from: index + quotes) {
                    index += quotes + hashes
                    break
                }
                index += 1
            } else if byte == UInt8(ascii: "\n"), !multiline {
                break  // an unterminated literal ends at its line, so one error does not swallow a file
            } else {
                advance()
            }
        }
        tokens.append(Token(.string, text(start..<min(index, bytes.count)), line: startLine))
    }

    func hashesFollow(_ count: Int, from position: Int) -> Bool {
        (0..<count).allSatisfy { position + $0 < bytes.count && bytes[position + $0] == UInt8(ascii: "#") }
    }

    /// Skips `( … )` of an interpolation: code, with its own strings, comments and parentheses.
    mutating func skipInterpolation() {
        var nested = Scanner(bytes: bytes)
        nested.index = index
        nested.line = line
        var depth = 0
        while nested.index < bytes.count {
            let before = nested.tokens.count
            nested.step()
            guard nested.tokens.count > before, let last = nested.tokens.last, last.kind == .punctuation else { continue }
            if last.text == "(" { depth += 1 }
            if last.text == ")" {
                depth -= 1
                if depth == 0 { break }
            }
        }
        index = nested.index
        line = nested.line
    }
}

private func isIdentifierStart(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
        || byte == UInt8(ascii: "_") || byte >= 0x80
}

private func isIdentifierBody(_ byte: UInt8) -> Bool { isIdentifierStart(byte) || isDigit(byte) }

private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
