import Foundation
import Springframes
import Testing
import TestSupport

/// Scene format 1.1: items with content, cell templates, system colours, a font, captions and a
/// hold, drawn as their pixels say, and every new key checked with its JSON path.
@MainActor @Suite struct SceneContentTests {
    /// A folder with the scene file and what it names.
    final class Folder {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("springframes-content-\(UUID().uuidString)")
        init() throws { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(at: url) }

        /// A PNG of `size` points, `left` on its left half and `right` on its right half.
        func image(_ name: String, size: Int, left: Color, right: Color) throws {
            let canvas = Canvas(pixelWidth: size, pixelHeight: size, scale: 1, background: left)
            canvas.fill(CGRect(x: Double(size) / 2, y: 0, width: Double(size) / 2, height: Double(size)), with: right)
            withExtendedLifetime(canvas) {}
            try AtomicFile.write(try PNGCodec.encode(canvas), to: url.appendingPathComponent(name))
        }

        func scene(_ json: String) throws -> Scene {
            let file = url.appendingPathComponent("scene.json")
            try AtomicFile.write(Array(json.utf8), to: file)
            return try Scene(contentsOf: file)
        }
    }

    /// One column of 300 × 100 pt cells, 20 pt apart, on a white 340 × 480 pt canvas at scale 1.
    static func json(template: String, items: String, extra: String = "") -> String {
        """
        { "name": "content", "canvas": { "width": 340, "height": 480, "scale": 1, "background": "#FFFFFF" }, "duration": 1,
          "collection": { "items": \(items),
                          "layout": { "type": "flow", "itemSize": [300, 100], "minimumLineSpacing": 20, "sectionInset": [20, 20, 20, 20] } },
          "style": { "cell": { "template": "\(template)", "cornerRadius": 12, "color": "systemGray5" } }\(extra) }
        """
    }

    static func frame(_ scene: Scene, _ index: Int = 0) throws -> Canvas {
        try Recorder(scene: scene, font: try Font.named()).images(ofFrames: [index])[0]
    }

    static let white = Color(red: 255, green: 255, blue: 255, alpha: 255)
    static func rgb(_ hex: UInt32) -> Color { Color(rgb: hex) }

    /// Cell i spans x 20…320, y 20 + 120·i … 120 + 120·i.
    @Test func plainItemsTakeTheirTextAndColour() throws {
        let folder = try Folder()
        let scene = try folder.scene(Self.json(template: "plain", items: """
            [{ "text": "Hello", "color": "systemBlue" }, { "color": "#FF000080" }, {}]
            """))
        #expect(scene.collection.itemCount == 3)
        let canvas = try Self.frame(scene)
        withExtendedLifetime(canvas) {
            // Each cell's rounded background in its own colour (a translucent red over white).
            #expect(canvas.pixel(x: 25, y: 70) == Self.rgb(0x007AFF))
            #expect(canvas.pixel(x: 25, y: 190) == Color(red: 255, green: 127, blue: 127, alpha: 255))
            #expect(canvas.pixel(x: 25, y: 310) == Self.rgb(0xE5E5EA))
            // The rounded corner leaves the canvas white.
            #expect(canvas.pixel(x: 20, y: 20) == Self.white)
            // "Hello" is drawn white in the middle of the first cell; the third shows its number.
            let middle = (140...200).map { canvas.pixel(x: $0, y: 70) }
            #expect(middle.contains(Self.white))
        }
    }

    @Test func photosFillTheirCellsWithTheImage() throws {
        let folder = try Folder()
        try folder.image("split.png", size: 50, left: Self.rgb(0xFF0000), right: Self.rgb(0x0000FF))
        let scene = try folder.scene(Self.json(template: "photo", items: """
            [{ "image": "split.png" }, { }]
            """))
        let canvas = try Self.frame(scene)
        withExtendedLifetime(canvas) {
            // Aspect fill: the square image is scaled to 300 pt wide and cropped top and bottom,
            // so its left half covers x 20…170 and its right half x 170…320.
            #expect(canvas.pixel(x: 60, y: 70) == Self.rgb(0xFF0000))
            #expect(canvas.pixel(x: 280, y: 70) == Self.rgb(0x0000FF))
            #expect(canvas.pixel(x: 20, y: 20) == Self.white, "rounded, clipped corner")
            // No image: the style's colour as a placeholder.
            #expect(canvas.pixel(x: 170, y: 190) == Self.rgb(0xE5E5EA))
        }
    }

    /// "sample:N" names one of Springframes' own photos: no file needed, and the cell shows
    /// exactly that picture (aspect fill of a 240 px square into 300 × 100 pt: scale 1.25, the
    /// middle 80 px rows).
    @Test func samplePhotosNeedNoFile() throws {
        let folder = try Folder()
        let scene = try folder.scene(Self.json(template: "photo", items: #"[{ "image": "sample:7" }]"#))
        let canvas = try Self.frame(scene)
        let photo = SamplePhotos.image(7).bitmap
        withExtendedLifetime((canvas, photo)) {
            // The photo's pixel (120, 120), its centre, lands at the cell's centre (170, 70).
            let centre = photo.pixel(x: 120, y: 120), shown = canvas.pixel(x: 170, y: 70)
            let channels = [(centre.red, shown.red), (centre.green, shown.green), (centre.blue, shown.blue)]
            #expect(channels.allSatisfy { abs(Int($0.0) - Int($0.1)) <= 2 }, "\(shown) where the photo has \(centre)")
        }
    }

    /// The same number always draws the same pixels; numbers differ; the sky is a gradient from
    /// its top and the sun is a disc of one colour.
    @Test func samplePhotosAreStableAndDistinct() throws {
        let first = SamplePhotos.image(3).bitmap, again = SamplePhotos.image(3).bitmap, other = SamplePhotos.image(4).bitmap
        withExtendedLifetime((first, again, other)) {
            #expect((first.width, first.height) == (SamplePhotos.side, SamplePhotos.side))
            #expect(first === again, "drawn once, then shared")
            let differing = differingPixels(first, other)
            #expect(differing > first.width * first.height / 2, "\(differing) pixels differ between photos 3 and 4")
            #expect(first.pixel(x: 0, y: 0) != first.pixel(x: 0, y: 60), "a sky gradient")
        }
    }

    @Test func bubblesAreSizedToTheirTextOnTheirSide() throws {
        let folder = try Folder()
        let scene = try folder.scene(Self.json(template: "bubble", items: """
            [{ "text": "Hi" }, { "text": "On my way, see you at the station in ten minutes", "side": "right" }]
            """))
        let canvas = try Self.frame(scene)
        withExtendedLifetime(canvas) {
            // A short received bubble: grey near the left edge, white well to its right.
            #expect(canvas.pixel(x: 40, y: 70) == Self.rgb(0xE5E5EA))
            #expect(canvas.pixel(x: 200, y: 70) == Self.white)
            // A long sent bubble: blue, three quarters of the cell wide (225 pt) ending 8 pt from
            // the right edge (x 312), wrapped onto more lines than one.
            #expect(canvas.pixel(x: 305, y: 170) == Self.rgb(0x007AFF))
            #expect(canvas.pixel(x: 95, y: 170) == Self.rgb(0x007AFF))
            #expect(canvas.pixel(x: 80, y: 170) == Self.white)
            #expect(canvas.pixel(x: 316, y: 170) == Self.white)
        }
    }

    @Test func cardsShowTitleSubtitleAndAColourBand() throws {
        let folder = try Folder()
        let scene = try folder.scene(Self.json(template: "card", items: """
            [{ "text": "Springs", "subtitle": "8 Hz, damping 0.6", "color": "systemOrange" }]
            """))
        let canvas = try Self.frame(scene)
        withExtendedLifetime(canvas) {
            #expect(canvas.pixel(x: 23, y: 70) == Self.rgb(0xFF9500), "the band on the left edge")
            #expect(canvas.pixel(x: 300, y: 110) == Self.white, "the card")
            // Title and subtitle are dark text on the card, left-aligned at 16 pt.
            let title = (36...100).map { canvas.pixel(x: $0, y: 58) }, subtitle = (36...100).map { canvas.pixel(x: $0, y: 80) }
            #expect(title.contains { $0.red < 128 } && subtitle.contains { $0.red < 200 })
            #expect((200...300).map { canvas.pixel(x: $0, y: 58) }.allSatisfy { $0 == Self.white })
        }
    }

    @Test func captionsShowOverTheirSpanAndTheHoldRepeatsTheLastMoment() throws {
        let folder = try Folder()
        let scene = try folder.scene(Self.json(template: "plain", items: "3", extra: """
            , "fps": 10, "hold": 0.5, "captions": [{ "from": 0.5, "to": 1.2, "text": "Springs settle" }]
            """))
        #expect(scene.frameCount == 16)                  // 1.5 s at 10 fps, both ends
        let folderURL = folder.url.appendingPathComponent("out")
        let manifest = try Recorder(scene: scene, font: try Font.named()).record(to: folderURL).manifest
        #expect(manifest.frames.count == 16)
        // The caption band: dark at the bottom centre from frame 5 to frame 11, not before or after.
        let frames = try [4, 5, 11, 12].map { try PNGCodec.read(contentsOf: folderURL.appendingPathComponent(manifest.frames[$0].file), scale: 1) }
        withExtendedLifetime(frames) {
            let bottom = frames.map { $0.pixel(x: 170, y: 480 - 24 - 4) }
            #expect(bottom[0] == Self.white && bottom[3] == Self.white)
            #expect(bottom[1].red < 100 && bottom[2].red < 100)
        }
        // After the caption, the held frames are the same picture.
        #expect(Set(manifest.frames[12...].map(\.sha256)).count == 1)
    }

    @Test func aFontFileDrawsTheText() throws {
        let folder = try Folder()
        let serif = "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"
        let plain = try Self.frame(try folder.scene(Self.json(template: "plain", items: #"[{ "text": "Hamburgefonstiv" }]"#)))
        let styled = try Self.frame(try folder.scene(Self.json(template: "plain", items: #"[{ "text": "Hamburgefonstiv" }]"#).replacingOccurrences(
            of: #""style": {"#, with: #""style": { "font": "\#(serif)","#)))
        withExtendedLifetime((plain, styled)) {
            #expect(Array(plain.pixels) != Array(styled.pixels))
        }
    }

    /// Each template as a whole picture, against a committed reference (images/templates/): three
    /// items with content, the middle one selected, and a caption.
    @Test(arguments: [
        ("plain", #"[{ "text": "Hello", "color": "systemBlue" }, { "text": "Selected" }, { "color": "systemGreen" }]"#),
        ("photo", #"[{ "image": "split.png" }, { "image": "split.png" }, {}]"#),
        ("bubble", #"[{ "text": "Hi there" }, { "text": "Hello! Are you coming to the station later?", "side": "right" }, { "text": "Yes", "color": "systemGreen" }]"#),
        ("card", #"[{ "text": "Springs", "subtitle": "8 Hz, damping 0.6", "color": "systemOrange" }, { "text": "Selected", "subtitle": "a 3 pt border" }, { "text": "No subtitle" }]"#),
    ])
    func eachTemplateMatchesItsReference(_ template: String, _ items: String) throws {
        let folder = try Folder()
        try folder.image("split.png", size: 40, left: Self.rgb(0xFF9500), right: Self.rgb(0x5856D6))
        let scene = try folder.scene(Self.json(template: template, items: items, extra: """
            , "captions": [{ "from": 0, "to": 1, "text": "\(template) template" }]
            """).replacingOccurrences(of: #""collection": {"#, with: #""collection": { "selected": [1],"#))
        expectMatchesReference(try Self.frame(scene), area: "templates", name: template)
    }

    /// Every new key, wrong, fails with its path and what was expected.
    @Test(arguments: [
        (#"[{ "text": 3 }]"#, "", "collection.items[0].text: expected text"),
        (#"[{ "colour": "red" }]"#, "", #"collection.items[0].colour: unknown key "colour"; did you mean "color"?"#),
        (#"[{ "color": "systemBlu" }]"#, "", ##"collection.items[0].color: expected a colour "#RRGGBB" or "#RRGGBBAA", or an iOS colour name such as "systemBlue", found "systemBlu" (did you mean "systemBlue"?)"##),
        (#"[{ "image": "missing.png" }]"#, "", #"collection.items[0].image: expected the path of a PNG image (relative to the scene file's folder), found "missing.png": there is no such file"#),
        (#"[{ "image": "scene.json" }]"#, "", "is not a PNG image: it does not start with the PNG signature"),
        (#"[{ "side": "middle" }]"#, "", #"collection.items[0].side: expected one of "left", "right", found "middle""#),
        (#"[{ "image": "sample:0" }]"#, "", #"collection.items[0].image: expected "sample:N" with N from 1 to 60 (one of Springframes' sample photos), found "sample:0""#),
        (#"[{}, { "image": "sample:seven" }]"#, "", #"collection.items[1].image: expected "sample:N" with N from 1 to 60"#),
        ("2", #", "captions": [{ "from": 0.5, "to": 0.2, "text": "x" }]"#, #"captions[0].to: expected a time after "from" (0.5 s), found 0.2"#),
        ("2", #", "captions": [{ "from": 0.5, "to": 9, "text": "x" }]"#, "captions[0].to: expected a time in seconds within the scene from 0 to 1, found 9"),
        ("2", #", "hold": -1"#, "hold: expected seconds to hold the last moment from 0 to 600, found -1"),
    ])
    func badContentIsAnErrorWithItsPath(_ items: String, _ extra: String, _ expected: String) throws {
        let folder = try Folder()
        #expect(throws: SceneError.self) { try folder.scene(Self.json(template: "plain", items: items, extra: extra)) }
        do {
            _ = try folder.scene(Self.json(template: "plain", items: items, extra: extra))
        } catch {
            #expect("\(error)".contains(expected), "\(error)")
        }
    }

    @Test func aBadTemplateOrFontIsAnErrorWithItsPath() throws {
        let folder = try Folder()
        do {
            _ = try folder.scene(Self.json(template: "polaroid", items: "2"))
            Issue.record("a template that does not exist was accepted")
        } catch {
            #expect("\(error)".contains(#"style.cell.template: expected one of "plain", "photo", "bubble", "card", found "polaroid""#), "\(error)")
        }
        do {
            _ = try folder.scene(Self.json(template: "plain", items: "2").replacingOccurrences(of: #""style": {"#, with: #""style": { "font": "scene.json","#))
            Issue.record("a font that is not one was accepted")
        } catch {
            #expect("\(error)".contains("style.font: ") && "\(error)".contains("is not a font file (TrueType or OpenType)"), "\(error)")
        }
    }

    /// A damaged image is an error naming the item and what is wrong, not a grey cell: each file
    /// is decoded when the scene is read (once, however many items name it), after its header's
    /// size is checked.
    @Test func aDamagedImageIsAnErrorWhenTheSceneIsRead() throws {
        let folder = try Folder()
        try folder.image("good.png", size: 40, left: .black, right: .white)
        let good = try Data(contentsOf: folder.url.appendingPathComponent("good.png"))
        var crcDamaged = good
        crcDamaged[crcDamaged.count - 20] ^= 0xFF                  // inside the last IDAT (or its CRC)
        var huge = good.prefix(33)
        huge.replaceSubrange(16..<24, with: [0, 0, 0x40, 0, 0, 0, 0x40, 0] as [UInt8])   // 16384 × 16384
        let cases: [(String, Data, String)] = [
            ("truncated.png", good.prefix(good.count / 2), "libpng cannot decode it"),
            ("crc.png", crcDamaged, "libpng cannot decode it"),
            ("signature.png", good.prefix(8), "before its header (IHDR)"),
            ("huge.png", huge, "16384 × 16384 pixels"),
        ]
        for (name, bytes, expected) in cases {
            try bytes.write(to: folder.url.appendingPathComponent(name))
            do {
                _ = try folder.scene(Self.json(template: "photo", items: #"[{ "image": "good.png" }, { "image": "\#(name)" }]"#))
                Issue.record("\(name) was accepted")
            } catch {
                #expect("\(error)".contains("collection.items[1].image") && "\(error)".contains(expected), "\(name): \(error)")
            }
        }
        #expect(throws: Never.self) { try folder.scene(Self.json(template: "photo", items: #"[{ "image": "good.png" }, { "image": "good.png" }]"#)) }
    }

    /// A scene reads images from its own folder (and fonts from the system's too), or from a
    /// folder it is allowed: a path that leaves them, by "..", an absolute path or a link, is an
    /// error that says nothing of the file outside, not even whether it exists.
    @Test func imagesOutsideTheScenesFolderAreRefusedUnlessAllowed() throws {
        let folder = try Folder(), outside = try Folder()
        try outside.image("far.png", size: 20, left: .black, right: .white)
        try FileManager.default.createSymbolicLink(at: folder.url.appendingPathComponent("link.png"),
                                                   withDestinationURL: outside.url.appendingPathComponent("far.png"))
        for path in ["\(outside.url.path)/far.png", "../\(outside.url.lastPathComponent)/far.png", "link.png",
                     "\(outside.url.path)/missing.png", "/etc/passwd"] {
            do {
                _ = try folder.scene(Self.json(template: "photo", items: #"[{ "image": "\#(path)" }]"#))
                Issue.record("\(path) was read")
            } catch {
                #expect("\(error)".contains("inside the scene file's folder") && !"\(error)".contains("no such file")
                        && !"\(error)".contains("signature"), "\(path): \(error)")
            }
        }
        let file = folder.url.appendingPathComponent("scene.json")
        try AtomicFile.write(Array(Self.json(template: "photo", items: #"[{ "image": "link.png" }]"#).utf8), to: file)
        let scene = try Scene(contentsOf: file, allowingFilesIn: [outside.url])
        #expect(scene.collection.sections[0].content?.first?.image?.hasSuffix("link.png") == true)
    }

    /// Cells that show the same file share one decoded image; a changed file is read again.
    @Test func cellsNamingOneFileShareOneDecodedImage() throws {
        let folder = try Folder()
        try folder.image("shared.png", size: 64, left: .black, right: .white)
        let path = folder.url.appendingPathComponent("shared.png").path
        let first = try #require(SceneCell.image(atPath: path))
        #expect(SceneCell.image(atPath: path) === first)
        try folder.image("shared.png", size: 32, left: .white, right: .black)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 60)], ofItemAtPath: path)
        let changed = try #require(SceneCell.image(atPath: path))
        #expect(changed !== first && changed.size.width == 32)
    }

    /// A pipe named as an image or a font is refused before it is opened (reading it blocked
    /// forever), from a scene file and from Swift alike.
    @Test func aPipeNamedAsAnImageOrAFontIsAnErrorNotAHang() throws {
        let folder = try Folder()
        let pipe = folder.url.appendingPathComponent("photo.png")
        #expect(mkfifo(pipe.path, 0o644) == 0)
        do {
            _ = try folder.scene(Self.json(template: "photo", items: #"[{ "image": "photo.png" }]"#))
            Issue.record("a pipe was accepted as an image")
        } catch {
            #expect("\(error)".contains("collection.items[0].image") && "\(error)".contains("is not a regular file"), "\(error)")
        }
        do {
            _ = try folder.scene(Self.json(template: "plain", items: "2").replacingOccurrences(of: #""style": {"#, with: #""style": { "font": "photo.png","#))
            Issue.record("a pipe was accepted as a font")
        } catch {
            #expect("\(error)".contains("style.font: ") && "\(error)".contains("is not a regular file"), "\(error)")
        }
        #expect(throws: FontError.notARegularFile(path: pipe.path)) { try Font(path: pipe.path) }
        let error = #expect(throws: PNGError.self) { try PNGCodec.read(contentsOf: pipe) }
        #expect(error?.description.contains("not a regular file") == true, "\(String(describing: error))")
    }
}

/// The uikit integrator's step and resistance model, chosen in a scene file.
@MainActor @Suite struct UIKitPhysicsKeysTests {
    static func scene(_ physics: String) throws -> Scene {
        try Scene(data: Array("""
            { "collection": { "items": 30, "layout": { "type": "flow", "itemSize": [60, 60] },
                              "interaction": { "type": "springyScroll" } }, "physics": \(physics) }
            """.utf8), file: "p.json")
    }

    @Test func theKeysReachTheLayoutsAnimators() throws {
        let scene = try Self.scene(#"{ "integrator": "uikit", "uikitRate": 60, "resistance": "pade" }"#)
        #expect(scene.physics.uikitStep == 1.0 / 60 && scene.physics.resistance == .pade)
        let runner = SceneRunner(scene: scene, font: nil)
        let layout = runner.collectionView.collectionViewLayout
        let animator = UIDynamicAnimator(collectionViewLayout: layout)
        #expect(animator.integrator == .uikit && animator.effectiveStepDuration == 1.0 / 60 && animator.uikitResistance == .pade)
        // The defaults: 120 steps per second, Box2D 2.2's clamped resistance.
        let defaults = try Self.scene(#"{ "integrator": "uikit" }"#).physics
        #expect(defaults.uikitStep == 1.0 / 120 && defaults.resistance == .linearClamped)
    }

    @Test func aRateOtherThan60Or120IsAnErrorWithItsPath() throws {
        #expect(throws: SceneError(file: "p.json", location: "physics.uikitRate",
                                   message: "expected the uikit integrator's steps per second, 60 or 120 (a display's refresh rate), found 90")) {
            try Self.scene(#"{ "integrator": "uikit", "uikitRate": 90 }"#)
        }
        #expect(throws: SceneError(file: "p.json", location: "physics.resistance",
                                   message: #"expected one of "linearClamped", "pade", found "box2d""#)) {
            try Self.scene(#"{ "resistance": "box2d" }"#)
        }
    }
}
