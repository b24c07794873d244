import CollectionLayout
import Vocabulary
import Foundation
import DisplayList
import ImageCodec
import Recording
import Raster

extension Scene {
    /// Timed batch updates, each checked against the item counts the updates before it leave.
    static func updates(_ node: Node, duration: Double, sections counts: [Int]) throws -> [Update] {
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
    static func indexPath(_ element: Node) throws -> IndexPath {
        if case .array = element.value {
            let pair = try element.numbers(count: 2, in: 0...Double(SceneLimits.items), "a [section, item] pair")
            guard pair.allSatisfy({ $0 == $0.rounded() }) else { throw element.mismatch("a [section, item] pair of whole numbers") }
            return IndexPath(item: Int(pair[1]), section: Int(pair[0]))
        }
        return IndexPath(item: try element.integer(in: 0...SceneLimits.items, "an item number"), section: 0)
    }

    /// The folder relative paths in a scene file are read from: the file's own, or the current
    /// directory for a scene that is not a file.
}
