import Foundation

/// A fresh empty directory under the system's temporary directory, named after the test (its
/// letters and digits) inside one folder per test process.
public func temporaryDirectory(_ name: String = #function) throws -> URL {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("springframes-tests-\(getpid())")
        .appendingPathComponent(name.filter { $0.isLetter || $0.isNumber })
    try? FileManager.default.removeItem(at: url)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
