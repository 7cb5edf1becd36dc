#!/bin/sh
# CLI tests: exit statuses, standard input, I/O failures, the summary line,
# --help/--version/--list-rules/--explain, and that the man page lists
# exactly the rules the program has. TAP output.
# Environment: JGFLINT (the binary), TOP_SRCDIR (the source tree).
set -u
: "${JGFLINT:?}" "${TOP_SRCDIR:?}"
cd "$TOP_SRCDIR" || exit 1
. "$TOP_SRCDIR/tests/tap.sh"
tap_scratch
TAP_LOGS="$tmp/out $tmp/err"   # a failed check shows what was printed

# expect NAME FILE TEXT: FILE (out or err) equals TEXT exactly.
expect() {
  if [ -n "$3" ]; then printf '%s\n' "$3"; fi > "$tmp/want"
  if cmp -s "$tmp/want" "$tmp/$2"; then
    ok "$1"
  else
    TAP_LOGS='' && not_ok "$1"
    TAP_LOGS="$tmp/out $tmp/err"
    diff -u "$tmp/want" "$tmp/$2" | sed 's/^/# /'
  fi
}

clean=testdata/examples/clean.jgf
bad=testdata/json/trailing-comma-object.jgf
warn=testdata/json/bom.jgf

exits "a clean file exits 0" 0 "$JGFLINT" "$clean"
expect "a clean file prints nothing" out ""
expect "summary on stderr" err "1 file checked: 0 errors, 0 warnings, 0 infos"
exits "warnings alone exit 0" 0 "$JGFLINT" "$warn"
exits "an error exits 1" 1 "$JGFLINT" "$clean" "$bad" "$warn"
expect "summary counts every file" err "3 files checked: 1 error, 1 warning, 0 infos"
exits "standard input is read for -" 1 sh -c '"$JGFLINT" - < "$1"' sh "$bad"
expect "standard input is reported as <stdin>" out \
  "<stdin>:12:18: error: [*] trailing comma before \`}\`; remove the comma [json-syntax]
[*] 1 fixable with \`--fix\`"

exits "a missing file exits 2, after checking the others" 2 "$JGFLINT" "$bad" "$tmp/missing.jgf" "$clean"
expect "a missing file gets the OS reason" out \
"testdata/json/trailing-comma-object.jgf:12:18: error: [*] trailing comma before \`}\`; remove the comma [json-syntax]
$tmp/missing.jgf: error: cannot read the file: No such file or directory [io-error]
[*] 1 fixable with \`--fix\`"
expect "unreadable files are not counted as checked" err "2 files checked: 2 errors, 0 warnings, 0 infos"
mkdir "$tmp/unreadable-dir" && chmod 000 "$tmp/unreadable-dir"
if ls "$tmp/unreadable-dir" > /dev/null 2>&1; then
  skip "unreadable directory: running as root"
else
  exits "an unreadable directory exits 2" 2 "$JGFLINT" "$tmp/unreadable-dir"
fi
chmod 755 "$tmp/unreadable-dir"
cp "$clean" "$tmp/locked.jgf" && chmod 000 "$tmp/locked.jgf"
if cat "$tmp/locked.jgf" > /dev/null 2>&1; then
  skip "unreadable file: running as root, permissions do not apply"
else
  exits "an unreadable file exits 2" 2 "$JGFLINT" "$tmp/locked.jgf"
  expect "an unreadable file gets the OS reason" out "$tmp/locked.jgf: error: cannot read the file: Permission denied [io-error]"
fi
cp "$clean" "$tmp/line
break.jgf"
exits "a control character in a path stays on one line" 0 "$JGFLINT" "$tmp/line
break.jgf"

exits "no arguments is a usage error" 2 "$JGFLINT"
exits "an unknown option is a usage error" 2 "$JGFLINT" --no-such-option "$clean"
exits "--help exits 0" 0 "$JGFLINT" --help
if grep -q '^Usage: jgflint' "$tmp/out" && grep -q -- '--explain RULE' "$tmp/out"; then
  ok "--help shows the usage and the options"
else
  not_ok "--help shows the usage and the options"
fi
exits "--version exits 0" 0 "$JGFLINT" --version
if grep -q '^jgflint [0-9]' "$tmp/out"; then ok "--version names the version"
else not_ok "--version names the version"; fi
exits "--explain of an unknown rule exits 2" 2 "$JGFLINT" --explain no-such-rule
exits "--explain json-syntax exits 0" 0 "$JGFLINT" --explain json-syntax
if head -1 "$tmp/out" | grep -q '^json-syntax (json, error[,)]' && grep -q '^Fails' "$tmp/out" && grep -q '^Passes' "$tmp/out"; then
  ok "--explain shows the header and both examples"
else not_ok "--explain shows the header and both examples"; fi

# Every rule has an explanation, and man/jgflint.1's RULES section is what
# build-aux/man-rules.sh makes of --list-rules today (each rule's id,
# severity, category, fix and summary): `make man-rules` after changing one.
exits "--list-rules exits 0" 0 "$JGFLINT" --list-rules
awk '{print $1}' "$tmp/out" | sort > "$tmp/rules"
cp man/jgflint.1 "$tmp/man.1"
sh "$TOP_SRCDIR/build-aux/man-rules.sh" "$JGFLINT" "$tmp/man.1"
if [ -s "$tmp/rules" ] && cmp -s man/jgflint.1 "$tmp/man.1"; then
  ok "the man page's RULES section is the rules of --list-rules, summaries and all"
else
  not_ok "the man page's RULES section is the rules of --list-rules, summaries and all (make man-rules)"
  diff man/jgflint.1 "$tmp/man.1" | head -20 | sed 's/^/# /'
fi
# docs/rules/ (the pages SARIF's helpUri names) is what build-aux/rule-docs.sh
# makes of the rule table today: `make rule-docs` after changing a rule's text.
sh "$TOP_SRCDIR/build-aux/rule-docs.sh" "$JGFLINT" "$tmp/docs"
if [ "$(ls "$tmp/docs" | wc -l)" -eq "$(($(wc -l < "$tmp/rules") + 1))" ] &&
   diff -r "$tmp/docs" docs/rules > "$tmp/docs.diff"; then
  ok "docs/rules has one current page per rule and the index (make rule-docs)"
else
  not_ok "docs/rules has one current page per rule and the index (make rule-docs)"
  head -20 "$tmp/docs.diff" | sed 's/^/# /'
fi
for id in $(cat "$tmp/rules"); do
  exits "--explain $id" 0 "$JGFLINT" --explain "$id"
done

tap_done
