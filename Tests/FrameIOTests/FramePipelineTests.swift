import Foundation
import Testing
@testable import FrameIO
import Raster

@Suite struct FramePipelineTests {
    /// Renders `count` frames with `workers` workers; returns the PNGs in the order written.
    private func run(count: Int, workers: Int, capacity: Int? = nil) throws -> [(Int, [UInt8])] {
        var written: [(Int, [UInt8])] = []
        try FramePipeline(workers: workers, capacity: capacity).run(
            frameCount: count,
            prepare: { index in index * 3 },       // what a scene would step and capture
            render: { _, seed in try PNGCodec.encode(samplePicture(width: 64, height: 48, seed: seed)) },
            write: { index, png in written.append((index, png)) }
        )
        return written
    }

    @Test func outputIsByteIdenticalWithOneOrManyWorkers() throws {
        let one = try run(count: 24, workers: 1)
        for workers in [2, 3, 8] {
            let many = try run(count: 24, workers: workers)
            #expect(many.map(\.0) == Array(0..<24))
            #expect(many.map(\.1) == one.map(\.1), "\(workers) workers")
        }
    }

    @Test func framesInFlightNeverExceedTheCapacity() throws {
        let lock = NSLock()
        var inFlight = 0, peak = 0
        try FramePipeline(workers: 4, capacity: 3).run(
            frameCount: 40,
            prepare: { index -> Int in
                lock.lock(); inFlight += 1; peak = max(peak, inFlight); lock.unlock()
                return index
            },
            render: { _, index in [UInt8(truncatingIfNeeded: index)] },
            write: { _, _ in lock.lock(); inFlight -= 1; lock.unlock() }
        )
        #expect(peak == 3)
        #expect(inFlight == 0)
    }

    @Test func aRenderErrorStopsTheRunAndIsRethrown() throws {
        struct Broken: Error, Equatable { let frame: Int }
        var written: [Int] = []
        #expect(throws: Broken(frame: 5)) {
            try FramePipeline(workers: 3).run(
                frameCount: 30,
                prepare: { $0 },
                render: { index, _ -> [UInt8] in if index == 5 { throw Broken(frame: 5) }; return [] },
                write: { index, _ in written.append(index) }
            )
        }
        #expect(written == [0, 1, 2, 3, 4])
    }

    @Test func aRangeOfFramesIsWrittenWithTheSameBytesAsInAFullRun() throws {
        let full = try run(count: 12, workers: 2)
        var partial: [(Int, [UInt8])] = []
        try FramePipeline(workers: 2).run(
            frames: Array(4..<9),
            prepare: { index in index * 3 },
            render: { _, seed in try PNGCodec.encode(samplePicture(width: 64, height: 48, seed: seed)) },
            write: { index, png in partial.append((index, png)) }
        )
        #expect(partial.map(\.0) == Array(4..<9))
        #expect(partial.map(\.1) == full[4..<9].map(\.1))
    }
}
