import Foundation
import TestSupport
import XCTest

/// `check`'s report page built from names a pull request can carry (a golden folder, a scene file,
/// ids in a golden trace; scene names are letters, digits, `.`, `_` and `-`), opened in headless Chromium: nothing runs that the page
/// did not bring, even when a tag is slipped into the page past escaping.
final class ReportPageCommandTests: XCTestCase {
    /// Sets the title when it runs; U+0600 glues itself to `<` as one grapheme cluster.
    static let payload = "\u{0600}<img src=x onerror=document.title='pwned'>"

    private var chromium: String? { Tools.path("chromium") ?? Tools.path("chromium-browser") }

    /// The DOM Chromium holds after loading `page` and running what the page lets run.
    private func dumpDOM(_ page: URL) throws -> String {
        let executable = try XCTUnwrap(chromium, "chromium is not installed: apt-get install chromium")
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("springframes-chromium-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: profile) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--user-data-dir=\(profile.path)",
                             "--virtual-time-budget=3000", "--dump-dom", page.absoluteString]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let dom = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "chromium exited with \(process.terminationStatus)")
        return dom
    }

    /// The text of the `<title>` element of a dumped DOM.
    private func title(in dom: String) throws -> String {
        let start = try XCTUnwrap(dom.range(of: "<title>"), dom), end = try XCTUnwrap(dom.range(of: "</title>"), dom)
        return String(dom[start.upperBound..<end.lowerBound])
    }

    /// A failing check of a scene named, filed and golden-foldered with the payload, whose golden
    /// trace names the collection view with it too. Returns the page.
    private func hostileReport(in directory: URL) throws -> URL {
        let payload = Self.payload
        let scene = directory.appendingPathComponent("scene\(payload).json")
        try Data("""
            { "name": "drag", "canvas": { "width": 120, "height": 120, "scale": 1 }, "duration": 0.5,
              "collection": { "items": 2, "layout": { "type": "flow", "itemSize": [40, 40], "sectionInset": [10, 10, 10, 10] },
                              "interaction": { "type": "clusterDrag", "frequency": 3, "damping": 0.6 }, "selected": [0] },
              "touches": [ { "at": 0.1, "down": [30, 30] }, { "at": 0.2, "move": [30, 90], "duration": 0.2 } ] }
            """.utf8).write(to: scene)
        let golden = directory.appendingPathComponent("golden\(payload)")
        let record = try CLI.run(["check", scene.path, "--golden", golden.path, "--every", "30", "--diff", "diff"], in: directory)
        XCTAssertEqual(record.status, 1, record.stdout + record.stderr)
        let trace = golden.appendingPathComponent("trace.csv")
        let rows = try String(contentsOf: trace, encoding: .utf8)
        XCTAssertTrue(rows.contains(",collectionView,"), rows)
        try rows.replacingOccurrences(of: ",collectionView,", with: ",cv\(payload),").write(to: trace, atomically: true, encoding: .utf8)
        let check = try CLI.run(["check", scene.path, "--golden", golden.path, "--record", "never", "--diff", "diff"], in: directory)
        XCTAssertEqual(check.status, 1, check.stdout + check.stderr)
        return directory.appendingPathComponent("diff/report.html")
    }

    func testAReportFromHostileNamesRunsNothingInChromium() throws {
        guard chromium != nil || Tools.required else { throw XCTSkip("chromium is not installed (apt-get install chromium): the report page is not opened") }
        let directory = try CLI.temporaryDirectory(self)
        let page = try hostileReport(in: directory)
        let html = try String(contentsOf: page, encoding: .utf8)
        // Every source reached the page, as text.
        for source in ["scene\u{0600}&lt;img", "golden\u{0600}&lt;img", "cv\u{0600}&lt;img"] {
            XCTAssertTrue(html.contains(source), "\(source) is not on the page")
        }
        let dom = try dumpDOM(page)
        XCTAssertEqual(try title(in: dom), "\"drag\" does not match its golden")
        XCTAssertFalse(dom.contains("<img src=\"x\""), "a name became an image")
    }

    /// The policy holds on its own: the same page with a handler attribute and a script slipped in
    /// past escaping still runs neither.
    func testThePagePolicyStopsMarkupThatEscapingMissed() throws {
        guard chromium != nil || Tools.required else { throw XCTSkip("chromium is not installed (apt-get install chromium): the report page is not opened") }
        let directory = try CLI.temporaryDirectory(self)
        let page = try hostileReport(in: directory)
        var html = try String(contentsOf: page, encoding: .utf8)
        let body = try XCTUnwrap(html.range(of: "<body>"))
        html.insert(contentsOf: "<img src=x onerror=\"document.title='pwned'\"><script>document.title='pwned'</script>"
                    + "<img src=\"https://example.invalid/x.png\" onload=\"document.title='pwned'\">", at: body.upperBound)
        let injected = directory.appendingPathComponent("diff/injected.html")
        try html.write(to: injected, atomically: true, encoding: .utf8)
        let dom = try dumpDOM(injected)
        XCTAssertEqual(try title(in: dom), "\"drag\" does not match its golden", "the injected markup ran")
    }
}
