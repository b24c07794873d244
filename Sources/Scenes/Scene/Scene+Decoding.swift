import CollectionLayout
import Vocabulary
import Foundation
import DisplayList
import ImageCodec
import Recording
import Raster

extension Scene {
    /// Reads and checks the scene file at `url`. Every failure is a `SceneError` naming the file.
    public init(contentsOf url: URL) throws {
        let file = url.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory) else {
            throw SceneError(file: file, location: "", message: "no such file; give the path of a scene .json file or a built-in scene name (springframes examples lists them)")
        }
        guard !isDirectory.boolValue else {
            throw SceneError(file: file, location: "", message: "is a directory; expected a scene .json file")
        }
        guard isRegularFile(atPath: file) else {
            throw SceneError(file: file, location: "", message: "is not a regular file (a pipe or a device), so it is not read; "
                             + "expected a scene .json file")
        }
        var status = stat()
        if stat(file, &status) == 0, Int(status.st_size) > SceneLimits.fileBytes {
            throw SceneError(file: file, location: "", message: Self.tooLarge(Int(status.st_size)))
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw SceneError(file: file, location: "", message: "cannot be read (\(error.localizedDescription))")
        }
        try self.init(data: [UInt8](data), file: file, defaultName: url.deletingPathExtension().lastPathComponent)
    }

    /// Reads and checks the scene file at `url`, whose images and fonts may also come from
    /// `folders` (as `springframes --allow-path` allows them).
    public init(contentsOf url: URL, allowingFilesIn folders: [URL]) throws {
        self = try Self.$allowedFolders.withValue(folders) { try Scene(contentsOf: url) }
    }

    /// Folders outside the scene file's own that its images and fonts may be read from, while a
    /// scene is read. A scene names files in its own folder; fonts may also come from the
    /// system's font folders. Anything else is an error, so that a scene cannot read (or probe
    /// for) files elsewhere on the machine that runs it.
    @TaskLocal public static var allowedFolders: [URL] = []

    /// Where the system keeps fonts: a scene may name a font there by its absolute path.
    static let systemFontFolders = ["/usr/share/fonts", "/usr/local/share/fonts", "/Library/Fonts", "/System/Library/Fonts"]

    /// Reads and checks a scene from JSON bytes; `file` names them in errors.
    public init(data: [UInt8], file: String, defaultName: String = "scene") throws {
        guard data.count <= SceneLimits.fileBytes else { throw SceneError(file: file, location: "", message: Self.tooLarge(data.count)) }
        let json: JSONValue
        do {
            json = try JSONParser.parse(data)
        } catch let syntax as JSONSyntaxError {
            throw SceneError(file: file, location: "line \(syntax.line), column \(syntax.column)",
                             message: "not valid JSON: \(syntax.reason)")
        }
        try self.init(json: json, file: file, defaultName: defaultName)
    }

    /// Checks a parsed JSON document.
    public init(json: JSONValue, file: String, defaultName: String = "scene") throws {
        let root = Node(value: json, path: "", file: file)
        let object = try root.object(
            keys: ["name", "canvas", "fps", "duration", "seed", "collection", "style", "touches", "physics", "overlays", "captions",
                   "hold", "updates", "device", "orientation", "appearance", "chrome", "marks", "traits"],
            expected: "a scene: a JSON object with a \"collection\"")
        name = try object.value("name", default: Self.safeName(defaultName)) { node in
            let name = try node.string("a name")
            guard !name.isEmpty, name.count <= 100, name != ".", name != "..",
                  name.unicodeScalars.allSatisfy({ $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "._-".unicodeScalars.contains($0)) }) else {
                throw node.error("expected a name of letters, digits, '.', '_' and '-' (it names the output folder), found \(node.value.summary)")
            }
            return name
        }
        appearance = try object.value("appearance", default: .light) { node in
            try node.choice(["light", "dark"]) == "dark" ? .dark : .light
        }
        // In dark appearance an unset background is the system background's black.
        let background: Color = appearance == .dark ? .black : .white
        canvas = try object.value("canvas", default: CanvasSettings(width: 390, height: 844, scale: 2, background: background)) {
            try Self.canvas($0, background: background)
        }
        fps = try object.value("fps", default: 60) { try $0.number(in: SceneLimits.fps, "frames per second") }
        duration = try object.value("duration", default: 3) { try $0.number(in: SceneLimits.duration, "seconds") }
        seed = try object.value("seed", default: 0) { UInt64(try $0.integer(in: 0...Int(Int32.max), "a seed")) }
        collection = try Self.collection(try object.required("collection", "an object with \"items\" (or \"sections\") and a \"layout\""))
        style = try object.value("style", default: Style(), Self.style)
        touches = try object.value("touches", default: []) { [duration] in try TouchScript.events($0, duration: duration) }
        physics = try object.value("physics", default: Physics(), Self.physics)
        overlays = try object.value("overlays", default: Overlays()) { node in
            let object = try node.object(keys: ["touches", "springs"])
            return Overlays(touches: try object.value("touches", default: false) { try $0.bool() },
                            springs: try object.value("springs", default: false) { try $0.bool() })
        }
        hold = try object.value("hold", default: 0) { try $0.number(in: 0...SceneLimits.duration.upperBound, "seconds to hold the last moment") }
        captions = try object.value("captions", default: []) { [duration, hold] node in
            try node.array(expected: "an array of captions such as [{ \"from\": 0.5, \"to\": 2, \"text\": \"Long press\" }]").map { element in
                let caption = try element.object(keys: ["from", "to", "text"], expected: "a caption: an object with \"from\", \"to\" and \"text\"")
                let end = duration + hold
                let from = try caption.required("from", "a time in seconds").number(in: 0...end, "a time in seconds within the scene")
                let toNode = try caption.required("to", "a time in seconds")
                let to = try toNode.number(in: 0...end, "a time in seconds within the scene")
                guard to > from else { throw toNode.error("expected a time after \"from\" (\(JSONValue.format(from)) s), found \(JSONValue.format(to))") }
                return Caption(from: from, to: to, text: try Self.text(try caption.required("text", "the caption's text"), "caption text"))
            }
        }
        marks = try object.value("marks", default: []) { [duration, hold] node in
            try node.array(expected: "an array of marks such as [{ \"name\": \"settle\", \"at\": 1.3 }]").map { element in
                let mark = try element.object(keys: ["name", "at"], expected: "a mark: an object with \"name\" and \"at\"")
                let name = try Self.text(try mark.required("name", "the phase's name"), "a phase name")
                let at = try mark.required("at", "a time in seconds").number(in: 0...(duration + hold), "a time in seconds within the scene")
                return Recorder.Mark(name: name, time: at)
            }.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        }
        updates = try object.value("updates", default: []) { [duration, collection] node in
            try Self.updates(node, duration: duration, sections: collection.sections.map(\.items))
        }
        if let deviceNode = object.optional("device") {
            let name = try deviceNode.string("a device name")
            guard let device = Device.named(name) else {
                throw deviceNode.error("expected a device, one of \(Device.quotedNames), "
                                       + "found \(deviceNode.value.summary)")
            }
            // The canvas was checked above; here only which of its keys it sets matters.
            let canvasObject = try object.optional("canvas")?.object(keys: ["width", "height", "scale", "background"])
            for key in ["width", "height"] {
                if let sized = canvasObject?.optional(key) {
                    throw sized.error("a scene on a device takes the canvas size from its screen: remove \"\(key)\", "
                                      + "or remove \"device\"")
                }
            }
            let orientation = try object.value("orientation", default: Device.Orientation.portrait) {
                Device.Orientation(rawValue: try $0.choice(Device.Orientation.allCases.map(\.rawValue)))!
            }
            let scale = canvasObject?.optional("scale").map { _ in canvas.scale }
            place(on: device, orientation: orientation, scale: scale)
            chrome = try object.value("chrome", default: .all) { node in
                let parts = try node.object(keys: ["statusBar", "homeIndicator", "roundedCorners"])
                var chrome = DeviceChrome()
                for (key, part) in [("statusBar", DeviceChrome.statusBar), ("homeIndicator", .homeIndicator), ("roundedCorners", .roundedCorners)]
                    where try parts.value(key, default: true, { try $0.bool() }) {
                    chrome.insert(part)
                }
                return chrome
            }
        } else {
            for key in ["orientation", "chrome"] {
                if let node = object.optional(key) {
                    throw node.error("\"\(key)\" needs a \"device\" (one of \(Device.quotedNames))")
                }
            }
        }
        settings = try object.value("traits", default: DeviceSettings(), Self.traits)
        try checkSelection(in: root)
        try checkWorkPerFrame(in: root)
    }
}

extension Color {
    init(_ channels: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)) {
        self.init(red: channels.red, green: channels.green, blue: channels.blue, alpha: channels.alpha)
    }
}

/// A scene inside a user's own Codable document: `JSONDecoder().decode(Scene.self, from: data)`.
/// The checks are the same; a failure is a `SceneError` whose file is the coding path.
extension Scene: Decodable {
    public init(from decoder: Decoder) throws {
        let path = decoder.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
        try self.init(json: try JSONValue(from: decoder), file: path.isEmpty ? "(decoded scene)" : "(decoded scene at \(path))")
    }
}
