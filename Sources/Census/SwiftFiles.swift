import Foundation

/// The `.swift` files of a folder, in path order.
public enum SwiftFiles {
    public struct File: Sendable {
        public var path: String
        public var text: String
    }

    /// Folders never read: dependencies vendored by CocoaPods, Carthage or SwiftPM.
    static let vendoredFolders: Set<String> = ["Pods", "Carthage", ".build", "checkouts", "DerivedData", "SourcePackages"]

    /// Reads every `.swift` file under `directory`, skipping vendored dependencies and, with
    /// `skippingTests`, folders whose name ends in `Tests` (unit and UI tests use XCTest, not UIKit).
    public static func read(under directory: URL, skippingTests: Bool) throws -> [File] {
        let directory = directory.resolvingSymlinksInPath()
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CensusError("\(directory.path): no such folder")
        }
        guard let enumerator = manager.enumerator(at: directory, includingPropertiesForKeys: [.isDirectoryKey]) else {
            throw CensusError("\(directory.path): cannot be listed")
        }
        var files: [File] = []
        for case let url as URL in enumerator {
            let name = url.lastPathComponent
            if (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true {
                if vendoredFolders.contains(name) || (skippingTests && name.hasSuffix("Tests")) { enumerator.skipDescendants() }
                continue
            }
            guard name.hasSuffix(".swift"), name != "Package.swift" else { continue }
            let data = try Data(contentsOf: url)
            files.append(File(path: url.path, text: String(decoding: data, as: UTF8.self)))
        }
        return files.sorted { $0.path < $1.path }
    }
}

public struct CensusError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
