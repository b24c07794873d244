import Foundation
import Raster

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
    /// Pixels per point the frames were drawn at (absent in manifests written before it was kept).
    public var scale: Double?
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

    /// Whether `name` is a frame file name as the writer makes them: `frame_`, five or more
    /// digits, `.png`, and nothing that could leave the folder.
    public static func isFrameFileName(_ name: String) -> Bool {
        FrameSequenceWriter.frameIndex(ofFileNamed: name) != nil
    }
}

/// Which files `FrameSequenceWriter.finish` removes besides its own temporary files.
public enum StaleFrames: Sendable {
    /// None: a partial recording into a golden keeps every frame it did not replace.
    case none
    /// Frames numbered at or beyond the frame count, and frame files of another digit width
    /// (left by a longer earlier render).
    case beyondCount
    /// Every frame file not written or kept by this writer (a golden recorded again whole).
    case unlisted
}

/// Writes `frame_00000.png`, `frame_00001.png`, … and then `manifest.json` into a directory.
///
/// A manifest is true of the files beside it at every moment. Every file is written under a
/// temporary name and renamed into place. One writer owns a folder at a time: opening takes an
/// advisory lock on the folder (`flock`), and a second writer, in this process or another, is
/// refused with an error. Opening also refuses a `manifest.json` that Springframes did not write,
/// and removes the previous manifest, so while frames are being replaced the folder never claims
/// to be complete. A writer that keeps the manifest (a golden recorded in part) instead holds the
/// frames it writes under their temporary names until `finish`, which removes the old manifest,
/// moves them all into place and writes the new one: stopped or failing before then, it leaves
/// the folder exactly as it was (its temporary files are removed, by the interruption handler or
/// by the next writer), and during those renames there is no manifest. `finish` removes the
/// stale frames it is told to, its own leftover `.frame_*.png.<pid>.partial` files, and nothing
/// else (only regular files: a folder or link named like a frame stays), then writes the manifest.
public final class FrameSequenceWriter {
    public let directory: URL
    public let scene: String
    public let width: Int, height: Int
    public let fps: Double
    public let frameCount: Int
    public let scale: Double?
    /// Digits in frame numbers: five, more when the sequence needs them.
    public let digits: Int
    private var written: [FrameManifest.Frame] = []
    private let lock: FolderLock
    private let keepsManifest: Bool
    /// Frames written while the previous manifest is kept, moved into place by `finish`.
    private var staged: [AtomicFile.Staged] = []

    /// Starts a sequence in `directory` (made if missing), taking the folder's lock.
    ///
    /// - Parameters:
    ///   - directory: The folder the frames and the manifest are written to.
    ///   - scene: The name the manifest records.
    ///   - width: Pixels across every frame.
    ///   - height: Pixels down every frame.
    ///   - fps: Frames per second: frame i is at i / fps seconds.
    ///   - frameCount: Frames in the whole sequence (which sets the digits of frame numbers).
    ///   - scale: Pixels per point, recorded in the manifest when given.
    ///   - keepsManifest: Leave the previous manifest and the frames it lists in place until
    ///     `finish` (a golden recorded in part stays whole and usable if the recording stops
    ///     half-way).
    public init(directory: URL, scene: String, width: Int, height: Int, fps: Double, frameCount: Int,
                scale: Double? = nil, keepsManifest: Bool = false) throws {
        self.directory = directory
        self.scene = scene
        self.width = width
        self.height = height
        self.fps = fps
        self.frameCount = frameCount
        self.scale = scale
        digits = Self.digits(frameCount: frameCount)
        self.keepsManifest = keepsManifest
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw FileWriteError(path: directory.path, reason: "cannot create the directory (\(error.localizedDescription))")
        }
        lock = try FolderLock(directory: directory)
        let manifest = directory.appendingPathComponent(FrameManifest.fileName)
        if FileManager.default.fileExists(atPath: manifest.path) {
            do {
                _ = try FrameManifest.read(from: directory)
            } catch {
                throw FileWriteError(path: manifest.path, reason: "this file was not written by springframes (it is not a frame "
                                     + "manifest), so it is left alone; write the frames into another folder, or move the file away")
            }
            if !keepsManifest { try removeManifest() }
        }
    }

    private func removeManifest() throws {
        let manifest = directory.appendingPathComponent(FrameManifest.fileName)
        guard FileManager.default.fileExists(atPath: manifest.path) else { return }
        do {
            try FileManager.default.removeItem(at: manifest)
        } catch {
            throw FileWriteError(path: manifest.path, reason: "cannot remove the previous manifest (\(error.localizedDescription))")
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
        if keepsManifest {
            let file = try AtomicFile.Writer(directory.appendingPathComponent(name))
            try file.append(png)
            staged.append(try file.stage())
        } else {
            try AtomicFile.write(png, to: directory.appendingPathComponent(name))
        }
        written.append(FrameManifest.Frame(index: index, file: name, time: Double(index) / fps, sha256: SHA256.hex(of: png), pixels: pixels))
    }

    /// Lists a frame already in the directory in the manifest without rewriting it (a golden frame
    /// that is still right).
    public func keep(_ frame: FrameManifest.Frame) {
        precondition(frame.index >= 0 && frame.index < frameCount, "frame \(frame.index) is outside 0..<\(frameCount)")
        written.append(frame)
    }

    /// Moves the frames held back into place (after removing the kept manifest, which no longer
    /// describes them), removes stale frames (see `StaleFrames`) and leftover temporary files,
    /// writes the manifest and returns it.
    @discardableResult
    public func finish(removing stale: StaleFrames = .beyondCount) throws -> FrameManifest {
        if !staged.isEmpty {
            try removeManifest()
            for file in staged { try file.commit() }
            staged = []
        }
        try removeStaleFiles(stale)
        let manifest = FrameManifest(scene: scene, width: width, height: height, scale: scale, fps: fps, frameCount: frameCount,
                                     frames: written.sorted { $0.index < $1.index })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data = try encoder.encode(manifest)
        try AtomicFile.write([UInt8](data) + [0x0A], to: directory.appendingPathComponent(FrameManifest.fileName))
        return manifest
    }

    private func removeStaleFiles(_ stale: StaleFrames) throws {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        let listed = Set(written.map(\.index))
        for name in names.sorted() {
            let removes: Bool
            if let index = Self.frameIndex(ofFileNamed: name) {
                switch stale {
                case .none: removes = false
                case .beyondCount: removes = index >= frameCount || name != fileName(forFrame: index)
                case .unlisted: removes = !listed.contains(index) || name != fileName(forFrame: index)
                }
            } else {
                // `.frame_00042.png.<pid>.partial`, `.manifest.json.<pid>.partial`: only this
                // folder's owner writes them, and it holds the lock.
                removes = Self.isTemporaryFileName(name)
            }
            // Only regular files: a folder, link or pipe that happens to be named like a frame is
            // not ours, whatever its name (removeItem would delete a folder with its contents).
            guard removes, isRegularFile(atPath: directory.appendingPathComponent(name).path, followingLinks: false) else { continue }
            do {
                try FileManager.default.removeItem(at: directory.appendingPathComponent(name))
            } catch {
                throw FileWriteError(path: directory.appendingPathComponent(name).path,
                                     reason: "cannot remove this stale file (\(error.localizedDescription))")
            }
        }
    }

    /// `.frame_<digits>.png.<pid>.partial` or `.manifest.json.<pid>.partial`.
    static func isTemporaryFileName(_ name: String) -> Bool {
        guard name.hasPrefix("."), name.hasSuffix(".partial") else { return false }
        let parts = name.dropFirst().dropLast(".partial".count).split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let pid = parts.last, !pid.isEmpty, pid.allSatisfy({ $0.isASCII && $0.isNumber }) else { return false }
        let target = parts[0] + "." + parts[1]
        return target == FrameManifest.fileName || frameIndex(ofFileNamed: String(target)) != nil
    }

    /// Whether `file` is, or would be, one of the files a sequence in `directory` owns: a frame,
    /// the manifest or a temporary file of either. Anything written beside the frames (a video,
    /// a sheet) must not be one of them, or it would replace a frame and break the manifest's
    /// promise. Links and ".." are resolved first.
    public static func ownsFile(_ file: URL, in directory: URL) -> Bool {
        let resolved = file.standardizedFileURL.resolvingSymlinksInPath()
        let folder = directory.standardizedFileURL.resolvingSymlinksInPath()
        guard resolved.deletingLastPathComponent().path == folder.path else { return false }
        let name = resolved.lastPathComponent
        return name == FrameManifest.fileName || frameIndex(ofFileNamed: name) != nil || isTemporaryFileName(name)
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

/// An advisory lock on a folder (`flock` on the folder itself, so no file is left behind), held
/// while the value lives: two writers never interleave their frames and manifests in one folder.
final class FolderLock {
    private let descriptor: Int32

    /// The descriptor is stored only once the lock is held. A class initializer that throws after
    /// its stored properties are set still runs `deinit`, which closed the descriptor a second
    /// time: by then its number could belong to a file another thread had just opened (seen as
    /// "Bad file descriptor", or a lost lock, in concurrent tests).
    init(directory: URL) throws {
        let opened = open(directory.path, O_RDONLY | O_CLOEXEC)
        guard opened >= 0 else {
            throw FileWriteError(path: directory.path, reason: "cannot open the folder to lock it (\(String(cString: strerror(errno))))")
        }
        guard flock(opened, LOCK_EX | LOCK_NB) == 0 else {
            let busy = errno == EWOULDBLOCK
            let reason = String(cString: strerror(errno))
            close(opened)
            throw FileWriteError(path: directory.path, reason: busy
                ? "another springframes run is writing into this folder; wait for it to finish, or write into another folder"
                : "cannot lock the folder (\(reason))")
        }
        descriptor = opened
    }

    deinit {
        close(descriptor)
    }
}
