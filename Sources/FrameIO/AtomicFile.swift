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
package enum AtomicFile {
    package static func write(_ bytes: [UInt8], to url: URL) throws {
        let file = try Writer(url)
        try file.append(bytes)
        try file.commit()
    }

    /// A file written piece by piece and put in place whole by `commit()`; dropped without a
    /// commit (or on a failed write), the temporary file is removed and the target is untouched.
    /// A FIFO or character device is written into as the pieces come.
    package final class Writer {
        /// The path as the caller gave it, for messages.
        package let url: URL
        private let target: URL
        private let temporary: URL?
        private var fd: Int32

        package init(_ url: URL) throws {
            self.url = url
            var target = url
            var status = stat()
            if lstat(url.path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK {
                target = url.resolvingSymlinksInPath()
                if lstat(target.path, &status) != 0 { status = stat() }
            }
            self.target = target
            switch status.st_mode & S_IFMT {
            case S_IFIFO, S_IFCHR:
                temporary = nil
                fd = open(target.path, O_WRONLY | O_CLOEXEC)
            case S_IFDIR:
                throw FileWriteError(path: url.path, reason: "this is a directory; give a file name")
            case S_IFSOCK, S_IFBLK:
                throw FileWriteError(path: url.path, reason: "this is not a regular file (a socket or block device), so it is not replaced")
            default:
                let temporary = target.deletingLastPathComponent().appendingPathComponent(".\(target.lastPathComponent).\(getpid()).partial")
                self.temporary = temporary
                // Created under the interruption lock, so an interrupted run removes it.
                guard let descriptor = Interruption.create(temporaryFile: temporary.path, {
                    open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
                }) else {
                    throw FileWriteError(path: url.path, reason: "the run was interrupted, so the file is not written")
                }
                fd = descriptor
            }
            guard fd >= 0 else { throw FileWriteError(path: url.path, reason: String(cString: strerror(errno))) }
        }

        deinit { discard() }

        package func append(_ bytes: [UInt8]) throws {
            guard fd >= 0 else { throw FileWriteError(path: url.path, reason: "the file is already closed") }
            if let failure = writeAll(bytes, to: fd) {
                discard()
                throw FileWriteError(path: url.path, reason: failure)
            }
        }

        package func append(_ text: String) throws {
            try append(Array(text.utf8))
        }

        /// Closes the file and moves it into place.
        package func commit() throws {
            try stage().commit()
        }

        /// Closes the file and keeps it under its temporary name, to be moved into place later
        /// by `Staged.commit()` (with others: a golden's replaced frames go in together, once
        /// the run is over). Dropped without a commit, the staged file is removed.
        package func stage() throws -> Staged {
            guard fd >= 0 else { throw FileWriteError(path: url.path, reason: "the file is already closed") }
            let failure = close(fd) == 0 ? nil : String(cString: strerror(errno))
            fd = -1
            let staged = Staged(url: url, target: target, temporary: temporary)
            if let failure {
                staged.discard()
                throw FileWriteError(path: url.path, reason: failure)
            }
            return staged
        }

        /// Closes and removes the temporary file, leaving the target as it was.
        package func discard() {
            guard fd >= 0 else { return }
            close(fd)
            fd = -1
            if let temporary {
                unlink(temporary.path)
                Interruption.forget(temporaryFile: temporary.path)
            }
        }
    }

    /// A whole file under its temporary name, waiting to be moved into place; removed if it is
    /// dropped first (or by an interruption: it stays registered with `Interruption`).
    package final class Staged {
        /// The path as the caller gave it, for messages.
        package let url: URL
        private let target: URL
        private var temporary: URL?

        fileprivate init(url: URL, target: URL, temporary: URL?) {
            (self.url, self.target, self.temporary) = (url, target, temporary)
        }

        deinit { discard() }

        /// Moves the file into place (`rename(2)`: a reader sees the old file or the new one).
        package func commit() throws {
            guard let temporary else { return }
            self.temporary = nil
            defer { Interruption.forget(temporaryFile: temporary.path) }
            if rename(temporary.path, target.path) != 0 {
                let failure = String(cString: strerror(errno))
                unlink(temporary.path)
                throw FileWriteError(path: url.path, reason: failure)
            }
        }

        /// Removes the staged file, leaving the target as it was.
        package func discard() {
            guard let temporary else { return }
            self.temporary = nil
            unlink(temporary.path)
            Interruption.forget(temporaryFile: temporary.path)
        }
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
