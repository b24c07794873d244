import Foundation

/// The UIKit, QuartzCore and CoreGraphics types and members one project uses, with how often.
///
/// There is no SDK member list and no type checker here, so members are found by heuristics:
/// - `Type.member` and `Type.Nested`, and `Type(label:…)` as `init(label:)`;
/// - `override` members (and `required init`) of classes whose superclass chain, within the
///   project, reaches a UIKit class;
/// - in types conforming to a UIKit protocol, functions that Springframes declares in it, or whose
///   name starts with the protocol's subject (`tableView…` for `UITableViewDataSource`) or that take
///   the subject's type as a parameter;
/// - `receiver.member` where the receiver's type is evident: a variable or parameter written
///   `name: UIKitType` or `name = UIKitType(…)` in the same file (a name given two types in a file is
///   left out), `view` in a view controller, `layer` in a view, `self` and `super` in subclasses,
///   and chains through properties whose type Springframes declares (`view.layer.cornerRadius`).
///
/// Members are keyed by the type that declares them in Springframes when one does (`UIButton`'s
/// `frame` is `UIView.frame`), else by the UIKit type they were used on. Calls match a declared
/// function when their labels fit it (default arguments and trailing closures left out); otherwise
/// they are keyed as written, a trailing closure as `_:`. Not seen: members reached through
/// implicit `self`, function results, closures' parameters, and types inferred across files.
public struct ProjectUsage: Codable, Sendable {
    public var name: String
    public var files: Int
    public var lines: Int
    public var typeUses: [String: Int] = [:]
    public var memberUses: [String: Int] = [:]

    /// Scans every `.swift` file under `directory` (tests and vendored dependencies left out).
    public init(directory: URL, surface: DeclaredSurface) throws {
        let files = try SwiftFiles.read(under: directory, skippingTests: true)
        self.init(name: directory.lastPathComponent, sources: files.map(\.text), surface: surface)
    }

    public init(name: String, sources: [String], surface: DeclaredSurface) {
        self.name = name
        files = sources.count
        lines = sources.reduce(0) { $0 + $1.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) } }
        var scanner = UsageScanner(files: sources.map(SourceFile.init(source:)), surface: surface)
        scanner.run()
        typeUses = scanner.typeUses
        memberUses = scanner.memberUses
    }
}

struct UsageScanner {
    let files: [SourceFile]
    let surface: DeclaredSurface
    var typeUses: [String: Int] = [:]
    var memberUses: [String: Int] = [:]

    /// The project's own types: what each inherits (declaration and extensions) and the names of
    /// members it declares.
    var inherited: [String: [String]] = [:]
    var ownMembers: [String: Set<String>] = [:]
    var ownTypes: Set<String> = []

    init(files: [SourceFile], surface: DeclaredSurface) {
        self.files = files
        self.surface = surface
        for file in files { collectTypes(file.declarations, parent: nil) }
    }

    mutating func collectTypes(_ declarations: [Declaration], parent: String?) {
        for declaration in declarations {
            if declaration.kind == .typeAlias { ownTypes.insert(declaration.name) }
            guard declaration.isTypeLike else { continue }
            let name = declaration.kind == .extension ? declaration.name : declaration.name
            if declaration.kind != .extension { ownTypes.insert(name) }
            // Only a class declaration's first inherited name may be a superclass; extensions add conformances.
            if declaration.kind == .extension {
                inherited[name, default: []] += declaration.types
            } else {
                inherited[name] = declaration.types + (inherited[name] ?? [])
            }
            // An override is UIKit's member, not the project's own.
            for child in declaration.children where !child.isTypeLike && !child.modifiers.contains("override") {
                ownMembers[name, default: []].insert(child.name)
                ownMembers[name, default: []].insert(String(child.name.prefix { $0 != "(" }))
            }
            collectTypes(declaration.children, parent: name)
        }
    }

    func isUIKitType(_ name: String) -> Bool { UIKitNames.isUIKit(name) && !ownTypes.contains(name) }

    /// The nearest UIKit class up the project's class chain of `type`, and the project classes on the way.
    func uikitBase(of type: String) -> (base: String, own: [String])? {
        var current = type
        var own: [String] = []
        while own.count < 16 {
            if isUIKitType(current) { return (current, own) }
            guard ownTypes.contains(current), let first = inherited[current]?.first else { return nil }
            own.append(current)
            current = first
        }
        return nil
    }

    /// The UIKit protocols `type` conforms to, in the order written (its superclasses' too).
    func uikitProtocols(of type: String) -> [String] {
        var result: [String] = []
        var current: String? = type
        var seen: Set<String> = []
        while let name = current, seen.insert(name).inserted {
            for inheritedName in inherited[name] ?? [] where isUIKitType(inheritedName) && surface.types[inheritedName]?.kind != "class" {
                if UIKitNames.protocolSubject(inheritedName) != nil || surface.types[inheritedName]?.kind == "protocol" {
                    result.append(inheritedName)
                }
            }
            current = inherited[name]?.first.flatMap { ownTypes.contains($0) ? $0 : nil }
        }
        return result
    }

    mutating func record(member: String, on type: String) {
        let owner = surface.lookup(member, on: type)?.owner ?? type
        memberUses["\(owner).\(member)", default: 0] += 1
    }

    mutating func run() {
        for file in files {
            scanTypesAndReceivers(in: file)
            scanDeclarations(file.declarations, in: file)
        }
    }

    // MARK: Overrides and protocol requirements

    mutating func scanDeclarations(_ declarations: [Declaration], in file: SourceFile) {
        for declaration in declarations where declaration.isTypeLike {
            let name = declaration.name
            let base = declaration.kind == .class || declaration.kind == .extension ? uikitBase(of: name) : nil
            let protocols = uikitProtocols(of: name)
            for child in declaration.children where !child.isTypeLike {
                if let base, !base.own.isEmpty || declaration.kind == .class,
                   child.modifiers.contains("override") || (child.kind == .initializer && child.modifiers.contains("required")) {
                    record(member: child.name, on: base.base)
                } else if child.kind == .function, !child.modifiers.contains("static"), !protocols.isEmpty,
                          let owner = requirementOwner(child, protocols: protocols) {
                    memberUses["\(owner).\(child.name)", default: 0] += 1
                }
            }
            scanDeclarations(declaration.children, in: file)
        }
    }

    func requirementOwner(_ function: Declaration, protocols: [String]) -> String? {
        if let declared = protocols.first(where: { surface.types[$0]?.members[function.name] != nil }) { return declared }
        let base = function.name.prefix { $0 != "(" }
        let candidates = protocols.filter { name in
            guard let subject = UIKitNames.protocolSubject(name) else { return false }
            return base.hasPrefix(subject.method) || function.types.contains(subject.type)
        }
        guard candidates.count > 1 else { return candidates.first }
        // A data source and a delegate of the same subject: data sources ask for counts, cells,
        // titles and edits; everything else is the delegate's.
        let asksData = Self.dataSourceWords.contains { function.name.contains($0) }
        return candidates.first { $0.contains("DataSource") == asksData } ?? candidates.first
    }

    static let dataSourceWords = [
        "numberOf", "cellFor", "titleFor", "canEdit", "canMove", "commit", "moveRow", "moveItem", "sectionIndexTitles",
        "viewForSupplementaryElementOfKind", "prefetch", "indexTitles", "sectionForSectionIndexTitle",
    ]

    // MARK: Type names and receivers

    /// Variable and parameter names given one UIKit (or UIKit-derived) type in the file.
    func receiverTypes(in file: SourceFile) -> [String: String] {
        let tokens = file.tokens
        var types: [String: String] = [:]
        var conflicting: Set<String> = []
        func note(_ name: String, _ written: String) {
            let type = UIKitNames.isFunctionName(written) ? UIKitNames.functionResults[written] ?? "" : written
            guard uikitBase(of: type) != nil else { return }
            if let existing = types[name], existing != type { conflicting.insert(name) }
            types[name] = type
        }
        for index in 0..<tokens.count where tokens[index].kind == .identifier && index + 2 < tokens.count {
            let separator = tokens[index + 1].text
            guard separator == ":" || separator == "=", index == 0 || tokens[index - 1].text != "." else { continue }
            var (type, after) = qualifiedName(tokens, index + 2)
            guard !type.isEmpty else { continue }
            if separator == ":" {
                // `key: UIColor.red` and `label: UIView(…)` are values, not annotations.
                if after < tokens.count, tokens[after].text == "(" { continue }
                if after + 1 < tokens.count, tokens[after].text == ".", tokens[after + 1].text.first?.isLowercase == true { continue }
                note(tokens[index].text, type)
            } else if index > 0, ["let", "var"].contains(tokens[index - 1].text) {
                if after + 1 < tokens.count, tokens[after].text == ".", tokens[after + 1].text == "init" { after += 2 }
                if after < tokens.count, tokens[after].text == "(" { note(tokens[index].text, type) }
                _ = type
                type = ""
            }
        }
        for name in conflicting { types[name] = nil }
        return types
    }

    /// The enclosing type of each token, where there is one.
    func enclosingTypes(in file: SourceFile) -> [String?] {
        var result = [String?](repeating: nil, count: file.tokens.count)
        func mark(_ declarations: [Declaration]) {
            for declaration in declarations where declaration.isTypeLike {
                if let body = declaration.body { for index in body { result[index] = declaration.name } }
                mark(declaration.children)
            }
        }
        mark(file.declarations)
        return result
    }

    mutating func scanTypesAndReceivers(in file: SourceFile) {
        let tokens = file.tokens
        let variables = receiverTypes(in: file)
        let enclosing = enclosingTypes(in: file)
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            let afterDot = index > 0 && tokens[index - 1].text == "."
            guard token.kind == .identifier, !afterDot else {
                index += 1
                continue
            }
            if isUIKitType(token.text) {
                if index > 0, tokens[index - 1].text == "import" {
                    index += 1
                    continue
                }
                typeUses[token.text, default: 0] += 1
                if surface.globals[token.text] != nil || UIKitNames.isFunctionName(token.text) {
                    index += 1  // a C function: its name is the use
                } else {
                    index = typeReference(tokens, index)
                }
                continue
            }
            var receiverType: String? = variables[token.text]
            if receiverType == nil, let owner = enclosing[index], let base = uikitBase(of: owner) {
                switch token.text {
                case "self", "super": receiverType = owner
                case "view" where surface.ancestry(of: base.base).contains("UIViewController") && !declaresOwn("view", in: base.own):
                    record(member: "view", on: base.base)
                    receiverType = "UIView"
                case "layer" where surface.ancestry(of: base.base).contains("UIView") && !declaresOwn("layer", in: base.own):
                    record(member: "layer", on: base.base)
                    receiverType = "CALayer"
                default: break
                }
            }
            if let receiverType {
                index = memberChain(tokens, index + 1, receiver: receiverType)
            } else {
                index += 1
            }
        }
    }

    func declaresOwn(_ member: String, in types: [String]) -> Bool {
        types.contains { ownMembers[$0]?.contains(member) == true }
    }

    /// Records `Type.Nested…`, `.member…` and `Type(…)` from a UIKit type name at `index`; returns
    /// the index after what it read.
    mutating func typeReference(_ tokens: [Token], _ index: Int) -> Int {
        var type = tokens[index].text
        var position = index + 1
        while position + 1 < tokens.count, tokens[position].text == ".", tokens[position + 1].kind == .identifier,
              tokens[position + 1].text.first?.isUppercase == true {
            record(member: tokens[position + 1].text, on: type)
            type += "." + tokens[position + 1].text
            position += 2
        }
        if position < tokens.count, tokens[position].text == "(" {
            return call("init", tokens, position, on: type).next
        }
        return memberChain(tokens, position, receiver: type)
    }

    /// Follows `.member`, `?.member` and `!.member` from `position` on a receiver of `receiver`'s
    /// type, through properties whose type Springframes declares.
    mutating func memberChain(_ tokens: [Token], _ start: Int, receiver: String) -> Int {
        var position = start
        var type: String? = receiver
        while let current = type {
            while position < tokens.count, tokens[position].text == "?" || tokens[position].text == "!" { position += 1 }
            guard position + 1 < tokens.count, tokens[position].text == ".", tokens[position + 1].kind == .identifier else { break }
            let member = tokens[position + 1].text
            guard let base = uikitBase(of: current) else { break }
            if declaresOwn(member, in: base.own) { return position + 2 }
            if position + 2 < tokens.count, tokens[position + 2].text == "("
                || (tokens[position + 2].text == "{" && takesTrailingClosure(tokens, position + 2)
                    && surface.function(member, labels: [], trailingClosures: 1, on: base.base) != nil) {
                return call(member, tokens, position + 2, on: base.base).next
            }
            record(member: member, on: base.base)
            type = surface.lookup(member, on: base.base).flatMap { surface.types[$0.owner]?.memberTypes[member] }
                ?? surface.types[surface.canonicalType(base.base)]?.memberTypes[member]
            position += 2
        }
        return position
    }

    /// Records a call of `base` whose argument list (or trailing closure) starts at `position`.
    mutating func call(_ base: String, _ tokens: [Token], _ position: Int, on type: String) -> (name: String, next: Int) {
        var labels: [String] = []
        var next = position
        if tokens[position].text == "(" {
            let close = partner(tokens, position)
            var argumentStart = true
            var depth = 0
            for index in position + 1..<close {
                let text = tokens[index].text
                if ["(", "[", "{"].contains(text) { depth += 1 }
                if [")", "]", "}"].contains(text) { depth -= 1 }
                if depth == 0, text == "," { argumentStart = true; continue }
                if argumentStart {
                    let labelled = tokens[index].kind == .identifier && index + 1 < close && tokens[index + 1].text == ":"
                    labels.append(labelled ? text : "_")
                    argumentStart = false
                }
            }
            next = close + 1
        }
        var trailing = 0
        while next < tokens.count, tokens[next].text == "{", takesTrailingClosure(tokens, next) {
            trailing += 1
            next = partner(tokens, next) + 1
            if next + 2 < tokens.count, tokens[next].kind == .identifier, tokens[next + 1].text == ":", tokens[next + 2].text == "{" {
                next += 2
            }
        }
        let name = base == "init" && labels.isEmpty && trailing == 0 ? "init()"
            : surface.function(base, labels: labels, trailingClosures: trailing, on: type)
                ?? base + "(" + (labels + Array(repeating: "_", count: trailing)).map { $0 + ":" }.joined() + ")"
        record(member: name, on: type)
        return (name, next)
    }

    /// Whether `{` at `index` may be a trailing closure: not when the line is an `if`, `guard`,
    /// `while`, `for` or `switch` statement, whose body a brace opens.
    func takesTrailingClosure(_ tokens: [Token], _ index: Int) -> Bool {
        let line = tokens[index].line
        var first = index
        while first > 0, tokens[first - 1].line == line { first -= 1 }
        while first < index, tokens[first].text == "}" { first += 1 }
        return !["if", "guard", "while", "for", "switch", "else"].contains(tokens[first].text)
    }

    func partner(_ tokens: [Token], _ open: Int) -> Int {
        var depth = 0
        for index in open..<tokens.count {
            switch tokens[index].text {
            case "(", "[", "{": depth += 1
            case ")", "]", "}":
                depth -= 1
                if depth == 0 { return index }
            default: break
            }
        }
        return tokens.count - 1
    }

    func qualifiedName(_ tokens: [Token], _ index: Int) -> (String, Int) {
        guard index < tokens.count, tokens[index].kind == .identifier, tokens[index].text.first?.isUppercase == true else { return ("", index) }
        var name = tokens[index].text
        var position = index + 1
        while position + 1 < tokens.count, tokens[position].text == ".", tokens[position + 1].kind == .identifier,
              tokens[position + 1].text.first?.isUppercase == true {
            name += "." + tokens[position + 1].text
            position += 2
        }
        return (name, position)
    }
}
