import FrameIO
import Foundation
import XCTest

/// The smaller commands, and help on every command.
final class CommandTests: XCTestCase {
    func testHelpOnEveryCommand() throws {
        for command in [[], ["render"], ["trace"], ["check"], ["sheet"], ["validate"], ["examples"]] {
            let result = try CLI.run(command + ["--help"])
            XCTAssertEqual(result.status, 0, "\(command)")
            XCTAssertTrue(result.stdout.contains("USAGE: springframes"), "\(command): \(result.stdout)")
        }
        XCTAssertFalse(try CLI.run(["--help"]).stdout.contains("bench"), "the benchmark is not a command of springframes")
    }

    /// The benchmark is an executable of its own; `springframes bench` says where it went.
    func testTheBenchmarkIsItsOwnExecutable() throws {
        let bench = CLI.built("springframes-bench")
        let help = try CLI.run(["--help"], executable: bench)
        XCTAssertEqual(help.status, 0, help.stderr)
        XCTAssertTrue(help.stdout.contains("USAGE: springframes-bench"), help.stdout)
        let simulation = try CLI.run(["simulation", "--items", "20", "--seconds", "0.1", "--runs", "1"], executable: bench)
        XCTAssertEqual(simulation.status, 0, simulation.stderr)
        XCTAssertTrue(simulation.stdout.hasPrefix("simulation: 20 items on zero-length springs, exact integrator, 96 steps of 1.042 ms"),
                      simulation.stdout)
        let moved = try CLI.run(["bench", "frames"])
        XCTAssertEqual(moved.status, 64, moved.stderr)
        XCTAssertTrue(moved.stderr.hasPrefix("error: the benchmark is its own executable now: swift run -c release springframes-bench frames\n"),
                      moved.stderr)
    }

    func testExamplesListsAndWritesTheBuiltInScenes() throws {
        let list = try CLI.run(["examples"])
        XCTAssertEqual(list.status, 0)
        let names = list.stdout.split(separator: "\n").map { String($0.split(separator: " ")[0]) }
        XCTAssertEqual(names, ["cluster-drag", "photo-drag", "rearrange", "springy", "interactive-movement", "line", "waterfall", "circle", "flow-sections",
                               "settings-list", "carousel-grid", "list-updates"])
        XCTAssertTrue(list.stdout.contains("(default)"))

        let directory = try CLI.temporaryDirectory(self)
        XCTAssertEqual(try CLI.run(["examples", "--write", directory.path]).status, 0)
        for name in names {
            let validate = try CLI.run(["validate", directory.appendingPathComponent("\(name).json").path])
            XCTAssertEqual(validate.status, 0, validate.stderr)
            XCTAssertTrue(validate.stdout.contains("(scene \"\(name)\"): valid; 390×844 pt at scale 2 (780×1688 px)"), validate.stdout)
        }
    }

    func testSheetWritesOnePNG() throws {
        let directory = try CLI.temporaryDirectory(self)
        let result = try CLI.run(["sheet", "circle", "--every", "48", "--columns", "2", "--out", "sheet.png"], in: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        // Frames 0, 48, 96, 144 and 192 of 193: three rows of 195 × 422 px frames (half of scale 1).
        let sheet = try PNGCodec.read(contentsOf: directory.appendingPathComponent("sheet.png"))
        XCTAssertEqual(sheet.width, 16 + 195 + 12 + 195 + 16)
        XCTAssertEqual(sheet.height, 16 + 3 * (422 + 22) + 2 * 12 + 16)
        XCTAssertTrue(result.stdout.contains("contact sheet of 5 frames"), result.stdout)
    }
}
