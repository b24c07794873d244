import ArgumentParser
import CStandardOutput
import Foundation
import Springframes

/// Folders outside a scene file's own that its images and fonts may be read from.
struct SceneAccessOptions: ParsableArguments {
    @Option(name: .customLong("allow-path"),
            help: ArgumentHelp("A folder, besides the scene file's own, that the scene's images and fonts may be read from "
                               + "(repeat for several; the system's font folders are always allowed for fonts).", valueName: "folder"))
    var folders: [String] = []
}

/// The device and appearance a scene is shown in, overriding the scene's own.
struct DeviceOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Show the scene on this device's screen: "
                               + Device.quotedNames + ".", valueName: "name"))
    var device: String?

    @Option(help: ArgumentHelp("portrait or landscape (with a device).", valueName: "orientation"))
    var orientation: String?

    @Option(help: ArgumentHelp("light or dark.", valueName: "appearance"))
    var appearance: String?

    func validate() throws {
        if let device, Device.named(device) == nil {
            throw ValidationError("--device \(device): no such device; devices: " + Device.quotedNames)
        }
        if let orientation, Device.Orientation(rawValue: orientation) == nil {
            throw ValidationError("--orientation must be portrait or landscape, not \(orientation).")
        }
        if let appearance, !["light", "dark"].contains(appearance) {
            throw ValidationError("--appearance must be light or dark, not \(appearance).")
        }
    }

    /// The scene on the command line's device, held as it says, in its appearance.
    func apply(to scene: Scene) throws -> Scene {
        var scene = scene
        if let appearance { scene.appearance = appearance == "dark" ? .dark : .light }
        if let name = device ?? scene.device?.name, let device = Device.named(name) {
            let orientation = orientation.flatMap(Device.Orientation.init(rawValue:)) ?? scene.orientation
            scene.place(on: device, orientation: orientation, scale: self.device == nil ? scene.canvas.scale : nil)
        } else if orientation != nil {
            throw ValidationError("--orientation needs a device: give --device, or a scene with \"device\".")
        }
        return scene
    }
}

/// The scene a command works on: a file path, or the name of a built-in scene.
enum SceneLoading {
    static func load(_ argument: String?, access: SceneAccessOptions = SceneAccessOptions()) throws -> Scene {
        guard let argument else { return try BuiltInScenes.named(BuiltInScenes.defaultName)!.scene() }
        let looksLikePath = argument.contains("/") || argument.hasSuffix(".json")
        if FileManager.default.fileExists(atPath: argument) || looksLikePath {
            return try Scene(contentsOf: URL(fileURLWithPath: argument), allowingFilesIn: access.folders.map { URL(fileURLWithPath: $0) })
        }
        if let entry = BuiltInScenes.named(argument) { return try entry.scene() }
        let names = BuiltInScenes.all.map(\.name).joined(separator: ", ")
        throw SceneError(file: argument, location: "",
                         message: "no such file, and no built-in scene of that name; built-in scenes: \(names)")
    }

    /// The scene's JSON as written, checked as a scene first (so a bad file fails with the same
    /// message as everywhere), for commands that vary it.
    static func loadJSON(_ argument: String?, access: SceneAccessOptions) throws -> (json: JSONValue, file: String, defaultName: String) {
        let scene = try load(argument, access: access)
        let argument = argument ?? BuiltInScenes.defaultName
        if let entry = BuiltInScenes.named(argument), !FileManager.default.fileExists(atPath: argument) {
            return (try JSONParser.parse(Array(try entry.text().utf8)), "built-in scene \"\(entry.name)\"", entry.name)
        }
        let url = URL(fileURLWithPath: argument)
        return (try JSONParser.parse([UInt8](try Data(contentsOf: url))), url.path, scene.name)
    }

    /// The scene with the command line's frame rate and scale, checked as the scene file's are.
    static func applying(fps: Double?, scale: Double?, to scene: Scene) throws -> Scene {
        var scene = scene
        if let fps {
            guard SceneLimits.fps.contains(fps) else {
                throw ValidationError("--fps must be from 1 to 240, not \(fps).")
            }
            scene.fps = fps
        }
        if let scale {
            guard SceneLimits.scale.contains(scale) else {
                throw ValidationError("--scale must be from 1 to 4, not \(scale).")
            }
            scene.canvas.scale = scale
            guard max(scene.canvas.pixelWidth, scene.canvas.pixelHeight) <= SceneLimits.pixelSide else {
                throw ValidationError("--scale \(scale) makes the canvas \(scene.canvas.pixelWidth)×\(scene.canvas.pixelHeight) pixels; "
                                      + "the limit is \(SceneLimits.pixelSide) a side.")
            }
        }
        return scene
    }
}

/// Runs a command's work and turns the errors a user can cause into a message on standard error
/// and an exit status: 2 for a scene, golden or record mode that cannot be used, 1 for anything
/// else that failed.
func reportingErrors(_ body: () throws -> Void) throws {
    do {
        try body()
        try flushStandardOutput()
    } catch let error as SceneError {
        printError("error: \(error)")
        throw ExitCode(2)
    } catch let error as GoldenError {
        printError("error: \(error)")
        throw ExitCode(2)
    } catch let error as RecordModeError {
        printError("error: \(error)")
        throw ExitCode(2)
    } catch let error as ExitCode {
        throw error
    } catch let error as ValidationError {
        throw error
    } catch {
        printError("error: \(error)")
        throw ExitCode(1)
    }
}

/// Writes a line to standard error; if even that fails there is nowhere left to say so, and the
/// exit status carries the failure.
/// Warns about fallback fonts this machine lacks: the characters only they have (emoji, scripts
/// the scene's font lacks) would be drawn as the missing-glyph box.
func warnAboutMissingFallbackFonts() {
    for (path, package) in Font.missingFallbacks {
        printError("warning: \(path) is not installed (apt-get install \(package)); characters only it has are drawn as boxes")
    }
}

func printError(_ message: String) {
    writeStandardError(message + "\n")
}

func writeStandardError(_ text: String) {
    _ = AtomicFile.writeAll(Array(text.utf8), to: STDERR_FILENO)
}

/// Writes to standard output with write(2): a failure (a full disk, a closed pipe) is an error
/// that names standard output, never a trap.
func writeStandardOutput(_ text: String) throws {
    try flushStandardOutput()
    if let reason = AtomicFile.writeAll(Array(text.utf8), to: STDOUT_FILENO) {
        throw FileWriteError(path: "standard output", reason: reason)
    }
}

/// Flushes what `print` buffered; a failed write is an error.
func flushStandardOutput() throws {
    let stream = springframes_standard_output()
    if fflush(stream) != 0 || ferror(stream) != 0 {
        let reason = String(cString: strerror(errno))
        clearerr(stream)
        throw FileWriteError(path: "standard output", reason: reason)
    }
}

/// Paths given as empty strings name no file (and would otherwise mean the current directory).
func requireNonEmptyPaths(_ paths: KeyValuePairs<String, String?>) throws {
    for case let (option, path?) in paths where path.isEmpty {
        throw ValidationError("\(option) is an empty path; give a file or folder name (\".\" for the current folder).")
    }
}

