import ArgumentParser
import Foundation
import FrameIO

@main
struct Springframes: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "springframes",
        abstract: "UIKit Dynamics and UICollectionView physics, headless: scenes rendered to PNG frames.",
        discussion: """
            Exit status: 0 on success; 1 when rendering or writing fails, or when a check finds a \
            difference; 2 when a scene is not valid (the message names the file, the JSON path, what \
            was expected and what was found) or a golden cannot be used; 64 for a bad command-line \
            option; 130 or 143 when stopped by Ctrl-C or SIGTERM (ffmpeg is stopped and partial \
            files are removed; files already complete are kept).
            """,
        version: "0.1.0",
        subcommands: [Render.self, Trace.self, Check.self, Sheet.self, SweepCommand.self, MatrixCommand.self, Validate.self, Examples.self, BenchMoved.self]
    )

    static func main() {
        // A closed pipe on standard output is a write error (EPIPE) with a message, not a signal.
        signal(SIGPIPE, SIG_IGN)
        // Ctrl-C and SIGTERM stop ffmpeg, remove the files being written and exit with 130 or 143.
        Interruption.installHandlers { number, removed in
            let name = number == SIGINT ? "SIGINT" : "SIGTERM"
            printError("springframes: interrupted (\(name)): stopped; removed \(removed) partial file\(removed == 1 ? "" : "s"); "
                       + "files already complete are kept")
        }
        var command: ParsableCommand?
        do {
            command = try parseAsRoot()
            try command!.run()
        } catch {
            exit(reporting: error, from: command.map { type(of: $0) })
        }
    }

    /// Prints an error the way every command does (`error: …`, then the usage of the command that
    /// failed) and exits with its status: help and `--version` go to standard output with 0.
    static func exit(reporting error: Error, from command: ParsableCommand.Type?) -> Never {
        let status = exitCode(for: error)
        if let error = error as? ValidationError, let command {
            // Thrown by a subcommand's run(): ArgumentParser would show the top-level usage.
            let name = command._commandName
            printError("error: \(error.message)\nUsage: \(usageString(for: command))\n"
                       + "  See 'springframes \(name) --help' for more information.")
        } else {
            var message = fullMessage(for: error)
            if status == .success {
                _ = try? writeStandardOutput(message + "\n")
            } else if !message.isEmpty {
                if message.hasPrefix("Error: ") { message = "error: " + message.dropFirst("Error: ".count) }
                printError(message)
            }
        }
        Foundation.exit(status.rawValue)
    }
}
