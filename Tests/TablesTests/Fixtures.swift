import Vocabulary
import Foundation
import DisplayList
import Raster
@testable import Views
@testable import Tables

/// A window of `size` in `style`, shown.
@MainActor
func makeWindow(_ style: UIUserInterfaceStyle = .light, width: CGFloat = 390, height: CGFloat = 600) -> UIWindow {
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: width, height: height))
    window.overrideUserInterfaceStyle = style
    window.backgroundColor = style == .dark ? .black : .white
    window.makeKeyAndVisible()
    return window
}

/// A plain table of 60 pt rows showing `list`, filling `window`, laid out.
@MainActor
func inbox(_ list: TextList, in window: UIWindow) -> UITableView {
    let table = UITableView(frame: window.bounds, style: .plain)
    table.rowHeight = 60
    table.dataSource = list
    table.delegate = list
    window.addSubview(table)
    window.advance(to: 0)
    return table
}

/// The window drawn at `time`, at scale 2.
@MainActor
func draw(_ window: UIWindow, at time: TimeInterval) -> Canvas {
    window.advance(to: time)
    let canvas = Canvas(pointWidth: Double(window.bounds.width), pointHeight: Double(window.bounds.height), scale: 2, background: .white)
    ViewRenderer.draw(window.snapshot(at: time), into: canvas)
    return canvas
}

/// A view's frame as drawn at `time` (its superview's coordinates).
@MainActor
func shownFrame(_ view: UIView, at time: TimeInterval) -> CGRect {
    let shown = view.presentation(at: time)
    return CGRect(x: shown.center.x - shown.bounds.width / 2, y: shown.center.y - shown.bounds.height / 2,
                  width: shown.bounds.width, height: shown.bounds.height)
}

@MainActor
func shownAlpha(_ view: UIView, at time: TimeInterval) -> Double { view.presentation(at: time).alpha }

/// A finger drag from `start` to `end` in `steps` moves over `duration`, starting at `time`.
@MainActor
func drag(_ window: UIWindow, from start: CGPoint, to end: CGPoint, at time: TimeInterval, duration: TimeInterval = 0.3,
          steps: Int = 12, lift: Bool = true) {
    window.send(Touch(.began, at: start, time: time))
    for step in 1...steps {
        let p = CGFloat(step) / CGFloat(steps)
        let point = CGPoint(x: start.x + (end.x - start.x) * p, y: start.y + (end.y - start.y) * p)
        window.send(Touch(.moved, at: point, time: time + duration * Double(p)))
    }
    if lift { window.send(Touch(.ended, at: end, time: time + duration + 0.01)) }
}

@MainActor
func tap(_ window: UIWindow, at point: CGPoint, time: TimeInterval) {
    window.send(Touch(.began, at: point, time: time))
    window.send(Touch(.ended, at: point, time: time + 0.05))
}

/// A list of texts in sections, editable: it deletes, inserts and moves its own rows.
@MainActor
final class TextList: NSObject, UITableViewDataSource, UITableViewDelegate {
    var sections: [[String]]
    var headers: [String?]
    var footers: [String?]
    var style: UITableViewCell.CellStyle = .default
    var accessory: UITableViewCell.AccessoryType = .none
    var details: [String: String] = [:]
    var deleteAnimation: UITableView.RowAnimation = .automatic
    var calls: [String] = []
    var recordsCalls = false
    var moves: [(IndexPath, IndexPath)] = []
    var deletedAt: TimeInterval?

    init(_ sections: [[String]], headers: [String?] = [], footers: [String?] = []) {
        self.sections = sections
        self.headers = headers
        self.footers = footers
    }

    private func note(_ call: String) { if recordsCalls { calls.append(call) } }

    func numberOfSections(in tableView: UITableView) -> Int {
        note("numberOfSections")
        return sections.count
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        note("numberOfRows(\(section))")
        return sections[section].count
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        note("cellForRow(\(indexPath.section),\(indexPath.row))")
        let identifier = "\(style.rawValue)"
        let cell = tableView.dequeueReusableCell(withIdentifier: identifier)
            ?? UITableViewCell(style: style, reuseIdentifier: identifier)
        let text = sections[indexPath.section][indexPath.row]
        cell.textLabel?.text = text
        cell.detailTextLabel?.text = details[text]
        cell.accessoryType = accessory
        return cell
    }

    func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
        section < headers.count ? headers[section] : nil
    }

    func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? {
        section < footers.count ? footers[section] : nil
    }

    func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {
        note("commit(\(indexPath.section),\(indexPath.row))")
        guard editingStyle == .delete else { return }
        sections[indexPath.section].remove(at: indexPath.row)
        deletedAt = tableView.currentTime
        tableView.deleteRows(at: [indexPath], with: deleteAnimation)
    }

    func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
        note("moveRow(\(sourceIndexPath.row)->\(destinationIndexPath.row))")
        moves.append((sourceIndexPath, destinationIndexPath))
        let text = sections[sourceIndexPath.section].remove(at: sourceIndexPath.row)
        sections[destinationIndexPath.section].insert(text, at: destinationIndexPath.row)
    }

    // Delegate calls, recorded.
    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        note("heightForRow(\(indexPath.section),\(indexPath.row))")
        return tableView.rowHeight
    }
    func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {
        note("willDisplay(\(indexPath.section),\(indexPath.row))")
    }
    func tableView(_ tableView: UITableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool {
        note("shouldHighlight(\(indexPath.row))")
        return true
    }
    func tableView(_ tableView: UITableView, didHighlightRowAt indexPath: IndexPath) { note("didHighlight(\(indexPath.row))") }
    func tableView(_ tableView: UITableView, didUnhighlightRowAt indexPath: IndexPath) { note("didUnhighlight(\(indexPath.row))") }
    func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
        note("willSelect(\(indexPath.row))")
        return indexPath
    }
    func tableView(_ tableView: UITableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath? {
        note("willDeselect(\(indexPath.row))")
        return indexPath
    }
    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) { note("didSelect(\(indexPath.row))") }
    func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) { note("didDeselect(\(indexPath.row))") }
}
