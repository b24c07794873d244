import Vocabulary
import Foundation
import DisplayList
import Raster
import TestSupport
import Testing
@testable import Views
@testable import Controls

/// The slider, the stepper, the page control, the progress bar and the spinner: events sent when
/// iOS sends them, values after drags and held presses, per-frame traces of their animations, and
/// their look in light and dark appearance.
@MainActor @Suite struct ValueControlTests: ControlSuite {
    // MARK: Slider

    /// A 228 pt slider at (20, 20): the thumb's centre travels 200 pt, from x = 34 to x = 234.
    private func slider(_ window: UIWindow) -> UISlider {
        let slider = UISlider(frame: CGRect(x: 20, y: 20, width: 228, height: 31))
        window.addSubview(slider)
        slider.layoutIfNeeded()
        return slider
    }

    @Test func aDraggedThumbFollowsTheFingerAndSendsValueChangedAsItGoes() {
        let window = window()
        let slider = slider(window)
        var values: [Float] = []
        var events: [String] = []
        slider.addAction(UIAction { _ in values.append(slider.value); events.append("valueChanged") }, for: .valueChanged)
        slider.addAction(UIAction { _ in events.append("touchUpInside") }, for: .touchUpInside)
        #expect(slider.thumb.frame == CGRect(x: 0, y: 1.5, width: 28, height: 28))

        // Grabbed 4 pt right of the thumb's centre, which keeps that offset.
        window.send(Touch(.began, at: CGPoint(x: 38, y: 35), time: 0.1))
        window.send(Touch(.moved, at: CGPoint(x: 88, y: 35), time: 0.2))
        window.send(Touch(.moved, at: CGPoint(x: 138, y: 35), time: 0.3))
        window.send(Touch(.ended, at: CGPoint(x: 138, y: 35), time: 0.4))
        #expect(values == [0.25, 0.5])
        #expect(events == ["valueChanged", "valueChanged", "touchUpInside"])
        #expect(slider.thumb.frame.midX == 114 && slider.minimumTrack.frame.width == 114)

        // Dragged far past the end: clamped to the maximum.
        window.send(Touch(.began, at: CGPoint(x: 134, y: 35), time: 1))
        window.send(Touch(.moved, at: CGPoint(x: 330, y: 35), time: 1.1))
        window.send(Touch(.ended, at: CGPoint(x: 330, y: 35), time: 1.2))
        #expect(slider.value == 1 && values.last == 1)
    }

    @Test func aSliderThatIsNotContinuousSendsOnceOnLift() {
        let window = window()
        let slider = slider(window)
        slider.isContinuous = false
        var values: [Float] = []
        slider.addAction(UIAction { _ in values.append(slider.value) }, for: .valueChanged)
        window.send(Touch(.began, at: CGPoint(x: 34, y: 35), time: 0.1))
        window.send(Touch(.moved, at: CGPoint(x: 84, y: 35), time: 0.2))
        window.send(Touch(.moved, at: CGPoint(x: 184, y: 35), time: 0.3))
        #expect(values.isEmpty && slider.value == 0.75)
        window.send(Touch(.ended, at: CGPoint(x: 184, y: 35), time: 0.4))
        #expect(values == [0.75])
    }

    @Test func aTouchOnTheTrackAwayFromTheThumbMovesNothing() {
        let window = window()
        let slider = slider(window)
        var changes = 0
        slider.addAction(UIAction { _ in changes += 1 }, for: .valueChanged)
        window.send(Touch(.began, at: CGPoint(x: 200, y: 35), time: 0.1))
        window.send(Touch(.moved, at: CGPoint(x: 150, y: 35), time: 0.2))
        window.send(Touch(.ended, at: CGPoint(x: 150, y: 35), time: 0.3))
        #expect(slider.value == 0 && changes == 0)
    }

    @Test func setValueAnimatedSlidesTheThumbOverAQuarterSecond() {
        let window = window()
        let slider = slider(window)
        slider.minimumValue = 10
        slider.maximumValue = 20
        var changes = 0
        slider.addAction(UIAction { _ in changes += 1 }, for: .valueChanged)
        window.advance(to: 0.5)
        slider.setValue(25, animated: true)
        #expect(slider.value == 20 && changes == 0)
        // The thumb's centre moves right each frame (ease in-out), from 14 to 214, and rests at 0.75 s.
        var previous = shownFrame(of: slider.thumb, at: 0.5).midX
        #expect(previous == 14)
        var trace: [CGFloat] = []
        for frame in 1...15 {
            let x = shownFrame(of: slider.thumb, at: 0.5 + Double(frame) / 60).midX
            #expect(x >= previous && x <= 214 + 1e-9, "frame \(frame): \(x) after \(previous)")
            trace.append(x)
            previous = x
        }
        #expect(trace.last == 214)
        // Ease in-out: halfway in time is halfway in place, the first frame moves less than a tenth.
        #expect(abs(shownFrame(of: slider.thumb, at: 0.625).midX - 114) < 1 && trace[0] < 34)
    }

    @Test func theTracksAreBlueAndTheSystemFillAndTheThumbIsWhite() {
        for (style, right) in [(UIUserInterfaceStyle.light, Color(rgb: 0xE4E4E6)), (.dark, Color(rgb: 0x2B2B2E))] {
            let window = window(style)
            let slider = slider(window)
            slider.value = 0.5
            let canvas = draw(window, at: 0)
            #expect(near(canvas.pixel(x: 2 * 40, y: 2 * 35), Color(rgb: 0x007AFF)) || near(canvas.pixel(x: 2 * 40, y: 2 * 35), Color(rgb: 0x0A84FF)), "\(style)")
            #expect(near(canvas.pixel(x: 2 * 220, y: 2 * 35), right), "\(style): \(canvas.pixel(x: 2 * 220, y: 2 * 35))")
            #expect(near(canvas.pixel(x: 2 * 134, y: 2 * 35), .white), "\(style)")
        }
    }

    // MARK: Stepper

    @Test func aStepperStepsOnTouchDownAndRepeatsWhileHeld() {
        let window = window()
        let stepper = UIStepper(frame: CGRect(x: 20, y: 20, width: 10, height: 10))
        window.addSubview(stepper)
        #expect(stepper.frame == CGRect(x: 20, y: 20, width: 94, height: 32))
        var values: [Double] = []
        stepper.addAction(UIAction { _ in values.append(stepper.value) }, for: .valueChanged)
        // "+" pressed at 0.1 s: 1 at once; repeats at 0.6, 0.7, 0.8, 0.9 s; lifted at 0.95 s.
        window.send(Touch(.began, at: CGPoint(x: 90, y: 36), time: 0.1))
        #expect(values == [1])
        window.advance(to: 0.59)
        #expect(values == [1])
        window.advance(to: 0.95)
        window.send(Touch(.ended, at: CGPoint(x: 90, y: 36), time: 0.95))
        #expect(values == [1, 2, 3, 4, 5])
        window.advance(to: 2)
        #expect(stepper.value == 5, "no repeat after the lift")
        // "−" tapped.
        tap(window, at: CGPoint(x: 40, y: 36), time: 3)
        #expect(values == [1, 2, 3, 4, 5, 4])
    }

    @Test func aStepperStopsOrWrapsAtItsLimitsAndCanSendOnlyOnLift() {
        let window = window()
        let stepper = UIStepper(frame: CGRect(x: 20, y: 20, width: 0, height: 0))
        window.addSubview(stepper)
        stepper.maximumValue = 1
        stepper.stepValue = 0.5
        var values: [Double] = []
        stepper.addAction(UIAction { _ in values.append(stepper.value) }, for: .valueChanged)
        for time in [0.1, 0.5, 0.9] { tap(window, at: CGPoint(x: 90, y: 36), time: time) }
        #expect(values == [0.5, 1], "nothing is sent at the limit")
        stepper.wraps = true
        tap(window, at: CGPoint(x: 90, y: 36), time: 1.3)
        #expect(values == [0.5, 1, 0])
        stepper.isContinuous = false
        stepper.value = 0
        window.send(Touch(.began, at: CGPoint(x: 90, y: 36), time: 2))
        window.advance(to: 2.65)
        #expect(stepper.value == 0 && values.count == 3, "0.5, 1, wrapped to 0: shown, not sent")
        window.send(Touch(.ended, at: CGPoint(x: 90, y: 36), time: 2.65))
        #expect(values == [0.5, 1, 0], "back where it started: nothing to send")
        tap(window, at: CGPoint(x: 90, y: 36), time: 3)
        #expect(values == [0.5, 1, 0, 0.5])
    }

    @Test func theStepperDimsTheGlyphTowardsALimit() {
        let window = window()
        let stepper = UIStepper(frame: CGRect(x: 20, y: 20, width: 0, height: 0))
        window.addSubview(stepper)
        let canvas = draw(window, at: 0)
        // The "−" bar at the minimum: tertiary label over the fill; the "+" bar: the label colour.
        let minus = canvas.pixel(x: 2 * (20 + 23), y: 2 * 36), plus = canvas.pixel(x: 2 * (20 + 70), y: 2 * 36)
        #expect(minus.red > 150 && plus.red < 10, "\(minus) \(plus)")
    }

    // MARK: Page control

    @Test func aTapOnEitherHalfMovesOnePage() {
        let window = window()
        let pages = UIPageControl(frame: CGRect(x: 20, y: 20, width: 300, height: 26))
        pages.numberOfPages = 5
        window.addSubview(pages)
        var changes: [Int] = []
        pages.addAction(UIAction { _ in changes.append(pages.currentPage) }, for: .valueChanged)
        tap(window, at: CGPoint(x: 280, y: 33), time: 0.1)
        tap(window, at: CGPoint(x: 200, y: 33), time: 0.3)
        tap(window, at: CGPoint(x: 60, y: 33), time: 0.5)
        #expect(changes == [1, 2, 1])
        pages.currentPage = 0
        tap(window, at: CGPoint(x: 60, y: 33), time: 0.7)
        #expect(changes == [1, 2, 1] && pages.currentPage == 0, "no page before the first")
        pages.currentPage = 9
        #expect(pages.currentPage == 4)
        #expect(pages.size(forNumberOfPages: 5) == CGSize(width: 80, height: 26))
    }

    @Test func theCurrentDotIsTheLabelColourAndASinglePageCanHide() {
        let window = window()
        let pages = UIPageControl(frame: CGRect(x: 20, y: 20, width: 300, height: 26))
        pages.numberOfPages = 3
        pages.currentPage = 1
        window.addSubview(pages)
        // Dots centred at x = 20 + 150 − 16, 150, 150 + 16; y = 33.
        var canvas = draw(window, at: 0)
        #expect(near(canvas.pixel(x: 2 * 170, y: 2 * 33), .black))
        #expect(near(canvas.pixel(x: 2 * 154, y: 2 * 33), Color(rgb: 0xC4C4C6)))
        pages.numberOfPages = 1
        pages.hidesForSinglePage = true
        canvas = draw(window, at: 0.1)
        #expect(near(canvas.pixel(x: 2 * 170, y: 2 * 33), .white))
    }

    // MARK: Progress view

    @Test func setProgressAnimatedGrowsTheFillOverAQuarterSecond() {
        let window = window()
        let bar = UIProgressView(progressViewStyle: .default)
        bar.frame = CGRect(x: 20, y: 20, width: 200, height: 4)
        window.addSubview(bar)
        bar.progress = 0.25
        bar.layoutIfNeeded()
        #expect(bar.fill.frame == CGRect(x: 0, y: 0, width: 50, height: 4))
        window.advance(to: 1)
        bar.setProgress(0.75, animated: true)
        var widths: [CGFloat] = []
        for frame in 0...15 { widths.append(shownFrame(of: bar.fill, at: 1 + Double(frame) / 60).width) }
        #expect(widths.first == 50 && widths.last == 150)
        #expect(zip(widths, widths.dropFirst()).allSatisfy { $0 <= $1 }, "\(widths)")
        #expect(abs(widths[7] - 96.7) < 3, "ease in-out near the middle at 7/60 s: \(widths[7])")
        bar.progress = 2
        #expect(bar.progress == 1)
    }

    @Test func theProgressBarIsTintedOverTheSystemFill() {
        let window = window()
        let bar = UIProgressView(frame: CGRect(x: 20, y: 20, width: 200, height: 4))
        bar.progress = 0.5
        window.addSubview(bar)
        let canvas = draw(window, at: 0)
        #expect(near(canvas.pixel(x: 2 * 60, y: 2 * 22), Color(rgb: 0x007AFF)))
        #expect(near(canvas.pixel(x: 2 * 180, y: 2 * 22), Color(rgb: 0xE4E4E6)))
    }

    // MARK: Activity indicator

    @Test func theSpinnerTurnsOneStepEveryTwelfthOfASecondWhileAnimating() {
        let window = window()
        let spinner = UIActivityIndicatorView(style: .medium)
        spinner.center = CGPoint(x: 40, y: 40)
        window.addSubview(spinner)
        #expect(spinner.isHidden && !spinner.isAnimating && spinner.bounds.size == CGSize(width: 20, height: 20))
        window.advance(to: 0.5)
        spinner.startAnimating()
        #expect(!spinner.isHidden && spinner.isAnimating)
        // Sampled at 30 frames/s: the step (and the rotor's angle) follows the clock, not the frames.
        var steps: [Int] = []
        for frame in 0...10 {
            window.advance(to: 0.5 + Double(frame) / 30)
            steps.append(spinner.step)
        }
        #expect(steps == [0, 0, 0, 1, 1, 2, 2, 2, 3, 3, 4])
        let angle = atan2(spinner.rotor.transform.b, spinner.rotor.transform.a)
        #expect(abs(angle - .pi) < 1e-9)
        spinner.stopAnimating()
        window.advance(to: 2)
        #expect(spinner.step == 4 && spinner.isHidden)
        spinner.hidesWhenStopped = false
        #expect(!spinner.isHidden)
    }

    @Test func framesOfTheSpinnerShowItTurning() {
        let window = window(width: 60, height: 60)
        let spinner = UIActivityIndicatorView(style: .large)
        spinner.color = .black
        spinner.center = CGPoint(x: 30, y: 30)
        window.addSubview(spinner)
        spinner.startAnimating()
        // The opaque head points up at step 0 and right at step 2 (1/6 s).
        let up = draw(window, at: 0), right = draw(window, at: 1.0 / 6 + 0.01)
        #expect(up.pixel(x: 2 * 30, y: 2 * 17).red < 20 && right.pixel(x: 2 * 30, y: 2 * 17).red > 40)
        #expect(right.pixel(x: 2 * 43, y: 2 * 30).red < 20)
    }

    // MARK: Reference images

    /// A slider at 0.4, a stepper, a page control on page 2 of 4, a progress bar at 0.6 and both
    /// spinners, in light and dark appearance. Metrics and colours are our reading of iOS 17 (see
    /// each type's documentation).
    @Test(arguments: [UIUserInterfaceStyle.light, .dark])
    func valueControlsLookAsIOSDrawsThem(_ style: UIUserInterfaceStyle) {
        let window = window(style, height: 160)
        let slider = slider(window)
        slider.value = 0.4
        let stepper = UIStepper(frame: CGRect(x: 20, y: 64, width: 0, height: 0))
        stepper.value = 3
        window.addSubview(stepper)
        let pages = UIPageControl(frame: CGRect(x: 130, y: 67, width: 190, height: 26))
        pages.numberOfPages = 4
        pages.currentPage = 1
        window.addSubview(pages)
        let bar = UIProgressView(frame: CGRect(x: 20, y: 112, width: 200, height: 4))
        bar.progress = 0.6
        window.addSubview(bar)
        let medium = UIActivityIndicatorView(style: .medium)
        medium.center = CGPoint(x: 250, y: 114)
        let large = UIActivityIndicatorView(style: .large)
        large.center = CGPoint(x: 300, y: 114)
        for spinner in [medium, large] {
            window.addSubview(spinner)
            spinner.startAnimating()
        }
        expectMatchesReference(draw(window, at: 0), area: "controls", name: "value_controls_\(style == .dark ? "dark" : "light")")
    }
}
