#pragma once
/// \file detail/shared_library.hpp
/// A shared library opened when first needed (dlopen), not by the loader at every start: the
/// picture codecs that only reading a JPEG, TIFF or WebP needs. Internal.

#include <string>

namespace tangram::detail {

/// An opened library; it stays open until the process ends, so its functions stay valid.
class SharedLibrary {
public:
  /// Opens `soname`; throws InputError "cannot read `format` pictures: ..." if it cannot.
  SharedLibrary(const char* soname, std::string format);

  /// The function `name` of the library, typed as F (the declaration in the library's own
  /// header: decltype(&::name)); throws InputError like the constructor if it is missing.
  template <class F>
  F function(const char* name) const {
    return reinterpret_cast<F>(address(name));
  }

private:
  void* address(const char* name) const;

  void* handle_;
  std::string soname_, format_;
};

/// The one Api of the process (a struct of a SharedLibrary and its functions), opened on the
/// first call; throws as SharedLibrary does, and opens again on the next call after a throw.
template <class Api>
const Api& opened() {
  static const Api api;
  return api;
}

}  // namespace tangram::detail

/// In a struct after a SharedLibrary member `lib`: the member `name`, the library's function of
/// that name, typed as its header declares it.
// NOLINTBEGIN(bugprone-macro-parentheses): `name` is a name, not an expression
#define TANGRAM_LIBRARY_FUNCTION(lib, name) \
  decltype(&::name) name = (lib).function<decltype(&::name)>(#name)
// NOLINTEND(bugprone-macro-parentheses)
