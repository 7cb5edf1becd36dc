#!/bin/sh
# The html report of a large run, measured (a benchmark, not a test: no
# number makes it fail; see bench/README.md): N records (default 10,000),
# copies of testdata's records taken in turn (the go rules' fixtures give
# boards), checked in one run with --format html; the page's size (and
# gzip -9's), jgflint's time, and headless Chromium's time to open it from
# file:// (until the load event, median of the runs) and to lay all of it
# out (scrolled to its end once).
#
# Usage: bench/html-report.sh [--jgflint PATH] [--records N] [--runs N] [--from DIR]
#   --from DIR   take the records from DIR (default testdata; testdata/boards
#                and the go rules' fixtures copied into one give a board for
#                most findings)
# Needs what tests/html.sh needs: chromium, node, puppeteer-core
# (PUPPETEER_DIR, default ${XDG_CACHE_HOME:-$HOME/.cache}/jgflint-web-test).
set -eu

here=$(cd "$(dirname "$0")" && pwd)
top=$(dirname "$here")
jgflint=${JGFLINT:-./jgflint}
records=10000
runs=3
from=$top/testdata
while [ $# -gt 0 ]; do
  case $1 in
  --jgflint) jgflint=${2:?}; shift 2 ;;
  --records) records=${2:?}; shift 2 ;;
  --runs) runs=${2:?}; shift 2 ;;
  --from) from=${2:?}; shift 2 ;;
  -h | --help) sed -n '2,15s/^# \{0,1\}//p' "$0"; exit 0 ;;
  *) echo "html-report.sh: unknown argument: $1" >&2; exit 2 ;;
  esac
done
chromium=${CHROMIUM:-/usr/bin/chromium}
pdir=${PUPPETEER_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/jgflint-web-test}
[ -x "$chromium" ] || { echo "html-report.sh: no chromium at $chromium" >&2; exit 2; }
[ -f "$pdir/node_modules/puppeteer-core/package.json" ] ||
  { echo "html-report.sh: no puppeteer-core in $pdir" >&2; exit 2; }
jgflint=$(cd "$(dirname "$jgflint")" && pwd)/$(basename "$jgflint")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

mkdir "$tmp/records"
find "$from" -name '*.jgf' | sort > "$tmp/sources"
awk -v n="$records" -v dir="$tmp/records" '{ src[NR] = $0 }
  END { for (i = 0; i < n; i++) printf "%s\t%s/%05d.jgf\n", src[i % NR + 1], dir, i }' "$tmp/sources" |
  while IFS='	' read -r from to; do cp "$from" "$to"; done

t0=$(date +%s.%N)
status=0
"$jgflint" --no-config --format html="$tmp/report.html" "$tmp/records" > /dev/null 2>&1 || status=$?
t1=$(date +%s.%N)
[ $status -le 1 ] || { echo "html-report.sh: jgflint exited $status" >&2; exit 2; }
size=$(wc -c < "$tmp/report.html")
gz=$(gzip -9 < "$tmp/report.html" | wc -c)
findings=$(grep -c '^<div class="d ' "$tmp/report.html" || true)
boards=$(grep -c '<svg class=b ' "$tmp/report.html" || true)
echo "records: $records; findings: $findings; boards: $boards"
echo "page: $size bytes ($gz with gzip -9)"
awk -v a="$t0" -v b="$t1" 'BEGIN { printf "jgflint: %.2f s\n", b - a }'

cat > "$tmp/open.cjs" <<'JS'
'use strict';
const path = require('path');
const puppeteer = require(path.join(process.env.PUPPETEER_DIR, 'node_modules', 'puppeteer-core'));
(async () => {
  const loads = [], layouts = [];
  for (let i = 0; i < Number(process.env.RUNS); i++) {
    const browser = await puppeteer.launch({ executablePath: process.env.CHROMIUM, headless: true,
      args: ['--no-sandbox'] });
    const page = await browser.newPage();
    await page.setViewport({ width: 1200, height: 900 });
    const t0 = Date.now();
    await page.goto('file://' + process.env.REPORT, { waitUntil: 'load', timeout: 300000 });
    loads.push(Date.now() - t0);
    const t1 = Date.now();
    await page.evaluate(() => new Promise((done) => {
      window.scrollTo(0, document.documentElement.scrollHeight);
      requestAnimationFrame(() => requestAnimationFrame(done));
    }));
    layouts.push(Date.now() - t1);
    await browser.close();
  }
  const median = (a) => a.slice().sort((x, y) => x - y)[a.length >> 1];
  console.log(`chromium: load event after ${median(loads)} ms (runs: ${loads.join(', ')}); ` +
    `scrolled to the end after ${median(layouts)} ms more (runs: ${layouts.join(', ')})`);
})().catch((e) => { console.error(String(e)); process.exit(1); });
JS
CHROMIUM=$chromium PUPPETEER_DIR=$pdir REPORT=$tmp/report.html RUNS=$runs node "$tmp/open.cjs"
