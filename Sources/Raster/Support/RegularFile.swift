import Foundation

/// Whether `path` names a regular file, following symbolic links unless `followingLinks` is
/// false (then a link is not a regular file). Reading a pipe or a device blocks or never ends,
/// and a folder is not a file: paths a user names (images, fonts) are checked with this before
/// they are opened, and files are removed only when they are regular files themselves.
package func isRegularFile(atPath path: String, followingLinks: Bool = true) -> Bool {
    var status = stat()
    let found = followingLinks ? stat(path, &status) : lstat(path, &status)
    return found == 0 && status.st_mode & S_IFMT == S_IFREG
}
