/// The declarations of a Swift file, found from its tokens: types, extensions and their members,
/// nested as written. Function bodies are not looked into (their token ranges are kept for those
/// who need them), so local declarations are not listed.
public struct Declaration: Equatable, Sendable {
    public enum Kind: String, Equatable, Sendable {
        case `class`, `struct`, `enum`, `protocol`, `actor`, `extension`
        case function, initializer, variable, enumCase, typeAlias, `subscript`
    }

    public var kind: Kind
    /// A type's or variable's name, or a function's full name with labels: `animate(withDuration:animations:)`,
    /// `init(frame:)`. An extension's is the extended type as written (`UIView.AnimationOptions`).
    public var name: String
    /// Modifiers and attributes before the declaration: `public`, `override`, `static`, `@objc`, …
    public var modifiers: [String]
    /// For types and extensions: the inheritance clause's names. For variables: the annotated or
    /// constructed type. For type aliases: the aliased type. For functions: each parameter's type.
    public var types: [String]
    /// The body's tokens, braces excluded.
    public var body: Range<Int>?
    public var children: [Declaration]
    public var line: Int

    public var isTypeLike: Bool {
        switch kind {
        case .class, .struct, .enum, .protocol, .actor, .extension: true
        default: false
        }
    }

    public var isPublic: Bool { modifiers.contains("public") || modifiers.contains("open") }
}

/// A lexed file with its declarations.
public struct SourceFile: Sendable {
    public let tokens: [Token]
    public let declarations: [Declaration]
    /// For each `(`, `[` and `{`, the index of its closing token (and the reverse), where balanced.
    let partner: [Int: Int]

    public init(source: String) {
        tokens = Lexer.tokens(of: source)
        partner = matchBrackets(tokens)
        var parser = DeclarationParser(tokens: tokens, partner: partner)
        declarations = parser.members(in: 0..<tokens.count)
    }

    /// Whether the tokens in `range` call `UIKitCompatibility.notHonoured(`.
    public func callsNotHonoured(in range: Range<Int>) -> Bool {
        var index = range.lowerBound
        while index + 3 < range.upperBound {
            if tokens[index].text == "UIKitCompatibility", tokens[index + 1].text == ".",
               tokens[index + 2].text == "notHonoured", tokens[index + 3].text == "(" { return true }
            index += 1
        }
        return false
    }
}

private func matchBrackets(_ tokens: [Token]) -> [Int: Int] {
    var partner: [Int: Int] = [:]
    var stack: [Int] = []
    let closing: [String: String] = [")": "(", "]": "[", "}": "{"]
    for (index, token) in tokens.enumerated() where token.kind == .punctuation {
        switch token.text {
        case "(", "[", "{":
            stack.append(index)
        case ")", "]", "}":
            // A closer that does not match (code split by `#if`) pops back to its opener, if any.
            guard let open = stack.lastIndex(where: { tokens[$0].text == closing[token.text] }) else { continue }
            partner[stack[open]] = index
            partner[index] = stack[open]
            stack.removeSubrange(open...)
        default:
            break
        }
    }
    return partner
}

let declarationModifiers: Set<String> = [
    "public", "open", "internal", "private", "fileprivate", "package", "static", "class", "final", "override",
    "required", "convenience", "mutating", "nonmutating", "lazy", "weak", "unowned", "dynamic", "optional",
    "indirect", "nonisolated", "isolated", "prefix", "postfix", "infix", "consuming", "borrowing", "distributed",
]

/// Tokens that begin a new declaration: where a member without a body ends.
let declarationStarts: Set<String> = declarationModifiers.union([
    "func", "var", "let", "init", "deinit", "subscript", "struct", "enum", "protocol", "extension", "actor",
    "typealias", "associatedtype", "case", "import", "#if", "#else", "#elseif", "#endif", "}",
])

struct DeclarationParser {
    let tokens: [Token]
    let partner: [Int: Int]

    func text(_ index: Int) -> String { index < tokens.count ? tokens[index].text : "" }

    /// The index after the group opened at `index`, or after the token if it opens none.
    func skipGroup(_ index: Int, limit: Int) -> Int {
        if let close = partner[index], close > index { return min(close + 1, limit) }
        return index + 1
    }

    /// Skips a generic clause `< … >` that starts at `index`.
    func skipGenerics(_ index: Int, limit: Int) -> Int {
        guard text(index) == "<" else { return index }
        var depth = 0
        var position = index
        while position < limit {
            switch text(position) {
            case "<": depth += 1
            case ">":
                depth -= 1
                if depth == 0 { return position + 1 }
            case "{", "(": return position
            default: break
            }
            position += 1
        }
        return position
    }

    /// A dotted name starting at `index` (`UIView.AnimationOptions`), and the index after it.
    func qualifiedName(_ index: Int, limit: Int) -> (String, Int) {
        guard index < limit, tokens[index].kind == .identifier else { return ("", index) }
        var name = tokens[index].text
        var position = index + 1
        while position + 1 < limit, text(position) == ".", tokens[position + 1].kind == .identifier {
            name += "." + tokens[position + 1].text
            position += 2
        }
        return (name, position)
    }

    mutating func members(in range: Range<Int>) -> [Declaration] {
        var result: [Declaration] = []
        var modifiers: [String] = []
        var index = range.lowerBound
        let limit = range.upperBound
        while index < limit {
            let token = tokens[index]
            let word = token.text
            if token.kind == .identifier, word.hasPrefix("#") {
                // Compiler directives: the condition is the rest of the line.
                let line = token.line
                index += 1
                if word == "#if" || word == "#elseif" {
                    while index < limit, tokens[index].line == line { index += 1 }
                }
                continue
            }
            if token.kind == .identifier, word.hasPrefix("@") {
                modifiers.append(word)
                index += 1
                if text(index) == "(" { index = skipGroup(index, limit: limit) }
                continue
            }
            if token.kind == .identifier, declarationModifiers.contains(word),
               !(word == "class" && isTypeKeywordUse(index, limit: limit)) {
                modifiers.append(word)
                index += 1
                if text(index) == "(" { index = skipGroup(index, limit: limit) }  // private(set)
                continue
            }
            guard token.kind == .identifier else {
                if word == "{" || word == "(" || word == "[" { index = skipGroup(index, limit: limit) } else { index += 1 }
                modifiers = []
                continue
            }
            switch word {
            case "class", "struct", "enum", "protocol", "actor", "extension":
                let (declaration, next) = typeDeclaration(index, limit: limit, modifiers: modifiers)
                if let declaration { result.append(declaration) }
                index = next
            case "func", "init", "subscript":
                let (declaration, next) = function(index, limit: limit, modifiers: modifiers)
                if let declaration { result.append(declaration) }
                index = next
            case "var", "let":
                let (declaration, next) = variable(index, limit: limit, modifiers: modifiers)
                if let declaration { result.append(declaration) }
                index = next
            case "case":
                let (cases, next) = enumCases(index, limit: limit, modifiers: modifiers)
                result += cases
                index = next
            case "typealias", "associatedtype":
                let (name, afterName) = qualifiedName(index + 1, limit: limit)
                var position = skipGenerics(afterName, limit: limit)
                var aliased: [String] = []
                if text(position) == "=" {
                    let (target, next) = qualifiedName(position + 1, limit: limit)
                    aliased = target.isEmpty ? [] : [target]  // a function or tuple type has no name
                    position = next
                }
                if word == "typealias", !name.isEmpty {
                    result.append(Declaration(kind: .typeAlias, name: name, modifiers: modifiers, types: aliased,
                                              body: nil, children: [], line: token.line))
                }
                index = endOfMember(position, limit: limit).0
            case "deinit":
                index = endOfMember(index + 1, limit: limit).0
            case "import":
                let line = token.line
                while index < limit, tokens[index].line == line { index += 1 }
            default:
                index += 1
            }
            modifiers = []
        }
        return result
    }

    /// `class` is a type keyword unless a member keyword follows it (`class func`, `class var`).
    func isTypeKeywordUse(_ index: Int, limit: Int) -> Bool {
        let next = text(index + 1)
        return !(["func", "var", "let", "subscript", "init", "final", "override", "public", "open"].contains(next)
            || next.hasPrefix("@"))
            && index + 1 < limit && tokens[index + 1].kind == .identifier
    }

    mutating func typeDeclaration(_ index: Int, limit: Int, modifiers: [String]) -> (Declaration?, Int) {
        let keyword = tokens[index]
        let (name, afterName) = qualifiedName(index + 1, limit: limit)
        var position = skipGenerics(afterName, limit: limit)
        var inherited: [String] = []
        if text(position) == ":" {
            position += 1
            while position < limit, text(position) != "{", text(position) != "where" {
                if tokens[position].kind == .identifier, !tokens[position].text.hasPrefix("@") {
                    let (inheritedName, next) = qualifiedName(position, limit: limit)
                    if inheritedName != "any", inheritedName != "some" { inherited.append(inheritedName) }
                    position = skipGenerics(next, limit: limit)
                } else {
                    position += 1
                }
            }
        }
        while position < limit, text(position) != "{", !(declarationStarts.contains(text(position)) && text(position) != "where") {
            position += 1
        }
        guard text(position) == "{", let close = partner[position], name.isEmpty == false else { return (nil, max(position, index + 1)) }
        let children = members(in: position + 1..<close)
        let kind = Declaration.Kind(rawValue: keyword.text) ?? .struct
        return (Declaration(kind: kind, name: name, modifiers: modifiers, types: inherited, body: position + 1..<close,
                            children: children, line: keyword.line), close + 1)
    }

    /// A member's end: the index after its body or where the next declaration starts, and its body.
    func endOfMember(_ start: Int, limit: Int) -> (Int, Range<Int>?) {
        var position = start
        while position < limit {
            let word = text(position)
            if word == "{" {
                guard let close = partner[position] else { return (position + 1, nil) }
                return (close + 1, position + 1..<close)
            }
            if word == "(" || word == "[" {
                position = skipGroup(position, limit: limit)
                continue
            }
            if tokens[position].kind == .identifier, declarationStarts.contains(word) || word.hasPrefix("@") { break }
            if word == "}" || word == ";" { break }
            position += 1
        }
        return (position, nil)
    }

    func function(_ index: Int, limit: Int, modifiers: [String]) -> (Declaration?, Int) {
        let keyword = tokens[index].text
        var position = index + 1
        var base = keyword
        if keyword == "func" {
            guard position < limit else { return (nil, position) }
            if tokens[position].kind == .identifier {
                base = tokens[position].text
                position += 1
            } else {
                // An operator: not a member anyone calls by name.
                base = ""
                while position < limit, text(position) != "(", tokens[position].kind == .punctuation { position += 1 }
            }
        }
        if text(position) == "?" || text(position) == "!" { position += 1 }
        position = skipGenerics(position, limit: limit)
        var labels: [String] = []
        var parameterTypes: [String] = []
        if text(position) == "(", let close = partner[position] {
            (labels, parameterTypes) = parameters(position + 1..<close)
            position = close + 1
        }
        let (end, body) = endOfMember(position, limit: limit)
        guard !base.isEmpty else { return (nil, end) }
        let name = base + "(" + labels.map { $0 + ":" }.joined() + ")"
        let kind: Declaration.Kind = keyword == "init" ? .initializer : keyword == "subscript" ? .subscript : .function
        return (Declaration(kind: kind, name: name, modifiers: modifiers, types: parameterTypes, body: body,
                            children: [], line: tokens[index].line), end)
    }

    /// External labels and the first name of each parameter's type.
    func parameters(_ range: Range<Int>) -> ([String], [String]) {
        var labels: [String] = []
        var types: [String] = []
        var position = range.lowerBound
        var expectingLabel = true
        while position < range.upperBound {
            let word = text(position)
            if expectingLabel, tokens[position].kind == .identifier {
                labels.append(word)
                expectingLabel = false
                // Skip to the colon, then read the type's first name.
                while position < range.upperBound, text(position) != ":" { position += 1 }
                position += 1
                while position < range.upperBound, text(position).hasPrefix("@") || ["inout", "some", "any", "sending"].contains(text(position)) {
                    position += 1
                    if text(position) == "(" { position = skipGroup(position, limit: range.upperBound) }
                }
                let (typeName, _) = qualifiedName(position, limit: range.upperBound)
                types.append(typeName)
                continue
            }
            if word == "(" || word == "[" || word == "{" {
                position = skipGroup(position, limit: range.upperBound)
                continue
            }
            if word == "<" {
                position = skipGenerics(position, limit: range.upperBound)
                continue
            }
            if word == "," { expectingLabel = true }
            position += 1
        }
        return (labels, types)
    }

    func variable(_ index: Int, limit: Int, modifiers: [String]) -> (Declaration?, Int) {
        let position = index + 1
        guard position < limit, tokens[position].kind == .identifier else {
            return (nil, endOfMember(position, limit: limit).0)  // a tuple pattern
        }
        let name = tokens[position].text
        var type: [String] = []
        var cursor = position + 1
        if text(cursor) == ":" {
            cursor += 1
            if text(cursor) == "(" || text(cursor) == "[" {
                cursor = skipGroup(cursor, limit: limit)
            } else {
                let (typeName, next) = qualifiedName(cursor, limit: limit)
                type = [typeName]
                cursor = skipGenerics(next, limit: limit)
            }
        } else if text(cursor) == "=" {
            let (typeName, next) = qualifiedName(cursor + 1, limit: limit)
            if let first = typeName.first, first.isUppercase, text(next) == "(" { type = [typeName] }
        }
        let (end, body) = endOfMember(cursor, limit: limit)
        return (Declaration(kind: .variable, name: name, modifiers: modifiers, types: type, body: body,
                            children: [], line: tokens[index].line), end)
    }

    func enumCases(_ index: Int, limit: Int, modifiers: [String]) -> ([Declaration], Int) {
        var result: [Declaration] = []
        var position = index + 1
        var expectingName = true
        while position < limit {
            let token = tokens[position]
            if token.kind == .identifier, declarationStarts.contains(token.text) || token.text.hasPrefix("@") { break }
            if token.text == "}" || token.text == ";" { break }
            if expectingName, token.kind == .identifier {
                result.append(Declaration(kind: .enumCase, name: token.text, modifiers: modifiers, types: [], body: nil,
                                          children: [], line: token.line))
                expectingName = false
            } else if token.text == "," {
                expectingName = true
            } else if token.text == "(" || token.text == "[" {
                position = skipGroup(position, limit: limit)
                continue
            } else if token.text == "=" {
                expectingName = false
            }
            position += 1
        }
        return (result, position)
    }
}
