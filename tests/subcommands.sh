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
tap_done
