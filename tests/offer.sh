#!/bin/sh
# A check's offer of strings rewritten outside the tree (a player's colour,
# a rank, a date, a result) is judged by the rules whose findings they can
# change (engine.h's engine_again, each rule's `reads` in rule.h), and
# that judgement is the whole check's: what a check offers with
# JGFLINT_TEST_AGAIN_WHOLE (every rule run again whole, as before the
# judgement was cut) is what it offers without, on seeded mutations of a
# record (colours, ranks, dates, results, the board, moves' colours and
# points), each in its own shape: the players' colours read in the tree
# (undeclared-color), the board (off-board), two black players
# (duplicate-player-color). Where a rule says it reads less than it does,
# this fails. TAP output.
# Environment: JGFLINT (the binary), TOP_SRCDIR (the source tree),
# JGFLINT_HOOKS (the test program, when make check runs it).
set -u
: "${JGFLINT:?}" "${TOP_SRCDIR:?}"
. "$TOP_SRCDIR/tests/tap.sh"
command -v python3 > /dev/null 2>&1 || skip_all "python3 is not installed"
[ -n "$HOOKED" ] || skip_all "no test program (tests/jgflint-hooks: make check builds it)"
tap_scratch

python3 - "$tmp" << 'EOF'
import json, random, sys
d = sys.argv[1]
random.seed(85)
colors = ["Black", "BLACK", "B", "W", "white", "White", "black", "red", " black", "whtie"]
ranks = ["5d", "5 dan", "5D", "9p", "9 pro", "3k", "3 kyu", "1段", "五段"]
dates = ["2000-11-25", "2000/11/25", "25.11.2000", "2000-11-25,26", "1934.03.28-29"]
results = ["B+R", "b+r", "W+2.5", "Black wins", "W+", "?", "0", "Draw", "B+Resign"]
def record():
    moves = [{"move": {"color": ("black", "white")[i % 2], "x": (3 * i) % 9, "y": (5 * i) % 9}}
             for i in range(12)]
    return {"record": {"format": "JGF", "version": 2},
            "game": {"type": "go", "result": "B+R", "date": "2000-11-25"},
            "event": {"name": "Honinbo"},
            "players": [{"color": "black", "name": "A", "rank": "5d"},
                        {"color": "white", "name": "B", "rank": "3k"}],
            "board": {"size": 9}, "tree": [{}] + moves}
def mutate(r):
    for _ in range(random.randint(1, 4)):
        k, p = random.random(), random.choice(r["players"])
        if k < 0.3:
            p["color"] = random.choice(colors)
        elif k < 0.45:
            p["rank"] = random.choice(ranks)
        elif k < 0.55:
            r["game"]["date"] = random.choice(dates)
        elif k < 0.65:
            r["game"]["result"] = random.choice(results)
        elif k < 0.75:
            r["board"]["size"] = random.choice([9, 5, 19, 13])
        elif k < 0.8:
            r["event"]["name"] = random.choice(["Honinbo", "日本棋院", "Kisei"])
        else:
            m = random.choice(r["tree"][1:])["move"]
            m["color"] = random.choice(colors)
            if random.random() < 0.3:
                m["x"] = random.choice([3, 6, 8, 12])
    return r
for i in range(200):
    open("%s/m%03d.jgf" % (d, i), "w").write(json.dumps(mutate(record()), ensure_ascii=False))
EOF

# Each mutation's check (its offer: fixes marked, the count fixable), with
# and without the switch, safe and with unsafe fixes.
same=0 differ= offered=0 refused=0
for f in "$tmp"/m*.jgf; do
  for args in "--format json" "--format json --unsafe-fixes" "--format concise"; do
    "$HOOKED" --no-config $args "$f" > "$tmp/cut" 2>&1
    JGFLINT_TEST_AGAIN_WHOLE=1 "$HOOKED" --no-config $args "$f" > "$tmp/whole" 2>&1
    if cmp -s "$tmp/cut" "$tmp/whole"; then same=$((same + 1)); else differ="$differ ${f##*/}($args)"; fi
  done
  # strings outside the tree with a fix: offered ([*]) or not
  grep -E '\[(player-color|rank-format|date-format|result-format)\]$' "$tmp/cut" > "$tmp/header"
  offered=$((offered + $(grep -c '\[\*\]' "$tmp/header")))
  refused=$((refused + $(grep -vc '\[\*\]' "$tmp/header")))
done
check "the judgement of strings rewritten outside the tree is the whole check's on 200 mutations ($same runs the same;${differ:- none} differ)" \
  '[ -z "$differ" ]'
check "the mutations hold fixes of strings outside the tree offered ($offered) and not ($refused)" \
  '[ "$offered" -ge 50 ] && [ "$refused" -ge 50 ]'

# checked NAME: the concise check of $tmp/NAME.jgf in $tmp/out, its
# --fix's notes in $tmp/err, the written file $tmp/NAME.fixed (exit
# statuses not asked: 1 on findings).
checked() {
  "$HOOKED" --no-config --format concise "$tmp/$1.jgf" > "$tmp/out" 2>&1
  cp "$tmp/$1.jgf" "$tmp/$1.fixed"
  "$HOOKED" --no-config --fix "$tmp/$1.fixed" > /dev/null 2> "$tmp/err"
  return 0
}
# The players' colours read in the tree: "Black" made "black" makes the
# players valid, and the red move an undeclared colour.
printf '{"record": {"format": "JGF", "version": 2}, "players": [{"color": "Black"}, {"color": "white"}], "tree": [{}, {"move": {"color": "red", "x": 3, "y": 3}}]}\n' > "$tmp/red.jgf"
checked red && grep -q '\[player-color\]$' "$tmp/out" && ! grep -q '\[\*\]' "$tmp/out" &&
  grep -q 'the player-color fix was not applied: it would add a undeclared-color error' "$tmp/err"
check_status $? "a player's colour whose fix makes a move's colour undeclared: not offered, --fix leaves it"
printf '{"record": {"format": "JGF", "version": 2}, "players": [{"color": "Black"}, {"color": "white"}], "tree": [{}, {"move": {"color": "black", "x": 3, "y": 3}}]}\n' > "$tmp/black.jgf"
checked black && grep -q '\[\*\] .*\[player-color\]$' "$tmp/out" &&
  grep -q '"color": "black"}, {"color": "white"' "$tmp/black.fixed"
check_status $? "a player's colour whose fix adds nothing in the tree: offered, --fix writes it"
tap_done
