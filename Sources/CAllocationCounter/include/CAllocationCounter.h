#ifndef C_ALLOCATION_COUNTER_H
#define C_ALLOCATION_COUNTER_H
#include <stdint.h>

/// Number of allocation calls (malloc, calloc, realloc, posix_memalign, aligned_alloc)
/// made by the calling thread since it started. Works by defining these symbols in the
/// benchmark executable, which takes precedence over libc's on ELF platforms.
uint64_t linkgen_allocation_count(void);

#endif
