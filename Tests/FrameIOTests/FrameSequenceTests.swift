import Foundation
import TestSupport
import Testing
@testable import FrameIO
import Raster

@Suite struct FrameSequenceTests {
    private func files(_ directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }

    private func render(count: Int, into directory: URL) throws -> FrameManifest {
        let writer = try FrameSequenceWriter(directory: directory, scene: "sample", width: 33, height: 21, fps: 30, frameCount: count)
        for i in 0..<count {
            try writer.write(frame: i, png: PNGCodec.encode(samplePicture(seed: i)))
        }
        return try writer.finish()
    }

    @Test func writesNumberedFramesThenAManifestWithTheirHashes() throws {
        let directory = try temporaryDirectory()
        let manifest = try render(count: 3, into: directory)
        #expect(try files(directory) == ["frame_00000.png", "frame_00001.png", "frame_00002.png", "manifest.json"])
        let times: [Double] = [0, 1.0 / 30, 2.0 / 30]
        #expect(manifest.frames.map(\.time) == times)
        for frame in manifest.frames {
            let bytes = try Data(contentsOf: directory.appendingPathComponent(frame.file))
            #expect(frame.sha256 == SHA256.hex(of: [UInt8](bytes)))
        }
        let read = try FrameManifest.read(from: directory)
        #expect(read == manifest)
        #expect(read.scene == "sample" && read.width == 33 && read.height == 21 && read.fps == 30 && read.frameCount == 3)
    }

    @Test func shorterRenderRemovesStaleFramesAndNothingElse() throws {
        let directory = try temporaryDirectory()
        _ = try render(count: 5, into: directory)
        try Data("keep me".utf8).write(to: directory.appendingPathComponent("notes.txt"))
        try Data().write(to: directory.appendingPathComponent("frame_0007.png"))     // four digits: not ours
        _ = try render(count: 2, into: directory)
        #expect(try files(directory) == ["frame_00000.png", "frame_00001.png", "frame_0007.png", "manifest.json", "notes.txt"])
    }

    @Test func openingAWriterRemovesTheOldManifestBeforeAnyFrameChanges() throws {
        let directory = try temporaryDirectory()
        _ = try render(count: 2, into: directory)
        let writer = try FrameSequenceWriter(directory: directory, scene: "sample", width: 33, height: 21, fps: 30, frameCount: 2)
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("manifest.json").path))
        try writer.write(frame: 0, png: PNGCodec.encode(samplePicture(seed: 9)))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("manifest.json").path))
        try writer.finish()
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("manifest.json").path))
    }

    @Test func noTemporaryFilesAreLeftBehind() throws {
        let directory = try temporaryDirectory()
        _ = try render(count: 3, into: directory)
        #expect(try files(directory).allSatisfy { !$0.hasPrefix(".") })
    }

    @Test func frameNumbersGrowPastFiveDigitsWhenNeeded() throws {
        let writer = try FrameSequenceWriter(directory: temporaryDirectory(), scene: "long", width: 1, height: 1, fps: 60, frameCount: 123_456)
        #expect(writer.fileName(forFrame: 7) == "frame_000007.png")
        let short = try FrameSequenceWriter(directory: temporaryDirectory("short"), scene: "s", width: 1, height: 1, fps: 60, frameCount: 100_000)
        #expect(short.fileName(forFrame: 99_999) == "frame_99999.png")
    }

    @Test func unwritableDirectoryIsAnErrorNamingIt() throws {
        let directory = try temporaryDirectory()
        let blocker = directory.appendingPathComponent("file")
        try Data().write(to: blocker)
        let error = #expect(throws: FileWriteError.self) {
            try FrameSequenceWriter(directory: blocker.appendingPathComponent("frames"), scene: "x", width: 1, height: 1, fps: 1, frameCount: 1)
        }
        #expect(error?.path == blocker.appendingPathComponent("frames").path)
    }
}
