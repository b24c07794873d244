import Foundation

/// A JSON document as parsed: objects keep their keys in file order, so errors are reported in
/// the order a person reads the file, and every output is independent of hashing.
public indirect enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.number(a), .number(b)): return a == b
        case let (.string(a), .string(b)): return a == b
        case let (.array(a), .array(b)): return a == b
        case let (.object(a), .object(b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }

    /// How an error message names this value: `"sixty" (a string)`, `true (a boolean)`, `an object`.
    public var summary: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return "\(value) (a boolean)"
        case .number(let value): return "\(JSONValue.format(value)) (a number)"
        case .string(let value):
            let shown = value.count > 40 ? String(value.prefix(40)) + "…" : value
            return "\"\(shown)\" (a string)"
        case .array(let items): return "an array of \(counted(items.count, "element"))"
        case .object: return "an object"
        }
    }

    /// A number as a person would write it: 60 rather than 60.0.
    public static func format(_ value: Double) -> String {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        // Twelve significant digits: 0.1 + 0.2 reads as 0.3, as the person wrote it.
        return String(format: "%.12g", value)
    }
}

/// A count and its noun for messages: "1 frame", "2 frames" ("1 golden frame", "3 golden frames").
package func counted(_ count: Int, _ noun: String, plural: String? = nil) -> String {
    "\(count) \(count == 1 ? noun : plural ?? noun + "s")"
}

/// Why a file is not JSON, with the line and column (both from 1) where reading stopped.
public struct JSONSyntaxError: Error, Equatable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var reason: String

    public var description: String { "line \(line), column \(column): \(reason)" }
}

/// A strict JSON reader (RFC 8259): no comments, no trailing commas, no duplicate keys, numbers
/// that fit a Double. Foundation's parsers report neither where a document is broken nor
/// duplicate keys (the last one silently wins), and a scene's author needs both.
package struct JSONParser {
    private let bytes: [UInt8]
    private var position = 0
    /// Nesting deeper than this is refused rather than risking the stack.
    private static let maximumDepth = 256
    /// Keys in one object; a scene's objects have a few dozen at most.
    private static let maximumKeys = 10_000

    package static func parse(_ data: [UInt8]) throws -> JSONValue {
        var parser = JSONParser(bytes: data)
        if data.starts(with: [0xEF, 0xBB, 0xBF]) { parser.position = 3 }   // UTF-8 byte order mark
        parser.skipWhitespace()
        guard parser.position < data.count else { throw parser.error("the file is empty; expected a JSON object") }
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        guard parser.position == data.count else { throw parser.error("unexpected \(parser.describeCurrent()) after the end of the document") }
        return value
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private mutating func parseValue(depth: Int) throws -> JSONValue {
        guard depth < Self.maximumDepth else { throw error("nesting deeper than \(Self.maximumDepth) levels") }
        guard position < bytes.count else { throw error("the document ends early; expected a value") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth)
        case UInt8(ascii: "["): return try parseArray(depth: depth)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectWord("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw error("unexpected \(describeCurrent()); expected a value")
        }
    }

    private mutating func parseObject(depth: Int) throws -> JSONValue {
        position += 1
        var members: [(key: String, value: JSONValue)] = []
        var keys = Set<String>()
        skipWhitespace()
        if peek(UInt8(ascii: "}")) { position += 1; return .object(members) }
        while true {
            skipWhitespace()
            guard peek(UInt8(ascii: "\"")) else {
                throw error(position < bytes.count ? "unexpected \(describeCurrent()); expected a key in double quotes" : "the document ends inside an object")
            }
            let keyStart = position
            let key = try parseString()
            guard keys.insert(key).inserted else {
                position = keyStart
                throw error("the key \"\(key)\" appears twice in the same object")
            }
            guard keys.count <= Self.maximumKeys else {
                position = keyStart
                throw error("more than \(Self.maximumKeys) keys in one object")
            }
            skipWhitespace()
            try expect(UInt8(ascii: ":"), "':' after the key \"\(key)\"")
            skipWhitespace()
            members.append((key, try parseValue(depth: depth + 1)))
            skipWhitespace()
            if peek(UInt8(ascii: ",")) {
                position += 1
                skipWhitespace()
                if peek(UInt8(ascii: "}")) { throw error("a comma before '}' (JSON allows no trailing comma)") }
                continue
            }
            try expect(UInt8(ascii: "}"), "',' or '}' in an object")
            return .object(members)
        }
    }

    private mutating func parseArray(depth: Int) throws -> JSONValue {
        position += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if peek(UInt8(ascii: "]")) { position += 1; return .array(elements) }
        while true {
            skipWhitespace()
            elements.append(try parseValue(depth: depth + 1))
            skipWhitespace()
            if peek(UInt8(ascii: ",")) {
                position += 1
                skipWhitespace()
                if peek(UInt8(ascii: "]")) { throw error("a comma before ']' (JSON allows no trailing comma)") }
                continue
            }
            try expect(UInt8(ascii: "]"), "',' or ']' in an array")
            return .array(elements)
        }
    }

    private mutating func parseString() throws -> String {
        position += 1   // the opening quote
        var scalars = String.UnicodeScalarView()
        var chunkStart = position
        func flush(_ end: Int) throws {
            guard chunkStart < end else { return }
            guard let text = String(bytes: bytes[chunkStart..<end], encoding: .utf8) else {
                throw error("a string that is not valid UTF-8")
            }
            scalars.append(contentsOf: text.unicodeScalars)
        }
        while true {
            guard position < bytes.count else { throw error("the document ends inside a string") }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                try flush(position)
                position += 1
                return String(scalars)
            }
            if byte < 0x20 { throw error("a control character inside a string (write it as an escape such as \\n)") }
            if byte != UInt8(ascii: "\\") {
                position += 1
                continue
            }
            try flush(position)
            position += 1
            guard position < bytes.count else { throw error("the document ends inside a string") }
            let escape = bytes[position]
            position += 1
            switch escape {
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "/"): scalars.append("/")
            case UInt8(ascii: "b"): scalars.append("\u{08}")
            case UInt8(ascii: "f"): scalars.append("\u{0C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"):
                var code = try parseHex4()
                if (0xD800..<0xDC00).contains(code) {
                    guard bytes.count >= position + 6, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") else {
                        throw error("a lone surrogate in a \\u escape")
                    }
                    position += 2
                    let low = try parseHex4()
                    guard (0xDC00..<0xE000).contains(low) else { throw error("a lone surrogate in a \\u escape") }
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(code) else { throw error("a lone surrogate in a \\u escape") }
                scalars.append(scalar)
            default:
                position -= 1
                throw error("an unknown escape \\\(describeCurrent(quoted: false)) in a string")
            }
            chunkStart = position
        }
    }

    private mutating func parseHex4() throws -> UInt32 {
        guard position + 4 <= bytes.count else { throw error("the document ends inside a \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("a \\u escape needs four hexadecimal digits")
            }
            value = value << 4 | digit
            position += 1
        }
        return value
    }

    private mutating func parseNumber() throws -> Double {
        let start = position
        func digits() -> Int {
            let first = position
            while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) { position += 1 }
            return position - first
        }
        if peek(UInt8(ascii: "-")) { position += 1 }
        let integerStart = position
        let integerDigits = digits()
        guard integerDigits > 0 else { throw error("a number needs digits after '-'") }
        if integerDigits > 1, bytes[integerStart] == UInt8(ascii: "0") {
            position = integerStart
            throw error("a number with a leading zero")
        }
        if peek(UInt8(ascii: ".")) {
            position += 1
            guard digits() > 0 else { throw error("a number needs digits after '.'") }
        }
        if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
            position += 1
            if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { position += 1 }
            guard digits() > 0 else { throw error("a number needs digits in its exponent") }
        }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            position = start
            throw error("the number \(text) is too large for a Double")
        }
        return value
    }

    private mutating func expectWord(_ word: String) throws {
        let utf8 = Array(word.utf8)
        guard bytes.count >= position + utf8.count, Array(bytes[position..<(position + utf8.count)]) == utf8 else {
            throw error("unexpected \(describeCurrent()); expected a value (strings need double quotes)")
        }
        position += utf8.count
    }

    private mutating func expect(_ byte: UInt8, _ what: String) throws {
        guard position < bytes.count else { throw error("the document ends early; expected \(what)") }
        guard bytes[position] == byte else { throw error("unexpected \(describeCurrent()); expected \(what)") }
        position += 1
    }

    private func peek(_ byte: UInt8) -> Bool { position < bytes.count && bytes[position] == byte }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    /// The byte at the current position as a person reads it: `'x'`, or `byte 0xFF`.
    private func describeCurrent(quoted: Bool = true) -> String {
        guard position < bytes.count else { return "end of file" }
        let byte = bytes[position]
        if byte >= 0x21 && byte < 0x7F {
            let character = String(UnicodeScalar(byte))
            return quoted ? "'\(character)'" : character
        }
        return String(format: "byte 0x%02X", byte)
    }

    private func error(_ reason: String) -> JSONSyntaxError {
        var line = 1, column = 1
        var index = 0
        let end = min(position, bytes.count)
        while index < end {
            if bytes[index] == 0x0A {
                line += 1
                column = 1
            } else if bytes[index] & 0xC0 != 0x80 {   // count characters, not UTF-8 continuation bytes
                column += 1
            }
            index += 1
        }
        return JSONSyntaxError(line: line, column: column, reason: reason)
    }
}

// MARK: Codable

/// Any JSON, read through a `Decoder`, so a scene can sit inside a user's own Codable types.
/// Keys come out sorted (a `Decoder` does not keep the file's order).
extension JSONValue: Decodable {
    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public init(from decoder: Decoder) throws {
        if let object = try? decoder.container(keyedBy: Key.self) {
            self = .object(try object.allKeys.sorted { $0.stringValue < $1.stringValue }.map { key in
                (key.stringValue, try object.decode(JSONValue.self, forKey: key))
            })
        } else if var array = try? decoder.unkeyedContainer() {
            var elements: [JSONValue] = []
            while !array.isAtEnd { elements.append(try array.decode(JSONValue.self)) }
            self = .array(elements)
        } else {
            let value = try decoder.singleValueContainer()
            if value.decodeNil() {
                self = .null
            } else if let flag = try? value.decode(Bool.self) {
                self = .bool(flag)
            } else if let number = try? value.decode(Double.self) {
                self = .number(number)
            } else {
                self = .string(try value.decode(String.self))
            }
        }
    }
}
