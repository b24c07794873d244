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
///
/// What is at the path is respected: a symbolic link is written through (its target is
/// replaced, the link stays); a FIFO or a character device (`/dev/stdout`, a pipe) is written
/// into, never replaced; a directory, socket or block device is an error.
public enum AtomicFile {
    public static func write(_ bytes: [UInt8], to url: URL) throws {
        var target = url
        var status = stat()
        if lstat(url.path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK {
            target = url.resolvingSymlinksInPath()
            if lstat(target.path, &status) != 0 { status = stat() }
        }
        switch status.st_mode & S_IFMT {
        case S_IFIFO, S_IFCHR:
            return try writeInPlace(bytes, to: target, shownAs: url)
        case S_IFDIR:
            throw FileWriteError(path: url.path, reason: "this is a directory; give a file name")
        case S_IFSOCK, S_IFBLK:
            throw FileWriteError(path: url.path, reason: "this is not a regular file (a socket or block device), so it is not replaced")
        default:
            break
        }
        let directory = target.deletingLastPathComponent()
        let temporary = directory.appendingPathComponent(".\(target.lastPathComponent).\(getpid()).partial")
        let fd = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw FileWriteError(path: url.path, reason: String(cString: strerror(errno))) }
        let failure = writeAll(bytes, to: fd)
        let closed = close(fd)
        if let failure {
            unlink(temporary.path)
            throw FileWriteError(path: url.path, reason: failure)
        }
        guard closed == 0, rename(temporary.path, target.path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary.path)
            throw FileWriteError(path: url.path, reason: reason)
        }
    }

    /// Writes into an existing FIFO or device without replacing it.
    private static func writeInPlace(_ bytes: [UInt8], to target: URL, shownAs url: URL) throws {
        let fd = open(target.path, O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { throw FileWriteError(path: url.path, reason: String(cString: strerror(errno))) }
        let failure = writeAll(bytes, to: fd)
        let closed = close(fd)
        if let failure { throw FileWriteError(path: url.path, reason: failure) }
        if closed != 0 { throw FileWriteError(path: url.path, reason: String(cString: strerror(errno))) }
    }

    /// Writes every byte to a file descriptor, retrying interrupted and short writes; returns the
    /// error text on failure, nil on success.
    package static func writeAll(_ bytes: [UInt8], to fd: Int32) -> String? {
        var written = 0
        return bytes.withUnsafeBytes { raw in
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
    }
}
