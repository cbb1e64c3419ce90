// Counts heap allocations for the benchmark's "allocations per operation" figure.
//
// The executable defines malloc and friends itself; ELF symbol resolution prefers the
// executable's definitions over libc's, so every allocation in the process (Swift runtime,
// Foundation, libqrencode, libpng) passes through here and on to glibc's __libc_* entry points.
// On other platforms the counter stays at zero and the benchmark reports allocations as n/a.
#include "CAllocationCounter.h"

#if defined(__linux__) && defined(__GLIBC__)
#include <stddef.h>
#include <errno.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);

static __thread uint64_t allocation_count;

uint64_t linkgen_allocation_count(void) { return allocation_count; }

void *malloc(size_t size) {
  allocation_count++;
  return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
  allocation_count++;
  return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
  allocation_count++;
  return __libc_realloc(pointer, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
  allocation_count++;
  void *pointer = __libc_memalign(alignment, size);
  if (pointer == NULL) return ENOMEM;
  *result = pointer;
  return 0;
}

void *aligned_alloc(size_t alignment, size_t size) {
  allocation_count++;
  return __libc_memalign(alignment, size);
}
#else
uint64_t linkgen_allocation_count(void) { return 0; }
#endif
