import Vocabulary
import Foundation
import CollectionLayout
import DisplayList
import Raster
import TestSupport
import Testing
@testable import Views
@testable import Tables

/// The inbox: swipe to delete, rows inserted with animation, pull to refresh, a reordering drag
/// and a diffable data source, traced frame by frame.
@MainActor @Suite struct TableAnimationTests {
    private let frameTimes = (0...30).map { Double($0) / 60 }

    @Test func aFullSwipeDeletesTheRowAndTheRowsBelowSlideUp() throws {
        let window = makeWindow()
        let list = TextList([(0..<6).map { "Message \($0)" }])
        let table = inbox(list, in: window)
        let below = try #require(table.cellForRow(at: IndexPath(row: 2, section: 0)))
        let last = try #require(table.cellForRow(at: IndexPath(row: 5, section: 0)))
        #expect(below.frame.minY == 120 && last.frame.minY == 300)
        // Row 1 (y 60…120) dragged from the right edge to the left, past half its width.
        drag(window, from: CGPoint(x: 360, y: 90), to: CGPoint(x: 40, y: 90), at: 1, duration: 0.3)
        window.advance(to: 1.4)
        let start = try #require(list.deletedAt, "the standard Delete action committed the deletion")
        #expect(list.sections[0] == ["Message 0", "Message 2", "Message 3", "Message 4", "Message 5"])
        // The rows below slide up 60 pt over 0.3 s, never backwards.
        var previous = CGFloat.infinity
        for t in frameTimes {
            let y = shownFrame(below, at: start + t).minY
            #expect(y <= previous + 1e-9 && y >= 60 - 1e-9, "t \(t): \(y) after \(previous)")
            previous = y
        }
        #expect(abs(shownFrame(below, at: start + 0.15).minY - 90) < 1, "halfway at half the duration (ease-in-out)")
        #expect(shownFrame(below, at: start + UITableView.rowAnimationDuration) == CGRect(x: 0, y: 60, width: 390, height: 60))
        #expect(shownFrame(last, at: start + UITableView.rowAnimationDuration).minY == 240)
        window.advance(to: start + 0.5)
        #expect(table.visibleCells.count == 5)
        #expect(table.visibleCells.map { $0.textLabel?.text } == list.sections[0])
    }

    @Test func aShortSwipeOpensTheActionsAndATapElsewhereClosesThem() throws {
        let window = makeWindow()
        let list = TextList([["A", "B", "C"]])
        let table = inbox(list, in: window)
        let cell = try #require(table.cellForRow(at: IndexPath(row: 0, section: 0)))
        drag(window, from: CGPoint(x: 300, y: 30), to: CGPoint(x: 240, y: 30), at: 1, duration: 0.3)
        window.advance(to: 2)
        #expect(list.sections[0].count == 3, "nothing deleted")
        #expect(cell.swipeShift == SwipeActionsView.buttonWidth(UIContextualAction(style: .destructive, title: "Delete") { _, _, _ in }))
        tap(window, at: CGPoint(x: 100, y: 150), time: 3)
        window.advance(to: 4)
        #expect(cell.swipeShift == 0)
        #expect(table.indexPathForSelectedRow == nil, "the tap only closed the row")
    }

    @Test(arguments: [UITableView.RowAnimation.fade, .right])
    func anInsertedRowArrivesWithItsAnimation(animation: UITableView.RowAnimation) throws {
        let window = makeWindow()
        let list = TextList([["A", "B", "C"]])
        let table = inbox(list, in: window)
        let moved = try #require(table.cellForRow(at: IndexPath(row: 1, section: 0)))
        window.advance(to: 1)
        list.sections[0].insert("New", at: 1)
        table.insertRows(at: [IndexPath(row: 1, section: 0)], with: animation)
        let inserted = try #require(table.cellForRow(at: IndexPath(row: 1, section: 0)))
        #expect(inserted.textLabel?.text == "New")
        var previous: (alpha: Double, x: CGFloat) = (-1, .infinity)
        for t in frameTimes {
            let frame = shownFrame(inserted, at: 1 + t)
            let alpha = shownAlpha(inserted, at: 1 + t)
            #expect(frame.minY == 60 && frame.height == 60)
            switch animation {
            case .fade:
                #expect(frame.minX == 0 && alpha >= previous.alpha - 1e-9, "t \(t): alpha \(alpha)")
            default:
                #expect(alpha == 1 && frame.minX <= previous.x + 1e-9 && frame.minX >= 0, "t \(t): x \(frame.minX)")
            }
            previous = (alpha, frame.minX)
        }
        if animation == .fade {
            #expect(shownAlpha(inserted, at: 1) == 0)
            #expect(abs(shownAlpha(inserted, at: 1.15) - 0.5) < 0.01)
        } else {
            #expect(shownFrame(inserted, at: 1).minX == 390)
            #expect(abs(shownFrame(inserted, at: 1.15).minX - 195) < 1)
        }
        #expect(shownFrame(inserted, at: 1.3) == CGRect(x: 0, y: 60, width: 390, height: 60) && shownAlpha(inserted, at: 1.3) == 1)
        // The row that was there makes room.
        #expect(shownFrame(moved, at: 1).minY == 60 && shownFrame(moved, at: 1.3).minY == 120)
    }

    @Test func pullingPastTheThresholdRefreshesOnceAndTheContentSpringsBackAfterwards() {
        let window = makeWindow()
        let list = TextList([(0..<20).map { "Message \($0)" }])
        let table = inbox(list, in: window)
        let control = UIRefreshControl()
        table.refreshControl = control
        var refreshes = 0
        control.addAction(UIAction { _ in refreshes += 1 }, for: .valueChanged)
        drag(window, from: CGPoint(x: 200, y: 100), to: CGPoint(x: 200, y: 500), at: 1, duration: 0.4, steps: 20)
        #expect(refreshes == 1 && control.isRefreshing)
        // After the lift the content rests below the spinner, 60 pt down, and stays there.
        window.advance(to: 3)
        #expect(abs(table.contentOffset.y + UIRefreshControl.refreshingHeight) < 0.5)
        window.advance(to: 4)
        #expect(abs(table.contentOffset.y + UIRefreshControl.refreshingHeight) < 0.5)
        control.endRefreshing()
        // It springs back to the top: critically damped, never past it.
        var previous = table.contentOffset.y
        var offsets: [CGFloat] = []
        for frame in 1...90 {
            window.advance(to: 4 + Double(frame) / 60)
            let y = table.contentOffset.y
            #expect(y >= previous - 1e-9 && y <= 1e-9, "frame \(frame): \(y) after \(previous)")
            offsets.append(y)
            previous = y
        }
        #expect(offsets[5] > -60 && offsets[5] < -5, "moving after 0.1 s: \(offsets[5])")
        #expect(table.contentOffset.y == 0)
        #expect(refreshes == 1)
        // A short pull does nothing.
        drag(window, from: CGPoint(x: 200, y: 100), to: CGPoint(x: 200, y: 150), at: 6, duration: 0.2)
        #expect(refreshes == 1 && !control.isRefreshing)
    }

    @Test func aReorderingDragMovesTheRowAndTheOthersMakeRoom() throws {
        let window = makeWindow()
        let list = TextList([["A", "B", "C", "D"]])
        let table = inbox(list, in: window)
        table.setEditing(true, animated: false)
        window.advance(to: 0.5)
        let grabbed = try #require(table.cellForRow(at: IndexPath(row: 0, section: 0)))
        let b = try #require(table.cellForRow(at: IndexPath(row: 1, section: 0)))
        let c = try #require(table.cellForRow(at: IndexPath(row: 2, section: 0)))
        // The grip sits at the trailing margin; drag row A down past B and C.
        let grip = grabbed.reorderControl.convert(grabbed.reorderControl.bounds, to: window)
        #expect(abs(grip.maxX - (390 - 16)) < 1e-9)
        drag(window, from: CGPoint(x: grip.midX, y: 30), to: CGPoint(x: grip.midX, y: 160), at: 1, duration: 0.5, steps: 13, lift: false)
        window.advance(to: 2)
        // B and C moved up a row to make room; A follows the finger.
        #expect(shownFrame(b, at: 2).minY == 0 && shownFrame(c, at: 2).minY == 60)
        #expect(abs(shownFrame(grabbed, at: 2).midY - 160) < 0.5)
        #expect(list.moves.isEmpty, "the data source hears of the move when the finger lifts")
        window.send(Touch(.ended, at: CGPoint(x: grip.midX, y: 160), time: 2.1))
        #expect(list.moves.count == 1 && list.moves.first?.0 == IndexPath(row: 0, section: 0) && list.moves.first?.1 == IndexPath(row: 2, section: 0))
        #expect(list.sections[0] == ["B", "C", "A", "D"])
        #expect(shownFrame(grabbed, at: 2.5) == CGRect(x: 0, y: 120, width: 390, height: 60))
    }

    @Test func aDiffableDataSourceAppliesAnInsertionAndADeletion() throws {
        let window = makeWindow()
        let table = UITableView(frame: window.bounds, style: .plain)
        table.rowHeight = 60
        table.register(UITableViewCell.self, forCellReuseIdentifier: "Cell")
        let dataSource = UITableViewDiffableDataSource<Int, String>(tableView: table) { table, indexPath, item in
            let cell = table.dequeueReusableCell(withIdentifier: "Cell", for: indexPath)
            cell.textLabel?.text = item
            return cell
        }
        var snapshot = NSDiffableDataSourceSnapshot<Int, String>()
        snapshot.appendSections([0])
        snapshot.appendItems(["A", "B", "C"])
        dataSource.apply(snapshot, animatingDifferences: false)
        window.addSubview(table)
        window.advance(to: 0.5)
        #expect(table.visibleCells.map { $0.textLabel?.text } == ["A", "B", "C"])
        let c = try #require(table.cellForRow(at: IndexPath(row: 2, section: 0)))
        snapshot.deleteItems(["B"])
        snapshot.insertItems(["X"], afterItem: "C")
        var completed = false
        dataSource.apply(snapshot) { completed = true }
        let x = try #require(table.cellForRow(at: IndexPath(row: 2, section: 0)))
        #expect(x.textLabel?.text == "X" && x !== c)
        #expect(shownAlpha(x, at: 0.5) == 0 && shownFrame(x, at: 0.5).minY == 120)
        #expect(shownFrame(c, at: 0.5).minY == 120 && shownFrame(c, at: 0.8).minY == 60)
        window.advance(to: 1)
        #expect(completed)
        #expect(table.visibleCells.map { $0.textLabel?.text } == ["A", "C", "X"])
        #expect(dataSource.itemIdentifier(for: IndexPath(row: 1, section: 0)) == "C")
    }

    @Test func aControllerDeselectsWhenItsViewAppearsAgain() {
        let controller = UITableViewController(style: .insetGrouped)
        #expect(controller.tableView.style == .insetGrouped)
        #expect(controller.tableView.dataSource === controller && controller.tableView.delegate === controller)
        #expect(controller.clearsSelectionOnViewWillAppear)
        let list = TextList([["A", "B"]])
        controller.tableView.dataSource = list
        let window = makeWindow()
        window.rootViewController = controller
        window.advance(to: 0.1)
        controller.tableView.selectRow(at: IndexPath(row: 1, section: 0), animated: false, scrollPosition: .none)
        controller.beginAppearanceTransition(true, animated: true)
        controller.endAppearanceTransition()
        #expect(controller.tableView.indexPathForSelectedRow == nil)
    }
}
