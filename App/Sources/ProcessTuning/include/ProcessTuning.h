#ifndef STINT_PROCESS_TUNING_H
#define STINT_PROCESS_TUNING_H

#if defined(__linux__)
#include <malloc.h>
#endif

/// Keeps large blocks (a listing's rows, its output) on the heap, where a freed block is reused, instead of
/// giving each one a fresh mapping that the kernel fills with zero pages a fault at a time and takes back when
/// it is freed: every doubling of an array faulted all its pages again (ADR 0028, decision 14). A command lives
/// for milliseconds, so what a long-running process would hand back is simply released at exit. Nothing to do
/// where the C library is not glibc.
static inline void stint_keep_large_blocks_on_heap(void) {
#if defined(__GLIBC__)
    mallopt(M_MMAP_THRESHOLD, 64 * 1024 * 1024);
    mallopt(M_TRIM_THRESHOLD, 256 * 1024 * 1024);
#endif
}

#endif
