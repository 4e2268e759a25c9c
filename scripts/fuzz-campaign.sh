#!/usr/bin/env bash
# Long fuzzing runs measured in CPU time, not wall time, so a run on a busy machine still gets
# its full budget. For each target: run its libFuzzer binary (built by `cargo +nightly fuzz
# build`, address sanitizer) on fuzz/corpus/<target>, stop it with SIGINT once the process has
# used the budget of CPU seconds, then append one row to fuzz/campaign.tsv: date, target, CPU
# seconds, executions, coverage (libFuzzer's `cov`, edges) and features (`ft`), corpus size,
# result, CPU model and commit. CPU seconds already logged for a target count towards its budget,
# so a campaign resumes where it stopped (the corpus is kept under fuzz/corpus/). A crash ends that target's run; the input is left under
# fuzz/artifacts/<target>/ and the row says CRASH.
#
#   scripts/fuzz-campaign.sh [-m CPU_MINUTES] [-j PARALLEL] [-n NICE] TARGET...
#   scripts/fuzz-campaign.sh -m 30 -j 2 utf8_validate base64_decode
#
# Then shrink each corpus before committing it: scripts/fuzz-campaign.sh -M TARGET... keeps a
# small set of inputs with the same edge coverage (libFuzzer's -merge=1 with -use_counters=0:
# hit-count features would keep ~6x the inputs, 2 MB for bigint_parse against 220 KB).
set -euo pipefail

minutes=30
parallel=1
niceness=19
minimize=0
while getopts "m:j:n:M" opt; do
  case $opt in
    m) minutes=$OPTARG ;;
    j) parallel=$OPTARG ;;
    n) niceness=$OPTARG ;;
    M) minimize=1 ;;
    *) echo "usage: $0 [-m CPU_MINUTES] [-j PARALLEL] [-n NICE] [-M] TARGET..." >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
[ $# -gt 0 ] || { echo "name at least one target (cargo +nightly fuzz list)" >&2; exit 2; }

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root/fuzz"
triple=$(rustc +nightly -vV | sed -n 's/^host: //p')
bin_dir="$root/fuzz/target/$triple/release"
for t in "$@"; do
  [ -x "$bin_dir/$t" ] || { echo "no binary $bin_dir/$t: run 'cargo +nightly fuzz build' in fuzz/" >&2; exit 1; }
done

if [ "$minimize" = 1 ]; then
  for t in "$@"; do
    mkdir -p "corpus/$t"
    tmp=$(mktemp -d)
    "$bin_dir/$t" -merge=1 -use_counters=0 "$tmp" "corpus/$t" >"target/merge-$t.log" 2>&1
    before=$(find "corpus/$t" -type f | wc -l)
    rm -rf "corpus/$t" && mv "$tmp" "corpus/$t"
    echo "$t: $before -> $(find "corpus/$t" -type f | wc -l) inputs, $(du -sb "corpus/$t" | cut -f1) bytes"
  done
  exit 0
fi

budget=$((minutes * 60))
tick=$(getconf CLK_TCK)
cpu_model=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)
commit=$(git -C "$root" rev-parse --short HEAD)
[ -f campaign.tsv ] || printf 'date\ttarget\tcpu_s\texecs\tcov\tft\tcorpus\tresult\tcpu\tcommit\n' >campaign.tsv

run_one() {
  local t=$1 log="target/campaign-$1.log" pid used=0 result=ok done_s want
  # CPU seconds this target already has in campaign.tsv (earlier runs on the same corpus).
  done_s=$(awk -F'\t' -v t="$t" '$2 == t && $8 == "ok" {s += $3} END {print s + 0}' campaign.tsv)
  want=$((budget - done_s))
  if [ "$want" -le 0 ]; then
    echo "$t: already has $done_s CPU s"
    return 0
  fi
  mkdir -p "corpus/$t" "artifacts/$t"
  nice -n "$niceness" "$bin_dir/$t" -artifact_prefix="artifacts/$t/" -print_final_stats=1 \
    -max_total_time=$((budget * 50)) "corpus/$t" >"$log" 2>&1 &
  pid=$!
  while kill -0 "$pid" 2>/dev/null; do
    # utime + stime of the fuzzing process, in clock ticks (fields 14 and 15).
    if stat=$(cat "/proc/$pid/stat" 2>/dev/null); then
      used=$(echo "${stat##*) }" | awk -v hz="$tick" '{print int(($12 + $13) / hz)}')
    fi
    if [ "$used" -ge "$want" ]; then
      kill -INT "$pid" 2>/dev/null || true
      break
    fi
    sleep 5
  done
  wait "$pid" || result=CRASH
  grep -q 'run interrupted' "$log" && result=ok
  local execs status cov ft
  execs=$(sed -n 's/^stat::number_of_executed_units: //p' "$log" | tail -n 1)
  status=$(grep -E '^#[0-9]+' "$log" | tail -n 1 || true)
  cov=$(echo "$status" | sed -n 's/.* cov: \([0-9]*\).*/\1/p')
  ft=$(echo "$status" | sed -n 's/.* ft: \([0-9]*\).*/\1/p')
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$(date -u +%F)" "$t" "$used" "${execs:-?}" \
    "${cov:-?}" "${ft:-?}" "$(find "corpus/$t" -type f | wc -l)" "$result" "$cpu_model" "$commit" \
    >>campaign.tsv
  echo "$t: $used CPU s, ${execs:-?} executions, cov ${cov:-?}, ft ${ft:-?}, $result"
}
export -f run_one
export bin_dir budget niceness tick cpu_model commit
printf '%s\n' "$@" | xargs -P "$parallel" -I{} bash -c 'run_one "$1"' _ {}
