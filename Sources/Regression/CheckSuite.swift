import Foundation

/// One part of a suite split across machines: `K/N` takes the scenes whose name hashes to K.
///
/// A scene's shard depends on its name alone (FNV-1a, 64-bit, of its UTF-8 bytes, modulo N), not
/// on the order the scenes are given in nor on which other scenes are in the suite: adding a scene
/// never moves another one to a different machine, and every scene is in exactly one of the N
/// shards. (Round-robin over the sorted names would balance the shards better, but would move
/// scenes whenever one is added; CI caches and histories keyed by shard then churn.)
public struct Shard: Equatable, Sendable, CustomStringConvertible {
    /// 1…count.
    public var index: Int
    public var count: Int

    /// Shard `index` of `count`, 1-based as CI matrices count.
    public init?(index: Int, count: Int) {
        guard count >= 1, (1...count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    /// `"2/3"`; nil for anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else { return nil }
        self.init(index: index, count: count)
    }

    public var description: String { "\(index)/\(count)" }

    /// Whether the scene called `name` belongs to this shard.
    public func contains(_ name: String) -> Bool { Self.shard(of: name, count: count) == index }

    /// The shard (1…count) of the scene called `name`.
    public static func shard(of name: String, count: Int) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return Int(hash % UInt64(max(1, count))) + 1
    }
}

/// What one scene of a suite came to, as a JUnit test case.
public struct SuiteCase: Equatable, Sendable {
    public enum Outcome: Equatable, Sendable {
        case passed
        /// The check failed (or recorded a golden): the first line, then the whole report.
        case failed(headline: String, report: String)
        /// The scene or its golden could not be used.
        case error(String)
    }

    /// The scene's name.
    public var name: String
    /// The scene file, or the built-in name, as given.
    public var source: String
    public var outcome: Outcome

    public init(name: String, source: String, outcome: Outcome) {
        self.name = name
        self.source = source
        self.outcome = outcome
    }
}

/// A JUnit XML report of a suite of checks, as CI systems read them (GitHub Actions through
/// test-reporter actions, GitLab's `artifacts:reports:junit`, Jenkins): one `testsuite` per run,
/// one `testcase` per scene, a `failure` for a check that fails and an `error` for a scene that
/// cannot be checked. No times are written, so that the same run gives the same bytes and the
/// reports of shards can be compared with a single run's.
public struct JUnitReport: Sendable {
    /// Names the test suite ("springframes check", with the shard).
    public var name: String
    /// In the order they are written: sorted by name.
    public var cases: [SuiteCase]

    public init(name: String, cases: [SuiteCase]) {
        self.name = name
        self.cases = cases.sorted { ($0.name, $0.source) < ($1.name, $1.source) }
    }

    public var failures: Int { cases.filter { if case .failed = $0.outcome { true } else { false } }.count }
    public var errors: Int { cases.filter { if case .error = $0.outcome { true } else { false } }.count }

    /// The XML document.
    public var xml: String {
        let counts = "tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"0\""
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"\(Self.escape(name))\" \(counts)>\n"
        xml += "  <testsuite name=\"\(Self.escape(name))\" \(counts)>\n"
        for test in cases {
            let opening = "    <testcase classname=\"springframes.check\" name=\"\(Self.escape(test.name))\" file=\"\(Self.escape(test.source))\""
            switch test.outcome {
            case .passed:
                xml += opening + "/>\n"
            case let .failed(headline, report):
                xml += opening + ">\n      <failure message=\"\(Self.escape(headline))\" type=\"regression\">"
                    + Self.escape(report) + "</failure>\n    </testcase>\n"
            case .error(let message):
                xml += opening + ">\n      <error message=\"\(Self.escape(Self.firstLine(message)))\" type=\"unusable\">"
                    + Self.escape(message) + "</error>\n    </testcase>\n"
            }
        }
        return xml + "  </testsuite>\n</testsuites>\n"
    }

    static func firstLine(_ text: String) -> String { String(text.prefix { $0 != "\n" }) }

    /// `text` for XML text and quoted attributes: markup characters as entities, and characters
    /// XML 1.0 cannot hold at all (controls other than tab, newline and return, lone surrogates
    /// cannot occur in a Swift string) as U+FFFD.
    static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            case "\t", "\n", "\r": escaped.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
                escaped += "\u{FFFD}"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
