import Vocabulary
import Foundation

// UIKit declares `IndexPath(item:section:)`, `item`, `section` and `row`; Foundation alone does
// not, on Linux or on macOS, so they are declared here wherever UIKit is not.
//
// On macOS, AppKit declares `item` and `section` too, but it is not re-exported: AppKit also
// declares NSLayoutConstraint, NSLayoutAnchor, NSTextAlignment, NSLineBreakMode, NSParagraphStyle,
// NSUnderlineStyle, NSStringDrawingOptions and other names this package declares in Views, a
// module that does not import AppKit, so a user's `import Springframes` would make each of them
// ambiguous ("'NSLayoutConstraint' is ambiguous for type lookup"). A file that imports AppKit
// itself as well sees two `item`s; ported iOS code imports Springframes alone.
#if !canImport(UIKit)
extension IndexPath {
    /// An index path for an item in a section of a collection view, as UIKit spells it.
    public init(item: Int, section: Int) {
        self.init(indexes: [section, item])
    }

    /// An index path for a row in a section, as table views spell it.
    public init(row: Int, section: Int) {
        self.init(indexes: [section, row])
    }

    /// The section: the first index.
    public var section: Int {
        get { self[0] }
        set { self[0] = newValue }
    }

    /// The item within the section: the second index.
    public var item: Int {
        get { self[1] }
        set { self[1] = newValue }
    }

    /// The same as `item`.
    public var row: Int {
        get { self[1] }
        set { self[1] = newValue }
    }
}

/// Objective-C-era code passes `NSIndexPath` around with UIKit's additions.
extension NSIndexPath {
    public convenience init(item: Int, section: Int) {
        self.init(indexes: [section, item], length: 2)
    }

    public convenience init(row: Int, section: Int) {
        self.init(indexes: [section, row], length: 2)
    }

    public var section: Int { index(atPosition: 0) }
    public var item: Int { index(atPosition: 1) }
    public var row: Int { index(atPosition: 1) }
}
#endif

extension IndexPath {
    /// Orders index paths by section, then item, with no dictionary or set order involved.
    package static func precedes(_ lhs: IndexPath, _ rhs: IndexPath) -> Bool {
        lhs.section != rhs.section ? lhs.section < rhs.section : lhs.item < rhs.item
    }
}
