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
