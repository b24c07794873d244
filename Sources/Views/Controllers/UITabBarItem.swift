import Vocabulary
import Foundation

/// What a tab bar shows for one view controller: an image over a title, the selected image while
/// its tab is selected, and an optional badge.
///
///     controller.tabBarItem = UITabBarItem(title: "Inbox", image: UIImage(systemName: "tray"), tag: 0)
///     controller.tabBarItem.badgeValue = "3"
@preconcurrency @MainActor
open class UITabBarItem {
    /// The system items iOS offers, each with its own title (their glyphs are Apple's and are
    /// not drawn: such an item shows its title alone).
    public enum SystemItem: Int, Sendable, CaseIterable {
        case more, favorites, featured, topRated, recents, contacts, history, bookmarks, search, downloads, mostRecent, mostViewed

        var title: String {
            switch self {
            case .more: "More"
            case .favorites: "Favorites"
            case .featured: "Featured"
            case .topRated: "Top Rated"
            case .recents: "Recents"
            case .contacts: "Contacts"
            case .history: "History"
            case .bookmarks: "Bookmarks"
            case .search: "Search"
            case .downloads: "Downloads"
            case .mostRecent: "Most Recent"
            case .mostViewed: "Most Viewed"
            }
        }
    }

    open var title: String? { didSet { changed() } }
    open var image: UIImage? { didSet { changed() } }
    /// Shown while the tab is selected; nil shows `image`.
    open var selectedImage: UIImage? { didSet { changed() } }
    /// Text in the red badge at the image's top trailing corner; nil shows no badge, "" a dot.
    open var badgeValue: String? { didSet { changed() } }
    /// The badge's colour; nil is `systemRed`.
    open var badgeColor: UIColor? { didSet { changed() } }
    open var isEnabled = true { didSet { changed() } }
    open var tag = 0
    /// The system item it was made as, if any.
    package let systemItem: SystemItem?

    /// The bar showing it, told when it changes.
    package weak var observer: UITabBarItemObserver?

    public init() { systemItem = nil }

    public init(title: String?, image: UIImage?, tag: Int) {
        self.title = title
        self.image = image
        self.tag = tag
        systemItem = nil
    }

    public init(title: String?, image: UIImage?, selectedImage: UIImage?) {
        self.title = title
        self.image = image
        self.selectedImage = selectedImage
        systemItem = nil
    }

    /// A system item: its title is the system's, its glyph is not drawn (warns once).
    public init(tabBarSystemItem systemItem: SystemItem, tag: Int) {
        self.systemItem = systemItem
        self.tag = tag
        title = systemItem.title
        UIKitCompatibility.notHonoured("UITabBarItem(tabBarSystemItem:tag:) glyphs",
                                       "the system item shows its title without Apple's glyph; give it an image")
    }

    private func changed() { observer?.tabBarItemChanged(self) }
}

/// What shows a tab bar item and redraws it when it changes.
@MainActor package protocol UITabBarItemObserver: AnyObject {
    func tabBarItemChanged(_ item: UITabBarItem)
}
