import Vocabulary
import Foundation
import Views

/// Where a picker view's wheels get their rows, as UIKit's `UIPickerViewDataSource`.
@preconcurrency @MainActor
public protocol UIPickerViewDataSource: AnyObject {
    func numberOfComponents(in pickerView: UIPickerView) -> Int
    func pickerView(_ pickerView: UIPickerView, numberOfRowsInComponent component: Int) -> Int
}

/// What a picker view asks and tells its delegate, as UIKit's `UIPickerViewDelegate` (every
/// member optional). The defaults stand for "not implemented": a width of 0 shares the width
/// equally, nil titles and views show nothing.
@preconcurrency @MainActor
public protocol UIPickerViewDelegate: AnyObject {
    func pickerView(_ pickerView: UIPickerView, widthForComponent component: Int) -> CGFloat
    func pickerView(_ pickerView: UIPickerView, rowHeightForComponent component: Int) -> CGFloat
    func pickerView(_ pickerView: UIPickerView, titleForRow row: Int, forComponent component: Int) -> String?
    func pickerView(_ pickerView: UIPickerView, attributedTitleForRow row: Int, forComponent component: Int) -> NSAttributedString?
    func pickerView(_ pickerView: UIPickerView, viewForRow row: Int, forComponent component: Int, reusing view: UIView?) -> UIView?
    func pickerView(_ pickerView: UIPickerView, didSelectRow row: Int, inComponent component: Int)
}

extension UIPickerViewDelegate {
    public func pickerView(_ pickerView: UIPickerView, widthForComponent component: Int) -> CGFloat { 0 }
    public func pickerView(_ pickerView: UIPickerView, rowHeightForComponent component: Int) -> CGFloat { UIPickerView.standardRowHeight }
    public func pickerView(_ pickerView: UIPickerView, titleForRow row: Int, forComponent component: Int) -> String? { nil }
    public func pickerView(_ pickerView: UIPickerView, attributedTitleForRow row: Int, forComponent component: Int) -> NSAttributedString? { nil }
    public func pickerView(_ pickerView: UIPickerView, viewForRow row: Int, forComponent component: Int, reusing view: UIView?) -> UIView? { nil }
    public func pickerView(_ pickerView: UIPickerView, didSelectRow row: Int, inComponent component: Int) {}
}

/// UIKit's picker: one wheel per component, each a scroll view of rows drawn on a cylinder, that
/// a finger spins and that comes to rest with a row in the middle band.
///
/// A wheel is the project's `UIScrollView`, so a flick decelerates as any scroll view does
/// (`decelerationRate` `.normal`); where the deceleration would end is moved to the nearest row,
/// and the velocity is adjusted so the same curve ends there, so the wheel settles on a row
/// without a second motion. A tap on a row above or below the middle scrolls it there (0.3 s,
/// ease in-out). When a wheel the user moved comes to rest on a row, the delegate hears
/// `pickerView(_:didSelectRow:inComponent:)`, once, as on iOS; `selectRow(_:inComponent:animated:)`
/// moves the wheel and tells nobody. The data source is asked lazily, at the first layout after
/// it is set or after `reloadAllComponents()`.
///
/// Apple publishes neither metrics nor colours; these are our reading of iOS 17: 216 pt high;
/// rows 32 pt, on a cylinder of radius 108 pt (half the height, so rows vanish at the top and
/// bottom edges), each row shrunk vertically by the cosine of its angle and faded by it; titles in
/// the 21 pt system font, centred, in the label colour; the selection band a 32 pt rounded
/// (8 pt) rectangle in the tertiary fill, 8 pt in from the sides; wheels share the width inside
/// those margins unless the delegate gives widths. Only the rows within view exist at a time.
open class UIPickerView: UIView {
    /// The picker's height and the default row height.
    public static let standardHeight: CGFloat = 216
    public static let standardRowHeight: CGFloat = 32
    /// The row titles' size.
    static let titleFontSize: CGFloat = 21, margin: CGFloat = 8

    open weak var dataSource: UIPickerViewDataSource? { didSet { needsReload = true; setNeedsLayout() } }
    open weak var delegate: UIPickerViewDelegate? { didSet { needsReload = true; setNeedsLayout() } }
    /// iOS 7 and later show no separate indicator; kept for ports.
    open var showsSelectionIndicator = true

    let selectionBand = UIView(frame: .zero)
    private(set) var wheels: [PickerWheel] = []
    private var needsReload = true
    /// Rows chosen by `selectRow` before the wheels exist.
    private var pendingSelections: [Int: Int] = [:]

    public override init(frame: CGRect) {
        super.init(frame: CGRect(origin: frame.origin, size: CGSize(width: frame.width, height: frame.height == 0 ? Self.standardHeight : frame.height)))
        setUp()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }

    private func setUp() {
        selectionBand.isUserInteractionEnabled = false
        selectionBand.backgroundColor = .tertiarySystemFill
        selectionBand.layer.cornerRadius = 8
        addSubview(selectionBand)
    }

    open override var intrinsicContentSize: CGSize { CGSize(width: 320, height: Self.standardHeight) }
    open override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: size.width > 0 ? size.width : 320, height: Self.standardHeight) }

    // MARK: Data

    open var numberOfComponents: Int {
        reloadIfNeeded()
        return wheels.count
    }

    open func numberOfRows(inComponent component: Int) -> Int {
        reloadIfNeeded()
        return wheels.indices.contains(component) ? wheels[component].rowCount : 0
    }

    open func rowSize(forComponent component: Int) -> CGSize {
        reloadIfNeeded()
        guard wheels.indices.contains(component) else { return .zero }
        return CGSize(width: wheels[component].bounds.width, height: wheels[component].rowHeight)
    }

    open func reloadAllComponents() {
        needsReload = true
        setNeedsLayout()
        layoutIfNeeded()
    }

    open func reloadComponent(_ component: Int) {
        reloadIfNeeded()
        guard wheels.indices.contains(component) else { return }
        wheels[component].reload(rows: dataSource.map { $0.pickerView(self, numberOfRowsInComponent: component) } ?? 0)
    }

    /// The row in the middle band of `component` (-1 when it has no rows).
    open func selectedRow(inComponent component: Int) -> Int {
        reloadIfNeeded()
        guard wheels.indices.contains(component) else { return pendingSelections[component] ?? -1 }
        return wheels[component].selectedRow
    }

    /// Turns the wheel so `row` is in the middle band (over 0.3 s when animated). Tells nobody.
    open func selectRow(_ row: Int, inComponent component: Int, animated: Bool) {
        reloadIfNeeded()
        guard wheels.indices.contains(component) else {
            pendingSelections[component] = row
            return
        }
        wheels[component].scroll(to: row, animated: animated, byUser: false)
    }

    /// The view shown for a row, if it is within view.
    open func view(forRow row: Int, forComponent component: Int) -> UIView? {
        reloadIfNeeded()
        guard wheels.indices.contains(component) else { return nil }
        return wheels[component].visibleRows[row]
    }

    private func reloadIfNeeded() {
        guard needsReload else { return }
        needsReload = false
        let count = dataSource?.numberOfComponents(in: self) ?? 0
        while wheels.count > count { wheels.removeLast().removeFromSuperview() }
        while wheels.count < count {
            let wheel = PickerWheel(picker: self, component: wheels.count)
            addSubview(wheel)
            wheels.append(wheel)
        }
        for (component, wheel) in wheels.enumerated() {
            wheel.rowHeight = delegate?.pickerView(self, rowHeightForComponent: component) ?? Self.standardRowHeight
            wheel.reload(rows: dataSource?.pickerView(self, numberOfRowsInComponent: component) ?? 0)
            if let row = pendingSelections.removeValue(forKey: component) { wheel.scroll(to: row, animated: false, byUser: false) }
        }
    }

    // MARK: Layout

    open override func layoutSubviews() {
        super.layoutSubviews()
        reloadIfNeeded()
        let inner = bounds.insetBy(dx: Self.margin, dy: 0)
        let given = wheels.indices.map { delegate?.pickerView(self, widthForComponent: $0) ?? 0 }
        let fixed = given.reduce(0, +)
        let shared = given.filter { $0 <= 0 }.count
        let share = shared > 0 ? max(0, inner.width - fixed) / CGFloat(shared) : 0
        // Given widths are centred together, as UIKit centres components narrower than the picker.
        let total = given.map { $0 > 0 ? $0 : share }.reduce(0, +)
        var x = inner.minX + max(0, inner.width - total) / 2
        for (component, wheel) in wheels.enumerated() {
            let width = given[component] > 0 ? given[component] : share
            wheel.frame = CGRect(x: x, y: 0, width: width, height: bounds.height)
            x += width
        }
        let rowHeight = wheels.first?.rowHeight ?? Self.standardRowHeight
        selectionBand.frame = CGRect(x: inner.minX, y: bounds.midY - rowHeight / 2, width: inner.width, height: rowHeight)
        for wheel in wheels { wheel.layoutRows() }
    }

    /// A wheel the user turned came to rest on `row`.
    func wheel(_ wheel: PickerWheel, didSettleOn row: Int) {
        delegate?.pickerView(self, didSelectRow: row, inComponent: wheel.component)
    }

    /// The view for a row: the delegate's, else a label with its title.
    func makeRowView(row: Int, component: Int, reusing old: UIView?) -> UIView {
        if let view = delegate?.pickerView(self, viewForRow: row, forComponent: component, reusing: old) { return view }
        let label = (old as? UILabel) ?? UILabel(frame: .zero)
        label.textAlignment = .center
        label.font = .systemFont(ofSize: Self.titleFontSize)
        label.textColor = .label
        if let attributed = delegate?.pickerView(self, attributedTitleForRow: row, forComponent: component) {
            label.attributedText = attributed
        } else {
            label.text = delegate?.pickerView(self, titleForRow: row, forComponent: component)
        }
        return label
    }
}

/// One component's wheel: a vertical scroll view whose rows are centred at offsets
/// `row × rowHeight − inset`, drawn on a cylinder around the middle band.
final class PickerWheel: UIScrollView, UIScrollViewScrollingCustomization {
    weak var picker: UIPickerView?
    let component: Int
    var rowHeight = UIPickerView.standardRowHeight
    private(set) var rowCount = 0
    /// The rows within view, by row.
    private(set) var visibleRows: [Int: UIView] = [:]
    private var reusable: [UIView] = []
    /// Whether the motion under way was started by the user (a drag, a flick or a tap).
    private var movedByUser = false
    private let relay = WheelRelay()

    init(picker: UIPickerView, component: Int) {
        self.picker = picker
        self.component = component
        super.init(frame: .zero)
        contentInsetAdjustmentBehavior = .never
        showsVerticalScrollIndicator = false
        alwaysBounceVertical = true
        backgroundColor = nil
        relay.wheel = self
        delegate = relay
        addGestureRecognizer(UITapGestureRecognizer(target: self, action: PickerWheel.tapped))
    }

    required init?(coder: NSCoder) {
        component = 0
        super.init(coder: coder)
    }

    /// The cylinder's radius: half the wheel's height.
    private var radius: CGFloat { bounds.height / 2 }
    private var inset: CGFloat { (bounds.height - rowHeight) / 2 }

    func offset(for row: Int) -> CGFloat { CGFloat(row) * rowHeight - inset }

    /// The selected row: the last one chosen by `selectRow` or settled on by the user (during a
    /// spin, UIKit too answers with the row selected before it).
    private var anchorRow = 0
    var selectedRow: Int { rowCount > 0 ? min(anchorRow, rowCount - 1) : -1 }
    /// The row under the middle band now.
    private var rowInBand: Int {
        min(max(0, Int(((contentOffset.y + inset) / rowHeight).rounded())), max(0, rowCount - 1))
    }

    func reload(rows: Int) {
        rowCount = max(0, rows)
        anchorRow = min(anchorRow, max(0, rowCount - 1))
        for (_, view) in visibleRows { view.removeFromSuperview(); reusable.append(view) }
        visibleRows = [:]
        laidOutHeight = -1
        setNeedsLayout()
        layoutIfNeeded()
    }

    /// The height the rows were last placed for: a new one re-centres the selected row.
    private var laidOutHeight: CGFloat = -1

    override func layoutSubviews() {
        super.layoutSubviews()
        let size = CGSize(width: bounds.width, height: CGFloat(rowCount) * rowHeight)
        if contentSize != size { contentSize = size }
        if bounds.height != laidOutHeight {
            laidOutHeight = bounds.height
            contentInset = UIEdgeInsets(top: inset, left: 0, bottom: inset, right: 0)
            if rowCount > 0 { contentOffset.y = offset(for: selectedRow) }
        }
        layoutRows()
    }

    override func boundsDidChange(from old: CGRect) {
        super.boundsDidChange(from: old)
        if old.origin != bounds.origin { layoutRows() }
    }

    /// Places the rows within view on the cylinder; rows that left it are kept for reuse.
    func layoutRows() {
        guard let picker, rowHeight > 0, bounds.height > 0 else { return }
        let middle = contentOffset.y + bounds.height / 2
        let span = Int((radius * .pi / 2 / rowHeight).rounded(.up))
        let centreRow = Int(((middle - rowHeight / 2) / rowHeight).rounded())
        let wanted = Set(max(0, centreRow - span)...max(0, min(rowCount - 1, centreRow + span))).filter { $0 < rowCount }
        for row in visibleRows.keys.sorted() where !wanted.contains(row) {
            if let view = visibleRows.removeValue(forKey: row) { view.removeFromSuperview(); reusable.append(view) }
        }
        for row in wanted.sorted() {
            let view: UIView
            if let shown = visibleRows[row] {
                view = shown
            } else {
                view = picker.makeRowView(row: row, component: component, reusing: reusable.popLast())
                view.isUserInteractionEnabled = false
                addSubview(view)
                visibleRows[row] = view
            }
            // The row's angle on the cylinder: its distance from the middle along the surface.
            let angle = (CGFloat(row) * rowHeight + rowHeight / 2 - middle) / radius
            guard abs(angle) < .pi / 2 else { view.isHidden = true; continue }
            view.isHidden = false
            view.transform = .identity
            view.bounds = CGRect(x: 0, y: 0, width: bounds.width, height: rowHeight)
            view.center = CGPoint(x: bounds.width / 2, y: middle + radius * sin(angle))
            view.transform = CGAffineTransform(scaleX: 1, y: cos(angle))
            view.alpha = cos(angle)
        }
    }

    /// Turns to `row`; `byUser` decides whether the delegate hears of it when it settles.
    func scroll(to row: Int, animated: Bool, byUser: Bool) {
        guard rowCount > 0 else { return }
        anchorRow = min(max(0, row), rowCount - 1)
        let target = CGPoint(x: 0, y: offset(for: anchorRow))
        movedByUser = byUser
        if !animated || target == contentOffset {
            setContentOffset(target, animated: false)
            if byUser { settled() }
            return
        }
        setContentOffset(target, animated: true)
    }

    private func tapped(_ tap: UIGestureRecognizer) {
        guard rowCount > 0 else { return }
        // The tapped point's angle on the cylinder gives its distance along the surface.
        let fromMiddle = tap.location(in: self).y - (contentOffset.y + bounds.height / 2)
        let along = asin(min(max(fromMiddle / radius, -1), 1)) * radius
        let row = Int(((contentOffset.y + bounds.height / 2 + along - rowHeight / 2) / rowHeight).rounded())
        scroll(to: row, animated: true, byUser: true)
    }

    /// The wheel stopped: tell the picker if the user moved it.
    func settled() {
        guard movedByUser else { return }
        movedByUser = false
        anchorRow = rowInBand
        picker?.wheel(self, didSettleOn: selectedRow)
    }

    func beganDragging() { movedByUser = true }

    // MARK: UIScrollViewScrollingCustomization

    func targetContentOffset(forProposedContentOffset proposed: CGPoint, withScrollingVelocity velocity: CGPoint) -> CGPoint {
        guard rowCount > 0 else { return proposed }
        let row = Int(((proposed.y + inset) / rowHeight).rounded())
        return CGPoint(x: proposed.x, y: offset(for: min(max(0, row), rowCount - 1)))
    }

    func scrollViewDidBeginDraggingContent() {}
    var contentTouchView: UIView? { nil }
}

/// The wheel's own scroll view delegate: hears when a drag starts and when motion ends.
private final class WheelRelay: UIScrollViewDelegate {
    weak var wheel: PickerWheel?

    func scrollViewWillBeginDragging(_ scrollView: UIScrollView) { wheel?.beganDragging() }

    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
        guard let wheel, !decelerate, !wheel.isDecelerating else { return }
        wheel.settled()
    }

    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) { wheel?.settled() }
    func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) { wheel?.settled() }
}
