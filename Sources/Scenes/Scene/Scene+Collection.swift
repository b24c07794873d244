import CollectionLayout
import Vocabulary
import Foundation
import DisplayList
import ImageCodec
import Recording
import Raster

extension Scene {
    static func collection(_ node: Node) throws -> Collection {
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
    static func items(_ node: Node, header: String?, footer: String?) throws -> Section {
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
    static func imageProblem(_ url: URL) -> String? {
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

    static func text(_ node: Node, _ what: String) throws -> String {
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
    func checkWorkPerFrame(in root: Node) throws {
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
    func checkSelection(in root: Node) throws {
        for (index, indexPath) in collection.selected.enumerated() {
            let exists = indexPath.section < collection.sections.count && indexPath.item < collection.sections[indexPath.section].items
            guard !exists else { continue }
            let path = Node(value: .null, path: "collection.selected[\(index)]", file: root.file)
            let counts = collection.sections.map { String($0.items) }.joined(separator: ", ")
            throw path.error("expected an item that exists (items per section: \(counts)), found section \(indexPath.section), item \(indexPath.item)")
        }
    }
}
