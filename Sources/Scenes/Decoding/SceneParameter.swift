import Foundation
import Recording

/// A setting a sweep varies: a path into a scene's JSON and the values it takes, as
/// `springframes sweep --vary interaction.damping=0.4,0.6,0.8` writes it.
///
/// The path is keys separated by dots (a number indexes an array: `touches.5.duration`). It may
/// leave out the keys above it when that names one place in the scene: `interaction.damping` is
/// `collection.interaction.damping`. A last key the scene does not set yet is added to its object,
/// so a default can be varied too.
public struct SceneParameter: Sendable, Equatable {
    public var path: [String]
    public var values: [JSONValue]

    public init(path: [String], values: [JSONValue]) {
        self.path = path
        self.values = values
    }

    /// `PATH=V1,V2,…`; each value is read as JSON (a number, `true`, `"text"`), else as text.
    public init(argument: String) throws {
        guard let equals = argument.firstIndex(of: "="), equals != argument.startIndex else {
            throw SceneParameterError("--vary \(argument): expected PATH=VALUE,VALUE,… such as interaction.damping=0.4,0.6,0.8")
        }
        let path = argument[..<equals].split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        let values = argument[argument.index(after: equals)...].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard !path.contains(where: \.isEmpty) else {
            throw SceneParameterError("--vary \(argument): the path has an empty key; write keys separated by single dots")
        }
        guard !values.contains(where: { $0.trimmingCharacters(in: .whitespaces).isEmpty }) else {
            throw SceneParameterError("--vary \(argument): a value is empty; write values separated by commas, such as 0.4,0.6,0.8")
        }
        self.path = path
        self.values = values.map { text in
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            return (try? JSONParser.parse(Array(trimmed.utf8))) ?? .string(trimmed)
        }
    }

    /// How a label names this parameter: its last key ("damping").
    public var name: String { path.last ?? "" }

    /// `name value`, as a variant's label shows it.
    public func label(_ value: JSONValue) -> String {
        switch value {
        case .number(let number): return "\(name) \(JSONValue.format(number))"
        case .string(let text): return "\(name) \(text)"
        case .bool(let flag): return "\(name) \(flag)"
        case .null: return "\(name) null"
        case .array, .object: return "\(name) \(value.summary)"
        }
    }
}

/// A `--vary` argument that cannot be used; the message says why and what to write.
public struct SceneParameterError: Error, CustomStringConvertible, Equatable {
    public var description: String

    init(_ description: String) {
        self.description = description
    }
}

extension Scene {
    /// The most variants one sweep makes.
    public static let maximumVariants = 64

    /// Every combination of the parameters' values (the last parameter varying fastest), each
    /// scene labelled with its settings ("damping 0.4 · frequency 8") and checked as a scene file
    /// is. `file` names the scene in errors.
    public static func variants(of json: JSONValue, file: String, defaultName: String = "scene",
                                varying parameters: [SceneParameter]) throws -> [(label: String, scene: Scene)] {
        let count = parameters.reduce(1) { $0 * $1.values.count }
        guard count <= maximumVariants else {
            throw SceneParameterError("the --vary values make \(count) variants; a sweep shows at most \(maximumVariants)")
        }
        let places = try parameters.map { try place(of: $0, in: json, file: file) }
        // One setting varied twice would make variants labelled with two values of which only the
        // last is used.
        for (k, place) in places.enumerated() {
            if let first = places[..<k].firstIndex(of: place) {
                let given = [parameters[first], parameters[k]].map { $0.path.joined(separator: ".") }
                let values = (parameters[first].values + parameters[k].values).map { value -> String in
                    switch value {
                    case .string(let text): return text
                    case .number(let number): return JSONValue.format(number)
                    case .bool(let flag): return "\(flag)"
                    default: return value.summary
                    }
                }
                throw SceneParameterError("--vary \(given[0]) and --vary \(given[1]) both set \(place.joined(separator: ".")); "
                                          + "give it once with all its values, e.g. --vary \(given[1])=\(values.joined(separator: ","))")
            }
        }
        var combinations: [[Int]] = [[]]
        for parameter in parameters {
            combinations = combinations.flatMap { prefix in parameter.values.indices.map { prefix + [$0] } }
        }
        return try combinations.map { choice in
            var variant = json
            for (k, parameter) in parameters.enumerated() {
                variant = try variant.setting(parameter.values[choice[k]], at: places[k][...])
            }
            let label = parameters.enumerated().map { $1.label($1.values[choice[$0]]) }.joined(separator: " · ")
            do {
                return (label, try Scene(json: variant, file: file, defaultName: defaultName))
            } catch let error as SceneError {
                throw SceneError(file: error.file, location: error.location, message: error.message + " (in the variant \(label))")
            }
        }
    }

    /// The full path `parameter` names in `json`: itself when it leads from the top to a value;
    /// else the one place where its keys lead to a value, else the one object where all but its
    /// last key lead.
    static func place(of parameter: SceneParameter, in json: JSONValue, file: String) throws -> [String] {
        // A full path from the top is taken as it is (`duration` is the scene's, not a touch's).
        if case .found = json.lookup(parameter.path[...]) { return parameter.path }
        var existing: [[String]] = [], addable: [[String]] = []
        func visit(_ value: JSONValue, at path: [String]) {
            switch value.lookup(parameter.path[...]) {
            case .found: existing.append(path + parameter.path)
            case .parentObject: addable.append(path + parameter.path)
            case .missing: break
            }
            switch value {
            case .object(let members): for member in members { visit(member.value, at: path + [member.key]) }
            case .array(let items): for (index, item) in items.enumerated() { visit(item, at: path + [String(index)]) }
            default: break
            }
        }
        visit(json, at: [])
        let written = parameter.path.joined(separator: ".")
        let candidates = existing.isEmpty ? addable : existing
        guard candidates.count == 1 else {
            if candidates.isEmpty {
                throw SceneError(file: file, location: "--vary \(written)",
                                 message: "the scene has no such setting; settings it has: " + numericPaths(json).prefix(12).joined(separator: ", "))
            }
            throw SceneError(file: file, location: "--vary \(written)",
                             message: "names \(candidates.count) places in the scene (" + candidates.prefix(5).map { $0.joined(separator: ".") }
                                .joined(separator: ", ") + "); give more of the path")
        }
        return candidates[0]
    }

    /// The paths of the scene's numbers and words: what a sweep usually varies.
    private static func numericPaths(_ json: JSONValue, at path: [String] = []) -> [String] {
        switch json {
        case .object(let members): return members.flatMap { numericPaths($0.value, at: path + [$0.key]) }
        case .array: return []
        case .number, .bool, .string: return [path.joined(separator: ".")]
        case .null: return []
        }
    }
}

extension JSONValue {
    enum Lookup { case found, parentObject, missing }

    /// Whether `path` leads from this value to a value, or to an object without its last key.
    func lookup(_ path: ArraySlice<String>) -> Lookup {
        guard let key = path.first else { return .found }
        switch self {
        case .object(let members):
            guard let member = members.first(where: { $0.key == key }) else { return path.count == 1 ? .parentObject : .missing }
            return member.value.lookup(path.dropFirst())
        case .array(let items):
            guard let index = Int(key), items.indices.contains(index) else { return .missing }
            return items[index].lookup(path.dropFirst())
        default:
            return .missing
        }
    }

    /// This value with `value` at `path` (the last key added to its object when it is not there).
    func setting(_ value: JSONValue, at path: ArraySlice<String>) throws -> JSONValue {
        guard let key = path.first else { return value }
        switch self {
        case .object(var members):
            if let index = members.firstIndex(where: { $0.key == key }) {
                members[index].value = try members[index].value.setting(value, at: path.dropFirst())
            } else {
                members.append((key, try JSONValue.object([]).setting(value, at: path.dropFirst())))
            }
            return .object(members)
        case .array(var items):
            guard let index = Int(key), items.indices.contains(index) else { throw SceneParameterError("no element \(key) in an array") }
            items[index] = try items[index].setting(value, at: path.dropFirst())
            return .array(items)
        default:
            throw SceneParameterError("\(key) is inside \(summary), not an object")
        }
    }
}
