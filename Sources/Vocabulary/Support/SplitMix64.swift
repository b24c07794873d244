import Foundation

/// A small, fast generator with a fixed sequence per seed (Steele, Lea and Flood's SplitMix64):
/// a scene's random choices, and the package's randomised tests, are the same on every machine
/// and every run.
package struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    package init(seed: UInt64) { state = seed }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1), from the top 53 bits.
    package mutating func nextUnit() -> Double { Double(next() >> 11) / Double(1 << 53) }

    /// Uniform in 0..<n (n ≥ 1).
    package mutating func below(_ n: Int) -> Int { Int(next() % UInt64(max(n, 1))) }
}
