import Foundation
import Springframes
import Testing
import TestSupport

/// Videos of device recordings, read back with ffmpeg's own tools: the frame rate and every frame
/// kept, and the rounded corners filled with the appearance's background.
@MainActor @Suite struct DeviceVideoTests {
    /// A dark or light screen with one square that moves, so that no two frames are the same.
    private func recorder(appearance: UIUserInterfaceStyle, fps: Double, duration: Double) -> Recorder {
        Recorder(device: .iPhone16, appearance: appearance, fps: fps, duration: duration, scale: 1) {
            let controller = UIViewController()
            controller.view.backgroundColor = .systemBackground
            let square = UIView(frame: CGRect(x: 40, y: 200, width: 60, height: 60))
            square.backgroundColor = .systemBlue
            controller.view.addSubview(square)
            UIView.animate(withDuration: duration) { square.center.x += 200 }
            return controller
        }
    }

    /// ffprobe's `stream` entries of the first video stream, frames counted by decoding.
    private func probe(_ video: URL) throws -> [String: String] {
        let (status, output) = try Tools.run("ffprobe", ["-v", "error", "-select_streams", "v:0", "-count_frames",
                                                         "-show_entries", "stream=r_frame_rate,avg_frame_rate,nb_read_frames",
                                                         "-of", "default=noprint_wrappers=1", video.path])
        #expect(status == 0, "ffprobe: \(output)")
        var entries: [String: String] = [:]
        for line in output.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2 { entries[parts[0]] = parts[1] }
        }
        return entries
    }

    /// 30 fps for 1.5 s is 46 frames; the flattening of the rounded corners once ran them through a
    /// 25 fps colour source and dropped one in six.
    @Test(.enabled(if: Tools.shouldRun("ffmpeg") && Tools.shouldRun("ffprobe")))
    func anMP4OfA30FPSDeviceRecordingKeeps30FPSAndEveryFrame() throws {
        let directory = try temporaryDirectory()
        let recorder = recorder(appearance: .light, fps: 30, duration: 1.5)
        #expect(recorder.frameCount == 46)
        let video = directory.appendingPathComponent("device.mp4")
        try recorder.record(to: directory.appendingPathComponent("frames"), video: video)
        let stream = try probe(video)
        #expect(stream["r_frame_rate"] == "30/1")
        #expect(stream["avg_frame_rate"] == "30/1")
        #expect(stream["nb_read_frames"] == "46")
    }

    /// The top-left pixel of the video's first frame, decoded by ffmpeg to RGB bytes.
    private func cornerPixel(of video: URL, in directory: URL) throws -> [UInt8] {
        let raw = directory.appendingPathComponent("first.rgb")
        let (status, log) = try Tools.run("ffmpeg", ["-v", "error", "-y", "-i", video.path, "-frames:v", "1",
                                                     "-f", "rawvideo", "-pix_fmt", "rgb24", raw.path])
        #expect(status == 0, "\(log)")
        let bytes = [UInt8](try Data(contentsOf: raw))
        // H.264 needs even sizes: the 393 pt wide screen is padded to 394.
        try #require(bytes.count == 394 * 852 * 3)
        return Array(bytes[0..<3])
    }

    /// Outside the display's rounded corners an MP4 shows the appearance's system background:
    /// black for a dark recording, white for a light one (H.264 rounds by a few levels).
    @Test(.enabled(if: Tools.shouldRun("ffmpeg")), arguments: [UIUserInterfaceStyle.dark, .light])
    func theVideosCornersAreTheAppearancesBackground(_ appearance: UIUserInterfaceStyle) throws {
        let directory = try temporaryDirectory("deviceVideoCorners\(appearance.rawValue)")
        let video = directory.appendingPathComponent("corners.mp4")
        let output = try recorder(appearance: appearance, fps: 30, duration: 0.1)
            .record(to: directory.appendingPathComponent("frames"), video: video)
        #expect(output.video == video)
        let corner = try cornerPixel(of: video, in: directory)
        if appearance == .dark {
            #expect(corner.allSatisfy { $0 < 8 }, "dark corner: \(corner)")
        } else {
            #expect(corner.allSatisfy { $0 > 247 }, "light corner: \(corner)")
        }
    }

    /// A sweep of device recordings blends each tile's transparent corners over the sweep's
    /// background: no tiled frame has a transparent pixel for a video to show black.
    @Test func aSweepOfDevicesHasNoTransparentPixel() throws {
        let directory = try temporaryDirectory()
        let sweep = Sweep(variants: [Sweep.Variant(label: "dark", recorder: recorder(appearance: .dark, fps: 10, duration: 0.1)),
                                     Sweep.Variant(label: "light", recorder: recorder(appearance: .light, fps: 10, duration: 0.1))],
                          tileScale: 0.25)
        try sweep.record(to: directory)
        let frame = try PNGCodec.read(contentsOf: directory.appendingPathComponent("frame_00000.png"))
        var transparent = 0
        for y in 0..<frame.height { for x in 0..<frame.width where frame.pixel(x: x, y: y).alpha < 255 { transparent += 1 } }
        #expect(transparent == 0)
    }

    /// `record(to:video:)` makes the video's folder, and the folders above it, when they are missing.
    @Test(.enabled(if: Tools.shouldRun("ffmpeg")))
    func theVideosFolderIsMadeWhenMissing() throws {
        let directory = try temporaryDirectory()
        let video = directory.appendingPathComponent("videos/today/clip.gif")
        try recorder(appearance: .light, fps: 10, duration: 0.2).record(to: directory.appendingPathComponent("frames"), video: video)
        #expect(FileManager.default.fileExists(atPath: video.path))
        #expect(try Data(contentsOf: video).prefix(6) == Data("GIF89a".utf8))
    }
}
