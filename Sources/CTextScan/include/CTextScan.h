#ifndef C_TEXT_SCAN_H
#define C_TEXT_SCAN_H

#include <stddef.h>
#include <stdint.h>

/// Text search's fast path: from `start`, skips 16-byte blocks of `text` (`count` bytes)
/// that are all ASCII and hold no candidate, a position where `first` is (OR-ed with
/// `first_case`, which folds upper-case letters) and `probe` is `offset` bytes later (OR-ed
/// with `probe_case`). Returns where the first block not skipped starts; only blocks with
/// `offset` + 16 bytes before the end are looked at.
size_t vault_skip_plain_blocks(const uint8_t *text, size_t start, size_t count, uint8_t first, uint8_t first_case,
                               uint8_t probe, uint8_t probe_case, size_t offset);

/// Asks for the cache line at `address` ahead of reading it: a hint, never a fault.
static inline void vault_prefetch(const void *address) { __builtin_prefetch(address, 0, 3); }

/// Asks for the cache line at `address` ahead of writing it: a hint, never a fault.
static inline void vault_prefetch_for_writing(void *address) { __builtin_prefetch(address, 1, 3); }

/// memmem(3), which Glibc declares only under _GNU_SOURCE: the offset of the first
/// `needle` in `text`, or -1.
long vault_find_bytes(const void *text, size_t count, const void *needle, size_t needle_count);

/// Whether any of the `count` bytes at `text` is `a`, `b` or `c`: 16 bytes at a time.
int vault_contains_any3(const uint8_t *text, size_t count, uint8_t a, uint8_t b, uint8_t c);

#endif
