// Pair kerning from an OpenType font's GPOS table.
//
// FreeType's `FT_Get_Kerning` reads only the old `kern` table, and CFF-flavoured OpenType fonts
// (Inter among them) keep their kerning in GPOS alone, as pair-adjustment lookups (lookup type 2,
// possibly wrapped in extension lookups, type 9) under the `kern` feature. Core Text applies them
// by default, so a label set without them is looser than on a device ("To", "AV", "y.").
//
// This reads only what horizontal kerning needs: the X advance of the first glyph of each pair,
// from both subtable formats (glyph pairs and class pairs), for the lookups of every `kern`
// feature whatever the script. Device tables, placement and the other lookup types are ignored.
// Reference: the OpenType specification, "GPOS — Glyph Positioning Table" and "OpenType Layout
// Common Table Formats".
import Foundation

/// The `kern` feature's pair adjustments of one font, read once.
struct PairKerning: Sendable {
    /// A pair-adjustment subtable.
    private enum Subtable: Sendable {
        /// Format 1: for each covered first glyph, its second glyphs and their adjustments.
        case pairs(coverage: Coverage, sets: [[UInt16: Int16]])
        /// Format 2: an adjustment per (class of first, class of second).
        case classes(coverage: Coverage, first: ClassDefinition, second: ClassDefinition,
                     secondCount: Int, values: [Int16])
    }

    private var subtables: [Subtable] = []

    var isEmpty: Bool { subtables.isEmpty }

    /// The table's bytes (nil: no GPOS, or one too damaged to read: no kerning, never a crash).
    init(gpos bytes: [UInt8]?) {
        guard let bytes, let reader = try? TableReader(bytes), let parsed = try? Self.parse(reader) else { return }
        subtables = parsed
    }

    /// The advance adjustment between `first` and `second`, in font units (0 when unkerned).
    func adjustment(_ first: UInt32, _ second: UInt32) -> Int16 {
        guard first <= UInt16.max, second <= UInt16.max else { return 0 }
        let a = UInt16(first), b = UInt16(second)
        for subtable in subtables {
            switch subtable {
            case let .pairs(coverage, sets):
                // A first glyph covered whose pair set lacks the second lets the next subtable try.
                if let index = coverage.index(of: a), index < sets.count, let value = sets[index][b] { return value }
            case let .classes(coverage, first, second, secondCount, values):
                // Covered here, the class pair decides, even with zero.
                guard coverage.index(of: a) != nil else { continue }
                let index = first.value(of: a) * secondCount + second.value(of: b)
                return index < values.count ? values[index] : 0
            }
        }
        return 0
    }

    private static func parse(_ table: TableReader) throws -> [Subtable] {
        let featureList = Int(try table.u16(6)), lookupList = Int(try table.u16(8))
        // Every lookup a `kern` feature names, in lookup-list order (the order they apply in).
        var lookups = Set<Int>()
        let featureCount = Int(try table.u16(featureList))
        for feature in 0..<featureCount {
            let record = featureList + 2 + feature * 6
            guard try table.tag(record) == "kern" else { continue }
            let offset = featureList + Int(try table.u16(record + 4))
            let count = Int(try table.u16(offset + 2))
            for i in 0..<count { lookups.insert(Int(try table.u16(offset + 4 + i * 2))) }
        }
        var subtables: [Subtable] = []
        let lookupCount = Int(try table.u16(lookupList))
        for lookup in lookups.sorted() where lookup < lookupCount {
            let start = lookupList + Int(try table.u16(lookupList + 2 + lookup * 2))
            let type = try table.u16(start)
            let count = Int(try table.u16(start + 4))
            for i in 0..<count {
                var offset = start + Int(try table.u16(start + 6 + i * 2))
                var subtableType = type
                if type == 9 {  // Extension: the real type and a 32-bit offset.
                    subtableType = try table.u16(offset + 2)
                    offset += Int(try table.u32(offset + 4))
                }
                guard subtableType == 2 else { continue }
                if let subtable = try pairAdjustment(table, at: offset) { subtables.append(subtable) }
            }
        }
        return subtables
    }

    /// The size of a value record with `format`, and where its X advance sits in it (nil: absent).
    private static func valueRecord(_ format: UInt16) -> (size: Int, xAdvance: Int?) {
        let size = format.nonzeroBitCount * 2
        guard format & 0x4 != 0 else { return (size, nil) }
        return (size, (format & 0x3).nonzeroBitCount * 2)
    }

    private static func pairAdjustment(_ table: TableReader, at start: Int) throws -> Subtable? {
        let format = try table.u16(start)
        let coverage = try Coverage(table, at: start + Int(try table.u16(start + 2)))
        let first = valueRecord(try table.u16(start + 4)), second = valueRecord(try table.u16(start + 6))
        guard let advance = first.xAdvance else { return nil }
        switch format {
        case 1:
            let setCount = Int(try table.u16(start + 8))
            var sets: [[UInt16: Int16]] = []
            sets.reserveCapacity(setCount)
            for i in 0..<setCount {
                let set = start + Int(try table.u16(start + 10 + i * 2))
                let count = Int(try table.u16(set))
                let stride = 2 + first.size + second.size
                var pairs: [UInt16: Int16] = [:]
                pairs.reserveCapacity(count)
                for j in 0..<count {
                    let record = set + 2 + j * stride
                    pairs[try table.u16(record)] = Int16(bitPattern: try table.u16(record + 2 + advance))
                }
                sets.append(pairs)
            }
            return .pairs(coverage: coverage, sets: sets)
        case 2:
            let firstClasses = try ClassDefinition(table, at: start + Int(try table.u16(start + 8)))
            let secondClasses = try ClassDefinition(table, at: start + Int(try table.u16(start + 10)))
            let firstCount = Int(try table.u16(start + 12)), secondCount = Int(try table.u16(start + 14))
            let stride = first.size + second.size
            var values = [Int16](repeating: 0, count: firstCount * secondCount)
            for i in 0..<values.count {
                values[i] = Int16(bitPattern: try table.u16(start + 16 + i * stride + advance))
            }
            return .classes(coverage: coverage, first: firstClasses, second: secondClasses,
                            secondCount: secondCount, values: values)
        default:
            return nil
        }
    }
}

/// A coverage table: which glyphs a subtable applies to, and each one's index.
private struct Coverage: Sendable {
    private var indices: [UInt16: Int] = [:]

    init(_ table: TableReader, at start: Int) throws {
        switch try table.u16(start) {
        case 1:
            let count = Int(try table.u16(start + 2))
            for i in 0..<count { indices[try table.u16(start + 4 + i * 2)] = i }
        case 2:
            for range in try table.rangeRecords(at: start) {
                for glyph in range.first...range.last { indices[glyph] = Int(range.value) + Int(glyph - range.first) }
            }
        default:
            throw TableReader.Damaged()
        }
    }

    func index(of glyph: UInt16) -> Int? { indices[glyph] }
}

/// A class definition table: glyphs not listed are in class 0.
private struct ClassDefinition: Sendable {
    private var classes: [UInt16: Int] = [:]

    init(_ table: TableReader, at start: Int) throws {
        switch try table.u16(start) {
        case 1:
            let first = Int(try table.u16(start + 2)), count = Int(try table.u16(start + 4))
            for i in 0..<count where first + i <= Int(UInt16.max) {
                classes[UInt16(first + i)] = Int(try table.u16(start + 6 + i * 2))
            }
        case 2:
            for range in try table.rangeRecords(at: start) {
                for glyph in range.first...range.last { classes[glyph] = Int(range.value) }
            }
        default:
            throw TableReader.Damaged()
        }
    }

    func value(of glyph: UInt16) -> Int { classes[glyph] ?? 0 }
}

/// Big-endian reads with bounds checks: a damaged table throws instead of reading past its end.
private struct TableReader {
    struct Damaged: Error {}
    let bytes: [UInt8]

    init(_ bytes: [UInt8]) throws {
        guard bytes.count >= 10 else { throw Damaged() }
        self.bytes = bytes
    }

    func u16(_ offset: Int) throws -> UInt16 {
        guard offset >= 0, offset + 2 <= bytes.count else { throw Damaged() }
        return UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
    }

    func u32(_ offset: Int) throws -> UInt32 {
        UInt32(try u16(offset)) << 16 | UInt32(try u16(offset + 2))
    }

    /// The range records of a format-2 coverage or class definition table at `start`: a count,
    /// then (first glyph, last glyph, value) each; reversed ranges are skipped.
    func rangeRecords(at start: Int) throws -> [(first: UInt16, last: UInt16, value: UInt16)] {
        try (0..<Int(try u16(start + 2))).compactMap { i in
            let record = start + 4 + i * 6
            let first = try u16(record), last = try u16(record + 2)
            return first <= last ? (first, last, try u16(record + 4)) : nil
        }
    }

    func tag(_ offset: Int) throws -> String {
        guard offset >= 0, offset + 4 <= bytes.count else { throw Damaged() }
        return String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
    }
}
