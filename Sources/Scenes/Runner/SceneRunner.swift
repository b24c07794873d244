import CollectionLayout
import Dynamics
import Foundation
import Raster

/// Runs a scene: builds its collection view, layout and interaction, feeds the touch script to the
/// gesture recognizers at the touches' own times, and captures what each frame shows.
///
/// Time only moves forward. `displayList(at:)` and `traceRows(at:)` advance the simulation to the
/// requested time first; the physics steps in whole fixed steps from t = 0 whatever times are
/// asked for, so frame i shows the same thing in a full render, a range render and a trace.
public final class SceneRunner {
    public let scene: Scene
    public let collectionView: UICollectionView
    public let interaction: UICollectionViewInteraction?
    private let model: SceneModel
    private let touches: [Touch]
    private var nextTouch = 0
    private var finger: CGPoint?

    public init(scene: Scene) {
        self.scene = scene
        let layout = Self.makeLayout(scene)
        layout.dynamicAnimatorIntegrator = scene.physics.integrator
        layout.dynamicAnimatorStepDuration = scene.physics.step
        layout.dynamicAnimatorUIKitStep = scene.physics.uikitStep
        layout.dynamicAnimatorUIKitResistance = scene.physics.resistance
        model = SceneModel(scene: scene)
        collectionView = UICollectionView(frame: CGRect(x: 0, y: 0, width: scene.canvas.width, height: scene.canvas.height),
                                          collectionViewLayout: layout)
        collectionView.dataSource = model
        collectionView.delegate = model
        interaction = Self.makeInteraction(scene.collection.interaction)
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
    }

    /// The time the simulation has reached.
    public var time: TimeInterval { collectionView.currentTime }

    /// Delivers every touch due by `time`, then advances to it.
    public func advance(to time: TimeInterval) {
        while nextTouch < touches.count, touches[nextTouch].timestamp <= time {
            let touch = touches[nextTouch]
            collectionView.send(touch)
            finger = touch.phase == .ended || touch.phase == .cancelled ? nil : touch.location
            nextTouch += 1
        }
        collectionView.advance(to: time)
    }

    /// The simulated time frame `index` shows: index / fps, held at the duration during the
    /// scene's `hold`.
    public func time(ofFrame index: Int) -> TimeInterval { min(Double(index) / scene.fps, scene.duration) }

    /// The caption shown at frame `index` (the last one listed whose span holds the frame time).
    public func caption(ofFrame index: Int) -> String? {
        let time = Double(index) / scene.fps
        return scene.captions.last { $0.from <= time && time < $0.to }?.text
    }

    // MARK: Capture

    /// What the screen shows at `time`: the displayed elements near the visible rect, back to
    /// front, with labels and states, in screen points.
    public func displayList(at time: TimeInterval) -> DisplayList {
        advance(to: time)
        let offset = collectionView.contentOffset
        // Shadows and lifted cells reach a little beyond their frames.
        let visible = collectionView.bounds.insetBy(dx: -48, dy: -48)
        var elements: [DisplayList.Element] = []
        for attributes in collectionView.layoutAttributesForDisplayedElements(in: visible) {
            guard !attributes.isHidden, attributes.alpha > 0 else { continue }
            let content: DisplayList.Content
            var identity: Int?
            switch attributes.representedElementCategory {
            case .cell:
                let indexPath = attributes.indexPath
                identity = collectionView.itemIdentifier(at: indexPath)
                content = .cell(label: identity.map(String.init),
                                selected: collectionView.isItemSelected(at: indexPath),
                                highlighted: collectionView.isItemHighlighted(at: indexPath))
            case .supplementaryView:
                let section = scene.collection.sections[safe: attributes.indexPath.section]
                if attributes.representedElementKind == UICollectionView.elementKindSectionFooter {
                    content = .footer(section?.footer ?? "")
                } else {
                    content = .header(section?.header ?? "")
                }
            case .decorationView:
                content = .decoration(kind: attributes.representedElementKind ?? "")
            }
            elements.append(DisplayList.Element(
                content: content,
                center: CGPoint(x: attributes.center.x - offset.x, y: attributes.center.y - offset.y),
                size: attributes.size, transform: attributes.transform, alpha: Double(attributes.alpha),
                isLifted: isLifted(attributes), item: identity))
        }
        let springs = (interaction?.springs ?? []).map { spring in
            (anchor: CGPoint(x: spring.anchor.x - offset.x, y: spring.anchor.y - offset.y),
             attachment: CGPoint(x: spring.attachment.x - offset.x, y: spring.attachment.y - offset.y))
        }
        return DisplayList(time: time, elements: elements, touch: finger, springs: springs)
    }

    /// Whether the interaction is dragging this element (drawn raised, with a shadow).
    private func isLifted(_ attributes: UICollectionViewLayoutAttributes) -> Bool {
        guard attributes.representedElementCategory == .cell else { return false }
        switch interaction {
        case let drag as ClusterDragInteraction:
            return drag.isDragging && attributes.zIndex >= drag.draggedZIndex && drag.draggedIndexPaths.contains(attributes.indexPath)
        case let rearrange as RearrangeInteraction:
            return attributes.zIndex == rearrange.snapshotZIndex
        case is InteractiveMovementInteraction:
            return attributes.zIndex >= UICollectionViewLayout.interactiveMovementZIndex
        default:
            return false
        }
    }

    // MARK: A window of cells

    /// The scene's collection view in a window of the canvas' size, with its cells made by the
    /// data source as an app makes them: `SceneCell`s configured from the style, labelled with
    /// the item's identity. Touches then go through the window (`UIWindow.send`), and
    /// `ViewRenderer` draws the window's snapshot: the scene as a UIKit app would show it
    /// (without the renderer's lifted shadows and overlays).
    package func makeWindow(font: Font) -> UIWindow {
        collectionView.register(SceneCell.self, forCellWithReuseIdentifier: SceneModel.cellIdentifier)
        model.cells = (scene.style.cell, font, scene.collection.itemContents)
        let window = UIWindow(frame: collectionView.frame)
        window.backgroundColor = UIColor(color: scene.canvas.background)
        collectionView.backgroundColor = nil
        window.addSubview(collectionView)
        window.makeKeyAndVisible()
        return window
    }

    /// The scene's touch script as touches.
    package var scriptTouches: [Touch] { touches }

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
        }
    }

    /// Item heights in flat item order: the list repeated, or uniform draws from the seed.
    static func waterfallHeights(_ heights: Scene.Waterfall.Heights, count: Int, seed: UInt64) -> [Double] {
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

/// The scene's data: item counts per section, kept in step with moves; headers and footers sized
/// only where the scene gives them text.
private final class SceneModel: UICollectionViewDataSource, UICollectionViewDelegateFlowLayout {
    static let cellIdentifier = "scene"
    /// Set when the scene is shown in a window: the cells' style and font.
    var cells: (style: Scene.CellStyle, font: Font, content: [Scene.ItemContent]?)?
    private var counts: [Int]
    private let sections: [Scene.Section]
    private let flow: Scene.Flow?

    init(scene: Scene) {
        sections = scene.collection.sections
        counts = sections.map(\.items)
        if case .flow(let flow) = scene.collection.layout { self.flow = flow } else { flow = nil }
    }

    func numberOfSections(in collectionView: UICollectionView) -> Int { counts.count }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { counts[section] }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        guard let cells else { return UICollectionViewCell() }
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: Self.cellIdentifier, for: indexPath) as! SceneCell
        let identity = collectionView.itemIdentifier(at: indexPath)
        cell.configure(with: cells.style, font: cells.font, text: identity.map(String.init),
                       content: identity.flatMap { cells.content?[safe: $0] })
        return cell
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

/// A small, fast generator with a fixed sequence per seed (Steele, Lea and Flood's SplitMix64):
/// the scene's random choices are the same on every machine and every run.
package struct SplitMix64 {
    private var state: UInt64

    package init(seed: UInt64) { state = seed }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1), from the top 53 bits.
    package mutating func nextUnit() -> Double { Double(next() >> 11) / Double(1 << 53) }

    /// Uniform in 0..<n (n ≥ 1).
    package mutating func below(_ n: Int) -> Int { Int(next() % UInt64(max(n, 1))) }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
