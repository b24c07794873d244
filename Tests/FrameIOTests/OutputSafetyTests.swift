import Foundation
import Testing
@testable import FrameIO
import TestSupport

/// Nothing a user gave is destroyed, and a folder is written by one render at a time.
@Suite struct OutputSafetyTests {
    private func files(_ directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }

    private func writer(_ directory: URL, count: Int) throws -> FrameSequenceWriter {
        try FrameSequenceWriter(directory: directory, scene: "sample", width: 33, height: 21, fps: 30, frameCount: count)
    }

    private func render(count: Int, into directory: URL) throws {
        let writer = try writer(directory, count: count)
        for i in 0..<count { try writer.write(frame: i, png: PNGCodec.encode(samplePicture(seed: i))) }
        try writer.finish()
    }

    @Test func aSecondWriterOnTheSameFolderIsRefusedWhileTheFirstIsOpen() throws {
        let directory = try temporaryDirectory()
        var first: FrameSequenceWriter? = try writer(directory, count: 2)
        let error = #expect(throws: FileWriteError.self) { try writer(directory, count: 2) }
        #expect(error?.reason.contains("another springframes run is writing into this folder") == true)
        try first?.write(frame: 0, png: PNGCodec.encode(samplePicture(seed: 0)))
        try first?.finish()
        first = nil                                        // released: the folder is free again
        #expect(try files(directory) == ["frame_00000.png", "manifest.json"], "no lock file is left behind")
        _ = try writer(directory, count: 2)
    }

    @Test func aManifestSpringframesDidNotWriteIsNeverReplaced() throws {
        let directory = try temporaryDirectory()
        let theirs = Data(#"{"name": "my app", "version": 3}"#.utf8)
        try theirs.write(to: directory.appendingPathComponent("manifest.json"))
        let error = #expect(throws: FileWriteError.self) { try writer(directory, count: 1) }
        #expect(error?.reason.contains("not written by springframes") == true)
        #expect(try Data(contentsOf: directory.appendingPathComponent("manifest.json")) == theirs)
    }

    @Test func cleanUpRemovesFramesOfAnotherDigitWidthAndItsOwnLeftoversOnly() throws {
        let directory = try temporaryDirectory()
        for name in ["frame_000000.png", "frame_000001.png", ".frame_00001.png.4242.partial", ".manifest.json.77.partial",
                     ".notes.txt.12.partial", "frame_0007.png", "notes.txt"] {
            try Data("x".utf8).write(to: directory.appendingPathComponent(name))
        }
        try render(count: 2, into: directory)
        #expect(try files(directory) == [".notes.txt.12.partial", "frame_00000.png", "frame_00001.png", "frame_0007.png",
                                         "manifest.json", "notes.txt"])
    }

    /// A folder, a link or a pipe named like a stale frame is not a frame: it stays, with what it holds.
    @Test func onlyRegularFilesNamedLikeFramesAreRemoved() throws {
        let directory = try temporaryDirectory()
        let folder = directory.appendingPathComponent("frame_00400.png")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        try Data("mine".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        let elsewhere = folder.appendingPathComponent("kept.png")
        try Data("theirs".utf8).write(to: elsewhere)
        try FileManager.default.createSymbolicLink(at: directory.appendingPathComponent("frame_00401.png"), withDestinationURL: elsewhere)
        #expect(mkfifo(directory.appendingPathComponent("frame_00402.png").path, 0o644) == 0)
        try Data("old frame".utf8).write(to: directory.appendingPathComponent("frame_00403.png"))
        try render(count: 2, into: directory)
        #expect(try files(directory) == ["frame_00000.png", "frame_00001.png", "frame_00400.png", "frame_00401.png",
                                         "frame_00402.png", "manifest.json"], "only the stale regular frame went")
        #expect(try String(contentsOf: folder.appendingPathComponent("notes.txt"), encoding: .utf8) == "mine")
        #expect(try String(contentsOf: elsewhere, encoding: .utf8) == "theirs")
    }

    /// What a sequence's folder owns, for outputs written beside it (a video must not be one).
    @Test func aFolderOwnsItsFramesManifestAndTemporaryFilesOnly() {
        let folder = URL(fileURLWithPath: "/tmp/sequence")
        for name in ["frame_00002.png", "manifest.json", ".frame_00002.png.42.partial", "../sequence/./frame_123456.png"] {
            #expect(FrameSequenceWriter.ownsFile(folder.appendingPathComponent(name), in: folder), "\(name)")
        }
        for name in ["movie.apng", "frame_2.png", "sheet.png", "../frame_00002.png", "sub/frame_00002.png"] {
            #expect(!FrameSequenceWriter.ownsFile(folder.appendingPathComponent(name), in: folder), "\(name)")
        }
    }

    @Test func temporaryNamesAreRecognisedExactly() {
        #expect(FrameSequenceWriter.isTemporaryFileName(".frame_00012.png.991.partial"))
        #expect(FrameSequenceWriter.isTemporaryFileName(".manifest.json.1.partial"))
        #expect(!FrameSequenceWriter.isTemporaryFileName(".frame_00012.png.partial"))
        #expect(!FrameSequenceWriter.isTemporaryFileName(".frame_12.png.991.partial"))
        #expect(!FrameSequenceWriter.isTemporaryFileName(".trace.csv.991.partial"))
    }

    @Test func aGoldenWriterKeepsTheManifestAndEveryFrameItDoesNotReplace() throws {
        let directory = try temporaryDirectory()
        try render(count: 3, into: directory)
        let golden = try FrameSequenceWriter(directory: directory, scene: "sample", width: 33, height: 21, fps: 30, frameCount: 3,
                                             scale: 2, keepsManifest: true)
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("manifest.json").path))
        try golden.write(frame: 1, png: PNGCodec.encode(samplePicture(seed: 9)))
        let manifest = try golden.finish(removing: .none)
        #expect(manifest.scale == 2 && manifest.frames.map(\.index) == [1])
        let replaced = try Data(contentsOf: directory.appendingPathComponent("frame_00001.png"))
        #expect(SHA256.hex(of: [UInt8](replaced)) == manifest.frames[0].sha256)
        #expect(try files(directory) == ["frame_00000.png", "frame_00001.png", "frame_00002.png", "manifest.json"])
    }

    /// A golden recorded in part that stops before `finish` (killed, a full disk, an error) leaves
    /// the golden exactly as it was: the old manifest still matches every frame beside it. Frames
    /// were once replaced as they came, under the old manifest (19 of 331 no longer matched).
    @Test func aGoldenWriterThatStopsHalfWayLeavesTheGoldenAsItWas() throws {
        let directory = try temporaryDirectory()
        try render(count: 3, into: directory)
        let before = try files(directory).map { try Data(contentsOf: directory.appendingPathComponent($0)) }
        do {
            let golden = try FrameSequenceWriter(directory: directory, scene: "sample", width: 33, height: 21, fps: 30,
                                                 frameCount: 3, keepsManifest: true)
            try golden.write(frame: 1, png: PNGCodec.encode(samplePicture(seed: 9)))
            // Held back: the folder still holds the old frame, which its manifest lists.
            #expect(try Data(contentsOf: directory.appendingPathComponent("frame_00001.png")) == before[1])
            #expect(try files(directory).contains { $0.hasSuffix(".partial") })
        }
        #expect(try files(directory) == ["frame_00000.png", "frame_00001.png", "frame_00002.png", "manifest.json"])
        #expect(try files(directory).map { try Data(contentsOf: directory.appendingPathComponent($0)) } == before)
        let manifest = try FrameManifest.read(from: directory)
        for frame in manifest.frames {
            let bytes = try Data(contentsOf: directory.appendingPathComponent(frame.file))
            #expect(SHA256.hex(of: [UInt8](bytes)) == frame.sha256, "\(frame.file)")
        }
    }

    @Test func aSymbolicLinkIsWrittenThroughAndKept() throws {
        let directory = try temporaryDirectory()
        let target = directory.appendingPathComponent("real.csv"), link = directory.appendingPathComponent("link.csv")
        try Data("old".utf8).write(to: target)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        try AtomicFile.write(Array("new".utf8), to: link)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == target.path)
        #expect(try String(contentsOf: target, encoding: .utf8) == "new")
    }

    @Test func aFIFOIsWrittenIntoNotReplacedAndADirectoryIsRefused() throws {
        let directory = try temporaryDirectory()
        let fifo = directory.appendingPathComponent("pipe")
        #expect(mkfifo(fifo.path, 0o644) == 0)
        signal(SIGPIPE, SIG_IGN)                                   // as the command-line tool does
        let received = Received()
        let reader = Thread {                                      // opens the read end so the write can proceed
            let handle = FileHandle(forReadingAtPath: fifo.path)
            received.set(handle?.readDataToEndOfFile() ?? Data())
        }
        reader.start()
        try AtomicFile.write(Array("through the pipe".utf8), to: fifo)
        while received.get() == nil { usleep(1000) }
        #expect(received.get() == Data("through the pipe".utf8))
        var status = stat()
        #expect(lstat(fifo.path, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO, "still a FIFO")
        let error = #expect(throws: FileWriteError.self) { try AtomicFile.write([1], to: directory) }
        #expect(error?.reason.contains("directory") == true)
    }

    @Test func aFullDeviceIsAnErrorAndIsNotReplaced() throws {
        guard FileManager.default.fileExists(atPath: "/dev/full") else { return }
        let error = #expect(throws: FileWriteError.self) { try AtomicFile.write([1, 2, 3], to: URL(fileURLWithPath: "/dev/full")) }
        #expect(error?.reason == String(cString: strerror(ENOSPC)))
        var status = stat()
        #expect(lstat("/dev/full", &status) == 0 && status.st_mode & S_IFMT == S_IFCHR)
    }
}

/// `@unchecked`: `data` is touched only with `lock` held.
private final class Received: @unchecked Sendable {
    private let lock = NSLock()
    private var data: Data?
    func set(_ value: Data) { lock.lock(); data = value; lock.unlock() }
    func get() -> Data? { lock.lock(); defer { lock.unlock() }; return data }
}

@Suite struct PNGSizeLimitTests {
    @Test func aHeaderClaimingAHugeImageIsAnErrorBeforeAnyAllocation() {
        let png = forgedPNGHeader(width: 1_000_000, height: 1_000_000)
        let error = #expect(throws: PNGSizeError.self) { try PNGCodec.decode(png) }
        #expect(error?.width == 1_000_000 && error?.expected == nil)
        #expect(error?.description.contains("more than the largest canvas") == true)
    }

    @Test func anImageOfAnotherSizeThanExpectedIsToldFromItsHeader() throws {
        let png = forgedPNGHeader(width: 20_000, height: 20_000)
        let error = #expect(throws: PNGSizeError.self) { try PNGCodec.decode(png, expecting: (33, 21)) }
        #expect(error?.expected?.width == 33 && error?.expected?.height == 21)
        let real = try PNGCodec.encode(samplePicture(seed: 1))
        let canvas = try PNGCodec.decode(real, expecting: (samplePicture(seed: 1).width, samplePicture(seed: 1).height))
        #expect(canvas.width == samplePicture(seed: 1).width)
    }
}
