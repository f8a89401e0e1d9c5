// src/cli/deferred_libraries.cpp on its own (the programs that link OpenCV's static archives
// define LAPACK, BLAS and GLX functions there): nothing is opened before the first call, and
// each call gives what the library computes.

#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include <dlfcn.h>

#include <cblas.h>

#include <cmath>
#include <cstddef>

extern "C" {
void dgetrf_(const int* m, const int* n, double* a, const int* lda, int* ipiv, int* info);
void dgesdd_(const char* jobz, const int* m, const int* n, double* a, const int* lda, double* s,
             double* u, const int* ldu, double* vt, const int* ldvt, double* work, const int* lwork,
             int* iwork, int* info, std::size_t jobz_len);
void sposv_(const char* uplo, const int* n, const int* nrhs, float* a, const int* lda, float* b,
            const int* ldb, int* info, std::size_t uplo_len);
void* glXGetCurrentContext();
}

namespace {

bool loaded(const char* soname) {
  void* handle = dlopen(soname, RTLD_NOW | RTLD_NOLOAD);
  if (handle != nullptr) dlclose(handle);
  return handle != nullptr;
}

}  // namespace

TEST_CASE("deferred libraries: opened by the first call, which gives the library's answer") {
  CHECK_FALSE(loaded(TANGRAM_LAPACK_SONAME));
  CHECK_FALSE(loaded(TANGRAM_BLAS_SONAME));
  CHECK_FALSE(loaded(TANGRAM_GLX_SONAME));

  // LU with partial pivoting of [[1, 2], [3, 4]] (column-major): the second row first.
  double lu[4] = {1, 3, 2, 4};
  int ipiv[2] = {0, 0}, info = -1;
  const int two = 2, one = 1;
  dgetrf_(&two, &two, lu, &two, ipiv, &info);
  CHECK(info == 0);
  CHECK(ipiv[0] == 2);
  CHECK(lu[0] == doctest::Approx(3));
  CHECK(lu[1] == doctest::Approx(1.0 / 3));
  CHECK(lu[3] == doctest::Approx(2 - 4.0 / 3));
  CHECK(loaded(TANGRAM_LAPACK_SONAME));

  // Singular values of diag(3, -2): 3 and 2.
  double a[4] = {3, 0, 0, -2}, s[2] = {0, 0}, u[4], vt[4], work[64];
  int iwork[16];
  const int lwork = 64;
  dgesdd_("A", &two, &two, a, &two, s, u, &two, vt, &two, work, &lwork, iwork, &info, 1);
  CHECK(info == 0);
  CHECK(s[0] == doctest::Approx(3));
  CHECK(s[1] == doctest::Approx(2));

  // [[4, 2], [2, 3]] x = [2, 1]: x = [0.5, 0].
  float spd[4] = {4, 2, 2, 3}, rhs[2] = {2, 1};
  sposv_("L", &two, &one, spd, &two, rhs, &two, &info, 1);
  CHECK(info == 0);
  CHECK(rhs[0] == doctest::Approx(0.5));
  CHECK(std::abs(rhs[1]) < 1e-6);

  const double p[4] = {1, 2, 3, 4}, q[4] = {5, 6, 7, 8};
  double r[4] = {0, 0, 0, 0};
  cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, 2, 2, 2, 1.0, p, 2, q, 2, 0.0, r, 2);
  CHECK(r[0] == 19);
  CHECK(r[1] == 22);
  CHECK(r[2] == 43);
  CHECK(r[3] == 50);
  const float pf[1] = {2}, qf[1] = {3};
  float rf[1] = {1};
  cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, 1, 1, 1, 2.0f, pf, 1, qf, 1, 1.0f, rf, 1);
  CHECK(rf[0] == 13);
  CHECK(loaded(TANGRAM_BLAS_SONAME));

  // No OpenGL context in this process.
  CHECK(glXGetCurrentContext() == nullptr);
  CHECK(loaded(TANGRAM_GLX_SONAME));
}
