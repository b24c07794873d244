import Foundation
import Raster
import Vocabulary

/// Why a video could not be made.
public enum VideoError: Error, CustomStringConvertible, Equatable {
    case ffmpegNotFound(searched: String)
    /// ffmpeg was named (by `setting`: `SPRINGFRAMES_FFMPEG=…`, or found on `PATH`) but cannot be
    /// used: missing, not executable, or `ffmpeg -version` fails.
    case ffmpegUnusable(setting: String, problem: String)
    case unsupportedFormat(path: String)
    case ffmpegFailed(status: Int32, output: String, command: String)
    /// The video's path is a frame, the manifest or a temporary file of the frames folder it is
    /// made from: writing it would break the manifest's promise.
    case insideFramesFolder(video: String, folder: String)

    public var description: String {
        switch self {
        case let .insideFramesFolder(video, folder):
            return "the video \(video) is a file of the frames folder \(folder) (a frame or the manifest); "
                + "write the video outside it, or under another name"
        case .ffmpegNotFound(let searched):
            return "ffmpeg not found (searched: \(searched)). Install it (Debian: apt-get install ffmpeg; "
                + "macOS: brew install ffmpeg) or set SPRINGFRAMES_FFMPEG to its path."
        case let .ffmpegUnusable(setting, problem):
            let fix = setting.hasPrefix("SPRINGFRAMES_FFMPEG")
                ? "set SPRINGFRAMES_FFMPEG to the path of a working ffmpeg executable, or unset it to use the ffmpeg on PATH"
                : "reinstall ffmpeg (Debian: apt-get install ffmpeg; macOS: brew install ffmpeg) or set SPRINGFRAMES_FFMPEG to a working one"
            return "ffmpeg from \(setting) cannot be used: \(problem); \(fix). Nothing was rendered."
        case .unsupportedFormat(let path):
            return "\(path): unknown video format; use a name ending in .mp4, .gif or .apng"
        case let .ffmpegFailed(status, output, command):
            return "ffmpeg exited with status \(status):\n\(output)\ncommand: \(command)"
        }
    }
}

/// The video's size and frame rate, against the frames'.
public struct VideoOptions: Equatable, Sendable {
    /// The video's size as a share of the frames' (above 0, at most 1), resampled with Lanczos.
    public var scale: Double
    /// The video's frame rate (the nearest frame in time is shown); nil keeps the frames' rate,
    /// except that a GIF plays at most 33⅓ fps.
    public var fps: Double?

    public init(scale: Double = 1, fps: Double? = nil) {
        self.scale = scale
        self.fps = fps
    }

    /// What is wrong with these options, if anything, in the command line's words.
    public var problem: String? {
        if !(scale > 0 && scale <= 1) { return "--video-scale must be above 0 and at most 1, not \(scale)" }
        if let fps, !(fps >= 1 && fps <= 240) { return "--video-fps must be from 1 to 240, not \(fps)" }
        return nil
    }
}

/// Turns a numbered frame sequence into a video by running ffmpeg.
public struct VideoAssembler {
    public enum Format: String, Sendable, CaseIterable {
        /// H.264 in MP4 that plays everywhere: yuv420p, even dimensions, BT.709, moov atom first.
        case mp4
        /// 256 colours chosen for the whole clip (palettegen), then mapped with dithering.
        case gif
        /// Animated PNG: lossless.
        case apng

        /// The format a file name asks for: .mp4, .gif, .apng (or .png).
        public init(path: String) throws {
            switch URL(fileURLWithPath: path).pathExtension.lowercased() {
            case "mp4", "m4v": self = .mp4
            case "gif": self = .gif
            case "apng", "png": self = .apng
            default: throw VideoError.unsupportedFormat(path: path)
            }
        }
    }

    /// The ffmpeg executable.
    public var ffmpeg: URL

    public init(ffmpeg: URL) {
        self.ffmpeg = ffmpeg
    }

    /// Checks, before any frame is rendered, that a video can be written at `url`: its folder
    /// exists and can be written to, and the path is not a folder or another non-file. Otherwise
    /// the problem would show only after every frame was rendered.
    public static func checkOutput(_ url: URL) throws {
        let target = url.resolvingSymlinksInPath()
        let folder = target.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw FileWriteError(path: url.path, reason: "the folder \(folder.path) does not exist; make it first")
        }
        guard access(folder.path, W_OK) == 0 else {
            throw FileWriteError(path: url.path, reason: "the folder \(folder.path) cannot be written to")
        }
        var status = stat()
        if lstat(target.path, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
            throw FileWriteError(path: url.path, reason: "this is not a regular file, so it is not replaced by the video")
        }
    }

    /// Checks everything about a video to be made from the frames in `directory` that can be
    /// checked before a frame is drawn, for every command and recorder alike: its format (from
    /// the extension), that it is no file of the frames folder, that its folder can be written to
    /// (a missing folder is made, with the folders above it, as the frames' folder is), and that
    /// ffmpeg is there. Returns the assembler that will make it.
    public static func prepare(video: URL, framesIn directory: URL,
                               environment: [String: String] = ProcessInfo.processInfo.environment) throws -> VideoAssembler {
        _ = try Format(path: video.path)
        if FrameSequenceWriter.ownsFile(video, in: directory) {
            throw VideoError.insideFramesFolder(video: video.path, folder: directory.path)
        }
        try makeFolder(of: video)
        try checkOutput(video)
        // A render killed while ffmpeg wrote leaves `.<video>.<pid>.partial`; this run removes it.
        StalePartialFiles.remove(of: video.resolvingSymlinksInPath())
        let assembler = try locate(environment: environment)
        let setting = environment["SPRINGFRAMES_FFMPEG"].flatMap { $0.isEmpty ? nil : "SPRINGFRAMES_FFMPEG=\($0)" }
            ?? "PATH (\(assembler.ffmpeg.path))"
        try assembler.checkRuns(setting: setting)
        return assembler
    }

    /// Makes the folder `url` is to be written in when it does not exist yet (with the folders
    /// above it); a path through a file, or a folder that cannot be made, throws naming it.
    static func makeFolder(of url: URL) throws {
        let folder = url.resolvingSymlinksInPath().deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw FileWriteError(path: url.path, reason: "its folder \(folder.path) cannot be made: a file has that name; "
                                     + "write the video elsewhere")
            }
            return
        }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw FileWriteError(path: url.path, reason: "its folder \(folder.path) cannot be made (\(error.localizedDescription)); "
                                 + "make it first, or write the video elsewhere")
        }
    }

    /// Runs `ffmpeg -version`, so that a broken ffmpeg (a stale path, a wrapper script that fails,
    /// a binary for another machine) is named before any frame is drawn rather than after all of
    /// them. A run longer than `timeout` seconds is stopped and counts as a failure.
    public func checkRuns(setting: String, timeout: TimeInterval = 20) throws {
        let process = Process()
        process.executableURL = ffmpeg
        process.arguments = ["-version"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        do {
            try process.run()
        } catch {
            throw VideoError.ffmpegUnusable(setting: setting, problem: "\(ffmpeg.path) could not be started (\(error.localizedDescription))")
        }
        let collected = LockBox(Data())
        let reader = DispatchGroup()
        reader.enter()
        DispatchQueue.global().async {
            let data = output.fileHandleForReading.readDataToEndOfFile()
            collected.withLock { $0 = data }
            reader.leave()
        }
        if finished.wait(timeout: .now() + timeout) == .timedOut {
            kill(process.processIdentifier, SIGKILL)
            finished.wait()
            throw VideoError.ffmpegUnusable(setting: setting, problem: "`\(ffmpeg.path) -version` did not finish in \(Int(timeout)) s")
        }
        reader.wait()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let text = String(decoding: collected.current, as: UTF8.self)
            let last = text.split(separator: "\n").suffix(3).joined(separator: " / ")
            let how = process.terminationReason == .exit ? "exited with status \(process.terminationStatus)"
                                                         : "was killed by signal \(process.terminationStatus)"
            throw VideoError.ffmpegUnusable(setting: setting,
                                            problem: "`\(ffmpeg.path) -version` \(how)" + (last.isEmpty ? "" : " (\(last))"))
        }
    }

    /// Finds ffmpeg: `SPRINGFRAMES_FFMPEG`, else the first `ffmpeg` on `PATH`.
    public static func locate(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> VideoAssembler {
        if let explicit = environment["SPRINGFRAMES_FFMPEG"], !explicit.isEmpty {
            let setting = "SPRINGFRAMES_FFMPEG=\(explicit)"
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: explicit, isDirectory: &isDirectory) else {
                throw VideoError.ffmpegUnusable(setting: setting, problem: "there is no file at \(explicit)")
            }
            guard !isDirectory.boolValue, FileManager.default.isExecutableFile(atPath: explicit) else {
                throw VideoError.ffmpegUnusable(setting: setting, problem: "\(explicit) is "
                                                + (isDirectory.boolValue ? "a folder" : "not executable (chmod +x it)"))
            }
            return VideoAssembler(ffmpeg: URL(fileURLWithPath: explicit))
        }
        let path = environment["PATH"] ?? ""
        for directory in path.split(separator: ":") where !directory.isEmpty {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("ffmpeg")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return VideoAssembler(ffmpeg: candidate) }
        }
        throw VideoError.ffmpegNotFound(searched: "PATH=\(path)")
    }

    /// The fastest frame rate a GIF gets: a GIF delays each frame by whole hundredths of a second,
    /// and browsers play delays under 2 cs as 10 cs. Three hundredths (33⅓ fps) keeps every delay
    /// equal; faster scenes are resampled to it (nearest frame in time), slower ones keep their
    /// rate (delays then alternate, e.g. 4 and 5 cs at 24 fps, and the length stays right).
    public static let gifMaximumRate = 100.0 / 3

    /// The frame rate of the video ffmpeg writes for frames at `fps`.
    public static func outputRate(format: Format, fps: Double, options: VideoOptions = VideoOptions()) -> Double {
        let rate = min(fps, options.fps ?? fps)
        return format == .gif ? min(rate, gifMaximumRate) : rate
    }

    /// `#RRGGBB` of a colour (its alpha left out): the `padColor` of a background.
    public static func padColor(for color: Color) -> String {
        String(format: "#%02X%02X%02X", color.red, color.green, color.blue)
    }

    /// ffmpeg's arguments for frames `frame_%0<digits>d.png` in `directory` from `startNumber`.
    /// `padColor` fills the extra row or column an odd-sized frame gets for H.264 (`#RRGGBB`).
    /// `options` resamples the frames in time (ffmpeg's `fps` filter, nearest frame) and in size
    /// (Lanczos) first.
    ///
    /// `flattening` (frames with transparent parts, such as a device's rounded corners) lays the
    /// frames over that colour first in MP4 and GIF, which show transparency as black or not at
    /// all; APNG keeps the transparency.
    public static func arguments(format: Format, directory: URL, digits: Int, startNumber: Int, fps: Double,
                                 padColor: String, flattening: Bool = false, options: VideoOptions = VideoOptions(),
                                 output: String) -> [String] {
        let input = directory.appendingPathComponent("frame_%0\(digits)d.png").path
        // One spelling of the rate for every source of the graph: the frames and the colour plane
        // under them must tick together, or the plane's rate wins (see `flatten`).
        let rate = String(fps)
        var arguments = ["-hide_banner", "-loglevel", "error", "-nostdin", "-y",
                         "-framerate", rate, "-start_number", String(startNumber), "-i", input]
        // Filters that come first, each followed by a comma.
        let resample = Self.resample(format: format, fps: fps, options: options)
        let color = "0x" + padColor.drop { $0 == "#" }
        // A plane of the background colour the frames' size (scale2ref), the frames composited
        // over it in RGB. The overlay's output takes the rate of its first input, the plane: a
        // colour source without `r` ticks at ffmpeg's default 25 fps and would drop or repeat
        // frames of any other rate, so the plane ticks at the frames' own rate.
        let flatten = flattening && format != .apng
            ? "color=c=\(color):r=\(rate)[plane];[plane][0:v]scale2ref[plane][frames];[plane][frames]overlay=format=rgb:shortest=1,"
            : nil
        switch format {
        case .mp4:
            // Pad to even sizes; convert with the BT.709 matrix (swscale's default is BT.601,
            // which tags alone would not fix) into limited-range yuv420p.
            let chain = resample + "pad=ceil(iw/2)*2:ceil(ih/2)*2:0:0:color=\(color),scale=out_color_matrix=bt709:out_range=tv,format=yuv420p"
            arguments += flatten.map { ["-filter_complex", $0 + chain] } ?? ["-vf", chain]
            arguments += mp4Encoding
        case .gif:
            arguments += [
                "-filter_complex", (flatten ?? "[0:v]") + resample + "split[a][b]"
                    + ";[a]palettegen=stats_mode=diff[p];[b][p]paletteuse=dither=sierra2_4a",
                "-loop", "0", "-f", "gif",
            ]
        case .apng:
            if !resample.isEmpty { arguments += ["-vf", String(resample.dropLast())] }
            arguments += ["-c:v", "apng", "-plays", "0", "-f", "apng"]
        }
        return arguments + [output]
    }

    /// H.264 in limited-range BT.709, tagged so, in an MP4 that starts playing before it is loaded.
    private static let mp4Encoding = [
        "-c:v", "libx264", "-preset", "medium", "-crf", "18", "-pix_fmt", "yuv420p",
        "-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709", "-color_range", "tv",
        "-movflags", "+faststart", "-f", "mp4",
    ]

    /// The filters that resample in time and size, each followed by a comma (empty when none).
    private static func resample(format: Format, fps: Double, options: VideoOptions) -> String {
        var resample = ""
        let rate = outputRate(format: format, fps: fps, options: options)
        if rate < fps { resample += "fps=" + (rate == gifMaximumRate ? "100/3" : String(rate)) + "," }
        if options.scale != 1 { resample += "scale=round(iw*\(options.scale)):-1:flags=lanczos," }
        return resample
    }

    /// Runs ffmpeg on the frames and writes `output` (format from its extension). The video is
    /// written under a temporary name and renamed, so a failed run leaves no half-written file.
    /// `frameCount` limits the video to that many frames from `startNumber` (a range render next
    /// to frames of an earlier one); nil takes every consecutive frame there is. `progress` is
    /// called on the calling thread with the number of video frames ffmpeg has written so far
    /// (a GIF writes its frames only after it has read them all, to choose its palette).
    public func assemble(framesIn directory: URL, digits: Int = 5, startNumber: Int = 0, frameCount: Int? = nil, fps: Double,
                         padColor: String = "#000000", flattening: Bool = false, options: VideoOptions = VideoOptions(), to requested: URL,
                         progress: ((Int) -> Void)? = nil) throws {
        let format = try Format(path: requested.path)
        // Through a symbolic link to its target; never over a directory, device, FIFO or socket.
        try Self.checkOutput(requested)
        let output = requested.resolvingSymlinksInPath()
        let temporary = output.deletingLastPathComponent().appendingPathComponent(".\(output.lastPathComponent).\(getpid()).partial")
        StalePartialFiles.remove(of: output)
        var arguments = Self.arguments(format: format, directory: directory, digits: digits, startNumber: startNumber,
                                       fps: fps, padColor: padColor, flattening: flattening, options: options, output: temporary.path)
        if let frameCount {
            // Counted in the video's frames, which a lower rate has fewer of.
            let rate = Self.outputRate(format: format, fps: fps, options: options)
            let videoFrames = max(1, Int((Double(frameCount) * rate / fps).rounded(.down)))
            arguments.insert(contentsOf: ["-frames:v", String(videoFrames)], at: arguments.count - 1)
        }
        // Progress as key=value lines on standard output, twice a second.
        arguments.insert(contentsOf: ["-progress", "pipe:1", "-nostats"], at: arguments.count - 1)
        let errors = Pipe(), report = Pipe()
        let nothing = open("/dev/null", O_RDONLY | O_CLOEXEC)
        guard nothing >= 0 else { throw FileWriteError(path: "/dev/null", reason: String(cString: strerror(errno))) }
        // ffmpeg and its output are stopped and removed if the run is interrupted; a SIGKILL of
        // this process, which no handler sees, kills ffmpeg through its parent-death signal
        // (`ChildProcess`), and the next run removes the partial file (`removeStalePartialFiles`).
        Interruption.remember(temporaryFile: temporary.path)
        defer { Interruption.forget(temporaryFile: temporary.path) }
        let process: ChildProcess
        do {
            defer { close(nothing) }
            process = try ChildProcess.start(ffmpeg, arguments: arguments, standardInput: nothing,
                                             standardOutput: report.fileHandleForWriting.fileDescriptor,
                                             standardError: errors.fileHandleForWriting.fileDescriptor)
        } catch {
            throw VideoError.ffmpegFailed(status: -1, output: "\(ffmpeg.path) could not be started: \(error.localizedDescription)",
                                          command: ([ffmpeg.path] + arguments).joined(separator: " "))
        }
        // Only the child writes now: the readers see the end when it exits.
        try? report.fileHandleForWriting.close()
        try? errors.fileHandleForWriting.close()
        Interruption.remember(process: process.pid)
        defer { Interruption.forget(process: process.pid) }
        // Standard error is read on another thread so that neither pipe fills up and blocks ffmpeg.
        let errorText = LockBox(Data())
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            let data = errors.fileHandleForReading.readDataToEndOfFile()
            errorText.withLock { $0 = data }
            group.leave()
        }
        var pending = Data()
        while case let chunk = report.fileHandleForReading.availableData, !chunk.isEmpty {
            pending += chunk
            while let newline = pending.firstIndex(of: 0x0A) {
                let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                pending = pending[(newline + 1)...]
                if line.hasPrefix("frame="), let frames = Int(line.dropFirst(6)) { progress?(frames) }
            }
        }
        group.wait()
        let text = String(decoding: errorText.current, as: UTF8.self)
        let ending = process.wait()
        guard ending.exited, ending.code == 0 else {
            try? FileManager.default.removeItem(at: temporary)
            let command = ([ffmpeg.path] + arguments).joined(separator: " ")
            let lastLines = text.split(separator: "\n").suffix(12).joined(separator: "\n")
            throw VideoError.ffmpegFailed(status: ending.exited ? ending.code : 128 + ending.code, output: lastLines, command: command)
        }
        guard rename(temporary.path, output.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw FileWriteError(path: requested.path, reason: reason)
        }
    }
}
