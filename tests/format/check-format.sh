#!/usr/bin/env bash
# The code style check of `./lab test`: every C++ file of the project must be as
# clang-format-14 would write it under the repository's .clang-format. Prints the first
# differences of each file that is not, and how to fix them.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
format=${CLANG_FORMAT:-clang-format-14}
if ! command -v "$format" >/dev/null 2>&1; then
  echo "check-format: $format not found (./lab installs the Debian package clang-format-14)" >&2
  exit 1
fi
mapfile -t files < <(find src tests bench fuzz -type f \( -name '*.cpp' -o -name '*.h' -o -name '*.inl' \) | sort)
bad=0
for f in "${files[@]}"; do
  if ! "$format" --style=file --dry-run --Werror "$f" >/dev/null 2>&1; then
    bad=$((bad + 1))
    echo "check-format: $f is not formatted; the first differences:" >&2
    diff <("$format" --style=file "$f") "$f" | head -12 >&2 || true
  fi
done
if [ "$bad" -ne 0 ]; then
  echo "check-format: $bad of ${#files[@]} files differ from .clang-format; fix with: $format -i FILE" >&2
  exit 1
fi
echo "check-format: ${#files[@]} files follow .clang-format"
