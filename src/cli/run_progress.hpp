#pragma once
/// \file run_progress.hpp
/// How `tangram experiment` and `tangram solve --out-dir` word the progress of their runs
/// (lab/experiment_runner.hpp): a line saying what is planned, then on a terminal a bar with
/// the runs done, solved, the time elapsed and an estimate of the time left, refreshed in place;
/// otherwise one line per run.

#include <string>

#include "tangram/lab/experiment_runner.hpp"

namespace tangram::cli {

/// The observer of run_experiment() for `plan`; `what` names the job in the first line
/// ("experiment 2", "solve"). Nothing when `quiet`.
ExperimentObserver run_progress(const ExperimentPlan& plan, const std::string& what, bool quiet);

/// With plan.config.repair: moves plan.aside aside (move_damaged_aside()) and says so on stderr,
/// one line per damaged file and a count; `item` names what is done again ("run", "figure").
void report_repair(ExperimentPlan& plan, const std::string& item);

}  // namespace tangram::cli
