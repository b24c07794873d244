import Vocabulary
import Foundation
import DisplayList
import Raster
import TestSupport
import Testing
@testable import Views
@testable import Tables

/// Row, header and footer frames of the three styles against the metrics chosen (see
/// `UITableView`), the order of the data source's and delegate's calls, selection by taps, and
/// a settings screen drawn in light and dark.
@MainActor @Suite struct TableLayoutTests {
    private func table(_ style: UITableView.Style, _ list: TextList, in window: UIWindow) -> UITableView {
        let table = UITableView(frame: window.bounds, style: style)
        table.dataSource = list
        table.delegate = list
        window.addSubview(table)
        window.advance(to: 0)
        return table
    }

    @Test(arguments: [UITableView.Style.plain, .grouped, .insetGrouped])
    func rowFramesFollowTheStyleMetrics(style: UITableView.Style) {
        let window = makeWindow()
        let list = TextList([["A", "B"], ["C"]], headers: ["First", "Second"], footers: [nil, "Footer"])
        let table = table(style, list, in: window)
        let x: CGFloat = style == .insetGrouped ? 16 : 0
        let width: CGFloat = style == .insetGrouped ? 358 : 390
        // Headers: plain 22 pt padding + 28 pt; grouped 38 pt with a title; rows 44 pt.
        let firstRowY: CGFloat = style == .plain ? 22 + 28 : 38
        #expect(table.rectForHeader(inSection: 0) == CGRect(x: x, y: style == .plain ? 22 : 0, width: width, height: style == .plain ? 28 : 38))
        #expect(table.rectForRow(at: IndexPath(row: 0, section: 0)) == CGRect(x: x, y: firstRowY, width: width, height: 44))
        #expect(table.rectForRow(at: IndexPath(row: 1, section: 0)) == CGRect(x: x, y: firstRowY + 44, width: width, height: 44))
        let secondHeader = table.rectForHeader(inSection: 1)
        #expect(secondHeader.minY == firstRowY + 88 + (style == .plain ? 22 : 0))
        #expect(table.rectForRow(at: IndexPath(row: 0, section: 1)).minY == secondHeader.maxY)
        let footer = table.rectForFooter(inSection: 1)
        #expect(footer.height == (style == .plain ? 28 : 34))
        #expect(table.contentSize.height == footer.maxY)
        // The cells are where the rows are, and the first one is 44 pt tall.
        let cell = table.cellForRow(at: IndexPath(row: 0, section: 0))
        #expect(cell?.frame == table.rectForRow(at: IndexPath(row: 0, section: 0)))
        #expect(table.visibleCells.count == 3)
    }

    @Test func groupedSectionsWithoutTitlesAre35PointsApart() {
        let window = makeWindow()
        let table = table(.insetGrouped, TextList([["A"], ["B"]]), in: window)
        #expect(table.rectForRow(at: IndexPath(row: 0, section: 0)).minY == 35)
        #expect(abs(table.rectForRow(at: IndexPath(row: 0, section: 1)).minY - (35 + 44 + 35)) < 1e-9)
    }

    @Test func aFixedRowHeightAndTheDelegatesHeightsWin() {
        let window = makeWindow()
        let list = TextList([["A", "B", "C"]])
        let table = inbox(list, in: window)
        #expect(table.rectForRow(at: IndexPath(row: 2, section: 0)) == CGRect(x: 0, y: 120, width: 390, height: 60))
        #expect(table.indexPathForRow(at: CGPoint(x: 10, y: 130)) == IndexPath(row: 2, section: 0))
        #expect(table.indexPathForRow(at: CGPoint(x: 10, y: 190)) == nil)
    }

    @Test func separatorsStartAtTheInsetAndTheLastRowOfAnInsetSectionHasNone() {
        let window = makeWindow()
        let table = table(.insetGrouped, TextList([["A", "B"]]), in: window)
        let first = table.cellForRow(at: IndexPath(row: 0, section: 0))
        let last = table.cellForRow(at: IndexPath(row: 1, section: 0))
        #expect(first?.placement.showsSeparator == true && first?.separatorInset.left == 16)
        #expect(last?.placement.showsSeparator == false)
        #expect(last?.placement.corners.radius == 10)
    }

    @Test func theDataSourceIsAskedLazilyAndCellsAreAskedOnlyForRowsOnScreen() {
        let window = makeWindow(height: 200)
        let list = TextList([(0..<20).map { "Row \($0)" }])
        list.recordsCalls = true
        let table = UITableView(frame: window.bounds, style: .plain)
        table.rowHeight = 50
        table.dataSource = list
        table.delegate = list
        #expect(list.calls.isEmpty, "nothing is asked before the first layout pass")
        window.addSubview(table)
        window.advance(to: 0)
        let heights = (0..<20).map { "heightForRow(0,\($0))" }
        let cells = (0..<4).flatMap { ["cellForRow(0,\($0))", "willDisplay(0,\($0))"] }
        #expect(list.calls == ["numberOfSections", "numberOfRows(0)"] + heights + cells)
    }

    @Test func aTapHighlightsThenSelectsInUIKitsOrder() {
        let window = makeWindow()
        let list = TextList([["A", "B", "C"]])
        let table = table(.plain, list, in: window)
        list.recordsCalls = true
        tap(window, at: CGPoint(x: 100, y: 66), time: 1)
        #expect(list.calls == ["shouldHighlight(1)", "didHighlight(1)", "willSelect(1)", "didUnhighlight(1)", "didSelect(1)"])
        #expect(table.indexPathForSelectedRow == IndexPath(row: 1, section: 0))
        #expect(table.cellForRow(at: IndexPath(row: 1, section: 0))?.isSelected == true)
        list.calls = []
        tap(window, at: CGPoint(x: 100, y: 110), time: 2)
        #expect(list.calls == ["shouldHighlight(2)", "didHighlight(2)", "willSelect(2)", "didUnhighlight(2)",
                               "willDeselect(1)", "didDeselect(1)", "didSelect(2)"])
    }

    @Test func theHighlightWaitsForTheContentTouchDelay() {
        let window = makeWindow()
        let list = TextList([["A", "B"]])
        let table = table(.plain, list, in: window)
        window.send(Touch(.began, at: CGPoint(x: 100, y: 20), time: 1))
        window.advance(to: 1.1)
        #expect(table.cellForRow(at: IndexPath(row: 0, section: 0))?.isHighlighted == false)
        window.advance(to: 1.16)
        #expect(table.cellForRow(at: IndexPath(row: 0, section: 0))?.isHighlighted == true)
        window.send(Touch(.ended, at: CGPoint(x: 100, y: 20), time: 1.2))
        #expect(table.cellForRow(at: IndexPath(row: 0, section: 0))?.isSelected == true)
    }

    @Test func deselectingAnimatedFadesTheSelectedBackground() {
        let window = makeWindow()
        let list = TextList([["A", "B"]])
        let table = table(.plain, list, in: window)
        table.selectRow(at: IndexPath(row: 0, section: 0), animated: false, scrollPosition: .none)
        let selected = draw(window, at: 1).pixel(x: 200, y: 40)
        #expect(selected == Color(rgb: 0xD1D1D6), "systemGray4 while selected")
        table.deselectRow(at: IndexPath(row: 0, section: 0), animated: true)
        let halfway = draw(window, at: 1 + UITableView.deselectionDuration / 2).pixel(x: 200, y: 40)
        #expect(halfway.red > 0xD1 && halfway.red < 0xFF, "fading: \(halfway)")
        let done = draw(window, at: 1 + UITableView.deselectionDuration + 0.01).pixel(x: 200, y: 40)
        #expect(done == Color(rgb: 0xFFFFFF))
    }

    // MARK: Drawn

    /// A settings screen: inset grouped, value1 rows with disclosure indicators, a header and a footer.
    private func settings(_ style: UIUserInterfaceStyle) -> UIWindow {
        let window = makeWindow(style, height: 360)
        let list = TextList([["Wi-Fi", "Bluetooth", "Cellular"], ["Notifications", "Sounds & Haptics"]],
                            headers: ["Connections", nil], footers: [nil, "Changes apply to every device signed in."])
        list.style = .value1
        list.accessory = .disclosureIndicator
        list.details = ["Wi-Fi": "Home", "Bluetooth": "On"]
        let table = UITableView(frame: window.bounds, style: .insetGrouped)
        table.dataSource = list
        window.addSubview(table)
        objc_keep(list, table)
        return window
    }

    @Test(arguments: [UIUserInterfaceStyle.light, .dark])
    func settingsScreen(style: UIUserInterfaceStyle) {
        let canvas = draw(settings(style), at: 0)
        expectMatchesReference(canvas, area: "tables", name: "settings_\(style == .dark ? "dark" : "light")")
        // The grouped background around the rows and the row background in them.
        let (background, row): (UInt32, UInt32) = style == .dark ? (0x000000, 0x1C1C1E) : (0xF2F2F7, 0xFFFFFF)
        #expect(canvas.pixel(x: 2 * 6, y: 2 * 60) == Color(rgb: background))
        #expect(canvas.pixel(x: 2 * 200, y: 2 * 48) == Color(rgb: row))
    }
}

/// Keeps a data source alive as long as its table (tables hold theirs weakly, as UIKit's do).
@MainActor
func objc_keep(_ object: AnyObject, _ owner: UIView) {
    keptObjects.append((object, owner))
}
@MainActor var keptObjects: [(AnyObject, UIView)] = []
