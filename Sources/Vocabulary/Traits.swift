import Foundation

// The trait values a view's content adapts to, as plain enums: a frame's chrome reads the idiom
// and the appearance without the live trait collection.

/// Light or dark appearance.
public enum UIUserInterfaceStyle: Int, Sendable, CaseIterable {
    case unspecified = 0, light = 1, dark = 2
}

/// A size class: how much room a dimension has.
public enum UIUserInterfaceSizeClass: Int, Sendable {
    case unspecified = 0, compact = 1, regular = 2
}

/// The kind of device.
public enum UIUserInterfaceIdiom: Int, Sendable {
    case unspecified = -1, phone = 0, pad = 1, tv = 2, carPlay = 3, mac = 5, vision = 6
}

/// Whether content sits on the base level or on an elevated one (sheets, popovers).
public enum UIUserInterfaceLevel: Int, Sendable {
    case unspecified = -1, base = 0, elevated = 1
}

/// The status bar's content colour a view controller asks for.
public enum UIStatusBarStyle: Int, Sendable {
    case `default`, lightContent, darkContent
}
