import Foundation
import Views

/// A scene that cannot be used, and exactly where: the file, the JSON path
/// (`collection.layout.itemSize[0]`) or the line and column of a syntax error, what was expected
/// and what was found.
public struct SceneError: Error, Equatable, CustomStringConvertible {
    /// The file, or `built-in scene "name"`.
    public var file: String
    /// Where in the document: a JSON path, or `line 3, column 7` for a syntax error; empty when the
    /// file as a whole is at fault (unreadable, a directory).
    public var location: String
    public var message: String

    public init(file: String, location: String, message: String) {
        self.file = file
        self.location = location
        self.message = message
    }

    public var description: String {
        location.isEmpty ? "\(file): \(message)" : "\(file): \(location): \(message)"
    }
}

/// A JSON value with its path, read into scene types with errors that name the path.
package struct Node {
    package let value: JSONValue
    package let path: String
    package let file: String

    package init(value: JSONValue, path: String, file: String) {
        (self.value, self.path, self.file) = (value, path, file)
    }

    package func error(_ message: String) -> SceneError {
        SceneError(file: file, location: path.isEmpty ? "(the top level)" : path, message: message)
    }

    package func mismatch(_ expected: String) -> SceneError {
        error("expected \(expected), found \(value.summary)")
    }

    package func child(_ key: String, _ value: JSONValue) -> Node {
        Node(value: value, path: path.isEmpty ? key : "\(path).\(key)", file: file)
    }

    package func element(_ index: Int, _ value: JSONValue) -> Node {
        Node(value: value, path: "\(path)[\(index)]", file: file)
    }

    // MARK: Shapes

    /// The members of an object whose keys must all be in `keys` (a typo is an error that says
    /// what was meant).
    package func object(keys: [String], expected: String = "an object") throws -> ObjectNode {
        guard case .object(let members) = value else { throw mismatch(expected) }
        for member in members where !keys.contains(member.key) {
            var message = "unknown key \"\(member.key)\"; "
            if let guess = Self.closest(to: member.key, among: keys) {
                message += "did you mean \"\(guess)\"? "
            }
            message += "The keys here are: \(keys.joined(separator: ", "))."
            throw child(member.key, member.value).error(message)
        }
        return ObjectNode(node: self, members: members)
    }

    package func array(expected: String) throws -> [Node] {
        guard case .array(let elements) = value else { throw mismatch(expected) }
        return elements.enumerated().map { element($0.offset, $0.element) }
    }

    // MARK: Scalars

    package func number(in range: ClosedRange<Double>, _ what: String = "a number") throws -> Double {
        guard case .number(let number) = value else { throw mismatch("\(what) from \(Self.describe(range))") }
        guard range.contains(number) else {
            throw error("expected \(what) from \(Self.describe(range)), found \(JSONValue.format(number))")
        }
        return number
    }

    /// A whole number in `range`.
    package func integer(in range: ClosedRange<Int>, _ what: String = "a whole number") throws -> Int {
        let expected = "\(what) from \(range.lowerBound) to \(range.upperBound)"
        guard case .number(let number) = value else { throw mismatch(expected) }
        guard number == number.rounded(), number >= Double(range.lowerBound), number <= Double(range.upperBound) else {
            throw error("expected \(expected), found \(JSONValue.format(number))")
        }
        return Int(number)
    }

    package func bool() throws -> Bool {
        guard case .bool(let flag) = value else { throw mismatch("true or false") }
        return flag
    }

    package func string(_ what: String = "a string") throws -> String {
        guard case .string(let text) = value else { throw mismatch(what) }
        return text
    }

    /// One of `choices`, spelled exactly.
    package func choice(_ choices: [String]) throws -> String {
        let expected = "one of " + choices.map { "\"\($0)\"" }.joined(separator: ", ")
        guard case .string(let text) = value else { throw mismatch(expected) }
        guard choices.contains(text) else {
            var message = "expected \(expected), found \"\(text)\""
            if let guess = Self.closest(to: text, among: choices) { message += " (did you mean \"\(guess)\"?)" }
            throw error(message)
        }
        return text
    }

    /// `[a, b]` of numbers in `range`.
    package func pair(in range: ClosedRange<Double>, _ what: String) throws -> (Double, Double) {
        let values = try numbers(count: 2, in: range, what)
        return (values[0], values[1])
    }

    /// Exactly `count` numbers in `range`.
    package func numbers(count: Int, in range: ClosedRange<Double>, _ what: String) throws -> [Double] {
        let elements = try array(expected: "\(what): an array of \(count) numbers")
        guard elements.count == count else {
            throw error("expected \(what): an array of \(count) numbers, found \(value.summary)")
        }
        return try elements.map { try $0.number(in: range) }
    }

    /// `"#RRGGBB"` or `"#RRGGBBAA"`, as four 8-bit channels (straight alpha).
    /// `"#RRGGBB"`, `"#RRGGBBAA"` or an iOS colour name (`"systemBlue"`, `"label"` …).
    package func color() throws -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        let expected = "a colour \"#RRGGBB\" or \"#RRGGBBAA\", or an iOS colour name such as \"systemBlue\""
        guard case .string(let text) = value else { throw mismatch(expected) }
        if !text.hasPrefix("#") {
            if let named = UIColor.named(text) {
                let c = named.rasterColor
                return (c.red, c.green, c.blue, c.alpha)
            }
            let guess = Self.closest(to: text, among: UIColor.colorNames).map { " (did you mean \"\($0)\"?)" } ?? ""
            throw error("expected \(expected), found \"\(text)\"\(guess)")
        }
        let hex = text.dropFirst()
        guard hex.count == 6 || hex.count == 8, hex.allSatisfy(\.isHexDigit), let packed = UInt32(hex, radix: 16) else {
            throw error("expected \(expected), found \"\(text)\"")
        }
        let rgba = hex.count == 6 ? packed << 8 | 0xFF : packed
        return (UInt8(rgba >> 24), UInt8(rgba >> 16 & 0xFF), UInt8(rgba >> 8 & 0xFF), UInt8(rgba & 0xFF))
    }

    // MARK: Helpers

    package static func describe(_ range: ClosedRange<Double>) -> String {
        let low = JSONValue.format(range.lowerBound)
        if range.upperBound == .greatestFiniteMagnitude { return "\(low) up" }
        return "\(low) to \(JSONValue.format(range.upperBound))"
    }

    /// The candidate nearest `word` in edit distance, if it is near enough to be a typo.
    package static func closest(to word: String, among candidates: [String]) -> String? {
        let lowered = Array(word.lowercased())
        var best: (String, Int)?
        for candidate in candidates {
            let distance = editDistance(lowered, Array(candidate.lowercased()))
            if distance <= max(1, candidate.count / 3), distance < (best?.1 ?? .max) { best = (candidate, distance) }
        }
        return best?.0
    }

    /// Edits (insert, delete, substitute, swap two neighbours) that turn `a` into `b`.
    private static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        var d = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in stride(from: 1, through: a.count, by: 1) {
            for j in stride(from: 1, through: b.count, by: 1) {
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
            }
        }
        return d[a.count][b.count]
    }
}

/// An object's members, looked up by key.
package struct ObjectNode {
    package let node: Node
    package let members: [(key: String, value: JSONValue)]

    package func optional(_ key: String) -> Node? {
        members.first { $0.key == key }.map { node.child(key, $0.value) }
    }

    package func required(_ key: String, _ expected: String) throws -> Node {
        guard let child = optional(key) else {
            throw node.error("the key \"\(key)\" is missing; expected \(expected)")
        }
        return child
    }

    /// `optional(key)` read by `read`, or `fallback` when absent.
    package func value<T>(_ key: String, default fallback: T, _ read: (Node) throws -> T) throws -> T {
        guard let child = optional(key) else { return fallback }
        return try read(child)
    }
}
