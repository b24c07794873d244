import Foundation
import Recording

/// One kind of artifact a golden check captures and compares: which golden files it needs, how
/// it reads and records them, how it compares what the UI does now with them, and how it
/// describes a difference.
///
/// A check holds a list of strategies (``GoldenCheck/strategies``) and plays the UI once for all
/// of them: ``frames`` compares frames on worker threads, ``motion`` compares the trace on a
/// thread of its own as the frames are stepped.
///
/// ```swift
/// var check = GoldenCheck(scene: scene, font: try Font.named(), directory: URL(fileURLWithPath: "goldens/drag"))
/// check.strategies = [.motion]    // the trace only: no frame is drawn, read or recorded
/// let result = try check.run()
/// ```
///
/// Two strategies are equal when their names are.
public struct GoldenStrategy: Hashable, Sendable, CustomStringConvertible {
    /// What the strategy checks, as the command line's `--only` names it: `frames` or `motion`.
    public let name: String
    /// Reads the strategy's goldens for one run of `check` and returns its part in the run.
    let makePass: @MainActor @Sendable (GoldenCheck) throws -> any GoldenPass
    /// The lines of a check's summary about this kind of artifact: what differs, at most `limit`
    /// elements of it; none when the strategy compared nothing.
    let describe: @Sendable (_ result: GoldenCheckResult, _ limit: Int) -> [String]

    init(name: String, makePass: @escaping @MainActor @Sendable (GoldenCheck) throws -> any GoldenPass,
         describe: @escaping @Sendable (GoldenCheckResult, Int) -> [String]) {
        self.name = name
        self.makePass = makePass
        self.describe = describe
    }

    /// The built-in strategies, in the order a check lists missing goldens: ``frames``, then ``motion``.
    public static let all: [GoldenStrategy] = [.frames, .motion]

    /// The order in which a summary describes differences: motion in numbers first, then pixels.
    static let reportOrder: [GoldenStrategy] = [.motion, .frames]

    /// The strategy's name.
    public var description: String { name }

    /// Whether two strategies are the same: they have the same name.
    public static func == (lhs: GoldenStrategy, rhs: GoldenStrategy) -> Bool { lhs.name == rhs.name }

    /// Hashes the strategy's name.
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

/// One strategy's part in one run of a check, made when the run starts. The run goes through the
/// same stages for every pass, in the order of the check's strategies: the missing goldens of all
/// passes are reported together, then each pass checks that its golden fits, fills in what it
/// knows before the play, starts, takes part in the one play of the UI, finishes, and adds what
/// it found to the result.
@MainActor protocol GoldenPass: AnyObject {
    /// Golden files the pass reads that are not in the golden directory: under `.never` the check
    /// fails naming them, before the UI is played.
    var missingGoldens: [URL] { get }
    /// Throws `GoldenError` when the golden was recorded for something else (another scene,
    /// length, spacing or scale) and cannot be checked against.
    func requireMatch() throws
    /// Fills in what the pass knows before the play (the frame spacing, a note on sizes).
    func prepare(_ result: inout GoldenCheckResult)
    /// The frames the UI must be stepped to for this pass.
    var playedFrames: [Int] { get }
    /// Whether the pass steps the UI itself (to hand frames to worker threads); at most one pass
    /// of a check does, and the others take part through `step`.
    var playsFrames: Bool { get }
    /// Starts what runs beside the play, on threads of its own.
    func start()
    /// Takes part in the play: called on the playing thread for each frame played, in order.
    func step(_ index: Int, of player: any RecordingPlayer)
    /// Steps `player` through `frames`, calling `step` for each frame before taking its own
    /// part; only called on the pass that `playsFrames`.
    func play(_ player: any RecordingPlayer, frames: [Int], step: (Int) -> Void, artifacts: FailureArtifacts?,
              into result: inout GoldenCheckResult, progress: ((Int, Int) -> Void)?) throws
    /// After the play, whether it succeeded or not: waits for what runs beside it.
    func finish()
    /// Adds what the pass found beside the play to `result`; throws what its threads threw.
    func collect(into result: inout GoldenCheckResult) throws
}

extension GoldenPass {
    var missingGoldens: [URL] { [] }
    func requireMatch() throws {}
    func prepare(_ result: inout GoldenCheckResult) {}
    var playsFrames: Bool { false }
    func start() {}
    func step(_ index: Int, of player: any RecordingPlayer) {}
    func play(_ player: any RecordingPlayer, frames: [Int], step: (Int) -> Void, artifacts: FailureArtifacts?,
              into result: inout GoldenCheckResult, progress: ((Int, Int) -> Void)?) throws {
        for index in frames { step(index) }
    }
    func finish() {}
    func collect(into result: inout GoldenCheckResult) throws {}
}
