import Foundation

/// `manifest.json`: what a folder of frames holds. Written last, so a folder with a manifest is
/// complete.
public struct FrameManifest: Codable, Equatable, Sendable {
    public struct Frame: Codable, Equatable, Sendable {
        /// Frame number: the file is frame_<index>.png and shows t = index / fps.
        public var index: Int
        public var file: String
        /// Seconds.
        public var time: Double
        /// SHA-256 of the file's bytes, lower-case hexadecimal.
        public var sha256: String
        /// `PixelDigest` of the decoded pixels, when the writer was given it (golden frames).
        public var pixels: String?
    }

    public var scene: String
    /// Canvas size in pixels.
    public var width: Int
    public var height: Int
    public var fps: Double
    /// Frames in the whole sequence (a range render writes some of them).
    public var frameCount: Int
    /// The frames this render wrote, in order.
    public var frames: [Frame]

    public static let fileName = "manifest.json"

    public static func read(from directory: URL) throws -> FrameManifest {
        let url = directory.appendingPathComponent(fileName)
        return try JSONDecoder().decode(FrameManifest.self, from: Data(contentsOf: url))
    }
}

/// Writes `frame_00000.png`, `frame_00001.png`, … and then `manifest.json` into a directory.
///
/// Every file is written under a temporary name and renamed into place. Opening the writer
/// removes an existing manifest first, so while frames are being replaced the folder never
/// claims to be complete; `finish` removes `frame_*.png` files numbered at or beyond the new
/// frame count (left by a longer earlier render), touches no other file, and writes the manifest.
public final class FrameSequenceWriter {
    public let directory: URL
    public let scene: String
    public let width: Int, height: Int
    public let fps: Double
    public let frameCount: Int
    /// Digits in frame numbers: five, more when the sequence needs them.
    public let digits: Int
    private var written: [FrameManifest.Frame] = []

    public init(directory: URL, scene: String, width: Int, height: Int, fps: Double, frameCount: Int) throws {
        self.directory = directory
        self.scene = scene
        self.width = width
        self.height = height
        self.fps = fps
        self.frameCount = frameCount
        digits = Self.digits(frameCount: frameCount)
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw FileWriteError(path: directory.path, reason: "cannot create the directory (\(error.localizedDescription))")
        }
        let manifest = directory.appendingPathComponent(FrameManifest.fileName)
        if FileManager.default.fileExists(atPath: manifest.path) {
            do {
                try FileManager.default.removeItem(at: manifest)
            } catch {
                throw FileWriteError(path: manifest.path, reason: "cannot remove the previous manifest (\(error.localizedDescription))")
            }
        }
    }

    /// `frame_00042.png` for index 42.
    public func fileName(forFrame index: Int) -> String {
        Self.fileName(forFrame: index, frameCount: frameCount)
    }

    /// `frame_00042.png` for index 42 of a sequence of `frameCount` frames; `suffix` goes before
    /// the extension (`frame_00042-diff.png`).
    public static func fileName(forFrame index: Int, frameCount: Int, suffix: String = "") -> String {
        let digits = Self.digits(frameCount: frameCount)
        let number = String(index)
        return "frame_" + String(repeating: "0", count: max(0, digits - number.count)) + number + suffix + ".png"
    }

    /// Writes frame `index`'s PNG bytes. Frames may come in any order; each is recorded once.
    /// `pixels`, the `PixelDigest` of the frame, goes into the manifest when given.
    public func write(frame index: Int, png: [UInt8], pixels: String? = nil) throws {
        precondition(index >= 0 && index < frameCount, "frame \(index) is outside 0..<\(frameCount)")
        let name = fileName(forFrame: index)
        try AtomicFile.write(png, to: directory.appendingPathComponent(name))
        written.append(FrameManifest.Frame(index: index, file: name, time: Double(index) / fps, sha256: SHA256.hex(of: png), pixels: pixels))
    }

    /// Lists a frame already in the directory in the manifest without rewriting it (a golden frame
    /// that is still right).
    public func keep(_ frame: FrameManifest.Frame) {
        precondition(frame.index >= 0 && frame.index < frameCount, "frame \(frame.index) is outside 0..<\(frameCount)")
        written.append(frame)
    }

    /// Removes stale frames and writes the manifest; returns it. Stale frames are those numbered at
    /// or beyond the frame count or, with `removingUnlisted`, every frame file not written or kept.
    @discardableResult
    public func finish(removingUnlisted: Bool = false) throws -> FrameManifest {
        try removeStaleFrames(keeping: removingUnlisted ? Set(written.map(\.index)) : nil)
        let manifest = FrameManifest(scene: scene, width: width, height: height, fps: fps, frameCount: frameCount,
                                     frames: written.sorted { $0.index < $1.index })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data = try encoder.encode(manifest)
        try AtomicFile.write([UInt8](data) + [0x0A], to: directory.appendingPathComponent(FrameManifest.fileName))
        return manifest
    }

    private func removeStaleFrames(keeping listed: Set<Int>?) throws {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names.sorted() {
            guard let index = Self.frameIndex(ofFileNamed: name), index >= frameCount || listed?.contains(index) == false else { continue }
            do {
                try FileManager.default.removeItem(at: directory.appendingPathComponent(name))
            } catch {
                throw FileWriteError(path: directory.appendingPathComponent(name).path,
                                     reason: "cannot remove this stale frame (\(error.localizedDescription))")
            }
        }
    }

    /// Digits in the frame numbers of a sequence: five, more when it needs them.
    public static func digits(frameCount: Int) -> Int {
        max(5, String(max(0, frameCount - 1)).count)
    }

    /// The number in `frame_<digits>.png`, or nil for any other name.
    static func frameIndex(ofFileNamed name: String) -> Int? {
        guard name.hasPrefix("frame_"), name.hasSuffix(".png") else { return nil }
        let number = name.dropFirst("frame_".count).dropLast(".png".count)
        guard number.count >= 5, number.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(number)
    }
}
