#define _GNU_SOURCE
#include <string.h>
#include "CTextScan.h"

#ifdef __SSE2__
#include <emmintrin.h>
#endif

size_t vault_skip_plain_blocks(const uint8_t *text, size_t start, size_t count, uint8_t first, uint8_t first_case,
                               uint8_t probe, uint8_t probe_case, size_t offset) {
    size_t index = start;
#ifdef __SSE2__
    const __m128i first_v = _mm_set1_epi8((char)first), first_case_v = _mm_set1_epi8((char)first_case);
    const __m128i probe_v = _mm_set1_epi8((char)probe), probe_case_v = _mm_set1_epi8((char)probe_case);
    while (index + 16 + offset <= count) {
        __m128i block = _mm_loadu_si128((const __m128i *)(text + index));
        __m128i probed = _mm_loadu_si128((const __m128i *)(text + index + offset));
        __m128i hits = _mm_and_si128(_mm_cmpeq_epi8(_mm_or_si128(block, first_case_v), first_v),
                                     _mm_cmpeq_epi8(_mm_or_si128(probed, probe_case_v), probe_v));
        // movemask reads the high bit of each byte: a candidate, or a non-ASCII byte.
        if (_mm_movemask_epi8(_mm_or_si128(hits, _mm_or_si128(block, probed))) != 0) break;
        index += 16;
    }
#else
    (void)text; (void)count; (void)first; (void)first_case; (void)probe; (void)probe_case; (void)offset;
#endif
    return index;
}

long vault_find_bytes(const void *text, size_t count, const void *needle, size_t needle_count) {
    const char *found = memmem(text, count, needle, needle_count);
    return found ? (long)(found - (const char *)text) : -1;
}

int vault_contains_any3(const uint8_t *text, size_t count, uint8_t a, uint8_t b, uint8_t c) {
    size_t index = 0;
#ifdef __SSE2__
    const __m128i a_v = _mm_set1_epi8((char)a), b_v = _mm_set1_epi8((char)b), c_v = _mm_set1_epi8((char)c);
    for (; index + 16 <= count; index += 16) {
        __m128i block = _mm_loadu_si128((const __m128i *)(text + index));
        __m128i hits = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(block, a_v), _mm_cmpeq_epi8(block, b_v)), _mm_cmpeq_epi8(block, c_v));
        if (_mm_movemask_epi8(hits) != 0) return 1;
    }
#endif
    for (; index < count; index++) {
        if (text[index] == a || text[index] == b || text[index] == c) return 1;
    }
    return 0;
}
