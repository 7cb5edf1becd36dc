#!/bin/sh
# `jgflint server` in Emacs through Eglot (Debian 12: emacs-nox with
# elpa-eglot; Emacs 29 has Eglot built in), in batch mode: diagnostics on a
# record with astral characters before its findings land on the right
# characters, and fix-all writes what jgflint --fix writes. Skipped when
# Emacs or Eglot is not installed. TAP output. Environment: JGFLINT, TOP_SRCDIR.
set -u
: "${JGFLINT:?}" "${TOP_SRCDIR:?}"
. "$TOP_SRCDIR/tests/tap.sh"
if ! command -v emacs > /dev/null 2>&1; then
  echo "1..0 # SKIP emacs is not installed (apt-get install emacs-nox elpa-eglot)"; exit 0
fi
if ! command -v python3 > /dev/null 2>&1; then
  echo "1..0 # SKIP python3 is not installed"; exit 0
fi
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
TAP_LOGS="$tmp/log $tmp/cmp"
mkdir "$tmp/home"
if ! HOME=$tmp/home emacs --batch -Q --eval '(progn (let ((elpa "/usr/share/emacs/site-lisp/elpa")) (when (file-directory-p elpa) (dolist (d (directory-files elpa t "^[a-z]")) (add-to-list (quote load-path) d)))) (require (quote eglot)))' > /dev/null 2>&1; then
  echo "1..0 # SKIP Eglot is not installed (apt-get install elpa-eglot, or Emacs 29)"; exit 0
fi
rec=$tmp/game.jgf
printf '{\n  "record": {"format": "JGF", "version": "2.0.0"},\n  "game": {"name": "\360\237\230\200 x", "result": "B+Resign"},\n  "players": [{"color": "black", "name": "\360\237\216\262", "rank": "3 kyu"}, {"color": "white"}],\n  "tree": [{}]\n}\n' > "$rec"
cp "$rec" "$tmp/original.jgf"
"$JGFLINT" --fix - < "$rec" > "$tmp/fixed.jgf" 2> /dev/null
"$JGFLINT" --format json "$rec" > "$tmp/cli.json" 2> /dev/null
LANG=C.UTF-8 HOME=$tmp/home JGFLINT=$JGFLINT RECORD=$rec timeout 120 emacs --batch -Q -l "$TOP_SRCDIR/tests/eglot.el" > "$tmp/log" 2>&1
check "Emacs ran the script to its end" 'grep -q "^saved" "$tmp/log"'
# Flymake's positions (characters from 1) are the CLI's line:column.
python3 - "$tmp/cli.json" "$tmp/original.jgf" "$tmp/log" > "$tmp/cmp" <<'PY'
import json, sys
cli = json.load(open(sys.argv[1]))["diagnostics"]
text = open(sys.argv[2], encoding="utf-8").read()
lines = text.split("\n")
def pos(line, col):
    return sum(len(l) + 1 for l in lines[:line - 1]) + col
want = sorted((pos(d["line"], d["column"]), pos(d["endLine"], d["endColumn"]), d["rule"]) for d in cli)
got = sorted((int(l.split()[1]), int(l.split()[2]), l.rsplit("[", 1)[1].split("]")[0])
             for l in open(sys.argv[3]) if l.startswith("diag "))
print("same" if got == want else "got %s want %s" % (got, want))
PY
check "Flymake shows each finding on its value's characters" 'grep -qx same "$tmp/cmp"' || sed 's/^/# /' "$tmp/cmp"
check "fix-all saved byte for byte what jgflint --fix writes" 'cmp -s "$rec" "$tmp/fixed.jgf"'
echo "1..$n"
[ "$failed" -eq 0 ]
