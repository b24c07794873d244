import Vocabulary
import Foundation

/// A device's screen, for recordings that look like it: point size, scale, safe area, display
/// corners, status bar and home indicator, portrait or landscape.
///
/// Sizes and scales are Apple's published specifications (resolution in pixels divided by the
/// scale). Safe areas, corner radii and status-bar heights are not in the specifications; they
/// are the values iOS 18 reports in the Simulator for each device (`safeAreaInsets`,
/// `_displayCornerRadius`, the status bar manager's frame) as published by developers who
/// measured them. iPhones hide the status bar in landscape; iPads keep it.
///
/// | device | points | scale | safe area portrait (top, bottom) | landscape (left/right, bottom) | corners | status bar |
/// |---|---|---|---|---|---|---|
/// | iPhone SE | 375 × 667 | 2 | 20, 0 | 0, 0 | 0 | 20 |
/// | iPhone 16 | 393 × 852 | 3 | 59, 34 | 59, 21 | 55 | 54 |
/// | iPhone 16 Pro | 402 × 874 | 3 | 62, 34 | 62, 21 | 62 | 62 |
/// | iPhone 16 Pro Max | 440 × 956 | 3 | 62, 34 | 62, 21 | 62 | 62 |
/// | iPad 11-inch | 820 × 1180 | 2 | 24, 20 | 24 (top), 20 | 18 | 24 |
public struct Device: Sendable, Hashable, CustomStringConvertible {
    public enum Orientation: String, Sendable, CaseIterable {
        case portrait, landscape
    }

    public let name: String
    /// The screen in portrait, in points.
    public let portraitSize: CGSize
    public let scale: CGFloat
    public let idiom: UIUserInterfaceIdiom
    public let portraitSafeArea: UIEdgeInsets
    public let landscapeSafeArea: UIEdgeInsets
    /// The radius of the display's rounded corners, in points (0: square).
    public let displayCornerRadius: CGFloat
    /// The status bar's height in portrait.
    public let statusBarHeight: CGFloat
    public let hasHomeIndicator: Bool
    /// A Dynamic Island sits between the time and the status icons.
    public let hasDynamicIsland: Bool

    public var description: String { name }

    public func size(_ orientation: Orientation) -> CGSize {
        orientation == .portrait ? portraitSize : CGSize(width: portraitSize.height, height: portraitSize.width)
    }

    public func safeAreaInsets(_ orientation: Orientation) -> UIEdgeInsets {
        orientation == .portrait ? portraitSafeArea : landscapeSafeArea
    }

    /// The status bar's height: 0 on an iPhone in landscape, where iOS hides it.
    public func statusBarHeight(_ orientation: Orientation) -> CGFloat {
        orientation == .landscape && idiom == .phone ? 0 : statusBarHeight
    }

    public static let iPhoneSE = Device(
        name: "iPhone SE", portraitSize: CGSize(width: 375, height: 667), scale: 2, idiom: .phone,
        portraitSafeArea: UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0), landscapeSafeArea: .zero,
        displayCornerRadius: 0, statusBarHeight: 20, hasHomeIndicator: false, hasDynamicIsland: false)
    public static let iPhone16 = Device(
        name: "iPhone 16", portraitSize: CGSize(width: 393, height: 852), scale: 3, idiom: .phone,
        portraitSafeArea: UIEdgeInsets(top: 59, left: 0, bottom: 34, right: 0),
        landscapeSafeArea: UIEdgeInsets(top: 0, left: 59, bottom: 21, right: 59),
        displayCornerRadius: 55, statusBarHeight: 54, hasHomeIndicator: true, hasDynamicIsland: true)
    public static let iPhone16Pro = Device(
        name: "iPhone 16 Pro", portraitSize: CGSize(width: 402, height: 874), scale: 3, idiom: .phone,
        portraitSafeArea: UIEdgeInsets(top: 62, left: 0, bottom: 34, right: 0),
        landscapeSafeArea: UIEdgeInsets(top: 0, left: 62, bottom: 21, right: 62),
        displayCornerRadius: 62, statusBarHeight: 62, hasHomeIndicator: true, hasDynamicIsland: true)
    public static let iPhone16ProMax = Device(
        name: "iPhone 16 Pro Max", portraitSize: CGSize(width: 440, height: 956), scale: 3, idiom: .phone,
        portraitSafeArea: UIEdgeInsets(top: 62, left: 0, bottom: 34, right: 0),
        landscapeSafeArea: UIEdgeInsets(top: 0, left: 62, bottom: 21, right: 62),
        displayCornerRadius: 62, statusBarHeight: 62, hasHomeIndicator: true, hasDynamicIsland: true)
    public static let iPad11 = Device(
        name: "iPad 11-inch", portraitSize: CGSize(width: 820, height: 1180), scale: 2, idiom: .pad,
        portraitSafeArea: UIEdgeInsets(top: 24, left: 0, bottom: 20, right: 0),
        landscapeSafeArea: UIEdgeInsets(top: 24, left: 0, bottom: 20, right: 0),
        displayCornerRadius: 18, statusBarHeight: 24, hasHomeIndicator: true, hasDynamicIsland: false)

    /// Every preset, as scenes and the command line name them.
    public static let all = [iPhoneSE, iPhone16, iPhone16Pro, iPhone16ProMax, iPad11]

    /// The presets' names, quoted and comma-separated, for messages that list them.
    public static var quotedNames: String { all.map { "\"\($0.name)\"" }.joined(separator: ", ") }

    /// The preset named `name`, ignoring case, spaces and hyphens ("iPhone 16 Pro", "iphone-16-pro").
    public static func named(_ name: String) -> Device? {
        func key(_ text: String) -> String { text.lowercased().filter { $0.isLetter || $0.isNumber } }
        return all.first { key($0.name) == key(name) }
    }
}
