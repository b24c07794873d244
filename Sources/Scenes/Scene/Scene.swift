import CollectionLayout
import Dynamics
import Vocabulary
import Foundation
import DisplayList
import Recording
import Raster
import Views

/// A scene: a collection view on a canvas, an interaction, a style and a one-finger touch script,
/// for a number of seconds. Read one with `Scene(contentsOf:)` or `Scene(json:file:)`; every
/// value has been range-checked, so a scene that exists can be run.
public struct Scene: Equatable, Sendable {
    /// Names the output folder: letters, digits, `.`, `_` and `-`.
    public var name: String
    public var canvas: CanvasSettings
    /// Frames per second of the output (1 to 240). Motion does not depend on it.
    public var fps: Double
    /// Seconds (above 0, up to 600).
    public var duration: Double
    /// Seeds the scene's random choices (waterfall `heightRange`).
    public var seed: UInt64
    public var collection: Collection
    public var style: Style
    public var touches: [TouchEvent]
    public var physics: Physics
    public var overlays: Overlays
    /// Text shown over the frames for a time, for documentation videos.
    public var captions: [Caption] = []
    /// Seconds the last moment is held after the duration (frames showing the UI as it is at
    /// `duration`).
    public var hold: Double = 0
    /// Named moments (`marks`): each starts a phase that regression checks measure on its own,
    /// until the next mark or the end. In time order.
    public var marks: [Recorder.Mark] = []
    /// Changes to the items at given times, animated as batch updates (scene format 1.2).
    public var updates: [Update] = []
    /// The device whose screen the scene is shown on (scene format 1.3): the canvas is its screen,
    /// the collection view keeps out of its safe area, and the frames show `chrome`. Nil: a bare
    /// canvas.
    public var device: Device?
    public var orientation = Device.Orientation.portrait
    /// Light or dark: the window's traits, which system colours and the templates follow.
    public var appearance = UIUserInterfaceStyle.light
    /// What of iOS's own drawing a device scene shows (all of it by default).
    public var chrome = DeviceChrome.all
    /// What the device's user has set (the scene's `"traits"`): text size, direction,
    /// accessibility settings, locale, time zone.
    public var settings = DeviceSettings()

    /// Whether the frames are transparent outside a device's rounded corners.
    public var hasTransparentCorners: Bool {
        guard let device else { return false }
        return chrome.contains(.roundedCorners) && device.displayCornerRadius > 0
    }

    /// Puts the scene on `device`'s screen held in `orientation`: the canvas takes the screen's
    /// size, and `scale` (the device's own when nil).
    public mutating func place(on device: Device, orientation: Device.Orientation, scale: Double? = nil) {
        self.device = device
        self.orientation = orientation
        let size = device.size(orientation)
        canvas = CanvasSettings(width: Double(size.width), height: Double(size.height), scale: scale ?? Double(device.scale),
                                background: canvas.background)
    }

    /// One batch update: items deleted (index paths before it), inserted (index paths after it,
    /// with optional content) and moved, as `performBatchUpdates` takes them.
    public struct Update: Equatable, Sendable {
        public var at: Double
        public var deletes: [IndexPath] = []
        public var inserts: [IndexPath] = []
        /// The inserted items' content, one per insert, when given.
        public var insertedContent: [ItemContent]?
        public var moves: [Move] = []

        public struct Move: Equatable, Sendable {
            public var from: IndexPath
            public var to: IndexPath
        }
    }

    /// Frames in the whole render: the frame times i / fps that fall within the duration and the hold.
    public var frameCount: Int { Int(((duration + hold) * fps + 1e-9).rounded(.down)) + 1 }

    /// Text over the frames from `from` to `to` seconds (frame times), at the bottom of the canvas.
    public struct Caption: Equatable, Sendable {
        public var from: Double
        public var to: Double
        public var text: String
    }

    /// What one item shows, beyond its number: scene format 1.1.
    public struct ItemContent: Equatable, Sendable {
        public enum Side: String, Equatable, Sendable { case left, right }
        public var text: String?
        public var subtitle: String?
        /// The cell's colour, in place of the style's.
        public var color: Color?
        /// A PNG file (absolute, resolved against the scene file's folder).
        public var image: String?
        /// Which side a chat bubble sits on (`bubble` template): left (received) by default.
        public var side: Side = .left

        public init(text: String? = nil, subtitle: String? = nil, color: Color? = nil, image: String? = nil, side: Side = .left) {
            (self.text, self.subtitle, self.color, self.image, self.side) = (text, subtitle, color, image, side)
        }
    }

    public typealias CanvasSettings = Recording.CanvasSettings

    public struct Section: Equatable, Sendable {
        public var items: Int
        public var header: String?
        public var footer: String?
        /// Per-item content, one per item, when the scene lists items as objects.
        public var content: [ItemContent]? = nil
    }

    public struct Collection: Equatable, Sendable {
        public var sections: [Section]
        public var layout: Layout
        public var interaction: Interaction
        /// Selected at the start.
        public var selected: [IndexPath]
        public var allowsMultipleSelection: Bool
        /// The initial scroll position (points).
        public var contentOffset: CGPoint
        public var isPagingEnabled: Bool
        public var decelerationRate: String

        public var itemCount: Int { sections.reduce(0) { $0 + $1.items } }

        /// Every item's content in flat item order (an item's identity indexes it), when the scene
        /// lists items (format 1.1); nil when every section only counts them.
        public var itemContents: [ItemContent]? {
            guard sections.contains(where: { $0.content != nil }) else { return nil }
            return sections.flatMap { $0.content ?? Array(repeating: ItemContent(), count: $0.items) }
        }
    }

    public enum Direction: String, Equatable, Sendable { case vertical, horizontal }

    public enum Layout: Equatable, Sendable {
        case flow(Flow)
        case line(Line)
        case circle(itemSize: CGSize)
        case waterfall(Waterfall)
        /// iOS 14's list layout, rows made by list cells (scene format 1.2).
        case list(List)
        /// A compositional layout of grids, some scrolling across (scene format 1.2).
        case compositional(Compositional)

        public var typeName: String {
            switch self {
            case .flow: return "flow"
            case .line: return "line"
            case .circle: return "circle"
            case .waterfall: return "waterfall"
            case .list: return "list"
            case .compositional: return "compositional"
            }
        }
    }

    /// A list: `UICollectionLayoutListConfiguration` of an appearance; section header and footer
    /// texts become the list's headers and footers, each item a row showing its `text` (or
    /// "Item N") and `subtitle`, with an accessory.
    public struct List: Equatable, Sendable {
        public enum Appearance: String, Equatable, Sendable, CaseIterable { case plain, grouped, insetGrouped }
        public enum Accessory: String, Equatable, Sendable, CaseIterable { case none, disclosure, checkmark }
        public var appearance = Appearance.insetGrouped
        public var accessory = Accessory.none
        public var separators = true
    }

    /// A compositional layout: each section a grid of `columns` items per group, groups
    /// `groupWidth` of the width (a fraction), rows `itemHeight` tall; a section that scrolls
    /// across (`scrolling`) lays its groups in one row. `sections` overrides these per section
    /// (the last one listed holds for the sections after it).
    public struct Compositional: Equatable, Sendable {
        public struct Section: Equatable, Sendable {
            public var columns = 3
            public var itemHeight: Double = 120
            public var groupWidth: Double = 1
            public var spacing: Double = 8
            public var scrolling = Scrolling.none
            public var inset = UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
        }
        public enum Scrolling: String, Equatable, Sendable, CaseIterable {
            case none, continuous, continuousGroupLeadingBoundary, paging, groupPaging, groupPagingCentered
        }
        public var sections: [Section] = [Section()]
        public var headerHeight: Double = 0
        public var footerHeight: Double = 0

        /// The settings of collection section `index`.
        public func section(_ index: Int) -> Section { sections[min(index, sections.count - 1)] }
    }

    public struct Flow: Equatable, Sendable {
        public var direction: Direction = .vertical
        public var itemSize = CGSize(width: 50, height: 50)
        public var minimumInteritemSpacing: Double = 10
        public var minimumLineSpacing: Double = 10
        /// Top, left, bottom, right.
        public var sectionInset = UIEdgeInsets.zero
        /// The header's and footer's extent along the scroll axis (0: none).
        public var headerHeight: Double = 0
        public var footerHeight: Double = 0
    }

    public struct Line: Equatable, Sendable {
        public var itemSize = CGSize(width: 200, height: 200)
        public var minimumLineSpacing: Double = 50
        public var activeDistance: Double = 200
        public var zoomFactor: Double = 0.3
        public var centersEndItems = true
    }

    public struct Waterfall: Equatable, Sendable {
        public enum Heights: Equatable, Sendable {
            /// Item i gets heights[i % count].
            case list([Double])
            /// Uniform in the range, from the scene's seed.
            case range(Double, Double)
        }
        public var columns = 2
        public var columnSpacing: Double = 10
        public var itemSpacing: Double = 10
        public var sectionInset = UIEdgeInsets.zero
        public var headerHeight: Double = 0
        public var footerHeight: Double = 0
        public var heights = Heights.range(80, 240)
    }

    public enum Interaction: Equatable, Sendable {
        case none
        case clusterDrag(ClusterDrag)
        case rearrange(Rearrange)
        case springyScroll(SpringyScroll)
        case interactiveMovement(minimumPressDuration: Double)

        public var typeName: String {
            switch self {
            case .none: return "none"
            case .clusterDrag: return "clusterDrag"
            case .rearrange: return "rearrange"
            case .springyScroll: return "springyScroll"
            case .interactiveMovement: return "interactiveMovement"
            }
        }
    }

    public struct ClusterDrag: Equatable, Sendable {
        public var frequency: Double = 8
        public var damping: Double = 0.6
        public var anchorSquareSize = CGSize(width: 40, height: 40)
        public var minimumPressDuration: Double = 0.5
    }

    public struct Rearrange: Equatable, Sendable {
        public var edgeScrolling: RearrangeInteraction.EdgeScrolling = .paged
        public var minimumPressDuration: Double = 0.2
        public var allowableMovement: Double = 10
        public var pagingEdgeInset: Double = 20
        public var pagingInterval: Double = 0.8
        public var continuousEdgeInset: Double = 50
        public var continuousSpeed: Double = 300
    }

    public struct SpringyScroll: Equatable, Sendable {
        public var length: Double = 0
        public var frequency: Double = 6.8
        public var damping: Double = 1
        public var resistance: Double = 0.002
        public var distance: SpringyScrollInteraction.DistanceMeasure = .alongScroll
        public var tilingMargin: Double = 100
    }

    public struct Style: Equatable, Sendable {
        /// A TrueType or OpenType font file (absolute, resolved against the scene file's folder)
        /// for every text of the scene; nil: the default font.
        public var font: String?
        public var cell = CellStyle()
        public var header = TextStyle()
        public var footer = TextStyle(background: .clear, textColor: Color(rgb: 0x8A8A8E), fontSize: 13)
        public var lift = LiftStyle()
    }

    /// How a cell is built (each is a `UICollectionViewCell`).
    public enum Template: String, Equatable, Sendable, CaseIterable {
        /// A rounded background, an inset bordered content view, a centred label: the classic look.
        case plain
        /// The item's image filling the cell (aspect fill), rounded.
        case photo
        /// A chat bubble sized to its text, on the left (grey) or the right (blue).
        case bubble
        /// A white card with a title and a subtitle.
        case card
    }

    public struct CellStyle: Equatable, Sendable {
        public var template = Template.plain
        public var color = Color(rgb: 0x808080)
        public var selectedColor = Color(rgb: 0xFF0000)
        public var highlightColor = Color(rgb: 0xFFCC00)
        public var cornerRadius: Double = 8
        /// The content view, inset by this scale about the cell's centre (as a scale transform).
        public var contentScale: Double = 0.8
        /// Filled behind the label when set; otherwise the background shows through.
        public var contentColor: Color?
        public var borderColor = Color(rgb: 0xD3D3D3)
        /// The content view's border (0: none).
        public var borderWidth: Double = 2
        public var label = true
        public var labelColor = Color.white
        public var fontSize: Double = 17
    }

    public struct TextStyle: Equatable, Sendable {
        public enum Alignment: String, Equatable, Sendable { case left, center }
        public var background = Color(rgb: 0xF2F2F7)
        public var textColor = Color(rgb: 0x3C3C43)
        public var fontSize: Double = 15
        /// Left, inset 16 pt, as iOS draws section headers; or centred.
        public var alignment = Alignment.left
    }

    /// How a dragged cell looks: raised and shadowed.
    public struct LiftStyle: Equatable, Sendable {
        public var scale: Double = 1.05
        public var shadowColor = Color(rgb: 0x000000, alpha: 90)
        public var shadowRadius: Double = 8
        public var shadowOffset = CGSize(width: 0, height: 4)
    }

    /// One step of the finger's script.
    public typealias TouchEvent = TouchScript.Event
    public typealias Curve = TouchScript.Curve

    public struct Physics: Equatable, Sendable {
        public var integrator: UIDynamicAnimatorIntegrator = .exact
        /// The `.exact` integrator's step, seconds.
        public var step: Double = UIDynamicAnimator.defaultStepDuration
        /// The `.uikit` integrator's step, seconds: 1/120 (a 120 Hz display) or 1/60.
        public var uikitStep: Double = UIDynamicAnimator.uikitStepDuration
        /// How the `.uikit` integrator applies resistance.
        public var resistance: UIDynamicAnimator.ResistanceModel = .linearClamped
    }

    /// Drawn over the scene, for documentation.
    public struct Overlays: Equatable, Sendable {
        /// A translucent disc where the finger is.
        public var touches = false
        /// A line from each spring's anchor to its attach point.
        public var springs = false
    }
}
