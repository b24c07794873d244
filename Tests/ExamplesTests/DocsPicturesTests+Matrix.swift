import Foundation
import Springframes
import Testing
import TestSupport

extension DocsPicturesTests {
    /// `configuration-matrix.png`: the settings list and the photo grid over two devices, light and
    /// dark, three text sizes and both directions (48 tiles), as
    /// `springframes matrix settings-list photo-drag --device "iPhone SE,iPhone 16 Pro" --appearance light,dark
    /// --content-size L,XXXL,AX5 --direction ltr,rtl --at 0 --thumbnail 0.3` draws it.
    @Test func theConfigurationMatrixPictureInDocsIsCurrent() throws {
        let matrix = ConfigurationMatrix(devices: [.iPhoneSE, .iPhone16Pro], appearances: [.light, .dark],
                                         contentSizes: [.large, .extraExtraExtraLarge, .accessibilityExtraExtraExtraLarge],
                                         directions: [.leftToRight, .rightToLeft])
        #expect(matrix.configurations.count == 24)
        let font = try Font.named()
        let subjects = try ["settings-list", "photo-drag"].map { name in
            let entry = try #require(BuiltInScenes.named(name))
            let scene = try Scene(data: Array(entry.json.utf8), file: entry.name)
            return (label: name, recorder: { (configuration: Configuration) in
                var configured = scene.configured(for: configuration)
                configured.canvas.scale = 1
                return Recorder(scene: configured, font: font)
            })
        }
        let sheet = try matrix.sheet(of: subjects, at: 0, thumbnailScale: 0.3, font: font)
        try Self.expectCurrent(sheet, named: "configuration-matrix.png")
    }
}
