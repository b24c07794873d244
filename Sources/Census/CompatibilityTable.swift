/// The DocC article that lists, per UIKit type, the members Springframes declares, which are
/// honoured and which warn (DESIGN §9). Generated from the sources, so it cannot go stale: a test
/// compares it with the committed article.
public enum CompatibilityTable {
    public static func article(for surface: DeclaredSurface) -> String {
        let names = surface.types.keys.filter { UIKitNames.isUIKit($0) }.sorted()
        let aliases = names.filter { surface.types[$0]?.kind == "typealias" }
        let members = names.reduce(0) { $0 + surface.members(of: $1).count }
        let warned = names.reduce(0) { $0 + surface.members(of: $1).values.filter { $0 == .warned }.count }
        var lines = [
            "# UIKit compatibility",
            "",
            "The UIKit, QuartzCore and CoreGraphics types Springframes declares, and for each the members it declares: honoured, or warned.",
            "",
            "## Overview",
            "",
            "A member listed here compiles as iOS code writes it. *Honoured* members do what UIKit does, headless.",
            "*Warned* members are declared and documented as not honoured: the first use in a debug build prints one",
            "line to standard error naming the member and why (`UIKitCompatibility.notHonoured`); a member counts as",
            "warned when its body reports so, sometimes only for some arguments. What never ports is not listed:",
            "storyboards and nibs, and the Objective-C runtime (`#selector` targets, key-value observing, `perform(_:)`).",
            "",
            "This article is generated from the sources by `swift run springframes-census table`, and a test fails",
            "when it differs from what the sources declare. \(names.count) types (\(aliases.count) of them type aliases),",
            "\(members) members, \(warned) warned. Members inherited from a superclass are listed under the superclass;",
            "`CGFloat`, `CGPoint`, `CGSize` and `CGRect` come from Foundation and are listed only where Springframes extends them.",
            "",
        ]
        for name in names {
            guard let type = surface.types[name] else { continue }
            lines.append("### \(name)")
            lines.append("")
            var summary: String
            switch type.kind {
            case "typealias": summary = type.aliasOf.map { "Type alias of `\($0)`." } ?? "Type alias of a function type."
            case "extension": summary = "Extended."
            default: summary = type.kind.prefix(1).uppercased() + type.kind.dropFirst()
                + (type.superclass.map { ", subclass of `\($0)`" } ?? "") + "."
            }
            let typeMembers = surface.members(of: name)
            let honoured = typeMembers.filter { $0.value == .honoured }.keys.sorted()
            let warnedMembers = typeMembers.filter { $0.value == .warned }.keys.sorted()
            if !typeMembers.isEmpty { summary += " \(typeMembers.count) members, \(warnedMembers.count) warned." }
            lines.append(summary)
            lines.append("")
            if !honoured.isEmpty { lines.append("Honoured: " + honoured.map { "`\($0)`" }.joined(separator: ", ")) }
            if !honoured.isEmpty && !warnedMembers.isEmpty { lines.append("") }
            if !warnedMembers.isEmpty { lines.append("Warned: " + warnedMembers.map { "`\($0)`" }.joined(separator: ", ")) }
            if !typeMembers.isEmpty { lines.append("") }
        }
        return lines.joined(separator: "\n")
    }
}
