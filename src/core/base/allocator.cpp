#include "tangram/core/base/allocator.hpp"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace tangram {

void keep_freed_memory_for_reuse() {
#if defined(__GLIBC__)
  mallopt(M_MMAP_THRESHOLD, 32 << 20);  // the largest value glibc accepts on 64-bit
  mallopt(M_TRIM_THRESHOLD, 256 << 20);
#endif
}

}  // namespace tangram
