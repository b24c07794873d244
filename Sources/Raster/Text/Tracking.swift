import Foundation

/// Letter spacing that depends on the size: thousandths of an em added after every glyph.
///
/// `sanFrancisco` is the tracking iOS applies to its system font by default, from the "Tracking
/// values" table of Apple's Human Interface Guidelines (Typography, iOS, SF Pro). Between the
/// sizes listed it is interpolated linearly; below 6 pt and above 80 pt the end values hold.
/// The system font here is Inter, whose own spacing is close to SF's; the same table is applied
/// so that sizes tighten and loosen as on a device (see `UIFont.systemFont(ofSize:weight:)` for
/// the widths it gives).
public struct Tracking: Sendable, Equatable {
    /// A name for the table, part of a shared font's identity.
    public let name: String
    /// (size in points, tracking in thousandths of an em), by increasing size.
    public let table: [(size: Double, thousandths: Double)]

    public init(name: String, table: [(size: Double, thousandths: Double)]) {
        self.name = name
        self.table = table.sorted { $0.size < $1.size }
    }

    public static func == (lhs: Tracking, rhs: Tracking) -> Bool {
        lhs.name == rhs.name && lhs.table.elementsEqual(rhs.table) { $0 == $1 }
    }

    /// The tracking at `size` points, in thousandths of an em.
    public func thousandths(atSize size: Double) -> Double {
        guard let first = table.first, let last = table.last else { return 0 }
        if size <= first.size { return first.thousandths }
        if size >= last.size { return last.thousandths }
        let upper = table.firstIndex { $0.size >= size } ?? table.count - 1
        let (a, b) = (table[upper - 1], table[upper])
        return a.thousandths + (b.thousandths - a.thousandths) * (size - a.size) / (b.size - a.size)
    }

    /// The tracking points added after each glyph at `size`.
    public func points(atSize size: Double) -> Double { thousandths(atSize: size) * size / 1000 }

    /// iOS's default tracking of SF Pro (Human Interface Guidelines, Typography, "Tracking values").
    ///
    /// | pt | 1/1000 em | pt | 1/1000 em | pt | 1/1000 em | pt | 1/1000 em |
    /// |---|---|---|---|---|---|---|---|
    /// | 6 | +41 | 14 | −11 | 22 | −12 | 30 | +14 |
    /// | 7 | +34 | 15 | −16 | 23 | −4 | 32 | +13 |
    /// | 8 | +26 | 16 | −20 | 24 | +3 | 34 | +12 |
    /// | 9 | +19 | 17 | −26 | 25 | +6 | 36 | +10 |
    /// | 10 | +12 | 18 | −25 | 26 | +8 | 40 | +10 |
    /// | 11 | +6 | 19 | −25 | 27 | +11 | 48 | +8 |
    /// | 12 | 0 | 20 | −23 | 28 | +14 | 60 | +4 |
    /// | 13 | −6 | 21 | −18 | 29 | +14 | 80 | 0 |
    public static let sanFrancisco = Tracking(name: "SF Pro", table: [
        (6, 41), (7, 34), (8, 26), (9, 19), (10, 12), (11, 6), (12, 0), (13, -6), (14, -11), (15, -16),
        (16, -20), (17, -26), (18, -25), (19, -25), (20, -23), (21, -18), (22, -12), (23, -4), (24, 3),
        (25, 6), (26, 8), (27, 11), (28, 14), (29, 14), (30, 14), (32, 13), (34, 12), (36, 10), (40, 10),
        (48, 8), (60, 4), (80, 0),
    ])
}
