import Springframes
import Testing

/// `DispatchQueue.main.asyncAfter`, `Timer` and `DispatchTime` written as iOS code writes them
/// (this file imports only Springframes, as ported code does): on the window's simulated clock
/// when scheduled while it runs, on the wall clock elsewhere.
@MainActor @Suite struct SimulatedTimeTests {
    /// A screen that shows a toast and hides it two seconds later, as apps do.
    final class ToastViewController: UIViewController {
        let toast = UILabel()
        var ticks = 0
        var fireTimes: [Double] = []
        var timer: Timer?

        override func viewDidLoad() {
            super.viewDidLoad()
            toast.text = "Saved"
            view.addSubview(toast)
            DispatchQueue.main.asyncAfter(deadline: .now() + 2) { [weak self] in
                MainActor.assumeIsolated { self?.toast.isHidden = true }
            }
            timer = Timer.scheduledTimer(withTimeInterval: 0.5, repeats: true) { [weak self] timer in
                MainActor.assumeIsolated {
                    guard let self else { return }
                    self.ticks += 1
                    self.fireTimes.append(SimulatedClock.current.currentTime)
                    if self.ticks == 3 { timer.invalidate() }
                }
            }
        }
    }

    private func window(showing controller: UIViewController) -> UIWindow {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        window.rootViewController = controller
        window.makeKeyAndVisible()
        return window
    }

    @Test func aToastHidesAtTwoSimulatedSeconds() {
        let controller = ToastViewController()
        let window = window(showing: controller)
        window.advance(to: 1.99)
        #expect(!controller.toast.isHidden)
        window.advance(to: 2.0)
        #expect(controller.toast.isHidden)
    }

    @Test func aRepeatingTimerFiresEveryHalfSecondUntilInvalidated() {
        let controller = ToastViewController()
        let window = window(showing: controller)
        let valid = controller.timer?.isValid
        #expect(valid == true)
        var counts: [Int] = []
        for t in stride(from: 0.25, through: 3, by: 0.5) {
            window.advance(to: t)
            counts.append(controller.ticks)
        }
        #expect(counts == [0, 1, 2, 3, 3, 3], "fires at 0.5, 1.0 and 1.5 s, then is invalidated")
        #expect(controller.fireTimes == [0.5, 1.0, 1.5], "exactly on the half seconds, whatever the wall clock did")
        #expect(controller.timer?.isValid == false)
    }

    @Test func deadlinesAddIntervalsExactly() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        var fired: [String] = []
        window.send(Touch(.began, at: .zero, time: 1))   // work done while handling a touch runs on the clock
        SimulatedClock.withCurrent(window.clock) {
            DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(300)) { MainActor.assumeIsolated { fired.append("300 ms") } }
            DispatchQueue.main.asyncAfter(deadline: DispatchTime.now() + 0.1) { MainActor.assumeIsolated { fired.append("0.1 s") } }
            DispatchQueue.main.asyncAfter(deadline: .now() + 0.1, qos: .userInitiated) { MainActor.assumeIsolated { fired.append("qos") } }
            DispatchQueue.main.async { MainActor.assumeIsolated { fired.append("next turn") } }
        }
        #expect(fired.isEmpty)
        window.advance(to: 1)
        #expect(fired == ["next turn"])
        window.advance(to: 1.1)
        #expect(fired == ["next turn", "0.1 s"])
        window.advance(to: 1.299)
        #expect(fired.count == 2)
        window.advance(to: 1.3)
        #expect(fired == ["next turn", "0.1 s", "300 ms"], "a call that names qos is Dispatch's, on the wall clock")
    }

    @Test func outsideAWindowsClockTheMainQueueIsDispatchs() async {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let fired = LockBox(false)
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            DispatchQueue.main.asyncAfter(deadline: .now() + 0.01) {
                fired.withLock { $0 = true }
                done.resume()
            }
            window.advance(to: 100)      // the simulated clock does not run it
            #expect(!fired.current)
        }
        #expect(fired.current)
    }

    @Test func anotherQueuesWaitIsNamedOnce() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let queue = DispatchQueue(label: "com.example.sync")
        SimulatedClock.withCurrent(window.clock) {
            queue.asyncAfter(deadline: .now() + 0.01) {}
        }
        #expect(UIKitCompatibility.reported.contains("DispatchQueue(label: \"com.example.sync\").asyncAfter"))
    }
}
