import Foundation
import Springframes

/// The frame half of `springframes bench`: raster, encode, and end-to-end rendering.
enum FrameBenchmark {
    struct Encoding {
        var label: String
        var options: PNGCodec.Options
    }

    static let encodings = [
        Encoding(label: "chosen: fast, RGB when opaque", options: .frames),
        Encoding(label: "libpng defaults, RGBA", options: .libpngDefaults),
        Encoding(label: "libpng filters, RGB when opaque", options: .small),
        Encoding(label: "fast, RGBA", options: PNGCodec.Options(compression: .fast, dropsOpaqueAlpha: false)),
    ]

    /// `keep`: a directory to leave the end-to-end frames in (otherwise a temporary one, removed).
    static func run(runs: Int, frames: Int, font: Font, keep: URL?) throws {
        let scene = BenchFrame(font: font)
        let canvas = BenchFrame.makeCanvas()
        scene.draw(frame: 0, into: canvas)
        print("frames: \(canvas.width)×\(canvas.height) px (\(Int(BenchFrame.pointWidth))×\(Int(BenchFrame.pointHeight)) pt at scale \(Int(BenchFrame.scale))), "
              + "\(BenchFrame.gridCells) cells with labels and borders, \(BenchFrame.draggedCells.count) dragged with shadows")

        let reused = BenchFrame.makeCanvas()
        let raster = try median(runs: runs) {
            reused.clear(.white)
            scene.draw(frame: 7, into: reused)
        }
        print("  raster: \(format(raster * 1000, 2)) ms/frame (median of \(runs), one thread, clearing the canvas included)")

        var scratch = PNGCodec.EncodeScratch()
        var measured: [(time: Double, size: Int)] = []
        for encoding in encodings {
            var size = 0
            let time = try median(runs: runs) { size = try PNGCodec.encode(canvas, options: encoding.options, scratch: &scratch).count }
            measured.append((time, size))
        }
        let reference = Double(measured[1].size)    // libpng's defaults
        for (encoding, result) in zip(encodings, measured) {
            print("  encode, \(encoding.label): \(format(result.time * 1000, 2)) ms/frame, \(result.size) bytes "
                  + "(\(format(100 * Double(result.size) / reference, 0)) % of libpng defaults' size)")
        }

        let directory = keep ?? FileManager.default.temporaryDirectory.appendingPathComponent("springframes-bench-\(getpid())")
        defer { if keep == nil { try? FileManager.default.removeItem(at: directory) } }
        let pool = CanvasPool(pixelWidth: canvas.width, pixelHeight: canvas.height, scale: canvas.scale)
        for workers in [1, 2] {
            let time = try median(runs: max(1, runs / 2)) {
                let writer = try FrameSequenceWriter(directory: directory, scene: "bench", width: canvas.width, height: canvas.height,
                                                     fps: 60, frameCount: frames)
                try FramePipeline(workers: workers).run(
                    frameCount: frames,
                    prepare: { $0 },
                    render: { index, _ in
                        try pool.withCanvas(background: .white) { canvas in
                            scene.draw(frame: index, into: canvas)
                            return try PNGCodec.encode(canvas)
                        }
                    },
                    write: { index, png in try writer.write(frame: index, png: png) }
                )
                try writer.finish()
            }
            print("  end to end, \(workers) worker\(workers == 1 ? "" : "s"): \(format(Double(frames) / time, 1)) frames/s "
                  + "(\(frames) frames rendered, encoded, hashed and written; median of \(max(1, runs / 2)))")
        }
    }

    /// Median wall time of `runs` calls, after one warm-up call.
    static func median(runs: Int, _ body: () throws -> Void) throws -> Double {
        try body()
        let clock = ContinuousClock()
        var times: [Double] = []
        for _ in 0..<runs {
            let start = clock.now
            try body()
            let elapsed = clock.now - start
            times.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
        }
        times.sort()
        return times[times.count / 2]
    }
}
