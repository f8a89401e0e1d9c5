#include "tangram/io/detail/shared_library.hpp"

#include <dlfcn.h>

#include <utility>

#include "tangram/core/base/error.hpp"

namespace tangram::detail {

namespace {

[[noreturn]] void missing(const std::string& format, const std::string& what) {
  throw InputError("cannot read " + format + " pictures: " + what +
                   " (install it, or save the picture as PNG)");
}

}  // namespace

SharedLibrary::SharedLibrary(const char* soname, std::string format)
    : handle_(dlopen(soname, RTLD_NOW | RTLD_LOCAL)), soname_(soname), format_(std::move(format)) {
  if (handle_ == nullptr) missing(format_, soname_ + " cannot be loaded: " + dlerror());
}

void* SharedLibrary::address(const char* name) const {
  void* found = dlsym(handle_, name);
  if (found == nullptr) missing(format_, soname_ + " has no " + name);
  return found;
}

}  // namespace tangram::detail
