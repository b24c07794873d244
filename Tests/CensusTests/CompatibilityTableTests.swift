import Census
import Foundation
import Testing

@Suite struct CompatibilityTableTests {
    /// The package root, from this file's path: Tests/CensusTests/ is two levels below it.
    private static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func table_CommittedArticleMatchesTheSources() throws {
        let surface = try DeclaredSurface(sourcesDirectory: Self.packageRoot.appendingPathComponent("Sources"))
        let article = Self.packageRoot.appendingPathComponent("Sources/Springframes/Springframes.docc/Compatibility.md")
        let committed = (try? String(contentsOf: article, encoding: .utf8)) ?? ""
        let generated = CompatibilityTable.article(for: surface)
        guard committed != generated else { return }
        let committedLines = committed.split(separator: "\n", omittingEmptySubsequences: false)
        let generatedLines = generated.split(separator: "\n", omittingEmptySubsequences: false)
        let line = zip(committedLines, generatedLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(committedLines.count, generatedLines.count)
        let expected = line < generatedLines.count ? generatedLines[line] : "(end of article)"
        Issue.record("""
            Compatibility.md differs from what Sources declare: run `swift run springframes-census table` to update. \
            First difference at line \(line + 1): the sources give «\(expected)».
            """)
    }

    @Test func table_ListsHonouredAndWarnedMembersPerType() {
        let surface = DeclaredSurface(files: [SourceFile(source: """
            open class UIView {
                public var frame: CGRect
                public func snapshot() { UIKitCompatibility.notHonoured("UIView.snapshot", "headless") }
            }
            """)])
        let article = CompatibilityTable.article(for: surface)
        #expect(article.contains("### UIView\n\nClass. 2 members, 1 warned.\n\nHonoured: `frame`\n\nWarned: `snapshot()`\n"))
    }
}
