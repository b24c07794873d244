import Vocabulary
import Views
import Foundation

/// The changes of one batch of updates, in UIKit's coordinates: deletions, reloads and move
/// sources in the index paths before the batch; insertions and move destinations in those after.
struct TableUpdates {
    var deletedSections: [(Int, UITableView.RowAnimation)] = []
    var insertedSections: [(Int, UITableView.RowAnimation)] = []
    var deletedRows: [(IndexPath, UITableView.RowAnimation)] = []
    var insertedRows: [(IndexPath, UITableView.RowAnimation)] = []
    var reloadedRows: [(IndexPath, UITableView.RowAnimation)] = []
    var moves: [(IndexPath, IndexPath)] = []
    var completions: [(Bool) -> Void] = []

    var isEmpty: Bool {
        deletedSections.isEmpty && insertedSections.isEmpty && deletedRows.isEmpty && insertedRows.isEmpty
            && reloadedRows.isEmpty && moves.isEmpty
    }
}

extension UITableView.RowAnimation {
    /// What `.automatic` stands for: UIKit picks a fade for single rows.
    var resolved: UITableView.RowAnimation { self == .automatic ? .fade : self }

    /// Where a row at `frame` goes when it leaves with this animation (and comes from when it
    /// arrives): its frame and alpha.
    func offState(of frame: CGRect) -> (frame: CGRect, alpha: CGFloat) {
        switch resolved {
        case .fade, .automatic: (frame, 0)
        case .right: (frame.offsetBy(dx: frame.width, dy: 0), 1)
        case .left: (frame.offsetBy(dx: -frame.width, dy: 0), 1)
        case .top: (frame.offsetBy(dx: 0, dy: -frame.height), 1)
        case .bottom: (frame.offsetBy(dx: 0, dy: frame.height), 1)
        case .middle: (CGRect(x: frame.minX, y: frame.midY, width: frame.width, height: 0), 0)
        case .none: (frame, 1)
        }
    }
}

/// Row and section updates, animated as UIKit draws them: every row that stays moves from where
/// it was to its new place, inserted rows come in and deleted rows leave with their
/// `RowAnimation`, all over `UITableView.rowAnimationDuration` (0.3 s) with Core Animation's
/// ease-in-out, the rows' frames and alphas being animated additively (`UIView.animate`), so a
/// second update in flight blends into the first. Inserted and deleted rows draw below the
/// others, so that `.top` and `.bottom` slide under their neighbours:
///
/// | animation | a deleted row goes to (an inserted row comes from) |
/// |---|---|
/// | `.fade`, `.automatic` | its place, transparent |
/// | `.right`, `.left` | one row width to that side |
/// | `.top`, `.bottom` | one row height up or down, under its neighbours |
/// | `.middle` | its middle line, transparent |
/// | `.none` | nowhere: it leaves (or shows) at once, while the others still move |
///
/// The data source must already reflect the changes, and its counts must agree with them, as in
/// UIKit; where they do not (UIKit raises), the table reloads instead, and a debug build says so.
extension UITableView {
    /// Runs `updates` (inserts, deletes, reloads and moves) as one animated change; `completion`
    /// runs when the animations end.
    public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        beginUpdates()
        updates?()
        if let completion { pendingUpdates.completions.append(completion) }
        endUpdates()
    }

    public func beginUpdates() {
        if updateDepth == 0 {
            // The rows as they were: what the data source said before this batch.
            if !needsReload { prepareGeometry() }
        }
        updateDepth += 1
    }

    public func endUpdates() {
        guard updateDepth > 0 else { return }
        updateDepth -= 1
        guard updateDepth == 0 else { return }
        let updates = pendingUpdates
        pendingUpdates = TableUpdates()
        SimulatedClock.withCurrent(clock) { apply(updates) }
    }

    public func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        performBatchUpdates({ self.pendingUpdates.insertedRows += indexPaths.map { ($0, animation) } })
    }

    public func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        performBatchUpdates({ self.pendingUpdates.deletedRows += indexPaths.map { ($0, animation) } })
    }

    /// The rows get new cells from the data source, the old ones leaving and the new arriving
    /// with `animation`.
    public func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        performBatchUpdates({ self.pendingUpdates.reloadedRows += indexPaths.map { ($0, animation) } })
    }

    /// The rows keep their cells and are configured again (iOS 15): no animation, no new cell.
    public func reconfigureRows(at indexPaths: [IndexPath]) {
        SimulatedClock.withCurrent(clock) {
            for indexPath in indexPaths {
                guard let id = identifier(at: indexPath), let cell = visibleCellsByIdentifier[id] else { continue }
                if let identifier = cell.reuseIdentifier { reusableCells[identifier, default: []].append(cell) }
                let configured = dataSource?.tableView(self, cellForRowAt: indexPath)
                if let identifier = cell.reuseIdentifier { reusableCells[identifier]?.removeAll { $0 === cell } }
                if let configured, configured !== cell {
                    recycle(cell)
                    visibleCellsByIdentifier[id] = configured
                    addSubview(configured)
                }
            }
            measuredRowHeights = measuredRowHeights.filter { id, _ in !indexPaths.contains { identifier(at: $0) == id } }
            setNeedsLayout()
        }
    }

    public func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        performBatchUpdates({ self.pendingUpdates.moves.append((indexPath, newIndexPath)) })
    }

    public func insertSections(_ sections: IndexSet, with animation: RowAnimation) {
        performBatchUpdates({ self.pendingUpdates.insertedSections += sections.map { ($0, animation) } })
    }

    public func deleteSections(_ sections: IndexSet, with animation: RowAnimation) {
        performBatchUpdates({ self.pendingUpdates.deletedSections += sections.map { ($0, animation) } })
    }

    public func reloadSections(_ sections: IndexSet, with animation: RowAnimation) {
        performBatchUpdates({
            self.pendingUpdates.deletedSections += sections.map { ($0, animation) }
            self.pendingUpdates.insertedSections += sections.map { ($0, animation) }
        })
    }

    public func moveSection(_ section: Int, toSection newSection: Int) {
        UIKitCompatibility.notHonoured("UITableView.moveSection(_:toSection:)", "the table reloads without animation")
        reloadData()
    }

    // MARK: Applying a batch

    private func apply(_ updates: TableUpdates) {
        let completions = updates.completions
        guard !needsReload, !updates.isEmpty, let newRows = rowsAfter(updates) else {
            if !updates.isEmpty, !needsReload {
                UIKitCompatibility.notHonoured("UITableView batch updates that disagree with the data source's counts",
                                               "UIKit raises; the table reloads instead")
            }
            reloadData()
            layoutIfNeeded()
            for completion in completions { completion(true) }
            return
        }
        applyRows(newRows, animated: true, completions: completions)
    }

    /// The rows after an update, by identifier; those inserted; the animation of each row that
    /// arrives or leaves.
    typealias RowsAfterUpdate = (rows: [[Int]], inserted: Set<Int>, animations: [Int: RowAnimation])

    /// Shows `newRows` (identifiers kept for rows that stay), animated or at once.
    func applyRows(_ newRows: RowsAfterUpdate, animated: Bool, completions: [(Bool) -> Void]) {
        let duration = animated ? Self.rowAnimationDuration : 0
        let start = currentTime
        let oldGeometry = geometry
        let oldPaths = pathsByIdentifier()
        let oldCells = visibleCellsByIdentifier
        let removed = Set(rows.joined()).subtracting(newRows.rows.joined())
        rows = newRows.rows
        selectedIdentifiers.subtract(removed)
        for id in removed { measuredRowHeights[id] = nil; givenRowHeights[id] = nil }
        if let swiped = swipedRow, removed.contains(swiped) { swipedRow = nil }
        needsHeights = true
        resolveHeightsIfNeeded()
        geometry = computeGeometry()
        // The rows that now show, measured where they size themselves.
        for _ in 0..<4 {
            guard measureVisibleRows() else { break }
            geometry = computeGeometry()
        }
        contentSize = CGSize(width: bounds.width, height: geometry.contentHeight)
        let visible = bounds
        let newPaths = pathsByIdentifier()

        UIView.performWithoutAnimation {
            // Deleted rows leave with their animation.
            for (id, cell) in oldCells.sorted(by: { $0.key < $1.key }) where removed.contains(id) {
                visibleCellsByIdentifier[id] = nil
                let animation = newRows.animations[id] ?? .fade
                let oldPath = oldPaths[id]
                guard animation != .none, let from = oldPath.flatMap(oldGeometry.rowFrame) else {
                    finishLeaving(cell, from: oldPath)
                    continue
                }
                insertSubview(cell, at: firstCellSubviewIndex)
                leavingCells.append(cell)
                let off = animation.offState(of: from)
                UIView.animate(withDuration: duration, delay: 0, options: [.curveEaseInOut]) {
                    cell.frame = off.frame
                    cell.alpha = off.alpha
                } completion: { [weak self, weak cell] _ in
                    guard let self, let cell else { return }
                    self.leavingCells.removeAll { $0 === cell }
                    self.finishLeaving(cell, from: oldPath)
                }
            }
        }
        // Rows that stay move from where they were; rows that arrive come in.
        for (section, laid) in geometry.sections.enumerated() {
            for (row, frame) in laid.rows.enumerated() {
                let id = rows[section][row]
                let path = IndexPath(row: row, section: section)
                let oldFrame = oldPaths[id].flatMap(oldGeometry.rowFrame)
                let shows = frame.overlaps(visible) || (oldFrame?.overlaps(visible) ?? false)
                guard shows else { continue }
                let cell: UITableViewCell
                if let shown = visibleCellsByIdentifier[id] {
                    cell = shown
                } else {
                    cell = makeCellForUpdate(at: path, identifier: id)
                }
                cell.placement = placement(forRowAt: path)
                let arriving = newRows.inserted.contains(id)
                let animation = newRows.animations[id] ?? .fade
                UIView.performWithoutAnimation {
                    if arriving {
                        let on = animation.offState(of: frame)
                        if oldCells[id] == nil {
                            cell.frame = on.frame
                            cell.alpha = on.alpha
                        }
                        insertSubview(cell, at: firstCellSubviewIndex)
                    } else if oldCells[id] == nil, let oldFrame {
                        cell.frame = oldFrame
                    }
                }
                if arriving && animation == .none {
                    UIView.performWithoutAnimation {
                        cell.frame = frame
                        cell.alpha = 1
                    }
                    continue
                }
                UIView.animate(withDuration: duration, delay: 0, options: [.curveEaseInOut]) {
                    cell.frame = frame
                    cell.alpha = 1
                }
            }
        }
        keepsCellsUntil = start + duration
        _ = newPaths
        clock.schedule(at: start + duration) { [weak self] in
            self?.setNeedsLayout()
            for completion in completions { completion(true) }
        }
        setNeedsLayout()
    }

    /// A cell that leaves: the delegate hears `didEndDisplaying` and the cell returns to its pool.
    private func finishLeaving(_ cell: UITableViewCell, from indexPath: IndexPath?) {
        cell.alpha = 1
        if let indexPath { tableDelegate?.tableView(self, didEndDisplaying: cell, forRowAt: indexPath) }
        recycle(cell)
    }

    private func makeCellForUpdate(at indexPath: IndexPath, identifier id: Int) -> UITableViewCell {
        let cell = dataSource?.tableView(self, cellForRowAt: indexPath) ?? UITableViewCell(style: .default, reuseIdentifier: nil)
        visibleCellsByIdentifier[id] = cell
        if cell.superview !== self { insertSubview(cell, at: firstCellSubviewIndex) }
        cell.alpha = 1
        cell.setEditing(isEditing, animated: false)
        configureEditing(of: cell, at: indexPath)
        cell.isSelected = selectedIdentifiers.contains(id)
        tableDelegate?.tableView(self, willDisplay: cell, forRowAt: indexPath)
        return cell
    }

    var firstCellSubviewIndex: Int { backgroundView?.superview === self ? 1 : 0 }

    private func pathsByIdentifier() -> [Int: IndexPath] {
        var paths: [Int: IndexPath] = [:]
        for (section, ids) in rows.enumerated() {
            for (row, id) in ids.enumerated() { paths[id] = IndexPath(row: row, section: section) }
        }
        return paths
    }

    /// The rows after a batch (nil when the data source's counts disagree), the identifiers
    /// inserted and the animation of each row that arrives or leaves.
    private func rowsAfter(_ updates: TableUpdates) -> RowsAfterUpdate? {
        var animations: [Int: RowAnimation] = [:]
        var inserted: Set<Int> = []
        // Removals, in the old coordinates.
        var working: [[Int?]] = rows.map { $0.map { Optional($0) } }
        var sectionDeleted = Array(repeating: false, count: rows.count)
        for (section, animation) in updates.deletedSections where section < rows.count {
            sectionDeleted[section] = true
            for id in rows[section] { animations[id] = animation.resolved }
        }
        func remove(_ path: IndexPath) -> Int? {
            guard path.section < working.count, path.row < working[path.section].count,
                  let id = working[path.section][path.row] else { return nil }
            working[path.section][path.row] = nil
            return id
        }
        for (path, animation) in updates.deletedRows {
            guard let id = remove(path) else { return nil }
            animations[id] = animation.resolved
        }
        var reloads: [(IndexPath, RowAnimation)] = []
        for (path, animation) in updates.reloadedRows {
            guard let id = remove(path) else { return nil }
            animations[id] = animation.resolved
            reloads.append((path, animation))
        }
        var moved: [(IndexPath, Int)] = []
        for (from, to) in updates.moves {
            guard let id = remove(from) else { return nil }
            moved.append((to, id))
        }
        var sections: [[Int]] = []
        for (index, section) in working.enumerated() where !sectionDeleted[index] { sections.append(section.compactMap { $0 }) }
        // Insertions, in the new coordinates, in order.
        for (section, animation) in updates.insertedSections.sorted(by: { $0.0 < $1.0 }) {
            guard section <= sections.count else { return nil }
            let count = max(0, dataSource?.tableView(self, numberOfRowsInSection: section) ?? 0)
            let ids = (0..<count).map { _ in nextIdentifier += 1; return nextIdentifier }
            for id in ids { inserted.insert(id); animations[id] = animation.resolved }
            sections.insert(ids, at: section)
        }
        var arrivals: [(IndexPath, Int)] = moved
        for (path, animation) in updates.insertedRows + reloads {
            nextIdentifier += 1
            inserted.insert(nextIdentifier)
            animations[nextIdentifier] = animation.resolved
            arrivals.append((path, nextIdentifier))
        }
        for (path, id) in arrivals.sorted(by: { $0.0.precedes($1.0) }) {
            guard path.section < sections.count, path.row <= sections[path.section].count else { return nil }
            sections[path.section].insert(id, at: path.row)
        }
        // The data source must agree.
        guard let dataSource, dataSource.numberOfSections(in: self) == sections.count else { return nil }
        for (section, ids) in sections.enumerated() where dataSource.tableView(self, numberOfRowsInSection: section) != ids.count {
            return nil
        }
        return (sections, inserted, animations)
    }
}
