import CProcessSpawn
import Foundation

/// A helper program (ffmpeg) started so that it cannot outlive us.
///
/// Foundation's `Process` starts children that keep running when their parent is killed with
/// SIGKILL: no handler runs, so `Interruption` cannot stop them, and an orphaned ffmpeg kept
/// encoding into a `.partial` file nobody would rename. Closing its standard input would not end
/// it either: ffmpeg reads the frames from files, not from a pipe. So the child is forked by a
/// small C shim that sets `PR_SET_PDEATHSIG` to SIGKILL before exec (Linux; a no-op elsewhere):
/// the kernel kills it when the thread that started it ends. That thread is the one waiting for
/// it (`wait()`), so it stays alive exactly as long as the child should.
package struct ChildProcess {
    package let pid: pid_t

    /// Starts `executable` with `arguments` and the given standard descriptors (others closed).
    /// Throws `POSIXError` when it cannot be started (a missing or non-executable file included).
    package static func start(_ executable: URL, arguments: [String],
                              standardInput: Int32, standardOutput: Int32, standardError: Int32) throws -> ChildProcess {
        var argv: [UnsafeMutablePointer<CChar>?] = ([executable.path] + arguments).map { strdup($0) }
        argv.append(nil)
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let error = springframes_spawn_dying_with_parent(executable.path, &argv, standardInput, standardOutput, standardError, &pid)
        guard error == 0 else { throw POSIXError(POSIXErrorCode(rawValue: error) ?? .EIO) }
        return ChildProcess(pid: pid)
    }

    /// Waits for the child to end: whether it exited (rather than died of a signal), and its exit
    /// status or the signal's number.
    package func wait() -> (exited: Bool, code: Int32) {
        var exited: Int32 = 0, code: Int32 = 0
        guard springframes_wait(pid, &exited, &code) == 0 else { return (false, 0) }
        return (exited != 0, code)
    }
}
