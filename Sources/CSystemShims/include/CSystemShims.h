#ifndef C_SYSTEM_SHIMS_H
#define C_SYSTEM_SHIMS_H

#include <stdint.h>

/// What `vault` needs to know about a file, read with one statx(2) call.
typedef struct {
    int64_t size;
    uint64_t inode;
    uint32_t mode;
    int64_t mtime_sec;
    int64_t mtime_nsec;
    int64_t ctime_sec;
    int64_t ctime_nsec;
    /// 0 when the file system does not record a birth time.
    int has_btime;
    int64_t btime_sec;
    int64_t btime_nsec;
} vault_file_stat;

/// statx(2) relative to `dirfd`; `nofollow` keeps a symbolic link from being followed.
/// Returns 0 or -1 with errno set.
int vault_statx(int dirfd, const char *path, int nofollow, vault_file_stat *out);

/// fstatat(2) relative to `dirfd`, not following a symbolic link: the birth time only
/// where stat(2) keeps one (macOS), for a little less of the kernel's time than statx(2).
int vault_lstat(int dirfd, const char *path, vault_file_stat *out);

/// statx(2) of an open file descriptor.
int vault_fstatx(int fd, vault_file_stat *out);

/// The `f_type` of fstatfs(2) on Linux (the file system's magic number); -1 elsewhere or
/// on failure.
long long vault_file_system_type(int fd);

/// renameat2(2) with RENAME_NOREPLACE: fails with EEXIST instead of replacing a file.
int vault_rename_noreplace(int olddirfd, const char *oldpath, int newdirfd, const char *newpath);

/// renameat2(2) with RENAME_EXCHANGE: swaps the two names atomically. Fails with EINVAL
/// (or ENOSYS) where the file system cannot.
int vault_rename_exchange(int olddirfd, const char *oldpath, int newdirfd, const char *newpath);

/// openat(2) of `path` beneath the directory `dirfd`, following no symbolic link in any
/// part of it and never leaving `dirfd` (no `..` above it, no absolute path): openat2(2)
/// with RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS, or, on kernels without it, one component at
/// a time with O_NOFOLLOW. A link fails with ELOOP, a way out with EXDEV. `mode` is used
/// with O_CREAT only.
int vault_open_beneath(int dirfd, const char *path, int flags, unsigned int mode);

/// The user id of the process at the other end of the Unix socket `fd` (SO_PEERCRED on
/// Linux, getpeereid elsewhere). Returns 0 or -1 with errno set.
int vault_peer_uid(int fd, unsigned int *uid);

/// Takes a read lease on `fd` (open read-only): 0 when granted, 1 when another open file
/// has the file open for writing (the kernel refuses then), -1 when it cannot be told
/// (leases unsupported, not the file's owner). While held, an open for writing by anyone
/// waits for `vault_release_lease`.
int vault_take_read_lease(int fd);

/// Gives back a lease `vault_take_read_lease` granted.
void vault_release_lease(int fd);

/// Reads `*value` atomically (relaxed: a hint shared between threads, not a lock).
static inline uint64_t vault_atomic_load(const uint64_t *value) { return __atomic_load_n(value, __ATOMIC_RELAXED); }

/// Lowers `*value` to `bound` atomically if `bound` is lower.
static inline void vault_atomic_lower(uint64_t *value, uint64_t bound) {
    uint64_t current = __atomic_load_n(value, __ATOMIC_RELAXED);
    while (bound < current && !__atomic_compare_exchange_n(value, &current, bound, 1, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {}
}

/// pipe2(2) with O_CLOEXEC: a pipe whose ends no child spawned by another thread
/// inherits. Returns 0 or -1 with errno set.
int vault_pipe_cloexec(int descriptors[2]);

#endif
