import Foundation
import Recording

/// The scenes that come with the tool, one per behaviour of the design: run them by name
/// (`springframes render rearrange`). Each is a scene file among the module's resources,
/// `BuiltIn/Scenes/<name>.json`; `springframes examples --write DIR` writes them out as starting
/// points for a user's own scenes.
public enum BuiltInScenes {
    /// One built-in scene: its name, what it shows, and its scene file.
    public struct Entry: Sendable {
        /// The name to run it by, and the name of its file (`<name>.json`).
        public var name: String
        /// What the scene shows, in one line.
        public var summary: String
        /// The scene file's text, as the resource holds it; empty when the resource cannot be read,
        /// and then ``text()`` and ``scene()`` throw the `SceneError` that says why.
        public var json: String {
            didSet { unreadable = nil }
        }
        /// Why the resource could not be read.
        private var unreadable: SceneError?

        /// The entry of the scene file `<name>.json`, read from the module's resources.
        init(name: String, summary: String) {
            self.name = name
            self.summary = summary
            do {
                json = try BuiltInScenes.resource(named: name)
            } catch {
                json = ""
                unreadable = error as? SceneError
                    ?? SceneError(file: "\(BuiltInScenes.resourceFolder)/\(name).json", location: "", message: "\(error)")
            }
        }

        /// The scene file's text. Throws a `SceneError` naming the file when the resource cannot
        /// be found or read.
        public func text() throws -> String {
            if let unreadable { throw unreadable }
            return json
        }

        /// The parsed scene (built-in scenes are valid: a test checks every one). Throws a
        /// `SceneError` naming the file when the resource cannot be found or read.
        public func scene() throws -> Scene {
            try Scene(data: Array(text().utf8), file: "built-in scene \"\(name)\"", defaultName: name)
        }
    }

    /// Rendered when no scene is named.
    public static let defaultName = "cluster-drag"

    /// The built-in scene called `name`; nil when there is none.
    public static func named(_ name: String) -> Entry? { all.first { $0.name == name } }

    /// Every built-in scene, the default demo first.
    public static let all: [Entry] = [
        Entry(name: "cluster-drag", summary: "three cells selected by taps, long-pressed and dragged together on four springs each"),
        Entry(name: "photo-drag", summary: "the cluster drag in a grid of photos, as in Photos: four picked, dragged together and let go"),
        Entry(name: "rearrange", summary: "long-press a cell, drag it over others, page at the bottom edge, drop it"),
        Entry(name: "springy", summary: "Messages-style springy scrolling: cells far from the finger lag and catch up"),
        Entry(name: "interactive-movement", summary: "iOS 9 interactive movement: the other cells make room live"),
        Entry(name: "line", summary: "a horizontal carousel whose centred cells zoom, flicked and snapping to a cell"),
        Entry(name: "waterfall", summary: "three columns of varied heights, shortest column first, scrolled"),
        Entry(name: "circle", summary: "cells on a circle; one is moved half way round and the others make room"),
        Entry(name: "flow-sections", summary: "a flow layout with three sections, headers and footers, scrolled and tapped"),
        Entry(name: "settings-list", summary: "an iOS 14 inset-grouped list with headers and disclosure rows, tapped and scrolled"),
        Entry(name: "carousel-grid", summary: "a compositional grid under a carousel that pages a centred card at a time"),
        Entry(name: "list-updates", summary: "a plain list whose rows are deleted, inserted and moved with UIKit's batch animations"),
    ]
}
