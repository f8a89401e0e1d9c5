#pragma once
/// \file allocator.hpp
/// Process-wide tuning of the C library's allocator, for a program to call once at start.

namespace tangram {

/// Makes glibc keep freed blocks under 32 MB for reuse (docs/design/base.md); no-op elsewhere.
void keep_freed_memory_for_reuse();

}  // namespace tangram
