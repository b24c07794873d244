import Vocabulary
import Foundation
import DisplayList
import Raster
import TestSupport
import Testing
@testable import Views
@testable import Controls

/// The switch and the segmented control: events sent when iOS sends them, the knob's and the
/// pill's slides traced frame by frame, and their look in light and dark appearance.
@MainActor @Suite struct SwitchAndSegmentTests: ControlSuite {
    /// The switch's knob, as drawn at `time`.
    private func knob(of control: UISwitch, at time: TimeInterval) -> CGRect { shownFrame(of: control.knob, at: time) }

    @Test func aSwitchIsAlways51By31() {
        let control = UISwitch(frame: CGRect(x: 10, y: 20, width: 200, height: 80))
        #expect(control.frame == CGRect(x: 10, y: 20, width: 51, height: 31))
        control.frame = CGRect(x: 5, y: 6, width: 7, height: 8)
        #expect(control.frame == CGRect(x: 5, y: 6, width: 51, height: 31))
        #expect(control.intrinsicContentSize == CGSize(width: 51, height: 31))
    }

    @Test func aTapFlipsTheSwitchOnceAndTheKnobSlidesWithoutOvershoot() {
        let window = window()
        let control = UISwitch(frame: CGRect(x: 20, y: 20, width: 0, height: 0))
        window.addSubview(control)
        var changes: [Bool] = []
        control.addAction(UIAction { _ in changes.append(control.isOn) }, for: .valueChanged)
        #expect(knob(of: control, at: 0) == CGRect(x: 2, y: 2, width: 27, height: 27))

        window.send(Touch(.began, at: CGPoint(x: 45, y: 35), time: 0.1))
        window.send(Touch(.ended, at: CGPoint(x: 45, y: 35), time: 0.15))
        #expect(control.isOn && changes == [true], "valueChanged once, after the change")

        // The knob's centre moves right every frame and never passes where it rests.
        var previous = knob(of: control, at: 0.15).midX
        for frame in 1...40 {
            let x = knob(of: control, at: 0.15 + Double(frame) / 60).midX
            #expect(x >= previous - 1e-9 && x <= 35.5 + 1e-9, "frame \(frame): knob centre \(x) after \(previous)")
            previous = x
        }
        #expect(knob(of: control, at: 0.15 + UISwitch.toggleDuration) == CGRect(x: 22, y: 2, width: 27, height: 27))

        // Drawn: the track is system green left of the knob, the knob white.
        let canvas = draw(window, at: 1)
        #expect(near(canvas.pixel(x: 2 * 30, y: 2 * 35), Color(rgb: 0x34C759), 2))
        #expect(near(canvas.pixel(x: 2 * (20 + 35), y: 2 * 35), .white, 2))
    }

    @Test func theKnobWidensWhileAFingerIsOnIt() {
        let window = window()
        let control = UISwitch(frame: CGRect(x: 20, y: 20, width: 0, height: 0))
        window.addSubview(control)
        window.send(Touch(.began, at: CGPoint(x: 45, y: 35), time: 0.1))
        window.advance(to: 0.5)
        #expect(knob(of: control, at: 0.5) == CGRect(x: 2, y: 2, width: 34, height: 27))
        window.send(Touch(.cancelled, at: CGPoint(x: 45, y: 35), time: 0.6))
        #expect(!control.isOn)
        #expect(knob(of: control, at: 1) == CGRect(x: 2, y: 2, width: 27, height: 27))
    }

    @Test func aDragDecidesBySideAndALiftFarAwayChangesNothing() {
        let window = window()
        let control = UISwitch(frame: CGRect(x: 20, y: 20, width: 0, height: 0))
        window.addSubview(control)
        var events = 0
        control.addAction(UIAction { _ in events += 1 }, for: .valueChanged)
        // Down on the left, dragged to the right half, lifted: on.
        window.send(Touch(.began, at: CGPoint(x: 24, y: 35), time: 0.1))
        window.send(Touch(.moved, at: CGPoint(x: 62, y: 35), time: 0.2))
        window.send(Touch(.ended, at: CGPoint(x: 62, y: 35), time: 0.3))
        #expect(control.isOn && events == 1)
        // Dragged further right while on: still on, nothing sent.
        window.send(Touch(.began, at: CGPoint(x: 40, y: 35), time: 1.0))
        window.send(Touch(.moved, at: CGPoint(x: 66, y: 35), time: 1.1))
        window.send(Touch(.ended, at: CGPoint(x: 66, y: 35), time: 1.2))
        #expect(control.isOn && events == 1)
        // Lifted beyond the 70 pt margin: touchUpOutside, no change.
        var outside = 0
        control.addAction(UIAction { _ in outside += 1 }, for: .touchUpOutside)
        window.send(Touch(.began, at: CGPoint(x: 40, y: 35), time: 2.0))
        window.send(Touch(.moved, at: CGPoint(x: 300, y: 35), time: 2.1))
        window.send(Touch(.ended, at: CGPoint(x: 300, y: 35), time: 2.2))
        #expect(control.isOn && events == 1 && outside == 1)
    }

    @Test func settingIsOnChangesTheLookAtOnceAndSendsNothing() {
        let window = window()
        let control = UISwitch(frame: CGRect(x: 20, y: 20, width: 0, height: 0))
        window.addSubview(control)
        var events = 0
        control.addAction(UIAction { _ in events += 1 }, for: .valueChanged)
        control.isOn = true
        #expect(knob(of: control, at: 0) == CGRect(x: 22, y: 2, width: 27, height: 27) && events == 0)
        control.setOn(false, animated: true)
        #expect(control.isOn == false && events == 0)
        #expect(knob(of: control, at: UISwitch.toggleDuration) == CGRect(x: 2, y: 2, width: 27, height: 27))
    }

    @Test func theOffTrackIsTheSecondaryFill() {
        for (style, expected) in [(UIUserInterfaceStyle.light, Color(rgb: 0xE9E9EA)), (.dark, Color(rgb: 0x39393D))] {
            let window = window(style)
            window.addSubview(UISwitch(frame: CGRect(x: 20, y: 20, width: 0, height: 0)))
            let canvas = draw(window, at: 0)
            #expect(near(canvas.pixel(x: 2 * (20 + 44), y: 2 * 35), expected, 2), "\(style)")
        }
    }

    // MARK: Segmented control

    private func segments(_ window: UIWindow) -> UISegmentedControl {
        let control = UISegmentedControl(items: ["Day", "Week", "Month"])
        control.frame = CGRect(x: 20, y: 70, width: 300, height: 32)
        control.selectedSegmentIndex = 0
        window.addSubview(control)
        control.layoutIfNeeded()
        return control
    }

    /// The pill, as drawn at `time`.
    private func pill(of control: UISegmentedControl, at time: TimeInterval) -> CGRect { shownFrame(of: control.pill, at: time) }

    @Test func aTapSelectsASegmentAndThePillSlidesThere() {
        let window = window()
        let control = segments(window)
        var changes: [Int] = []
        control.addAction(UIAction { _ in changes.append(control.selectedSegmentIndex) }, for: .valueChanged)
        #expect(pill(of: control, at: 0) == CGRect(x: 2, y: 2, width: 96, height: 28))

        tap(window, at: CGPoint(x: 20 + 250, y: 86), time: 0.1)
        #expect(control.selectedSegmentIndex == 2 && changes == [2])
        var previous = pill(of: control, at: 0.15).minX
        for frame in 1...30 {
            let x = pill(of: control, at: 0.15 + Double(frame) / 60).minX
            #expect(x >= previous - 1e-9 && x <= 202 + 1e-9, "frame \(frame): pill at \(x) after \(previous)")
            previous = x
        }
        // The slide ends 0.3 s after the lift, at 0.45 s.
        #expect(pill(of: control, at: 0.45) == CGRect(x: 202, y: 2, width: 96, height: 28))

        tap(window, at: CGPoint(x: 20 + 250, y: 86), time: 1)
        #expect(changes == [2], "the selected segment again sends nothing")
        control.selectedSegmentIndex = 1
        #expect(changes == [2] && pill(of: control, at: 1.1) == CGRect(x: 102, y: 2, width: 96, height: 28))
    }

    @Test func segmentsShareTheWidthOrFollowTheirTitles() {
        let control = UISegmentedControl(items: ["A", "A much longer title"])
        #expect(control.bounds.height == 32)
        control.frame = CGRect(x: 0, y: 0, width: 300, height: 32)
        control.layoutIfNeeded()
        let labels = control.subviews.compactMap { $0 as? UILabel }
        #expect(labels.map(\.frame.width) == [150, 150])
        control.apportionsSegmentWidthsByContent = true
        control.layoutIfNeeded()
        #expect(labels[0].frame.width < labels[1].frame.width && labels[0].frame.width + labels[1].frame.width == 300)
        control.setWidth(60, forSegmentAt: 0)
        control.layoutIfNeeded()
        #expect(labels.map(\.frame.width) == [60, 240])
    }

    @Test func theBarIsTheTertiaryFillAndThePillIsRaised() {
        let window = window()
        let control = segments(window)
        let canvas = draw(window, at: 0)
        // Segment 2, away from its title: the bar over white (0x767680 at 12 %).
        #expect(near(canvas.pixel(x: 2 * (20 + 206), y: 2 * 86), Color(rgb: 0xEFEFF0), 2))
        // The pill's left part, away from its title: white.
        #expect(near(canvas.pixel(x: 2 * (20 + 8), y: 2 * 86), .white, 2))
        #expect(control.numberOfSegments == 3 && control.titleForSegment(at: 2) == "Month")
    }

    // MARK: Reference images

    /// Off, on and a segmented control, in light and dark appearance. Metrics and colours are our
    /// reading of iOS 17 (see UISwitch and UISegmentedControl).
    @Test(arguments: [UIUserInterfaceStyle.light, .dark])
    func controlsLookAsIOSDrawsThem(_ style: UIUserInterfaceStyle) {
        let window = window(style)
        window.addSubview(UISwitch(frame: CGRect(x: 20, y: 20, width: 0, height: 0)))
        let on = UISwitch(frame: CGRect(x: 90, y: 20, width: 0, height: 0))
        on.isOn = true
        window.addSubview(on)
        _ = segments(window)
        expectMatchesReference(draw(window, at: 0), area: "controls", name: "switch_segments_\(style == .dark ? "dark" : "light")")
    }
}
