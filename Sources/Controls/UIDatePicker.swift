import Vocabulary
import Foundation
import Views

/// UIKit's date picker in its wheels style: a picker view whose wheels are the parts of a date or
/// a time, turning and settling as the picker's wheels do.
///
/// When a wheel the user turned comes to rest, `date` is rebuilt from the wheels and
/// `valueChanged` is sent once (nothing when the date is unchanged). A day past the end of the
/// month (February 30) settles back to the month's last day, and a date outside
/// `minimumDate...maximumDate` turns back to the limit, as on iOS. Setting `date` or
/// `setDate(_:animated:)` turns the wheels and sends nothing.
///
/// The wheels, in English (en_US) order: `.date`: month, day, year (1900–2100); `.time`: hour
/// (1–12), minute (by `minuteInterval`), AM/PM; `.dateAndTime`: the day ("Tue Nov 28", the days of
/// the date's year and the years either side), hour, minute, AM/PM; `.countDownTimer`: hours
/// (0–23) and minutes. iOS's hour and minute wheels loop round; here they end at their first
/// and last rows.
///
/// Determinism comes first: no wall clock is read, so a new picker shows 1 January 2001, 00:00
/// (`Date(timeIntervalSinceReferenceDate: 0)`) rather than now, and dates are shown in the device
/// settings' time zone (`UIScreen.main.settings.timeZone`, UTC unless a recording sets another)
/// unless `timeZone` is set, as iOS uses the device's zone: a recording is the same on every machine.
/// Only the wheels style is drawn: `.compact` and `.inline` are drawn as wheels and reported once.
open class UIDatePicker: UIControl {
    public enum Mode: Int, Sendable { case time, date, dateAndTime, countDownTimer }
    public enum Style: Int, Sendable { case automatic, wheels, compact, inline }

    open var datePickerMode: Mode = .dateAndTime { didSet { rebuild() } }
    open var preferredDatePickerStyle: Style = .automatic {
        didSet {
            if preferredDatePickerStyle == .compact || preferredDatePickerStyle == .inline {
                UIKitCompatibility.notHonoured("UIDatePicker.preferredDatePickerStyle = .\(preferredDatePickerStyle)",
                                               "only the wheels style is drawn")
            }
        }
    }
    open var datePickerStyle: Style { .wheels }
    /// The date shown; setting it turns the wheels at once and sends nothing.
    open var date: Date {
        get { storedDate }
        set { setDate(newValue, animated: false) }
    }
    open var minimumDate: Date? { didSet { setDate(storedDate, animated: false) } }
    open var maximumDate: Date? { didSet { setDate(storedDate, animated: false) } }
    /// The minute wheel's step (a divisor of 60; others are taken as 1, as UIKit does).
    open var minuteInterval = 1 { didSet { if minuteInterval < 1 || 60 % minuteInterval != 0 { minuteInterval = 1 }; rebuild() } }
    /// The count-down timer's duration (s), whole minutes.
    open var countDownDuration: TimeInterval = 0 {
        didSet { countDownDuration = min(max(0, (countDownDuration / 60).rounded(.down) * 60), 23 * 3600 + 59 * 60); showDate(animated: false) }
    }
    open var locale: Locale? {
        didSet { if locale != nil { UIKitCompatibility.notHonoured("UIDatePicker.locale", "wheels are in English (en_US) order and names") } }
    }
    open var calendar: Calendar! {
        get { workingCalendar }
        set {
            if let newValue, newValue.identifier != .gregorian {
                UIKitCompatibility.notHonoured("UIDatePicker.calendar", "the Gregorian calendar is used")
            }
        }
    }
    /// The zone dates are shown in (the device settings' zone when nil; see the type's note).
    open var timeZone: TimeZone? { didSet { workingCalendar.timeZone = timeZone ?? UIScreen.main.settings.timeZone; rebuild() } }

    let picker = UIPickerView(frame: .zero)
    private var storedDate = Date(timeIntervalSinceReferenceDate: 0)
    private var workingCalendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = Locale(identifier: "en_US_POSIX")
        calendar.timeZone = MainActor.assumeIsolated { UIScreen.main.settings.timeZone }
        return calendar
    }()
    private lazy var wheels = Wheels(owner: self)
    /// The first day of the `.dateAndTime` day wheel.
    private var firstDay = Date(timeIntervalSinceReferenceDate: 0)

    static let firstYear = 1900, lastYear = 2100

    public override init(frame: CGRect) {
        super.init(frame: CGRect(origin: frame.origin, size: CGSize(width: frame.width == 0 ? 320 : frame.width,
                                                                    height: frame.height == 0 ? UIPickerView.standardHeight : frame.height)))
        setUp()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }

    private func setUp() {
        picker.dataSource = wheels
        picker.delegate = wheels
        addSubview(picker)
        rebuild()
    }

    open override var intrinsicContentSize: CGSize { CGSize(width: 320, height: UIPickerView.standardHeight) }
    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }

    open override func layoutSubviews() {
        super.layoutSubviews()
        picker.frame = bounds
    }

    /// Sets the date (kept within the limits); `animated` turns the wheels over 0.3 s. Sends nothing.
    open func setDate(_ date: Date, animated: Bool) {
        var date = date
        if let minimumDate, date < minimumDate { date = minimumDate }
        if let maximumDate, date > maximumDate { date = maximumDate }
        storedDate = date
        if datePickerMode == .dateAndTime, !dayWheelCovers(date) { rebuild() } else { showDate(animated: animated) }
    }

    // MARK: Wheels

    enum Column { case month, day, year, dayOfYear, hour, minute, meridiem, countHours, countMinutes }

    var columns: [Column] {
        switch datePickerMode {
        case .date: return [.month, .day, .year]
        case .time: return [.hour, .minute, .meridiem]
        case .dateAndTime: return [.dayOfYear, .hour, .minute, .meridiem]
        case .countDownTimer: return [.countHours, .countMinutes]
        }
    }

    private func dayWheelCovers(_ date: Date) -> Bool {
        let days = workingCalendar.dateComponents([.day], from: firstDay, to: date).day ?? -1
        return days >= 0 && days < dayWheelLength
    }

    private var dayWheelLength: Int {
        let end = workingCalendar.date(byAdding: .year, value: 3, to: firstDay) ?? firstDay
        return workingCalendar.dateComponents([.day], from: firstDay, to: end).day ?? 0
    }

    private func rebuild() {
        let year = workingCalendar.component(.year, from: storedDate)
        firstDay = workingCalendar.date(from: DateComponents(year: year - 1, month: 1, day: 1)) ?? storedDate
        picker.reloadAllComponents()
        showDate(animated: false)
    }

    func rows(in column: Column) -> Int {
        switch column {
        case .month: return 12
        case .day: return 31
        case .year: return Self.lastYear - Self.firstYear + 1
        case .dayOfYear: return dayWheelLength
        case .hour: return 12
        case .minute: return 60 / minuteInterval
        case .meridiem: return 2
        case .countHours: return 24
        case .countMinutes: return 60 / minuteInterval
        }
    }

    func title(row: Int, column: Column) -> String {
        switch column {
        case .month: return workingCalendar.monthSymbols[row]
        case .day: return "\(row + 1)"
        case .year: return "\(Self.firstYear + row)"
        case .dayOfYear:
            let day = workingCalendar.date(byAdding: .day, value: row, to: firstDay) ?? firstDay
            let parts = workingCalendar.dateComponents([.weekday, .month, .day], from: day)
            return "\(workingCalendar.shortWeekdaySymbols[(parts.weekday ?? 1) - 1]) \(workingCalendar.shortMonthSymbols[(parts.month ?? 1) - 1]) \(parts.day ?? 1)"
        case .hour: return "\(row + 1)"
        case .minute: return String(format: "%02d", row * minuteInterval)
        case .meridiem: return row == 0 ? "AM" : "PM"
        case .countHours: return row == 1 ? "1 hour" : "\(row) hours"
        case .countMinutes: return "\(row * minuteInterval) min"
        }
    }

    /// The share of the width each column takes.
    func widthShare(_ column: Column) -> CGFloat {
        switch column {
        case .month: return 0.45
        case .day: return 0.2
        case .year: return 0.35
        case .dayOfYear: return 0.46
        case .hour, .minute, .meridiem: return datePickerMode == .time ? 1.0 / 3 : 0.18
        case .countHours, .countMinutes: return 0.5
        }
    }

    /// The row each wheel shows for the date.
    private func rowsForDate() -> [Int] {
        let parts = workingCalendar.dateComponents([.year, .month, .day, .hour, .minute], from: storedDate)
        let hour = parts.hour ?? 0, minute = (parts.minute ?? 0) / minuteInterval
        return columns.map { column in
            switch column {
            case .month: return (parts.month ?? 1) - 1
            case .day: return (parts.day ?? 1) - 1
            case .year: return min(max(0, (parts.year ?? Self.firstYear) - Self.firstYear), Self.lastYear - Self.firstYear)
            case .dayOfYear:
                let start = workingCalendar.startOfDay(for: storedDate)
                return workingCalendar.dateComponents([.day], from: firstDay, to: start).day ?? 0
            case .hour: return (hour + 11) % 12
            case .minute: return minute
            case .meridiem: return hour < 12 ? 0 : 1
            case .countHours: return Int(countDownDuration) / 3600
            case .countMinutes: return (Int(countDownDuration) % 3600) / 60 / minuteInterval
            }
        }
    }

    private func showDate(animated: Bool) {
        for (component, row) in rowsForDate().enumerated() { picker.selectRow(row, inComponent: component, animated: animated) }
    }

    /// A wheel the user turned settled: rebuild the date from all wheels.
    func wheelSettled() {
        let rows = columns.indices.map { picker.selectedRow(inComponent: $0) }
        if datePickerMode == .countDownTimer {
            let duration = TimeInterval(rows[0] * 3600 + rows[1] * minuteInterval * 60)
            guard duration != countDownDuration else { return }
            countDownDuration = duration
            return sendActions(for: .valueChanged)
        }
        var parts = workingCalendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: storedDate)
        var hour12: Int?, pm: Bool?
        for (column, row) in zip(columns, rows) {
            switch column {
            case .month: parts.month = row + 1
            case .day: parts.day = row + 1
            case .year: parts.year = Self.firstYear + row
            case .dayOfYear:
                let day = workingCalendar.date(byAdding: .day, value: row, to: firstDay) ?? firstDay
                let dayParts = workingCalendar.dateComponents([.year, .month, .day], from: day)
                (parts.year, parts.month, parts.day) = (dayParts.year, dayParts.month, dayParts.day)
            case .hour: hour12 = row + 1
            case .minute: parts.minute = row * minuteInterval
            case .meridiem: pm = row == 1
            case .countHours, .countMinutes: break
            }
        }
        if let hour12, let pm { parts.hour = hour12 % 12 + (pm ? 12 : 0) }
        // A day past the month's end settles on its last day.
        if let year = parts.year, let month = parts.month,
           let first = workingCalendar.date(from: DateComponents(year: year, month: month, day: 1)),
           let days = workingCalendar.range(of: .day, in: .month, for: first)?.count {
            parts.day = min(parts.day ?? 1, days)
        }
        guard let new = workingCalendar.date(from: parts) else { return }
        let old = storedDate
        setDate(new, animated: true)
        if storedDate != old { sendActions(for: .valueChanged) }
    }

    /// The picker's data source and delegate, kept out of the date picker's public face.
    private final class Wheels: UIPickerViewDataSource, UIPickerViewDelegate {
        weak var owner: UIDatePicker?
        init(owner: UIDatePicker) { self.owner = owner }

        func numberOfComponents(in pickerView: UIPickerView) -> Int { owner?.columns.count ?? 0 }

        func pickerView(_ pickerView: UIPickerView, numberOfRowsInComponent component: Int) -> Int {
            guard let owner, owner.columns.indices.contains(component) else { return 0 }
            return owner.rows(in: owner.columns[component])
        }

        func pickerView(_ pickerView: UIPickerView, titleForRow row: Int, forComponent component: Int) -> String? {
            guard let owner, owner.columns.indices.contains(component) else { return nil }
            return owner.title(row: row, column: owner.columns[component])
        }

        func pickerView(_ pickerView: UIPickerView, widthForComponent component: Int) -> CGFloat {
            guard let owner, owner.columns.indices.contains(component) else { return 0 }
            return (pickerView.bounds.width - 2 * UIPickerView.margin) * owner.widthShare(owner.columns[component])
        }

        func pickerView(_ pickerView: UIPickerView, didSelectRow row: Int, inComponent component: Int) {
            owner?.wheelSettled()
        }
    }
}
