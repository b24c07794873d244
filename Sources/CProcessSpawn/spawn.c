#define _GNU_SOURCE
#include "CProcessSpawn.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

extern char **environ;

/// Closes every descriptor from `low` up, except `keep`. Only async-signal-safe calls: this runs
/// in the child between fork and exec of a multithreaded process.
static void close_from(int low, int keep) {
#if defined(__linux__) && defined(SYS_close_range)
    if (keep > low) {
        if (syscall(SYS_close_range, (unsigned)low, (unsigned)(keep - 1), 0) != 0) goto loop;
    }
    if (syscall(SYS_close_range, (unsigned)(keep + 1), ~0U, 0) == 0) return;
loop:
#endif
    {
        struct rlimit limit;
        long high = 65536;
        if (getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY && (long)limit.rlim_cur < high) {
            high = (long)limit.rlim_cur;
        }
        for (long fd = low; fd < high; fd++) {
            if (fd != keep) close((int)fd);
        }
    }
}

int springframes_spawn_dying_with_parent(const char *path, char *const argv[],
                                         int stdin_fd, int stdout_fd, int stderr_fd, pid_t *pid) {
    // Reports a failed exec to the parent: closed on a successful exec, so the read sees EOF.
    int report[2];
#ifdef __linux__
    if (pipe2(report, O_CLOEXEC) != 0) return errno;
#else
    if (pipe(report) != 0) return errno;
    fcntl(report[0], F_SETFD, FD_CLOEXEC);
    fcntl(report[1], F_SETFD, FD_CLOEXEC);
#endif
    pid_t parent = getpid();
    pid_t child = fork();
    if (child < 0) {
        int error = errno;
        close(report[0]);
        close(report[1]);
        return error;
    }
    if (child == 0) {
#ifdef __linux__
        if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) goto fail;
        // The parent may have died before prctl took effect: then no signal will come.
        if (getppid() != parent) _exit(127);
#endif
        // The parent's signal mask and ignored signals would carry over exec.
        sigset_t none;
        sigemptyset(&none);
        sigprocmask(SIG_SETMASK, &none, NULL);
        signal(SIGPIPE, SIG_DFL);
        signal(SIGINT, SIG_DFL);
        signal(SIGTERM, SIG_DFL);
        // Descriptors 0–2 may already be among the given ones: move them out of the way first.
        int in = fcntl(stdin_fd, F_DUPFD_CLOEXEC, 3), out = fcntl(stdout_fd, F_DUPFD_CLOEXEC, 3),
            err = fcntl(stderr_fd, F_DUPFD_CLOEXEC, 3);
        if (in < 0 || out < 0 || err < 0) goto fail;
        if (dup2(in, 0) < 0 || dup2(out, 1) < 0 || dup2(err, 2) < 0) goto fail;
        close_from(3, report[1]);
        execve(path, argv, environ);
    fail:
        {
            int error = errno;
            ssize_t ignored = write(report[1], &error, sizeof error);
            (void)ignored;
            _exit(127);
        }
    }
    close(report[1]);
    int error = 0;
    ssize_t got;
    do {
        got = read(report[0], &error, sizeof error);
    } while (got < 0 && errno == EINTR);
    close(report[0]);
    if (got == (ssize_t)sizeof error) {
        int status;
        while (waitpid(child, &status, 0) < 0 && errno == EINTR) {}
        return error;
    }
    *pid = child;
    return 0;
}

int springframes_wait(pid_t pid, int *exited, int *code) {
    int status = 0;
    while (waitpid(pid, &status, 0) < 0) {
        if (errno != EINTR) return errno;
    }
    if (WIFEXITED(status)) {
        *exited = 1;
        *code = WEXITSTATUS(status);
    } else {
        *exited = 0;
        *code = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
    }
    return 0;
}
