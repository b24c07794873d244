import Foundation

/// Whether `path` names a regular file, following symbolic links. Reading a pipe or a device
/// blocks or never ends, and a folder is not a file: paths a user names (images, fonts) are
/// checked with this before they are opened.
package func isRegularFile(atPath path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
}
