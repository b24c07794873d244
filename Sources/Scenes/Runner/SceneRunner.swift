import CollectionLayout
import Vocabulary
import Foundation
import Raster
import Recording

/// A scene as a UI: a window of the canvas' size holding the scene's collection view (its layout,
/// a data source of `SceneCell`s and section headers and footers, its interaction) and the
/// documentation overlays, with the scene's touch script. `Recorder(scene:font:)` records it as
/// it records any window: the same player, snapshot, renderer and trace.
///
/// A dragged cell is drawn raised: the cell scales by the style's lift and casts its shadow
/// (`SceneCell.lift`). The springs overlay and the caption are views above the collection view;
/// the finger's disc is the recorder's (`showsTouches`), drawn over everything.
@MainActor
public final class SceneRunner {
    public let scene: Scene
    public let window: UIWindow
    public let collectionView: UICollectionView
    public let interaction: UICollectionViewInteraction?
    /// The scene's touch script as touches.
    public let touches: [Touch]
    private let model: SceneModel
    private let springs: SpringsOverlayView?
    private let caption: CaptionView?

    /// Builds the scene's UI. `font` draws its text (cells, headers, footers, captions); without
    /// one, cells are plain views, enough for a trace (which follows layout, not drawing).
    public init(scene: Scene, font: Font?) {
        self.scene = scene
        let layout = Self.makeLayout(scene)
        layout.dynamicAnimatorIntegrator = scene.physics.integrator
        layout.dynamicAnimatorStepDuration = scene.physics.step
        layout.dynamicAnimatorUIKitStep = scene.physics.uikitStep
        layout.dynamicAnimatorUIKitResistance = scene.physics.resistance
        let frame = CGRect(x: 0, y: 0, width: scene.canvas.width, height: scene.canvas.height)
        collectionView = UICollectionView(frame: frame, collectionViewLayout: layout)
        interaction = Self.makeInteraction(scene.collection.interaction)
        model = SceneModel(scene: scene, font: font, lift: interaction.map(Self.liftTest))
        if case .list = scene.collection.layout {
            // List rows size themselves from their content, so they are list cells for a trace too.
            collectionView.register(UICollectionViewListCell.self, forCellWithReuseIdentifier: SceneModel.listCellIdentifier)
            for kind in [UICollectionView.elementKindSectionHeader, UICollectionView.elementKindSectionFooter] {
                collectionView.register(UICollectionViewListCell.self, forSupplementaryViewOfKind: kind,
                                        withReuseIdentifier: SceneModel.listCellIdentifier)
            }
        } else if font != nil {
            collectionView.register(SceneCell.self, forCellWithReuseIdentifier: SceneModel.cellIdentifier)
            for kind in [UICollectionView.elementKindSectionHeader, UICollectionView.elementKindSectionFooter] {
                collectionView.register(SceneSupplementaryView.self, forSupplementaryViewOfKind: kind,
                                        withReuseIdentifier: SceneModel.supplementaryIdentifier)
            }
        }
        collectionView.dataSource = model
        collectionView.delegate = model
        collectionView.backgroundColor = nil
        if case .list(let list) = scene.collection.layout {
            collectionView.backgroundColor = list.appearance == .plain ? .systemBackground : .systemGroupedBackground
        }
        if let interaction { collectionView.addInteraction(interaction) }
        collectionView.allowsMultipleSelection = scene.collection.allowsMultipleSelection
        collectionView.isPagingEnabled = scene.collection.isPagingEnabled
        collectionView.decelerationRate = scene.collection.decelerationRate == "fast" ? .fast : .normal
        for indexPath in scene.collection.selected {
            collectionView.selectItem(at: indexPath, animated: false)
        }
        if scene.collection.contentOffset != .zero {
            collectionView.contentOffset = collectionView.clampedContentOffset(scene.collection.contentOffset)
        }
        touches = TouchScript.touches(for: scene.touches)

        window = UIWindow(frame: frame)
        window.backgroundColor = SceneAppearance.color(scene.canvas.background, as: .canvas)
        if let device = scene.device {
            // The device's screen: its traits and safe area; the collection view keeps its
            // content out of the safe area, as under a navigation bar, scrollable or not.
            window.screen = UIScreen(device: device, orientation: scene.orientation, appearance: scene.appearance,
                                     settings: scene.settings)
            window.deviceSafeAreaInsets = device.safeAreaInsets(scene.orientation)
            collectionView.contentInsetAdjustmentBehavior = .always
        } else {
            if scene.appearance == .dark { window.overrideUserInterfaceStyle = .dark }
            // A screen of the canvas's size carries the scene's traits.
            if scene.settings != DeviceSettings() {
                window.screen = UIScreen(bounds: CGRect(origin: .zero, size: frame.size), scale: CGFloat(scene.canvas.scale),
                                         settings: scene.settings)
            }
        }
        window.addSubview(collectionView)
        springs = scene.overlays.springs ? SpringsOverlayView(frame: frame) : nil
        caption = font.flatMap { font in scene.captions.isEmpty ? nil : CaptionView(font: font, canvas: frame.size) }
        for overlay in [springs as UIView?, caption].compactMap({ $0 }) { window.addSubview(overlay) }
        window.makeKeyAndVisible()
        for update in scene.updates {
            collectionView.schedule(at: update.at) { [unowned self] in self.model.perform(update, in: self.collectionView) }
        }
    }

    /// The time frame `index` shows: index / fps, held at the duration during the scene's `hold`.
    public func time(ofFrame index: Int) -> TimeInterval { min(Double(index) / scene.fps, scene.duration) }

    /// The caption shown at frame `index` (the last one listed whose span holds the frame time).
    public func caption(ofFrame index: Int) -> String? {
        caption(at: Double(index) / scene.fps)
    }

    /// The caption shown at `time` seconds from the start (held frames included).
    private func caption(at time: TimeInterval) -> String? {
        scene.captions.last { $0.from <= time && time < $0.to }?.text
    }

    /// A play of the scene from its start, at `fps` frames per second.
    package func play(fps: Double) -> WindowPlayer {
        let player = WindowPlayer(window: window, touches: touches, fps: fps, owner: self, until: scene.duration,
                                  chrome: scene.device != nil ? scene.chrome : [])
        player.willCapture = { [unowned self] index in showOverlays(ofFrame: index, fps: fps) }
        return player
    }

    /// Brings the overlays up to date for frame `index`: the springs where they are now, the
    /// caption of the frame's time.
    private func showOverlays(ofFrame index: Int, fps: Double) {
        if let springs {
            let offset = collectionView.contentOffset
            springs.springs = (interaction?.springs ?? []).map { spring in
                SpringsOverlayView.Spring(anchor: CGPoint(x: spring.anchor.x - offset.x, y: spring.anchor.y - offset.y),
                                          attachment: CGPoint(x: spring.attachment.x - offset.x, y: spring.attachment.y - offset.y))
            }
        }
        caption?.text = caption(at: Double(index) / fps)
    }

    /// Whether the interaction is dragging the element with these attributes: drawn raised, with
    /// a shadow.
    private static func liftTest(_ interaction: UICollectionViewInteraction) -> @MainActor (UICollectionViewLayoutAttributes) -> Bool {
        switch interaction {
        case let drag as ClusterDragInteraction:
            return { [unowned drag] attributes in
                drag.isDragging && attributes.zIndex >= drag.draggedZIndex && drag.draggedIndexPaths.contains(attributes.indexPath)
            }
        case let rearrange as RearrangeInteraction:
            return { [unowned rearrange] attributes in attributes.zIndex == rearrange.snapshotZIndex }
        case is InteractiveMovementInteraction:
            return { attributes in attributes.zIndex >= UICollectionViewLayout.interactiveMovementZIndex }
        default:
            return { _ in false }
        }
    }

    // MARK: Building

    private static func makeLayout(_ scene: Scene) -> UICollectionViewLayout {
        switch scene.collection.layout {
        case .flow(let flow):
            let layout = UICollectionViewFlowLayout()
            layout.scrollDirection = flow.direction == .horizontal ? .horizontal : .vertical
            layout.itemSize = flow.itemSize
            layout.minimumInteritemSpacing = flow.minimumInteritemSpacing
            layout.minimumLineSpacing = flow.minimumLineSpacing
            layout.sectionInset = flow.sectionInset
            // Header and footer sizes come from the delegate (`SceneModel`): only sections with text get them.
            return layout
        case .line(let line):
            let layout = LineZoomLayout()
            layout.itemSize = line.itemSize
            layout.minimumLineSpacing = line.minimumLineSpacing
            layout.activeDistance = line.activeDistance
            layout.zoomFactor = line.zoomFactor
            layout.centersEndItems = line.centersEndItems
            return layout
        case .circle(let itemSize):
            let layout = CircleLayout()
            layout.itemSize = itemSize
            return layout
        case .waterfall(let waterfall):
            let layout = WaterfallLayout()
            layout.columnCount = waterfall.columns
            layout.minimumColumnSpacing = waterfall.columnSpacing
            layout.minimumInteritemSpacing = waterfall.itemSpacing
            layout.sectionInset = waterfall.sectionInset
            layout.headerHeight = waterfall.headerHeight
            layout.footerHeight = waterfall.footerHeight
            let heights = Self.waterfallHeights(waterfall.heights, count: scene.collection.itemCount, seed: scene.seed)
            var firstItem: [Int] = []
            var running = 0
            for section in scene.collection.sections {
                firstItem.append(running)
                running += section.items
            }
            // A height belongs to its item, not to the slot: the collection view's identifier is the
            // item's flat index when the data was loaded, and it follows every move.
            layout.sizeForItem = { [unowned layout] indexPath in
                let flat = layout.collectionView?.itemIdentifier(at: indexPath) ?? firstItem[indexPath.section] + indexPath.item
                return CGSize(width: layout.itemWidth(inSection: indexPath.section), height: heights[safe: flat] ?? 100)
            }
            return layout
        case .list(let list):
            let sections = scene.collection.sections
            return UICollectionViewCompositionalLayout { index, environment in
                var configuration = UICollectionLayoutListConfiguration(appearance: list.appearance.listAppearance)
                configuration.showsSeparators = list.separators
                configuration.headerMode = sections[safe: index]?.header == nil ? .none : .supplementary
                configuration.footerMode = sections[safe: index]?.footer == nil ? .none : .supplementary
                return .list(using: configuration, layoutEnvironment: environment)
            }
        case .compositional(let compositional):
            let sections = scene.collection.sections
            return UICollectionViewCompositionalLayout { index, _ in
                Self.compositionalSection(compositional, index: index, header: sections[safe: index]?.header != nil,
                                          footer: sections[safe: index]?.footer != nil)
            }
        }
    }

    /// A section of a compositional scene: groups of `columns` items, scrolling as it says.
    private static func compositionalSection(_ compositional: Scene.Compositional, index: Int, header: Bool, footer: Bool)
        -> NSCollectionLayoutSection {
        let settings = compositional.section(index)
        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1 / Double(settings.columns)),
                                                                             heightDimension: .fractionalHeight(1)))
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(settings.groupWidth), heightDimension: .absolute(settings.itemHeight)),
            repeatingSubitem: item, count: settings.columns)
        group.interItemSpacing = .fixed(settings.spacing)
        let section = NSCollectionLayoutSection(group: group)
        section.interGroupSpacing = settings.spacing
        section.contentInsets = NSDirectionalEdgeInsets(top: settings.inset.top, leading: settings.inset.left,
                                                        bottom: settings.inset.bottom, trailing: settings.inset.right)
        section.orthogonalScrollingBehavior = settings.scrolling.behavior
        for (shown, kind, height, alignment) in [(header, UICollectionView.elementKindSectionHeader, compositional.headerHeight, NSRectAlignment.top),
                                                 (footer, UICollectionView.elementKindSectionFooter, compositional.footerHeight, .bottom)]
        where shown && height > 0 {
            section.boundarySupplementaryItems.append(NSCollectionLayoutBoundarySupplementaryItem(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(height)),
                elementKind: kind, alignment: alignment))
        }
        return section
    }

    /// Item heights in flat item order: the list repeated, or uniform draws from the seed.
    nonisolated static func waterfallHeights(_ heights: Scene.Waterfall.Heights, count: Int, seed: UInt64) -> [Double] {
        switch heights {
        case .list(let list):
            return (0..<count).map { list[$0 % list.count] }
        case let .range(low, high):
            var generator = SplitMix64(seed: seed)
            return (0..<count).map { _ in (low + (high - low) * generator.nextUnit()).rounded() }
        }
    }

    private static func makeInteraction(_ spec: Scene.Interaction) -> UICollectionViewInteraction? {
        switch spec {
        case .none:
            return nil
        case .clusterDrag(let settings):
            let drag = ClusterDragInteraction()
            drag.frequency = settings.frequency
            drag.damping = settings.damping
            drag.anchorSquareSize = settings.anchorSquareSize
            drag.longPress.minimumPressDuration = settings.minimumPressDuration
            return drag
        case .rearrange(let settings):
            let rearrange = RearrangeInteraction()
            rearrange.edgeScrolling = settings.edgeScrolling
            rearrange.minimumPressDuration = settings.minimumPressDuration
            rearrange.allowableMovement = settings.allowableMovement
            rearrange.pagingEdgeInset = settings.pagingEdgeInset
            rearrange.pagingInterval = settings.pagingInterval
            rearrange.continuousEdgeInset = settings.continuousEdgeInset
            rearrange.continuousSpeed = settings.continuousSpeed
            return rearrange
        case .springyScroll(let settings):
            let springy = SpringyScrollInteraction()
            springy.length = settings.length
            springy.frequency = settings.frequency
            springy.damping = settings.damping
            springy.resistance = settings.resistance
            springy.distance = settings.distance
            springy.tilingMargin = settings.tilingMargin
            return springy
        case .interactiveMovement(let minimumPressDuration):
            let movement = InteractiveMovementInteraction()
            movement.minimumPressDuration = minimumPressDuration
            return movement
        }
    }
}

/// The scene's data: item counts per section, kept in step with moves; cells configured from the
/// style and the item's content; headers and footers sized and shown only where the scene gives
/// them text.
@MainActor
private final class SceneModel: UICollectionViewDataSource, UICollectionViewDelegateFlowLayout {
    static let cellIdentifier = "scene"
    static let listCellIdentifier = "scene.list"
    static let supplementaryIdentifier = "scene.text"
    private let font: Font?
    private let style: Scene.Style
    /// Each item's content by its identity (its flat index when loaded; updates add more).
    private var content: [Int: Scene.ItemContent]
    private let list: Scene.List?
    private let lift: (@MainActor (UICollectionViewLayoutAttributes) -> Bool)?
    private var counts: [Int]
    private let sections: [Scene.Section]
    private let flow: Scene.Flow?

    init(scene: Scene, font: Font?, lift: (@MainActor (UICollectionViewLayoutAttributes) -> Bool)?) {
        (self.font, self.lift) = (font, lift)
        style = scene.style
        content = Dictionary(uniqueKeysWithValues: (scene.collection.itemContents ?? []).enumerated().map { ($0.offset, $0.element) })
        sections = scene.collection.sections
        counts = sections.map(\.items)
        if case .flow(let flow) = scene.collection.layout { self.flow = flow } else { flow = nil }
        if case .list(let list) = scene.collection.layout { self.list = list } else { list = nil }
    }

    /// Performs one of the scene's updates as a batch: the deletes, then the move, then the
    /// inserts (whose items get the update's content).
    func perform(_ update: Scene.Update, in collectionView: UICollectionView) {
        for path in update.deletes { counts[path.section] -= 1 }
        for move in update.moves {
            counts[move.from.section] -= 1
            counts[move.to.section] += 1
        }
        for path in update.inserts { counts[path.section] += 1 }
        collectionView.performBatchUpdates {
            collectionView.deleteItems(at: update.deletes)
            for move in update.moves { collectionView.moveItem(at: move.from, to: move.to) }
            collectionView.insertItems(at: update.inserts)
            // The new items' identities are known now, before their cells are asked for.
            for (path, item) in zip(update.inserts, update.insertedContent ?? []) {
                if let identity = collectionView.itemIdentifier(at: path) { self.content[identity] = item }
            }
        }
    }

    func numberOfSections(in collectionView: UICollectionView) -> Int { counts.count }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { counts[section] }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let identity = collectionView.itemIdentifier(at: indexPath)
        if let list {
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: Self.listCellIdentifier, for: indexPath) as! UICollectionViewListCell
            let item = identity.flatMap { content[$0] }
            var row = cell.defaultContentConfiguration()
            row.text = item?.text ?? "Item \(identity.map { $0 + 1 } ?? indexPath.item + 1)"
            row.secondaryText = item?.subtitle
            cell.contentConfiguration = row
            cell.accessories = list.accessory.cellAccessories
            return cell
        }
        guard let font else { return collectionView.plainCell(for: indexPath) }
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: Self.cellIdentifier, for: indexPath) as! SceneCell
        cell.configure(with: style.cell, font: font, text: identity.map(String.init), content: identity.flatMap { content[$0] })
        cell.lift = lift.map { (style.lift, $0) }
        return cell
    }

    func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
                        at indexPath: IndexPath) -> UICollectionReusableView {
        if list != nil {
            let view = collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: Self.listCellIdentifier,
                                                                       for: indexPath) as! UICollectionViewListCell
            var text = view.defaultContentConfiguration()
            text.text = kind == UICollectionView.elementKindSectionFooter ? sections[safe: indexPath.section]?.footer
                : sections[safe: indexPath.section]?.header
            view.contentConfiguration = text
            return view
        }
        guard let font else { return collectionView.plainSupplementaryView(ofKind: kind, for: indexPath) }
        let view = collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: Self.supplementaryIdentifier,
                                                                   for: indexPath) as! SceneSupplementaryView
        let section = sections[safe: indexPath.section]
        let footer = kind == UICollectionView.elementKindSectionFooter
        view.configure(text: (footer ? section?.footer : section?.header) ?? "", style: footer ? style.footer : style.header, font: font)
        return view
    }

    func collectionView(_ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
        counts[sourceIndexPath.section] -= 1
        counts[destinationIndexPath.section] += 1
    }

    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        referenceSizeForHeaderInSection section: Int) -> CGSize {
        guard let flow, sections[section].header != nil else { return .zero }
        return flow.direction == .horizontal ? CGSize(width: flow.headerHeight, height: 0) : CGSize(width: 0, height: flow.headerHeight)
    }

    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        referenceSizeForFooterInSection section: Int) -> CGSize {
        guard let flow, sections[section].footer != nil else { return .zero }
        return flow.direction == .horizontal ? CGSize(width: flow.footerHeight, height: 0) : CGSize(width: 0, height: flow.footerHeight)
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}

extension Scene.List.Appearance {
    var listAppearance: UICollectionLayoutListConfiguration.Appearance {
        switch self {
        case .plain: .plain
        case .grouped: .grouped
        case .insetGrouped: .insetGrouped
        }
    }
}

extension Scene.List.Accessory {
    @MainActor var cellAccessories: [UICellAccessory] {
        switch self {
        case .none: []
        case .disclosure: [.disclosureIndicator()]
        case .checkmark: [.checkmark()]
        }
    }
}

extension Scene.Compositional.Scrolling {
    var behavior: UICollectionLayoutSectionOrthogonalScrollingBehavior {
        switch self {
        case .none: .none
        case .continuous: .continuous
        case .continuousGroupLeadingBoundary: .continuousGroupLeadingBoundary
        case .paging: .paging
        case .groupPaging: .groupPaging
        case .groupPagingCentered: .groupPagingCentered
        }
    }
}
