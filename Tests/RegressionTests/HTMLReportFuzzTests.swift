import Foundation
import Raster
@testable import Regression
import Recording
import Views
import Vocabulary
import Testing

/// Random hostile names through the report page builder: golden folder, scene name, accessibility
/// identifiers and the command shown. Every markup character the names carry (`<`, `>`, `"`, `'`,
/// `&`) is followed in them by a marker the page never writes itself, so any such character that
/// reaches the page unescaped shows as character-plus-marker, byte for byte.
///
/// A fixed number of cases from a fixed seed (no wall-clock budget): `SPRINGFRAMES_FUZZ_SEED` tries
/// other names and `SPRINGFRAMES_FUZZ_CASES` tries more.
@MainActor @Suite struct HTMLReportFuzzTests {
    nonisolated static let seed = ProcessInfo.processInfo.environment["SPRINGFRAMES_FUZZ_SEED"].flatMap(UInt64.init) ?? 20261128
    nonisolated static let cases = ProcessInfo.processInfo.environment["SPRINGFRAMES_FUZZ_CASES"].flatMap(Int.init) ?? 20
    static let marker = "Zq7"
    static let markup: [String] = ["<", ">", "\"", "'", "&"]
    /// Scalars that glue onto their neighbours in a grapheme cluster, and other awkward text.
    static let glue = ["\u{0600}", "\u{0301}", "\u{200D}", "\u{FE0F}", "\u{202E}", "\u{1F469}", "é", "\u{00A0}", "\t", "\n", ";", "=",
                       "script", "img src=x onerror=", "document.title='pwned'", "</pre>", "-->", "<!--", "javascript:", "\\"]

    static func hostileName(_ random: inout SplitMix64) -> String {
        var name = ""
        for _ in 0..<(2 + random.below(10)) {
            if random.below(2) == 0 {
                name += markup[random.below(markup.count)] + marker
            } else {
                name += glue[random.below(glue.count)]
            }
        }
        return name
    }

    private func recorder(name: String, x: CGFloat, identifiers: [String]) -> Recorder {
        Recorder(name: name, fps: 10, duration: 0.2, scale: 1, size: CGSize(width: 60, height: 40)) {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 60, height: 40))
            for (index, identifier) in identifiers.enumerated() {
                let view = UIView(frame: CGRect(x: x + CGFloat(index) * 12, y: 10, width: 10, height: 10))
                view.backgroundColor = .red
                view.accessibilityIdentifier = identifier
                window.addSubview(view)
            }
            window.makeKeyAndVisible()
            return window
        }
    }

    @Test func randomHostileNamesNeverReachThePageAsMarkup() throws {
        var random = SplitMix64(seed: Self.seed)
        let font = try Font.named()
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("springframes-report-fuzz-\(getpid())")
        try? FileManager.default.removeItem(at: root)
        defer { try? FileManager.default.removeItem(at: root) }
        for index in 0..<Self.cases {
            let scene = Self.hostileName(&random)
            // A folder name: no "/" nor NUL, and short enough for any file system.
            let folder = String(String.UnicodeScalarView(Self.hostileName(&random).unicodeScalars.filter { $0 != "/" && $0 != "\0" }.prefix(60)))
            let identifiers = (0..<(1 + random.below(3))).map { "v\($0)" + Self.hostileName(&random) }
            let command = "springframes check " + Self.hostileName(&random)
            let golden = root.appendingPathComponent("case\(index)").appendingPathComponent("g" + folder)
            let context = "seed \(Self.seed), case \(index): \(scene.debugDescription) \(folder.debugDescription) \(identifiers) \(command.debugDescription)"
            _ = try GoldenCheck(recorder: recorder(name: scene, x: 5, identifiers: identifiers), font: font, directory: golden, workers: 1).run()
            var check = GoldenCheck(recorder: recorder(name: scene, x: 15, identifiers: identifiers), font: font, directory: golden, workers: 1)
            check.record = .never
            check.artifacts = root.appendingPathComponent("case\(index)").appendingPathComponent("diff")
            check.rerecord = command
            let result = try check.run()
            #expect(!result.passes, "\(context)")
            let page = try #require(result.page, "\(context)")
            let html = Data(try Data(contentsOf: page))
            for character in Self.markup {
                let raw = Data((character + Self.marker).utf8)
                #expect(html.range(of: raw) == nil, "an unescaped \(character) from a name reached the page: \(context)")
            }
            // The names did reach the page, escaped.
            let names = Data((scene + folder + command + identifiers.joined()).utf8)
            if names.range(of: Data(("<" + Self.marker).utf8)) != nil {
                #expect(html.range(of: Data(("&lt;" + Self.marker).utf8)) != nil, "\(context)")
            }
        }
    }
}
