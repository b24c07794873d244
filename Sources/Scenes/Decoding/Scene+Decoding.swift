import CollectionLayout
import Dynamics
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
                   "hold", "updates", "device", "orientation", "appearance", "chrome"],
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
        try checkSelection(in: root)
        try checkWorkPerFrame(in: root)
    }

    // MARK: Updates

    /// Timed batch updates, each checked against the item counts the updates before it leave.
    private static func updates(_ node: Node, duration: Double, sections counts: [Int]) throws -> [Update] {
        var counts = counts
        var last = -Double.infinity
        return try node.array(expected: "an array of updates such as [{ \"at\": 1, \"delete\": [2] }]").map { element in
            let object = try element.object(keys: ["at", "delete", "insert", "items", "move"],
                                            expected: "an update: an object with \"at\" and any of \"delete\", \"insert\", \"move\"")
            let atNode = try object.required("at", "a time in seconds")
            var update = Update(at: try atNode.number(in: 0...duration, "a time in seconds within the scene"))
            guard update.at >= last else {
                throw atNode.error("expected updates in time order; this one is at \(JSONValue.format(update.at)) s, after one at \(JSONValue.format(last)) s")
            }
            last = update.at
            func paths(_ key: String) throws -> [(IndexPath, Node)] {
                try object.value(key, default: []) { list in
                    try list.array(expected: "an array of item numbers (section 0) or [section, item] pairs").map { (try indexPath($0), $0) }
                }
            }
            let counts0 = counts
            let deletes = try paths("delete")
            for (path, pathNode) in deletes {
                guard path.section < counts0.count, path.item < counts0[path.section] else {
                    throw pathNode.error("expected an item that exists before this update (items per section: "
                                         + "\(counts0.map(String.init).joined(separator: ", "))), found section \(path.section), item \(path.item)")
                }
            }
            guard Set(deletes.map(\.0)).count == deletes.count else { throw object.node.error("deletes the same item twice") }
            for (path, _) in deletes { counts[path.section] -= 1 }
            var moves: [Update.Move] = []
            if let moveNode = object.optional("move") {
                let ends = try moveNode.array(expected: "a move [from, to]: item numbers or [section, item] pairs")
                guard ends.count == 2 else { throw moveNode.error("expected [from, to], found \(ends.count) elements") }
                let from = try indexPath(ends[0]), to = try indexPath(ends[1])
                guard from.section < counts.count, from.item < counts[from.section] else {
                    throw ends[0].error("expected an item that is there once the deletes are done, found section \(from.section), item \(from.item)")
                }
                counts[from.section] -= 1
                guard to.section < counts.count, to.item <= counts[to.section] else {
                    throw ends[1].error("expected a place in an existing section, found section \(to.section), item \(to.item)")
                }
                counts[to.section] += 1
                moves = [Update.Move(from: from, to: to)]
            }
            let inserts = try paths("insert").sorted { IndexPath.precedes($0.0, $1.0) }
            for (path, pathNode) in inserts {
                guard path.section < counts.count, path.item <= counts[path.section] else {
                    throw pathNode.error("expected a place in an existing section (items per section after the deletes: "
                                         + "\(counts.map(String.init).joined(separator: ", "))), found section \(path.section), item \(path.item)")
                }
                counts[path.section] += 1
            }
            guard counts.reduce(0, +) <= SceneLimits.items else { throw object.node.error("expected at most \(SceneLimits.items) items in all") }
            if let itemsNode = object.optional("items") {
                let section = try items(itemsNode, header: nil, footer: nil)
                guard let content = section.content, content.count == inserts.count else {
                    throw itemsNode.error("expected one item object per insert (\(inserts.count)), such as [{ \"text\": \"New\" }]")
                }
                update.insertedContent = content
            }
            update.deletes = deletes.map(\.0)
            update.inserts = inserts.map(\.0)
            update.moves = moves
            guard !update.deletes.isEmpty || !update.inserts.isEmpty || !moves.isEmpty else {
                throw object.node.error("changes nothing; give \"delete\", \"insert\" or \"move\"")
            }
            return update
        }
    }

    /// An item number (section 0) or a [section, item] pair.
    private static func indexPath(_ element: Node) throws -> IndexPath {
        if case .array = element.value {
            let pair = try element.numbers(count: 2, in: 0...Double(SceneLimits.items), "a [section, item] pair")
            guard pair.allSatisfy({ $0 == $0.rounded() }) else { throw element.mismatch("a [section, item] pair of whole numbers") }
            return IndexPath(item: Int(pair[1]), section: Int(pair[0]))
        }
        return IndexPath(item: try element.integer(in: 0...SceneLimits.items, "an item number"), section: 0)
    }

    /// The folder relative paths in a scene file are read from: the file's own, or the current
    /// directory for a scene that is not a file.
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

    private static func tooLarge(_ bytes: Int) -> String {
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

    // MARK: Canvas

    private static func canvas(_ node: Node, background defaultBackground: Color) throws -> CanvasSettings {
        let object = try node.object(keys: ["width", "height", "scale", "background"])
        let width = try object.value("width", default: 390) { try $0.number(in: SceneLimits.canvasSide, "a width in points") }
        let height = try object.value("height", default: 844) { try $0.number(in: SceneLimits.canvasSide, "a height in points") }
        let scaleNode = object.optional("scale")
        let scale = try scaleNode.map { try $0.number(in: SceneLimits.scale, "a scale") } ?? 2
        let background = try object.value("background", default: defaultBackground) { Color(try $0.color()) }
        let settings = CanvasSettings(width: width, height: height, scale: scale, background: background)
        if max(settings.pixelWidth, settings.pixelHeight) > SceneLimits.pixelSide {
            throw (scaleNode ?? node).error("expected a canvas of at most \(SceneLimits.pixelSide) pixels a side, found "
                                            + "\(settings.pixelWidth)×\(settings.pixelHeight) (\(JSONValue.format(width))×\(JSONValue.format(height)) pt at scale \(JSONValue.format(scale)))")
        }
        return settings
    }

    // MARK: Collection

    private static func collection(_ node: Node) throws -> Collection {
        let object = try node.object(keys: ["items", "sections", "layout", "interaction", "selected", "allowsMultipleSelection",
                                            "contentOffset", "pagingEnabled", "decelerationRate"])
        let sections: [Section]
        switch (object.optional("items"), object.optional("sections")) {
        case (let items?, nil):
            sections = [try Self.items(items, header: nil, footer: nil)]
        case (nil, let list?):
            let elements = try list.array(expected: "an array of sections such as [{ \"items\": 12, \"header\": \"Today\" }]")
            guard (1...SceneLimits.sections).contains(elements.count) else {
                throw list.error("expected 1 to \(SceneLimits.sections) sections, found \(elements.count)")
            }
            sections = try elements.map { element in
                let section = try element.object(keys: ["items", "header", "footer"], expected: "a section: an object with \"items\"")
                return try Self.items(try section.required("items", "a count of items, or an array of items"),
                                      header: try section.optional("header").map { try text($0, "header text") },
                                      footer: try section.optional("footer").map { try text($0, "footer text") })
            }
            let total = sections.reduce(0) { $0 + $1.items }
            guard total <= SceneLimits.items else {
                throw list.error("expected at most \(SceneLimits.items) items in all, found \(total)")
            }
        case (.some, .some):
            throw node.error("has both \"items\" and \"sections\"; give one: a count for one section, or a list of sections")
        case (nil, nil):
            throw node.error("the key \"items\" is missing; expected a count of items, or \"sections\": [{ \"items\": N }]")
        }
        let layout = try layout(try object.required("layout", "an object with a \"type\": flow, line, circle or waterfall"))
        let interaction = try object.value("interaction", default: .none, Self.interaction)
        let selected: [IndexPath] = try object.value("selected", default: []) { node in
            try node.array(expected: "an array of item numbers (section 0) or [section, item] pairs").map(indexPath)
        }
        let isClusterDrag: Bool
        if case .clusterDrag = interaction { isClusterDrag = true } else { isClusterDrag = false }
        return Collection(
            sections: sections, layout: layout, interaction: interaction, selected: selected,
            allowsMultipleSelection: try object.value("allowsMultipleSelection", default: isClusterDrag || selected.count > 1) { try $0.bool() },
            contentOffset: try object.value("contentOffset", default: .zero) { node in
                let (x, y) = try node.pair(in: SceneLimits.length, "an offset [x, y] in points")
                return CGPoint(x: x, y: y)
            },
            isPagingEnabled: try object.value("pagingEnabled", default: false) { try $0.bool() },
            decelerationRate: try object.value("decelerationRate", default: "normal") { try $0.choice(["normal", "fast"]) })
    }

    /// A section's items: a count, or (format 1.1) an array of items, each an object with any of
    /// `text`, `subtitle`, `color`, `image` and `side`.
    private static func items(_ node: Node, header: String?, footer: String?) throws -> Section {
        guard case .array = node.value else {
            return Section(items: try node.integer(in: 0...SceneLimits.items, "a count of items, or an array of items"), header: header, footer: footer)
        }
        let elements = try node.array(expected: "an array of items")
        guard elements.count <= SceneLimits.items else { throw node.error("expected at most \(SceneLimits.items) items, found \(elements.count)") }
        // Each image file is checked once, however many items name it.
        var imageProblems: [String: String?] = [:]
        let content = try elements.map { element -> ItemContent in
            let item = try element.object(keys: ["text", "subtitle", "color", "image", "side"],
                                          expected: "an item: an object such as { \"text\": \"Hello\", \"color\": \"systemBlue\" }")
            return ItemContent(
                text: try item.optional("text").map { try text($0, "text") },
                subtitle: try item.optional("subtitle").map { try text($0, "subtitle text") },
                color: try item.optional("color").map { Color(try $0.color()) },
                image: try item.optional("image").map { node in
                    if case .string(let name) = node.value, name.hasPrefix(SamplePhotos.prefix) {
                        guard let number = SamplePhotos.number(in: name), SamplePhotos.numbers.contains(number) else {
                            throw node.error("expected \"sample:N\" with N from \(SamplePhotos.numbers.lowerBound) to \(SamplePhotos.numbers.upperBound) (one of Springframes' sample photos), found \"\(name)\"")
                        }
                        return name
                    }
                    return try file(node, "a PNG image") { url in
                        if let known = imageProblems[url.path] { return known }
                        let problem = imageProblem(url)
                        imageProblems[url.path] = problem
                        return problem
                    }
                },
                side: try item.value("side", default: .left) { ItemContent.Side(rawValue: try $0.choice(["left", "right"]))! })
        }
        return Section(items: content.count, header: header, footer: footer, content: content)
    }

    /// Why the PNG at `url` cannot be shown, or nil: the signature and the header's size are
    /// read first (no decoding beyond `SceneLimits.imagePixels`), then the whole image is
    /// decoded, so that a truncated or damaged file is an error here with libpng's message rather
    /// than a grey cell in every frame.
    private static func imageProblem(_ url: URL) -> String? {
        guard let handle = FileHandle(forReadingAtPath: url.path) else { return "it cannot be read" }
        let head = [UInt8]((try? handle.read(upToCount: 24)) ?? Data())
        try? handle.close()
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard head.count >= 8, Array(head.prefix(8)) == signature else { return "it does not start with the PNG signature" }
        guard head.count == 24, head[12..<16].elementsEqual("IHDR".utf8) else { return "it ends, or is damaged, before its header (IHDR)" }
        let width = head[16..<20].reduce(0) { $0 << 8 | Int($1) }, height = head[20..<24].reduce(0) { $0 << 8 | Int($1) }
        guard width > 0, height > 0, width <= SceneLimits.imagePixels / height else {
            return "its header says \(width) × \(height) pixels; an image in a scene has at most \(SceneLimits.imagePixels) pixels "
                + "(4096 × 4096); scale it down"
        }
        do {
            _ = try PNGCodec.read(contentsOf: url)
            return nil
        } catch let error as PNGError {
            return "libpng cannot decode it (\(error.message))"
        } catch {
            return "it cannot be decoded (\(error))"
        }
    }

    private static func text(_ node: Node, _ what: String) throws -> String {
        let text = try node.string(what)
        // Counted in Unicode scalars first: that is linear and bounds the work, whereas 100,000
        // combining marks are one grapheme ("character") and cost 22 s a frame to lay out.
        let scalars = text.unicodeScalars.count
        guard scalars <= SceneLimits.textScalars else {
            throw node.error("expected \(what) of at most \(SceneLimits.textScalars) Unicode scalars (one line of at most "
                             + "\(SceneLimits.textLength) characters), found \(scalars)")
        }
        guard text.count <= SceneLimits.textLength else {
            throw node.error("expected \(what) of at most \(SceneLimits.textLength) characters (one line), found \(text.count)")
        }
        return text
    }

    /// How many elements a frame can show at most, from the layout, the canvas and the items:
    /// the visible area (with the renderer's 48 pt margin) over the smallest cell footprint.
    public var elementsPerFrameEstimate: Int {
        let width = canvas.width + 96, height = canvas.height + 96
        func across(_ extent: Double, _ step: Double) -> Double { (extent / max(step, 1)).rounded(.up) + 1 }
        let cells: Double
        switch collection.layout {
        case .flow(let flow):
            let w = Double(flow.itemSize.width), h = Double(flow.itemSize.height)
            let (mainStep, crossStep) = flow.direction == .vertical
                ? (h + flow.minimumLineSpacing, w + flow.minimumInteritemSpacing)
                : (w + flow.minimumLineSpacing, h + flow.minimumInteritemSpacing)
            let (main, cross) = flow.direction == .vertical ? (height, width) : (width, height)
            cells = across(main, mainStep) * across(cross, crossStep)
        case .line(let line):
            cells = across(width, Double(line.itemSize.width) * (1 - line.zoomFactor) + line.minimumLineSpacing)
        case .circle:
            cells = Double(collection.itemCount)
        case .waterfall(let waterfall):
            let lowest: Double
            switch waterfall.heights {
            case .list(let list): lowest = list.min() ?? 1
            case .range(let low, _): lowest = low
            }
            cells = Double(waterfall.columns) * across(height, lowest + waterfall.itemSpacing)
        case .list:
            // Rows are at least 44 pt tall (list content's minimum).
            cells = across(height, 44)
        case .compositional(let compositional):
            cells = compositional.sections.map { section in
                across(width, width * section.groupWidth / Double(section.columns)) * across(height, section.itemHeight + section.spacing)
            }.max() ?? 1
        }
        // Headers and footers: at most one of each per section, and a section on screen holds
        // at least one item or takes its header's room.
        let texts = collection.sections.reduce(0) { $0 + ($1.header == nil ? 0 : 1) + ($1.footer == nil ? 0 : 1) }
        return Int(min(Double(collection.itemCount + texts), cells + (texts > 0 ? cells : 0)))
    }

    /// Frames that would show more than the renderer can draw in reasonable time are refused.
    private func checkWorkPerFrame(in root: Node) throws {
        let estimate = elementsPerFrameEstimate
        guard estimate <= SceneLimits.elementsPerFrame else {
            let layout = Node(value: .null, path: "collection.layout", file: root.file)
            let advice = if case .circle = collection.layout {
                "a circle layout shows every item: use fewer items"
            } else {
                "use larger items or more spacing, or a smaller canvas"
            }
            throw layout.error("a frame could show about \(estimate) elements; the limit is \(SceneLimits.elementsPerFrame) per frame (\(advice))")
        }
        if case .clusterDrag = collection.interaction, collection.selected.count > SceneLimits.clusterItems {
            let selected = Node(value: .null, path: "collection.selected", file: root.file)
            throw selected.error("expected at most \(SceneLimits.clusterItems) selected items for a cluster drag (four springs each), "
                                 + "found \(collection.selected.count)")
        }
    }

    /// Selected items must exist.
    private func checkSelection(in root: Node) throws {
        for (index, indexPath) in collection.selected.enumerated() {
            let exists = indexPath.section < collection.sections.count && indexPath.item < collection.sections[indexPath.section].items
            guard !exists else { continue }
            let path = Node(value: .null, path: "collection.selected[\(index)]", file: root.file)
            let counts = collection.sections.map { String($0.items) }.joined(separator: ", ")
            throw path.error("expected an item that exists (items per section: \(counts)), found section \(indexPath.section), item \(indexPath.item)")
        }
    }

    // MARK: Layout

    private static func size(_ node: Node, _ what: String) throws -> CGSize {
        let (width, height) = try node.pair(in: 1...SceneLimits.canvasSide.upperBound, what)
        return CGSize(width: width, height: height)
    }

    private static func insets(_ node: Node) throws -> UIEdgeInsets {
        let values = try node.numbers(count: 4, in: 0...SceneLimits.canvasSide.upperBound, "insets [top, left, bottom, right] in points")
        return UIEdgeInsets(top: values[0], left: values[1], bottom: values[2], right: values[3])
    }

    private static func spacing(_ node: Node) throws -> Double {
        try node.number(in: 0...SceneLimits.canvasSide.upperBound, "a spacing in points")
    }

    private static func layout(_ node: Node) throws -> Layout {
        guard case .object(let members) = node.value else {
            throw node.mismatch("an object with a \"type\": flow, line, circle, waterfall, list or compositional")
        }
        guard let typeValue = members.first(where: { $0.key == "type" })?.value else {
            throw node.error("the key \"type\" is missing; expected one of \"flow\", \"line\", \"circle\", \"waterfall\", \"list\", \"compositional\"")
        }
        switch try node.child("type", typeValue).choice(["flow", "line", "circle", "waterfall", "list", "compositional"]) {
        case "list":
            let object = try node.object(keys: ["type", "appearance", "accessory", "separators"])
            var list = List()
            list.appearance = try object.value("appearance", default: .insetGrouped) {
                List.Appearance(rawValue: try $0.choice(List.Appearance.allCases.map(\.rawValue)))!
            }
            list.accessory = try object.value("accessory", default: .none) {
                List.Accessory(rawValue: try $0.choice(List.Accessory.allCases.map(\.rawValue)))!
            }
            list.separators = try object.value("separators", default: true) { try $0.bool() }
            return .list(list)
        case "compositional":
            let keys = ["columns", "itemHeight", "groupWidth", "spacing", "scrolling", "inset"]
            let object = try node.object(keys: ["type", "headerHeight", "footerHeight", "sections"] + keys)
            func section(_ object: ObjectNode, _ base: Compositional.Section) throws -> Compositional.Section {
                var section = base
                section.columns = try object.value("columns", default: base.columns) { try $0.integer(in: 1...64, "a count of items across a group") }
                section.itemHeight = try object.value("itemHeight", default: base.itemHeight) { try $0.number(in: 1...8192, "a height in points") }
                section.groupWidth = try object.value("groupWidth", default: base.groupWidth) {
                    try $0.number(in: 0.05...4, "a group's width as a fraction of the section's (0.05 to 4)")
                }
                section.spacing = try object.value("spacing", default: base.spacing, spacing)
                section.scrolling = try object.value("scrolling", default: base.scrolling) {
                    Compositional.Scrolling(rawValue: try $0.choice(Compositional.Scrolling.allCases.map(\.rawValue)))!
                }
                section.inset = try object.value("inset", default: base.inset, insets)
                return section
            }
            var compositional = Compositional()
            let base = try section(object, Compositional.Section())
            compositional.sections = try object.value("sections", default: [base]) { list in
                let elements = try list.array(expected: "an array of section settings such as [{ \"columns\": 1, \"scrolling\": \"groupPaging\" }]")
                guard !elements.isEmpty else { throw list.error("expected at least one section's settings, found an empty array") }
                return try elements.map { try section(try $0.object(keys: keys), base) }
            }
            compositional.headerHeight = try object.value("headerHeight", default: 0, spacing)
            compositional.footerHeight = try object.value("footerHeight", default: 0, spacing)
            return .compositional(compositional)
        case "flow":
            let object = try node.object(keys: ["type", "direction", "itemSize", "minimumInteritemSpacing", "minimumLineSpacing",
                                                "sectionInset", "headerHeight", "footerHeight"])
            var flow = Flow()
            flow.direction = try object.value("direction", default: .vertical) { Direction(rawValue: try $0.choice(["vertical", "horizontal"]))! }
            flow.itemSize = try object.value("itemSize", default: flow.itemSize) { try size($0, "an item size [width, height] in points") }
            flow.minimumInteritemSpacing = try object.value("minimumInteritemSpacing", default: flow.minimumInteritemSpacing, spacing)
            flow.minimumLineSpacing = try object.value("minimumLineSpacing", default: flow.minimumLineSpacing, spacing)
            flow.sectionInset = try object.value("sectionInset", default: .zero, insets)
            flow.headerHeight = try object.value("headerHeight", default: 0, spacing)
            flow.footerHeight = try object.value("footerHeight", default: 0, spacing)
            return .flow(flow)
        case "line":
            let object = try node.object(keys: ["type", "itemSize", "minimumLineSpacing", "activeDistance", "zoomFactor", "centersEndItems"])
            var line = Line()
            line.itemSize = try object.value("itemSize", default: line.itemSize) { try size($0, "an item size [width, height] in points") }
            line.minimumLineSpacing = try object.value("minimumLineSpacing", default: line.minimumLineSpacing, spacing)
            line.activeDistance = try object.value("activeDistance", default: line.activeDistance) { try $0.number(in: 1...8192, "a distance in points") }
            line.zoomFactor = try object.value("zoomFactor", default: line.zoomFactor) { try $0.number(in: 0...4, "a zoom factor") }
            line.centersEndItems = try object.value("centersEndItems", default: true) { try $0.bool() }
            return .line(line)
        case "circle":
            let object = try node.object(keys: ["type", "itemSize"])
            return .circle(itemSize: try object.value("itemSize", default: CGSize(width: 70, height: 70)) { try size($0, "an item size [width, height] in points") })
        default:
            let object = try node.object(keys: ["type", "columns", "columnSpacing", "itemSpacing", "sectionInset", "headerHeight",
                                                "footerHeight", "heights", "heightRange"])
            var waterfall = Waterfall()
            waterfall.columns = try object.value("columns", default: 2) { try $0.integer(in: 1...64, "a column count") }
            waterfall.columnSpacing = try object.value("columnSpacing", default: 10, spacing)
            waterfall.itemSpacing = try object.value("itemSpacing", default: 10, spacing)
            waterfall.sectionInset = try object.value("sectionInset", default: .zero, insets)
            waterfall.headerHeight = try object.value("headerHeight", default: 0, spacing)
            waterfall.footerHeight = try object.value("footerHeight", default: 0, spacing)
            switch (object.optional("heights"), object.optional("heightRange")) {
            case (let list?, nil):
                let elements = try list.array(expected: "an array of item heights in points")
                guard !elements.isEmpty else { throw list.error("expected at least one height, found an empty array") }
                waterfall.heights = .list(try elements.map { try $0.number(in: 1...8192, "a height in points") })
            case (nil, let range?):
                let (low, high) = try range.pair(in: 1...8192, "a range [lowest, highest] of heights in points")
                guard low <= high else { throw range.error("expected [lowest, highest], found a lowest height above the highest") }
                waterfall.heights = .range(low, high)
            case (.some, .some):
                throw node.error("has both \"heights\" and \"heightRange\"; give one")
            case (nil, nil):
                break
            }
            return .waterfall(waterfall)
        }
    }

    // MARK: Interaction

    private static func interaction(_ node: Node) throws -> Interaction {
        let types = ["none", "clusterDrag", "rearrange", "springyScroll", "interactiveMovement"]
        guard case .object(let members) = node.value else { throw node.mismatch("an object with a \"type\": " + types.joined(separator: ", ")) }
        guard let typeValue = members.first(where: { $0.key == "type" })?.value else {
            throw node.error("the key \"type\" is missing; expected one of " + types.map { "\"\($0)\"" }.joined(separator: ", "))
        }
        func press(_ object: ObjectNode, _ fallback: Double) throws -> Double {
            try object.value("minimumPressDuration", default: fallback) { try $0.number(in: 0...10, "a duration in seconds") }
        }
        func springNumber(_ object: ObjectNode, _ key: String, _ fallback: Double, _ range: ClosedRange<Double>, _ what: String) throws -> Double {
            try object.value(key, default: fallback) { try $0.number(in: range, what) }
        }
        switch try node.child("type", typeValue).choice(types) {
        case "none":
            _ = try node.object(keys: ["type"])
            return .none
        case "clusterDrag":
            let object = try node.object(keys: ["type", "frequency", "damping", "anchorSquareSize", "minimumPressDuration"])
            var drag = ClusterDrag()
            drag.frequency = try springNumber(object, "frequency", drag.frequency, SceneLimits.spring, "a frequency in Hz")
            drag.damping = try springNumber(object, "damping", drag.damping, 0...100, "a damping ratio")
            drag.anchorSquareSize = try object.value("anchorSquareSize", default: drag.anchorSquareSize) { try size($0, "a square size [width, height] in points") }
            drag.minimumPressDuration = try press(object, drag.minimumPressDuration)
            return .clusterDrag(drag)
        case "rearrange":
            let object = try node.object(keys: ["type", "edgeScrolling", "minimumPressDuration", "allowableMovement", "pagingEdgeInset",
                                                "pagingInterval", "continuousEdgeInset", "continuousSpeed"])
            var rearrange = Rearrange()
            rearrange.edgeScrolling = try object.value("edgeScrolling", default: .paged) {
                RearrangeInteraction.EdgeScrolling(rawValue: try $0.choice(["paged", "continuous"]))!
            }
            rearrange.minimumPressDuration = try press(object, rearrange.minimumPressDuration)
            rearrange.allowableMovement = try object.value("allowableMovement", default: 10, spacing)
            rearrange.pagingEdgeInset = try object.value("pagingEdgeInset", default: 20, spacing)
            rearrange.pagingInterval = try springNumber(object, "pagingInterval", 0.8, 0.01...60, "an interval in seconds")
            rearrange.continuousEdgeInset = try object.value("continuousEdgeInset", default: 50, spacing)
            rearrange.continuousSpeed = try springNumber(object, "continuousSpeed", 300, 0...100_000, "a speed in points per second")
            return .rearrange(rearrange)
        case "springyScroll":
            let object = try node.object(keys: ["type", "length", "frequency", "damping", "resistance", "distance", "tilingMargin"])
            var springy = SpringyScroll()
            springy.length = try object.value("length", default: 0, spacing)
            springy.frequency = try springNumber(object, "frequency", springy.frequency, SceneLimits.spring, "a frequency in Hz")
            springy.damping = try springNumber(object, "damping", springy.damping, 0...100, "a damping ratio")
            springy.resistance = try springNumber(object, "resistance", springy.resistance, 0...1, "a resistance per point")
            springy.distance = try object.value("distance", default: .alongScroll) {
                SpringyScrollInteraction.DistanceMeasure(rawValue: try $0.choice(["alongScroll", "manhattan"]))!
            }
            springy.tilingMargin = try object.value("tilingMargin", default: 100, spacing)
            return .springyScroll(springy)
        default:
            let object = try node.object(keys: ["type", "minimumPressDuration"])
            return .interactiveMovement(minimumPressDuration: try press(object, 0.5))
        }
    }

    // MARK: Style

    private static func style(_ node: Node) throws -> Style {
        let object = try node.object(keys: ["font", "cell", "header", "footer", "lift"])
        var style = Style()
        style.font = try object.optional("font").map { node in
            try file(node, "a font file (TrueType or OpenType)", alsoIn: systemFontFolders) { url in
                do {
                    _ = try Font(path: url.path)
                    return nil
                } catch {
                    return "\(error)"
                }
            }
        }
        if let cellNode = object.optional("cell") {
            let cell = try cellNode.object(keys: ["template", "color", "selectedColor", "highlightColor", "cornerRadius", "contentScale",
                                                  "contentColor", "borderColor", "borderWidth", "label", "labelColor", "fontSize"])
            style.cell.template = try cell.value("template", default: .plain) { Template(rawValue: try $0.choice(Template.allCases.map(\.rawValue)))! }
            func color(_ key: String, _ fallback: Color) throws -> Color { try cell.value(key, default: fallback) { Color(try $0.color()) } }
            style.cell.color = try color("color", style.cell.color)
            style.cell.selectedColor = try color("selectedColor", style.cell.selectedColor)
            style.cell.highlightColor = try color("highlightColor", style.cell.highlightColor)
            style.cell.cornerRadius = try cell.value("cornerRadius", default: style.cell.cornerRadius) { try $0.number(in: 0...4096, "a radius in points") }
            style.cell.contentScale = try cell.value("contentScale", default: style.cell.contentScale) { try $0.number(in: 0...1, "a scale") }
            style.cell.contentColor = try cell.optional("contentColor").map { Color(try $0.color()) }
            style.cell.borderColor = try color("borderColor", style.cell.borderColor)
            style.cell.borderWidth = try cell.value("borderWidth", default: style.cell.borderWidth) { try $0.number(in: 0...100, "a width in points") }
            style.cell.label = try cell.value("label", default: true) { try $0.bool() }
            style.cell.labelColor = try color("labelColor", style.cell.labelColor)
            style.cell.fontSize = try cell.value("fontSize", default: style.cell.fontSize) { try $0.number(in: 1...512, "a font size in points") }
        }
        style.header = try object.value("header", default: style.header) { try textStyle($0, style.header) }
        style.footer = try object.value("footer", default: style.footer) { try textStyle($0, style.footer) }
        style.lift = try object.value("lift", default: style.lift) { node in
            let lift = try node.object(keys: ["scale", "shadowColor", "shadowRadius", "shadowOffset"])
            var result = style.lift
            result.scale = try lift.value("scale", default: result.scale) { try $0.number(in: 0.1...10, "a scale") }
            result.shadowColor = try lift.value("shadowColor", default: result.shadowColor) { Color(try $0.color()) }
            result.shadowRadius = try lift.value("shadowRadius", default: result.shadowRadius) { try $0.number(in: 0...200, "a blur radius in points") }
            result.shadowOffset = try lift.value("shadowOffset", default: result.shadowOffset) { node in
                let (x, y) = try node.pair(in: -1000...1000, "an offset [x, y] in points")
                return CGSize(width: x, height: y)
            }
            return result
        }
        return style
    }

    private static func textStyle(_ node: Node, _ fallback: TextStyle) throws -> TextStyle {
        let object = try node.object(keys: ["background", "textColor", "fontSize", "alignment"])
        return TextStyle(background: try object.value("background", default: fallback.background) { Color(try $0.color()) },
                         textColor: try object.value("textColor", default: fallback.textColor) { Color(try $0.color()) },
                         fontSize: try object.value("fontSize", default: fallback.fontSize) { try $0.number(in: 1...512, "a font size in points") },
                         alignment: try object.value("alignment", default: fallback.alignment) {
                             TextStyle.Alignment(rawValue: try $0.choice(["left", "center"]))!
                         })
    }

    // MARK: Physics

    private static func physics(_ node: Node) throws -> Physics {
        let object = try node.object(keys: ["integrator", "step", "uikitRate", "resistance"])
        var physics = Physics()
        physics.integrator = try object.value("integrator", default: .exact) {
            UIDynamicAnimatorIntegrator(rawValue: try $0.choice(["exact", "uikit"]))!
        }
        physics.step = try object.value("step", default: physics.step) { try $0.number(in: 0.0001...(1.0 / 60), "a step in seconds") }
        physics.uikitStep = try object.value("uikitRate", default: physics.uikitStep) { node in
            let rate = try node.number(in: 60...120, "the uikit integrator's steps per second, 60 or 120")
            guard rate == 60 || rate == 120 else {
                throw node.error("expected the uikit integrator's steps per second, 60 or 120 (a display's refresh rate), found \(JSONValue.format(rate))")
            }
            return 1 / rate
        }
        physics.resistance = try object.value("resistance", default: physics.resistance) {
            UIDynamicAnimator.ResistanceModel(rawValue: try $0.choice(UIDynamicAnimator.ResistanceModel.allCases.map(\.rawValue)))!
        }
        return physics
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
