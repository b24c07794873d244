import Foundation
import Springframes
import SpringframesTesting
import Testing
import TestSupport

/// One golden per configuration of a matrix, named after it.
@MainActor @Suite struct MatrixAssertionTests {
    /// The headlines of the failures `body`'s assertions report, instead of failing this test.
    private func failures(_ body: () throws -> Void) throws -> [String] {
        final class Box: @unchecked Sendable {
            let lock = NSLock()
            var descriptions: [String] = []
        }
        let box = Box()
        try FailureReporter.$override.withValue({ failure, _ in box.lock.withLock { box.descriptions.append(failure.description) } }) {
            try body()
        }
        return box.lock.withLock { box.descriptions }
    }

    /// A 60 × 40 pt view whose bar sits at the leading edge.
    private func recorder(_ configuration: Configuration) -> Recorder {
        Recorder(duration: 0.05, scale: 1) {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 60, height: 40))
            window.traitOverrides.layoutDirection = configuration.settings.layoutDirection == .rightToLeft ? .rightToLeft : .leftToRight
            window.backgroundColor = .white
            let bar = UIView()
            bar.backgroundColor = .systemRed
            bar.translatesAutoresizingMaskIntoConstraints = false
            window.addSubview(bar)
            NSLayoutConstraint.activate([bar.leadingAnchor.constraint(equalTo: window.leadingAnchor), bar.widthAnchor.constraint(equalToConstant: 20),
                                         bar.topAnchor.constraint(equalTo: window.topAnchor), bar.bottomAnchor.constraint(equalTo: window.bottomAnchor)])
            return window
        }
    }

    @Test func eachConfigurationHasAGoldenNamedAfterIt() throws {
        let snapshots = FileManager.default.temporaryDirectory.appendingPathComponent("springframes-matrix-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: snapshots) }
        let matrix = ConfigurationMatrix(directions: [.leftToRight, .rightToLeft])
        let first = try failures { try assertFrames(of: matrix, named: "bar", record: .missing, snapshotDirectory: snapshots, recorder: recorder) }
        #expect(first.count == 2 && first.allSatisfy { $0.hasPrefix("recorded a golden") }, "\(first)")
        let folders = try FileManager.default.contentsOfDirectory(atPath: snapshots.path).sorted()
        #expect(folders == ["eachConfigurationHasAGoldenNamedAfterIt.bar.light-L-ltr", "eachConfigurationHasAGoldenNamedAfterIt.bar.light-L-rtl"])
        #expect(try failures { try assertFrames(of: matrix, named: "bar", record: .missing, snapshotDirectory: snapshots, recorder: recorder) }.isEmpty)
        // The two directions differ: the left-to-right golden does not hold for the right-to-left UI.
        let ltrGolden = snapshots.appendingPathComponent(folders[0]), rtlGolden = snapshots.appendingPathComponent(folders[1])
        let ltrFrame = try PNGCodec.read(contentsOf: ltrGolden.appendingPathComponent("frame_00000.png"))
        let rtlFrame = try PNGCodec.read(contentsOf: rtlGolden.appendingPathComponent("frame_00000.png"))
        #expect(ltrFrame.premultipliedPixel(x: 5, y: 20) == Color(rgb: 0xFF3B30).premultiplied)
        #expect(rtlFrame.premultipliedPixel(x: 55, y: 20) == Color(rgb: 0xFF3B30).premultiplied)
    }
}
