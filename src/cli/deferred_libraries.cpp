// The functions of LAPACK, BLAS and GLX that OpenCV's static archives refer to, defined in the
// programs that link those archives (CMakeLists.txt, TANGRAM_STATIC_OPENCV): each opens its
// library on its first call and calls the library's function of the same name. The loader
// then maps none of the twelve objects these libraries bring (X11, gfortran, ...) at start
// (experiments/startup/, "A fifth round"). OpenCV calls them for what tangram does not use:
// OpenGL interop, and LAPACK only for matrices larger than the project's.
// Signatures: reference LAPACK as gfortran compiles it (a character argument's length last),
// cblas.h, and GLX's glx.h (pointer results written as void*).

#include <dlfcn.h>

#include <cblas.h>

#include <cstddef>
#include <cstdio>
#include <cstdlib>

namespace {

/// A library, opened when first needed (the first call of lapack(), blas() or glx()); a failure
/// ends the process: the build found the library, so it is a broken installation.
class Deferred {
public:
  explicit Deferred(const char* soname)
      : soname_(soname), handle_(dlopen(soname, RTLD_NOW | RTLD_LOCAL)) {
    if (handle_ == nullptr) fail("it");
  }

  void* function(const char* name) const {
    void* found = dlsym(handle_, name);
    if (found == nullptr) fail(name);
    return found;
  }

private:
  [[noreturn]] void fail(const char* what) const {
    std::fprintf(stderr, "tangram: internal error: %s: cannot load %s: %s\n", soname_, what,
                 dlerror());
    std::abort();
  }

  const char* soname_;
  void* handle_;
};

const Deferred& lapack() {
  static const Deferred library(TANGRAM_LAPACK_SONAME);
  return library;
}
const Deferred& blas() {
  static const Deferred library(TANGRAM_BLAS_SONAME);
  return library;
}
const Deferred& glx() {
  static const Deferred library(TANGRAM_GLX_SONAME);
  return library;
}

}  // namespace

// The macros' arguments are types, names and parameter lists, which parentheses would break.
// NOLINTBEGIN(bugprone-macro-parentheses)

// One definition: `name` with `params`, calling the library's `name` with `args`.
#define TANGRAM_DEFERRED(library, result, name, params, args)                               \
  extern "C" result name params {                                                           \
    static const auto real = reinterpret_cast<result(*) params>(library().function(#name)); \
    return real args;                                                                       \
  }

// clang-format off
#define TANGRAM_LAPACK_REAL(T, p)                                                              \
  TANGRAM_DEFERRED(lapack, void, p##gesdd_,                                                    \
      (const char* jobz, const int* m, const int* n, T* a, const int* lda, T* s, T* u,         \
       const int* ldu, T* vt, const int* ldvt, T* work, const int* lwork, int* iwork,          \
       int* info, std::size_t jobz_len),                                                       \
      (jobz, m, n, a, lda, s, u, ldu, vt, ldvt, work, lwork, iwork, info, jobz_len))           \
  TANGRAM_DEFERRED(lapack, void, p##gels_,                                                     \
      (const char* trans, const int* m, const int* n, const int* nrhs, T* a, const int* lda,   \
       T* b, const int* ldb, T* work, const int* lwork, int* info, std::size_t trans_len),     \
      (trans, m, n, nrhs, a, lda, b, ldb, work, lwork, info, trans_len))                       \
  TANGRAM_DEFERRED(lapack, void, p##geqrf_,                                                    \
      (const int* m, const int* n, T* a, const int* lda, T* tau, T* work, const int* lwork,    \
       int* info),                                                                             \
      (m, n, a, lda, tau, work, lwork, info))                                                  \
  TANGRAM_DEFERRED(lapack, void, p##gesv_,                                                     \
      (const int* n, const int* nrhs, T* a, const int* lda, int* ipiv, T* b, const int* ldb,   \
       int* info),                                                                             \
      (n, nrhs, a, lda, ipiv, b, ldb, info))                                                   \
  TANGRAM_DEFERRED(lapack, void, p##getrf_,                                                    \
      (const int* m, const int* n, T* a, const int* lda, int* ipiv, int* info),                \
      (m, n, a, lda, ipiv, info))                                                              \
  TANGRAM_DEFERRED(lapack, void, p##posv_,                                                     \
      (const char* uplo, const int* n, const int* nrhs, T* a, const int* lda, T* b,            \
       const int* ldb, int* info, std::size_t uplo_len),                                       \
      (uplo, n, nrhs, a, lda, b, ldb, info, uplo_len))                                         \
  TANGRAM_DEFERRED(lapack, void, p##potrf_,                                                    \
      (const char* uplo, const int* n, T* a, const int* lda, int* info, std::size_t uplo_len), \
      (uplo, n, a, lda, info, uplo_len))

TANGRAM_LAPACK_REAL(float, s)
TANGRAM_LAPACK_REAL(double, d)

TANGRAM_DEFERRED(blas, void, cblas_sgemm,
    (CBLAS_LAYOUT layout, CBLAS_TRANSPOSE trans_a, CBLAS_TRANSPOSE trans_b, const CBLAS_INT m,
     const CBLAS_INT n, const CBLAS_INT k, const float alpha, const float* a, const CBLAS_INT lda,
     const float* b, const CBLAS_INT ldb, const float beta, float* c, const CBLAS_INT ldc),
    (layout, trans_a, trans_b, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc))
TANGRAM_DEFERRED(blas, void, cblas_dgemm,
    (CBLAS_LAYOUT layout, CBLAS_TRANSPOSE trans_a, CBLAS_TRANSPOSE trans_b, const CBLAS_INT m,
     const CBLAS_INT n, const CBLAS_INT k, const double alpha, const double* a,
     const CBLAS_INT lda, const double* b, const CBLAS_INT ldb, const double beta, double* c,
     const CBLAS_INT ldc),
    (layout, trans_a, trans_b, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc))
TANGRAM_DEFERRED(blas, void, cblas_cgemm,
    (CBLAS_LAYOUT layout, CBLAS_TRANSPOSE trans_a, CBLAS_TRANSPOSE trans_b, const CBLAS_INT m,
     const CBLAS_INT n, const CBLAS_INT k, const void* alpha, const void* a, const CBLAS_INT lda,
     const void* b, const CBLAS_INT ldb, const void* beta, void* c, const CBLAS_INT ldc),
    (layout, trans_a, trans_b, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc))
TANGRAM_DEFERRED(blas, void, cblas_zgemm,
    (CBLAS_LAYOUT layout, CBLAS_TRANSPOSE trans_a, CBLAS_TRANSPOSE trans_b, const CBLAS_INT m,
     const CBLAS_INT n, const CBLAS_INT k, const void* alpha, const void* a, const CBLAS_INT lda,
     const void* b, const CBLAS_INT ldb, const void* beta, void* c, const CBLAS_INT ldc),
    (layout, trans_a, trans_b, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc))

TANGRAM_DEFERRED(glx, void*, glXGetCurrentContext, (), ())
TANGRAM_DEFERRED(glx, void*, glXGetCurrentDisplay, (), ())
using GlxFunction = void (*)();
TANGRAM_DEFERRED(glx, GlxFunction, glXGetProcAddressARB, (const unsigned char* name), (name))
// clang-format on
// NOLINTEND(bugprone-macro-parentheses)
