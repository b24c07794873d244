#ifndef C_PROCESS_SPAWN_H
#define C_PROCESS_SPAWN_H

#include <sys/types.h>

/// Starts `path` with `argv` (NULL-terminated; argv[0] included) and this process's environment,
/// its standard input, output and error on the given descriptors, every other descriptor closed.
///
/// On Linux the child asks, between fork and exec, to be sent SIGKILL when the thread that
/// started it ends (prctl PR_SET_PDEATHSIG), so that a helper such as ffmpeg never outlives a
/// `kill -9` of its parent. Foundation's Process and posix_spawn offer no such hook; that is the
/// only reason this shim exists. Elsewhere the child starts without it.
///
/// Returns 0 and the child's pid in `pid`, or an errno value (a failed exec included).
int springframes_spawn_dying_with_parent(const char *path, char *const argv[],
                                         int stdin_fd, int stdout_fd, int stderr_fd, pid_t *pid);

/// `waitpid` for `pid`, retried on EINTR. Returns 0 and sets `exited` (1 for a normal exit, 0 for
/// a signal) and `code` (the exit status or the signal number), or an errno value.
int springframes_wait(pid_t pid, int *exited, int *code);

#endif
