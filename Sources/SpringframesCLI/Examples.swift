import ArgumentParser
import Foundation
import FrameIO
import Scenes

/// `springframes examples`: the built-in scenes.
struct Examples: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the built-in scenes, or write them out as scene files to start from."
    )

    @Option(help: ArgumentHelp("Write each built-in scene to DIR/<name>.json.", valueName: "DIR"))
    var write: String?

    func run() throws {
        try reportingErrors {
            if let write {
                let directory = URL(fileURLWithPath: write)
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                for entry in BuiltInScenes.all {
                    let url = directory.appendingPathComponent("\(entry.name).json")
                    try AtomicFile.write(Array(try entry.text().utf8), to: url)
                    print(url.path)
                }
                return
            }
            let width = BuiltInScenes.all.map(\.name.count).max() ?? 0
            for entry in BuiltInScenes.all {
                let marker = entry.name == BuiltInScenes.defaultName ? " (default)" : ""
                print(entry.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + entry.summary + marker)
            }
        }
    }
}
