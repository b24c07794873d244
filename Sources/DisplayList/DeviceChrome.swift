// What iOS draws over an app: the status bar, the home indicator, and the display's rounded
// corners, drawn over a recorded frame of a device's screen.
//
// The status bar is the one Apple's marketing screenshots and the Simulator's show: 9:41, full
// signal, full Wi-Fi and a full battery. SF Symbols cannot be shipped, so the icons are paths
// measured from iOS 18 Simulator screenshots (in points):
// - time: system font 17 pt semibold on iPhones with a Dynamic Island (15 pt semibold otherwise),
//   centred in the space left of the island;
// - signal: four bars 3 pt wide, 1.5 pt apart, 4, 6, 8.5 and 11 pt tall, corners 1 pt;
// - Wi-Fi: three concentric 90° arcs about a point, the outer one 15.3 pt wide;
// - battery: a 25 × 12 pt outline (corner 4 pt, 1 pt line at 35 % opacity), a 21 × 8 pt fill
//   (corner 2.5 pt) and a 1.3 × 4 pt cap at 40 %;
// - home indicator: 134 × 5 pt (209 pt in landscape, 315 pt on an iPad), 8 pt from the bottom,
//   fully rounded, in the content colour.
// Items are black on a light status bar and white on a dark one (see `StatusBarContent`).
import Foundation
import Vocabulary
import Raster

/// Which parts of iOS's own drawing a device recording shows.
public struct DeviceChrome: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let statusBar = DeviceChrome(rawValue: 1)
    public static let homeIndicator = DeviceChrome(rawValue: 2)
    /// Transparent outside the display's rounded corners (in video, the background colour).
    public static let roundedCorners = DeviceChrome(rawValue: 4)
    public static let all: DeviceChrome = [.statusBar, .homeIndicator, .roundedCorners]
}

/// The colour of the status bar's and home indicator's content.
public enum StatusBarContent: Sendable, Hashable {
    /// Black: over light content.
    case dark
    /// White: over dark content.
    case light

    /// What `style` shows in `appearance`: `.default` is dark content in light appearance and light
    /// content in dark appearance, as on iOS 13 and later.
    public init(style: UIStatusBarStyle, appearance: UIUserInterfaceStyle) {
        switch style {
        case .lightContent: self = .light
        case .darkContent: self = .dark
        case .default: self = appearance == .dark ? .light : .dark
        }
    }

    var color: Color { self == .dark ? Color(rgb: 0x000000) : Color(rgb: 0xFFFFFF) }
}

/// The chrome of one frame: the device, how it is held, what to draw and in which colour.
public struct DeviceFrameChrome: Sendable, Hashable {
    public var device: Device
    public var orientation: Device.Orientation
    public var parts: DeviceChrome
    public var content: StatusBarContent
    /// The face of the status bar's time: the system font's semibold, as `UIFont` resolves it
    /// (the view layer's initializer fills it in). Nil draws no time.
    public var timeFace: Font?

    public init(device: Device, orientation: Device.Orientation, parts: DeviceChrome, content: StatusBarContent, timeFace: Font?) {
        self.device = device
        self.orientation = orientation
        self.parts = parts
        self.content = content
        self.timeFace = timeFace
    }

    /// Equal when the same face would draw the same chrome (a face compares by identity).
    public static func == (lhs: DeviceFrameChrome, rhs: DeviceFrameChrome) -> Bool {
        lhs.device == rhs.device && lhs.orientation == rhs.orientation && lhs.parts == rhs.parts && lhs.content == rhs.content
            && lhs.timeFace === rhs.timeFace
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(device)
        hasher.combine(orientation)
        hasher.combine(parts)
        hasher.combine(content)
        hasher.combine(timeFace.map(ObjectIdentifier.init))
    }

    /// Draws the chrome over `canvas`, which holds the screen's frame (points from its top-left).
    public func draw(on canvas: Canvas) {
        drawOverlays(on: canvas)
        maskCorners(on: canvas)
    }

    /// The status bar and the home indicator.
    public func drawOverlays(on canvas: Canvas) {
        let size = device.size(orientation)
        if parts.contains(.statusBar), device.statusBarHeight(orientation) > 0 { drawStatusBar(on: canvas, width: Double(size.width)) }
        if parts.contains(.homeIndicator), device.hasHomeIndicator { drawHomeIndicator(on: canvas, size: size) }
    }

    /// Clears what lies outside the display's rounded corners (circular arcs of the display's
    /// corner radius; the display's own curve is slightly softer where it meets the edges).
    public func maskCorners(on canvas: Canvas) {
        guard parts.contains(.roundedCorners), device.displayCornerRadius > 0 else { return }
        let size = device.size(orientation)
        canvas.mask(to: Path(roundedRect: CGRect(origin: .zero, size: size), cornerRadius: Double(device.displayCornerRadius)))
    }

    private func drawStatusBar(on canvas: Canvas, width: Double) {
        let color = content.color
        let height = Double(device.statusBarHeight(orientation))
        if device.idiom == .pad {
            // iPad: time and date at the leading edge, Wi-Fi and battery at the trailing one.
            let middle = height / 2
            drawTime("9:41  Mon Jun 10", on: canvas, size: 12, centreY: middle, leftX: 20, color: color)
            let batteryX = width - 20 - 27.5
            drawBattery(on: canvas, x: batteryX, centreY: middle, color: color)
            drawWiFi(on: canvas, centreX: batteryX - 6 - 7.7, centreY: middle, color: color)
            return
        }
        if device.hasDynamicIsland {
            // The island is 126 pt wide at the top centre; time and icons are centred in the space
            // either side of it, on the island's middle.
            let middle = height < 60 ? 30.0 : 31.0
            let island = 126.0, side = (width - island) / 2
            drawTime("9:41", on: canvas, size: 17, centreY: middle, centreX: side / 2 + 6, color: color)
            let iconsWidth = 17.0 + 6 + 15.3 + 6 + 27.5
            var x = width - side / 2 - iconsWidth / 2 - 4
            drawSignal(on: canvas, x: x, centreY: middle, color: color)
            x += 17 + 6
            drawWiFi(on: canvas, centreX: x + 7.65, centreY: middle, color: color)
            x += 15.3 + 6
            drawBattery(on: canvas, x: x, centreY: middle, color: color)
            return
        }
        // A home-button iPhone: signal and Wi-Fi leading, time centred, battery trailing.
        let middle = height / 2
        drawSignal(on: canvas, x: 6, centreY: middle, color: color)
        drawWiFi(on: canvas, centreX: 6 + 17 + 5 + 7.65, centreY: middle, color: color)
        drawTime("9:41", on: canvas, size: 12, centreY: middle, centreX: width / 2, color: color)
        drawBattery(on: canvas, x: width - 6 - 27.5, centreY: middle, color: color)
    }

    private func drawTime(_ text: String, on canvas: Canvas, size: Double, centreY: Double, centreX: Double? = nil,
                          leftX: Double? = nil, color: Color) {
        guard let face = timeFace else { return }
        let metrics = face.metrics(of: text, size: size)
        // Digits are cap height tall: centre the box from the baseline to 0.7 em above it.
        let baseline = centreY + 0.35 * size
        let x = leftX ?? ((centreX ?? 0) - metrics.width / 2)
        canvas.drawText(text, baselineAt: CGPoint(x: x, y: baseline), font: face, size: size, color: color)
    }

    private func drawSignal(on canvas: Canvas, x: Double, centreY: Double, color: Color) {
        let bottom = centreY + 5.5
        for (index, height) in [4.0, 6, 8.5, 11].enumerated() {
            let rect = CGRect(x: x + Double(index) * 4.5, y: bottom - height, width: 3, height: height)
            canvas.fill(Path(roundedRect: rect, cornerRadius: 1), with: .solid(color))
        }
    }

    private func drawWiFi(on canvas: Canvas, centreX: Double, centreY: Double, color: Color) {
        // Sectors of rings about a point 5.5 pt below the middle; the outer radius is 10.8 pt
        // (15.3 pt across at 90°).
        let apex = (x: centreX, y: centreY + 5.5)
        let start = -Double.pi * 3 / 4, end = -Double.pi / 4
        for (outer, inner) in [(10.8, 8.3), (7.2, 4.7), (3.6, 0.0)] {
            var path = Path()
            let centre = CGPoint(x: apex.x, y: apex.y)
            path.move(to: CGPoint(x: apex.x + outer * cos(start), y: apex.y + outer * sin(start)))
            path.addArc(center: centre, radiusX: outer, radiusY: outer, startAngle: start, sweep: end - start)
            if inner > 0 {
                path.addLine(to: CGPoint(x: apex.x + inner * cos(end), y: apex.y + inner * sin(end)))
                path.addArc(center: centre, radiusX: inner, radiusY: inner, startAngle: end, sweep: start - end)
            } else {
                path.addLine(to: centre)
            }
            path.closeSubpath()
            canvas.fill(path, with: .solid(color))
        }
    }

    private func drawBattery(on canvas: Canvas, x: Double, centreY: Double, color: Color) {
        let body = CGRect(x: x, y: centreY - 6, width: 25, height: 12)
        canvas.stroke(Path(roundedRect: body.insetBy(dx: 0.5, dy: 0.5), cornerRadius: 3.8), width: 1,
                      with: .solid(color.withOpacity(0.35)))
        canvas.fill(Path(roundedRect: body.insetBy(dx: 2, dy: 2), cornerRadius: 2.5), with: .solid(color))
        let cap = CGRect(x: body.maxX + 1, y: centreY - 2, width: 1.3, height: 4)
        canvas.fill(Path(roundedRect: cap, cornerRadius: 0.65), with: .solid(color.withOpacity(0.4)))
    }

    private func drawHomeIndicator(on canvas: Canvas, size: CGSize) {
        let width: Double = device.idiom == .pad ? 315 : orientation == .landscape ? 209 : 134
        let rect = CGRect(x: Double(size.width) / 2 - width / 2, y: Double(size.height) - 8 - 5, width: width, height: 5)
        canvas.fill(Path(roundedRect: rect, cornerRadius: 2.5), with: .solid(content.color))
    }
}
