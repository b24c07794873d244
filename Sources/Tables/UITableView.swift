import Vocabulary
import Views
import CollectionLayout
import Foundation

/// UIKit's table view: a scroll view of rows in sections, with headers and footers, in the plain,
/// grouped or inset-grouped style of iOS 15 and later.
///
///     let table = UITableView(frame: window.bounds, style: .insetGrouped)
///     table.register(UITableViewCell.self, forCellReuseIdentifier: "Cell")
///     table.dataSource = settings
///     table.delegate = settings
///
/// Apple publishes few of a table's metrics; these are the ones drawn here, iOS 17's on an
/// iPhone at the default text size, and shared with the collection view's list
/// (`UICollectionLayoutListConfiguration`), which iOS draws alike:
///
/// | metric | value | source |
/// |---|---|---|
/// | row height | self-sizing, at least 44 pt (`rowHeight` is `automaticDimension`) | UIKit's documented default; 44 pt is the Human Interface Guidelines' minimum hit target |
/// | estimated row height | 44 pt | as above |
/// | margin | 16 pt, 20 pt on screens 414 pt wide or more | the system layout margins of iPhones |
/// | inset-grouped section | inset by the margin on each side, corners rounded 10 pt | screenshots of Settings (iOS 15 to 17) |
/// | separator | 1 pixel of a 3× screen in `.separator`, from `separatorInset.left` (16 pt; the text's start past an image) | UIKit's default `separatorInset`, screenshots |
/// | plain header with a title | 28 pt, pinned to the top while its section scrolls | screenshots (the list's) |
/// | `sectionHeaderTopPadding` (plain) | 22 pt above each header | the height iOS 15 added to plain tables' headers, as developers measured it when it appeared |
/// | grouped header with a title / without | 38 pt / 35 pt | screenshots (the list's) |
/// | grouped footer with a title / without | 34 pt / 0 | screenshots (the list's) |
/// | backgrounds | plain: systemBackground; grouped: systemGroupedBackground, rows secondarySystemGroupedBackground | UIKit's documented system colours |
///
/// Rows that do not fit their section's header or footer text on one line grow with it (their
/// views size themselves). Row animations (`insertRows`, `deleteRows`, …) take
/// `rowAnimationDuration` (0.3 s, Core Animation's ease-in-out, which UIKit's row animations
/// are measured to use); a deselection fades over `deselectionDuration`.
///
/// The data source is asked lazily, as UIKit asks (see `UITableViewDataSource`); cells are
/// asked only for rows on screen, reused through pools keyed by identifier.
open class UITableView: UIScrollView, UITouchTracking, UIGestureRecognizerDelegate {
    public enum Style: Int, Sendable { case plain, grouped, insetGrouped }
    public enum ScrollPosition: Int, Sendable { case none, top, middle, bottom }
    public enum RowAnimation: Int, Sendable { case fade, right, left, top, bottom, none, middle, automatic = 100 }
    public typealias SeparatorStyle = UITableViewCell.SeparatorStyle

    /// "Use the table's own" for heights, as UIKit's `UITableView.automaticDimension`.
    nonisolated public static let automaticDimension: CGFloat = -1
    /// The shortest a self-sizing row gets, and the estimate of rows not yet measured.
    nonisolated public static let minimumRowHeight: CGFloat = 44
    /// How long a row animation takes (UIKit's row animations take about 0.3 s).
    nonisolated public static let rowAnimationDuration: TimeInterval = 0.3
    /// How long a row's selected background takes to fade out in `deselectRow(at:animated: true)`.
    nonisolated public static let deselectionDuration: TimeInterval = 0.25
    nonisolated public static let insetGroupedCornerRadius: CGFloat = 10
    /// The space iOS 15 puts above each header of a plain table (`sectionHeaderTopPadding`).
    nonisolated public static let plainHeaderTopPadding: CGFloat = 22

    public let style: Style

    public init(frame: CGRect, style: Style) {
        self.style = style
        super.init(frame: frame)
        finishInitializing()
    }

    public convenience override init(frame: CGRect) {
        self.init(frame: frame, style: .plain)
    }

    public required init?(coder: NSCoder) {
        style = .plain
        super.init(coder: coder)
        finishInitializing()
    }

    private func finishInitializing() {
        alwaysBounceVertical = true
        backgroundColor = style == .plain ? .systemBackground : .systemGroupedBackground
        swipePan.addTarget { [unowned self] _ in self.handleSwipePan() }
        addGestureRecognizer(swipePan)
        reorderPress.minimumPressDuration = 0
        reorderPress.delegate = self
        reorderPress.addTarget { [unowned self] _ in self.handleReorderPress() }
        addGestureRecognizer(reorderPress)
    }

    // MARK: Data source and delegate

    open weak var dataSource: UITableViewDataSource? {
        didSet { reloadData() }
    }

    /// The scroll view's `delegate` as a table view's (Swift cannot narrow a stored property's
    /// type in a subclass, so `delegate` is the scroll view's property, as for the collection view).
    public var tableDelegate: UITableViewDelegate? { delegate as? UITableViewDelegate }

    open override var delegate: UIScrollViewDelegate? {
        didSet { invalidateHeights() }
    }

    // MARK: Appearance

    open var rowHeight: CGFloat = automaticDimension { didSet { invalidateHeights() } }
    open var estimatedRowHeight: CGFloat = automaticDimension { didSet { invalidateHeights() } }
    open var sectionHeaderHeight: CGFloat = automaticDimension { didSet { invalidateHeights() } }
    open var sectionFooterHeight: CGFloat = automaticDimension { didSet { invalidateHeights() } }
    open var estimatedSectionHeaderHeight: CGFloat = automaticDimension
    open var estimatedSectionFooterHeight: CGFloat = automaticDimension
    /// Space above each section header (iOS 15): automatic is 22 pt in a plain table, 0 otherwise.
    open var sectionHeaderTopPadding: CGFloat = automaticDimension { didSet { invalidateHeights() } }
    open var separatorStyle: SeparatorStyle = .singleLine { didSet { setNeedsLayout() } }
    open var separatorColor: UIColor? = .separator { didSet { setNeedsLayout() } }
    /// Where separators start and end; the left inset defaults to the margin (16 pt).
    open var separatorInset: UIEdgeInsets {
        get { ownSeparatorInset ?? UIEdgeInsets(top: 0, left: margin, bottom: 0, right: 0) }
        set { ownSeparatorInset = newValue; setNeedsLayout() }
    }
    private var ownSeparatorInset: UIEdgeInsets?
    /// Views above the first section and below the last, at their own heights.
    open var tableHeaderView: UIView? {
        didSet { oldValue?.removeFromSuperview(); if let tableHeaderView { addSubview(tableHeaderView) }; invalidateHeights() }
    }
    open var tableFooterView: UIView? {
        didSet { oldValue?.removeFromSuperview(); if let tableFooterView { addSubview(tableFooterView) }; invalidateHeights() }
    }
    open var backgroundView: UIView? {
        didSet { oldValue?.removeFromSuperview(); if let backgroundView { insertSubview(backgroundView, at: 0) }; setNeedsLayout() }
    }
    open var allowsSelection = true
    open var allowsMultipleSelection = false
    open var allowsSelectionDuringEditing = false
    open var allowsMultipleSelectionDuringEditing = false
    /// Kept; cells are given the table's layout margins whatever it says.
    open var cellLayoutMarginsFollowReadableWidth = false
    /// Kept; the table fills its rows itself.
    open var fillerRowHeight: CGFloat = automaticDimension

    /// The margin of rows and of inset-grouped sections at the table's width.
    var margin: CGFloat { UICollectionLayoutListConfiguration.margin(forWidth: bounds.width) }

    // MARK: Model

    /// Each section's rows, by identifier: a row keeps its identifier (and so its cell and
    /// selection) through moves and updates.
    var rows: [[Int]] = []
    var nextIdentifier = 0
    /// Whether the data source must be asked again at the next layout pass.
    var needsReload = true
    /// Whether heights must be asked again.
    var needsHeights = true
    /// Row heights given by the delegate or the table (nil: the row sizes itself).
    var givenRowHeights: [Int: CGFloat] = [:]
    /// Heights self-sizing rows measured.
    var measuredRowHeights: [Int: CGFloat] = [:]
    var headerHeights: [CGFloat] = []
    var footerHeights: [CGFloat] = []
    var geometry = TableGeometry()

    /// Asks the data source for everything again at the next layout pass: the rows get new cells.
    open func reloadData() {
        needsReload = true
        setNeedsLayout()
    }

    /// Asks the delegate for heights again at the next layout pass.
    func invalidateHeights() {
        needsHeights = true
        setNeedsLayout()
    }

    open var numberOfSections: Int {
        reloadIfNeeded()
        return rows.count
    }

    open func numberOfRows(inSection section: Int) -> Int {
        reloadIfNeeded()
        return section < rows.count ? rows[section].count : 0
    }

    func identifier(at indexPath: IndexPath) -> Int? {
        guard indexPath.count == 2, indexPath.section >= 0, indexPath.section < rows.count,
              indexPath.row >= 0, indexPath.row < rows[indexPath.section].count else { return nil }
        return rows[indexPath.section][indexPath.row]
    }

    func indexPath(forIdentifier identifier: Int) -> IndexPath? {
        for (section, ids) in rows.enumerated() {
            if let row = ids.firstIndex(of: identifier) { return IndexPath(row: row, section: section) }
        }
        return nil
    }

    func reloadIfNeeded() {
        guard needsReload else { return }
        needsReload = false
        needsHeights = true
        for (_, cell) in visibleCellsByIdentifier.sorted(by: { $0.key < $1.key }) { endDisplaying(cell) }
        visibleCellsByIdentifier = [:]
        for (_, view) in visibleHeaderFooters.sorted(by: { $0.key < $1.key }) { endDisplaying(view.view, key: view.key) }
        visibleHeaderFooters = [:]
        selectedIdentifiers = []
        measuredRowHeights = [:]
        rows = []
        guard let dataSource else { return }
        let sections = max(0, dataSource.numberOfSections(in: self))
        for section in 0..<sections {
            let count = max(0, dataSource.tableView(self, numberOfRowsInSection: section))
            rows.append((0..<count).map { _ in nextIdentifier += 1; return nextIdentifier })
        }
    }

    // MARK: Heights

    /// The delegate's heights for headers, footers and rows (asked again after a reload,
    /// a change of delegate or of the table's heights, or an update).
    func resolveHeightsIfNeeded() {
        guard needsHeights else { return }
        needsHeights = false
        headerHeights = []
        footerHeights = []
        givenRowHeights = [:]
        // Section by section, header and footer first, as UIKit asks.
        for (section, ids) in rows.enumerated() {
            headerHeights.append(resolvedHeaderHeight(section))
            footerHeights.append(resolvedFooterHeight(section))
            for (row, id) in ids.enumerated() {
                let asked = tableDelegate?.tableView(self, heightForRowAt: IndexPath(row: row, section: section)) ?? Self.automaticDimension
                let height = asked >= 0 ? asked : rowHeight
                if height >= 0 { givenRowHeights[id] = height }
            }
        }
    }

    private func resolvedHeaderHeight(_ section: Int) -> CGFloat {
        let asked = tableDelegate?.tableView(self, heightForHeaderInSection: section) ?? Self.automaticDimension
        if asked >= 0 { return asked }
        if sectionHeaderHeight >= 0 { return sectionHeaderHeight }
        if let view = tableDelegate?.tableView(self, viewForHeaderInSection: section) {
            customHeaderFooters[HeaderFooterKey(section: section, isHeader: true)] = view
            return measuredHeight(of: view, isHeader: true)
        }
        let titled = dataSource?.tableView(self, titleForHeaderInSection: section) != nil
        switch style {
        case .plain: return titled ? 28 : 0
        case .grouped, .insetGrouped: return titled ? titledHeight(section, isHeader: true, minimum: 38) : 35
        }
    }

    private func resolvedFooterHeight(_ section: Int) -> CGFloat {
        let asked = tableDelegate?.tableView(self, heightForFooterInSection: section) ?? Self.automaticDimension
        if asked >= 0 { return asked }
        if sectionFooterHeight >= 0 { return sectionFooterHeight }
        if let view = tableDelegate?.tableView(self, viewForFooterInSection: section) {
            customHeaderFooters[HeaderFooterKey(section: section, isHeader: false)] = view
            return measuredHeight(of: view, isHeader: false)
        }
        let titled = dataSource?.tableView(self, titleForFooterInSection: section) != nil
        switch style {
        case .plain: return titled ? 28 : 0
        case .grouped, .insetGrouped: return titled ? titledHeight(section, isHeader: false, minimum: 34) : 0
        }
    }

    /// A standard header or footer holding its title: the style's height, or taller when the
    /// text wraps.
    private func titledHeight(_ section: Int, isHeader: Bool, minimum: CGFloat) -> CGFloat {
        let view = UITableViewHeaderFooterView(reuseIdentifier: nil)
        view.role = (isHeader, style)
        var content = view.defaultContentConfiguration()
        content.text = isHeader ? dataSource?.tableView(self, titleForHeaderInSection: section)
            : dataSource?.tableView(self, titleForFooterInSection: section)
        view.contentConfiguration = content
        let fitted = view.fittingHeight(width: sectionFrameX.width)
        // The style's height holds one line; a title that wraps adds its extra lines.
        content.text = "X"
        view.contentConfiguration = content
        return minimum + max(0, fitted - view.fittingHeight(width: sectionFrameX.width))
    }

    private func measuredHeight(of view: UIView, isHeader: Bool) -> CGFloat {
        if let headerFooter = view as? UITableViewHeaderFooterView {
            headerFooter.role = (isHeader, style)
            let height = headerFooter.fittingHeight(width: sectionFrameX.width)
            return height > 0 ? height : 28
        }
        if view.bounds.height > 0 { return view.bounds.height }
        let fitted = view.systemLayoutSizeFitting(CGSize(width: sectionFrameX.width, height: 0),
                                                  withHorizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel)
        return fitted.height > 0 ? fitted.height : 28
    }

    /// The x and width of rows (and headers): the table's width, or inset by the margin.
    var sectionFrameX: (x: CGFloat, width: CGFloat) {
        style == .insetGrouped ? (margin, max(0, bounds.width - 2 * margin)) : (0, bounds.width)
    }

    var headerTopPadding: CGFloat {
        sectionHeaderTopPadding >= 0 ? sectionHeaderTopPadding : (style == .plain ? Self.plainHeaderTopPadding : 0)
    }

    /// The height row `id` at `indexPath` has now: given, measured, or estimated.
    func height(ofRow id: Int, at indexPath: IndexPath) -> CGFloat {
        if let given = givenRowHeights[id] { return given }
        if let measured = measuredRowHeights[id] { return measured }
        let asked = tableDelegate?.tableView(self, estimatedHeightForRowAt: indexPath) ?? Self.automaticDimension
        if asked > 0 { return asked }
        return estimatedRowHeight > 0 ? estimatedRowHeight : Self.minimumRowHeight
    }

    /// Lays out every section from the heights known now.
    func computeGeometry() -> TableGeometry {
        var geometry = TableGeometry()
        let (x, width) = sectionFrameX
        var y: CGFloat = 0
        if let header = tableHeaderView {
            geometry.tableHeader = CGRect(x: 0, y: 0, width: bounds.width, height: header.bounds.height)
            y += header.bounds.height
        }
        for (section, ids) in rows.enumerated() {
            var laid = TableGeometry.Section()
            let header = section < headerHeights.count ? headerHeights[section] : 0
            if header > 0 { y += headerTopPadding }
            laid.header = CGRect(x: x, y: y, width: width, height: header)
            y += header
            for (row, id) in ids.enumerated() {
                let height = self.height(ofRow: id, at: IndexPath(row: row, section: section))
                laid.rows.append(CGRect(x: x, y: y, width: width, height: height))
                y += height
            }
            let footer = section < footerHeights.count ? footerHeights[section] : 0
            laid.footer = CGRect(x: x, y: y, width: width, height: footer)
            y += footer
            geometry.sections.append(laid)
        }
        if let footer = tableFooterView {
            geometry.tableFooter = CGRect(x: 0, y: y, width: bounds.width, height: footer.bounds.height)
            y += footer.bounds.height
        }
        geometry.contentHeight = y
        return geometry
    }

    // MARK: Views on screen

    var visibleCellsByIdentifier: [Int: UITableViewCell] = [:]
    var cellClasses: [String: UITableViewCell.Type] = [:]
    var headerFooterClasses: [String: UITableViewHeaderFooterView.Type] = [:]
    var reusableCells: [String: [UITableViewCell]] = [:]
    var reusableHeaderFooters: [String: [UITableViewHeaderFooterView]] = [:]
    var visibleHeaderFooters: [HeaderFooterKey: (key: HeaderFooterKey, view: UIView)] = [:]
    /// The views the delegate gave for headers and footers, kept from the heights pass.
    var customHeaderFooters: [HeaderFooterKey: UIView] = [:]
    /// Cells on their way out (deleted rows animating away): not reused until they are gone.
    var leavingCells: [UITableViewCell] = []
    /// Until this time, cells that leave the visible rect stay (an update animation is moving them).
    var keepsCellsUntil: TimeInterval = -1

    struct HeaderFooterKey: Hashable, Comparable {
        var section: Int
        var isHeader: Bool
        static func < (lhs: Self, rhs: Self) -> Bool {
            lhs.section != rhs.section ? lhs.section < rhs.section : (lhs.isHeader && !rhs.isHeader)
        }
    }

    /// Cells of `cellClass` (a `UITableViewCell` subclass) are made for `identifier`.
    open func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {
        guard let cellClass else { cellClasses[identifier] = nil; return }
        guard let type = cellClass as? UITableViewCell.Type else {
            preconditionFailure("register(_:forCellReuseIdentifier: \"\(identifier)\"): \(cellClass) is not a UITableViewCell subclass")
        }
        cellClasses[identifier] = type
    }

    /// A nib cannot be loaded headless: plain `UITableViewCell`s are made, and a debug build says so.
    open func register(_ nib: UINib?, forCellReuseIdentifier identifier: String) {
        UIKitCompatibility.notHonoured("UITableView.register(UINib, forCellReuseIdentifier:)",
                                       "nibs cannot be loaded; plain cells are made instead: register the cell class and build it in code")
        register(nib == nil ? nil : UITableViewCell.self, forCellReuseIdentifier: identifier)
    }

    open func register(_ viewClass: AnyClass?, forHeaderFooterViewReuseIdentifier identifier: String) {
        guard let viewClass else { headerFooterClasses[identifier] = nil; return }
        guard let type = viewClass as? UITableViewHeaderFooterView.Type else {
            preconditionFailure("register(_:forHeaderFooterViewReuseIdentifier: \"\(identifier)\"): \(viewClass) is not a UITableViewHeaderFooterView subclass")
        }
        headerFooterClasses[identifier] = type
    }

    /// A cell for the data source to configure: a reused one (after `prepareForReuse()`) or a new
    /// one of the registered class. An identifier nothing was registered for is a programming
    /// error, as in UIKit.
    open func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> UITableViewCell {
        if let cell = dequeueReusableCell(withIdentifier: identifier) { return cell }
        preconditionFailure("dequeueReusableCell(withIdentifier: \"\(identifier)\", for:): no class registered for the identifier")
    }

    /// A reused cell, a new one of the registered class, or nil when nothing was registered for
    /// `identifier` and none is waiting (the data source then makes its own, as before iOS 6).
    open func dequeueReusableCell(withIdentifier identifier: String) -> UITableViewCell? {
        if var pool = reusableCells[identifier], !pool.isEmpty {
            let cell = pool.removeLast()
            reusableCells[identifier] = pool
            cell.prepareForTableReuse()
            return cell
        }
        guard let type = cellClasses[identifier] else { return nil }
        return type.init(style: .default, reuseIdentifier: identifier)
    }

    open func dequeueReusableHeaderFooterView(withIdentifier identifier: String) -> UITableViewHeaderFooterView? {
        if var pool = reusableHeaderFooters[identifier], !pool.isEmpty {
            let view = pool.removeLast()
            reusableHeaderFooters[identifier] = pool
            view.prepareForReuse()
            return view
        }
        return headerFooterClasses[identifier].map { $0.init(reuseIdentifier: identifier) }
    }

    /// The cells on screen, in row order.
    open var visibleCells: [UITableViewCell] {
        layoutIfNeeded()
        return indexPathsForVisibleRows?.compactMap { visibleCellsByIdentifier[identifier(at: $0) ?? -1] } ?? []
    }

    open var indexPathsForVisibleRows: [IndexPath]? {
        layoutIfNeeded()
        return visibleCellsByIdentifier.keys.compactMap(indexPath(forIdentifier:)).sorted(by: IndexPath.precedes)
    }

    /// The cell showing the row, if it is on screen.
    open func cellForRow(at indexPath: IndexPath) -> UITableViewCell? {
        layoutIfNeeded()
        return identifier(at: indexPath).flatMap { visibleCellsByIdentifier[$0] }
    }

    open func indexPath(for cell: UITableViewCell) -> IndexPath? {
        guard let id = visibleCellsByIdentifier.first(where: { $0.value === cell })?.key else { return nil }
        return indexPath(forIdentifier: id)
    }

    /// The row under `point` (content coordinates).
    open func indexPathForRow(at point: CGPoint) -> IndexPath? {
        prepareGeometry()
        for (section, laid) in geometry.sections.enumerated() {
            if let row = laid.rows.firstIndex(where: { $0.contains(point) }) { return IndexPath(row: row, section: section) }
        }
        return nil
    }

    open func indexPathsForRows(in rect: CGRect) -> [IndexPath]? {
        prepareGeometry()
        var paths: [IndexPath] = []
        for (section, laid) in geometry.sections.enumerated() {
            for (row, frame) in laid.rows.enumerated() where frame.intersects(rect) { paths.append(IndexPath(row: row, section: section)) }
        }
        return paths
    }

    open func rectForRow(at indexPath: IndexPath) -> CGRect {
        prepareGeometry()
        guard indexPath.section < geometry.sections.count, indexPath.row < geometry.sections[indexPath.section].rows.count else { return .zero }
        return geometry.sections[indexPath.section].rows[indexPath.row]
    }

    open func rectForHeader(inSection section: Int) -> CGRect {
        prepareGeometry()
        return section < geometry.sections.count ? geometry.sections[section].header : .zero
    }

    open func rectForFooter(inSection section: Int) -> CGRect {
        prepareGeometry()
        return section < geometry.sections.count ? geometry.sections[section].footer : .zero
    }

    open func rect(forSection section: Int) -> CGRect {
        prepareGeometry()
        guard section < geometry.sections.count else { return .zero }
        let laid = geometry.sections[section]
        return CGRect(x: 0, y: laid.header.minY, width: bounds.width, height: laid.footer.maxY - laid.header.minY)
    }

    open func headerView(forSection section: Int) -> UITableViewHeaderFooterView? {
        layoutIfNeeded()
        return visibleHeaderFooters[HeaderFooterKey(section: section, isHeader: true)]?.view as? UITableViewHeaderFooterView
    }

    open func footerView(forSection section: Int) -> UITableViewHeaderFooterView? {
        layoutIfNeeded()
        return visibleHeaderFooters[HeaderFooterKey(section: section, isHeader: false)]?.view as? UITableViewHeaderFooterView
    }

    /// Scrolls so the row shows at `position` (`.none`: the least scroll that shows it).
    open func scrollToRow(at indexPath: IndexPath, at position: ScrollPosition, animated: Bool) {
        let frame = rectForRow(at: indexPath)
        guard frame != .zero else { return }
        let inset = adjustedContentInset
        let visible = bounds.height - inset.top - inset.bottom
        var y = contentOffset.y
        switch position {
        case .top: y = frame.minY - inset.top
        case .middle: y = frame.midY - inset.top - visible / 2
        case .bottom: y = frame.maxY - inset.top - visible
        case .none:
            if frame.minY < contentOffset.y + inset.top { y = frame.minY - inset.top }
            else if frame.maxY > contentOffset.y + inset.top + visible { y = frame.maxY - inset.top - visible }
        }
        setContentOffset(clampedContentOffset(CGPoint(x: contentOffset.x, y: y)), animated: animated)
    }

    /// The geometry, up to date with the data source and the heights.
    func prepareGeometry() {
        reloadIfNeeded()
        resolveHeightsIfNeeded()
        geometry = computeGeometry()
    }

    // MARK: Layout pass

    /// Lays out rows, headers and footers for the visible rect: self-sizing rows on screen are
    /// measured (asking for their cells), cells that leave return to the pools, and cells that
    /// come on screen are asked for, then `willDisplay` is told. Runs on the table's clock, so an
    /// animation a cell starts in `cellForRowAt` or `willDisplay` runs on the window's time.
    open override func layoutSubviews() {
        super.layoutSubviews()
        SimulatedClock.withCurrent(clock) { updateVisibleViews() }
    }

    func updateVisibleViews() {
        prepareGeometry()
        // Self-sizing rows on screen are measured, which may move others on screen; a few passes settle it.
        for _ in 0..<4 {
            guard measureVisibleRows() else { break }
            geometry = computeGeometry()
        }
        contentSize = CGSize(width: bounds.width, height: geometry.contentHeight)
        backgroundView?.frame = CGRect(origin: contentOffset, size: bounds.size)
        if let header = tableHeaderView { header.frame = geometry.tableHeader }
        if let footer = tableFooterView { footer.frame = geometry.tableFooter }
        tileCells()
        tileHeaderFooters()
    }

    /// The visible rect, in content coordinates, a little taller to take in a pinned header.
    var visibleRect: CGRect { bounds }

    /// Measures the self-sizing rows in the visible rect not yet measured; true if any was.
    func measureVisibleRows() -> Bool {
        var measuredAny = false
        let visible = visibleRect
        for (section, laid) in geometry.sections.enumerated() {
            for (row, frame) in laid.rows.enumerated() where frame.overlaps(visible) {
                let id = rows[section][row]
                guard givenRowHeights[id] == nil, measuredRowHeights[id] == nil else { continue }
                let indexPath = IndexPath(row: row, section: section)
                let cell = visibleCellsByIdentifier[id] ?? makeCell(for: indexPath, identifier: id)
                cell.placement = placement(forRowAt: indexPath)
                measuredRowHeights[id] = cell.fittingHeight(width: frame.width)
                measuredAny = true
            }
        }
        return measuredAny
    }

    /// Asks the data source for the row's cell and puts it on screen (without `willDisplay`,
    /// which `tileCells` tells).
    private func makeCell(for indexPath: IndexPath, identifier id: Int) -> UITableViewCell {
        let cell = dataSource?.tableView(self, cellForRowAt: indexPath) ?? UITableViewCell(style: .default, reuseIdentifier: nil)
        visibleCellsByIdentifier[id] = cell
        pendingWillDisplay.insert(id)
        if cell.superview !== self { insertSubview(cell, at: firstCellIndex) }
        cell.isHidden = false
        cell.alpha = 1
        cell.placement = placement(forRowAt: indexPath)
        cell.setEditing(isEditing, animated: false)
        configureEditing(of: cell, at: indexPath)
        cell.isSelected = selectedIdentifiers.contains(id)
        return cell
    }

    /// Cells made and not yet announced with `willDisplay`.
    private var pendingWillDisplay: Set<Int> = []

    /// Where cells go among the subviews: above the background view.
    private var firstCellIndex: Int { backgroundView?.superview === self ? 1 : 0 }

    func placement(forRowAt indexPath: IndexPath) -> UITableViewCell.Placement {
        let count = indexPath.section < rows.count ? rows[indexPath.section].count : 0
        var placement = UITableViewCell.Placement()
        placement.style = style
        placement.margin = margin
        placement.isFirst = indexPath.row == 0
        placement.isLast = indexPath.row == count - 1
        let lastOfTable = placement.isLast && indexPath.section == rows.count - 1
        placement.showsSeparator = separatorStyle != .none && !(style == .plain ? lastOfTable : placement.isLast)
        placement.separatorInset = separatorInset
        placement.separatorColor = separatorColor ?? .separator
        return placement
    }

    private func tileCells() {
        let visible = visibleRect
        let keeps = currentTime < keepsCellsUntil
        var wanted: [(IndexPath, Int, CGRect)] = []
        for (section, laid) in geometry.sections.enumerated() {
            for (row, frame) in laid.rows.enumerated() where frame.overlaps(visible) {
                wanted.append((IndexPath(row: row, section: section), rows[section][row], frame))
            }
        }
        let wantedIdentifiers = Set(wanted.map(\.1))
        // Leavers first (in row order), so that newcomers may reuse their cells.
        let leaving = visibleCellsByIdentifier.keys.filter { !wantedIdentifiers.contains($0) }.sorted {
            (indexPath(forIdentifier: $0) ?? IndexPath(row: Int.max, section: Int.max)).precedes(indexPath(forIdentifier: $1) ?? IndexPath(row: Int.max, section: Int.max))
        }
        for id in leaving {
            guard let cell = visibleCellsByIdentifier[id] else { continue }
            if keeps, let path = indexPath(forIdentifier: id) {
                // An update animation is moving it out of sight: it stays until the animation ends.
                cell.placement = placement(forRowAt: path)
                continue
            }
            if isReordering(id) { continue }
            visibleCellsByIdentifier[id] = nil
            pendingWillDisplay.remove(id)
            endDisplaying(cell, at: indexPath(forIdentifier: id))
        }
        for (indexPath, id, frame) in wanted {
            let cell = visibleCellsByIdentifier[id] ?? makeCell(for: indexPath, identifier: id)
            if !isReordering(id) && !cellsInFlight.contains(ObjectIdentifier(cell)) { cell.frame = frame }
            cell.placement = placement(forRowAt: indexPath)
            configureEditing(of: cell, at: indexPath)
            if pendingWillDisplay.remove(id) != nil {
                tableDelegate?.tableView(self, willDisplay: cell, forRowAt: indexPath)
            }
        }
        for id in pendingWillDisplay.sorted() where visibleCellsByIdentifier[id] == nil { pendingWillDisplay.remove(id) }
    }

    /// Cells whose frames an update animation has set (the layout pass leaves them be until it ends).
    var cellsInFlight: Set<ObjectIdentifier> = []

    private func endDisplaying(_ cell: UITableViewCell, at indexPath: IndexPath? = nil) {
        if let indexPath { tableDelegate?.tableView(self, didEndDisplaying: cell, forRowAt: indexPath) }
        recycle(cell)
    }

    /// Returns a cell to its pool, out of sight.
    func recycle(_ cell: UITableViewCell) {
        cell.removeFromSuperview()
        cell.setSelected(false, animated: false)
        if swipedCell === cell { swipedCell = nil; swipedRow = nil }
        if let identifier = cell.reuseIdentifier { reusableCells[identifier, default: []].append(cell) }
    }

    private func tileHeaderFooters() {
        let visible = visibleRect
        var wanted: [(HeaderFooterKey, CGRect)] = []
        for (section, laid) in geometry.sections.enumerated() {
            var header = laid.header
            // Plain tables pin a section's header to the top while its section scrolls under it.
            if style == .plain, header.height > 0 {
                let top = contentOffset.y + adjustedContentInset.top
                let sectionEnd = laid.footer.minY
                header.origin.y = max(header.minY, min(top, sectionEnd - header.height))
            }
            if header.height > 0, header.overlaps(visible) { wanted.append((HeaderFooterKey(section: section, isHeader: true), header)) }
            if laid.footer.height > 0, laid.footer.overlaps(visible) { wanted.append((HeaderFooterKey(section: section, isHeader: false), laid.footer)) }
        }
        let wantedKeys = Set(wanted.map(\.0))
        for key in visibleHeaderFooters.keys.sorted() where !wantedKeys.contains(key) {
            if let entry = visibleHeaderFooters.removeValue(forKey: key) { endDisplaying(entry.view, key: key) }
        }
        for (key, frame) in wanted {
            let view: UIView
            if let shown = visibleHeaderFooters[key]?.view {
                view = shown
            } else {
                guard let made = makeHeaderFooter(key) else { continue }
                view = made
                visibleHeaderFooters[key] = (key, view)
                addSubview(view)
                if key.isHeader { tableDelegate?.tableView(self, willDisplayHeaderView: view, forSection: key.section) }
                else { tableDelegate?.tableView(self, willDisplayFooterView: view, forSection: key.section) }
            }
            view.frame = frame
            // Headers draw above the rows that scroll under them.
            if style == .plain { bringSubviewToFront(view) }
        }
    }

    private func makeHeaderFooter(_ key: HeaderFooterKey) -> UIView? {
        let custom = customHeaderFooters.removeValue(forKey: key)
            ?? (key.isHeader ? tableDelegate?.tableView(self, viewForHeaderInSection: key.section)
                : tableDelegate?.tableView(self, viewForFooterInSection: key.section))
        if let custom {
            (custom as? UITableViewHeaderFooterView)?.role = (key.isHeader, style)
            return custom
        }
        let title = key.isHeader ? dataSource?.tableView(self, titleForHeaderInSection: key.section)
            : dataSource?.tableView(self, titleForFooterInSection: key.section)
        guard let title else { return nil }
        let view = dequeueReusableHeaderFooterView(withIdentifier: Self.standardHeaderFooterIdentifier)
            ?? UITableViewHeaderFooterView(reuseIdentifier: Self.standardHeaderFooterIdentifier)
        view.role = (key.isHeader, style)
        var content = view.defaultContentConfiguration()
        content.text = title
        if style == .insetGrouped {
            // The text lines up with the rows' text, inside the section's inset.
            content.directionalLayoutMargins.leading = margin
            content.directionalLayoutMargins.trailing = margin
        }
        view.contentConfiguration = content
        if style == .plain { view.backgroundConfiguration = .listPlainHeaderFooter() }
        return view
    }

    nonisolated static let standardHeaderFooterIdentifier = "Springframes.tableHeaderFooter"

    private func endDisplaying(_ view: UIView, key: HeaderFooterKey) {
        if key.isHeader { tableDelegate?.tableView(self, didEndDisplayingHeaderView: view, forSection: key.section) }
        else { tableDelegate?.tableView(self, didEndDisplayingFooterView: view, forSection: key.section) }
        view.removeFromSuperview()
        if let reusable = view as? UITableViewHeaderFooterView, let identifier = reusable.reuseIdentifier {
            reusableHeaderFooters[identifier, default: []].append(reusable)
        }
    }

    // MARK: Selection

    var selectedIdentifiers: Set<Int> = []

    open var indexPathForSelectedRow: IndexPath? { indexPathsForSelectedRows?.first }

    open var indexPathsForSelectedRows: [IndexPath]? {
        let paths = selectedIdentifiers.compactMap(indexPath(forIdentifier:)).sorted(by: IndexPath.precedes)
        return paths.isEmpty ? nil : paths
    }

    /// Selects the row without telling the delegate, as UIKit's method does, and scrolls to it.
    open func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        reloadIfNeeded()
        guard let indexPath, let id = identifier(at: indexPath) else {
            for path in indexPathsForSelectedRows ?? [] { deselectRow(at: path, animated: animated) }
            return
        }
        if !allowsMultipleSelection {
            for path in indexPathsForSelectedRows ?? [] where path != indexPath { deselectRow(at: path, animated: animated) }
        }
        selectedIdentifiers.insert(id)
        visibleCellsByIdentifier[id]?.setSelected(true, animated: animated)
        if scrollPosition != .none { scrollToRow(at: indexPath, at: scrollPosition, animated: animated) }
    }

    /// Deselects the row without telling the delegate; animated, its selected background fades
    /// out over `deselectionDuration`, as in UIKit.
    open func deselectRow(at indexPath: IndexPath, animated: Bool) {
        guard let id = identifier(at: indexPath), selectedIdentifiers.remove(id) != nil else { return }
        visibleCellsByIdentifier[id]?.setSelected(false, animated: animated)
    }

    // MARK: Editing

    private var isEditingStorage = false
    /// Whether rows show their editing controls (delete or insert at the leading side, the
    /// reorder grip at the trailing side). Setting it is `setEditing(_:animated: false)`.
    open var isEditing: Bool {
        get { isEditingStorage }
        set { setEditing(newValue, animated: false) }
    }

    /// Shows or hides the rows' editing controls; animated, the rows' content slides over
    /// `rowAnimationDuration`.
    open func setEditing(_ editing: Bool, animated: Bool) {
        guard editing != isEditingStorage else { return }
        isEditingStorage = editing
        closeSwipedRow(animated: animated)
        for (id, cell) in visibleCellsByIdentifier.sorted(by: { $0.key < $1.key }) {
            if let path = indexPath(forIdentifier: id) { configureEditing(of: cell, at: path) }
            cell.setEditing(editing, animated: animated)
        }
    }

    /// Gives a cell its editing style and reorder control for the row.
    func configureEditing(of cell: UITableViewCell, at indexPath: IndexPath) {
        guard isEditing else { return }
        let canEdit = dataSource?.tableView(self, canEditRowAt: indexPath) ?? false
        let style = canEdit ? (tableDelegate?.tableView(self, editingStyleForRowAt: indexPath) ?? .delete) : .none
        cell.editingStyleForRow = style
        cell.indentsWhileEditing = tableDelegate?.tableView(self, shouldIndentWhileEditingRowAt: indexPath) ?? true
        cell.showsReorderControl = dataSource?.tableView(self, canMoveRowAt: indexPath) ?? false
    }

    // MARK: Gestures

    /// The pan that swipes rows (beside the scroll view's own).
    let swipePan = UIPanGestureRecognizer()
    /// The press that drags a row by its reorder control.
    let reorderPress = UILongPressGestureRecognizer()

    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        if gestureRecognizer === swipePan { return swipeShouldBegin() }
        if gestureRecognizer === reorderPress { return reorderShouldBegin() }
        if gestureRecognizer === panGestureRecognizer {
            if reorder != nil || swipeShouldBegin(probing: true) { return false }
            closeSwipedRow(animated: true)
        }
        return super.gestureRecognizerShouldBegin(gestureRecognizer)
    }

    /// The press on a reorder control, the swipe and the scroll compete as UIKit's do: the
    /// reorder press only on a grip, and it keeps the others from starting.
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool {
        guard gestureRecognizer === reorderPress else { return true }
        return reorderControlRow(at: touch.location(in: self)) != nil
    }

    // MARK: Swipe state (UITableView+Swipe.swift)

    var swipedRow: Int?
    weak var swipedCell: UITableViewCell?
    var swipeConfigurations: (trailing: UISwipeActionsConfiguration?, leading: UISwipeActionsConfiguration?) = (nil, nil)
    var swipeStartShift: CGFloat = 0

    // MARK: Reorder state (UITableView+Editing.swift)

    var reorder: ReorderState?

    // MARK: Touch tracking state (UITableView+Touches.swift)

    var highlightedIdentifier: Int?
    /// Set when a touch went down to close a swiped row: its lift selects nothing.
    var suppressesNextSelection = false
    var pendingHighlight: (identifier: Int, timer: Int)?

    // MARK: Updates state (UITableView+Updates.swift)

    var updateDepth = 0
    var pendingUpdates = TableUpdates()

    // MARK: Clock

    open override func displayTick(at time: TimeInterval) {
        super.displayTick(at: time)
        if style == .plain { setNeedsLayout() }
    }
}

/// Where a table's sections, headers, footers and rows are, in content coordinates.
struct TableGeometry {
    struct Section {
        var header = CGRect.zero
        var rows: [CGRect] = []
        var footer = CGRect.zero
    }
    var sections: [Section] = []
    var tableHeader = CGRect.zero
    var tableFooter = CGRect.zero
    var contentHeight: CGFloat = 0

    func rowFrame(_ indexPath: IndexPath) -> CGRect? {
        guard indexPath.section < sections.count, indexPath.row < sections[indexPath.section].rows.count else { return nil }
        return sections[indexPath.section].rows[indexPath.row]
    }
}

extension CGRect {
    /// Whether the two share some area (rects that only touch do not: a row just below the
    /// visible rect is not on screen).
    func overlaps(_ other: CGRect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }
}

extension IndexPath {
    func precedes(_ other: IndexPath) -> Bool { IndexPath.precedes(self, other) }
}
