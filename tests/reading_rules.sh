#!/bin/sh
# The readers' rules (sgf-*, sgf-json-*, charset-*: issue 39; gib-, ngf-,
# ugf-, ogs-*): each testdata/rules/ID/fail-* input (SGF, SGF-in-JSON, OGS) converted with
# `--convert --output DIR` names ID, and each pass-* input does not; the
# findings with an id (their line:col, severity, message and id) are the
# golden NAME.expected beside the input; checked where it is (`jgflint
# NAME`: text formats and OGS), it has the same findings and exit status.
# `--update` rewrites those (read their diff by eye). TAP output.
# Environment: JGFLINT (the binary), TOP_SRCDIR (the source tree).
update=no
[ "${1:-}" = --update ] && update=yes
. "$TOP_SRCDIR/tests/cli_tap.sh"
for dir in "$src"/rules/sgf-* "$src"/rules/charset-* "$src"/rules/gib-* "$src"/rules/ngf-* \
           "$src"/rules/ugf-* "$src"/rules/ogs-*; do
  [ -d "$dir" ] || continue
  id=${dir##*/}
  for input in "$dir"/fail-* "$dir"/pass-*; do
    case $input in *.expected|*'*'*) continue ;; esac
    name=${input##*/}
    copy "$input" "$tmp/$name"
    rm -rf "$tmp/records"
    # Exit 1 for a game that is not Go (sgf-not-go); the records go aside.
    "$JGFLINT" --convert --output "$tmp/records" "$name" > "$tmp/out" 2> "$tmp/err"
    status=$?
    grep ' \[[a-z0-9-]*\]$' "$tmp/out" "$tmp/err" -h > "$tmp/found"
    echo "exit: $status" >> "$tmp/found"
    expected=${input%.*}.expected
    case $name in
      fail-*) if grep -q " \\[$id\\]\$" "$tmp/found"; then ok "$id/$name names $id"
              else not_ok "$id/$name names $id"; sed 's/^/# /' "$tmp/found"; fi ;;
      *) if grep -q " \\[$id\\]\$" "$tmp/found"; then not_ok "$id/$name: no $id"; sed 's/^/# /' "$tmp/found"
         else ok "$id/$name: no $id"; fi ;;
    esac
    # Checked where it is (SGF, UGF, GIB, NGF text, OGS), the same findings
    # (the reader's and the record's: --convert gives the reader's first,
    # a check in place sorts them by line).
    "$JGFLINT" --no-config --format concise "$name" > "$tmp/lint.all" 2> /dev/null
    lstatus=$?
    # (the count of what --fix repairs is the check's summary, not a finding)
    # (--convert reads by content and names its record .jgf: what a name
    # promises, misnamed-file, is the check's alone)
    grep -v '^\[\*\] [0-9]* fixable with\|^[0-9]* fixable with\| \[misnamed-file\]$' "$tmp/lint.all" > "$tmp/lint"
    cp "$tmp/found" "$tmp/want"
    case $id/$name in
      *-no-game*/fail-*)
        # A file named for a format that holds none of it (sgf-no-game-tree,
        # gib-, ngf-, ugf-no-game): the same finding, but --convert has
        # nothing to convert (exit 2, in the expected findings) where the
        # check finds an error (exit 1).
        if [ $lstatus -eq 1 ]; then ok "$id/$name: checked in place, exit 1"
        else not_ok "$id/$name: checked in place, exit $lstatus, want 1"; fi
        grep -v '^exit: ' "$tmp/found" > "$tmp/want" ;;
      *) if grep -q ' \[misnamed-file\]$' "$tmp/lint.all"; then
           # Named for another format (an SGF in a .ngf): the check's error
           # beside the same findings, the record's status --convert's
           if [ $lstatus -eq 1 ]; then ok "$id/$name: misnamed, exit 1 in place"
           else not_ok "$id/$name: misnamed, exit $lstatus in place, want 1"; fi
           grep '^exit: ' "$tmp/found" >> "$tmp/lint"
         else echo "exit: $lstatus" >> "$tmp/lint"; fi ;;
    esac
    sort "$tmp/lint" > "$tmp/lint-sorted"
    if sort "$tmp/want" | cmp -s - "$tmp/lint-sorted"; then
      ok "$id/$name: checked in place, the same"
    else not_ok "$id/$name: checked in place, the same"; diff "$tmp/want" "$tmp/lint" | sed 's/^/# /'; fi
    if [ $update = yes ]; then
      cp "$tmp/found" "$expected"
      ok "$id/$name (updated)"
    elif [ -f "$expected" ] && cmp -s "$tmp/found" "$expected"; then
      ok "$id/$name: its findings, at their line:col"
    else
      not_ok "$id/$name: its findings, at their line:col"
      [ -f "$expected" ] && diff -u "$expected" "$tmp/found" | sed 's/^/# /'
    fi
  done
done
tap_done
