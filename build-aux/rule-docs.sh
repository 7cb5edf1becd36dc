#!/bin/sh
# The rule pages, from `jgflint --list-rules` and `jgflint --explain RULE`
# (the text without its closing "Page" section, the link to the page itself):
#
#   rule-docs.sh JGFLINT DIR
#     one Markdown page per rule (DIR/RULE.md) and an index (DIR/README.md):
#     docs/rules/ in the repository (make rule-docs);
#   rule-docs.sh --html [--playground URL] JGFLINT DIR
#     one HTML page per rule (DIR/RULE.html), an index (DIR/index.html) and
#     their style sheet (DIR/style.css): what make install puts in
#     DOCDIR/rules and the site in rules/, where --explain, SARIF's helpUri
#     and the editor server link (configure --with-rule-docs-url). With a
#     playground (the site's: ../index.html), each example that is a record,
#     or one once put in a tree, links to it there (a share link, web/share.js)
#     when the playground shows what the example says: the rule's finding
#     for an example of Fails, none for one of Passes (JGFLINT checks each
#     first). Relative links only: the pages work from any folder.
#
# In the explanation, a section title is an unindented line; a line that starts
# with a JSON bracket, or is indented four spaces or more, is an example (a
# code block), unless it continues a list item, and so is one that starts
# with a JSON member ("key": ) and continues no paragraph; any other
# indented line is prose. An example that is not JSON (an SGF, GIB, NGF or
# UGF record, a shell session) is indented four spaces; each is a code
# block (<pre><code>) less the indentation its lines share.
set -e
html= playground=
while [ $# -gt 2 ]; do
  case $1 in
    --html) html=1; shift ;;
    --playground) playground=$2; shift 2 ;;
    *) break ;;
  esac
done
[ $# -eq 2 ] || { echo "usage: rule-docs.sh [--html [--playground URL]] JGFLINT DIR" >&2; exit 2; }
jgflint=$1 dir=$2
case $jgflint in */*) jgflint=$(cd "$(dirname "$jgflint")" && pwd)/${jgflint##*/} ;; esac
here=$(cd "$(dirname "$0")" && pwd)
list=$("$jgflint" --list-rules | sort)
ids=$(echo "$list" | awk '{print $1}')
mkdir -p "$dir"

# --explain RULE without its "Page" section (the link to this page).
explain() {
  "$jgflint" --explain "$1" | awk '
    /^Page$/ { page = 1 } !page { line[++n] = $0 }
    END { while (n > 0 && line[n] == "") n--; for (i = 1; i <= n; i++) print line[i] }'
}

# Reads an explanation; prints Markdown (fmt=md) or the HTML of the page's
# <main> (fmt=html). In HTML, each example of a code block (a JSON value
# standing alone, or values a comma joins) is written to EX/ID.K.C.jgf, one
# file per way of making it a record (C), and the page gets a mark
# "@@EX ID K LABEL NAME SECTION@@" where its link goes. The HTML leaves out
# the end tags and the line ends between blocks that HTML lets it (a
# paragraph's, an item's, a cell's; the site's budget: 11 KB over the pages).
blocks='
# An example (a code block) as the page shows it: its lines less the
# indentation they all share (an SGF, GIB... example is indented four
# spaces in the explanation, a JSON one two).
function dedent(a, n,    i, m) {
  m = -1
  for (i = 1; i <= n; i++) if (a[i] != "") { match(a[i], /^ */); if (m < 0 || RLENGTH < m) m = RLENGTH }
  if (m > 0) for (i = 1; i <= n; i++) a[i] = substr(a[i], m + 1)
}
function close_code(    i) {
  if (!code) return
  dedent(pre, npre); print "```"
  for (i = 1; i <= npre; i++) print pre[i]
  print "```"; code = 0
}
# Text escaped for HTML (a > in text needs no escape).
function esc(s) { gsub(/&/, "\\&amp;", s); gsub(/</, "\\&lt;", s); return s }
# Escaped prose with `code` spans and "see RULE" linked to its page.
function inline(s,    out, w) {
  s = esc(s); out = ""
  while (match(s, /`[^`]+`/)) {
    out = out substr(s, 1, RSTART - 1) "<code>" substr(s, RSTART + 1, RLENGTH - 2) "</code>"
    s = substr(s, RSTART + RLENGTH)
  }
  s = out s; out = ""
  while (match(s, /see [a-z0-9-]+[a-z0-9]/)) {
    w = substr(s, RSTART + 4, RLENGTH - 4)
    out = out substr(s, 1, RSTART + 3)
    out = out (index(" " ids " ", " " w " ") ? "<a href=" w ".html>" w "</a>" : w)
    s = substr(s, RSTART + RLENGTH)
  }
  return out s
}
function flush_text() { if (text != "") { printf "%s", inline(text); text = "" } }
function close_block(    i) {
  flush_text()
  if (blk == "ul") printf "</ul>"
  else if (blk == "pre") {
    dedent(pre, npre); printf "<pre><code>"
    for (i = 1; i <= npre; i++) printf "%s%s", esc(pre[i]), i < npre ? "\n" : ""
    printf "</code></pre>"
    if (section ~ /^(Fails|Passes)$/) examples()
  }
  else if (blk == "table") table()
  blk = ""
}
# The table just closed (row[1..nrow], as Markdown writes one: its first
# row the header when a row of dashes follows it), without the end tags
# HTML lets a cell and a row leave out (the budget of the site).
function table(    r, i, n, c, tag) {
  printf "<table>"
  for (r = 1; r <= nrow; r++) {
    if (r == 2 && row[2] ~ /^\|( *:?-+:? *\|)+ *$/) continue
    tag = r == 1 && nrow > 1 && row[2] ~ /^\|( *:?-+:? *\|)+ *$/ ? "th" : "td"
    n = cells(row[r], c); printf "<tr>"
    for (i = 1; i <= n; i++) printf "<%s>%s", tag, inline(c[i])
  }
  printf "</table>"
}
# The cells of a row "| a | b |" into C (a `\|` is a `|` of its cell).
function cells(s, c,    n, i) {
  gsub(/\\\|/, "\001", s); sub(/^\| */, "", s); sub(/ *\| *$/, "", s)
  n = split(s, c, / *\| */)
  for (i = 1; i <= n; i++) gsub(/\001/, "|", c[i])
  return n
}
# The examples of the code block just closed (pre[1..npre]).
function examples(    t, i, c, n, depth, str, bs, start, kind, seq, u, units, ukind, useq) {
  t = ""
  for (i = 1; i <= npre; i++) t = t pre[i] "\n"
  n = length(t); depth = 0; str = 0; units = 0; start = 0
  for (i = 1; i <= n; i++) {
    c = substr(t, i, 1)
    if (str) { if (bs) bs = 0; else if (c == "\\") bs = 1; else if (c == "\"") str = 0; continue }
    if (c == "\"" && (depth > 0 || start)) { str = 1; continue }
    if (depth == 0 && !start) {
      if (c == "{" || c == "[") { start = i; kind = c == "{" ? "object" : "array"; seq = 0 }
      else if (c == "\"" && match(substr(t, i), /^"[A-Za-z]+"[ \n]*:[ \n]*[[{]/)) {
        start = i; kind = "member"; seq = 0; i += RLENGTH - 2; continue
      } else continue
    }
    if (c == "{" || c == "[") depth++
    else if (c == "}" || c == "]") {
      if (--depth > 0) continue
      # A value ends: another follows after a comma, or the example ends.
      if (match(substr(t, i + 1), /^[ \n]*,[ \n]*[[{]/)) { seq = 1; i += RLENGTH - 1; continue }
      u = substr(t, start, i - start + 1); start = 0
      if (u ~ /\.\.\.|\342\200\246/) continue
      units++; unit[units] = u; ukind[units] = kind; useq[units] = seq
    }
  }
  for (u = 1; u <= units; u++) {
    nex++
    name = id "-" tolower(section) (nsec[section] > 1 || units > 1 ? "-" u : "")
    file = ex "/" id "." nex
    t = unit[u]
    if (ukind[u] == "member") { cand(file, 1, "{ " t " }"); cand(file, 2, "{ \"tree\": [ {}, { " t " } ] }") }
    else if (useq[u]) cand(file, 1, "{ \"tree\": [ {}, " t " ] }")
    else if (ukind[u] == "array") { cand(file, 1, t); cand(file, 2, "{ \"tree\": " t " }") }
    else { cand(file, 1, t); cand(file, 2, "{ \"tree\": [ {}, " t " ] }") }
    printf "@@EX %s %s %s %s %s@@", id, nex, (units > 1 ? u : 0), name, section
  }
}
function cand(file, c, t) { printf "%s\n", t > (file "." c ".jgf"); close(file "." c ".jgf") }
NR == 1 {
  t = $0; id = t; sub(/ .*/, "", id); sub(/^[^ ]* \(/, "", t); sub(/\)$/, "", t)
  if (fmt == "md") { print "# " id; print ""; print "*" t "*" }
  else printf "<h1>%s</h1><p class=meta>%s", id, esc(t)
  next
}
/^$/ { blank = 1; item = 0; fresh = 1; next }
/^[^ ]/ && NR > 3 {
  fresh = 1
  if (fmt == "md") { close_code(); print ""; print "## " $0; blank = 1; next }
  close_block(); section = $0; nsec[section]++
  printf "<h2>%s</h2>", esc($0); blank = 0; next
}
{
  line = $0; sub(/^  /, "", line)
  is_code = (line ~ /^  / && !item) || line ~ /^[[{}\]]/ ||
            (line ~ /^"[A-Za-z]+": / && (fresh || was_code))
  # A row of a Markdown table, as the Markdown pages write it.
  is_row = !is_code && !item && line ~ /^\|.*\| *$/
  fresh = 0; was_code = is_code
  if (!is_code && item && line !~ /^(- |  )/) blank = 1   # a paragraph after a list
  if (!is_code) { start_item = line ~ /^- /; item = start_item || (item && line ~ /^  /) }
  if (fmt == "md") {
    if (code && !is_code) close_code()
    if (blank) { if (code) pre[++npre] = ""; else print ""; blank = 0 }
    if (is_code) { if (!code) { code = 1; npre = 0 }; pre[++npre] = line; next }
    print line
    next
  }
  if (is_row) {
    if (blk != "table" || blank) { close_block(); blk = "table"; nrow = 0 }
    row[++nrow] = line
  } else if (is_code) {
    if (blk != "pre") { close_block(); blk = "pre"; npre = 0 }
    else if (blank) pre[++npre] = ""
    pre[++npre] = line
  } else if (start_item) {
    if (blk == "ul") flush_text(); else { close_block(); printf "<ul>"; blk = "ul" }
    printf "<li>"; text = substr(line, 3)
  } else if (item && blk == "ul") {
    sub(/^ +/, "", line); text = text "\n" line
  } else if (blk != "p" || blank) {
    close_block(); printf "<p>"; blk = "p"; text = line
  } else text = text "\n" line
  blank = 0
}
END { if (fmt == "md") close_code(); else close_block() }'

if [ -z "$html" ]; then
  {
    echo "# jgflint rules"
    echo
    echo "Rule ids are stable: a published id is never renamed or reused."
    echo "\`jgflint --explain RULE\` shows the same text as these pages."
    echo
    echo "| rule | category | severity | fix | summary |"
    echo "|---|---|---|---|---|"
    echo "$list" | awk '{
      id = $1; cat = $2; sev = $3; fix = $4; $1 = $2 = $3 = $4 = ""; sub(/^ +/, "")
      gsub(/\|/, "\\|")
      printf "| [%s](%s.md) | %s | %s | %s | %s |\n", id, id, cat, sev, fix == "-" ? "" : fix, $0 }'
  } > "$dir/README.md"
  for id in $ids; do
    explain "$id" | awk -v fmt=md "$blocks" > "$dir/$id.md"
  done
  exit 0
fi

# ---- HTML ----
version=$("$jgflint" --version | sed -n '1s/^jgflint //p')
ex=$(mktemp -d)
trap 'rm -rf "$ex"' EXIT
nav=
# The playground's address unquoted where HTML lets it (302 bytes of the site).
case $playground in
  '' | *[\ \"\'=\<\>\`]*) [ -z "$playground" ] || nav=" · <a href=\"$playground\">playground</a>" ;;
  *) nav=" · <a href=$playground>playground</a>" ;;
esac
# The page around a <main>: TITLE, then the main's HTML on standard input;
# without the tags HTML lets a page leave out (<head>, <body> and their
# ends, </html>), the quotes of attributes that need none (5 KB of the
# site's budget over its pages) and the line ends between the head's tags.
page() {
  cat <<EOF
<!DOCTYPE html><html lang=en><meta charset=utf-8><meta name=viewport content="width=device-width, initial-scale=1"><title>$1</title><link rel=stylesheet href=style.css>
<nav><a href=index.html>jgflint rules</a>$nav</nav>
<main>
EOF
  cat
  cat <<EOF
</main>
<footer>jgflint $version${2:+ · $2}</footer>
EOF
}
for id in $ids; do
  summary=$(echo "$list" | awk -v id="$id" '$1 == id { $1 = $2 = $3 = $4 = ""; sub(/^ +/, ""); print }' |
            sed 's/&/\&amp;/g; s/</\&lt;/g')
  explain "$id" | awk -v fmt=html -v ids="$ids" -v ex="$ex" "$blocks" |
    page "$id: $summary · jgflint" "the text of <code>jgflint --explain $id</code>" > "$dir/$id.html"
done
{
  echo "<h1>jgflint rules</h1>"
  echo "<p>Rule ids are stable: a published id is never renamed or reused."
  echo "<code>jgflint --explain RULE</code> shows the same text as these pages."
  echo "<table class=rules>"
  echo "<tr><th>rule<th>category<th>severity<th>fix<th>summary"
  echo "$list" | sed 's/&/\&amp;/g; s/</\&lt;/g' | awk '{
    id = $1; cat = $2; sev = $3; fix = $4; $1 = $2 = $3 = $4 = ""; sub(/^ +/, "")
    printf "<tr><td><a href=%s.html>%s</a><td>%s<td>%s<td>%s<td>%s\n", id, id, cat, sev, fix == "-" ? "" : fix, $0 }'
  echo "</table>"
} | page "jgflint rules" > "$dir/index.html"
cp "$here/../docs/rule-pages.css" "$dir/style.css"

# The examples: each gets the first of its records that shows what its
# section says, checked by JGFLINT in one run over all of them: a failing
# one the rule's finding, a passing one (when a failing one of the rule
# opens) neither it nor a syntax error.
links=$ex/links.sed
: > "$links"
if [ -n "$playground" ] && ls "$ex"/*.jgf > /dev/null 2>&1; then
  (cd "$ex" && "$jgflint" --no-config --format concise -- *.jgf > findings 2> /dev/null) || :
  for f in "$dir"/*.html; do
    grep -o '@@EX [^@]*@@' "$f" | sed 's/^@@EX \(.*\)@@$/\1/'
  done | { shown=; while read -r id k n name section; do
    pick=
    for c in "$ex/$id.$k".*.jgf; do
      base=${c##*/}
      fires=$(grep -c "^$base:.*\[$id\]\$" "$ex/findings" || :)
      broken=$(grep -c "^$base:.*\[json-syntax\]\$" "$ex/findings" || :)
      case $section in
        Fails) [ "$fires" -gt 0 ] && { pick=$c; shown="$shown $id "; break; } ;;
        # Only beside a failing example the playground shows.
        Passes) [ "$fires" -eq 0 ] && [ "$broken" -eq 0 ] && case $shown in *" $id "*) pick=$c; break ;; esac ;;
      esac
    done
    pattern="@@EX $id $k [^@]*@@"
    if [ -z "$pick" ]; then
      echo "s/$pattern//" >> "$links"
      continue
    fi
    header="{\"name\":\"$name.jgf\",\"settings\":null}"
    hash=$({ printf '\000\000\000'; printf "\\$(printf %03o ${#header})"; printf '%s' "$header"; cat "$pick"; } |
           base64 -w 0 | tr '+/' '-_' | tr -d '=')
    label="Open in the playground"
    [ "$n" -gt 0 ] && label="Open example $n in the playground"
    echo "s|$pattern|<p class=open><a href=\"$playground#share=1n$hash\">$label</a>|" >> "$links"
  done; }
fi
echo 's/@@EX [^@]*@@//g' >> "$links"
for f in "$dir"/*.html; do
  sed -f "$links" "$f" > "$f.tmp" && mv "$f.tmp" "$f"
done
