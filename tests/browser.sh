# Sourced by the tests that drive Debian's chromium with puppeteer-core
# (tests/web.sh, tests/html.sh), after they define browser_skip WHY: finds what they
# need, or skips with what is missing. Sets chromium (CHROMIUM, default
# /usr/bin/chromium) and pdir, where node_modules/puppeteer-core is
# (PUPPETEER_DIR, default ${XDG_CACHE_HOME:-$HOME/.cache}/jgflint-web-test;
# `npm install --prefix DIR puppeteer-core@24` puts it there).
chromium=${CHROMIUM:-/usr/bin/chromium}
[ -x "$chromium" ] || browser_skip "no chromium at $chromium (apt-get install chromium)"
command -v node > /dev/null 2>&1 || browser_skip "node not found (apt-get install nodejs)"
command -v python3 > /dev/null 2>&1 || browser_skip "python3 not found"
pdir=${PUPPETEER_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/jgflint-web-test}
[ -f "$pdir/node_modules/puppeteer-core/package.json" ] ||
  browser_skip "puppeteer-core not in $pdir (npm install --prefix $pdir puppeteer-core@24)"
