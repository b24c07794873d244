import Foundation
import ImageCodec
import Raster
@testable import Regression
import Scenes
import TestSupport
import Testing

/// The report page a failing check writes: what it holds, that it needs nothing from the
/// network, and (in a real headless browser) that it loads, decodes its images and responds.
@MainActor @Suite struct HTMLReportTests {
    /// A golden of the drag scene at damping 0.6, checked at damping 0.5: motion and frames fail.
    /// Returns the result and the artifacts folder, under a fresh temporary folder.
    private func failingCheck(_ name: String = #function) throws -> (result: GoldenCheckResult, artifacts: URL) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("springframes-report-\(name.filter(\.isLetter))-\(getpid())")
        try? FileManager.default.removeItem(at: root)
        let golden = root.appendingPathComponent("golden"), artifacts = root.appendingPathComponent("diff")
        var record = GoldenCheck(scene: try GoldenScenes.drag(damping: 0.6), font: try Font.named(), directory: golden, workers: 2)
        record.every = 30
        _ = try record.run()
        var check = GoldenCheck(scene: try GoldenScenes.drag(damping: 0.5), font: try Font.named(), directory: golden, workers: 2)
        check.record = .never
        check.artifacts = artifacts
        check.rerecord = "springframes check golden-drag.json --golden golden --record failed"
        return (try check.run(), artifacts)
    }

    /// Every `src="…"` and `href="…"` of a page.
    private func links(in html: String) -> [String] {
        ["src=\"", "href=\""].flatMap { attribute in
            html.components(separatedBy: attribute).dropFirst().map { String($0.prefix { $0 != "\"" }) }
        }
    }

    @Test func theReportHoldsPlotsTheMetricsTheFramesAndTheCommandThatRecordsAgain() throws {
        let (result, artifacts) = try failingCheck()
        defer { try? FileManager.default.removeItem(at: artifacts.deletingLastPathComponent()) }
        let page = try #require(result.page)
        #expect(page == artifacts.appendingPathComponent("report.html"))
        let html = try String(contentsOf: page, encoding: .utf8)
        let motion = try #require(result.motion)
        #expect(!motion.changes.isEmpty)
        // The metrics table: a row per changed element, golden → now.
        for change in motion.changes {
            let overshoot = "\(String(format: "%.1f", change.reference.overshoot)) % → \(String(format: "%.1f", change.actual.overshoot)) %"
            #expect(html.contains(">\(change.element)</a></th><td class=\"changed\">\(overshoot)</td>"), "\(change.element)")
        }
        // Plots of each differing element (here y only: the cell is dragged straight down); settling
        // and overshoot marked in both colours.
        #expect(html.components(separatedBy: "<svg class=\"plot\"").count - 1 >= motion.changes.count)
        #expect(html.contains("Constant in both: x 41pt"))
        // The content offset is plotted too, here constant: the list does not scroll.
        #expect(motion.motions.map(\.element) == ["item 0", "content offset of collectionView"])
        // Each plotted twice: in the phase in focus (the release) and, a click away, over the whole recording.
        #expect(html.components(separatedBy: "<div class=\"element\"").count - 1 == 4)
        #expect(html.components(separatedBy: "-phase\"><h3>").count - 1 == 2)
        #expect(html.contains("<h3 class=\"phase\">In focus: release (1.20–2.50 s)</h3>"))
        #expect(html.contains("Constant in both: content offset x 0pt, content offset y 0pt"))
        #expect(html.contains("aria-label=\"y over time\""))
        #expect(html.contains("<circle") && html.contains("<title>settled at"))
        #expect(html.contains(HTMLReport.goldenColor) && html.contains(HTMLReport.nowColor))
        // A slider and a flip view per failing frame, with images beside the page.
        #expect(html.components(separatedBy: "<input class=\"slider\"").count - 1 == result.failures.count)
        #expect(html.components(separatedBy: "<div class=\"flip\"").count - 1 == result.failures.count)
        let sources = links(in: html).filter { !$0.hasPrefix("#") }
        #expect(sources.count >= 3 * result.failures.count + 1)
        for source in sources {
            #expect(!source.contains("/") && !source.contains(":"), "linked beside the page, nothing from the network: \(source)")
            #expect(FileManager.default.fileExists(atPath: artifacts.appendingPathComponent(source).path), "\(source)")
        }
        #expect(html.contains("springframes check golden-drag.json --golden golden --record failed"))
        // Never cut short: the full report text, with every failing frame.
        for failure in result.failures { #expect(html.contains("id=\"frame-\(failure.frame)\"")) }
        #expect(!html.contains("… and"))
    }

    @Test func aPassingCheckWritesTheReportOnlyWhenAskedTo() throws {
        let (_, artifacts) = try failingCheck()
        defer { try? FileManager.default.removeItem(at: artifacts.deletingLastPathComponent()) }
        let golden = artifacts.deletingLastPathComponent().appendingPathComponent("golden")
        var check = GoldenCheck(scene: try GoldenScenes.drag(damping: 0.6), font: try Font.named(), directory: golden, workers: 2)
        check.record = .never
        check.artifacts = artifacts
        let quiet = try check.run()
        #expect(quiet.passes && quiet.page == nil)
        #expect(!FileManager.default.fileExists(atPath: artifacts.appendingPathComponent("report.html").path), "the failing run's report is gone")
        check.reportsWhenPassing = true
        let asked = try check.run()
        let html = try String(contentsOf: try #require(asked.page), encoding: .utf8)
        #expect(html.contains("<h1>&quot;golden-drag&quot; matches its golden</h1>"))
        #expect(html.contains("motion: matches the golden trace"))
        #expect(!html.contains("If the change is intended"))
    }

    // MARK: In a real browser

    /// Chromium, headless; nil when it is not installed.
    private static var chromium: String? { Tools.path("chromium") ?? Tools.path("chromium-browser") }

    private func runChromium(_ arguments: [String]) throws -> String {
        let executable = try #require(Self.chromium, "chromium is not installed: apt-get install chromium")
        // A profile of its own: two browsers cannot share one.
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("springframes-chromium-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: profile) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--user-data-dir=\(profile.path)",
                             "--allow-file-access-from-files", "--hide-scrollbars"] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "chromium exited with \(process.terminationStatus)")
        return text
    }

    private struct SelfTest: Decodable {
        var errors: [String]
        var images: Int
        var plots: Int
        var undecoded: [String]
        var slider: String?
        var flipped: String?
    }

    @Test(.enabled(if: Tools.shouldRun("chromium") || Tools.shouldRun("chromium-browser")))
    func theReportLoadsInChromiumDecodesItsImagesAndTheSliderMoves() throws {
        let (result, artifacts) = try failingCheck()
        defer { try? FileManager.default.removeItem(at: artifacts.deletingLastPathComponent()) }
        let page = try #require(result.page)
        let dom = try runChromium(["--virtual-time-budget=5000", "--dump-dom", page.absoluteString + "#selftest"])
        let marker = "<pre id=\"selftest\" hidden=\"\">"
        let start = try #require(dom.range(of: marker), "the page did not run its self-test:\n\(dom.suffix(400))")
        let json = dom[start.upperBound...].prefix { $0 != "<" }.replacingOccurrences(of: "&quot;", with: "\"")
            .replacingOccurrences(of: "&amp;", with: "&")
        let outcome = try JSONDecoder().decode(SelfTest.self, from: Data(json.utf8))
        #expect(outcome.errors.isEmpty)
        #expect(outcome.undecoded.isEmpty)
        #expect(outcome.images == 1 + 5 * result.failures.count, "the sheet, and per frame golden and now twice and the diff")
        #expect(outcome.plots >= (result.motion?.changes.count ?? 0))
        #expect(outcome.slider == "inset(0px 0px 0px 30%)", "the slider uncovers the frame now from 30 % on")
        #expect(outcome.flipped == "block", "a click flips to the frame now")
    }

    @Test(.enabled(if: Tools.shouldRun("chromium") || Tools.shouldRun("chromium-browser")))
    func aScreenshotOfTheReportShowsThePlots() throws {
        let (result, artifacts) = try failingCheck()
        defer { try? FileManager.default.removeItem(at: artifacts.deletingLastPathComponent()) }
        let page = try #require(result.page)
        let shot = artifacts.appendingPathComponent("screenshot.png")
        _ = try runChromium(["--window-size=1100,900", "--screenshot=\(shot.path)", page.absoluteString])
        let image = try PNGCodec.read(contentsOf: shot)
        #expect(image.width == 1100 && image.height == 900)
        // The two traces' lines, in their colours (anti-aliased: near the colour counts).
        func pixels(near hex: UInt32) -> Int {
            let target = Color(rgb: hex)
            var count = 0
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let pixel = image.pixel(x: x, y: y)
                    if abs(Int(pixel.red) - Int(target.red)) + abs(Int(pixel.green) - Int(target.green))
                        + abs(Int(pixel.blue) - Int(target.blue)) < 40 { count += 1 }
                }
            }
            return count
        }
        // Orange is drawn over blue: blue shows where the two part, and in the legend and marks.
        #expect(pixels(near: 0x0A84FF) > 150, "golden lines")
        #expect(pixels(near: 0xFF9F0A) > 400, "now lines")
    }
}
