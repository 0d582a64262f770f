#!/usr/bin/env bash
# Runs the window tests; the ones that fail are run once more, alone, and only their second
# result counts. Why: on a loaded machine a pushed click is now and then lost before the app
# reads it (the pointer reaches the app through the X server), and one lost click fails a
# whole scripted interaction. A test that is really broken fails twice and fails the run;
# every retry is printed, so a test that needs one is seen.
# The program itself can also die in a test (once, under the sanitizers, a broken pipe to the
# X server killed it mid-run): then the test it died in and every test it had not reached run
# once more, in a second program; dying again, or a test failing again there, fails the run.
set -uo pipefail
binary=$1
shift
log=$(mktemp)
trap 'rm -f "$log"' EXIT
"$binary" "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
[ "$status" -eq 0 ] && exit 0
failed=$(sed -n 's/^\[  FAILED  \] \([^ ]*\.[^ ]*\).*/\1/p' "$log" | sort -u | paste -sd: -)
if ! grep -q '^\[==========\] .* ran\.' "$log"; then
  # Died before its summary: the last test started without a result is the one it died in.
  died=$(awk '/^\[ RUN      \] /{t=$4} /^\[       OK \] |^\[  FAILED  \] |^\[  SKIPPED \] /{t=""} END{print t}' "$log")
  finished=$(sed -n 's/^\[       OK \] \([^ ]*\.[^ ]*\).*/\1/p; s/^\[  SKIPPED \] \([^ ]*\.[^ ]*\).*/\1/p' "$log" | sort -u | paste -sd: -)
  echo "retry-failed: the program stopped with status $status in ${died:-a test it had not named}; running again the tests it failed, died in or had not reached" >&2
  "$binary" "--gtest_filter=*-${finished}"
  exit $?
fi
if [ -z "$failed" ]; then
  echo "retry-failed: the tests stopped with status $status before naming a failed test" >&2
  exit "$status"
fi
echo "retry-failed: running again, alone: $failed" >&2
"$binary" --gtest_filter="$failed"
