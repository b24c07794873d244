import Vocabulary
import Foundation
import DisplayList
import Raster
import TestSupport
import Testing
@testable import Views
@testable import Controls

/// The picker's wheels (drags, flicks and taps that settle on a row, the delegate told once) and
/// the date picker built on them, with their look in light and dark appearance.
@MainActor @Suite struct PickerTests: ControlSuite {
    static let windowSize = CGSize(width: 320, height: 216)

    /// Rows titled "Row n" in each component, recording what it is told.
    private final class Rows: UIPickerViewDataSource, UIPickerViewDelegate {
        var counts: [Int]
        var selections: [String] = []
        var asked = 0
        init(_ counts: [Int]) { self.counts = counts }
        func numberOfComponents(in pickerView: UIPickerView) -> Int { asked += 1; return counts.count }
        func pickerView(_ pickerView: UIPickerView, numberOfRowsInComponent component: Int) -> Int { counts[component] }
        func pickerView(_ pickerView: UIPickerView, titleForRow row: Int, forComponent component: Int) -> String? { "Row \(row)" }
        func pickerView(_ pickerView: UIPickerView, didSelectRow row: Int, inComponent component: Int) {
            selections.append("\(component):\(row)")
        }
    }

    private func picker(_ window: UIWindow, _ rows: Rows) -> UIPickerView {
        let picker = UIPickerView(frame: CGRect(x: 0, y: 0, width: 320, height: 0))
        picker.dataSource = rows
        picker.delegate = rows
        window.addSubview(picker)
        picker.layoutIfNeeded()
        return picker
    }

    @Test func theDataSourceIsAskedLazilyAndTheFirstRowIsInTheBand() {
        let window = window()
        let rows = Rows([20])
        let picker = UIPickerView(frame: CGRect(x: 0, y: 0, width: 320, height: 0))
        picker.dataSource = rows
        picker.delegate = rows
        #expect(rows.asked == 0 && picker.frame.height == 216)
        window.addSubview(picker)
        picker.layoutIfNeeded()
        #expect(rows.asked == 1 && picker.numberOfComponents == 1 && picker.numberOfRows(inComponent: 0) == 20)
        #expect(picker.selectedRow(inComponent: 0) == 0 && picker.wheels[0].contentOffset.y == -92)
        let label = picker.view(forRow: 0, forComponent: 0) as? UILabel
        #expect(label?.text == "Row 0" && label?.center.y == 16 && label?.alpha == 1)
        // Row 2 lies 64 pt along the cylinder: 108 sin(64/108) below the middle, shrunk and faded by cos.
        let two = picker.view(forRow: 2, forComponent: 0)
        let angle = 64.0 / 108
        #expect(abs((two?.center.y ?? 0) - (-92 + 108 + 108 * sin(angle))) < 1e-9)
        #expect(abs((two?.alpha ?? 0) - cos(angle)) < 1e-9 && abs((two?.transform.d ?? 0) - cos(angle)) < 1e-9)
    }

    @Test func selectRowTurnsTheWheelAndTellsNobody() {
        let window = window()
        let rows = Rows([20, 5])
        let picker = picker(window, rows)
        picker.selectRow(7, inComponent: 0, animated: false)
        #expect(picker.selectedRow(inComponent: 0) == 7 && picker.wheels[0].contentOffset.y == 7 * 32 - 92)
        picker.selectRow(3, inComponent: 1, animated: true)
        #expect(picker.selectedRow(inComponent: 1) == 3, "the target at once, as UIKit answers")
        window.advance(to: 0.4)
        #expect(picker.wheels[1].contentOffset.y == 3 * 32 - 92 && rows.selections.isEmpty)
    }

    @Test func aSlowDragSettlesOnTheNearestRowAndTellsTheDelegateOnce() {
        let window = window()
        let rows = Rows([20])
        let picker = picker(window, rows)
        let wheel = picker.wheels[0]
        // Up by about three rows, held still, lifted.
        window.send(Touch(.began, at: CGPoint(x: 160, y: 180), time: 0.1))
        for step in 1...10 { window.send(Touch(.moved, at: CGPoint(x: 160, y: 180 - 10 * CGFloat(step)), time: 0.1 + 0.03 * Double(step))) }
        window.send(Touch(.moved, at: CGPoint(x: 160, y: 80), time: 0.6))
        window.send(Touch(.ended, at: CGPoint(x: 160, y: 80), time: 0.7))
        #expect(rows.selections.count <= 1)
        window.advance(to: 3)
        let row = picker.selectedRow(inComponent: 0)
        #expect(rows.selections == ["0:\(row)"] && (2...3).contains(row), "\(rows.selections)")
        #expect(wheel.contentOffset.y == CGFloat(row) * 32 - 92)
    }

    @Test func aFlickDeceleratesWithoutOvershootAndComesToRestOnARow() {
        let window = window()
        let rows = Rows([100])
        let picker = picker(window, rows)
        let wheel = picker.wheels[0]
        window.send(Touch(.began, at: CGPoint(x: 160, y: 200), time: 0.1))
        for step in 1...6 { window.send(Touch(.moved, at: CGPoint(x: 160, y: 200 - 25 * CGFloat(step)), time: 0.1 + 0.016 * Double(step))) }
        window.send(Touch(.ended, at: CGPoint(x: 160, y: 50), time: 0.2))
        // Traced at 60 frames/s: the offset grows every frame, never past where it rests.
        var trace: [CGFloat] = []
        for frame in 0...240 {
            window.advance(to: 0.2 + Double(frame) / 60)
            trace.append(wheel.contentOffset.y)
            if frame < 10 { #expect(rows.selections.isEmpty, "frame \(frame): told before it settled") }
        }
        let rest = trace.last ?? 0
        #expect(zip(trace, trace.dropFirst()).allSatisfy { $0 <= $1 + 1e-9 } && trace.allSatisfy { $0 <= rest + 1e-9 })
        let row = picker.selectedRow(inComponent: 0)
        #expect(row > 10 && rest == CGFloat(row) * 32 - 92, "rests on row \(row) at \(rest)")
        #expect(rows.selections == ["0:\(row)"])
    }

    @Test func aTapOnARowBelowTheBandTurnsItThere() {
        let window = window()
        let rows = Rows([20])
        let picker = picker(window, rows)
        // Row 2 is drawn 108 sin(64/108) ≈ 60 pt below the middle (y = 108).
        tap(window, at: CGPoint(x: 160, y: 168), time: 0.1)
        #expect(rows.selections.isEmpty)
        window.advance(to: 0.5)
        #expect(rows.selections == ["0:2"] && picker.wheels[0].contentOffset.y == 2 * 32 - 92)
    }

    // MARK: Date picker

    private func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute))!
    }

    @Test func theDateWheelsShowTheDateAndATapSetsItOnce() {
        let window = window()
        let picker = UIDatePicker(frame: CGRect(x: 0, y: 0, width: 320, height: 216))
        picker.datePickerMode = .date
        picker.date = utc(2024, 2, 10)
        window.addSubview(picker)
        picker.layoutIfNeeded()
        var dates: [Date] = []
        picker.addAction(UIAction { _ in dates.append(picker.date) }, for: .valueChanged)
        #expect((0..<3).map { picker.picker.selectedRow(inComponent: $0) } == [1, 9, 124])
        #expect((picker.picker.view(forRow: 1, forComponent: 0) as? UILabel)?.text == "February")
        // The day wheel spans x = 144.8…205.6; two rows below the band.
        tap(window, at: CGPoint(x: 175, y: 168), time: 0.1)
        window.advance(to: 0.6)
        #expect(dates == [utc(2024, 2, 12)])
        picker.date = utc(2023, 12, 25)
        #expect(dates.count == 1 && picker.picker.selectedRow(inComponent: 0) == 11)
    }

    /// With no `timeZone`, the wheels show the device's zone (iOS's default): here the screen's
    /// settings (Tokyo, UTC+9), so 23:00 UTC on 9 February is 10 February on the wheels.
    @Test func withoutATimeZoneTheWheelsShowTheDevicesZone() {
        var settings = DeviceSettings()
        settings.timeZone = TimeZone(identifier: "Asia/Tokyo")!
        UIScreen.withMain(UIScreen(device: .iPhoneSE, settings: settings)) {
            let picker = UIDatePicker(frame: CGRect(x: 0, y: 0, width: 320, height: 216))
            picker.datePickerMode = .date
            picker.date = utc(2024, 2, 9, 23)
            picker.layoutIfNeeded()
            #expect((0..<3).map { picker.picker.selectedRow(inComponent: $0) } == [1, 9, 124])
            picker.timeZone = TimeZone(identifier: "UTC")
            #expect(picker.picker.selectedRow(inComponent: 1) == 8, "9 February in UTC")
        }
    }

    @Test func aDayPastTheMonthsEndSettlesOnItsLastDay() {
        let window = window()
        let picker = UIDatePicker(frame: CGRect(x: 0, y: 0, width: 320, height: 216))
        picker.datePickerMode = .date
        picker.date = utc(2024, 1, 30)
        window.addSubview(picker)
        picker.layoutIfNeeded()
        var dates: [Date] = []
        picker.addAction(UIAction { _ in dates.append(picker.date) }, for: .valueChanged)
        // One row down the month wheel (x 8…144.8): February 30 → February 29.
        tap(window, at: CGPoint(x: 70, y: 140), time: 0.1)
        window.advance(to: 1)
        #expect(dates == [utc(2024, 2, 29)] && picker.picker.selectedRow(inComponent: 1) == 28)
        #expect(abs(picker.picker.wheels[1].contentOffset.y - (28 * 32 - 92)) < 1e-9)
    }

    @Test func timeAndCountDownWheels() {
        let picker = UIDatePicker(frame: .zero)
        #expect(picker.date == Date(timeIntervalSinceReferenceDate: 0) && picker.frame.size == CGSize(width: 320, height: 216))
        picker.datePickerMode = .time
        picker.minuteInterval = 15
        picker.date = utc(2024, 5, 1, 14, 35)
        #expect((0..<3).map { picker.picker.selectedRow(inComponent: $0) } == [1, 2, 1])
        #expect(picker.picker.numberOfRows(inComponent: 1) == 4)
        picker.datePickerMode = .countDownTimer
        picker.countDownDuration = 5400 + 59
        #expect(picker.countDownDuration == 5400 && picker.picker.numberOfComponents == 2)
        #expect(picker.picker.selectedRow(inComponent: 0) == 1)
        picker.minimumDate = utc(2030, 1, 1)
        #expect(picker.date == utc(2030, 1, 1))
    }

    // MARK: Reference images

    /// A three-wheel date picker on 10 February 2024, in light and dark appearance. Metrics and
    /// colours are our reading of iOS 17 (see UIPickerView).
    @Test(arguments: [UIUserInterfaceStyle.light, .dark])
    func datePickerWheelsLookAsIOSDrawsThem(_ style: UIUserInterfaceStyle) {
        let window = window(style)
        let picker = UIDatePicker(frame: CGRect(x: 0, y: 0, width: 320, height: 216))
        picker.datePickerMode = .date
        picker.date = utc(2024, 2, 10)
        window.addSubview(picker)
        expectMatchesReference(draw(window, at: 0), area: "controls", name: "date_picker_\(style == .dark ? "dark" : "light")")
    }
}
