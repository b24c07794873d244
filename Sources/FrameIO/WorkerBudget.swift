import Foundation

/// How many frames can be drawn at once in the memory this machine has.
///
/// The rule: a worker needs `bytesPerPixel` bytes per pixel of a frame (measured: about 10 for
/// `render` — the canvas, the encoder's scratch and the PNG in flight — plus 4 for the copy of
/// the previous frame that lets the encoder keep unchanged bands, and about 6 more for `check`,
/// which also holds the decoded golden and the diff); workers may use three quarters of the memory
/// the kernel reports available. The default is that many workers, at most one per core and at
/// least one.
public struct WorkerBudget: Sendable {
    public var bytesPerWorker: Double
    /// Bytes available (MemAvailable, else physical memory); nil when unknown.
    public var availableBytes: Double?
    public var cores: Int

    public static let renderBytesPerPixel = 14.0
    public static let checkBytesPerPixel = 20.0

    public init(pixelsPerFrame: Int, bytesPerPixel: Double, availableBytes: Double? = WorkerBudget.availableMemory(),
                cores: Int = ProcessInfo.processInfo.activeProcessorCount) {
        bytesPerWorker = Double(pixelsPerFrame) * bytesPerPixel
        self.availableBytes = availableBytes
        self.cores = max(1, cores)
    }

    /// Workers that fit: at most one per core, at least one.
    public var workers: Int {
        guard let availableBytes, bytesPerWorker > 0 else { return cores }
        let fitting = Int(availableBytes * 0.75 / bytesPerWorker)
        return max(1, min(cores, fitting))
    }

    /// A warning when `workers` chosen by hand need more memory than is available.
    public func warning(workers: Int) -> String? {
        guard let availableBytes, Double(workers) * bytesPerWorker > availableBytes * 0.75 else { return nil }
        func gigabytes(_ bytes: Double) -> String { String(format: "%.1f GB", bytes / 1e9) }
        return "--jobs \(workers) needs about \(gigabytes(Double(workers) * bytesPerWorker)) "
            + "(\(gigabytes(bytesPerWorker)) per worker) and about \(gigabytes(availableBytes)) is available; "
            + "\(workers > self.workers ? "--jobs \(self.workers) fits" : "the render may run out of memory")"
    }

    /// MemAvailable from /proc/meminfo (Linux), else the physical memory; nil when neither is known.
    public static func availableMemory() -> Double? {
        if let text = try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8),
           let line = text.split(separator: "\n").first(where: { $0.hasPrefix("MemAvailable:") }),
           let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Double($0) }) {
            return kilobytes * 1024
        }
        let physical = ProcessInfo.processInfo.physicalMemory
        return physical > 0 ? Double(physical) : nil
    }
}
