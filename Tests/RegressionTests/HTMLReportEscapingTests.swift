import Foundation
import Raster
@testable import Regression
import Recording
import Views
import Testing

/// Names a reviewer did not choose reach the report page: a golden folder, a scene file or name,
/// trace ids, accessibility identifiers, scroll views' names. None of them may become markup.
@MainActor @Suite struct HTMLReportEscapingTests {
    /// Hostile names: plain tags, attribute breakouts with either quote, and grapheme clusters
    /// (a prepend mark, a combining mark, ZWJ) glued to the characters escaping must catch.
    nonisolated static let hostile = [
        "<script>document.title='pwned'</script>",
        "g\u{0600}<img src=x onerror=\"document.title='pwned'\">",
        "\u{0600}<\u{0600}>\u{0600}&\u{0600}\"\u{0600}'",
        "a\"><img src=x onerror=alert(1)>",
        "a' onmouseover='alert(1)",
        "e\u{0301}<b>\u{200D}&amp;</b>",
    ]

    @Test(arguments: hostile)
    func escapingLeavesNoMarkupCharacterInAnyGraphemeCluster(_ name: String) {
        let escaped = HTMLReport.escape(name)
        for scalar in escaped.unicodeScalars {
            #expect(!["<", ">", "\"", "'"].contains(scalar), "\(escaped)")
        }
        // Every `&` starts one of the entities written.
        let ampersands = escaped.components(separatedBy: "&").dropFirst()
        // Compared per scalar: a `;` followed by a joiner is not the Character ";".
        let entities = ["amp;", "lt;", "gt;", "quot;", "#39;"].map { Array($0.unicodeScalars) }
        #expect(ampersands.allSatisfy { rest in entities.contains { Array(rest.unicodeScalars).starts(with: $0) } }, "\(escaped)")
        #expect(unescape(escaped) == name)
    }

    @Test func escapingIsPerUnicodeScalarNotPerCharacter() {
        // U+0600 and `<` make one Character, which is not "<": escaping per Character kept it raw.
        let name = "\u{0600}<img>"
        #expect(name.count == 5 && name.first != "<")
        #expect(HTMLReport.escape(name) == "\u{0600}&lt;img&gt;")
        #expect(HTMLReport.escape("it's \"x\" & y") == "it&#39;s &quot;x&quot; &amp; y")
    }

    private func unescape(_ text: String) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    /// A window whose views carry the hostile names as accessibility identifiers: a square at
    /// `x`, another view beside it and a scroll view.
    private func recorder(name: String, x: CGFloat, identifier: String, extra: String) -> Recorder {
        Recorder(name: name, fps: 10, duration: 0.2, scale: 1, size: CGSize(width: 80, height: 60)) {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 80, height: 60))
            let square = UIView(frame: CGRect(x: x, y: 10, width: 20, height: 20))
            square.backgroundColor = .red
            square.accessibilityIdentifier = identifier
            window.addSubview(square)
            let scroll = UIScrollView(frame: CGRect(x: 0, y: 40, width: 80, height: 20))
            scroll.accessibilityIdentifier = identifier + "scroll"
            window.addSubview(scroll)
            let other = UIView(frame: CGRect(x: x + 30, y: 10, width: 10, height: 10))
            other.accessibilityIdentifier = extra
            window.addSubview(other)
            window.makeKeyAndVisible()
            return window
        }
    }

    @Test func hostileNamesFromEverySourceReachThePageAsTextOnly() throws {
        let payload = "\u{0600}<img src=x onerror=\"document.title='pwned'\">'"
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("springframes-hostile-\(getpid())")
        try? FileManager.default.removeItem(at: root)
        defer { try? FileManager.default.removeItem(at: root) }
        let golden = root.appendingPathComponent("golden" + payload), artifacts = root.appendingPathComponent("diff")
        let font = try Font.named()
        let scene = "scene" + payload
        _ = try GoldenCheck(recorder: recorder(name: scene, x: 10, identifier: "id" + payload, extra: "other" + payload),
                            font: font, directory: golden, workers: 1).run()
        var check = GoldenCheck(recorder: recorder(name: scene, x: 30, identifier: "id" + payload, extra: "other" + payload),
                                font: font, directory: golden, workers: 1)
        check.record = .never
        check.artifacts = artifacts
        check.rerecord = "springframes check scene\(payload).json --golden \(golden.path) --record failed"
        let result = try check.run()
        #expect(!result.passes)
        let motion = try #require(result.motion)
        // Every source is on the page: the names reached it, as text.
        #expect(Set(motion.motions.map(\.element)).count >= 3, "\(result.summary(limit: .max))")
        let html = try String(contentsOf: try #require(result.page), encoding: .utf8)
        let escaped = HTMLReport.escape(payload)
        for source in ["golden" + escaped, "scene" + escaped, "id" + escaped, "other" + escaped, "scene\(escaped).json"] {
            #expect(html.contains(source), "\(source) is not on the page")
        }
        #expect(!html.contains("<img src=x"), "a hostile name became a tag")
        #expect(!html.contains("onerror=\""))
        // The only tags with a src are the page's own images.
        let images = html.components(separatedBy: "<img ").count - 1
        #expect(images == 1 + 5 * result.failures.count, "the sheet, and per frame golden and now twice and the diff")
    }

    @Test func thePagesPolicyAllowsOnlyItsOwnScriptAndStyle() throws {
        let policy = HTMLReport.contentSecurityPolicy
        #expect(policy.hasPrefix("default-src 'none'; script-src 'sha256-"))
        #expect(!policy.contains("unsafe-inline") && !policy.contains("http"))
        let html = HTMLReport(result: GoldenCheckResult(scene: "s", directory: URL(fileURLWithPath: "/g"), record: .never, frameCount: 1,
                                                        every: 1, frameTolerance: FrameTolerance()),
                              rerecord: nil, directory: URL(fileURLWithPath: "/d")).html
        // Before the script and the style it governs; no handler attribute nor style attribute.
        let meta = try #require(html.range(of: "<meta http-equiv=\"Content-Security-Policy\" content=\"\(policy)\">"))
        let script = try #require(html.range(of: "<script>")), style = try #require(html.range(of: "<style>"))
        #expect(meta.upperBound <= script.lowerBound && meta.upperBound <= style.lowerBound)
        #expect(!html.contains(" onclick=") && !html.contains(" oninput=") && !html.contains(" style=\""))
    }
}
