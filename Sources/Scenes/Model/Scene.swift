import CollectionLayout
import Dynamics
import Foundation
import Raster

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

    /// Frames in the whole render: the frame times i / fps that fall within the duration.
    public var frameCount: Int { Int((duration * fps + 1e-9).rounded(.down)) + 1 }

    public struct CanvasSettings: Equatable, Sendable {
        /// Points.
        public var width: Double, height: Double
        /// Pixels per point (1 to 4).
        public var scale: Double
        public var background: Color

        public var pixelWidth: Int { Int((width * scale).rounded()) }
        public var pixelHeight: Int { Int((height * scale).rounded()) }
    }

    public struct Section: Equatable, Sendable {
        public var items: Int
        public var header: String?
        public var footer: String?
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
    }

    public enum Direction: String, Equatable, Sendable { case vertical, horizontal }

    public enum Layout: Equatable, Sendable {
        case flow(Flow)
        case line(Line)
        case circle(itemSize: CGSize)
        case waterfall(Waterfall)

        public var typeName: String {
            switch self {
            case .flow: return "flow"
            case .line: return "line"
            case .circle: return "circle"
            case .waterfall: return "waterfall"
            }
        }
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
        public var cell = CellStyle()
        public var header = TextStyle()
        public var footer = TextStyle(background: .clear, textColor: Color(rgb: 0x8A8A8E), fontSize: 13)
        public var lift = LiftStyle()
    }

    public struct CellStyle: Equatable, Sendable {
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
        public var background = Color(rgb: 0xF2F2F7)
        public var textColor = Color(rgb: 0x3C3C43)
        public var fontSize: Double = 15
    }

    /// How a dragged cell looks: raised and shadowed.
    public struct LiftStyle: Equatable, Sendable {
        public var scale: Double = 1.05
        public var shadowColor = Color(rgb: 0x000000, alpha: 90)
        public var shadowRadius: Double = 8
        public var shadowOffset = CGSize(width: 0, height: 4)
    }

    /// One step of the finger's script.
    public enum TouchEvent: Equatable, Sendable {
        case down(at: Double, point: CGPoint)
        /// From wherever the finger is to `point`, starting at `at`, over `duration`.
        case move(at: Double, point: CGPoint, duration: Double, curve: Curve)
        case up(at: Double)
        /// Down and up at `point`, `duration` apart.
        case tap(at: Double, point: CGPoint, duration: Double)

        public var time: Double {
            switch self {
            case .down(let at, _), .move(let at, _, _, _), .up(let at), .tap(let at, _, _): return at
            }
        }

        /// When the event is over.
        public var endTime: Double {
            switch self {
            case .move(let at, _, let duration, _), .tap(let at, _, let duration): return at + duration
            case .down(let at, _), .up(let at): return at
            }
        }
    }

    public enum Curve: String, Equatable, Sendable, CaseIterable {
        case linear, easeIn, easeOut, easeInOut

        /// Progress at `p` in 0…1: the cubic ease curves.
        public func progress(_ p: Double) -> Double {
            switch self {
            case .linear: return p
            case .easeIn: return p * p * p
            case .easeOut: return 1 - (1 - p) * (1 - p) * (1 - p)
            case .easeInOut: return p < 0.5 ? 4 * p * p * p : 1 - pow(-2 * p + 2, 3) / 2
            }
        }
    }

    public struct Physics: Equatable, Sendable {
        public var integrator: UIDynamicAnimatorIntegrator = .exact
        /// The `.exact` integrator's step, seconds.
        public var step: Double = UIDynamicAnimator.defaultStepDuration
    }

    /// Drawn over the scene, for documentation.
    public struct Overlays: Equatable, Sendable {
        /// A translucent disc where the finger is.
        public var touches = false
        /// A line from each spring's anchor to its attach point.
        public var springs = false
    }
}
