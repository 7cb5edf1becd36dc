#!/bin/sh
# A rule id beats its category, and a category beats "all", whatever their
# order (issue 37): in a configuration's "severity", a JSON object whose
# keys have no order, {"same-color-twice": "error", "go": "info"} made the
# rule info and the other order error; on the command line too. Among
# equals, the last given wins. The README and the man page say so, and that
# a record holds no inline suppression. TAP output.
# Environment: JGFLINT (the binary), TOP_SRCDIR (the source tree).
. "$TOP_SRCDIR/tests/cli_tap.sh"
mkdir a b
copy "$src/rules/same-color-twice/fail-burst.jgf" a/g.jgf
copy "$src/rules/same-color-twice/fail-burst.jgf" b/g.jgf
printf '{"severity": {"same-color-twice": "error", "go": "info"}}\n' > a/.jgflint.json
printf '{"severity": {"go": "info", "same-color-twice": "error"}}\n' > b/.jgflint.json
for d in a b; do
  run "$d: $(cat $d/.jgflint.json)" 1 --format concise $d/g.jgf
  has "… same-color-twice is an error" out ': error: .*\[same-color-twice\]'
  hasnt "… and never info" out ': info: .*\[same-color-twice\]'
done
run "--severity same-color-twice=error --severity go=info" 1 --no-config --format concise \
  --severity same-color-twice=error --severity go=info a/g.jgf
has "… same-color-twice is an error" out ': error: .*\[same-color-twice\]'
run "--severity go=error --severity all=info: the category beats all" 1 --no-config --format concise \
  --severity go=error --severity all=info a/g.jgf
has "… same-color-twice is an error" out ': error: .*\[same-color-twice\]'
run "--severity go=info --severity go=error: the last of equals" 1 --no-config --format concise \
  --severity go=info --severity go=error a/g.jgf
has "… same-color-twice is an error" out ': error: .*\[same-color-twice\]'
# Both documented, with the choice about inline suppression (none in the
# record; per-path-ignores instead).
for doc in README.md man/jgflint.1; do
  tr '\n' ' ' < "$TOP_SRCDIR/$doc" | sed 's/\\-/-/g; s/\\f[BIR]//g' > "$tmp/doc"
  has "$doc: a rule id beats its category whatever their order" doc 'a rule id beats its category'
  has "$doc: no inline suppression, and per-path-ignores instead" doc 'There is no inline suppression.*per-path-ignores'
done
tap_done
