import CollectionLayout
import Vocabulary
import Foundation
import DisplayList
import ImageCodec
import Recording
import Raster

extension Scene {
    static func baseDirectory(of file: String) -> URL {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory), !isDirectory.boolValue else {
            return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        }
        return URL(fileURLWithPath: file).deletingLastPathComponent()
    }

    /// A file a scene names (a PNG or a font), relative to the scene's folder; it must exist and
    /// lie within that folder, one of `allowedFolders` or one of `alsoIn`.
    static func file(_ node: Node, _ what: String, alsoIn extraFolders: [String] = [], check: (URL) -> String?) throws -> String {
        let text = try node.string("the path of \(what)")
        guard !text.isEmpty else { throw node.error("expected the path of \(what), found an empty string") }
        let base = baseDirectory(of: node.file)
        let url = text.hasPrefix("/") ? URL(fileURLWithPath: text) : base.appendingPathComponent(text)
        // Links and ".." are resolved before the folder is checked, and nothing is said about a
        // file outside (not even whether it exists).
        let resolved = url.standardizedFileURL.resolvingSymlinksInPath().path
        let roots = [base] + allowedFolders + extraFolders.map { URL(fileURLWithPath: $0) }
        guard roots.contains(where: { root in
            let folder = root.standardizedFileURL.resolvingSymlinksInPath().path
            return resolved.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
        }) else {
            throw node.error("expected the path of \(what) inside the scene file's folder (\(base.path)), found \"\(text)\"; "
                             + "copy the file there, or allow its folder (springframes --allow-path FOLDER, or "
                             + "Scene(contentsOf:allowingFilesIn:))")
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw node.error("expected the path of \(what) (relative to the scene file's folder), found \"\(text)\": there is no such file at \(url.path)")
        }
        guard isRegularFile(atPath: url.path) else {
            throw node.error("expected the path of \(what), found \"\(text)\": \(url.path) is not a regular file (a pipe, a device "
                             + "or a folder), so it is not read; name the file itself")
        }
        if let problem = check(url) { throw node.error("\(url.path) is not \(what): \(problem)") }
        return url.path
    }

    static func tooLarge(_ bytes: Int) -> String {
        String(format: "is %.1f MB; a scene file is at most %d MB (scenes describe items by count, not one by one)",
               Double(bytes) / 1_048_576, SceneLimits.fileBytes >> 20)
    }

    /// A file name made into a scene name.
    static func safeName(_ text: String) -> String {
        let kept = String(text.unicodeScalars.map { scalar -> Character in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || "._-".unicodeScalars.contains(scalar)) ? Character(scalar) : "-"
        })
        return kept.isEmpty || kept == "." || kept == ".." ? "scene" : String(kept.prefix(100))
    }
}
