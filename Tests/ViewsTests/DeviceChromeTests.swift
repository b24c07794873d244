import Vocabulary
import Foundation
import DisplayList
import Raster
import TestSupport
import Testing
@testable import Views

/// The presets' screens and what iOS draws over an app: status bar, home indicator, corners.
@MainActor @Suite struct DeviceChromeTests {
    @Test func presetsHaveTheirPublishedSizesAndScales() {
        let pixels = Device.all.map { device in
            (device.name, Int(device.portraitSize.width * device.scale), Int(device.portraitSize.height * device.scale))
        }
        // Apple's specifications, in pixels.
        #expect(pixels.map(\.1) == [750, 1179, 1206, 1320, 1640])
        #expect(pixels.map(\.2) == [1334, 2556, 2622, 2868, 2360])
        #expect(Device.named("iphone-16-pro") == .iPhone16Pro && Device.named("iPad 11 inch") == .iPad11)
        #expect(Device.named("iPhone 7") == nil)
        #expect(Device.iPhone16.size(.landscape) == CGSize(width: 852, height: 393))
        #expect(Device.iPhone16.safeAreaInsets(.landscape) == UIEdgeInsets(top: 0, left: 59, bottom: 21, right: 59))
        #expect(Device.iPhone16.statusBarHeight(.landscape) == 0 && Device.iPad11.statusBarHeight(.landscape) == 24)
        // Size classes: a Pro Max is regular-width in landscape, a 16 is not; an iPad always is.
        #expect(Device.iPhone16ProMax.traits(.landscape, style: .light).horizontalSizeClass == .regular)
        #expect(Device.iPhone16.traits(.landscape, style: .light).horizontalSizeClass == .compact)
        #expect(Device.iPhone16.traits(.portrait, style: .dark).userInterfaceStyle == .dark)
        #expect(Device.iPad11.traits(.portrait, style: .light).userInterfaceIdiom == .pad)
    }

    @Test(arguments: [StatusBarContent.dark, .light])
    func theStatusBarIsDrawnAsIOSDrawsIt(_ content: StatusBarContent) {
        let background: Color = content == .dark ? .white : .black
        let canvas = Canvas(pointWidth: 402, pointHeight: 62, scale: 2, background: background)
        DeviceFrameChrome(device: .iPhone16Pro, orientation: .portrait, parts: .statusBar, content: content).draw(on: canvas)
        expectMatchesReference(canvas, area: "devices", name: "status_bar_16_pro_\(content == .dark ? "light" : "dark")")
        let ink = content == .dark ? Color(rgb: 0x000000) : Color(rgb: 0xFFFFFF)
        // The battery's fill, at its middle (the island is 126 pt wide; icons centred right of it).
        #expect(canvas.pixel(x: 700, y: 62) == ink)
        // The time's digits lie left of the island, nothing in the island's place.
        let timeInk = (100..<200).contains { x in canvas.pixel(x: x, y: 60) == ink }
        #expect(timeInk)
        #expect((276..<528).allSatisfy { x in (40..<80).allSatisfy { canvas.pixel(x: x, y: $0) == background } })
    }

    @Test(arguments: Device.all)
    func theDisplaysCornersAreTransparent(_ device: Device) {
        let size = device.size(.portrait)
        let canvas = Canvas(pointWidth: Double(size.width), pointHeight: Double(size.height), scale: 1, background: .white)
        DeviceFrameChrome(device: device, orientation: .portrait, parts: .roundedCorners, content: .dark).draw(on: canvas)
        let (w, h) = (canvas.width, canvas.height)
        let r = Double(device.displayCornerRadius)
        for (x, y) in [(0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)] {
            #expect(canvas.pixel(x: x, y: y).alpha == (r > 0 ? 0 : 255), "\(device) corner (\(x), \(y))")
        }
        #expect(canvas.pixel(x: w / 2, y: 0).alpha == 255 && canvas.pixel(x: 0, y: h / 2).alpha == 255)
        if r > 0 {
            // On the arc's diagonal, a pixel inside it by two is opaque, outside by two clear.
            let onArc = r - r / 2.squareRoot()
            #expect(canvas.pixel(x: Int(onArc + 2), y: Int(onArc + 2)).alpha == 255)
            #expect(canvas.pixel(x: Int(onArc - 2), y: Int(onArc - 2)).alpha == 0)
        }
    }

    @Test func theHomeIndicatorSitsAboveTheBottomEdge() {
        for (orientation, width) in [(Device.Orientation.portrait, 134.0), (.landscape, 209)] {
            let size = Device.iPhone16.size(orientation)
            let canvas = Canvas(pointWidth: Double(size.width), pointHeight: Double(size.height), scale: 1, background: .white)
            DeviceFrameChrome(device: .iPhone16, orientation: orientation, parts: .homeIndicator, content: .dark).draw(on: canvas)
            let row = Int(size.height) - 11
            let inked = (0..<canvas.width).filter { canvas.pixel(x: $0, y: row) == Color(rgb: 0x000000) }
            #expect(Double(inked.count) >= width - 2 && Double(inked.count) <= width, "\(orientation)")
            #expect(abs(Double(inked.first ?? 0) + Double(inked.count) / 2 - Double(size.width) / 2) <= 1)
            #expect(canvas.pixel(x: Int(size.width) / 2, y: Int(size.height) - 6).alpha == 255)
            #expect(canvas.pixel(x: Int(size.width) / 2, y: Int(size.height) - 6) == .white)
        }
    }

    @Test func theStatusBarContentFollowsTheStyleAndAppearance() {
        #expect(StatusBarContent(style: .default, appearance: .light) == .dark)
        #expect(StatusBarContent(style: .default, appearance: .dark) == .light)
        #expect(StatusBarContent(style: .lightContent, appearance: .light) == .light)
        #expect(StatusBarContent(style: .darkContent, appearance: .dark) == .dark)
    }
}
