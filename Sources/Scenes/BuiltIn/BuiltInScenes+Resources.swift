import Foundation
import Recording

// The built-in scenes are files among the module's resources, `.copy("BuiltIn/Scenes")` in
// Package.swift: one copy of each, read byte for byte. SwiftPM's generated `Bundle.module` stops
// the process when it finds no resource bundle (beside the executable, or where it was built), so
// it is asked for only once a resource bundle of this module is seen in one of those places; a
// scene that cannot be found or read is a `SceneError` naming its file.
extension BuiltInScenes {
    /// The folder of scene files in the resource bundle.
    static let resourceFolder = "Scenes"

    /// The text of the resource `Scenes/<name>.json`.
    static func resource(named name: String) throws -> String {
        let file = "\(resourceFolder)/\(name).json"
        guard let bundle = resourceBundle else {
            throw SceneError(file: file, location: "", message: "the resource bundle of the built-in scenes (…\(bundleSuffix)) is not "
                             + "beside the executable (\(Bundle.main.bundleURL.path)); install it with the executable")
        }
        guard let url = bundle.url(forResource: name, withExtension: "json", subdirectory: resourceFolder) else {
            throw SceneError(file: file, location: "", message: "the built-in scene's file is not in the resource bundle \(bundle.bundleURL.path)")
        }
        do {
            return try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw SceneError(file: url.path, location: "", message: "cannot read the built-in scene's file (\(error.localizedDescription))")
        }
    }

    /// How the name of this module's resource bundle ends (it begins with the package's name).
    #if canImport(Darwin)
    static let bundleSuffix = "_Scenes.bundle"
    #else
    static let bundleSuffix = "_Scenes.resources"
    #endif

    /// `Bundle.module`, once a folder where it may be (beside the executable or a loaded bundle,
    /// such as a test bundle in the build folder) holds this module's resource bundle; else nil.
    static let resourceBundle: Bundle? = {
        let folders = [Bundle.main.bundleURL] + Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() }
        let found = folders.contains { folder in
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            return names.contains { $0.lowercased().hasSuffix(bundleSuffix.lowercased()) }
        }
        return found ? Bundle.module : nil
    }()
}
