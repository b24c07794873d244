import Vocabulary
import Views
import CollectionLayout
import Foundation

/// A row of a table view: a content view (with the classic style's labels and image, or a
/// content configuration's view), an accessory at its trailing side, a separator under it, and
/// its background, which turns systemGray4 while the row is highlighted or selected.
///
///     let cell = tableView.dequeueReusableCell(withIdentifier: "Setting", for: indexPath)
///     cell.textLabel?.text = "Wi-Fi"
///     cell.detailTextLabel?.text = "Home"
///     cell.accessoryType = .disclosureIndicator
///
/// The classic styles are drawn with the list content styles iOS 14 and later draws them with,
/// so a classic cell and one configured with `defaultContentConfiguration()` look alike:
///
/// | style | text | detail text | as |
/// |---|---|---|---|
/// | `.default` | body, label | – | `UIListContentConfiguration.cell()` |
/// | `.subtitle` | body, label | footnote, secondaryLabel, below | `subtitleCell()` |
/// | `.value1` | body, label | body, secondaryLabel, trailing | `valueCell()` |
/// | `.value2` | footnote semibold, tint, right-aligned in a 91 pt column | footnote, label, after it | Contacts' classic layout (not measured on iOS 17) |
///
/// Margins are the table's (16 pt, 20 pt on screens 414 pt wide or more); rows are at least
/// 44 pt tall and 11 pt of margin above and below their text. An image sits at the leading margin,
/// 16 pt before the text. Accessories end at the trailing margin, with the text 8 pt short of
/// them; their shapes and sizes are the list cell's (`UICellAccessory`): a chevron 8 × 13 pt in
/// tertiaryLabel, a checkmark 14 × 13 pt and a detail button 22 pt across in the tint colour.
///
/// A table makes registered cells with `init(style: .default, reuseIdentifier:)`, which is
/// therefore `required` here: a port's `override init(style:reuseIdentifier:)` reads
/// `required override init(style:reuseIdentifier:)` (Swift makes an instance from a class object
/// only through a required initializer; UIKit uses the Objective-C runtime).
open class UITableViewCell: UIView {
    public enum CellStyle: Int, Sendable { case `default`, value1, value2, subtitle }
    public enum SelectionStyle: Int, Sendable { case none, blue, gray, `default` }
    public enum AccessoryType: Int, Sendable { case none, disclosureIndicator, detailDisclosureButton, checkmark, detailButton }
    public enum EditingStyle: Int, Sendable { case none, delete, insert }
    public enum SeparatorStyle: Int, Sendable { case none, singleLine, singleLineEtched }

    public let style: CellStyle
    open private(set) var reuseIdentifier: String?
    /// Where the cell's content goes. Setting a `contentConfiguration` replaces it with the
    /// configuration's view, as in UIKit.
    public private(set) var contentView = UIView()

    public required init(style: CellStyle, reuseIdentifier: String?) {
        self.style = style
        self.reuseIdentifier = reuseIdentifier
        super.init(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
        finishInitializing()
    }

    public convenience override init(frame: CGRect) {
        self.init(style: .default, reuseIdentifier: nil)
        self.frame = frame
    }

    public required init?(coder: NSCoder) {
        style = .default
        super.init(coder: coder)
        finishInitializing()
    }

    private func finishInitializing() {
        addSubview(contentView)
        separator.isUserInteractionEnabled = false
        addSubview(separator)
        showTableBackground()
    }

    // MARK: Classic content

    private var storedTextLabel: UILabel?
    private var storedDetailTextLabel: UILabel?
    private var storedImageView: UIImageView?

    /// The style's text (made on first use, as in UIKit).
    open var textLabel: UILabel? {
        if let storedTextLabel { return storedTextLabel }
        let label = UILabel()
        let content = classicConfiguration
        label.font = content.textProperties.font
        label.textColor = content.textProperties.color
        if style == .value2 { label.textAlignment = .right }
        storedTextLabel = label
        contentView.addSubview(label)
        setNeedsLayout()
        return label
    }

    /// The style's secondary text; nil for `.default`, as in UIKit.
    open var detailTextLabel: UILabel? {
        guard style != .default else { return nil }
        if let storedDetailTextLabel { return storedDetailTextLabel }
        let label = UILabel()
        let content = classicConfiguration
        label.font = content.secondaryTextProperties.font
        label.textColor = content.secondaryTextProperties.color
        storedDetailTextLabel = label
        contentView.addSubview(label)
        setNeedsLayout()
        return label
    }

    open var imageView: UIImageView? {
        if let storedImageView { return storedImageView }
        let view = UIImageView()
        view.contentMode = .scaleAspectFit
        storedImageView = view
        contentView.addSubview(view)
        setNeedsLayout()
        return view
    }

    /// The fonts and colours of the classic style (see the table above).
    private var classicConfiguration: UIListContentConfiguration {
        switch style {
        case .default: return .cell()
        case .subtitle: return .subtitleCell()
        case .value1: return .valueCell()
        case .value2:
            var content = UIListContentConfiguration.cell()
            content.textProperties.font = .systemFont(ofSize: UIFont.preferredFont(forTextStyle: .footnote).pointSize, weight: .semibold)
            content.textProperties.color = .tintColor
            content.secondaryTextProperties.font = .preferredFont(forTextStyle: .footnote)
            content.secondaryTextProperties.color = .label
            return content
        }
    }

    // MARK: Accessories

    open var accessoryType: AccessoryType = .none { didSet { if accessoryType != oldValue { makeAccessoryViews() } } }
    /// A view of your own at the trailing side, instead of `accessoryType`'s.
    open var accessoryView: UIView? {
        didSet {
            oldValue?.removeFromSuperview()
            if let accessoryView { addSubview(accessoryView) }
            setNeedsLayout()
        }
    }
    open var editingAccessoryType: AccessoryType = .none { didSet { makeAccessoryViews() } }
    open var editingAccessoryView: UIView? {
        didSet {
            oldValue?.removeFromSuperview()
            if let editingAccessoryView { addSubview(editingAccessoryView) }
            setNeedsLayout()
        }
    }

    private var accessoryViews: [CellAccessoryView] = []
    private var editingAccessoryViews: [CellAccessoryView] = []

    private func makeAccessoryViews() {
        for view in accessoryViews + editingAccessoryViews { view.removeFromSuperview() }
        func views(_ type: AccessoryType) -> [CellAccessoryView] {
            // The detail button, when there is one, comes first.
            let hasDetail = type == .detailButton || type == .detailDisclosureButton
            return Self.accessories(for: type).enumerated().map { makeAccessoryView($0.element, isDetail: hasDetail && $0.offset == 0) }
        }
        accessoryViews = views(accessoryType)
        editingAccessoryViews = views(editingAccessoryType)
        setNeedsLayout()
    }

    private func makeAccessoryView(_ accessory: UICellAccessory, isDetail: Bool) -> CellAccessoryView {
        let view = CellAccessoryView(accessory)
        if isDetail {
            view.addGestureRecognizer(UITapGestureRecognizer { [weak self] _ in
                guard let self, let table = self.tableView, let indexPath = table.indexPath(for: self) else { return }
                table.tableDelegate?.tableView(table, accessoryButtonTappedForRowWith: indexPath)
            })
        }
        addSubview(view)
        return view
    }

    /// The list accessories that draw an accessory type, leading to trailing.
    static func accessories(for type: AccessoryType) -> [UICellAccessory] {
        switch type {
        case .none: []
        case .disclosureIndicator: [.disclosureIndicator()]
        case .checkmark: [.checkmark()]
        case .detailButton: [.detail()]
        case .detailDisclosureButton: [.detail(), .disclosureIndicator()]
        }
    }

    // MARK: Editing controls

    private lazy var editingControl: CellAccessoryView = {
        let view = CellAccessoryView(.delete(displayed: .always))
        view.addGestureRecognizer(UITapGestureRecognizer { [weak self] _ in self?.editingControlTapped() })
        addSubview(view)
        return view
    }()
    private lazy var insertControl: CellAccessoryView = {
        let view = CellAccessoryView(.insert(displayed: .always))
        view.addGestureRecognizer(UITapGestureRecognizer { [weak self] _ in self?.editingControlTapped() })
        addSubview(view)
        return view
    }()
    /// The grip of a row that may be reordered.
    private(set) lazy var reorderControl: CellAccessoryView = {
        let view = CellAccessoryView(.reorder(displayed: .always))
        addSubview(view)
        return view
    }()

    /// The editing style the table gives the row in editing mode, its indentation and whether it
    /// shows the reorder control.
    var editingStyleForRow: EditingStyle = .none { didSet { if editingStyleForRow != oldValue { setNeedsLayout() } } }
    var indentsWhileEditing = true
    open var showsReorderControl = false { didSet { setNeedsLayout() } }

    private func editingControlTapped() {
        guard let table = tableView, let indexPath = table.indexPath(for: self) else { return }
        switch editingStyleForRow {
        case .delete: table.openDeleteConfirmation(at: indexPath)
        case .insert: table.dataSource?.tableView(table, commit: .insert, forRowAt: indexPath)
        case .none: break
        }
    }

    /// Whether the cell shows its editing controls (the table's `isEditing`).
    open private(set) var isEditing = false
    open func setEditing(_ editing: Bool, animated: Bool) {
        guard editing != isEditing else { return }
        isEditing = editing
        setNeedsUpdateConfiguration()
        guard animated, window != nil else {
            setNeedsLayout()
            return
        }
        SimulatedClock.withCurrent(tableView?.clock ?? SimulatedClock.current) {
            UIView.animate(withDuration: UITableView.rowAnimationDuration) { self.layoutIfNeeded() }
        }
    }

    // MARK: Selection and highlight

    open var selectionStyle: SelectionStyle = .default { didSet { setNeedsUpdateConfiguration() } }
    open var isSelected: Bool {
        get { selected }
        set { setSelected(newValue, animated: false) }
    }
    open var isHighlighted: Bool {
        get { highlighted }
        set { setHighlighted(newValue, animated: false) }
    }
    private var selected = false
    private var highlighted = false

    /// Selects or deselects the row's look; animated, the background fades between its colours
    /// over `UITableView.deselectionDuration`.
    open func setSelected(_ selected: Bool, animated: Bool) {
        guard selected != self.selected else { return }
        self.selected = selected
        showState(animated: animated)
    }

    open func setHighlighted(_ highlighted: Bool, animated: Bool) {
        guard highlighted != self.highlighted else { return }
        self.highlighted = highlighted
        for label in [storedTextLabel, storedDetailTextLabel].compactMap({ $0 }) { label.isHighlighted = highlighted && selectionStyle != .none }
        showState(animated: animated)
    }

    private func showState(animated: Bool) {
        setNeedsUpdateConfiguration()
        guard animated, window != nil else {
            updateConfigurationIfNeeded()
            layOutStandardViews()
            return
        }
        SimulatedClock.withCurrent(tableView?.clock ?? SimulatedClock.current) {
            UIView.animate(withDuration: UITableView.deselectionDuration, delay: 0, options: [.curveEaseOut]) {
                self.updateConfigurationIfNeeded()
                self.layOutStandardViews()
            }
        }
    }

    // MARK: Backgrounds

    /// Behind everything else in the cell.
    open var backgroundView: UIView? {
        didSet {
            oldValue?.removeFromSuperview()
            if let backgroundView {
                insertSubview(backgroundView, at: 0)
                if usesTableBackground { usesTableBackground = false; backgroundConfiguration = nil }
            }
            setNeedsLayout()
        }
    }

    /// Above the background, below the content; shown while the row is selected or highlighted.
    open var selectedBackgroundView: UIView? {
        didSet {
            oldValue?.removeFromSuperview()
            if let selectedBackgroundView { insertSubview(selectedBackgroundView, belowSubview: contentView) }
            setNeedsLayout()
        }
    }
    /// Kept; multiple selection draws the selected background here.
    open var multipleSelectionBackgroundView: UIView?

    open override var backgroundColor: UIColor? {
        didSet {
            if !settingTableBackground, backgroundColor != nil, usesTableBackground {
                usesTableBackground = false
                backgroundConfiguration = nil
            }
        }
    }

    /// The cell's background (iOS 14). Until one is chosen (this, `backgroundColor` or
    /// `backgroundView`), the table's: `listPlainCell()` in a plain table, `listGroupedCell()` in
    /// the grouped styles.
    open var backgroundConfiguration: UIBackgroundConfiguration? {
        didSet {
            if !settingTableBackground { usesTableBackground = false }
            if backgroundConfiguration != nil, backgroundColor != nil, !settingTableBackground { backgroundColor = nil }
            showBackgroundConfiguration(for: automaticallyUpdatesBackgroundConfiguration ? configurationState : nil)
        }
    }
    open var automaticallyUpdatesBackgroundConfiguration = true { didSet { setNeedsUpdateConfiguration() } }

    private var configuredBackground: BackgroundConfigurationView?
    private var usesTableBackground = true
    private var settingTableBackground = false

    /// The table's background for a row.
    open func defaultBackgroundConfiguration() -> UIBackgroundConfiguration {
        placement.style == .plain ? .listPlainCell() : .listGroupedCell()
    }

    private func showTableBackground() {
        guard usesTableBackground else { return }
        settingTableBackground = true
        backgroundConfiguration = defaultBackgroundConfiguration()
        settingTableBackground = false
    }

    private func showBackgroundConfiguration(for state: UICellConfigurationState?) {
        configuredBackground = BackgroundConfigurationView.show(backgroundConfiguration, for: state, in: self,
                                                                replacing: configuredBackground).view
        guard let configuredBackground else { return }
        configuredBackground.listCorners = placement.corners
        setNeedsLayout()
    }

    // MARK: Configurations (iOS 14)

    /// The content the cell shows, made into `contentView` by the configuration.
    open var contentConfiguration: UIContentConfiguration? {
        didSet { showContentConfiguration(for: automaticallyUpdatesContentConfiguration ? configurationState : nil) }
    }
    open var automaticallyUpdatesContentConfiguration = true { didSet { setNeedsUpdateConfiguration() } }
    /// Called with the cell and its state each time the state changes (iOS 15).
    open var configurationUpdateHandler: ((UITableViewCell, UICellConfigurationState) -> Void)? {
        didSet { setNeedsUpdateConfiguration() }
    }

    /// The content style of the cell's classic style.
    open func defaultContentConfiguration() -> UIListContentConfiguration {
        switch style {
        case .default: .cell()
        case .subtitle: .subtitleCell()
        case .value1, .value2: .valueCell()
        }
    }

    /// Selected and highlighted (unless `selectionStyle` is `.none`), editing, swiped.
    open var configurationState: UICellConfigurationState {
        var state = UICellConfigurationState(traitCollection: traitCollection)
        state.isSelected = selected && selectionStyle != .none
        state.isHighlighted = highlighted && selectionStyle != .none
        state.isEditing = isEditing
        state.isSwiped = swipeShift != 0
        return state
    }

    private var needsConfigurationUpdate = true

    open func setNeedsUpdateConfiguration() {
        needsConfigurationUpdate = true
        setNeedsLayout()
    }

    /// Called when the state changes: the default calls `configurationUpdateHandler`.
    open func updateConfiguration(using state: UICellConfigurationState) {
        configurationUpdateHandler?(self, state)
    }

    func updateConfigurationIfNeeded() {
        guard needsConfigurationUpdate else { return }
        needsConfigurationUpdate = false
        let state = configurationState
        if automaticallyUpdatesContentConfiguration, contentConfiguration != nil { showContentConfiguration(for: state) }
        if automaticallyUpdatesBackgroundConfiguration, backgroundConfiguration != nil { showBackgroundConfiguration(for: state) }
        selectedBackgroundView?.isHidden = !(state.isSelected || state.isHighlighted)
        updateConfiguration(using: state)
    }

    open override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        setNeedsUpdateConfiguration()
    }

    private func showContentConfiguration(for state: UICellConfigurationState?) {
        guard let base = contentConfiguration else { return }
        let configuration = state.map { base.updated(for: $0) } ?? base
        if let view = contentView as? UIView & UIContentView, view.supports(configuration) {
            view.configuration = configuration
            return
        }
        let view = configuration.makeContentView()
        let index = subviews.firstIndex { $0 === contentView } ?? subviews.count
        contentView.removeFromSuperview()
        contentView = view
        insertSubview(view, at: index)
        setNeedsLayout()
    }

    // MARK: Reuse

    /// Called before a reused cell is handed out again: reset what `cellForRowAt` configures.
    open func prepareForReuse() {}

    func prepareForTableReuse() {
        swipeShift = 0
        removeSwipeActions()
        setHighlighted(false, animated: false)
        prepareForReuse()
    }

    // MARK: Placement in the table

    /// Where the table puts the row: its style and margin, first or last in its section, and
    /// its separator.
    struct Placement: Equatable {
        var style: UITableView.Style = .plain
        var margin: CGFloat = 16
        var isFirst = false
        var isLast = false
        var showsSeparator = true
        var separatorInset: UIEdgeInsets = UIEdgeInsets(top: 0, left: 16, bottom: 0, right: 0)
        var separatorColor: UIColor = .separator

        /// The corners of an inset-grouped section's first and last rows, rounded by 10 pt.
        var corners: (radius: CGFloat, corners: CACornerMask) {
            guard style == .insetGrouped else { return (0, []) }
            var mask: CACornerMask = []
            if isFirst { mask.formUnion([.layerMinXMinYCorner, .layerMaxXMinYCorner]) }
            if isLast { mask.formUnion([.layerMinXMaxYCorner, .layerMaxXMaxYCorner]) }
            return mask.isEmpty ? (0, []) : (UITableView.insetGroupedCornerRadius, mask)
        }
    }

    var placement = Placement() {
        didSet {
            guard placement != oldValue else { return }
            if placement.style != oldValue.style { showTableBackground() }
            configuredBackground?.listCorners = placement.corners
            setNeedsLayout()
        }
    }

    /// The table view the cell is in.
    var tableView: UITableView? {
        var view = superview
        while let current = view {
            if let table = current as? UITableView { return table }
            view = current.superview
        }
        return nil
    }

    /// The inset of the separator under the row. Unless set, the table's `separatorInset`; and
    /// when that is the default, the separator starts at the text, past an image (iOS 14+).
    open var separatorInset: UIEdgeInsets {
        get { ownSeparatorInset ?? placement.separatorInset }
        set { ownSeparatorInset = newValue; setNeedsLayout() }
    }
    private var ownSeparatorInset: UIEdgeInsets?

    open var indentationLevel = 0 { didSet { setNeedsLayout() } }
    open var indentationWidth: CGFloat = 10 { didSet { setNeedsLayout() } }

    private let separator = UIView()

    // MARK: Swipe actions

    /// How far a swipe has moved the row's content to the left (negative: to the right).
    var swipeShift: CGFloat = 0 {
        didSet {
            guard swipeShift != oldValue else { return }
            if (swipeShift != 0) != (oldValue != 0) { setNeedsUpdateConfiguration() }
            setNeedsLayout()
        }
    }
    private var swipeViews: (trailing: SwipeActionsView?, leading: SwipeActionsView?) = (nil, nil)

    func showSwipeActions(trailing: UISwipeActionsConfiguration?, leading: UISwipeActionsConfiguration?,
                          tapped: @escaping (UIContextualAction) -> Void) {
        removeSwipeActions()
        func make(_ configuration: UISwipeActionsConfiguration?, trailing: Bool) -> SwipeActionsView? {
            guard let configuration, !configuration.actions.isEmpty else { return nil }
            let view = SwipeActionsView(actions: trailing ? configuration.actions.reversed() : configuration.actions, trailing: trailing)
            view.tapped = tapped
            addSubview(view)
            return view
        }
        swipeViews = (make(trailing, trailing: true), make(leading, trailing: false))
        setNeedsLayout()
    }

    func removeSwipeActions() {
        swipeViews.trailing?.removeFromSuperview()
        swipeViews.leading?.removeFromSuperview()
        swipeViews = (nil, nil)
        clipsToBounds = false
    }

    // MARK: Layout

    /// The frames of the trailing accessories and the content view, in the cell.
    private func arrangement(in bounds: CGRect) -> (accessories: [(UIView, CGRect)], content: CGRect, editing: CGRect, reorder: CGRect) {
        let margin = placement.margin
        var leading: CGFloat = CGFloat(indentationLevel) * indentationWidth
        var editing = CGRect.zero
        if isEditing, editingStyleForRow != .none {
            editing = CGRect(x: margin, y: 0, width: 22, height: bounds.height)
            if indentsWhileEditing { leading = max(leading, margin + 22) }
        }
        var trailing = bounds.width - margin
        var reorder = CGRect.zero
        var frames: [(UIView, CGRect)] = []
        if isEditing, showsReorderControl {
            reorder = CGRect(x: trailing - 18, y: 0, width: 18, height: bounds.height)
            trailing -= 18 + 12
        }
        let shownViews: [UIView]
        if isEditing {
            shownViews = editingAccessoryView.map { [$0] } ?? editingAccessoryViews
        } else {
            shownViews = accessoryView.map { [$0] } ?? accessoryViews
        }
        var anyTrailing = reorder != .zero
        for view in shownViews.reversed() {
            let size: CGSize = (view as? CellAccessoryView).map { CGSize(width: $0.reservedWidth, height: bounds.height) }
                ?? (view.bounds.size == .zero ? view.sizeThatFits(.zero) : view.bounds.size)
            let y = (view is CellAccessoryView) ? 0 : (bounds.height - size.height) / 2
            frames.insert((view, CGRect(x: trailing - size.width, y: y, width: size.width, height: size.height)), at: 0)
            trailing -= size.width + 12
            anyTrailing = true
        }
        // The content keeps the margin inside it; its text ends 8 pt short of the first accessory.
        let end = anyTrailing ? trailing + 12 + margin - 8 : bounds.width
        return (frames, CGRect(x: leading, y: 0, width: max(0, end - leading), height: bounds.height), editing, reorder)
    }

    open override func layoutSubviews() {
        updateConfigurationIfNeeded()
        super.layoutSubviews()
        layOutStandardViews()
        layOutClassicContent()
        layOutSeparator()
    }

    private func layOutStandardViews() {
        let shift = swipeShift
        let full = CGRect(x: -shift, y: 0, width: bounds.width, height: bounds.height)
        for view in [configuredBackground, backgroundView, selectedBackgroundView].compactMap({ $0 }) { view.frame = full }
        let state = configurationState
        selectedBackgroundView?.isHidden = !(state.isSelected || state.isHighlighted)
        let frames = arrangement(in: bounds)
        contentView.frame = frames.content.offsetBy(dx: -shift, dy: 0)
        if contentView.layoutMargins.left != placement.margin || contentView.layoutMargins.right != placement.margin {
            var margins = contentView.layoutMargins
            margins.left = placement.margin
            margins.right = placement.margin
            contentView.layoutMargins = margins
        }
        let shown = Set(frames.accessories.map { ObjectIdentifier($0.0) })
        for view in accessoryViews + editingAccessoryViews + [accessoryView, editingAccessoryView].compactMap({ $0 }) {
            view.isHidden = !shown.contains(ObjectIdentifier(view))
        }
        for (view, frame) in frames.accessories { view.frame = frame.offsetBy(dx: -shift, dy: 0) }
        let showsEditingControl = isEditing && editingStyleForRow != .none
        if showsEditingControl || editingStyleForRow != .none {
            let control = editingStyleForRow == .insert ? insertControl : editingControl
            control.isHidden = !showsEditingControl
            // Out of sight to the left while not editing, so it slides in with the content.
            control.frame = showsEditingControl ? frames.editing.offsetBy(dx: -shift, dy: 0)
                : CGRect(x: -22 - placement.margin, y: 0, width: 22, height: bounds.height)
        }
        if isEditing && showsReorderControl {
            reorderControl.isHidden = false
            reorderControl.frame = frames.reorder.offsetBy(dx: -shift, dy: 0)
        } else if showsReorderControl {
            reorderControl.isHidden = true
        }
        if swipeViews.trailing != nil || swipeViews.leading != nil { clipsToBounds = shift != 0 }
        swipeViews.trailing?.frame = CGRect(x: bounds.width - max(0, shift), y: 0, width: max(0, shift), height: bounds.height)
        swipeViews.leading?.frame = CGRect(x: 0, y: 0, width: max(0, -shift), height: bounds.height)
        for view in [swipeViews.trailing, swipeViews.leading].compactMap({ $0 }) { bringSubviewToFront(view) }
    }

    /// Lays out the classic style's image and labels in the content view.
    private func layOutClassicContent() {
        guard !(contentView is UIContentView) else { return }
        let frames = classicArrangement(width: contentView.bounds.width, height: contentView.bounds.height)
        storedImageView?.frame = frames.image
        storedTextLabel?.frame = frames.text
        storedDetailTextLabel?.frame = frames.detail
    }

    private var hasImage: Bool { storedImageView?.image != nil }

    /// The image's, the text's and the detail text's frames in a content view of `width`, and
    /// the height they need.
    func classicArrangement(width: CGFloat, height: CGFloat) -> (image: CGRect, text: CGRect, detail: CGRect, height: CGFloat) {
        let margin = placement.margin
        var x = margin
        var image = CGRect.zero
        if let picture = storedImageView?.image {
            var size = picture.size
            if size.height > 36 { size = CGSize(width: size.width * 36 / size.height, height: 36) }
            image = CGRect(x: x, y: 0, width: size.width, height: size.height)
            x += size.width + 16
        }
        let available = max(0, width - x - margin)
        let text = storedTextLabel.flatMap { ($0.text ?? "").isEmpty ? nil : $0 }
        let detail = storedDetailTextLabel.flatMap { ($0.text ?? "").isEmpty ? nil : $0 }
        var textFrame = CGRect.zero, detailFrame = CGRect.zero
        var contentHeight: CGFloat = 0
        switch style {
        case .default:
            let size = text?.sizeThatFits(CGSize(width: available, height: 0)) ?? .zero
            textFrame = CGRect(x: x, y: 0, width: available, height: size.height)
            contentHeight = size.height
        case .subtitle:
            let textSize = text?.sizeThatFits(CGSize(width: available, height: 0)) ?? .zero
            let detailSize = detail?.sizeThatFits(CGSize(width: available, height: 0)) ?? .zero
            let gap: CGFloat = text != nil && detail != nil ? 3 : 0
            textFrame = CGRect(x: x, y: 0, width: available, height: textSize.height)
            detailFrame = CGRect(x: x, y: textSize.height + gap, width: available, height: detailSize.height)
            contentHeight = textSize.height + gap + detailSize.height
        case .value1:
            let textSize = text?.sizeThatFits(CGSize(width: available, height: 0)) ?? .zero
            let detailSize = detail?.sizeThatFits(CGSize(width: available, height: 0)) ?? .zero
            let detailWidth = min(detailSize.width, max(0, available - textSize.width - 16))
            contentHeight = max(textSize.height, detailSize.height)
            textFrame = CGRect(x: x, y: (contentHeight - textSize.height) / 2, width: min(textSize.width, available - detailWidth - (detailWidth > 0 ? 16 : 0)),
                               height: textSize.height)
            detailFrame = CGRect(x: width - margin - detailWidth, y: (contentHeight - detailSize.height) / 2, width: detailWidth, height: detailSize.height)
        case .value2:
            let column: CGFloat = 91
            let textSize = text?.sizeThatFits(CGSize(width: column, height: 0)) ?? .zero
            let detailX = x + column + 6
            let detailSize = detail?.sizeThatFits(CGSize(width: max(0, width - detailX - margin), height: 0)) ?? .zero
            contentHeight = max(textSize.height, detailSize.height)
            textFrame = CGRect(x: x, y: (contentHeight - textSize.height) / 2, width: column, height: textSize.height)
            detailFrame = CGRect(x: detailX, y: (contentHeight - detailSize.height) / 2, width: max(0, width - detailX - margin),
                                 height: detailSize.height)
        }
        let needed = max(UITableView.minimumRowHeight, 11 + contentHeight + 11, image.height + 8)
        let shown = max(height, 0)
        let top = (shown - contentHeight) / 2
        textFrame.origin.y += top
        detailFrame.origin.y += top
        image.origin.y = (shown - image.height) / 2
        return (image, textFrame, detailFrame, needed)
    }

    /// The height the row needs at `width` (a self-sizing row): the content configuration's
    /// view's, the content view's Auto Layout, or the classic style's text and image.
    func fittingHeight(width: CGFloat) -> CGFloat {
        updateConfigurationIfNeeded()
        let contentWidth = arrangement(in: CGRect(x: 0, y: 0, width: width, height: 44)).content.width
        if contentView is UIContentView {
            return max(1, contentView.sizeThatFits(CGSize(width: contentWidth, height: 0)).height)
        }
        if !contentView.constraints.isEmpty {
            let fitted = contentView.systemLayoutSizeFitting(CGSize(width: contentWidth, height: 0),
                                                             withHorizontalFittingPriority: .required,
                                                             verticalFittingPriority: .fittingSizeLevel)
            return max(1, fitted.height)
        }
        return classicArrangement(width: contentWidth, height: 0).height
    }

    private func layOutSeparator() {
        let hairline = 1 / UIScreen.main.scale
        guard placement.showsSeparator, !isEditingMoving else {
            separator.isHidden = true
            return
        }
        separator.isHidden = false
        var inset = separatorInset
        if ownSeparatorInset == nil, inset.left == placement.margin, let text = textStart { inset.left = text }
        if ownSeparatorInset == nil, isEditing, editingStyleForRow != .none, indentsWhileEditing {
            inset.left += contentView.frame.minX + swipeShift
        }
        separator.backgroundColor = placement.separatorColor
        separator.frame = CGRect(x: inset.left - swipeShift, y: bounds.height - hairline,
                                 width: max(0, bounds.width - inset.left - inset.right), height: hairline)
        bringSubviewToFront(separator)
    }

    /// Whether the row is being dragged to a new place (it draws no separator then).
    var isEditingMoving = false { didSet { setNeedsLayout() } }

    /// Where the text starts in the cell, when an image pushes it past the margin.
    private var textStart: CGFloat? {
        if let list = contentView as? UIListContentView, let text = list.textLayoutGuide?.layoutFrame, text.width > 0,
           list.listConfiguration.image != nil {
            return text.minX
        }
        guard hasImage, let label = storedTextLabel else { return nil }
        return label.frame.minX
    }
}

