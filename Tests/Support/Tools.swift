import Foundation

/// External programs some tests run. CI installs them and sets SPRINGFRAMES_REQUIRE_TOOLS=1, so
/// there a missing tool fails the test instead of skipping it.
public enum Tools {
    public static var required: Bool { ProcessInfo.processInfo.environment["SPRINGFRAMES_REQUIRE_TOOLS"] == "1" }

    public static func path(_ name: String) -> String? {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        return directories.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Whether a test needing `name` should run: when the tool is there, or when it must be.
    public static func shouldRun(_ name: String) -> Bool { path(name) != nil || required }

    /// Runs a program and returns its exit status and combined output.
    public static func run(_ name: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        guard let path = path(name) else { throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: name]) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }
}
