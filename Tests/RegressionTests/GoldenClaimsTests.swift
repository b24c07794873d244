import Foundation
import Regression
import SpringframesTesting
import Testing

/// Cases of a parameterized test run side by side: two may not check one golden.
@MainActor @Test func aSecondParameterizedCaseOnTheSameGoldenThrows() throws {
    let golden = FileManager.default.temporaryDirectory.appendingPathComponent("springframes-claims-\(UUID().uuidString)/test.drag")
    // Outside parameterized tests a golden may be checked any number of times (twice in one test, say).
    try GoldenClaims.claim(golden, parameterized: false)
    try GoldenClaims.claim(golden, parameterized: false)
    try GoldenClaims.claim(golden, parameterized: true)
    let error = #expect(throws: GoldenError.self) { try GoldenClaims.claim(golden, parameterized: true) }
    #expect(error?.message.contains("give each case a name of its own") == true)
    // Another name is another golden.
    try GoldenClaims.claim(golden.deletingLastPathComponent().appendingPathComponent("test.drag-0.5"), parameterized: true)
}
