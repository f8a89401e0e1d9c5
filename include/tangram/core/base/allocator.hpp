#pragma once
/// \file allocator.hpp
/// Process-wide tuning of the C library's allocator for the search, for programs to call once
/// at start (the tangram CLI and the benchmarks do; the library never changes it by itself).

namespace tangram {

/// The search allocates and frees layout states of a few hundred KB to a few MB per placement,
/// from several threads. With glibc's defaults such blocks are mapped and unmapped each time and
/// per-thread heaps are trimmed after frees: page faults and kernel time that grow with the
/// thread count (on masks/01-square at 1 degree, 2.4 s of system time with 2 threads against
/// 0.2 s after this call). Keeps such blocks in the heap for reuse instead. No effect on other
/// C libraries.
void keep_freed_memory_for_reuse();

}  // namespace tangram
