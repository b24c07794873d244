import Foundation
import Raster

/// Partial files left by a dead process: `.<name>.<pid>.partial` beside `<name>`.
///
/// Every file this tool writes goes to such a temporary name first and is renamed into place (see
/// `AtomicFile`, the frame writer and the video assembler). A run killed with SIGKILL renames
/// nothing and removes nothing, so its partial file stays; the next run that writes the same file
/// removes it, as the frame writer removes stale frame partials. A partial file of a live process
/// (another run writing now) is left alone, as is anything that is not a regular file.
package enum StalePartialFiles {
    package static func remove(of target: URL) {
        let folder = target.deletingLastPathComponent()
        let prefix = ".\(target.lastPathComponent).", suffix = ".partial"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        for name in names where name.hasPrefix(prefix) && name.hasSuffix(suffix) && name.count > prefix.count + suffix.count {
            let digits = name.dropFirst(prefix.count).dropLast(suffix.count)
            guard digits.allSatisfy({ $0.isASCII && $0.isNumber }), let pid = pid_t(digits), pid > 0 else { continue }
            guard !isRunning(pid) else { continue }
            let path = folder.appendingPathComponent(name).path
            guard isRegularFile(atPath: path, followingLinks: false) else { continue }
            unlink(path)
        }
    }

    /// Whether process `pid` exists (ours included); a process of another user exists too.
    private static func isRunning(_ pid: pid_t) -> Bool {
        kill(pid, 0) == 0 || errno != ESRCH
    }
}
