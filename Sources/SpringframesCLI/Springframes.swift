import ArgumentParser
import Foundation

@main
struct Springframes: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "springframes",
        abstract: "UIKit Dynamics and UICollectionView physics, headless: scenes rendered to PNG frames.",
        discussion: """
            Exit status: 0 on success; 1 when rendering or writing fails, or when a check finds a \
            difference; 2 when a scene is not valid (the message names the file, the JSON path, what \
            was expected and what was found) or a golden cannot be used; 64 for a bad command-line \
            option.
            """,
        version: "0.1.0",
        subcommands: [Render.self, Trace.self, Check.self, Sheet.self, Validate.self, Examples.self, Bench.self]
    )

    static func main() {
        // A closed pipe on standard output is a write error (EPIPE) with a message, not a signal.
        signal(SIGPIPE, SIG_IGN)
        main(nil)
    }
}
