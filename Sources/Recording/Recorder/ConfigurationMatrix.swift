import DisplayList
import Foundation
import Raster
import Views
import Vocabulary

/// One configuration a snapshot suite checks: a device, an appearance and the user's settings
/// (text size, direction, accessibility). Its `name` names its folder, its tile on a sheet and its
/// golden: `iPhone16Pro-dark-AX5-rtl-reduceMotion`.
public struct Configuration: Hashable, Sendable, CustomStringConvertible {
    /// The device whose screen the UI is shown on; nil for a recording of its own size.
    public var device: Device?
    public var orientation: Device.Orientation
    public var appearance: UIUserInterfaceStyle
    public var settings: DeviceSettings

    public init(device: Device? = nil, orientation: Device.Orientation = .portrait, appearance: UIUserInterfaceStyle = .light,
                settings: DeviceSettings = DeviceSettings()) {
        self.device = device
        self.orientation = orientation
        self.appearance = appearance
        self.settings = settings
    }

    /// The device (without spaces), the orientation when landscape, `light` or `dark`, the text
    /// size's short name, `ltr` or `rtl`, then each accessibility setting that is on, joined by
    /// hyphens: letters, digits and hyphens only, so it is a file name everywhere.
    public var name: String { parts.filter { !$0.isEmpty }.joined(separator: "-") }

    /// The name's parts, one slot per dimension of a matrix (empty when it says nothing):
    /// device, orientation, appearance, text size, direction, accessibility settings.
    var parts: [String] {
        [device.map { $0.name.filter { $0.isLetter || $0.isNumber } } ?? "", orientation == .landscape ? "landscape" : "",
         appearance == .dark ? "dark" : "light", settings.contentSizeCategory.shortName,
         settings.layoutDirection == .rightToLeft ? "rtl" : "ltr",
         AccessibilitySetting.allCases.filter { $0.isOn(in: settings) }.map(\.rawValue).joined(separator: "-")]
    }

    public var description: String { name }
}

/// An accessibility setting a matrix can turn on, by the name it has on the command line and in
/// a configuration's name.
public enum AccessibilitySetting: String, CaseIterable, Sendable {
    case reduceMotion, reduceTransparency, boldText, increaseContrast, differentiateWithoutColor

    public func isOn(in settings: DeviceSettings) -> Bool {
        switch self {
        case .reduceMotion: settings.isReduceMotionEnabled
        case .reduceTransparency: settings.isReduceTransparencyEnabled
        case .boldText: settings.isBoldTextEnabled
        case .increaseContrast: settings.isIncreaseContrastEnabled
        case .differentiateWithoutColor: settings.shouldDifferentiateWithoutColor
        }
    }

    public func turnOn(in settings: inout DeviceSettings) {
        switch self {
        case .reduceMotion: settings.isReduceMotionEnabled = true
        case .reduceTransparency: settings.isReduceTransparencyEnabled = true
        case .boldText: settings.isBoldTextEnabled = true
        case .increaseContrast: settings.isIncreaseContrastEnabled = true
        case .differentiateWithoutColor: settings.shouldDifferentiateWithoutColor = true
        }
    }
}

/// One recording over a grid of configurations: every combination of devices, appearances, text
/// sizes, directions and accessibility settings, in that nesting (the last varies fastest).
///
/// ```swift
/// let matrix = ConfigurationMatrix(devices: [.iPhoneSE, .iPhone16Pro], appearances: [.light, .dark],
///                                  contentSizes: [.large, .extraExtraExtraLarge, .accessibilityExtraExtraExtraLarge],
///                                  directions: [.leftToRight, .rightToLeft])
/// let sheet = try matrix.sheet(at: 1.0, font: try Font.named()) { configuration in
///     Recorder(device: configuration.device!, appearance: configuration.appearance, settings: configuration.settings,
///              duration: 1) { SettingsViewController() }
/// }
/// ```
///
/// `record(to:)` writes one folder of frames per configuration, named after it; `sheet(at:)`
/// draws one frame of each on one labelled sheet. Assertions take `configurations` one golden
/// each, named after the configuration.
public struct ConfigurationMatrix: Sendable {
    public var devices: [Device?]
    public var orientations: [Device.Orientation]
    public var appearances: [UIUserInterfaceStyle]
    public var contentSizes: [UIContentSizeCategory]
    public var directions: [UIUserInterfaceLayoutDirection]
    /// Each entry is one column of the grid: the settings it turns on together (`[]`: none).
    public var accessibility: [[AccessibilitySetting]]
    /// The settings every configuration starts from (a locale, a time zone).
    public var baseSettings: DeviceSettings

    public init(devices: [Device?] = [nil], orientations: [Device.Orientation] = [.portrait],
                appearances: [UIUserInterfaceStyle] = [.light], contentSizes: [UIContentSizeCategory] = [.large],
                directions: [UIUserInterfaceLayoutDirection] = [.leftToRight], accessibility: [[AccessibilitySetting]] = [[]],
                baseSettings: DeviceSettings = DeviceSettings()) {
        self.devices = devices
        self.orientations = orientations
        self.appearances = appearances
        self.contentSizes = contentSizes
        self.directions = directions
        self.accessibility = accessibility
        self.baseSettings = baseSettings
    }

    /// Every combination, devices outermost and accessibility innermost.
    public var configurations: [Configuration] {
        var result: [Configuration] = []
        for device in devices {
            for orientation in orientations {
                for appearance in appearances {
                    for contentSize in contentSizes {
                        for direction in directions {
                            for switches in accessibility {
                                var settings = baseSettings
                                settings.contentSizeCategory = contentSize
                                settings.layoutDirection = direction
                                for setting in switches { setting.turnOn(in: &settings) }
                                result.append(Configuration(device: device, orientation: orientation, appearance: appearance,
                                                            settings: settings))
                            }
                        }
                    }
                }
            }
        }
        return result
    }

    /// What `record(to:)` wrote: each configuration's folder, in order.
    public struct Output {
        public var folders: [(configuration: Configuration, folder: URL, output: Recorder.Output)]
    }

    /// Records the UI `recorder` makes for each configuration into `directory/<prefix><configuration
    /// name>/` (frames and manifest, and a video `<prefix><name>.<ext>` beside the folders when
    /// `video` names an extension: "mp4", "gif" or "apng").
    @discardableResult @MainActor
    public func record(to directory: URL, prefix: String = "", video: String? = nil, workers: Int? = nil,
                       recorder: (Configuration) throws -> Recorder) throws -> Output {
        var folders: [(Configuration, URL, Recorder.Output)] = []
        for configuration in configurations {
            let name = prefix + configuration.name
            let folder = directory.appendingPathComponent(name, isDirectory: true)
            let videoURL = video.map { directory.appendingPathComponent("\(name).\($0)") }
            let output = try recorder(configuration).record(to: folder, workers: workers, video: videoURL)
            folders.append((configuration, folder, output))
        }
        return Output(folders: folders)
    }

    /// One frame of each configuration (the one at `time` seconds, the last when the recording
    /// is shorter), in rows of `columns` (default: as many as the innermost lists that vary, at
    /// least four). Each row is titled with what its tiles share and each tile captioned with
    /// what sets it apart, so that together they spell the configuration's name.
    @MainActor public func sheet(at time: TimeInterval, columns: Int? = nil, thumbnailScale: Double = 0.25, font: Font,
                                 recorder: (Configuration) throws -> Recorder) throws -> Canvas {
        try withoutActuallyEscaping(recorder) { recorder in
            try sheet(of: [("", recorder)], at: time, columns: columns, thumbnailScale: thumbnailScale, font: font)
        }
    }

    /// The grids of several UIs on one sheet, one after the other; a row's title starts with
    /// the UI's label.
    @MainActor public func sheet(of subjects: [(label: String, recorder: (Configuration) throws -> Recorder)], at time: TimeInterval,
                                 columns: Int? = nil, thumbnailScale: Double = 0.25, font: Font) throws -> Canvas {
        let configurations = self.configurations
        let columns = max(1, columns ?? defaultColumns)
        let thumbnails = ContactSheet(every: 1, columns: columns, thumbnailScale: thumbnailScale)
        var rows: [(title: String, tiles: [(image: Bitmap, caption: String)])] = []
        for subject in subjects {
            for start in stride(from: 0, to: configurations.count, by: columns) {
                let row = Array(configurations[start..<min(configurations.count, start + columns)])
                let parts = row.map(\.parts)
                let shared = parts[0].indices.filter { index in parts.allSatisfy { $0[index] == parts[0][index] } }
                let title = ([subject.label] + shared.map { parts[0][$0] }).filter { !$0.isEmpty }.joined(separator: " · ")
                var tiles: [(image: Bitmap, caption: String)] = []
                for (configuration, names) in zip(row, parts) {
                    let recording = try subject.recorder(configuration)
                    let last = recording.frameCount - 1
                    let frame = time * recording.fps < Double(last) ? max(0, Int((time * recording.fps + 1e-9).rounded(.down))) : last
                    let canvas = recording.makeCanvas()
                    try recording.forEachImage(ofFrames: [frame], in: canvas) { _, _ in
                        let caption = names.indices.filter { !shared.contains($0) }.map { names[$0] }.filter { !$0.isEmpty }
                        tiles.append((thumbnails.thumbnail(of: canvas), caption.joined(separator: " · ")))
                    }
                }
                rows.append((title, tiles))
            }
        }
        return Self.draw(rows, columns: columns, font: font)
    }

    static let margin = 16.0, gap = 12.0, titleHeight = 26.0, titleSize = 15.0, captionHeight = 20.0, captionSize = 12.0

    /// Rows of tiles on a light gray sheet: each row's title above it, each tile's caption under it.
    static func draw(_ rows: [(title: String, tiles: [(image: Bitmap, caption: String)])], columns: Int, font: Font) -> Canvas {
        let tiles = rows.flatMap(\.tiles)
        let cellWidth = Double(tiles.map(\.image.width).max() ?? 1), cellHeight = Double(tiles.map(\.image.height).max() ?? 1)
        let used = min(columns, rows.map(\.tiles.count).max() ?? 1)
        let rowHeight = titleHeight + cellHeight + captionHeight
        let width = 2 * margin + Double(used) * cellWidth + Double(used - 1) * gap
        let height = 2 * margin + Double(rows.count) * rowHeight + Double(max(0, rows.count - 1)) * gap
        let canvas = Canvas(pixelWidth: Int(width), pixelHeight: Int(height), scale: 1, background: Color(rgb: 0xE5E5EA))
        let ink = Color(rgb: 0x1C1C1E), caption = Color(rgb: 0x3C3C43)
        for (index, row) in rows.enumerated() {
            let top = margin + Double(index) * (rowHeight + gap)
            canvas.drawText(row.title, in: CGRect(x: margin, y: top, width: width - 2 * margin, height: titleHeight), font: font,
                            size: titleSize, color: ink, leading: true)
            for (column, tile) in row.tiles.enumerated() {
                let x = margin + Double(column) * (cellWidth + gap)
                canvas.draw(tile.image, transform: Transform(translationX: x, y: top + titleHeight))
                canvas.drawText(tile.caption, in: CGRect(x: x, y: top + titleHeight + cellHeight, width: cellWidth, height: captionHeight),
                                font: font, size: captionSize, color: caption)
            }
        }
        return canvas
    }

    /// The length of the innermost list with more than one entry (the whole grid in one row when
    /// nothing varies).
    var defaultColumns: Int {
        let counts = [devices.count, orientations.count, appearances.count, contentSizes.count, directions.count, accessibility.count]
        var columns = 1
        for count in counts.reversed() where count > 1 {
            columns *= count
            if columns >= 4 { break }
        }
        return max(1, columns)
    }
}
