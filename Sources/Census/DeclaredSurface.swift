import Foundation

/// What a package declares publicly: each type with its members (from the type's body and its
/// extensions, nested types included), whether each member warns that it is not honoured, class
/// superclasses and type aliases. The census reads Springframes' Sources with it.
public struct DeclaredSurface: Codable, Equatable, Sendable {
    public enum Status: String, Codable, Sendable {
        /// Declared, and its body does not call `UIKitCompatibility.notHonoured(`.
        case honoured
        /// Declared, and its body calls `UIKitCompatibility.notHonoured(`.
        case warned
        /// Declared by Foundation on Linux (swift-corelibs-foundation), not by the package.
        case platform
    }

    public struct DeclaredType: Codable, Equatable, Sendable {
        /// `class`, `struct`, `enum`, `protocol`, `actor`, `typealias`, or `extension` for a type
        /// the package only extends.
        public var kind: String
        public var superclass: String?
        public var aliasOf: String?
        /// Everything the declaration and its extensions inherit: protocols whose extensions add
        /// members (`LayoutAnchorItem`'s anchors on `UIView`).
        public var conformances: [String] = []
        public var members: [String: Status] = [:]
        /// The declared type of each variable member that has one written.
        public var memberTypes: [String: String] = [:]
    }

    public var types: [String: DeclaredType] = [:]
    /// Top-level functions, variables and constants (`CACurrentMediaTime()` is `CACurrentMediaTime`).
    public var globals: [String: Status] = [:]

    public init() {}

    /// The public surface of the `.swift` files under `directory`.
    public init(sourcesDirectory directory: URL) throws {
        self.init(files: try SwiftFiles.read(under: directory, skippingTests: false).map { SourceFile(source: $0.text) })
    }

    public init(files: [SourceFile]) {
        for file in files {
            for declaration in file.declarations {
                if declaration.isTypeLike {
                    add(declaration, in: file, parent: nil, inheritsPublic: false)
                } else if declaration.isPublic {
                    switch declaration.kind {
                    case .typeAlias:
                        types[declaration.name] = DeclaredType(kind: "typealias", aliasOf: declaration.types.first)
                    case .function, .variable:
                        let name = declaration.kind == .function ? String(declaration.name.prefix { $0 != "(" }) : declaration.name
                        globals[name] = status(of: declaration, in: file)
                    default:
                        break
                    }
                }
            }
        }
    }

    private func status(of declaration: Declaration, in file: SourceFile) -> Status {
        guard let body = declaration.body else { return .honoured }
        return file.callsNotHonoured(in: body) ? .warned : .honoured
    }

    private static let restricting: Set<String> = ["private", "fileprivate", "internal", "package"]

    private mutating func add(_ declaration: Declaration, in file: SourceFile, parent: String?, inheritsPublic: Bool) {
        let restricted = !Self.restricting.isDisjoint(with: declaration.modifiers)
        let isPublic = declaration.isPublic || (inheritsPublic && !restricted)
        let name = declaration.kind == .extension ? declaration.name : [parent, declaration.name].compactMap { $0 }.joined(separator: ".")
        if declaration.kind == .extension {
            if types[name] == nil { types[name] = DeclaredType(kind: "extension") }
            types[name]?.conformances += declaration.types
        } else {
            guard isPublic else { return }
            var entry = types[name] ?? DeclaredType(kind: declaration.kind.rawValue)
            entry.kind = declaration.kind.rawValue
            if declaration.kind == .class { entry.superclass = declaration.types.first }
            entry.conformances += declaration.types
            types[name] = entry
            if let parent { types[parent, default: DeclaredType(kind: "extension")].members[declaration.name] = .honoured }
        }
        // Members of a public protocol, a public enum's cases and a public extension's members are public
        // without saying so.
        let membersPublic = declaration.kind == .protocol && isPublic || declaration.kind == .extension && declaration.isPublic
        for child in declaration.children {
            if child.isTypeLike {
                add(child, in: file, parent: name, inheritsPublic: membersPublic)
                continue
            }
            let childRestricted = !Self.restricting.isDisjoint(with: child.modifiers)
            let enumCase = child.kind == .enumCase && declaration.kind != .extension && isPublic
            guard child.isPublic || enumCase || (membersPublic && !childRestricted) else { continue }
            if child.kind == .typeAlias {
                types["\(name).\(child.name)"] = DeclaredType(kind: "typealias", aliasOf: child.types.first)
            }
            let memberStatus = status(of: child, in: file)
            // Declared twice (an overload, or a body here and another there): warned if any warns.
            if types[name]?.members[child.name] != .warned { types[name]?.members[child.name] = memberStatus }
            if child.kind == .variable, let type = child.types.first { types[name]?.memberTypes[child.name] = type }
        }
    }

    /// The type that `name` names once aliases are followed.
    public func canonicalType(_ name: String) -> String {
        var current = name
        var seen: Set<String> = []
        while let target = types[current]?.aliasOf, seen.insert(current).inserted {
            current = target.hasPrefix("Self.") ? String(current.prefix { $0 != "." }) + target.dropFirst(4) : target
        }
        return current
    }

    /// Whether `name` is a type, type alias or top-level name declared here or by the platform.
    public func declaresType(_ name: String) -> Bool {
        if let entry = types[name], entry.kind != "extension" { return true }
        return globals[name] != nil || platformDeclarations.contains(name) || types[name]?.members.isEmpty == false
    }

    /// `type`, its superclasses as declared here (or as the SDK has them, for UIKit classes not
    /// declared here), in order.
    public func ancestry(of type: String) -> [String] {
        var chain: [String] = []
        var current: String? = canonicalType(type)
        while let name = current, !chain.contains(name), chain.count < 32 {
            chain.append(name)
            current = (types[name]?.superclass ?? UIKitNames.sdkSuperclasses[name]).map(canonicalType)
        }
        return chain
    }

    /// The members of `type`: its own, and those that extensions of the protocols it conforms to
    /// give it, where those protocols are not UIKit's (a UIKit protocol's members are its own).
    public func members(of type: String) -> [String: Status] {
        guard let entry = types[type] else { return [:] }
        var result = entry.members
        for conformance in entry.conformances where !UIKitNames.isUIKit(conformance) {
            for (member, status) in types[conformance]?.members ?? [:] where result[member] == nil { result[member] = status }
        }
        return result
    }

    /// Where `member` of `type` is declared (the type itself, an alias's target or a superclass)
    /// and its status.
    public func lookup(_ member: String, on type: String) -> (owner: String, status: Status)? {
        for owner in ancestry(of: type) {
            if let status = members(of: owner)[member] { return (owner == canonicalType(type) ? type : owner, status) }
            if platformDeclarations.contains("\(owner).\(member)") { return (owner == canonicalType(type) ? type : owner, .platform) }
        }
        return nil
    }

    /// The declared function of `type` that a call `base(labels…)` with `trailingClosures` trailing
    /// closures most plausibly calls: its labels must contain the call's in order (parameters with
    /// default values may be left out), and end with at least as many parameters as there are
    /// trailing closures (whose labels a call does not write).
    public func function(_ base: String, labels: [String], trailingClosures: Int, on type: String) -> String? {
        let exact = base + "(" + (labels + Array(repeating: "_", count: trailingClosures)).map { $0 + ":" }.joined() + ")"
        if lookup(exact, on: type) != nil { return exact }
        for owner in ancestry(of: type) {
            var names = Array(members(of: owner).keys.filter { $0.hasPrefix(base + "(") })
            names += platformDeclarations.filter { $0.hasPrefix("\(owner).\(base)(") }.map { String($0.dropFirst(owner.count + 1)) }
            let matches = names.filter { Self.call(labels: labels, trailingClosures: trailingClosures, fits: $0) }
            if let best = matches.min(by: { ($0.count, $0) < ($1.count, $1) }) { return best }
        }
        return nil
    }

    static func call(labels: [String], trailingClosures: Int, fits name: String) -> Bool {
        guard let open = name.firstIndex(of: "(") else { return false }
        let declared = name[name.index(after: open)...].split(separator: ":").map(String.init).filter { $0 != ")" }
        guard declared.count >= labels.count + trailingClosures else { return false }
        var position = 0
        for label in labels {
            guard let found = declared[position..<(declared.count - trailingClosures)].firstIndex(of: label) else { return false }
            position = found + 1
        }
        return position <= declared.count - trailingClosures
    }
}
