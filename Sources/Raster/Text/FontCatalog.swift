import CFreeType
import Foundation

/// The font files installed on this machine, by the names UIKit code asks for them.
///
/// The folders fontconfig reads by default on Debian (`/usr/share/fonts`, `/usr/local/share/fonts`,
/// `~/.local/share/fonts`, `~/.fonts`) and macOS' font folders are searched once, the first time
/// a name is looked up; each TrueType or OpenType file is opened to read its PostScript name
/// ("Inter-SemiBold"), its family ("Inter") and its style ("Semi Bold"). Files are visited in
/// sorted order, so when two files claim one name the same one wins on every machine.
public enum FontCatalog {
    /// One installed face.
    public struct Entry: Sendable, Equatable {
        public var path: String
        public var postScriptName: String
        public var family: String
        public var style: String
    }

    public static let folders: [String] = {
        let home = FileManager.default.homeDirectoryForCurrentUser.path
        return ["/usr/share/fonts", "/usr/local/share/fonts", "\(home)/.local/share/fonts", "\(home)/.fonts",
                "/Library/Fonts", "/System/Library/Fonts"]
    }()

    /// Every installed face, read once.
    public static var entries: [Entry] { cache.entries }

    /// The file of the face named `name`: a PostScript name ("Inter-Bold"), a full name
    /// ("Inter Bold"), or a family ("Inter", meaning its regular style). Case-insensitive.
    public static func path(named name: String) -> String? {
        let wanted = name.lowercased()
        let entries = cache.entries
        if let entry = entries.first(where: { $0.postScriptName.lowercased() == wanted }) { return entry.path }
        if let entry = entries.first(where: { "\($0.family) \($0.style)".lowercased() == wanted }) { return entry.path }
        let family = entries.filter { $0.family.lowercased() == wanted }
        return (family.first { ["regular", "book", "roman"].contains($0.style.lowercased()) } ?? family.first)?.path
    }

    private final class Cache: @unchecked Sendable {
        private let lock = NSLock()
        private var scanned: [Entry]?

        var entries: [Entry] {
            lock.lock()
            defer { lock.unlock() }
            if let scanned { return scanned }
            let found = FontCatalog.scan()
            scanned = found
            return found
        }
    }

    private static let cache = Cache()

    private static func scan() -> [Entry] {
        var files: [String] = []
        for folder in folders {
            guard let walker = FileManager.default.enumerator(atPath: folder) else { continue }
            while let relative = walker.nextObject() as? String {
                let lower = relative.lowercased()
                if lower.hasSuffix(".ttf") || lower.hasSuffix(".otf") { files.append("\(folder)/\(relative)") }
            }
        }
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { return [] }
        defer { FT_Done_FreeType(library) }
        return files.sorted().compactMap { path in
            var face: FT_Face?
            guard FT_New_Face(library, path, 0, &face) == 0, let face else { return nil }
            defer { FT_Done_Face(face) }
            let family = face.pointee.family_name.map { String(cString: $0) } ?? ""
            let style = face.pointee.style_name.map { String(cString: $0) } ?? ""
            let postScript = FT_Get_Postscript_Name(face).map { String(cString: $0) } ?? "\(family)-\(style)"
            return Entry(path: path, postScriptName: postScript, family: family, style: style)
        }
    }
}
