import Foundation
import XCTest

/// Runs the built `springframes` executable.
enum CLI {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        /// Ended by a signal (`status` is then the signal's number), not by exit.
        var signaled = false
    }

    /// The executable SwiftPM built beside the test bundle.
    static let executable = built("springframes")

    /// The executable named `name` that SwiftPM built beside the test bundle.
    static func built(_ name: String) -> URL {
        var directory = Bundle.main.bundleURL
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory.deleteLastPathComponent()
        }
        // `swift test` runs from the package root with the products in .build/debug.
        return URL(fileURLWithPath: ".build/debug/\(name)")
    }

    /// Runs `springframes arguments…` (or another of the package's executables) in `directory`
    /// and waits for it.
    @discardableResult
    /// `hangGuard` stops a run that blocks (a test of a former hang): after that many seconds the
    /// process is killed, and the result is `signaled`, never a test run that never ends.
    static func run(_ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:],
                    executable: URL = executable, hangGuard: Double? = nil) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        if let hangGuard {
            let pid = process.processIdentifier
            DispatchQueue.global().asyncAfter(deadline: .now() + hangGuard) { if process.isRunning { kill(pid, SIGKILL) } }
        }
        // Read both pipes while the process runs, so neither fills up and blocks it.
        // `@unchecked`: written by the reading thread before `group.leave()`, read after the wait.
        final class Box: @unchecked Sendable { var data = Data() }
        let standardOutput = Box()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            standardOutput.data = output.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let errData = errors.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: standardOutput.data, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self), signaled: process.terminationReason == .uncaughtSignal)
    }

    /// Asserts that a run ended as bad input must: by exit with one of `allowed`, never a signal,
    /// and with exit 2, one line on standard error that starts with "error: ".
    static func assertEndsCleanly(_ result: Result, allowed: Set<Int32> = [0, 2], context: @autoclosure () -> String,
                                  file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(result.signaled, "signal \(result.status): \(result.stderr)\n\(context())", file: file, line: line)
        XCTAssertTrue(allowed.contains(result.status), "exit \(result.status): \(result.stderr)\n\(context())", file: file, line: line)
        if result.status == 2 {
            XCTAssertTrue(result.stderr.hasPrefix("error: "), "\(result.stderr)\n\(context())", file: file, line: line)
            XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, "one line: \(result.stderr)\n\(context())", file: file, line: line)
        }
    }

    /// A fresh, empty temporary directory, removed when the test ends.
    static func temporaryDirectory(_ test: XCTestCase) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("springframes-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        test.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }
}
