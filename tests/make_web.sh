#!/bin/sh
# `make web` says what it misses and fails (issue 53): in a tree not
# configured yet (a fresh clone before ./setup.sh: GNUmakefile, as web/ is
# a folder make would call up to date) and in a configured one without
# emscripten on PATH (Makefile.am's web-tools, before anything is built).
# Environment: TOP_SRCDIR (the source tree), TOP_BUILDDIR (a configured one).
. "$TOP_SRCDIR/tests/cli_tap.sh"
make=$(command -v make) || skip_all "no make"
mkdir bin && ln -s "$make" bin/make
quiet_make() { env -i PATH="$tmp/bin" HOME="$tmp" make "$@" > "$tmp/out" 2> "$tmp/err"; }

# A fresh clone: no Makefile, a web/ folder.
mkdir -p clone/web clone/.git && cp "$TOP_SRCDIR/GNUmakefile" clone/
quiet_make -C clone web; status=$?
check "make web before configure fails" '[ "$status" = 2 ]'
has "… says the tree is not configured" err "no Makefile here: this tree is not configured yet"
has "… and what to run" err "Run ./setup.sh"
has "… or, by hand" err "or ./autogen.sh && ./configure, then make web"
hasnt "… not 'Nothing to be done'" err "Nothing to be done"
quiet_make -C clone; status=$?
check "make alone before configure fails too" '[ "$status" = 2 ] && grep -q "then make all" "$tmp/err"'
# Nothing to clean before configure: Debian's dh_auto_clean runs `make
# distclean` in the unpacked tarball (make release failed there).
for goal in distclean clean maintainer-clean; do
  quiet_make -C clone $goal; status=$?
  check "make $goal before configure succeeds, quietly" '[ "$status" = 0 ] && [ ! -s "$tmp/err" ] && [ ! -s "$tmp/out" ]'
done
quiet_make -C clone clean web; status=$?
check "make clean web before configure fails for web" '[ "$status" = 2 ] && grep -q "then make web\.\$" "$tmp/err"'
rm -r clone/.git
quiet_make -C clone web; status=$?
check "an unpacked tarball: ./configure" '[ "$status" = 2 ] && grep -q "Run ./configure, then make web" "$tmp/err"'

# web/build.sh's budget (issue 74): the site fails over its budget and
# with less than 5% of it free, and passes at 5% free to the byte. A module
# of 1,000 bytes stands for emscripten's (the page's own files as they ship).
acorn_path=
for d in /usr/share/nodejs /usr/lib/nodejs; do [ -d "$d/acorn" ] && { acorn_path=$d; break; }; done
if ! command -v node > /dev/null || ! command -v perl > /dev/null || [ -z "$acorn_path" ]; then
  skip "web/build.sh's budget: needs node, perl and acorn (node-acorn)"
else
  mkdir wasm && head -c 1000 /dev/zero > wasm/jgflint-wasm.wasm && echo 'export default 0;' > wasm/jgflint-wasm.js
  build() { WEB_BUDGET_BYTES=$1 NODE_PATH=$acorn_path sh "$TOP_SRCDIR/web/build.sh" wasm site > "$tmp/out" 2> "$tmp/err"; }
  build 100000000; status=$?
  total=$(sed -n 's/.* files, \([0-9]*\) bytes (budget.*/\1/p' "$tmp/out")
  check "web/build.sh: the site within its budget, more than 5% free" '[ "$status" = 0 ] && [ -n "$total" ] && [ ! -s "$tmp/err" ]'
  # The least budget of which 5% is free: 20 * (budget - total) >= budget.
  least=$(((20 * total + 18) / 19))
  build "$least"; status=$?
  check "… a budget with 5% free (to the byte) passes" '[ "$status" = 0 ]'
  build $((least - 1)); status=$?
  check "… a byte less fails" '[ "$status" = 2 ]'
  has "… saying how much is free, and the most the site may be" err "site is $total bytes: $((least - 1 - total)) of the budget of $((least - 1)) free, less than 5% ($((least - 1 - (least + 18) / 20)) bytes at most)$"
  build $((total - 1)); status=$?
  check "… over the budget fails" '[ "$status" = 2 ]'
  has "… saying so" err "site is $total bytes, over the budget of $((total - 1))$"
fi

# A configured tree, emscripten missing: said before anything is built.
[ -f "$TOP_BUILDDIR/Makefile" ] || skip_all "no configured tree"
quiet_make -C "$TOP_BUILDDIR" web; status=$?
check "make web without emcc fails" '[ "$status" = 2 ]'
has "… names emcc and emscripten" err "make web: emcc not found: the page is compiled with emscripten"
hasnt "… before building anything" out "deps.sh\|wasm.sh"
printf '#!/bin/sh\nexit 0\n' > bin/emcc && chmod +x bin/emcc
quiet_make -C "$TOP_BUILDDIR" web-tools; status=$?
check "… and with emcc on PATH, the check passes" '[ "$status" = 0 ] && [ ! -s "$tmp/err" ]'
tap_done
