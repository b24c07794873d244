import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Scenes
import XCTest

/// `springframes check` over a suite: the built-in scenes in one run and in three shards, with
/// JUnit reports read back by XML parsers.
final class CheckSuiteCommandTests: XCTestCase {
    /// A JUnit report as a parser reads it.
    struct JUnit: Equatable {
        /// The attributes of `testsuites` and of each `testsuite`.
        var totals: [String: String] = [:]
        var suites: [[String: String]] = []
        /// Scene name → "passed", "failure: <message>" or "error: <message>".
        var cases: [String: String] = [:]
        var caseCount = 0

        init(contentsOf url: URL) throws {
            let delegate = Reader()
            let parser = try XCTUnwrap(XMLParser(contentsOf: url))
            parser.delegate = delegate
            XCTAssertTrue(parser.parse(), "\(url.lastPathComponent): \(parser.parserError.map { "\($0)" } ?? "")")
            self = delegate.report
        }

        init() {}
    }

    final class Reader: NSObject, XMLParserDelegate {
        var report = JUnit()
        private var current: String?

        func parser(_ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            switch element {
            case "testsuites": report.totals = attributes
            case "testsuite": report.suites.append(attributes)
            case "testcase":
                current = attributes["name"]
                report.caseCount += 1
                if let current { report.cases[current] = "passed" }
            case "failure", "error":
                if let current { report.cases[current] = "\(element): \(attributes["message"] ?? "")" }
            default: break
            }
        }
    }

    /// Changes one centre of frame 0 of a golden trace by 1 pt: the scene then fails its check.
    private func detune(_ golden: URL) throws {
        let url = golden.appendingPathComponent("trace.csv")
        var lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
        var fields = lines[1].components(separatedBy: ",")
        fields[7] = String(try XCTUnwrap(Double(fields[7])) + 1)
        lines[1] = fields.joined(separator: ",")
        try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
    }

    func testTheBuiltInScenesInThreeShardsMatchOneRun() throws {
        let directory = try CLI.temporaryDirectory(self)
        let names = BuiltInScenes.all.map(\.name)
        XCTAssertEqual(names.count, 12)
        let common = ["--golden", "goldens", "--only", "motion", "--diff", "diffs"]
        let record = try CLI.run(["check"] + names + common + ["--record", "all"], in: directory)
        XCTAssertEqual(record.status, 1, "recording fails, for review: " + record.stdout + record.stderr)
        XCTAssertTrue(record.stdout.hasSuffix("12 scenes checked: 0 passed, 12 failed, 0 errors\n"), record.stdout)
        let detuned = ["line", "springy"]
        for name in detuned { try detune(directory.appendingPathComponent("goldens/\(name)")) }

        let single = try CLI.run(["check"] + names + common + ["--record", "never", "--junit", "reports/single.xml"], in: directory)
        XCTAssertEqual(single.status, 1, single.stdout + single.stderr)
        XCTAssertTrue(single.stdout.hasSuffix("12 scenes checked: 10 passed, 2 failed, 0 errors; JUnit report: reports/single.xml\n"),
                      single.stdout)
        let whole = try JUnit(contentsOf: directory.appendingPathComponent("reports/single.xml"))
        XCTAssertEqual(whole.totals["tests"], "12")
        XCTAssertEqual(whole.totals["failures"], "2")
        XCTAssertEqual(whole.totals["errors"], "0")
        XCTAssertEqual(whole.suites.count, 1)
        XCTAssertEqual(whole.suites.first?["tests"], "12")
        XCTAssertEqual(whole.caseCount, 12)
        XCTAssertEqual(Set(whole.cases.keys), Set(names))
        XCTAssertEqual(whole.cases.filter { $0.value != "passed" }.keys.sorted(), detuned)
        for name in detuned {
            XCTAssertTrue(whole.cases[name]?.hasPrefix("failure: \"\(name)\" motion") ?? false, whole.cases[name] ?? "")
        }

        // Three shards, each given the scenes in another order: together, each scene once, with
        // the single run's outcome.
        var union: [String: String] = [:], inShards: [String] = []
        for shard in 1...3 {
            let order = shard == 2 ? names.reversed() : (shard == 3 ? names.sorted() : names)
            let run = try CLI.run(["check"] + order + common + ["--record", "never", "--shard", "\(shard)/3",
                                                               "--junit", "reports/shard-\(shard).xml"], in: directory)
            let report = try JUnit(contentsOf: directory.appendingPathComponent("reports/shard-\(shard).xml"))
            let failures = report.cases.values.filter { $0 != "passed" }.count
            XCTAssertEqual(run.status, failures > 0 ? 1 : 0, run.stdout + run.stderr)
            XCTAssertEqual(report.totals["tests"], "\(report.caseCount)")
            XCTAssertEqual(report.totals["failures"], "\(failures)")
            XCTAssertEqual(report.suites.first?["name"], "springframes check (shard \(shard)/3)")
            XCTAssertTrue(run.stdout.contains("checked (shard \(shard)/3, of 12): "), run.stdout)
            inShards += report.cases.keys
            union.merge(report.cases) { first, _ in first }
        }
        XCTAssertEqual(inShards.sorted(), names.sorted(), "every scene in exactly one shard")
        XCTAssertEqual(union, whole.cases)

        // Another parser reads the same reports.
        let python = URL(fileURLWithPath: "/usr/bin/python3")
        if FileManager.default.isExecutableFile(atPath: python.path) {
            let script = "import sys, xml.etree.ElementTree as E; r = E.parse(sys.argv[1]).getroot(); "
                + "print(r.get('tests'), len(list(r.iter('testcase'))), len(list(r.iter('failure'))))"
            let read = try CLI.run(["-c", script, directory.appendingPathComponent("reports/single.xml").path], executable: python)
            XCTAssertEqual(read.status, 0, read.stderr)
            XCTAssertEqual(read.stdout, "12 12 2\n")
        }
    }

    /// A shard is the same whatever else is in the suite: assigned by the scene's name alone.
    func testAShardDependsOnTheNameAlone() throws {
        let directory = try CLI.temporaryDirectory(self)
        func checked(_ output: String) -> Set<String> {
            Set(output.split(separator: "\n").compactMap { line in
                (line.range(of: ": check FAILED against") ?? line.range(of: ": check passed against")).map { String(line[..<$0.lowerBound]) }
            })
        }
        let few: Set = ["line", "photo-drag", "circle"]
        var seen: [String] = []
        for shard in ["1/2", "2/2"] {
            let all = try CLI.run(["check"] + BuiltInScenes.all.map(\.name) + ["--golden", "goldens", "--only", "motion", "--shard", shard],
                                  in: directory)
            let alone = try CLI.run(["check"] + few.sorted() + ["--golden", "goldens", "--only", "motion", "--shard", shard], in: directory)
            XCTAssertEqual(checked(alone.stdout), checked(all.stdout).intersection(few), shard)
            seen += checked(alone.stdout)
        }
        XCTAssertEqual(seen.sorted(), few.sorted())
        let bad = try CLI.run(["check", "line", "--golden", "goldens", "--shard", "4/3"], in: directory)
        XCTAssertEqual(bad.status, 64, bad.stderr)
    }
}
