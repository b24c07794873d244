import Foundation
import Recording
import Regression
import Views

/// Checks the frames of the UI `recorder` makes in each configuration of `matrix` against a golden
/// of its own, named `<name>.<configuration name>` (`frames.iPhone16Pro-dark-AX5-rtl`), so that a
/// failure says which configuration moved. A first run records every missing golden and reports
/// each (see the notes of `assertFrames(of:named:…)`).
///
/// ```swift
/// let matrix = ConfigurationMatrix(devices: [.iPhone16Pro], appearances: [.light, .dark],
///                                  contentSizes: [.large, .accessibilityExtraExtraExtraLarge], directions: [.leftToRight, .rightToLeft])
/// try assertFrames(of: matrix, every: 30) { configuration in
///     Recorder(device: configuration.device!, appearance: configuration.appearance, settings: configuration.settings,
///              duration: 1) { SettingsViewController() }
/// }
/// ```
@MainActor public func assertFrames(of matrix: ConfigurationMatrix, named name: String = "frames", every: Int? = nil,
                                    tolerance: FrameTolerance = FrameTolerance(), record: RecordMode? = nil,
                                    snapshotDirectory: URL? = nil, fileID: StaticString = #fileID,
                                    filePath: StaticString = #filePath, function: String = #function, line: UInt = #line,
                                    column: UInt = #column, recorder: (Configuration) throws -> Recorder) throws {
    for configuration in matrix.configurations {
        try assertFrames(of: recorder(configuration), named: "\(name).\(configuration.name)", every: every, tolerance: tolerance,
                         record: record, snapshotDirectory: snapshotDirectory, fileID: fileID, filePath: filePath,
                         function: function, line: line, column: column)
    }
}
