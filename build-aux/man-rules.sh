#!/bin/sh
# Rewrites the RULES section of a man page (between `.SH RULES` and the next
# `.SH`) from `jgflint --list-rules`: one .TP entry per rule, by id.
# Usage: man-rules.sh JGFLINT MANPAGE
set -e
jgflint=$1 man=$2
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
"$jgflint" --list-rules | sort | awk '
  BEGIN { print ".SH RULES"; print "Rule ids are stable: a published id is never renamed or reused."
          print "Each is explained by \\fBjgflint \\-\\-explain\\fR \\fIRULE\\fR." }
  { id = $1; cat = $2; sev = $3; fix = $4; $1 = $2 = $3 = $4 = ""; sub(/^ +/, "")
    gsub(/-/, "\\-", id); gsub(/\\/, "\\e"); gsub(/-/, "\\-"); gsub(/×/, "\\(mu")
    fix = fix == "-" ? "" : ", " fix " fix"
    print ".TP"; print ".B " id; print "(" sev ", " cat fix ") " $0 }' > "$tmp.rules"
awk -v rules="$tmp.rules" '
  /^\.SH RULES/ { while ((getline line < rules) > 0) print line; skip = 1; next }
  /^\.SH / { skip = 0 }
  !skip' "$man" > "$tmp"
rm -f "$tmp.rules"
cat "$tmp" > "$man"
