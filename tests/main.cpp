// The test runner: doctest's own, plus two verdicts doctest does not give by itself.
// - A test case that ran no assertion fails the run (a check under a condition that never
//   held used to pass unnoticed); doctest counts the assertions but has no option to fail.
// - A test case that skipped (optional_tool.hpp) makes a run that failed nothing exit 77,
//   which ctest reports as skipped (SKIP_RETURN_CODE).
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include <iostream>
#include <string>
#include <vector>

#include "optional_tool.hpp"

namespace {

/// The names of the test cases that passed without an assertion, and of those that skipped.
struct Verdicts {
  std::vector<std::string> without_assertion;
  std::vector<std::string> skipped;
};

Verdicts& verdicts() {
  static Verdicts v;
  return v;
}

/// A doctest listener that records Verdicts at the end of each test case.
class AssertionCounter : public doctest::IReporter {
public:
  explicit AssertionCounter(const doctest::ContextOptions& /*options*/) {}
  void test_case_start(const doctest::TestCaseData& data) override {
    current_ = data.m_name;
    tangram::test::skipped_current_case() = false;
  }
  void test_case_end(const doctest::CurrentTestCaseStats& stats) override {
    if (tangram::test::skipped_current_case())
      verdicts().skipped.push_back(current_);
    else if (stats.testCaseSuccess && stats.numAssertsCurrentTest == 0)
      verdicts().without_assertion.push_back(current_);
    tangram::test::skipped_current_case() = false;
  }
  void report_query(const doctest::QueryData& /*data*/) override {}
  void test_run_start() override {}
  void test_run_end(const doctest::TestRunStats& /*stats*/) override {}
  void test_case_reenter(const doctest::TestCaseData& /*data*/) override {}
  void test_case_exception(const doctest::TestCaseException& /*exception*/) override {}
  void subcase_start(const doctest::SubcaseSignature& /*signature*/) override {}
  void subcase_end() override {}
  void log_assert(const doctest::AssertData& /*data*/) override {}
  void log_message(const doctest::MessageData& /*data*/) override {}
  void test_case_skipped(const doctest::TestCaseData& /*data*/) override {}

private:
  std::string current_;
};

REGISTER_LISTENER("assertion-counter", 1, AssertionCounter);

}  // namespace

int main(int argc, char** argv) {
  doctest::Context context(argc, argv);
  const int status = context.run();
  if (context.shouldExit()) return status;  // --help, --list-test-cases and the like
  const Verdicts& v = verdicts();
  for (const std::string& name : v.without_assertion)
    std::cerr << "FAILED: test case ran no assertion: " << name << '\n';
  for (const std::string& name : v.skipped) std::cerr << "SKIPPED: " << name << '\n';
  if (status != 0 || !v.without_assertion.empty()) return status != 0 ? status : 1;
  return v.skipped.empty() ? 0 : 77;
}
