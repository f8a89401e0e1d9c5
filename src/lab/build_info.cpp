// The commit the library was built from (results.hpp: build_commit()). The only file that
// includes the header cmake/build-info.cmake generates at every build.

#include "tangram/lab/results.hpp"

#include "tangram_build_info.hpp"

namespace tangram {

std::string_view build_commit() { return TANGRAM_BUILD_COMMIT; }

}  // namespace tangram
