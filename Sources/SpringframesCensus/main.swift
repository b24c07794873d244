import Census
import Foundation

let usage = """
    springframes-census: which UIKit, QuartzCore and CoreGraphics names iOS projects use, and which
    of them Springframes declares.

    USAGE:
      springframes-census declared [--sources Sources] [--json]
          The public UIKit-named types of the package's sources and their members, honoured or
          warned (the body calls UIKitCompatibility.notHonoured).
      springframes-census scan [--sources Sources] DIR...
          Per project folder, the UIKit types and members its .swift files use, as JSON.
      springframes-census report [--sources Sources] [--json] [--limit 60] DIR...
          Per type and member: projects using it, uses, declared or not; the share declared, by
          member and by use; what two projects or more use and Springframes does not declare.
      springframes-census table [--sources Sources] [--output FILE]
          The DocC article of what is declared, honoured and warned (by default written to
          Sources/Springframes/Springframes.docc/Compatibility.md).

    HEURISTICS (there is no SDK member list and no type checker, so uses are found by pattern):
      - types: identifiers named like UIKit's (UI…, CA…, CG…, and the NS types UIKit owns), unless
        the project declares that name itself;
      - members: `Type.member`, `Type.Nested`, `Type(label:)` as `init(label:)`; `override` members
        of classes whose superclass chain within the project reaches a UIKit class; in types
        conforming to UIKit delegate and data-source protocols, functions Springframes declares in
        the protocol or named after its subject (`tableView(_:cellForRowAt:)`); `x.member` where x is
        written `x: UIKitType` or `x = UIKitType(…)` in the same file, `view` in view controllers,
        `layer` in views, `self`/`super` in subclasses, through properties whose type Springframes
        declares.
      - not seen: members reached through implicit self (`addSubview(v)` in a view), results of
        calls, closure parameters, types inferred across files, implicit members (`.red`) and
        anything the Objective-C runtime resolves by name (selectors, key paths as strings).
      - a member used on a subclass is counted as the class's that declares it in Springframes;
        calls match a declared function when their labels fit it (defaults and trailing closures
        left out), otherwise they are keyed as written, a trailing closure as `_:`. Uses inside
        string interpolations are not counted. Folders named Pods, Carthage, .build and *Tests
        are skipped.
    """

struct Options {
    var command = ""
    var sources = "Sources"
    var json = false
    var limit = 60
    var output: String?
    var folders: [String] = []

    init(_ arguments: [String]) throws {
        var remaining = arguments[...]
        guard let command = remaining.popFirst() else { throw CensusError(usage) }
        self.command = command
        while let argument = remaining.popFirst() {
            switch argument {
            case "--sources": sources = try Self.value(for: argument, &remaining)
            case "--output": output = try Self.value(for: argument, &remaining)
            case "--json": json = true
            case "--limit":
                let text = try Self.value(for: argument, &remaining)
                guard let number = Int(text) else { throw CensusError("--limit: expected a number, found \(text)") }
                limit = number
            default:
                guard !argument.hasPrefix("-") else { throw CensusError("unknown option \(argument)\n\n\(usage)") }
                folders.append(argument)
            }
        }
    }

    static func value(for option: String, _ remaining: inout ArraySlice<String>) throws -> String {
        guard let value = remaining.popFirst() else { throw CensusError("\(option): expected a value") }
        return value
    }
}

func run() throws {
    let arguments = CommandLine.arguments.dropFirst()
    if arguments.contains("-h") || arguments.contains("--help") || arguments.first == "help" {
        print(usage)
        return
    }
    let options = try Options(Array(CommandLine.arguments.dropFirst()))
    let surface = try DeclaredSurface(sourcesDirectory: URL(fileURLWithPath: options.sources))
    func usages() throws -> [ProjectUsage] {
        guard !options.folders.isEmpty else { throw CensusError("\(options.command): name at least one project folder") }
        return try options.folders.map { try ProjectUsage(directory: URL(fileURLWithPath: $0), surface: surface) }
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    switch options.command {
    case "declared":
        let uikit = surface.types.filter { UIKitNames.isUIKit($0.key) }
        if options.json {
            print(String(decoding: try encoder.encode(uikit), as: UTF8.self))
        } else {
            for name in uikit.keys.sorted() {
                guard let type = uikit[name] else { continue }
                let warned = type.members.values.filter { $0 == .warned }.count
                print("\(name)\t\(type.kind)\t\(type.members.count) members\t\(warned) warned")
            }
            let aliases = uikit.values.filter { $0.kind == "typealias" }.count
            print("\(uikit.count) types (\(aliases) type aliases), \(uikit.values.reduce(0) { $0 + $1.members.count }) members")
        }
    case "scan":
        print(String(decoding: try encoder.encode(try usages()), as: UTF8.self))
    case "report":
        let report = CensusReport(usages: try usages(), surface: surface)
        print(options.json ? try report.json() : report.markdown(limit: options.limit), terminator: options.json ? "\n" : "")
    case "table":
        let path = options.output ?? "\(options.sources)/Springframes/Springframes.docc/Compatibility.md"
        try Data(CompatibilityTable.article(for: surface).utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        print("wrote \(path)")
    default:
        throw CensusError("unknown command \(options.command)\n\n\(usage)")
    }
}

do {
    try run()
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
}
