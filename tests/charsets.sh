#!/bin/sh
# Character-set detection of --convert on SGF files without CA, measured
# by bench/charsets.py on records of real names, events, results and
# comments in Japanese (Shift_JIS, EUC-JP), Korean (EUC-KR), Chinese
# (GB2312, GBK, Big5) and Western languages (ISO-8859-1): every language
# must be detected right in at least 95% of the records with a header or
# comments (measured: 100%; two names alone: 94-100%). TAP output.
# Environment: JGFLINT (the binary), TOP_SRCDIR (the source tree).
set -u
: "${JGFLINT:?}" "${TOP_SRCDIR:?}"
cd "$TOP_SRCDIR" || exit 1
out=$(python3 bench/charsets.py --jgflint "$JGFLINT" --per 30 --min 0.95)
status=$?
echo "$out" | sed 's/^/# /'
if [ "$status" -eq 0 ]; then echo "ok 1 - every language detected in 95% of its records or more"
else echo "not ok 1 - every language detected in 95% of its records or more"; fi
echo "1..1"
[ "$status" -eq 0 ]
