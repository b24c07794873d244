import ArgumentParser

@main
struct Springframes: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "springframes",
        abstract: "UIKit Dynamics and UICollectionView physics, headless.",
        version: "0.1.0",
        subcommands: [Bench.self]
    )
}
