import Vocabulary
import Foundation

/// How a list looks: its appearance, headers and footers, separators and swipe actions
/// (UIKit, iOS 14). A compositional layout made with `.list(using:)`, or a section made with
/// `NSCollectionLayoutSection.list(using:layoutEnvironment:)`, lays its rows out full width,
/// one under the other, each as tall as its cell (at least 44 pt for list content).
///
/// Apple does not publish a list's metrics; these are iOS 17's on an iPhone at the default text
/// size, measured from screenshots:
///
/// | | plain | grouped | inset grouped |
/// |---|---|---|---|
/// | list background | systemBackground | systemGroupedBackground | systemGroupedBackground |
/// | row background | systemBackground | secondarySystemGroupedBackground | secondarySystemGroupedBackground |
/// | side insets of a section | 0 | 0 | the margin |
/// | space above a section without a header | 0 | 35 | 35 |
/// | header (`.supplementary`) | 28, pinned | 38 | 38 |
/// | footer (`.supplementary`) | 28 | 34 | 34 |
/// | rounded corners of a section | – | – | 10 |
///
/// The margin is 16 pt, or 20 pt when the list is 414 pt wide or more (iPhone Plus and Max
/// sizes). Separators are one pixel of a 3× screen (1/3 pt) in `.separator`, under every row
/// but a section's last, from the row's text (the margin, past an image) to its trailing edge.
/// Headers and footers hold one line of text at these heights (they do not size themselves).
/// Sidebar appearances are laid out as inset grouped (`.sidebar`) and plain (`.sidebarPlain`).
public struct UICollectionLayoutListConfiguration {
    public enum Appearance: Int, Sendable { case plain, grouped, insetGrouped, sidebar, sidebarPlain }
    public enum HeaderMode: Int, Sendable { case none, supplementary, firstItemInSection }
    public enum FooterMode: Int, Sendable { case none, supplementary }

    public let appearance: Appearance
    public var showsSeparators = true
    public var separatorConfiguration: UIListSeparatorConfiguration
    /// Called for each row with its separator configuration; what it returns is drawn.
    public var itemSeparatorHandler: ((IndexPath, UIListSeparatorConfiguration) -> UIListSeparatorConfiguration)?
    /// The list's background; nil is the appearance's own (the table above).
    public var backgroundColor: UIColor?
    public var headerMode: HeaderMode = .none
    public var footerMode: FooterMode = .none
    /// Space above each section's header (iOS 15); nil is the appearance's.
    public var headerTopPadding: CGFloat?
    /// The actions a row shows when swiped to the right (leading) or left (trailing); see
    /// `SwipeActionsController` for how the swipe behaves.
    public var leadingSwipeActionsConfigurationProvider: ((IndexPath) -> UISwipeActionsConfiguration?)?
    public var trailingSwipeActionsConfigurationProvider: ((IndexPath) -> UISwipeActionsConfiguration?)?

    public init(appearance: Appearance) {
        self.appearance = appearance
        separatorConfiguration = UIListSeparatorConfiguration(listAppearance: appearance)
    }

    /// Laid out as: plain, grouped or inset grouped.
    var layoutAppearance: Appearance {
        switch appearance {
        case .sidebar: .insetGrouped
        case .sidebarPlain: .plain
        default: appearance
        }
    }

    var isGrouped: Bool { layoutAppearance != .plain }

    /// The list's background colour.
    var resolvedBackgroundColor: UIColor {
        backgroundColor ?? (isGrouped ? .systemGroupedBackground : .systemBackground)
    }

    /// The list's margin at a container `width`.
    package static func margin(forWidth width: CGFloat) -> CGFloat { width >= 414 ? 20 : 16 }
}

/// A list row's separators: shown or not, their insets and colour (iOS 14.5).
public struct UIListSeparatorConfiguration: Hashable {
    public enum Visibility: Int, Sendable { case automatic, visible, hidden }

    /// Insets worked out from the row's content.
    public static let automaticInsets = NSDirectionalEdgeInsets(top: .greatestFiniteMagnitude, leading: .greatestFiniteMagnitude,
                                                                bottom: .greatestFiniteMagnitude, trailing: .greatestFiniteMagnitude)

    public var topSeparatorVisibility: Visibility = .automatic
    public var bottomSeparatorVisibility: Visibility = .automatic
    public var topSeparatorInsets = UIListSeparatorConfiguration.automaticInsets
    public var bottomSeparatorInsets = UIListSeparatorConfiguration.automaticInsets
    public var color: UIColor = .separator
    public var multipleSelectionColor: UIColor = .separator

    public init(listAppearance: UICollectionLayoutListConfiguration.Appearance) {}
}

/// Actions revealed by swiping a list row.
@MainActor
open class UISwipeActionsConfiguration {
    public let actions: [UIContextualAction]
    open var performsFirstActionWithFullSwipe = true

    public init(actions: [UIContextualAction]) { self.actions = actions }
}

/// One swipe action: a title or image on a coloured button, and what it does.
@MainActor
open class UIContextualAction {
    public enum Style: Int, Sendable { case normal, destructive }
    public typealias Handler = (UIContextualAction, UIView, @escaping (Bool) -> Void) -> Void

    public let style: Style
    open var title: String?
    open var image: UIImage?
    open var backgroundColor: UIColor!
    public let handler: Handler

    public init(style: Style, title: String?, handler: @escaping Handler) {
        self.style = style
        self.title = title
        self.handler = handler
        backgroundColor = style == .destructive ? .systemRed : .systemGray
    }
}

/// Where a list puts an element, carried by its layout attributes to the list cell that
/// shows it: the list's appearance and margin, the row's place in its section, its separator.
package struct ListPlacement: Equatable {
    package enum Role: Equatable { case row, header, footer }

    package var appearance: UICollectionLayoutListConfiguration.Appearance
    package var role: Role
    package var margin: CGFloat
    package var isFirst = false
    package var isLast = false
    package var separator: UIListSeparatorConfiguration?

    /// The corners a row of an inset-grouped section rounds, and by how much.
    package var corners: (radius: CGFloat, mask: CACornerMask) {
        guard appearance == .insetGrouped || appearance == .sidebar, role == .row else { return (0, []) }
        var mask: CACornerMask = []
        if isFirst { mask.formUnion([.layerMinXMinYCorner, .layerMaxXMinYCorner]) }
        if isLast { mask.formUnion([.layerMinXMaxYCorner, .layerMaxXMaxYCorner]) }
        return mask.isEmpty ? (0, []) : (10, mask)
    }

    package static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.appearance == rhs.appearance && lhs.role == rhs.role && lhs.margin == rhs.margin
            && lhs.isFirst == rhs.isFirst && lhs.isLast == rhs.isLast && lhs.separator == rhs.separator
    }
}

extension NSCollectionLayoutSection {
    /// A list section (iOS 14): rows full width (less an inset-grouped section's margins), each
    /// as tall as its cell, with the headers, footers, separators and corners of `configuration`.
    public static func list(using configuration: UICollectionLayoutListConfiguration,
                            layoutEnvironment: NSCollectionLayoutEnvironment) -> NSCollectionLayoutSection {
        let width = layoutEnvironment.container.contentSize.width
        let margin = UICollectionLayoutListConfiguration.margin(forWidth: width)
        let rowSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(44))
        let group = NSCollectionLayoutGroup.vertical(layoutSize: rowSize, subitems: [NSCollectionLayoutItem(layoutSize: rowSize)])
        let section = NSCollectionLayoutSection(group: group)
        let grouped = configuration.isGrouped
        var insets = NSDirectionalEdgeInsets.zero
        if configuration.layoutAppearance == .insetGrouped { (insets.leading, insets.trailing) = (margin, margin) }
        if grouped, configuration.headerMode != .supplementary { insets.top = configuration.headerTopPadding ?? 35 }
        section.contentInsets = insets
        // A header's or footer's line of footnote text (18 pt at Large) grows with the app's text
        // size along the footnote curve; the padding around it stays.
        let textLine = UIFontMetrics(forTextStyle: .footnote).scaledValue(for: 18) - 18
        if configuration.headerMode == .supplementary {
            let height = (grouped ? 38 : 28) + textLine + (configuration.headerTopPadding ?? 0)
            let header = NSCollectionLayoutBoundarySupplementaryItem(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(height)),
                elementKind: UICollectionView.elementKindSectionHeader, alignment: .top)
            header.pinToVisibleBounds = !grouped
            section.boundarySupplementaryItems.append(header)
        }
        if configuration.footerMode == .supplementary {
            let footer = NSCollectionLayoutBoundarySupplementaryItem(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute((grouped ? 34 : 28) + textLine)),
                elementKind: UICollectionView.elementKindSectionFooter, alignment: .bottom)
            section.boundarySupplementaryItems.append(footer)
        }
        section.list = ListSection(configuration: configuration, margin: margin)
        return section
    }
}

/// What a list section keeps of its configuration to tag its elements.
@MainActor
struct ListSection {
    let configuration: UICollectionLayoutListConfiguration
    let margin: CGFloat

    /// Tags a section's rows, headers and footers with their placement.
    func tag(rows: [UICollectionViewLayoutAttributes], supplementary: ArraySlice<UICollectionViewLayoutAttributes>) {
        let appearance = configuration.layoutAppearance
        for (index, attributes) in rows.enumerated() {
            let header = configuration.headerMode == .firstItemInSection && index == 0
            var placement = ListPlacement(appearance: appearance, role: header ? .header : .row, margin: margin)
            placement.isFirst = index == (configuration.headerMode == .firstItemInSection ? 1 : 0)
            placement.isLast = index == rows.count - 1
            if configuration.showsSeparators, !header {
                var separator = configuration.separatorConfiguration
                if separator.bottomSeparatorVisibility == .automatic, placement.isLast { separator.bottomSeparatorVisibility = .hidden }
                if let handler = configuration.itemSeparatorHandler { separator = handler(attributes.indexPath, separator) }
                placement.separator = separator
            }
            attributes.listPlacement = placement
        }
        for attributes in supplementary {
            let footer = attributes.representedElementKind == UICollectionView.elementKindSectionFooter
            attributes.listPlacement = ListPlacement(appearance: appearance, role: footer ? .footer : .header, margin: margin)
        }
    }
}

extension UICollectionViewCompositionalLayout {
    /// A layout whose every section is a list of `configuration` (iOS 14). It also gives the
    /// collection view the list's background colour, as UIKit's list layout does.
    public static func list(using configuration: UICollectionLayoutListConfiguration) -> UICollectionViewCompositionalLayout {
        let layout = UICollectionViewCompositionalLayout { _, environment in
            NSCollectionLayoutSection.list(using: configuration, layoutEnvironment: environment)
        }
        layout.listBackgroundColor = configuration.resolvedBackgroundColor
        return layout
    }
}
