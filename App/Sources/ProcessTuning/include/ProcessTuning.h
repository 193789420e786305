#ifndef STINT_PROCESS_TUNING_H
#define STINT_PROCESS_TUNING_H

#if defined(__linux__)
#include <malloc.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
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

/// Lets the bulk of a large heap take 2 MiB pages. A listing of thousands of tasks builds about 16 MB of rows,
/// layer after layer, and the kernel filled it with zero pages one fault at a time: 4,600 faults and a quarter of
/// `task list`'s time in the kernel (ADR 0028, decision 32). The kernel gives huge pages only where asked
/// (`MADV_HUGEPAGE`, when transparent huge pages are in `madvise` mode), and asking needs a mapped range, while
/// glibc's heap grows in small steps. So the heap is stretched once by a block that is freed at once: the range
/// stays the heap's (decision 14's trim threshold keeps it), costs nothing until it is touched, and part of it is
/// marked. A huge page is resident as a whole, so the marked part is only the one a large listing fills anyway,
/// from 4 to 16 MiB above the heap's top at start: a point command never grows its heap that far and keeps its
/// 12 MiB, and a heap that ends inside the marked part is at most one huge page larger than it was. The block
/// is under decision 14's mapping threshold, so it comes from the heap, not a mapping of its own. Any failure (no
/// memory for the block, a kernel without transparent huge pages) leaves small pages, as before.
static inline void stint_offer_huge_pages_to_large_heaps(void) {
#if defined(__GLIBC__) && defined(MADV_HUGEPAGE)
    const uintptr_t hugePage = (uintptr_t)2 << 20;  // x86-64, and arm64 with 4 KiB pages
    const uintptr_t from = (uintptr_t)4 << 20;
    const size_t upTo = (size_t)16 << 20;
    char *block = malloc(upTo);
    if (block == NULL) return;
    uintptr_t start = ((uintptr_t)block + from + hugePage - 1) & ~(hugePage - 1);
    uintptr_t end = ((uintptr_t)block + upTo) & ~(hugePage - 1);
    if (end > start) (void)madvise((void *)start, end - start, MADV_HUGEPAGE);
    free(block);
#endif
}

#endif
