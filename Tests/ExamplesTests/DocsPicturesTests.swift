import Foundation
@testable import Examples
import Springframes
import Testing
import TestSupport

/// The pictures of the articles in the documentation catalog's Resources: each port recorded through `Recorder` as its app would
/// run it, as a contact sheet (checked here against the committed one, pixel for pixel, so the
/// README never shows a stale picture) and a short GIF.
///
/// `SPRINGFRAMES_WRITE_DOCS=1 swift test --filter DocsPicturesTests` writes them again (the GIFs
/// need ffmpeg); a run without it only compares the sheets.
@MainActor @Suite struct DocsPicturesTests {
    struct Picture: CustomTestStringConvertible, Sendable {
        var name: String
        var duration: Double
        /// Every this many frames at 30 fps on the sheet.
        var every: Int
        var touches: @MainActor @Sendable () -> TouchScript
        var make: @MainActor @Sendable () -> UIWindow

        var testDescription: String { name }

        @MainActor func recorder(fps: Double, scale: Double) -> Recorder {
            Recorder(name: name, fps: fps, duration: duration, scale: scale, touches: touches(), showsTouches: true, window: make)
        }
    }

    static let size = CGRect(x: 0, y: 0, width: 390, height: 844)

    static func window(_ controller: UIViewController) -> UIWindow {
        let window = UIWindow(frame: size)
        window.rootViewController = controller
        return window
    }

    /// Where a laid-out item's centre is on screen, read from a throwaway copy of the UI.
    static func center(of item: Int, in make: () -> UIWindow, collectionView: (UIWindow) -> UICollectionView) -> CGPoint {
        let window = make()
        window.makeKeyAndVisible()
        let view = collectionView(window)
        let center = view.layoutAttributesForItem(at: IndexPath(item: item, section: 0))!.center
        return view.convert(center, to: nil)
    }

    nonisolated static let pictures: [Picture] = [
        Picture(name: "cluster-drag-article", duration: 4, every: 12, touches: {
            let make = { Self.window(ClusterDragViewController()) }
            let cv = { (window: UIWindow) in (window.rootViewController as! ClusterDragViewController).collectionView }
            let six = center(of: 6, in: make, collectionView: cv), seven = center(of: 7, in: make, collectionView: cv)
            let twelve = center(of: 12, in: make, collectionView: cv)
            return TouchScript()
                .tap(at: 0.2, six).tap(at: 0.5, seven).tap(at: 0.8, twelve)
                .down(at: 1.1, seven).hold(0.6)
                .move(to: CGPoint(x: seven.x + 60, y: seven.y + 380), duration: 0.9, curve: .easeInOut)
                .hold(0.3).up()
        }, make: { Self.window(ClusterDragViewController()) }),
        Picture(name: "messages-article", duration: 3, every: 9, touches: {
            TouchScript().down(at: 0.2, CGPoint(x: 200, y: 700)).move(to: CGPoint(x: 200, y: 300), duration: 0.4).up()
        }, make: {
            let layout = SpringyFlowLayout()
            layout.itemSize = CGSize(width: 370, height: 44)
            return Self.window(MessagesPortTests.ChatViewController(collectionViewLayout: layout))
        }),
        Picture(name: "rearrange-article", duration: 3.4, every: 10, touches: {
            let make = { Self.window(RearrangePortTests.RearrangeViewController()) }
            let cv = { (window: UIWindow) in (window.rootViewController as! RearrangePortTests.RearrangeViewController).collectionView }
            let from = center(of: 0, in: make, collectionView: cv), to = center(of: 14, in: make, collectionView: cv)
            return TouchScript().down(at: 0.2, from).hold(0.5).move(to: to, duration: 1.2, curve: .easeInOut).hold(0.4).up()
        }, make: { Self.window(RearrangePortTests.RearrangeViewController()) }),
        Picture(name: "xamarin-simple-article", duration: 2.6, every: 8, touches: {
            TouchScript().tap(at: 0.3, CGPoint(x: 100, y: 150), duration: 0.3)
                .down(at: 1.0, CGPoint(x: 290, y: 150)).hold(0.9).up()
        }, make: {
            DocsPicturesTests.registerAnimalImages()
            let layout = UICollectionViewFlowLayout()
            layout.sectionInset = UIEdgeInsets(top: 50, left: 50, bottom: 50, right: 50)
            layout.itemSize = CGSize(width: 100, height: 100)
            layout.headerReferenceSize = CGSize(width: 390, height: 50)
            return Self.window(SimpleCollectionViewController(layout))
        }),
        Picture(name: "xamarin-waterfall-article", duration: 3, every: 9, touches: {
            TouchScript().down(at: 0.2, CGPoint(x: 200, y: 700)).move(to: CGPoint(x: 200, y: 250), duration: 0.35).up()
        }, make: { Self.window(WaterfallViewController(coder: NSCoder())!) }),
    ]

    /// What the Xamarin article's app bundle holds: a placeholder and a picture per animal.
    static func registerAnimalImages() {
        UIImage.register(solidImage(.gray, size: 50), named: "placeholder.png")
        for (index, name) in ["alpaca", "bear", "cat", "dog", "elephant", "fox", "giraffe", "hippo", "iguana", "jaguar",
                              "koala", "lion", "moose", "newt", "otter", "panda", "quail", "rabbit", "seal", "tiger"].enumerated() {
            let hue = CGFloat(index) / 20
            UIImage.register(solidImage(UIColor(hue: hue, saturation: 0.5, brightness: 0.85, alpha: 1), size: 50), named: name + ".png")
        }
    }

    static let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/Springframes/Springframes.docc/Resources")
    static let writing = ProcessInfo.processInfo.environment["SPRINGFRAMES_WRITE_DOCS"].map { !$0.isEmpty } ?? false

    /// Writes `picture` as the catalog's `name` with SPRINGFRAMES_WRITE_DOCS set; otherwise
    /// expects the committed one to have the same pixels.
    static func expectCurrent(_ picture: Canvas, named name: String) throws {
        let url = docs.appendingPathComponent(name)
        if writing { return try AtomicFile.write(try PNGCodec.encodeSmallest(picture), to: url) }
        let committed = try PNGCodec.read(contentsOf: url, scale: picture.scale)
        let rerun = "run SPRINGFRAMES_WRITE_DOCS=1 swift test --filter DocsPicturesTests"
        withExtendedLifetime((committed, picture)) {
            guard (committed.width, committed.height) == (picture.width, picture.height) else {
                let sizes = "\(committed.width)×\(committed.height) px, now \(picture.width)×\(picture.height)"
                Issue.record("\(name) in the documentation catalog is out of date (\(sizes)): \(rerun)")
                return
            }
            let differing = differingPixels(committed, picture)
            #expect(differing == 0, "\(name) in the documentation catalog is out of date (\(differing) pixels differ): \(rerun)")
        }
    }

    @Test(arguments: pictures)
    func theSheetInDocsIsCurrent(_ picture: Picture) throws {
        let font = try Font.named()
        let sheet = try picture.recorder(fps: 30, scale: 1).contactSheet(ContactSheet(every: picture.every, columns: 4, thumbnailScale: 0.35),
                                                                          font: font)
        try Self.expectCurrent(sheet, named: "\(picture.name)-sheet.png")
        if Self.writing {
            let frames = FileManager.default.temporaryDirectory.appendingPathComponent("springframes-docs-\(picture.name)-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: frames) }
            try picture.recorder(fps: 15, scale: 0.5).record(to: frames, video: Self.docs.appendingPathComponent("\(picture.name).gif"))
        }
    }

    /// The sheet of the default demo's damping swept, as the README shows it:
    /// `springframes sweep --vary interaction.damping=0.2,0.6,1 --every 30 --thumbnail 0.2` draws the same.
    @Test func theSweepSheetInDocsIsCurrent() throws {
        let entry = try #require(BuiltInScenes.named(BuiltInScenes.defaultName))
        let variants = try Scene.variants(of: try JSONParser.parse(Array(entry.json.utf8)), file: entry.name,
                                          varying: [try SceneParameter(argument: "interaction.damping=0.2,0.6,1")])
        let font = try Font.named()
        let sweep = Sweep(name: "cluster-drag-sweep",
                          variants: variants.map { Sweep.Variant(label: $0.label, recorder: Recorder(scene: $0.scene, font: font)) })
        let (sheet, metrics) = try sweep.sheet(Sweep.Sheet(every: 30, thumbnailScale: 0.2))
        #expect(metrics.map(\.element) == ["item 7", "item 7", "item 7"])
        let overshoots = metrics.compactMap { $0.motion?.overshoot }
        #expect(overshoots.count == 3 && overshoots == overshoots.sorted(by: >), "less damping, more overshoot: \(overshoots)")
        try Self.expectCurrent(sheet, named: "cluster-drag-damping-sweep.png")
    }

    // MARK: On a device, light and dark

    /// A grid of cards, the third kind of content the device pictures show.
    nonisolated static let cardsScene = #"""
        { "name": "cards", "duration": 1,
          "style": { "cell": { "template": "card", "cornerRadius": 12 } },
          "collection": { "layout": { "type": "flow", "itemSize": [175, 120], "minimumLineSpacing": 12,
                                      "minimumInteritemSpacing": 12, "sectionInset": [12, 16, 12, 16] },
            "items": [
              { "text": "Springs", "subtitle": "8 Hz, damping 0.6", "color": "systemBlue" },
              { "text": "Waterfall", "subtitle": "Two columns", "color": "systemOrange" },
              { "text": "Line zoom", "subtitle": "Scale 1.5 at the centre", "color": "systemGreen" },
              { "text": "Circle", "subtitle": "Radius 140 pt", "color": "systemPink" },
              { "text": "Rearrange", "subtitle": "Long press, then drag", "color": "systemIndigo" },
              { "text": "Messages", "subtitle": "Springy bubbles 💬", "color": "systemTeal" },
              { "text": "Sheets", "subtitle": "Every 30th frame", "color": "systemPurple" },
              { "text": "Goldens", "subtitle": "Pixels and motion", "color": "systemRed" } ] } }
        """#

    /// A row of the device pictures: content shown as the article drew it (nil where there is no
    /// article), and on an iPhone 16 Pro in light and in dark, at one moment.
    struct DeviceRow: CustomTestStringConvertible, Sendable {
        var label: String
        var article: String?
        var scene: @Sendable () throws -> Scene
        var time: Double
        var testDescription: String { label }
    }

    nonisolated static let deviceRows: [DeviceRow] = [
        DeviceRow(label: "photo grid", article: "cluster-drag", scene: { try BuiltInScenes.named("photo-drag")!.scene() }, time: 1.6),
        DeviceRow(label: "chat", article: "springy", scene: { try BuiltInScenes.named("springy")!.scene() }, time: 0.5),
        DeviceRow(label: "cards", article: nil, scene: { try Scene(data: Array(cardsScene.utf8), file: "cards") }, time: 0.5),
    ]

    /// The frame of `scene` at `time`, drawn at `scale`.
    static func frame(of scene: Scene, at time: Double, scale: Double) throws -> Canvas {
        var scene = scene
        scene.canvas.scale = scale
        let recorder = Recorder(scene: scene, font: try Font.named())
        return try recorder.images(ofFrames: [Int((time * scene.fps).rounded())])[0]
    }

    /// Three columns (the article's look, the device in light, in dark) of every row, captioned.
    static func devicePicture() throws -> Canvas {
        let scale = 0.5, gap = 24.0, caption = 22.0
        let font = try Font.named()
        var panels: [[Canvas?]] = []
        for row in deviceRows {
            let scene = try row.scene()
            let article = try row.article.map { try frame(of: try BuiltInScenes.named($0)!.scene(), at: row.time, scale: scale) }
            var light = scene, dark = scene
            light.place(on: .iPhone16Pro, orientation: .portrait)
            dark.place(on: .iPhone16Pro, orientation: .portrait)
            dark.appearance = .dark
            panels.append([article, try frame(of: light, at: row.time, scale: scale), try frame(of: dark, at: row.time, scale: scale)])
        }
        let column = 402 * scale, rowHeight = 874 * scale + caption
        let canvas = Canvas(pointWidth: gap + 3 * (column + gap), pointHeight: gap + Double(panels.count) * (rowHeight + gap), scale: 1,
                            background: Color(rgb: 0xE5E5EA))
        let titles = ["as the article draws it", "iPhone 16 Pro", "iPhone 16 Pro, dark"]
        for (r, row) in panels.enumerated() {
            let top = gap + Double(r) * (rowHeight + gap)
            for (c, panel) in row.enumerated() {
                let left = gap + Double(c) * (column + gap)
                if let panel {
                    // The panel's pixels are drawn one to one (its points are `scale` pixels).
                    canvas.draw(panel, transform: Transform(a: scale, b: 0, c: 0, d: scale,
                                                            tx: left + (column - Double(panel.width)) / 2, ty: top))
                }
                let text = panel == nil ? "(no article)" : "\(deviceRows[r].label): \(titles[c])"
                canvas.drawText(text, in: CGRect(x: left, y: top + rowHeight - caption, width: column, height: caption),
                                font: font, size: 11, color: Color(rgb: 0x3C3C43))
            }
        }
        return canvas
    }

    /// `device-pictures.png`: the photo grid, the chat and cards on an iPhone 16 Pro in light and
    /// dark, beside the article's look.
    @Test func theDevicePicturesInDocsAreCurrent() throws {
        try Self.expectCurrent(try Self.devicePicture(), named: "device-pictures.png")
    }

    /// `system-font.png`: the same lines in DejaVu Sans (the system font before Inter) and in
    /// Inter with iOS's tracking, at the sizes of body text, a headline and a large title.
    @Test func theSystemFontPictureInDocsIsCurrent() throws {
        let canvas = Canvas(pointWidth: 720, pointHeight: 200, scale: 2, background: .white)
        let dejaVu = try Font.named(), dejaVuBold = try Font.named("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")
        let lines: [(String, CGFloat, UIFont.Weight)] = [("Messages", 34, .bold), ("Are you on your way? 🚆", 17, .semibold),
                                                         ("Leaving now, the 8:15 from platform 2", 15, .regular),
                                                         ("Café au lait? ☕️ — see you at the station", 15, .regular)]
        let captionColor = Color(rgb: 0x8A8A8E)
        for (column, title) in ["DejaVu Sans (before)", "Inter, iOS's tracking (the system font)"].enumerated() {
            let left = 20 + Double(column) * 360
            canvas.drawText(title, baselineAt: CGPoint(x: left, y: 24), font: dejaVu, size: 12, color: captionColor)
            var baseline = 70.0
            for (text, size, weight) in lines {
                let font = column == 0 ? (weight >= .semibold ? dejaVuBold : dejaVu) : try #require(UIFont.systemFont(ofSize: size, weight: weight).face)
                canvas.drawText(text, baselineAt: CGPoint(x: left, y: baseline), font: font, size: Double(size), color: .black)
                let metrics = font.metrics(of: text, size: Double(size))
                baseline += metrics.ascent + metrics.descent + 12
            }
        }
        try Self.expectCurrent(canvas, named: "system-font.png")
    }
}
