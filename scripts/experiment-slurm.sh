#!/usr/bin/env bash
#SBATCH --job-name=tangram-experiment
#SBATCH --cpus-per-task=1
#SBATCH --output=tangram-experiment-%A_%a.out
# An experiment as a Slurm array job: one shard per array task, then a merge job that runs when
# every task has succeeded.
#
#   scripts/experiment-slurm.sh N OUT EXPERIMENT [OPTIONS...]
#   e.g. scripts/experiment-slurm.sh 16 $HOME/exp1 1 --search paper
#
# submits `sbatch --array=1-N` of this script (task I runs `tangram experiment EXPERIMENT
# OPTIONS... -o OUT/shard-I --shard I/N --jobs CPUS`, CPUS the task's --cpus-per-task) and
# `tangram experiment merge OUT/shard-* -o OUT/merged` after it (--dependency=afterok), and
# prints both job ids. OUT must be on a file system every node sees. SBATCH_OPTS: more sbatch
# options for both jobs (e.g. "--partition=short --time=02:00:00"). TANGRAM_BIN: the program
# (default: tangram on the PATH, else build/tangram of this checkout). A failed task is rerun
# with `sbatch --array=I` of the same command line: it resumes from its directory.
set -euo pipefail
root=${TANGRAM_ROOT:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}
tangram=${TANGRAM_BIN:-$(command -v tangram || echo "$root/build/tangram")}
if [[ -n "${SLURM_ARRAY_TASK_ID:-}" ]]; then
  # Inside the array: this task's shard.
  n=$1 out=$2
  shift 2
  exec "$tangram" experiment "$@" -o "$out/shard-$SLURM_ARRAY_TASK_ID" \
    --shard "$SLURM_ARRAY_TASK_ID/$n" --jobs "${SLURM_CPUS_PER_TASK:-1}"
fi
if (($# < 3)); then
  sed -n '5,/^[^#]/{/^#/s/^# \{0,1\}//p}' "${BASH_SOURCE[0]}" >&2
  exit 2
fi
n=$1 out=$2
[[ "$n" =~ ^[1-9][0-9]*$ ]] || { echo "experiment-slurm: N must be a positive number, got '$n'" >&2; exit 2; }
command -v sbatch > /dev/null || { echo "experiment-slurm: sbatch not found (no Slurm here)" >&2; exit 2; }
mkdir -p "$out"
out=$(cd "$out" && pwd)
shift 2
script=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/$(basename "${BASH_SOURCE[0]}")
# shellcheck disable=SC2086  # SBATCH_OPTS is a list of options
array=$(TANGRAM_BIN=$tangram TANGRAM_ROOT=$root sbatch --parsable ${SBATCH_OPTS:-} \
  --export=ALL --chdir="$out" --array="1-$n" "$script" "$n" "$out" "$@")
shards=()
for ((i = 1; i <= n; i++)); do shards+=("$out/shard-$i"); done
# shellcheck disable=SC2086
merge=$(sbatch --parsable ${SBATCH_OPTS:-} --chdir="$out" --job-name=tangram-merge \
  --output="$out/merge-%j.out" --dependency="afterok:${array%%;*}" \
  --wrap="$(printf '%q ' "$tangram" experiment merge "${shards[@]}" -o "$out/merged")")
echo "array job ${array%%;*} ($n shards), merge job ${merge%%;*}: results in $out/merged"
