import Foundation
import FrameIO
import Raster
import Testing

/// Compares a canvas with a committed PNG in `images/<area>/<name>.png` beside the calling test file, exactly (tiny-skia's
/// style): the renderer is deterministic, so any changed pixel is a change to look at.
///
/// A missing reference, or any reference when `SPRINGFRAMES_RECORD=all`, is written from the
/// canvas and the test fails, so that a new image is always looked at before it is committed.
public func expectMatchesReference(_ canvas: Canvas, area: String, name: String,
                            sourceLocation: SourceLocation = #_sourceLocation, filePath: String = #filePath) {
    let directory = URL(fileURLWithPath: filePath).deletingLastPathComponent()
        .appendingPathComponent("images").appendingPathComponent(area)
    let url = directory.appendingPathComponent(name + ".png")
    let record = ProcessInfo.processInfo.environment["SPRINGFRAMES_RECORD"] == "all"
    guard !record, FileManager.default.fileExists(atPath: url.path) else {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(PNGCodec.encode(canvas, options: .small)).write(to: url)
            Issue.record("recorded reference image \(url.path); look at it, then run again", sourceLocation: sourceLocation)
        } catch {
            Issue.record("could not record \(url.path): \(error)", sourceLocation: sourceLocation)
        }
        return
    }
    do {
        let reference = try PNGCodec.read(contentsOf: url)
        guard reference.width == canvas.width, reference.height == canvas.height else {
            Issue.record("\(name): size \(canvas.width)×\(canvas.height), reference \(reference.width)×\(reference.height)",
                         sourceLocation: sourceLocation)
            return
        }
        var differing = 0
        var first: (Int, Int, UInt32, UInt32)?
        for y in 0..<canvas.height {
            for x in 0..<canvas.width {
                let (a, b) = (canvas.premultipliedPixel(x: x, y: y), reference.premultipliedPixel(x: x, y: y))
                if a != b {
                    differing += 1
                    if first == nil { first = (x, y, a, b) }
                }
            }
        }
        if let (x, y, a, b) = first {
            let actual = FileManager.default.temporaryDirectory.appendingPathComponent("\(area)_\(name).actual.png")
            try? Data(PNGCodec.encode(canvas, options: .small)).write(to: actual)
            Issue.record("""
                \(name): \(differing) pixels differ from \(url.lastPathComponent); first at (\(x), \(y)): \
                \(Color(premultiplied: a)) instead of \(Color(premultiplied: b)); actual image in \(actual.path)
                """, sourceLocation: sourceLocation)
        }
    } catch {
        Issue.record("\(url.path): \(error)", sourceLocation: sourceLocation)
    }
}

/// How many pixels of two canvases of the same size differ (a count to report, where comparing
/// whole pixel arrays would print them).
public func differingPixels(_ a: Canvas, _ b: Canvas) -> Int {
    precondition((a.width, a.height) == (b.width, b.height), "canvases of different sizes")
    return zip(a.pixels, b.pixels).reduce(0) { $0 + ($1.0 == $1.1 ? 0 : 1) }
}

/// How many pixels of two images of the same size differ.
public func differingPixels(_ a: Bitmap, _ b: Bitmap) -> Int {
    precondition((a.width, a.height) == (b.width, b.height), "images of different sizes")
    return zip(a.pixels, b.pixels).reduce(0) { $0 + ($1.0 == $1.1 ? 0 : 1) }
}

/// How many pixels of `canvas` are not `color`.
public func pixels(of canvas: Canvas, otherThan color: Color) -> Int {
    let value = color.premultiplied
    return canvas.pixels.reduce(0) { $0 + ($1 == value ? 0 : 1) }
}
