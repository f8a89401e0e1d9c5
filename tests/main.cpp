// The test runner: doctest's own, plus a verdict doctest does not give by itself: a test case
// that ran no assertion fails the run (a check under a condition that never held used to pass
// unnoticed); doctest counts the assertions but has no option to fail.
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include <iostream>
#include <string>
#include <vector>

namespace {

/// The names of the test cases that passed without an assertion.
std::vector<std::string>& without_assertion() {
  static std::vector<std::string> names;
  return names;
}

/// A doctest listener that records the test cases that end without an assertion.
class AssertionCounter : public doctest::IReporter {
public:
  explicit AssertionCounter(const doctest::ContextOptions& /*options*/) {}
  void test_case_start(const doctest::TestCaseData& data) override { current_ = data.m_name; }
  void test_case_end(const doctest::CurrentTestCaseStats& stats) override {
    if (stats.testCaseSuccess && stats.numAssertsCurrentTest == 0)
      without_assertion().push_back(current_);
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
  for (const std::string& name : without_assertion())
    std::cerr << "FAILED: test case ran no assertion: " << name << '\n';
  return status != 0 || without_assertion().empty() ? status : 1;
}
