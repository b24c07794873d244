import Vocabulary
import Foundation

/// A view at the side of a list row: a disclosure chevron, a checkmark, the delete and insert
/// buttons and reorder grip of editing mode, an outline's expand/collapse chevron, a text, a
/// detail button, a selection circle or a view of your own (UIKit, iOS 14).
///
/// Each is drawn as iOS draws it, with SF Symbols' shapes stood in by paths of the same size:
///
/// | accessory | side | size (pt) | colour | shown |
/// |---|---|---|---|---|
/// | `disclosureIndicator` | trailing | 8 × 13 chevron | tertiaryLabel | always |
/// | `checkmark` | trailing | 14 × 13 | tint | always |
/// | `delete` | leading | 22 circle, white bar | systemRed | editing |
/// | `insert` | leading | 22 circle, white cross | systemGreen | editing |
/// | `reorder` | trailing | 18 × 12, three bars | tertiaryLabel | editing |
/// | `outlineDisclosure` | trailing | 12 × 12 chevron, down when expanded | tint | always |
/// | `label` | trailing | its text, body | secondaryLabel | always |
/// | `detail` | trailing | 22 circle with an "i" | tint | always |
/// | `multiselect` | leading | 22 circle, filled with a check when selected | systemGray3 / tint | editing |
/// | `customView` | as configured | the view's | – | as configured |
///
/// On each side the accessories go in the order given, from the leading edge inwards and from
/// the content to the trailing edge; a custom view goes where its placement's `at` says among
/// the others of its side.
public struct UICellAccessory {
    public enum DisplayedState: Int, Sendable { case always, whenEditing, whenNotEditing }
    /// Where among the other accessories of its side a custom view goes, given them.
    public typealias PlacementAtIndex = ([UICellAccessory]) -> Int
    /// A custom view's side, when it shows, and where among the side's accessories.
    public enum Placement {
        case leading(displayed: DisplayedState = .always, at: PlacementAtIndex = { _ in 0 })
        case trailing(displayed: DisplayedState = .always, at: PlacementAtIndex = { $0.count })

        var isLeading: Bool { if case .leading = self { true } else { false } }
        var displayed: DisplayedState {
            switch self {
            case .leading(let displayed, _), .trailing(let displayed, _): displayed
            }
        }
        var index: PlacementAtIndex {
            switch self {
            case .leading(_, let at), .trailing(_, let at): at
            }
        }
    }
    public typealias ActionHandler = () -> Void

    /// Just after the first accessory of `accessory`'s kind (or last, without one).
    public static func position(after accessory: UICellAccessory) -> PlacementAtIndex {
        { list in list.firstIndex { $0.kindName == accessory.kindName }.map { $0 + 1 } ?? list.count }
    }

    /// Just before the first accessory of `accessory`'s kind (or first, without one).
    public static func position(before accessory: UICellAccessory) -> PlacementAtIndex {
        { list in list.firstIndex { $0.kindName == accessory.kindName } ?? 0 }
    }

    public struct DisclosureIndicatorOptions {
        public var isHidden: Bool?, reservedLayoutWidth: LayoutDimension?, tintColor: UIColor?
        public init(isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil, tintColor: UIColor? = nil) {
            (self.isHidden, self.reservedLayoutWidth, self.tintColor) = (isHidden, reservedLayoutWidth, tintColor)
        }
    }
    public typealias CheckmarkOptions = DisclosureIndicatorOptions
    public typealias ReorderOptions = DisclosureIndicatorOptions
    public typealias MultiselectOptions = DisclosureIndicatorOptions
    public typealias DetailOptions = DisclosureIndicatorOptions

    public struct DeleteOptions {
        public var isHidden: Bool?, reservedLayoutWidth: LayoutDimension?, tintColor: UIColor?, backgroundColor: UIColor?
        public init(isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil, tintColor: UIColor? = nil, backgroundColor: UIColor? = nil) {
            (self.isHidden, self.reservedLayoutWidth, self.tintColor, self.backgroundColor) = (isHidden, reservedLayoutWidth, tintColor, backgroundColor)
        }
    }
    public typealias InsertOptions = DeleteOptions

    public struct OutlineDisclosureOptions {
        public enum Style: Int, Sendable { case automatic, header, cell }
        public var style: Style, isHidden: Bool?, reservedLayoutWidth: LayoutDimension?, tintColor: UIColor?
        public init(style: Style = .automatic, isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil, tintColor: UIColor? = nil) {
            (self.style, self.isHidden, self.reservedLayoutWidth, self.tintColor) = (style, isHidden, reservedLayoutWidth, tintColor)
        }
    }

    public struct LabelOptions {
        public var isHidden: Bool?, reservedLayoutWidth: LayoutDimension?, tintColor: UIColor?, font: UIFont, adjustsFontForContentSizeCategory: Bool
        public init(isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil, tintColor: UIColor? = nil,
                    font: UIFont = .preferredFont(forTextStyle: .body), adjustsFontForContentSizeCategory: Bool = true) {
            (self.isHidden, self.reservedLayoutWidth, self.tintColor, self.font) = (isHidden, reservedLayoutWidth, tintColor, font)
            self.adjustsFontForContentSizeCategory = adjustsFontForContentSizeCategory
        }
    }

    /// The width kept for an accessory: its own, the standard (the widest of its kind), or a length.
    public enum LayoutDimension: Equatable, Sendable {
        case actual, standard, custom(CGFloat)
    }

    /// A view of your own at the side of the row.
    public struct CustomViewConfiguration {
        public var customView: UIView
        public var placement: Placement
        public var isHidden: Bool?
        public var reservedLayoutWidth: LayoutDimension
        public var tintColor: UIColor?
        public var maintainsFixedSize: Bool

        public init(customView: UIView, placement: Placement, isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension = .standard,
                    tintColor: UIColor? = nil, maintainsFixedSize: Bool = false) {
            (self.customView, self.placement, self.isHidden, self.reservedLayoutWidth) = (customView, placement, isHidden, reservedLayoutWidth)
            (self.tintColor, self.maintainsFixedSize) = (tintColor, maintainsFixedSize)
        }
    }

    enum Kind {
        case disclosureIndicator, checkmark, delete, insert, reorder, outlineDisclosure(OutlineDisclosureOptions.Style)
        case label(String, UIFont), detail, multiselect, custom(CustomViewConfiguration)
    }

    let kind: Kind
    public let displayed: DisplayedState
    let isHidden: Bool
    let tintColor: UIColor?
    let backgroundColor: UIColor?
    let reservedWidth: LayoutDimension?
    public let actionHandler: ActionHandler?

    private init(_ kind: Kind, displayed: DisplayedState, isHidden: Bool?, tintColor: UIColor?, backgroundColor: UIColor? = nil,
                 reservedWidth: LayoutDimension?, actionHandler: ActionHandler? = nil) {
        self.kind = kind
        self.displayed = displayed
        self.isHidden = isHidden ?? false
        self.tintColor = tintColor
        self.backgroundColor = backgroundColor
        self.reservedWidth = reservedWidth
        self.actionHandler = actionHandler
    }

    public static func disclosureIndicator(displayed: DisplayedState = .always, options: DisclosureIndicatorOptions = .init()) -> Self {
        Self(.disclosureIndicator, displayed: displayed, isHidden: options.isHidden, tintColor: options.tintColor, reservedWidth: options.reservedLayoutWidth)
    }
    public static func checkmark(displayed: DisplayedState = .always, options: CheckmarkOptions = .init()) -> Self {
        Self(.checkmark, displayed: displayed, isHidden: options.isHidden, tintColor: options.tintColor, reservedWidth: options.reservedLayoutWidth)
    }
    public static func delete(displayed: DisplayedState = .whenEditing, options: DeleteOptions = .init(), actionHandler: ActionHandler? = nil) -> Self {
        Self(.delete, displayed: displayed, isHidden: options.isHidden, tintColor: options.tintColor, backgroundColor: options.backgroundColor,
             reservedWidth: options.reservedLayoutWidth, actionHandler: actionHandler)
    }
    public static func insert(displayed: DisplayedState = .whenEditing, options: InsertOptions = .init(), actionHandler: ActionHandler? = nil) -> Self {
        Self(.insert, displayed: displayed, isHidden: options.isHidden, tintColor: options.tintColor, backgroundColor: options.backgroundColor,
             reservedWidth: options.reservedLayoutWidth, actionHandler: actionHandler)
    }
    public static func reorder(displayed: DisplayedState = .whenEditing, options: ReorderOptions = .init()) -> Self {
        Self(.reorder, displayed: displayed, isHidden: options.isHidden, tintColor: options.tintColor, reservedWidth: options.reservedLayoutWidth)
    }
    /// Tapping it expands or collapses the row's item in its section snapshot (the default
    /// action), or calls `actionHandler`.
    public static func outlineDisclosure(displayed: DisplayedState = .always, options: OutlineDisclosureOptions = .init(),
                                         actionHandler: ActionHandler? = nil) -> Self {
        Self(.outlineDisclosure(options.style), displayed: displayed, isHidden: options.isHidden, tintColor: options.tintColor,
             reservedWidth: options.reservedLayoutWidth, actionHandler: actionHandler)
    }
    public static func label(text: String, displayed: DisplayedState = .always, options: LabelOptions = .init()) -> Self {
        Self(.label(text, options.font), displayed: displayed, isHidden: options.isHidden, tintColor: options.tintColor,
             reservedWidth: options.reservedLayoutWidth)
    }
    public static func detail(displayed: DisplayedState = .always, options: DetailOptions = .init(), actionHandler: ActionHandler? = nil) -> Self {
        Self(.detail, displayed: displayed, isHidden: options.isHidden, tintColor: options.tintColor, reservedWidth: options.reservedLayoutWidth,
             actionHandler: actionHandler)
    }
    public static func multiselect(displayed: DisplayedState = .whenEditing, options: MultiselectOptions = .init()) -> Self {
        Self(.multiselect, displayed: displayed, isHidden: options.isHidden, tintColor: options.tintColor, reservedWidth: options.reservedLayoutWidth)
    }
    public static func customView(configuration: CustomViewConfiguration) -> Self {
        Self(.custom(configuration), displayed: configuration.placement.displayed, isHidden: configuration.isHidden,
             tintColor: configuration.tintColor, reservedWidth: configuration.reservedLayoutWidth)
    }

    /// Whether it goes on the leading side (delete, insert, multiselect, leading custom views).
    var isLeading: Bool {
        switch kind {
        case .delete, .insert, .multiselect: true
        case .custom(let configuration): configuration.placement.isLeading
        default: false
        }
    }

    /// The kind, for `position(after:)` and `position(before:)`.
    var kindName: String {
        switch kind {
        case .disclosureIndicator: "disclosureIndicator"
        case .checkmark: "checkmark"
        case .delete: "delete"
        case .insert: "insert"
        case .reorder: "reorder"
        case .outlineDisclosure: "outlineDisclosure"
        case .label: "label"
        case .detail: "detail"
        case .multiselect: "multiselect"
        case .custom: "customView"
        }
    }

    func isShown(editing: Bool) -> Bool {
        guard !isHidden else { return false }
        switch displayed {
        case .always: return true
        case .whenEditing: return editing
        case .whenNotEditing: return !editing
        }
    }
}

/// Draws one accessory (see `UICellAccessory`'s table).
@MainActor
package final class CellAccessoryView: UIView {
    package let accessory: UICellAccessory
    var isExpanded = false { didSet { if isExpanded != oldValue { setNeedsDisplay() } } }
    var isCellSelected = false { didSet { if isCellSelected != oldValue { setNeedsDisplay() } } }
    private var label: UILabel?

    package init(_ accessory: UICellAccessory) {
        self.accessory = accessory
        super.init(frame: .zero)
        backgroundColor = nil
        isOpaque = false
        switch accessory.kind {
        case .label(let text, let font):
            let label = UILabel()
            label.text = text
            label.font = font
            label.textColor = accessory.tintColor ?? .secondaryLabel
            addSubview(label)
            self.label = label
        case .custom(let configuration):
            addSubview(configuration.customView)
        default: break
        }
    }

    required init?(coder: NSCoder) { nil }

    /// The accessory's own size.
    package var naturalSize: CGSize {
        switch accessory.kind {
        case .disclosureIndicator: CGSize(width: 8, height: 13)
        case .checkmark: CGSize(width: 14, height: 13)
        case .delete, .insert, .detail, .multiselect: CGSize(width: 22, height: 22)
        case .reorder: CGSize(width: 18, height: 12)
        case .outlineDisclosure: CGSize(width: 12, height: 12)
        case .label: label?.sizeThatFits(.zero) ?? .zero
        case .custom(let configuration):
            configuration.customView.bounds.size == .zero ? configuration.customView.sizeThatFits(.zero) : configuration.customView.bounds.size
        }
    }

    /// The width kept for it in the row.
    package var reservedWidth: CGFloat {
        switch accessory.reservedWidth {
        case .custom(let width): width
        case .standard:
            switch accessory.kind {
            case .delete, .insert, .multiselect, .detail: 22
            case .outlineDisclosure, .disclosureIndicator, .checkmark, .reorder: 18
            default: naturalSize.width
            }
        case .actual, nil: naturalSize.width
        }
    }

    package override func layoutSubviews() {
        super.layoutSubviews()
        let size = naturalSize
        let frame = CGRect(x: (bounds.width - size.width) / 2, y: (bounds.height - size.height) / 2, width: size.width, height: size.height)
        label?.frame = frame
        if case .custom(let configuration) = accessory.kind { configuration.customView.frame = frame }
    }

    package override func draw(_ rect: CGRect) {
        let size = naturalSize
        let box = CGRect(x: (bounds.width - size.width) / 2, y: (bounds.height - size.height) / 2, width: size.width, height: size.height)
        let tint = accessory.tintColor ?? tintColor ?? .tintColor
        switch accessory.kind {
        case .disclosureIndicator:
            chevron(in: box, down: false, color: accessory.tintColor ?? .tertiaryLabel, width: 2)
        case .outlineDisclosure:
            chevron(in: box.insetBy(dx: isExpanded ? 0 : 2.5, dy: isExpanded ? 2.5 : 0), down: isExpanded, color: tint, width: 2)
        case .checkmark:
            let path = UIBezierPath()
            path.move(to: CGPoint(x: box.minX + 1, y: box.minY + box.height * 0.55))
            path.addLine(to: CGPoint(x: box.minX + box.width * 0.38, y: box.maxY - 1))
            path.addLine(to: CGPoint(x: box.maxX - 1, y: box.minY + 1))
            stroke(path, color: tint, width: 2)
        case .delete, .insert:
            let delete = { if case .delete = accessory.kind { return true } else { return false } }()
            (accessory.backgroundColor ?? (delete ? .systemRed : .systemGreen)).setFill()
            UIBezierPath(ovalIn: box).fill()
            UIColor.white.setFill()
            UIBezierPath(rect: CGRect(x: box.midX - 6, y: box.midY - 1, width: 12, height: 2)).fill()
            if !delete { UIBezierPath(rect: CGRect(x: box.midX - 1, y: box.midY - 6, width: 2, height: 12)).fill() }
        case .reorder:
            (accessory.tintColor ?? .tertiaryLabel).setFill()
            for row in 0..<3 {
                UIBezierPath(rect: CGRect(x: box.minX, y: box.minY + CGFloat(row) * 5, width: box.width, height: 2)).fill()
            }
        case .detail:
            let ring = UIBezierPath(ovalIn: box.insetBy(dx: 0.75, dy: 0.75))
            stroke(ring, color: tint, width: 1.5)
            tint.setFill()
            UIBezierPath(ovalIn: CGRect(x: box.midX - 1.25, y: box.minY + 5, width: 2.5, height: 2.5)).fill()
            UIBezierPath(rect: CGRect(x: box.midX - 1, y: box.minY + 9, width: 2, height: 8)).fill()
        case .multiselect:
            if isCellSelected {
                tint.setFill()
                UIBezierPath(ovalIn: box).fill()
                let path = UIBezierPath()
                path.move(to: CGPoint(x: box.minX + 6, y: box.midY))
                path.addLine(to: CGPoint(x: box.minX + 9.5, y: box.midY + 3.5))
                path.addLine(to: CGPoint(x: box.maxX - 6, y: box.midY - 4))
                stroke(path, color: .white, width: 2)
            } else {
                stroke(UIBezierPath(ovalIn: box.insetBy(dx: 0.75, dy: 0.75)), color: .systemGray3, width: 1.5)
            }
        case .label, .custom:
            break
        }
    }

    private func chevron(in box: CGRect, down: Bool, color: UIColor, width: CGFloat) {
        let path = UIBezierPath()
        let inset = width / 2
        if down {
            path.move(to: CGPoint(x: box.minX + inset, y: box.minY + inset))
            path.addLine(to: CGPoint(x: box.midX, y: box.maxY - inset))
            path.addLine(to: CGPoint(x: box.maxX - inset, y: box.minY + inset))
        } else {
            path.move(to: CGPoint(x: box.minX + inset, y: box.minY + inset))
            path.addLine(to: CGPoint(x: box.maxX - inset, y: box.midY))
            path.addLine(to: CGPoint(x: box.minX + inset, y: box.maxY - inset))
        }
        stroke(path, color: color, width: width)
    }

    private func stroke(_ path: UIBezierPath, color: UIColor, width: CGFloat) {
        path.lineWidth = width
        path.lineCapStyle = .round
        path.lineJoinStyle = .round
        color.setStroke()
        path.stroke()
    }
}
