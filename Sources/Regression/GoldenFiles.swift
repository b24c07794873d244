import Foundation
import FrameIO
import Raster

/// What a golden folder may hold where a golden file is read or written: a regular file (or a
/// link to one), or nothing yet.
///
/// A FIFO named `trace.csv` blocks whoever opens it, in any record mode (recording opens it for
/// writing, which waits for a reader); a folder or a device named like a frame is no frame. Each is
/// refused before the UI is played, naming the file and what it is, rather than hanging or
/// failing later with the file system's words.
enum GoldenFiles {
    /// Throws when something is at `url` that is not a regular file; `role` says what the file is
    /// ("golden trace", "golden frame", "golden manifest").
    static func requireRegularFileOrNothing(_ url: URL, role: String) throws {
        var status = stat()
        // Followed: a link to a regular file is one; a dangling link is nothing yet.
        guard stat(url.path, &status) == 0 else { return }
        let kind: String
        switch status.st_mode & S_IFMT {
        case S_IFREG: return
        case S_IFIFO: kind = "a FIFO (named pipe)"
        case S_IFDIR: kind = "a folder"
        case S_IFCHR: kind = "a character device"
        case S_IFBLK: kind = "a block device"
        case S_IFSOCK: kind = "a socket"
        default: kind = "not a regular file"
        }
        throw GoldenError(path: url.path, message: "the \(role) is \(kind), not a regular file, so it is neither read nor written "
                          + "(reading or replacing it could block or destroy it). Remove it, then record the golden again "
                          + "with --record missing")
    }

    /// Removes this tool's partial copies of `target` whose process is gone (see `StalePartialFiles`):
    /// a run killed while it wrote a golden leaves one, and it must not be committed with the golden.
    static func removeStalePartialFiles(of target: URL) {
        StalePartialFiles.remove(of: target)
    }
}
