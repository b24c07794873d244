import Foundation

extension Recorder {
    /// A named moment of a recording, in seconds from its start: where a phase that regression
    /// checks measure on their own begins (say, "snap" when the UI lets a spring go by itself).
    ///
    /// ```swift
    /// var recorder = Recorder(name: "sheet", duration: 2) { SheetViewController() }
    /// recorder.mark("settle", at: 0.8)
    /// ```
    public struct Mark: Equatable, Sendable {
        /// Names the phase in reports ("settle").
        public var name: String
        /// Seconds from the start of the recording.
        public var time: Double

        /// A mark called `name` at `time` seconds.
        public init(name: String, time: Double) {
            self.name = name
            self.time = time
        }
    }

    /// Marks the moment `time` (seconds from the start of the recording) as `name`: the phase
    /// `name` runs from it to the next mark or the end. Marks are kept in time order; a second
    /// mark at the same time keeps the order in which they were made.
    public mutating func mark(_ name: String, at time: Double) {
        let position = marks.firstIndex { $0.time > time } ?? marks.count
        marks.insert(Mark(name: name, time: time), at: position)
    }

    /// This recorder with `name` marked at `time` (see `mark(_:at:)`).
    public func marking(_ name: String, at time: Double) -> Recorder {
        var copy = self
        copy.mark(name, at: time)
        return copy
    }
}
