import FrameIO
import Foundation
import Recording
import Raster

/// The files a failing check leaves for a person: per failing frame the golden, the frame now, a
/// diff image and a golden | now | diff strip; a sheet of failing frames; the report, as text and
/// as a page to open in a browser.
struct FailureArtifacts {
    let directory: URL
    let frameCount: Int

    static let sheetName = "failures.png", reportName = "report.txt", pageName = "report.html"
    /// The suffixes of a failing frame's files, after `frame_NNNNN`.
    static let frameSuffixes = ["-diff", "-strip", "-golden", "-now"]

    /// Removes what an earlier check left in `directory` (and nothing else); the directory itself
    /// is made when the first file is written.
    init(directory: URL, frameCount: Int) throws {
        self.directory = directory
        self.frameCount = frameCount
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names.sorted() where Self.isArtifact(name) {
            let url = directory.appendingPathComponent(name)
            do {
                try FileManager.default.removeItem(at: url)
            } catch {
                throw FileWriteError(path: url.path, reason: "cannot remove this artifact of an earlier check (\(error.localizedDescription))")
            }
        }
    }

    static func isArtifact(_ name: String) -> Bool {
        (name.hasPrefix("frame_") && frameSuffixes.contains { name.hasSuffix($0 + ".png") })
            || name == sheetName || name == reportName || name == pageName
    }

    /// A failing frame's images, each PNG when there is one.
    struct FrameImages {
        var diff: [UInt8]?, strip: [UInt8]?, golden: [UInt8]?, now: [UInt8]?
    }

    func write(frame: Int, _ images: FrameImages) throws -> (diff: URL?, strip: URL?, golden: URL?, now: URL?) {
        try createDirectory(directory)
        func save(_ bytes: [UInt8]?, _ suffix: String) throws -> URL? {
            guard let bytes else { return nil }
            let url = directory.appendingPathComponent(FrameSequenceWriter.fileName(forFrame: frame, frameCount: frameCount, suffix: suffix))
            try AtomicFile.write(bytes, to: url)
            return url
        }
        return (try save(images.diff, "-diff"), try save(images.strip, "-strip"), try save(images.golden, "-golden"),
                try save(images.now, "-now"))
    }

    func writeSheet(_ canvas: Canvas) throws -> URL {
        try createDirectory(directory)
        let url = directory.appendingPathComponent(Self.sheetName)
        try AtomicFile.write(try PNGCodec.encode(canvas), to: url)
        return url
    }

    func writeReport(_ text: String) throws -> URL {
        try write(text + "\n", named: Self.reportName)
    }

    func writePage(_ html: String) throws -> URL {
        try write(html, named: Self.pageName)
    }

    private func write(_ text: String, named name: String) throws -> URL {
        try createDirectory(directory)
        let url = directory.appendingPathComponent(name)
        try AtomicFile.write(Array(text.utf8), to: url)
        return url
    }
}

/// Up to `limit` failing frames, evenly spread over all that failed, as three rows: golden, now,
/// diff. Memory stays bounded however many frames fail: when more than `limit` are kept, every
/// other one is dropped and only every other later one is kept.
struct FailureSheet {
    static let defaultLimit = 12
    /// Thumbnail width in pixels.
    static let thumbnailWidth = 156.0

    let limit: Int
    private var kept: [(ordinal: Int, frame: Int, caption: String, thumbnails: [Bitmap])] = []
    private var ordinal = 0
    private var keepEvery = 1

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    mutating func add(frame: Int, failure: GoldenCheckResult.FrameFailure, thumbnails: [Bitmap]) {
        defer { ordinal += 1 }
        guard thumbnails.count == 3, ordinal % keepEvery == 0 else { return }
        var caption = "\(frame)"
        if case let .differs(differing, _, _) = failure.reason { caption += " · \(differing) px" }
        kept.append((ordinal, frame, caption, thumbnails))
        if kept.count > limit {
            keepEvery *= 2
            kept.removeAll { $0.ordinal % keepEvery != 0 }
        }
    }

    /// `canvas` shrunk to the thumbnail width, at scale 1.
    static func thumbnail(of canvas: Canvas) -> Bitmap {
        let k = min(1, thumbnailWidth / Double(canvas.width))
        return Bitmap(pixelWidth: max(1, Int((Double(canvas.width) * k).rounded())),
                      pixelHeight: max(1, Int((Double(canvas.height) * k).rounded())), scale: 1, background: .white) {
            $0.draw(canvas, transform: Transform(scaleX: k * canvas.scale, y: k * canvas.scale))
        }
    }

    func draw(font: Font) -> Canvas? {
        guard !kept.isEmpty else { return nil }
        let cells = kept.map { ($0.thumbnails[0], "\($0.frame) · golden") } + kept.map { ($0.thumbnails[1], "\($0.frame) · now") }
            + kept.map { ($0.thumbnails[2], $0.caption) }
        return ContactSheet(every: 1, columns: kept.count, thumbnailScale: 1).grid(cells.map { (image: $0.0, caption: $0.1) }, font: font)
    }
}
