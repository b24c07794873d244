import Foundation

/// The census: for each UIKit type and member the projects use, how many projects use it, how
/// often, and whether Springframes (or Foundation on Linux) declares it.
public struct CensusReport: Codable, Sendable {
    public struct Entry: Codable, Sendable {
        public var name: String
        public var projects: Int
        public var uses: Int
        public var declared: Bool
        /// `honoured`, `warned` or `platform` where declared.
        public var status: DeclaredSurface.Status?
    }

    public struct Project: Codable, Sendable {
        public var name: String
        public var files: Int
        public var lines: Int
        public var types: Int
        public var members: Int
    }

    public struct Share: Codable, Sendable {
        public var declared: Int
        public var total: Int
        public var fraction: Double { total == 0 ? 0 : Double(declared) / Double(total) }
    }

    public var projects: [Project]
    public var types: [Entry]
    public var members: [Entry]
    /// Distinct members used, and how many of them are declared.
    public var membersDeclared: Share
    /// Member uses, and how many of them are of declared members.
    public var memberUsesDeclared: Share
    public var typesDeclared: Share
    public var typeUsesDeclared: Share

    public init(usages: [ProjectUsage], surface: DeclaredSurface) {
        projects = usages.map {
            Project(name: $0.name, files: $0.files, lines: $0.lines, types: $0.typeUses.count, members: $0.memberUses.count)
        }
        types = Self.entries(usages.map(\.typeUses)) { name in
            surface.declaresType(name) ? (surface.globals[name] ?? (platformDeclarations.contains(name) && surface.types[name] == nil ? .platform : .honoured)) : nil
        }
        members = Self.entries(usages.map(\.memberUses)) { key in
            let (type, member) = Self.split(key)
            return surface.lookup(member, on: type)?.status
        }
        membersDeclared = Share(declared: members.filter(\.declared).count, total: members.count)
        memberUsesDeclared = Share(declared: members.filter(\.declared).reduce(0) { $0 + $1.uses }, total: members.reduce(0) { $0 + $1.uses })
        typesDeclared = Share(declared: types.filter(\.declared).count, total: types.count)
        typeUsesDeclared = Share(declared: types.filter(\.declared).reduce(0) { $0 + $1.uses }, total: types.reduce(0) { $0 + $1.uses })
    }

    /// `UIControl.State.normal` → (`UIControl.State`, `normal`); `UIView.animate(withDuration:)` →
    /// (`UIView`, `animate(withDuration:)`).
    public static func split(_ key: String) -> (type: String, member: String) {
        let head = key.prefix { $0 != "(" }
        guard let dot = head.lastIndex(of: ".") else { return ("", key) }
        return (String(key[..<dot]), String(key[key.index(after: dot)...]))
    }

    static func entries(_ counts: [[String: Int]], status: (String) -> DeclaredSurface.Status?) -> [Entry] {
        var projects: [String: Int] = [:]
        var uses: [String: Int] = [:]
        for project in counts {
            for (name, count) in project {
                projects[name, default: 0] += 1
                uses[name, default: 0] += count
            }
        }
        return projects.keys.sorted().map { name in
            let found = status(name)
            return Entry(name: name, projects: projects[name] ?? 0, uses: uses[name] ?? 0, declared: found != nil, status: found)
        }
        .sorted { ($1.projects, $1.uses, $0.name) < ($0.projects, $0.uses, $1.name) }
    }

    /// Types and members used by at least `projects` projects and not declared, most used first.
    public func missing(minimumProjects projects: Int = 2) -> [Entry] {
        (types + members).filter { !$0.declared && $0.projects >= projects }
            .sorted { ($1.projects, $1.uses, $0.name) < ($0.projects, $0.uses, $1.name) }
    }

    public func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }

    public func markdown(limit: Int = 60) -> String {
        func percent(_ share: Share) -> String {
            String(format: "%.1f %% (%d of %d)", share.fraction * 100, share.declared, share.total)
        }
        var lines = ["# UIKit census", ""]
        lines.append("\(projects.count) projects, \(projects.reduce(0) { $0 + $1.files }) files, "
            + "\(projects.reduce(0) { $0 + $1.lines }) lines.")
        lines.append("")
        lines.append("| | declared |")
        lines.append("|---|---|")
        lines.append("| types used | \(percent(typesDeclared)) |")
        lines.append("| type uses | \(percent(typeUsesDeclared)) |")
        lines.append("| members used | \(percent(membersDeclared)) |")
        lines.append("| member uses | \(percent(memberUsesDeclared)) |")
        lines.append("")
        lines.append("## Used by two projects or more, not declared")
        lines.append("")
        lines.append("| name | projects | uses |")
        lines.append("|---|---|---|")
        for entry in missing().prefix(limit) { lines.append("| `\(entry.name)` | \(entry.projects) | \(entry.uses) |") }
        lines.append("")
        lines.append("## Projects")
        lines.append("")
        lines.append("| project | files | lines | types | members |")
        lines.append("|---|---|---|---|---|")
        for project in projects {
            lines.append("| \(project.name) | \(project.files) | \(project.lines) | \(project.types) | \(project.members) |")
        }
        lines.append("")
        lines.append("## Members by projects")
        lines.append("")
        lines.append("| member | projects | uses | status |")
        lines.append("|---|---|---|---|")
        for entry in members {
            lines.append("| `\(entry.name)` | \(entry.projects) | \(entry.uses) | \(entry.status?.rawValue ?? "not declared") |")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
