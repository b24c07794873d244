import Foundation

/// When a check writes goldens rather than only comparing with them. Writing a golden always makes
/// the check fail, so that a person reviews what was recorded before it becomes the reference.
public enum RecordMode: String, CaseIterable, Sendable {
    /// Record the goldens that do not exist yet and compare the others (the default).
    case missing
    /// Record every golden again.
    case all
    /// Compare, and record again the goldens that do not match.
    case failed
    /// Only compare; a missing golden is an error.
    case never

    /// The environment variable that sets the mode when no flag or argument does.
    public static let environmentVariable = "SPRINGFRAMES_RECORD"

    /// The mode named by `SPRINGFRAMES_RECORD`; nil when it is unset or empty.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws -> RecordMode? {
        guard let value = environment[environmentVariable], !value.isEmpty else { return nil }
        guard let mode = RecordMode(rawValue: value.lowercased()) else {
            throw RecordModeError(value: value, source: environmentVariable)
        }
        return mode
    }

    /// `explicit` if given, else the environment's mode, else `.missing`.
    public static func resolved(_ explicit: RecordMode?, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> RecordMode {
        try explicit ?? fromEnvironment(environment) ?? .missing
    }
}

/// A record mode that is not one of the four.
public struct RecordModeError: Error, CustomStringConvertible {
    public var value: String
    /// Where it came from: the environment variable or the option.
    public var source: String

    public var description: String {
        "\(source) is \"\(value)\"; the record modes are " + RecordMode.allCases.map(\.rawValue).joined(separator: ", ")
    }
}
