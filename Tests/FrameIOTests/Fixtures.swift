import Foundation
import Raster

/// External programs some tests run. CI installs them and sets SPRINGFRAMES_REQUIRE_TOOLS=1, so
/// there a missing tool fails the test instead of skipping it.
enum Tools {
    static var required: Bool { ProcessInfo.processInfo.environment["SPRINGFRAMES_REQUIRE_TOOLS"] == "1" }

    static func path(_ name: String) -> String? {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        return directories.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Whether a test needing `name` should run: when the tool is there, or when it must be.
    static func shouldRun(_ name: String) -> Bool { path(name) != nil || required }

    /// Runs a program and returns its exit status and combined output.
    static func run(_ name: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        guard let path = path(name) else { throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: name]) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }
}

/// A fresh empty directory under the system's temporary directory.
func temporaryDirectory(_ name: String = #function) throws -> URL {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("springframes-tests-\(getpid())")
        .appendingPathComponent(name.filter { $0.isLetter || $0.isNumber })
    try? FileManager.default.removeItem(at: url)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// A small picture with opaque and translucent shapes, different for each `seed`.
func samplePicture(width: Int = 33, height: Int = 21, seed: Int = 0, opaque: Bool = false) -> Canvas {
    let canvas = Canvas(pixelWidth: width, pixelHeight: height, background: opaque ? .white : .clear)
    let offset = Double(seed % 7)
    canvas.fill(Path(roundedRect: CGRect(x: 2 + offset, y: 3, width: 20, height: 12), cornerRadius: 4), with: .solid(Color(rgb: 0xC03050)))
    canvas.fill(Path(ellipseIn: CGRect(x: 12, y: 1 + offset / 2, width: 18, height: 18)), with: .solid(Color(rgb: 0x2080F0, alpha: 150)))
    return canvas
}
