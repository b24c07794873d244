import Foundation
import Testing
@testable import FrameIO
import Raster
import TestSupport

@Suite struct VideoAssemblerTests {
    /// Eight frames of an odd-sized canvas (H.264 needs even sizes), written as a sequence.
    private func frames(in directory: URL) throws {
        let writer = try FrameSequenceWriter(directory: directory, scene: "video", width: 45, height: 31, fps: 24, frameCount: 8)
        for i in 0..<8 {
            let canvas = Canvas(pixelWidth: 45, pixelHeight: 31, background: .white)
            canvas.fill(Path(roundedRect: CGRect(x: 2 + Double(i) * 3, y: 8, width: 14, height: 14), cornerRadius: 3), with: .solid(.red))
            try writer.write(frame: i, png: PNGCodec.encode(canvas))
        }
        try writer.finish()
    }

    /// One check before any frame is drawn, for every caller: the format, a path that is no file of
    /// the frames folder, a folder that exists, then ffmpeg.
    @Test func prepareChecksTheVideoBeforeAnyFrame() throws {
        let directory = try temporaryDirectory()
        let frames = directory.appendingPathComponent("frames")
        let ffmpeg = ["SPRINGFRAMES_FFMPEG": "/bin/true"]
        let inside = frames.appendingPathComponent("sub/../frame_00003.png")
        #expect(throws: VideoError.insideFramesFolder(video: inside.path, folder: frames.path)) {
            try VideoAssembler.prepare(video: inside, framesIn: frames, environment: ffmpeg)
        }
        #expect(VideoError.insideFramesFolder(video: "f/frame_00003.png", folder: "f").description
                == "the video f/frame_00003.png is a file of the frames folder f (a frame or the manifest); "
                + "write the video outside it, or under another name")
        #expect(throws: VideoError.unsupportedFormat(path: directory.appendingPathComponent("clip.mov").path)) {
            try VideoAssembler.prepare(video: directory.appendingPathComponent("clip.mov"), framesIn: frames, environment: ffmpeg)
        }
        // A missing folder is made (with the folders above it); one under a file cannot be.
        let missingFolder = directory.appendingPathComponent("nowhere/deeper/clip.mp4")
        _ = try VideoAssembler.prepare(video: missingFolder, framesIn: frames, environment: ffmpeg)
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("nowhere/deeper").path))
        try Data().write(to: directory.appendingPathComponent("plain"))
        let underAFile = directory.appendingPathComponent("plain/clip.mp4")
        let error = #expect(throws: FileWriteError.self) { try VideoAssembler.prepare(video: underAFile, framesIn: frames, environment: ffmpeg) }
        #expect(error?.description.contains("cannot be made") == true, "\(String(describing: error))")
        #expect(throws: VideoError.ffmpegNotFound(searched: "PATH=")) {
            try VideoAssembler.prepare(video: directory.appendingPathComponent("clip.mp4"), framesIn: frames, environment: ["PATH": ""])
        }
        // A video named like a frame, beside another folder's frames, is fine.
        let beside = try VideoAssembler.prepare(video: directory.appendingPathComponent("frame_00003.png"), framesIn: frames, environment: ffmpeg)
        #expect(beside.ffmpeg.path == "/bin/true")
    }

    private func probe(_ url: URL) throws -> [String: String] {
        let (status, output) = try Tools.run("ffprobe", [
            "-v", "error", "-select_streams", "v:0", "-count_frames",
            "-show_entries", "stream=codec_name,pix_fmt,width,height,color_space,color_primaries,color_transfer,r_frame_rate,nb_read_frames",
            "-of", "default=noprint_wrappers=1", url.path,
        ])
        #expect(status == 0, "ffprobe: \(output)")
        return Dictionary(output.split(separator: "\n").compactMap { line -> (String, String)? in
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            return parts.count == 2 ? (parts[0], parts[1]) : nil
        }, uniquingKeysWith: { first, _ in first })
    }

    @Test(.enabled(if: Tools.shouldRun("ffmpeg")))
    func mp4IsH264Yuv420pWithEvenSizeAndBT709Tags() throws {
        let directory = try temporaryDirectory()
        try frames(in: directory)
        let output = directory.appendingPathComponent("clip.mp4")
        var reported: [Int] = []
        try VideoAssembler.locate().assemble(framesIn: directory, fps: 24, padColor: "#FFFFFF", to: output) { reported.append($0) }
        #expect(reported.last == 8, "ffmpeg's progress reaches every frame: \(reported)")
        #expect(reported == reported.sorted())
        let info = try probe(output)
        #expect(info["codec_name"] == "h264")
        #expect(info["pix_fmt"] == "yuv420p")
        #expect(info["width"] == "46" && info["height"] == "32")
        #expect(info["color_space"] == "bt709" && info["color_primaries"] == "bt709" && info["color_transfer"] == "bt709")
        #expect(info["nb_read_frames"] == "8")
        // +faststart: the moov atom comes before mdat.
        let bytes = [UInt8](try Data(contentsOf: output))
        let moov = bytes.firstRange(of: Array("moov".utf8))?.lowerBound ?? Int.max
        let mdat = bytes.firstRange(of: Array("mdat".utf8))?.lowerBound ?? -1
        #expect(moov < mdat)
    }

    /// A device's screen: transparent outside its rounded corners. MP4 and GIF show the corners
    /// in the background colour; APNG keeps them transparent.
    @Test(.enabled(if: Tools.shouldRun("ffmpeg")), arguments: ["clip.mp4", "clip.gif", "clip.apng"])
    func transparentCornersAreFlattenedOntoTheBackground(_ name: String) throws {
        let directory = try temporaryDirectory(name)
        let writer = try FrameSequenceWriter(directory: directory, scene: "corners", width: 40, height: 40, fps: 24, frameCount: 2)
        for i in 0..<2 {
            let canvas = Canvas(pixelWidth: 40, pixelHeight: 40, background: Color(rgb: 0x007AFF))
            canvas.mask(to: Path(roundedRect: CGRect(x: 0, y: 0, width: 40, height: 40), cornerRadius: 14))
            try writer.write(frame: i, png: PNGCodec.encode(canvas))
        }
        try writer.finish()
        let output = directory.appendingPathComponent(name)
        try VideoAssembler.locate().assemble(framesIn: directory, fps: 24, padColor: "#FF3B30", flattening: true, to: output)
        // The first frame's top-left pixel and centre pixel, as RGBA bytes.
        let raw = directory.appendingPathComponent("first.rgba")
        let (status, log) = try Tools.run("ffmpeg", ["-v", "error", "-y", "-i", output.path, "-frames:v", "1",
                                                     "-f", "rawvideo", "-pix_fmt", "rgba", raw.path])
        #expect(status == 0, "\(log)")
        let bytes = [UInt8](try Data(contentsOf: raw))
        try #require(bytes.count == 40 * 40 * 4)
        let corner = Array(bytes[0..<4]), centre = Array(bytes[(20 * 40 + 20) * 4..<(20 * 40 + 21) * 4])
        if name.hasSuffix("apng") {
            #expect(corner[3] == 0, "APNG keeps the corner transparent: \(corner)")
        } else {
            // Red background in the corner (H.264 and the GIF palette round a little), blue inside.
            #expect(corner[0] > 220 && corner[1] < 90 && corner[2] < 90 && corner[3] == 255, "\(corner)")
            #expect(centre[0] < 40 && centre[2] > 220, "\(centre)")
        }
    }

    @Test(.enabled(if: Tools.shouldRun("ffmpeg")), arguments: ["clip.gif", "clip.apng"])
    func gifAndApngHoldEveryFrame(_ name: String) throws {
        let directory = try temporaryDirectory(name)
        try frames(in: directory)
        let output = directory.appendingPathComponent(name)
        try VideoAssembler.locate().assemble(framesIn: directory, fps: 24, to: output)
        let info = try probe(output)
        #expect(info["codec_name"] == (name.hasSuffix("gif") ? "gif" : "apng"))
        #expect(info["width"] == "45" && info["height"] == "31")
        #expect(info["nb_read_frames"] == "8")
    }

    /// Flattening transparent corners keeps the frames' rate and every frame: its colour plane once
    /// ticked at ffmpeg's default 25 fps, and 8 frames at 30 fps came out as 6 at 25.
    @Test(.enabled(if: Tools.shouldRun("ffmpeg")), arguments: [30.0, 60.0, 24.0])
    func flatteningKeepsTheFrameRateAndEveryFrame(fps: Double) throws {
        let directory = try temporaryDirectory("flatten-\(Int(fps))")
        try frames(in: directory)
        let output = directory.appendingPathComponent("clip.mp4")
        try VideoAssembler.locate().assemble(framesIn: directory, fps: fps, padColor: "#000000", flattening: true, to: output)
        let info = try probe(output)
        #expect(info["r_frame_rate"] == "\(Int(fps))/1")
        #expect(info["nb_read_frames"] == "8")
        let arguments = VideoAssembler.arguments(format: .gif, directory: directory, digits: 5, startNumber: 0, fps: fps,
                                                 padColor: "#000000", flattening: true, output: "clip.gif")
        #expect(arguments.contains { $0.hasPrefix("color=c=0x000000:r=\(fps)[plane]") }, "\(arguments)")
    }

    /// 60 fps frames make a GIF at 33⅓ fps whose every delay is 3 cs (60 fps gave 2, 1, 2, 2, 1
    /// and players stretch 1 cs to 10 cs); 24 fps keeps its frames, delays of 4 and 5 cs.
    @Test(.enabled(if: Tools.shouldRun("ffmpeg")), arguments: [(60.0, 4, [3]), (24.0, 8, [4, 5])])
    func gifDelaysAreWholeHundredthsAPlayerKeeps(fps: Double, frames expected: Int, delays: [Int]) throws {
        let directory = try temporaryDirectory("gif-\(Int(fps))")
        try frames(in: directory)
        let output = directory.appendingPathComponent("clip.gif")
        try VideoAssembler.locate().assemble(framesIn: directory, fps: fps, to: output)
        let (status, text) = try Tools.run("ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries", "packet=duration",
                                                       "-of", "csv=p=0", output.path])
        #expect(status == 0, "ffprobe: \(text)")
        let durations = text.split(separator: "\n").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        #expect(durations.count == expected, "\(durations)")
        #expect(Set(durations).isSubset(of: Set(delays)), "\(durations)")
        #expect(VideoAssembler.outputRate(format: .gif, fps: fps) == min(fps, 100.0 / 3))
    }

    /// `VideoOptions` halve the size (Lanczos) and the frame rate (nearest frame): 8 frames at 24
    /// fps of 45×31 px become 4 frames at 12 fps of 23×16 px (an MP4 padded to 24×16).
    @Test(.enabled(if: Tools.shouldRun("ffmpeg")), arguments: ["clip.gif", "clip.apng", "clip.mp4"])
    func videoOptionsScaleAndResample(_ name: String) throws {
        let directory = try temporaryDirectory("options-" + name)
        try frames(in: directory)
        let output = directory.appendingPathComponent(name)
        try VideoAssembler.locate().assemble(framesIn: directory, fps: 24, options: VideoOptions(scale: 0.5, fps: 12), to: output)
        let info = try probe(output)
        #expect(info["width"] == (name.hasSuffix("mp4") ? "24" : "23") && info["height"] == "16", "\(info)")
        #expect(info["nb_read_frames"] == "4")
        #expect(VideoAssembler.outputRate(format: .mp4, fps: 24, options: VideoOptions(fps: 12)) == 12)
        #expect(VideoAssembler.outputRate(format: .gif, fps: 60, options: VideoOptions(fps: 50)) == 100.0 / 3)
    }

    @Test func videoOptionsOutOfRangeSaySo() {
        #expect(VideoOptions(scale: 0).problem == "--video-scale must be above 0 and at most 1, not 0.0")
        #expect(VideoOptions(scale: 1.5).problem != nil)
        #expect(VideoOptions(fps: 0.5).problem == "--video-fps must be from 1 to 240, not 0.5")
        #expect(VideoOptions(scale: 0.25, fps: 30).problem == nil)
    }

    @Test func missingFFmpegIsAClearError() {
        let error = #expect(throws: VideoError.self) { try VideoAssembler.locate(environment: ["PATH": "/nonexistent"]) }
        #expect(error?.description.contains("apt-get install ffmpeg") == true)
        #expect(throws: VideoError.self) { try VideoAssembler.locate(environment: ["SPRINGFRAMES_FFMPEG": "/nonexistent/ffmpeg"]) }
    }

    /// A broken `SPRINGFRAMES_FFMPEG` is named by `prepare`, which every way to record calls
    /// before drawing a frame: a missing file, a folder, a file that is not executable, and an
    /// executable whose `-version` fails (before, only the first two were noticed, and a failing
    /// one only after every frame was rendered).
    @Test func aBrokenFFmpegVariableIsNamedWithTheFixBeforeRendering() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("springframes-ffmpeg-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let notExecutable = directory.appendingPathComponent("plain")
        try Data("#!/bin/sh\n".utf8).write(to: notExecutable)
        let failing = directory.appendingPathComponent("failing")
        try Data("#!/bin/sh\necho 'libavcodec.so.60: cannot open shared object file' >&2\nexit 127\n".utf8).write(to: failing)
        chmod(failing.path, 0o755)
        let frames = directory.appendingPathComponent("frames"), video = directory.appendingPathComponent("clip.mp4")
        for (path, says) in [("/nonexistent/ffmpeg", "there is no file at /nonexistent/ffmpeg"), (directory.path, "is a folder"),
                             (notExecutable.path, "is not executable"), ("/bin/false", "`/bin/false -version` exited with status 1"),
                             (failing.path, "exited with status 127 (libavcodec.so.60: cannot open shared object file)")] {
            let error = #expect(throws: VideoError.self) {
                try VideoAssembler.prepare(video: video, framesIn: frames, environment: ["SPRINGFRAMES_FFMPEG": path])
            }
            let message = error?.description ?? ""
            #expect(message.contains("ffmpeg from SPRINGFRAMES_FFMPEG=\(path) cannot be used"), "\(message)")
            #expect(message.contains(says), "\(message)")
            #expect(message.contains("set SPRINGFRAMES_FFMPEG to the path of a working ffmpeg executable, or unset it"), "\(message)")
        }
        #expect(try VideoAssembler.prepare(video: video, framesIn: frames, environment: ["SPRINGFRAMES_FFMPEG": "/bin/true"]).ffmpeg.path == "/bin/true")
    }

    @Test func unknownExtensionIsAClearError() {
        #expect(throws: VideoError.unsupportedFormat(path: "out/clip.avi")) { try VideoAssembler.Format(path: "out/clip.avi") }
    }

    @Test(.enabled(if: Tools.shouldRun("ffmpeg")))
    func ffmpegFailureLeavesNoFileAndReportsItsOutput() throws {
        let directory = try temporaryDirectory()      // no frames in it
        let output = directory.appendingPathComponent("clip.mp4")
        let error = #expect(throws: VideoError.self) { try VideoAssembler.locate().assemble(framesIn: directory, fps: 24, to: output) }
        if case .ffmpegFailed(_, let text, _)? = error { #expect(!text.isEmpty) } else { Issue.record("expected ffmpegFailed, got \(String(describing: error))") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }
}
