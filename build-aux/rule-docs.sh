#!/bin/sh
# Writes one Markdown page per rule (DIR/RULE.md) and an index (DIR/README.md)
# from `jgflint --list-rules` and `jgflint --explain RULE`. These pages are
# what SARIF's helpUri points at (configure --with-rule-docs-url).
# In the explanation, a section title is an unindented line; a line that starts
# with a JSON bracket or is indented four spaces or more is an example
# (a code block), unless it continues a list item; any other indented line
# is prose.
# Usage: rule-docs.sh JGFLINT DIR
set -e
jgflint=$1 dir=$2
mkdir -p "$dir"
{
  echo "# jgflint rules"
  echo
  echo "Rule ids are stable: a published id is never renamed or reused."
  echo "\`jgflint --explain RULE\` shows the same text as these pages."
  echo
  echo "| rule | category | severity | fix | summary |"
  echo "|---|---|---|---|---|"
  "$jgflint" --list-rules | sort | awk '{
    id = $1; cat = $2; sev = $3; fix = $4; $1 = $2 = $3 = $4 = ""; sub(/^ +/, "")
    gsub(/\|/, "\\|")
    printf "| [%s](%s.md) | %s | %s | %s | %s |\n", id, id, cat, sev, fix == "-" ? "" : fix, $0 }'
} > "$dir/README.md"
for id in $("$jgflint" --list-rules | awk '{print $1}' | sort); do
  "$jgflint" --explain "$id" | awk '
    function close_code() { if (code) { print "```"; code = 0 } }
    NR == 1 { t = $0; id = t; sub(/ .*/, "", id); sub(/^[^ ]* \(/, "", t); sub(/\)$/, "", t)
              print "# " id; print ""; print "*" t "*"; next }
    /^$/ { blank = 1; item = 0; next }
    /^[^ ]/ && NR > 3 { close_code(); print ""; print "## " $0; blank = 1; next }
    {
      line = $0; sub(/^  /, "", line)
      is_code = (line ~ /^  / && !item) || line ~ /^[[{}\]]/
      if (!is_code && item && line !~ /^(- |  )/) blank = 1   # a paragraph after a list
      if (!is_code) item = line ~ /^- / || (item && line ~ /^  /)
      if (code && !is_code) close_code()
      if (blank) { print ""; blank = 0 }
      if (is_code && !code) { print "```"; code = 1 }
      print line
    }
    END { close_code() }' > "$dir/$id.md"
done
