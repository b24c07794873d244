import Foundation

/// Why a file could not be written.
public struct FileWriteError: Error, CustomStringConvertible {
    public var path: String
    public var reason: String

    package init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "cannot write \(path): \(reason)" }
}

/// Writes whole files so that a reader sees the old file or the new one, never half of one: the
/// bytes go to a temporary name in the same directory, then `rename(2)` moves them into place.
public enum AtomicFile {
    public static func write(_ bytes: [UInt8], to url: URL) throws {
        let directory = url.deletingLastPathComponent()
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).partial")
        let fd = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw FileWriteError(path: url.path, reason: String(cString: strerror(errno))) }
        var written = 0
        let failure: String? = bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return nil }
            while written < raw.count {
                let n = Foundation.write(fd, base + written, raw.count - written)
                if n < 0 {
                    if errno == EINTR { continue }
                    return String(cString: strerror(errno))
                }
                written += n
            }
            return nil
        }
        let closed = close(fd)
        if let failure {
            unlink(temporary.path)
            throw FileWriteError(path: url.path, reason: failure)
        }
        guard closed == 0, rename(temporary.path, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary.path)
            throw FileWriteError(path: url.path, reason: reason)
        }
    }
}
