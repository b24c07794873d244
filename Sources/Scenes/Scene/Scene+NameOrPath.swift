import Foundation
import Recording

extension Scene {
    /// The scene that `nameOrPath` names, as the command line takes it: a scene file (a path
    /// that exists, contains "/" or ends in ".json"), else the name of a built-in scene; nil is
    /// the default demo (`BuiltInScenes.defaultName`). `folders` are where, besides its own
    /// folder, a file's images and fonts may be read from.
    ///
    /// Throws `SceneError` naming the argument when it is neither a file nor a built-in scene
    /// (the message lists the built-in scenes), and the file's own errors otherwise.
    public static func load(nameOrPath: String?, allowingFilesIn folders: [URL] = []) throws -> Scene {
        try load(resolve(nameOrPath), allowingFilesIn: folders)
    }

    /// The JSON of the scene that `nameOrPath` names, as written, checked as a scene first (so
    /// that a bad file fails with the same message as everywhere), for commands that vary it.
    package static func source(nameOrPath: String?, allowingFilesIn folders: [URL] = []) throws -> SceneSource {
        let origin = try resolve(nameOrPath)
        let scene = try load(origin, allowingFilesIn: folders)
        switch origin {
        case .builtIn(let entry):
            return SceneSource(json: try JSONParser.parse(Array(try entry.text().utf8)), file: "built-in scene \"\(entry.name)\"",
                               defaultName: entry.name)
        case .file(let url):
            return SceneSource(json: try JSONParser.parse([UInt8](try Data(contentsOf: url))), file: url.path, defaultName: scene.name)
        }
    }

    private enum Origin {
        case builtIn(BuiltInScenes.Entry)
        case file(URL)
    }

    private static func load(_ origin: Origin, allowingFilesIn folders: [URL]) throws -> Scene {
        switch origin {
        case .builtIn(let entry): return try entry.scene()
        case .file(let url): return try Scene(contentsOf: url, allowingFilesIn: folders)
        }
    }

    private static func resolve(_ nameOrPath: String?) throws -> Origin {
        guard let argument = nameOrPath else {
            guard let entry = BuiltInScenes.named(BuiltInScenes.defaultName) else {
                throw SceneError(file: BuiltInScenes.defaultName, location: "", message: "the default demo is not among the built-in scenes")
            }
            return .builtIn(entry)
        }
        let looksLikePath = argument.contains("/") || argument.hasSuffix(".json")
        if FileManager.default.fileExists(atPath: argument) || looksLikePath { return .file(URL(fileURLWithPath: argument)) }
        if let entry = BuiltInScenes.named(argument) { return .builtIn(entry) }
        let names = BuiltInScenes.all.map(\.name).joined(separator: ", ")
        throw SceneError(file: argument, location: "",
                         message: "no such file, and no built-in scene of that name; built-in scenes: \(names)")
    }
}

/// A scene's JSON as written, where it came from, and the name it goes by.
package struct SceneSource {
    package var json: JSONValue
    /// The file's path, or `built-in scene "NAME"`.
    package var file: String
    package var defaultName: String
}
