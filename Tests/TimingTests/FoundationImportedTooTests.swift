import Foundation
import Springframes
import Testing

/// A file that imports Foundation beside Springframes, as many iOS files import it beside UIKit:
/// the main queue's calls still reach the window's clock, and nothing is ambiguous.
@MainActor @Suite struct FoundationImportedTooTests {
    @Test func theMainQueueRunsOnTheClockWithFoundationImported() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        var fired: [Double] = []
        let group = DispatchGroup()
        let queue = DispatchQueue(label: "com.example.work")
        SimulatedClock.withCurrent(window.clock) {
            DispatchQueue.main.asyncAfter(deadline: .now() + 0.25) { MainActor.assumeIsolated { fired.append(window.currentTime) } }
            group.notify(queue: .main) {}
        }
        window.advance(to: 0.25)
        #expect(fired == [0.25])
        #expect(queue.label == "com.example.work")
    }
}
