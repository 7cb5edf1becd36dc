#!/bin/sh
# What a CI run says of a failed libFuzzer run: what the target and the
# sanitizers wrote (the harness's reason and both reads, the stack), not
# libFuzzer's progress lines, which a tail of the log was made of while the
# reason scrolled away; then each input it saved, in base64 when it is
# small enough to paste back (a CI log is all there is of another machine).
# Usage: build-aux/fuzz-log.sh LOG ARTIFACT-DIR   (.ci/run, tests/cilog.sh)
log=$1 art=$2
grep -v -E '^#[0-9]+[[:space:]]|^INFO: |^[[:space:]]*NEW_FUNC|^stat::' "$log" | head -200
for f in "$art"/*; do
  [ -f "$f" ] || continue
  size=$(wc -c < "$f")
  if [ "$size" -le 65536 ]; then
    echo "the input, $(basename "$f") ($size bytes), in base64 (base64 -d > FILE):"
    base64 "$f"
  else
    echo "the input, $(basename "$f") ($size bytes): too large to print"
  fi
done
