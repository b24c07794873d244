import Vocabulary
import Foundation

/// A row of a list (iOS 14): a content configuration in its content view, accessories at its
/// sides, a separator under it, and the list's background, all following the list section it
/// is in (see `UICollectionLayoutListConfiguration` and `UICellAccessory` for the metrics).
///
///     let registration = UICollectionView.CellRegistration<UICollectionViewListCell, Song> { cell, _, song in
///         var content = cell.defaultContentConfiguration()
///         content.text = song.title
///         content.secondaryText = song.artist
///         cell.contentConfiguration = content
///         cell.accessories = [.disclosureIndicator()]
///     }
///
/// Until a background is chosen (a `backgroundConfiguration`, `backgroundColor` or
/// `backgroundView`), the cell shows its list's default background, which turns systemGray4
/// while the row is highlighted or selected. In an inset-grouped section, the first and last
/// rows round their outer corners by 10 pt.
open class UICollectionViewListCell: UICollectionViewCell {
    /// The accessories, in order from leading to trailing: leading ones (delete, insert,
    /// multiselect) from the leading margin, trailing ones ending at the trailing margin, 12 pt apart.
    open var accessories: [UICellAccessory] = [] {
        didSet { makeAccessoryViews() }
    }
    /// The actions a swipe to the right (leading) or left (trailing) reveals, when the list's
    /// providers give none for the row.
    open var leadingSwipeActionsConfiguration: UISwipeActionsConfiguration?
    open var trailingSwipeActionsConfiguration: UISwipeActionsConfiguration?

    /// How many steps the content (and accessories, when `indentsAccessories`) is indented.
    open var indentationLevel = 0 { didSet { setNeedsLayout() } }
    open var indentationWidth: CGFloat = 10 { didSet { setNeedsLayout() } }
    open var indentsAccessories = true { didSet { setNeedsLayout() } }

    /// Where the separator under the row is drawn, in the cell.
    public private(set) lazy var separatorLayoutGuide = UILayoutGuide(owningView: self) {
        ($0 as? UICollectionViewListCell)?.separatorFrame ?? .zero
    }

    private var placement: ListPlacement?
    private let separator = UIView()
    /// The buttons a swipe reveals, trailing and leading.
    private var swipeViews: (trailing: SwipeActionsView?, leading: SwipeActionsView?) = (nil, nil)
    private var accessoryViews: [CellAccessoryView] = []
    /// Whether the background is the list's default (no background chosen yet).
    private var usesListBackground = true
    private var settingListBackground = false

    public required init(frame: CGRect) {
        super.init(frame: frame)
        separator.isUserInteractionEnabled = false
        addSubview(separator)
        showListBackground()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        addSubview(separator)
    }

    /// The content style for where the cell is: a row, or a plain or grouped header or footer.
    open func defaultContentConfiguration() -> UIListContentConfiguration {
        guard let placement else { return .cell() }
        let grouped = placement.appearance != .plain && placement.appearance != .sidebarPlain
        switch placement.role {
        case .row: return placement.appearance == .sidebar || placement.appearance == .sidebarPlain ? .sidebarCell() : .cell()
        case .header: return placement.appearance == .sidebar ? .sidebarHeader() : grouped ? .groupedHeader() : .plainHeader()
        case .footer: return grouped ? .groupedFooter() : .plainFooter()
        }
    }

    /// The list's background for where the cell is.
    open override func defaultBackgroundConfiguration() -> UIBackgroundConfiguration {
        guard let placement else { return .listPlainCell() }
        switch (placement.role, placement.appearance) {
        case (.row, .plain): return .listPlainCell()
        case (.row, .sidebar), (.row, .sidebarPlain): return .listSidebarCell()
        case (.row, _): return .listGroupedCell()
        case (_, .plain), (_, .sidebarPlain): return .listPlainHeaderFooter()
        case (_, _): return .listGroupedHeaderFooter()
        }
    }

    open override var backgroundConfiguration: UIBackgroundConfiguration? {
        didSet { if !settingListBackground { usesListBackground = false } }
    }

    open override var backgroundColor: UIColor? {
        didSet { if !settingListBackground, backgroundColor != nil { usesListBackground = false; backgroundConfiguration = nil } }
    }

    open override var backgroundView: UIView? {
        didSet { if backgroundView != nil, usesListBackground { usesListBackground = false; backgroundConfiguration = nil } }
    }

    private func showListBackground() {
        guard usesListBackground else { return }
        settingListBackground = true
        backgroundConfiguration = defaultBackgroundConfiguration()
        settingListBackground = false
    }

    open override func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {
        super.apply(layoutAttributes)
        adopt(layoutAttributes.listPlacement)
    }

    /// Takes the list's placement of the element the cell shows (its appearance, place and separator).
    func adopt(_ placement: ListPlacement?) {
        guard placement != self.placement else { return }
        self.placement = placement
        showListBackground()
        let corners = placement?.corners ?? (radius: 0, mask: [])
        setListCorners(radius: corners.radius, corners: corners.mask)
        setNeedsLayout()
    }

    // MARK: Swipe actions

    /// Gets the buttons of the actions a swipe is about to reveal.
    func showSwipeActions(trailing: UISwipeActionsConfiguration?, leading: UISwipeActionsConfiguration?,
                          controller: SwipeActionsController) {
        removeSwipeActions()
        func make(_ configuration: UISwipeActionsConfiguration?, trailing: Bool) -> SwipeActionsView? {
            guard let configuration, !configuration.actions.isEmpty else { return nil }
            // Trailing buttons read from the content outwards; leading ones from the edge inwards.
            let view = SwipeActionsView(actions: trailing ? configuration.actions.reversed() : configuration.actions, trailing: trailing)
            view.controller = controller
            addSubview(view)
            return view
        }
        swipeViews = (make(trailing, trailing: true), make(leading, trailing: false))
        setNeedsLayout()
    }

    private func removeSwipeActions() {
        swipeViews.trailing?.removeFromSuperview()
        swipeViews.leading?.removeFromSuperview()
        swipeViews = (nil, nil)
    }

    open override func prepareForReuse() {
        super.prepareForReuse()
        (swipeViews.trailing?.controller ?? swipeViews.leading?.controller)?.forget(self)
        swipeShift = 0
        removeSwipeActions()
    }

    // MARK: Accessories

    private func makeAccessoryViews() {
        for view in accessoryViews { view.removeFromSuperview() }
        accessoryViews = accessories.map { accessory in
            let view = CellAccessoryView(accessory)
            if accessory.actionHandler != nil || accessory.isOutlineDisclosure {
                view.addGestureRecognizer(UITapGestureRecognizer { [weak self, weak view] _ in
                    guard let self, let view else { return }
                    self.accessoryTapped(view.accessory)
                })
            }
            addSubview(view)
            return view
        }
        refreshAccessories(configurationState)
        setNeedsLayout()
    }

    private func accessoryTapped(_ accessory: UICellAccessory) {
        if let handler = accessory.actionHandler {
            handler()
        } else if accessory.isOutlineDisclosure, let collectionView = owningCollectionView,
                  let indexPath = collectionView.indexPath(for: self),
                  let outline = collectionView.dataSource as? OutlineExpanding {
            outline.toggleExpansion(at: indexPath)
        }
    }

    private func refreshAccessories(_ state: UICellConfigurationState) {
        for view in accessoryViews {
            view.isHidden = !view.accessory.isShown(editing: state.isEditing)
            view.isExpanded = state.isExpanded
            view.isCellSelected = state.isSelected
        }
    }

    override func configurationStateDidUpdate(_ state: UICellConfigurationState) {
        let shown = accessoryViews.map(\.isHidden)
        refreshAccessories(state)
        if accessoryViews.map(\.isHidden) != shown { setNeedsLayout() }
    }

    // MARK: Layout

    private var margin: CGFloat { placement?.margin ?? UICollectionLayoutListConfiguration.margin(forWidth: bounds.width) }

    /// The frames of the shown accessories, and the content's span between them.
    private func arrangement(in bounds: CGRect) -> (accessories: [CGRect], content: CGRect) {
        let indentation = CGFloat(indentationLevel) * indentationWidth
        var leading = margin + (indentsAccessories ? indentation : 0)
        var trailing = bounds.width - margin
        var frames = Array(repeating: CGRect.zero, count: accessoryViews.count)
        var anyLeading = false, anyTrailing = false
        // Leading accessories from the leading margin inwards, trailing ones ending at the
        // trailing margin, each side in its order.
        for index in sideOrder(leading: true) where !accessoryViews[index].isHidden {
            let width = accessoryViews[index].reservedWidth
            frames[index] = CGRect(x: leading, y: 0, width: width, height: bounds.height)
            leading += width + 12
            anyLeading = true
        }
        for index in sideOrder(leading: false).reversed() where !accessoryViews[index].isHidden {
            let width = accessoryViews[index].reservedWidth
            frames[index] = CGRect(x: trailing - width, y: 0, width: width, height: bounds.height)
            trailing -= width + 12
            anyTrailing = true
        }
        // The content view keeps the list's margin inside it, so it spans from the cell's edge
        // (indented) or the last leading accessory, to the cell's edge or 8 pt of text short of
        // the first trailing accessory.
        let start = anyLeading ? leading - 12 : indentation
        let end = anyTrailing ? trailing + 12 + margin - 8 : bounds.width
        return (frames, CGRect(x: start, y: 0, width: max(0, end - start), height: bounds.height))
    }

    /// The accessories of one side (indices in `accessories`), leading to trailing: the built-in
    /// ones in their order, each custom view inserted where its placement says.
    private func sideOrder(leading: Bool) -> [Int] {
        let side = accessories.indices.filter { accessories[$0].isLeading == leading }
        var order = side.filter { if case .custom = accessories[$0].kind { false } else { true } }
        for index in side {
            guard case .custom(let configuration) = accessories[index].kind else { continue }
            let at = configuration.placement.index(order.map { accessories[$0] })
            order.insert(index, at: min(max(0, at), order.count))
        }
        return order
    }

    override func contentFrame(in bounds: CGRect) -> CGRect {
        arrangement(in: bounds).content
    }

    override func contentFittingSize(_ size: CGSize) -> CGSize {
        CGSize(width: arrangement(in: CGRect(origin: .zero, size: size)).content.width, height: size.height)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let margins = contentView.layoutMargins
        if margins.left != margin || margins.right != margin {
            contentView.layoutMargins = UIEdgeInsets(top: margins.top, left: margin, bottom: margins.bottom, right: margin)
        }
        let frames = arrangement(in: bounds).accessories
        for (view, frame) in zip(accessoryViews, frames) { view.frame = frame.offsetBy(dx: -swipeShift, dy: 0) }
        let line = separatorFrame
        separator.isHidden = line.isEmpty
        separator.frame = line.offsetBy(dx: -swipeShift, dy: 0)
        // A swipe shows its buttons in the space the content leaves (and only there).
        if swipeViews.trailing != nil || swipeViews.leading != nil { clipsToBounds = swipeShift != 0 }
        swipeViews.trailing?.frame = CGRect(x: bounds.width - max(0, swipeShift), y: 0, width: max(0, swipeShift), height: bounds.height)
        swipeViews.leading?.frame = CGRect(x: 0, y: 0, width: max(0, -swipeShift), height: bounds.height)
        separator.backgroundColor = placement?.separator?.color ?? .separator
        bringSubviewToFront(separator)
    }

    /// Where the separator under the row goes; empty when the row has none.
    private var separatorFrame: CGRect {
        guard let separator = placement?.separator, separator.bottomSeparatorVisibility != .hidden else { return .zero }
        let hairline = 1 / UIScreen.main.scale
        let automatic = UIListSeparatorConfiguration.automaticInsets
        // From the content as laid out, before any swipe moves it (the caller moves the line too).
        let contentMinX = arrangement(in: bounds).content.minX
        var leading = contentMinX + contentView.layoutMargins.left
        if let list = contentView as? UIListContentView, let text = list.textLayoutGuide?.layoutFrame, text.width > 0 {
            leading = contentMinX + text.minX
        }
        if separator.bottomSeparatorInsets.leading != automatic.leading { leading = separator.bottomSeparatorInsets.leading }
        let trailing = separator.bottomSeparatorInsets.trailing != automatic.trailing ? separator.bottomSeparatorInsets.trailing : 0
        return CGRect(x: leading, y: bounds.height - hairline, width: max(0, bounds.width - leading - trailing), height: hairline)
    }
}

extension UICellAccessory {
    var isOutlineDisclosure: Bool {
        if case .outlineDisclosure = kind { return true }
        return false
    }
}

/// A data source that expands and collapses outline items (the diffable data source with
/// section snapshots), for the outline disclosure accessory.
@MainActor
protocol OutlineExpanding: AnyObject {
    func toggleExpansion(at indexPath: IndexPath)
}
