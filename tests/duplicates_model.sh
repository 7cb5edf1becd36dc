#!/bin/sh
# jgflint duplicates: one model of "the same game" (issue 72), a case each
# of what it must group, keep and claim: setup as the position it makes,
# never a copy with an illegal move kept.
. "${TOP_SRCDIR:?}/tests/cli_tap.sh"
if ! command -v python3 > /dev/null; then echo "1..0 # SKIP python3 missing"; exit 0; fi
. "$TOP_SRCDIR/tests/json_check.sh"
gen() { python3 "$TOP_SRCDIR/tests/duplicates_gen.py" game "$@"; }
rel='lambda f: [m for g in r["groups"] for m in g["games"] if m["path"].endswith(f)][0]'

# Setup on the main line is the position it makes: AW[jj]AB[kk] after
# move 10 is AB[kk]AW[jj], and an AE on an empty point is none (the key
# followed the text: two games).
mkdir setup
# node N TEXT: a node TEXT before move N of the game on standard input
node() { python3 -c "
import re, sys
s = sys.stdin.read()
i = [m.start() for m in re.finditer(r';[BW]\\[', s)][int(sys.argv[1]) - 1]
sys.stdout.write(s[:i] + ';' + sys.argv[2] + s[i:])" "$@"; }
gen 41 | node 11 'AW[jc]AB[kd]' > setup/a.sgf
gen 41 | node 11 'AB[kd]AW[jc]' > setup/b.sgf
gen 41 | node 11 'AW[jc]AB[kd]AE[ss]' > setup/c.sgf
gen 41 --sym 3 | node 11 'AB[ip]AW[jq]' > setup/turned.sgf
[ "$(grep -c 'AW\[jc\]AB\[kd\];' setup/a.sgf)" = 1 ] && ! grep -q 'ss\]' setup/a.sgf && ok "setup: planted" || not_ok "setup: planted"
run "setup in another order" 1 duplicates --format json setup
json_check "setup in another order, an AE on an empty point, turned: identical" "len(r['groups']) == 1 and r['groups'][0]['class'] == 'identical' and len(r['groups'][0]['games']) == 4"
gen 41 | node 11 'AB[jc]AW[kd]' > setup/other.sgf
run "other setup" 1 duplicates --format json setup/a.sgf setup/other.sgf
json_check "other setup: not identical" "len(r['groups']) == 1 and r['groups'][0]['class'] == 'near'"

# A copy with an illegal move (on a point a stone holds) is never kept
# where a copy without one is: it was kept as the first read, or for its
# comments.
mkdir illegal
gen 42 | sed 's/C\[[^]]*\]//' > illegal/b-legal.sgf
python3 - > illegal/a-illegal.sgf <<'EOF_PY'
import re, subprocess, sys
s = subprocess.run([sys.executable, "%s/tests/duplicates_gen.py" % __import__("os").environ["TOP_SRCDIR"],
                    "game", "42"], capture_output=True, text=True).stdout
moves = re.findall(r";([BW])\[(..)\]", s)
# move 60 on the point of move 41
i = [m.start() for m in re.finditer(r";[BW]\[..\]", s)][59]
s = s[:i + 3] + moves[40][1] + s[i + 5:]
s = s.replace(";B[", ";C[a comment]B[", 1)
print(s, end="")
EOF_PY
run "an illegal copy" 1 duplicates --format json illegal
json_check "the legal copy kept, the illegal one's move named" "r['groups'][0]['keep'].endswith('b-legal.sgf') and ($rel)('a-illegal.sgf')['illegal'] == 60 and 'illegal' not in ($rel)('b-legal.sgf') and r['groups'][0]['why'].startswith('its main line has no illegal move')"
run "an illegal copy, text" 1 duplicates illegal
has "text: the illegal move named" out 'a-illegal.sgf: near.*; move 60 illegal'
tap_done
