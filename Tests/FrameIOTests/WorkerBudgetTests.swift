import FrameIO
import Testing

/// The default worker count: as many as fit in three quarters of the available memory, at most
/// one per core, at least one.
struct WorkerBudgetTests {
    @Test func largestCanvasWithTwelveGigabytesFitsTwoWorkers() throws {
        // 16384² px at 14 bytes a pixel: 3.76 GB a worker; 0.75 × 12 GB holds two.
        let budget = WorkerBudget(pixelsPerFrame: 16384 * 16384, bytesPerPixel: WorkerBudget.renderBytesPerPixel,
                                  availableBytes: 12e9, cores: 8)
        #expect(budget.workers == 2)
        #expect(budget.warning(workers: 2) == nil)
        #expect(budget.warning(workers: 8) == "--jobs 8 needs about 30.1 GB (3.8 GB per worker) and about 12.0 GB is available; --jobs 2 fits")
    }

    @Test func smallFramesUseEveryCore() {
        let budget = WorkerBudget(pixelsPerFrame: 780 * 1688, bytesPerPixel: WorkerBudget.renderBytesPerPixel, availableBytes: 8e9, cores: 8)
        #expect(budget.workers == 8)
    }

    @Test func tooLittleMemoryStillLeavesOneWorker() {
        let budget = WorkerBudget(pixelsPerFrame: 16384 * 16384, bytesPerPixel: WorkerBudget.checkBytesPerPixel, availableBytes: 1e9, cores: 4)
        #expect(budget.workers == 1)
        #expect(budget.warning(workers: 1)?.hasSuffix("the render may run out of memory") == true)
    }

    @Test func unknownMemoryMeansOnePerCore() {
        #expect(WorkerBudget(pixelsPerFrame: 1 << 28, bytesPerPixel: 10, availableBytes: nil, cores: 3).workers == 3)
        #expect(WorkerBudget.availableMemory().map { $0 > 0 } == true)
    }
}
