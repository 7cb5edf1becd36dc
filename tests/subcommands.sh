#!/bin/sh
# Subcommands after options (issue 37), as ruff takes them: `jgflint
# --no-config check c.jgf`, `jgflint -q check .`, `jgflint -j 2 check`,
# `jgflint --verbose server` and `jgflint rule RULE` (ruff's `rule`, our
# --explain) took the subcommand for a file. A word after `--`, or an
# option's argument, is never a subcommand. TAP output.
# Environment: JGFLINT (the binary), TOP_SRCDIR (the source tree).
. "$TOP_SRCDIR/tests/cli_tap.sh"
copy "$src/examples/clean.jgf" c.jgf
copy "$src/examples/findings.jgf" f.jgf
run "--no-config check c.jgf" 0 --no-config check c.jgf
has "… checks c.jgf" err '^1 file checked: 0 errors'
hasnt "… and no file named check" err 'check: error'
run "-q check . (findings.jgf has errors)" 1 -q check .
has "… checks the directory" out '^f.jgf:'
hasnt "… and no file named check" out 'check:'
run "-j 2 --format concise check f.jgf: options with arguments before it" 1 -j 2 --format concise check f.jgf
has "… checks f.jgf" out '^f.jgf:[0-9]*:[0-9]*: error: '
run "rule rank-format, as ruff's rule" 0 rule rank-format
has "… explains the rule, as --explain" out '^rank-format (players, warning'
copy "$src/examples/clean.jgf" rule
run "./rule: a file named rule is checked as ./rule" 0 --no-config ./rule
has "… it is" err '^1 file checked: 0 errors'
# The server with an option before it: it starts (its log names a message's
# method with --verbose) and exits as it does without shutdown.
printf 'Content-Length: 52\r\n\r\n{"jsonrpc":"2.0","id":1,"method":"shutdown"}        ' > in.lsp
"$JGFLINT" --verbose server < in.lsp > "$tmp/out" 2> "$tmp/err"
has "--verbose server: the server runs, with --verbose" err 'shutdown'
hasnt "… not a check of a file named server" err 'server: error: cannot read'
# What stays a path: after --, and as an option's argument.
mkdir d && copy "$src/examples/clean.jgf" d/game.check
run "-- check: check is a file" 2 -- check
has "… named as one" out 'check: error: cannot read the file'
run "--extensions check d: check is --extensions' argument" 0 --no-config --extensions check d
has "… d/check is read" err '^1 file checked'
# version and help, as ruff's (issue 75: "cannot read the file"): the
# version and a subcommand's --help, whatever files named so the working
# directory holds (ruff's word wins too); such a file is ./version, or
# follows --. Neither takes a PATH: `jgflint *` over a folder holding a
# file named help fails, never passes checking nothing.
"$JGFLINT" --version > version.want
"$JGFLINT" --help > help.want
"$JGFLINT" duplicates --help > dup.want
"$JGFLINT" server --help > server.want
for here in "" "files named version and help here"; do
  if [ -n "$here" ]; then copy "$src/examples/findings.jgf" version; copy "$src/examples/findings.jgf" help; fi
  run "version${here:+, $here}" 0 version
  cmp -s out version.want && ok "… prints what --version prints" || not_ok "… prints what --version prints"
  run "help${here:+, $here}" 0 help
  cmp -s out help.want && ok "… prints what --help prints" || not_ok "… prints what --help prints"
done
run "./version: the file" 1 --no-config ./version
has "… is checked" out '^./version:'
run "-- help: the file" 1 --no-config -- help
has "… is checked" out '^help:'
run "-q help: options before the word" 0 -q help
cmp -s out help.want && ok "… the help" || not_ok "… the help"
run "help check" 0 help check
cmp -s out help.want && ok "… check's --help, jgflint's" || not_ok "… check's --help, jgflint's"
run "help duplicates" 0 help duplicates
cmp -s out dup.want && ok "… what duplicates --help prints" || not_ok "… what duplicates --help prints"
run "help server" 0 help server
cmp -s out server.want && ok "… what server --help prints" || not_ok "… what server --help prints"
run "help nothing: no such subcommand" 2 help nothing
has "… says so, naming them" err "^jgflint help: 'nothing' is not a subcommand (check, rule, duplicates, server, version, help)$"
run "help duplicates server: one subcommand" 2 help duplicates server
has "… says so" err "^jgflint help: takes one subcommand, not 'server' too$"
copy "$src/examples/findings.jgf" a.jgf
run "help a.jgf version (jgflint * where help sorts first): a usage error, not a pass" 2 help a.jgf version
run "version a.jgf: a usage error" 2 version a.jgf
has "… takes no PATH" err "^jgflint version: takes no PATH ('a.jgf')$"
run "check version: after check, version is a file" 1 --no-config check version
has "… checked" out '^version:'
# A first word that names no file and is a slip for a subcommand or an
# option without its dashes: a usage error naming it, where it was a file
# that cannot be read beside a check of the rest (a new user's `jgflint
# fix .`, `jgflint rules`); a word with a '/' or '.', or a file of that
# name, stays a path; `jgflint rule` without RULE says so, not --explain.
for slip in "fix .:--fix" "explain off-board:--explain" "list-rules:--list-rules" "chek .:check" \
            "Check .:check" "duplicate .:duplicates" "hepl:help"; do
  args=${slip%%:*} meant=${slip#*:}
  # shellcheck disable=SC2086
  run "jgflint $args: a usage error" 2 $args
  has "… did you mean '$meant'" err "^jgflint: '${args%% *}' is no file here, nor a subcommand; did you mean '$meant'?$"
  hasnt "… nothing checked" err 'files\{0,1\} checked'
done
run "jgflint rules" 2 rules
has "… did you mean rule, and what lists them" err "did you mean 'rule'? (jgflint rule RULE explains a rule, jgflint --list-rules lists them)$"
run "jgflint games (no such folder, near no word): the file that cannot be read" 2 games
has "… as before" out '^games: error: cannot read the file'
run "jgflint fix.jgf (a name with a dot): a path" 2 fix.jgf
has "… as before" out '^fix.jgf: error: cannot read the file'
copy "$src/examples/clean.jgf" fix
run "a file named fix here: checked" 0 --no-config fix
has "… it is" err '^1 file checked: 0 errors'
run "jgflint rule (no RULE)" 2 rule
has "… says to give one" err "^jgflint rule: give a RULE to explain (jgflint --list-rules lists them)$"
# The server typed at a terminal says what it is and how to end it (a new
# user's `jgflint server` waited in silence), once nothing has come for a
# second; an editor that runs it on a pseudo-terminal (REVIEW.md R21:
# Emacs' default, python's pty.fork in raw mode) and speaks at once reads
# a stream that begins with the first header, as on a pipe.
cat > pty_server.py <<'EOF'
import os, pty, select, sys, time, tty
# pty_server.py JGFLINT editor|person: the server on a pseudo-terminal.
# editor: raw mode, an initialize request written at once; prints the
# first bytes read back. person: nothing typed for 2 s, then Ctrl-D;
# prints what it said and its exit status.
exe, who = sys.argv[1], sys.argv[2]
pid, fd = pty.fork()
if pid == 0:
    os.execv(exe, [exe, "server"])
def read_for(secs):
    got, end = b"", time.time() + secs
    while time.time() < end:
        r, _, _ = select.select([fd], [], [], max(0, end - time.time()))
        if not r:
            break
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            break
        if not chunk:
            break
        got += chunk
    return got
if who == "editor":
    tty.setraw(fd)
    body = b'{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null,"rootUri":null,"capabilities":{}}}'
    os.write(fd, b"Content-Length: %d\r\n\r\n" % len(body) + body)
    got = read_for(5)
    sys.stdout.write(got[:40].decode("utf-8", "replace").replace("\r", "\\r").replace("\n", "\\n") + "\n")
    os.kill(pid, 15)
    os.waitpid(pid, 0)
else:
    got = read_for(2)
    os.write(fd, b"\x04")
    got += read_for(5)
    _, status = os.waitpid(pid, 0)
    sys.stdout.write(got.decode("utf-8", "replace").replace("\r", "") + "exit %d\n" % os.waitstatus_to_exitcode(status))
EOF
if command -v python3 > /dev/null 2>&1 && python3 -c 'import os; os.waitstatus_to_exitcode; os.openpty()' 2> /dev/null; then
  python3 pty_server.py "$JGFLINT" person > "$tmp/out" 2>&1
  has "server at a terminal, nothing typed: says what it is, and Ctrl-D" out "^jgflint server: a Language Server Protocol server, which an editor starts .*Ctrl-D ends it"
  has "… Ctrl-D ends it" out "^exit 1$"
  python3 pty_server.py "$JGFLINT" editor > "$tmp/out" 2>&1
  has "server on a pty, an editor speaking at once: its stream begins with the header" out '^Content-Length: [0-9]*\\r\\n\\r\\n{"jsonrpc"'
else
  skip "server on a pseudo-terminal: no python3 (3.9 or later) or no pseudo-terminal here"
fi
"$JGFLINT" server < /dev/null > "$tmp/out" 2> "$tmp/err"
hasnt "… on a pipe, not" err "Language Server Protocol server, which"
tap_done
