#define _GNU_SOURCE
#include "CSystemShims.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>
#ifdef __linux__
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
