import Foundation
import XCTest

/// `kill -9` of a render while ffmpeg assembles its video: ffmpeg does not outlive it (the child
/// carries a parent-death signal), and the partial video it leaves is removed by the next run, as
/// stale frame partials are.
final class KilledVideoCommandTests: XCTestCase {
    /// The processes whose parent is `parent`, from /proc, with their command names.
    private static func children(of parent: pid_t) -> [(pid: pid_t, name: String)] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> (pid_t, String)? in
            guard let pid = pid_t(entry), let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")") else { return nil }
            // pid (comm) state ppid …: comm may hold spaces and parentheses, so split after the last ')'.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 1, pid_t(fields[1]) == parent else { return nil }
            return (pid, String(stat[stat.index(after: open)..<close]))
        }
    }

    /// Whether `pid` still runs (a zombie waiting for its reaper has ended).
    private static func isRunning(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        return !stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).hasPrefix("Z")
    }

    private static var ffmpegIsAvailable: Bool {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/ffmpeg") }
    }

    func testAKilledRenderLeavesNoFFmpegRunningAndItsPartialVideoIsRemovedNextRun() throws {
        guard Self.ffmpegIsAvailable else {
            print("KilledVideoCommandTests: skipped, ffmpeg is not on PATH (install it to run this test)")
            throw XCTSkip("ffmpeg is not on PATH")
        }
        let directory = try CLI.temporaryDirectory(self)
        let process = Process()
        process.executableURL = CLI.executable
        process.arguments = ["render", "cluster-drag", "--scale", "2", "--out", "frames", "--video", "demo.mp4"]
        process.currentDirectoryURL = directory
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let render = process.processIdentifier
        let partialName = ".demo.mp4.\(render).partial"
        // Killed once ffmpeg runs and has begun its partial video.
        var ffmpeg: pid_t?
        let deadline = Date(timeIntervalSinceNow: 240)
        while Date() < deadline, process.isRunning {
            ffmpeg = Self.children(of: render).first { $0.name == "ffmpeg" }?.pid
            if ffmpeg != nil, FileManager.default.fileExists(atPath: directory.appendingPathComponent(partialName).path) { break }
            usleep(5_000)
        }
        let ffmpegPid = try XCTUnwrap(ffmpeg, "ffmpeg never started under the render")
        XCTAssertTrue(FileManager.default.fileExists(atPath: directory.appendingPathComponent(partialName).path))
        kill(render, SIGKILL)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .uncaughtSignal)
        // ffmpeg had seconds of encoding left; its parent-death signal ends it at once.
        let gone = Date(timeIntervalSinceNow: 3)
        while Date() < gone, Self.isRunning(ffmpegPid) { usleep(10_000) }
        let survived = Self.isRunning(ffmpegPid)
        if survived { kill(ffmpegPid, SIGKILL) }
        XCTAssertFalse(survived, "ffmpeg (pid \(ffmpegPid)) outlived the killed render")
        XCTAssertTrue(FileManager.default.fileExists(atPath: directory.appendingPathComponent(partialName).path),
                      "a killed run removes nothing itself")

        // The next run writing that video removes the dead run's partial file first.
        let next = try CLI.run(["render", "cluster-drag", "--scale", "1", "--frames", "0-2", "--out", "frames", "--video", "demo.mp4"],
                               in: directory)
        XCTAssertEqual(next.status, 0, next.stderr)
        let left = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        XCTAssertEqual(left.filter { $0.hasSuffix(".partial") }, [], "stale partial video left: \(left)")
        XCTAssertTrue(left.contains("demo.mp4"))
    }
}
