import ArgumentParser

/// `springframes bench` as it was: the benchmark is the `springframes-bench` executable now, and
/// this says so instead of an unknown-command error.
struct BenchMoved: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Moved: the benchmark is its own executable, springframes-bench.",
        shouldDisplay: false
    )

    @Argument(parsing: .captureForPassthrough)
    var arguments: [String] = []

    func run() throws {
        let rest = arguments.isEmpty ? "" : " " + arguments.joined(separator: " ")
        throw ValidationError("the benchmark is its own executable now: swift run -c release springframes-bench\(rest)")
    }
}
