import Vocabulary
import Foundation

#if canImport(UIKit) || canImport(AppKit)
// Apple platforms declare `IndexPath(item:section:)`, `item` and `section` in UIKit and AppKit.
#if canImport(AppKit)
@_exported import AppKit
#endif
#else
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
