#!/bin/sh
# The playground page (web/) in a real browser: Debian's chromium, headless,
# driven by puppeteer-core (tests/web_driver.cjs) against web/dist served by
# `python3 -m http.server` on a free port of 127.0.0.1. TAP output.
#
# Checks that window.jgflint gives the CLI's results ($JGFLINT: --format
# json, --fix, --convert, --explain) on every file of testdata/ and of the
# shared samples, the page's flows (paste, a click on a finding, fix and
# download, convert, records in Shift_JIS, EUC-KR, GB2312… shown as
# --convert reads them, the findings and a rule's explanation both in view
# at 1280x800 and 800x600, a share link, an 8 MB record), the board (read
# back from the DOM against window.jgflint.position: a go finding clicked,
# stepping, variations, a stone clicked, a cut-off 13x9 board; a page
# without the position API fails), the page's edges (a record with a 10 MB
# line opened and edited, a 1 MB record pasted, an 8 MB record's board
# stepped: the worker's work, never the page's thread's; its long tasks
# are noted, their times bench/web.sh's; no horizontal scroll at
# 375 px; the example on a first visit; a reload keeps the records; one
# finding's fix; ignore a rule; file://), that no request leaves 127.0.0.1,
# and writes screenshots (light and dark) to WEB_ARTEFACTS. About 90 s.
# WEB_CHECKS=api,fresh,charsets,ui,big,board,long,edges runs only those groups.
#
# Environment: JGFLINT, TOP_SRCDIR (as every test); optional
#   WEB_DIST        the site to test (default: web/dist of the build
#                   directory, else of TOP_SRCDIR)
#   CHROMIUM        the browser (default /usr/bin/chromium)
#   PUPPETEER_DIR   where node_modules/puppeteer-core is (default
#                   ${XDG_CACHE_HOME:-$HOME/.cache}/jgflint-web-test;
#                   `npm install --prefix DIR puppeteer-core@24` puts it there)
#   WEB_ARTEFACTS   where screenshots go (default ./web-artefacts)
#   JGF_SAMPLES     the shared samples (default TOP_SRCDIR/../shared/samples)
#   WEB_LATE_BOARD  set: the board's answers drawn at the pointer's next
#                   move, late as under load (finds a click that races them)
# Skips (1..0 # SKIP) when chromium, node, puppeteer-core, python3 or the
# built site is missing, and under a sanitizer build.
set -u
: "${JGFLINT:?}" "${TOP_SRCDIR:?}"

browser_skip() { echo "1..0 # SKIP $1"; exit 0; }

# The page is the same whatever the native build's sanitizer: its run under
# a sanitizer build would check nothing new and take minutes.
. "$TOP_SRCDIR/tests/sanitized.sh"
sanitized && browser_skip "a sanitizer build (the page does not change with it)"

. "$TOP_SRCDIR/tests/browser.sh"
dist=${WEB_DIST:-}
if [ -z "$dist" ]; then
  for d in ./web/dist "$TOP_SRCDIR/web/dist"; do
    [ -f "$d/index.html" ] && { dist=$d; break; }
  done
fi
if [ -z "$dist" ] || ! [ -f "$dist/index.html" ] || ! [ -f "$dist/jgflint-wasm.wasm" ]; then
  browser_skip "the page is not built (make web, or WEB_DIST=DIR)"
fi
dist=$(cd "$dist" && pwd)
artefacts=${WEB_ARTEFACTS:-$(pwd)/web-artefacts}
mkdir -p "$artefacts"
artefacts=$(cd "$artefacts" && pwd)

tmp=$(mktemp -d) || exit 1
server=
cleanup() {
  [ -n "$server" ] && kill "$server" 2> /dev/null
  rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

# A free port (the kernel's choice), then the server on it.
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 -m http.server "$port" --bind 127.0.0.1 --directory "$dist" > "$tmp/http.log" 2>&1 &
server=$!

CHROMIUM=$chromium PUPPETEER_DIR=$pdir WEB_URL="http://127.0.0.1:$port/"
WEB_DIST_DIR=$dist WEB_ARTEFACTS=$artefacts WEB_TMP=$tmp JGF_SAMPLES=${JGF_SAMPLES:-$TOP_SRCDIR/../shared/samples}
export JGFLINT TOP_SRCDIR CHROMIUM PUPPETEER_DIR WEB_URL WEB_DIST_DIR WEB_ARTEFACTS WEB_TMP JGF_SAMPLES
echo "# screenshots in $artefacts"
node "$TOP_SRCDIR/tests/web_driver.cjs"
