#define _GNU_SOURCE
#include "CSystemShims.h"

#include <errno.h>
#include <string.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/syscall.h>
#include <sys/vfs.h>
#endif

/// What `stat` holds, as `vault`'s structure; the birth time only where `stat` keeps one.
static void vault_from_stat(const struct stat *st, vault_file_stat *out) {
    out->size = (int64_t)st->st_size;
    out->inode = (uint64_t)st->st_ino;
    out->mode = st->st_mode;
#ifdef __APPLE__
    out->mtime_sec = st->st_mtimespec.tv_sec;
    out->mtime_nsec = st->st_mtimespec.tv_nsec;
    out->ctime_sec = st->st_ctimespec.tv_sec;
    out->ctime_nsec = st->st_ctimespec.tv_nsec;
    out->has_btime = 1;
    out->btime_sec = st->st_birthtimespec.tv_sec;
    out->btime_nsec = st->st_birthtimespec.tv_nsec;
#else
    out->mtime_sec = st->st_mtim.tv_sec;
    out->mtime_nsec = st->st_mtim.tv_nsec;
    out->ctime_sec = st->st_ctim.tv_sec;
    out->ctime_nsec = st->st_ctim.tv_nsec;
    out->has_btime = 0;
    out->btime_sec = 0;
    out->btime_nsec = 0;
#endif
}

int vault_lstat(int dirfd, const char *path, vault_file_stat *out) {
    struct stat st;
    if (fstatat(dirfd, path, &st, AT_SYMLINK_NOFOLLOW) != 0) return -1;
    vault_from_stat(&st, out);
    return 0;
}

#ifdef __linux__
int vault_statx(int dirfd, const char *path, int nofollow, vault_file_stat *out) {
    struct statx st;
    // nofollow == 2 means "path is empty: describe dirfd itself".
    int flags = AT_STATX_SYNC_AS_STAT | (nofollow == 2 ? AT_EMPTY_PATH : nofollow ? AT_SYMLINK_NOFOLLOW : 0);
    if (statx(dirfd, path, flags, STATX_BASIC_STATS | STATX_BTIME, &st) != 0) return -1;
    out->size = (int64_t)st.stx_size;
    out->inode = st.stx_ino;
    out->mode = st.stx_mode;
    out->mtime_sec = st.stx_mtime.tv_sec;
    out->mtime_nsec = st.stx_mtime.tv_nsec;
    out->ctime_sec = st.stx_ctime.tv_sec;
    out->ctime_nsec = st.stx_ctime.tv_nsec;
    out->has_btime = (st.stx_mask & STATX_BTIME) != 0;
    out->btime_sec = st.stx_btime.tv_sec;
    out->btime_nsec = st.stx_btime.tv_nsec;
    return 0;
}

int vault_fstatx(int fd, vault_file_stat *out) {
    return vault_statx(fd, "", 2, out);
}

int vault_rename_noreplace(int olddirfd, const char *oldpath, int newdirfd, const char *newpath) {
    return renameat2(olddirfd, oldpath, newdirfd, newpath, RENAME_NOREPLACE);
}

int vault_rename_exchange(int olddirfd, const char *oldpath, int newdirfd, const char *newpath) {
    return renameat2(olddirfd, oldpath, newdirfd, newpath, RENAME_EXCHANGE);
}
#else
int vault_statx(int dirfd, const char *path, int nofollow, vault_file_stat *out) {
    struct stat st;
    if (fstatat(dirfd, path, &st, nofollow ? AT_SYMLINK_NOFOLLOW : 0) != 0) return -1;
    vault_from_stat(&st, out);
    return 0;
}

int vault_fstatx(int fd, vault_file_stat *out) {
    struct stat st;
    if (fstat(fd, &st) != 0) return -1;
    vault_from_stat(&st, out);
    return 0;
}

int vault_rename_noreplace(int olddirfd, const char *oldpath, int newdirfd, const char *newpath) {
    return renameatx_np(olddirfd, oldpath, newdirfd, newpath, RENAME_EXCL);
}

int vault_rename_exchange(int olddirfd, const char *oldpath, int newdirfd, const char *newpath) {
    return renameatx_np(olddirfd, oldpath, newdirfd, newpath, RENAME_SWAP);
}
#endif

long long vault_file_system_type(int fd) {
#ifdef __linux__
    struct statfs info;
    if (fstatfs(fd, &info) != 0) return -1;
    return (long long)info.f_type;
#else
    (void)fd;
    return -1;
#endif
}

/// The component walk of `vault_open_beneath`, for kernels without openat2(2): each
/// directory is opened with O_NOFOLLOW relative to the one before, `..` is refused.
static int vault_open_walking(int dirfd, const char *path, int flags, unsigned int mode) {
    if (path[0] == '/') { errno = EXDEV; return -1; }
    char part[4096];
    int current = dirfd;
    const char *cursor = path;
    for (;;) {
        while (*cursor == '/') cursor++;
        const char *end = strchr(cursor, '/');
        const char *after = end;
        if (end != NULL) { while (*after == '/') after++; }
        int last = end == NULL || *after == '\0';
        size_t length = end == NULL ? strlen(cursor) : (size_t)(end - cursor);
        if (length >= sizeof part) { if (current != dirfd) close(current); errno = ENAMETOOLONG; return -1; }
        memcpy(part, cursor, length);
        part[length] = '\0';
        if (strcmp(part, "..") == 0) { if (current != dirfd) close(current); errno = EXDEV; return -1; }
        if (length == 0) strcpy(part, ".");
        int next = last ? openat(current, part, flags | O_NOFOLLOW | O_CLOEXEC, (mode_t)mode)
                        : openat(current, part, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        int saved = errno;
        // O_DIRECTORY | O_NOFOLLOW on a link fails with ENOTDIR: a link is ELOOP, as openat2 says.
        struct stat status;
        if (next < 0 && saved == ENOTDIR && (!last || (flags & O_DIRECTORY))
            && fstatat(current, part, &status, AT_SYMLINK_NOFOLLOW) == 0 && S_ISLNK(status.st_mode)) saved = ELOOP;
        if (current != dirfd) close(current);
        if (next < 0) { errno = saved; return -1; }
        if (last) return next;
        current = next;
        cursor = after;
    }
}

#ifdef __linux__
#ifndef SYS_openat2
#define SYS_openat2 437
#endif
struct vault_open_how { uint64_t flags; uint64_t mode; uint64_t resolve; };
#define VAULT_RESOLVE_NO_MAGICLINKS 0x02
#define VAULT_RESOLVE_NO_SYMLINKS 0x04
#define VAULT_RESOLVE_BENEATH 0x08

int vault_open_beneath(int dirfd, const char *path, int flags, unsigned int mode) {
    static int unsupported = 0;
    if (!__atomic_load_n(&unsupported, __ATOMIC_RELAXED)) {
        struct vault_open_how how = {
            .flags = (uint64_t)(flags | O_CLOEXEC),
            .mode = (flags & O_CREAT) ? mode : 0,
            .resolve = VAULT_RESOLVE_BENEATH | VAULT_RESOLVE_NO_SYMLINKS | VAULT_RESOLVE_NO_MAGICLINKS,
        };
        // EAGAIN: a rename elsewhere raced the walk (a few tries); EINTR: a signal.
        for (int attempt = 0; attempt < 16; attempt++) {
            long fd = syscall(SYS_openat2, dirfd, path[0] == '\0' ? "." : path, &how, sizeof how);
            if (fd >= 0) return (int)fd;
            if (errno == EINTR || errno == EAGAIN) continue;
            // ENOSYS: an older kernel, for good. EPERM may be a seccomp filter that does not
            // know the call, or a real refusal: the walk below answers this call either way.
            if (errno == ENOSYS) __atomic_store_n(&unsupported, 1, __ATOMIC_RELAXED);
            else if (errno != EPERM) return -1;
            break;
        }
    }
    return vault_open_walking(dirfd, path, flags, mode);
}
#else
int vault_open_beneath(int dirfd, const char *path, int flags, unsigned int mode) {
    return vault_open_walking(dirfd, path, flags, mode);
}
#endif

int vault_peer_uid(int fd, unsigned int *uid) {
#ifdef __linux__
    struct ucred credentials;
    socklen_t length = sizeof credentials;
    if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) != 0) return -1;
    *uid = credentials.uid;
    return 0;
#else
    uid_t user;
    gid_t group;
    if (getpeereid(fd, &user, &group) != 0) return -1;
    *uid = user;
    return 0;
#endif
}

int vault_take_read_lease(int fd) {
#ifdef __linux__
    if (fcntl(fd, F_SETLEASE, F_RDLCK) == 0) return 0;
    return (errno == EAGAIN || errno == EBUSY) ? 1 : -1;
#else
    (void)fd;
    return -1;
#endif
}

void vault_release_lease(int fd) {
#ifdef __linux__
    fcntl(fd, F_SETLEASE, F_UNLCK);
#else
    (void)fd;
#endif
}

int vault_pipe_cloexec(int descriptors[2]) {
#ifdef __linux__
    return pipe2(descriptors, O_CLOEXEC);
#else
    if (pipe(descriptors) != 0) return -1;
    fcntl(descriptors[0], F_SETFD, FD_CLOEXEC);
    fcntl(descriptors[1], F_SETFD, FD_CLOEXEC);
    return 0;
#endif
}
