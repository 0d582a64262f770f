#!/usr/bin/env bash
# A bounded libFuzzer run over the scene loader and the machine, for CI and for people:
#
#   fuzz/run-fuzzer.sh BUILD_DIR [SECONDS]      (BUILD_DIR configured with -DPMGLAB_FUZZ=ON)
#
# Seeds are every scene file the project has (assets/, tests/data/, tests/bad-scenes/) and the
# inputs kept in tests/fuzz-regressions/. Exits non-zero on any crash, leak, timeout (10 s for
# one input), memory blow-up (2 GiB) or sanitizer report. The input that caused it is left in
# BUILD_DIR/fuzz-artifacts/: reproduce with `BUILD_DIR/fuzz/pmglab_scene_fuzzer FILE`, fix the
# code, and add the file to tests/fuzz-regressions/ so the normal test suite replays it.
set -euo pipefail

build=${1:?usage: fuzz/run-fuzzer.sh BUILD_DIR [SECONDS]}
seconds=${2:-60}
root=$(cd "$(dirname "$0")/.." && pwd)
fuzzer=$build/fuzz/pmglab_scene_fuzzer
corpus=$build/fuzz-corpus
artifacts=$build/fuzz-artifacts
log=$build/fuzz.log

[ -x "$fuzzer" ] || { echo "run-fuzzer: $fuzzer is not built" >&2; exit 2; }
mkdir -p "$corpus" "$artifacts"
rm -f "$artifacts"/*

# Flat names (path with / as _) so that seeds from different folders never collide.
seeds=0
while IFS= read -r -d '' file; do
  rel=${file#"$root"/}
  cp "$file" "$corpus/seed_${rel//\//_}"
  seeds=$((seeds + 1))
done < <(find "$root/assets" "$root/tests/data" "$root/tests/bad-scenes" "$root/tests/fuzz-regressions" \
           -type f \( -name '*.json' -o -path '*/fuzz-regressions/*' -o -name '*.xex' -o -name '*.fnt' -o -name '*.mic' -o -name '*.a8s' -o -name '*.atstate2' -o -name '*.apl' -o -name '*.apm' -o -name '*.spr' -o -name '*.mpl' -o -name '*.msl' \) ! -name README.md -print0 2>/dev/null)

echo "fuzz: $seeds seed files, ${seconds} s, log in $log"
status=0
"$fuzzer" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
  -dict="$root/fuzz/scene.dict" -artifact_prefix="$artifacts/" "$corpus" >"$log" 2>&1 || status=$?

# The numbers worth keeping: the coverage reached (the last status line) and the final stats.
grep -E '^#[0-9]+' "$log" | tail -n 1 || true
grep -E '^stat::(number_of_executed_units|average_exec_per_sec|new_units_added|peak_rss_mb)' "$log" || true
if [ "$status" -ne 0 ] || grep -qE 'ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer)|runtime error:' "$log"; then
  echo "fuzz: FAILED (exit $status); the end of $log:" >&2
  tail -n 60 "$log" >&2
  ls -l "$artifacts" >&2
  exit 1
fi
echo "fuzz: no crash, leak, timeout or sanitizer report"
