import CollectionLayout
import Foundation
import Raster
@testable import Recording
@testable import Scenes
import Testing
import TestSupport
import Views

/// A scene's "traits": text size, direction, accessibility settings, locale and time zone.
@MainActor @Suite struct SceneTraitsTests {
    private func scene(_ traits: String) throws -> Scene {
        try Scene(data: Array(#"{"traits": \#(traits), "collection": {"items": 3, "layout": {"type": "flow"}}}"#.utf8), file: "s.json")
    }

    private func message(_ traits: String) -> String {
        do {
            _ = try scene(traits)
            return "no error"
        } catch {
            return String(describing: error)
        }
    }

    @Test func traitsAreReadIntoTheDeviceSettings() throws {
        let read = try scene(#"""
            {"contentSize": "AX5", "direction": "rtl", "reduceMotion": true, "boldText": true, "locale": "ar_AE", "timeZone": "Asia/Dubai"}
            """#).settings
        #expect(read.contentSizeCategory == .accessibilityExtraExtraExtraLarge && read.layoutDirection == .rightToLeft)
        #expect(read.isReduceMotionEnabled && read.isBoldTextEnabled && !read.isReduceTransparencyEnabled)
        #expect(read.locale.identifier == "ar_AE" && read.timeZone.identifier == "Asia/Dubai")
        #expect(try scene("{}").settings == DeviceSettings())
    }

    @Test func badTraitsNameTheirPath() {
        #expect(message(#"{"contentSize": "huge"}"#)
            == #"s.json: traits.contentSize: expected one of "XS", "S", "M", "L", "XL", "XXL", "XXXL", "AX1", "AX2", "AX3", "AX4", "AX5", found "huge""#)
        #expect(message(#"{"direction": "rtl2"}"#) == #"s.json: traits.direction: expected one of "ltr", "rtl", found "rtl2" (did you mean "rtl"?)"#)
        #expect(message(#"{"reduceMotoin": true}"#).hasPrefix(#"s.json: traits.reduceMotoin: unknown key "reduceMotoin"; did you mean "reduceMotion"?"#))
        #expect(message(#"{"boldText": "yes"}"#) == #"s.json: traits.boldText: expected true or false, found "yes" (a string)"#)
        #expect(message(#"{"timeZone": "Mars/Olympus"}"#)
            == #"s.json: traits.timeZone: expected a time zone identifier such as "Europe/Paris" or "UTC", found "Mars/Olympus" (a string)"#)
        #expect(message(#""rtl""#).hasPrefix("s.json: traits: expected the traits"))
    }

    @Test func aConfiguredSceneIsOnItsDeviceWithItsSettingsAndName() throws {
        let entry = try #require(BuiltInScenes.named("settings-list"))
        let base = try Scene(data: Array(entry.json.utf8), file: entry.name)
        let configuration = Configuration(device: .iPhoneSE, appearance: .dark,
                                          settings: DeviceSettings(contentSizeCategory: .accessibilityExtraExtraExtraLarge, layoutDirection: .rightToLeft))
        let scene = base.configured(for: configuration)
        #expect(scene.name == "settings-list-iPhoneSE-dark-AX5-rtl")
        #expect(scene.device == .iPhoneSE && scene.appearance == .dark && scene.settings == configuration.settings)
        #expect((scene.canvas.width, scene.canvas.height) == (375, 667))
    }

    /// The settings list at the largest accessibility text size: rows grow to hold 53 pt text.
    @Test func theLargestAccessibilitySizeInAList() throws {
        let entry = try #require(BuiltInScenes.named("settings-list"))
        var scene = try Scene(data: Array(entry.json.utf8), file: entry.name)
            .configured(for: Configuration(device: .iPhoneSE, settings: DeviceSettings(contentSizeCategory: .accessibilityExtraExtraExtraLarge)))
        scene.canvas.scale = 1
        scene.duration = 0.1
        let image = try Recorder(scene: scene, font: try Font.named()).images(ofFrames: [0])[0]
        let runner = SceneRunner(scene: scene, font: try Font.named())
        let player = runner.play(fps: scene.fps)
        player.advance(toFrame: 0)
        let cell = try #require(runner.collectionView.cellForItem(at: IndexPath(item: 0, section: 0)) as? UICollectionViewListCell)
        func labels(in view: UIView) -> [UILabel] { (view as? UILabel).map { [$0] } ?? view.subviews.flatMap(labels) }
        let label = try #require(labels(in: cell).first { $0.text == "Wi-Fi" })
        #expect(label.font.pointSize == 53)
        #expect(cell.frame.height > 53)
        expectMatchesReference(image, area: "traits", name: "settings-list-AX5")
    }
}
