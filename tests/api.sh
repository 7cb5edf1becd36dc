#!/bin/sh
# The library and the program are one pipeline: on every record of
# testdata/ and the shared samples, jgf_result_report gives byte for byte
# what `jgflint --format FORMAT NAME` prints, jgf_lint(JGF_FIX) the text
# `jgflint --fix -` writes (safe and unsafe), jgf_result_diff what
# `jgflint --diff -q` prints, and jgf_convert the records
# and messages of `jgflint --convert`. TAP.
# Environment: JGFLINT (the binary), TOP_SRCDIR (the source tree).
set -u
: "${JGFLINT:?}" "${TOP_SRCDIR:?}"
tool=$(dirname "$JGFLINT")/tests/unit/api_tool
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
. "$TOP_SRCDIR/tests/tap.sh"
if ! [ -x "$tool" ]; then echo "1..0 # SKIP no $tool"; exit 0; fi
# Under a sanitizer every fifth file: the plain build checks them all.
step=1
sanitized && step=5
cd "$TOP_SRCDIR" || exit 1
shared=$TOP_SRCDIR/../shared/samples

# Each comparison: the program's output in $tmp/cli/K, the library's in
# $tmp/lib/K (K counted from 100001), the library's run queued (lib FILE
# ARGS...) for one api_tool batch of the lot; compare WHAT names it;
# result runs the batch and compares them all (one diff -r).
k=100000 checked=0
mkdir "$tmp/cli" "$tmp/lib" && : > "$tmp/batch" && : > "$tmp/labels" && : > "$tmp/sarif" || exit 1
next() { k=$((k + 1)); cli=$tmp/cli/$k; }
lib() {
  line="$1	$tmp/lib/$k"; shift
  for a; do line="$line	$a"; done
  printf '%s\n' "$line" >> "$tmp/batch"
}
compare() { checked=$((checked + 1)); printf '%s %s\n' "$k" "$1" >> "$tmp/labels"; }
result() {
  "$tool" batch < "$tmp/batch" 2> /dev/null
  # The rule pages aside: the program links the pages beside it in its
  # build directory, the library only pages installed or configured
  # (jgflint.h: it cannot know where its caller was built), so the one
  # may have a helpUri where the other has none (and no comma before it).
  [ ! -s "$tmp/sarif" ] || (cd "$tmp" && xargs sed -i -e '/"helpUri": /d' -e 's/,$//' < sarif)
  bad=$(diff -rq "$tmp/cli" "$tmp/lib" | tee "$tmp/diffs" | wc -l)
  if [ "$bad" -eq 0 ] && [ "$checked" -gt 0 ]; then ok "$1 ($checked compared)"
  else
    first=$(sed -n '1s/.*\([0-9]\{6\}\).*/\1/p' "$tmp/diffs")
    not_ok "$1: $bad of $checked differ, first $(sed -n "s/^$first //p" "$tmp/labels")"
    diff "$tmp/cli/$first" "$tmp/lib/$first" | head -10 | sed 's/^/# /'
  fi
  rm -rf "${tmp:?}/cli" "${tmp:?}/lib" && mkdir "$tmp/cli" "$tmp/lib" &&
    : > "$tmp/batch" && : > "$tmp/labels" && : > "$tmp/sarif"
  checked=0
}

# File names may hold spaces: one per line, read back with read -r.
(find testdata -name '*.jgf' -o -name '*.json'; find "$shared" -name '*.jgf' 2> /dev/null) |
  sort | awk -v s=$step 'NR % s == 0' > "$tmp/files"
while IFS= read -r f; do
  for format in json concise; do
    next
    "$JGFLINT" --no-config --format $format "$f" > "$cli" 2> /dev/null
    lib "$f" report $format "$f"
    compare "$format $f"
  done
done < "$tmp/files"
result "jgf_result_report json and concise are jgflint --format json and concise"

# A buffer named .jgf (the page's documents, the editor's) that holds
# another format: foreign-format, as the program says of such a file, and
# its games checked; named for its format, checked without it (issue 47).
for f in testdata/rules/foreign-format/fail-sgf-text-findings.jgf testdata/rules/foreign-format/fail-ogs.jgf; do
  for name in game.jgf game.JGF game.sgf game.json; do
    "$tool" report concise "$name" < "$f" > "$tmp/ff" 2> /dev/null
    found=$(grep -c '^game\.[a-zA-Z]*:1:1: error: this is an .*, not JGF, in a file named \.[jJ][gG][fF]: .*\[foreign-format\]$' "$tmp/ff")
    case $name in *.jgf|*.JGF) want=1 ;; *) want=0 ;; esac
    case $f in *findings*) grep -q '\[result-komi\]$' "$tmp/ff" || found=no ;; esac
    if [ "$found" = "$want" ]; then ok "jgf_lint of ${f##*/} named $name: $want foreign-format"
    else not_ok "jgf_lint of ${f##*/} named $name: $found foreign-format, want $want"; sed 's/^/# /' "$tmp/ff"; fi
  done
done

i=0
while IFS= read -r f; do
  i=$((i + 1))
  [ $((i % 5)) -eq 0 ] || continue
  for format in sarif gitlab github text junit checkstyle rdjson html; do
    next
    "$JGFLINT" --no-config --color never --format $format "$f" > "$cli" 2> /dev/null
    lib "$f" report $format "$f"
    [ $format = sarif ] && printf 'cli/%s\nlib/%s\n' "$k" "$k" >> "$tmp/sarif"   # see result
    compare "$format $f"
  done
done < "$tmp/files"
result "… and sarif, gitlab, github, text, junit, checkstyle, rdjson and html, on every fifth file"

while IFS= read -r f; do
  for unsafe in "" --unsafe; do
    next
    "$JGFLINT" --no-config --stdin-filename "$f" --fix ${unsafe:+--unsafe-fixes} - < "$f" > "$tmp/cli/$k" 2> /dev/null
    lib "$f" fix $unsafe "$f"
    compare "fix$unsafe $f"
  done
done < "$tmp/files"
result "jgf_lint(JGF_FIX) writes what jgflint --fix - writes, safe and unsafe"

i=0
while IFS= read -r f; do
  i=$((i + 1))
  [ $((i % 3)) -eq 0 ] || continue
  for unsafe in "" --unsafe; do
    next
    "$JGFLINT" --no-config --diff -q ${unsafe:+--unsafe-fixes} "$f" > "$cli" 2> /dev/null
    lib "$f" diff $unsafe "$f"
    compare "diff$unsafe $f"
  done
done < "$tmp/files"
result "jgf_result_diff is what jgflint --diff -q prints, safe and unsafe, on every third file"

# convert_same FILE OPTIONS COMMAND...: jgflint --convert OPTIONS and
# api_tool COMMAND on a copy of FILE each (in $tmp/c$k and $tmp/l$k),
# their records, names, messages and status compared.
convert_same() {
  f=$1 opts=$2
  shift 2
  next
  c=$tmp/c$k l=$tmp/l$k lib=$tmp/lib/$k
  mkdir "$c" "$l" || exit 1
  base=${f##*/}
  case $f in /*) path=$f ;; *) path=$TOP_SRCDIR/$f ;; esac
  cp "$f" "$c/$base"
  # shellcheck disable=SC2086
  (cd "$c" && exec "$JGFLINT" --convert $opts "$base" > "$tmp/cli.msg" 2>&1)
  status=$?
  rm "$c/$base"
  (cd "$l" && "$tool" "$@" "$base" . < "$path" > "$lib" 2>&1 ||
    [ $? = "$status" ] || echo "status differs" >> "$lib")
  # The lines about writing, and the run's closing summary, are the CLI's own.
  grep -v ': \(wrote\|converted to\) \|^[0-9]* files\{0,1\} read, ' "$tmp/cli.msg" > "$cli"
  records "$c" >> "$cli" 2> /dev/null
  records "$l" >> "$lib" 2> /dev/null
}
# records DIR: the names of the files in DIR (ls -1), then their bytes.
records() {
  d=$1
  ls -1 "$d"
  set --
  for r in "$d"/*; do [ -f "$r" ] && set -- "$@" "$r"; done
  [ $# -eq 0 ] || cat "$@"
}

# (and the files named for a format they hold nothing of: their *-no-game
# finding; under a sanitizer every fifth, as above: tests/convert.sh runs
# the program's --convert on each there)
i=0
for f in testdata/convert/* testdata/rules/*-no-game*/fail-* \
         $(find "$shared/sgf" "$shared/ugf" "$shared/gib" "$shared/ngf" "$shared/sgfgrove" -type f 2> /dev/null); do
  [ -f "$f" ] || continue
  case $f in *.expected) continue ;; esac
  i=$((i + 1))
  [ $((i % step)) -eq 0 ] || continue
  convert_same "$f" "" convert
  compare "convert $f"
done
result "jgf_convert gives the records, names, messages and status of jgflint --convert"

# --to sgf of JGF records: the record's findings, reported as a check does,
# and what SGF cannot hold (issue 47: the library reported neither finding).
i=0
for f in testdata/examples/*.jgf testdata/sgfout/*.jgf testdata/rules/seki-pre4-variations/fail-*.jgf \
         testdata/rules/occupied-point/fail-*.jgf testdata/rules/result-format/fail-*.jgf; do
  [ -f "$f" ] || continue
  i=$((i + 1))
  [ $((i % step)) -eq 0 ] || continue
  convert_same "$f" "--no-config --to sgf" convert-to sgf
  compare "convert --to sgf $f"
done
result "jgf_convert_to(..., \"sgf\") of JGF records: the findings, notes, record and status of jgflint --convert --to sgf"

echo "1..$n"
[ "$failed" -eq 0 ]
