// @sabaki/sgf's stringify of the games of SGF files, for bench/sabaki.sh:
// the files are parsed first (not timed) into @sabaki/sgf's game trees, then
// each file's trees are stringified, and with OUT_DIR written to a file of
// their own (as jgflint --to sgf writes a record a file), PASSES times
// over; the CPU time of that alone (process.cpuUsage: user + system) is
// printed, in seconds, for the first pass (the JIT cold, as a process that
// writes them once) and the best (warm), with the bytes made. A
// benchmark's helper, not part of jgflint.
// Usage: node sabaki-stringify.cjs SABAKI_DIR OUT_DIR|- PASSES FILE.sgf...
// (SABAKI_DIR holds node_modules/@sabaki/sgf)
'use strict';
const fs = require('fs');
const path = require('path');
const sgf = require(path.join(process.argv[2], 'node_modules', '@sabaki', 'sgf'));
const out = process.argv[3];
const passes = Number(process.argv[4]);
const files = process.argv.slice(5);
const trees = files.map(f => sgf.parseFile(f));
let first = 0, best = Infinity, bytes = 0;
for (let pass = 0; pass < passes; pass++) {
  const start = process.cpuUsage();
  bytes = 0;
  trees.forEach((t, i) => {
    const text = sgf.stringify(t);
    bytes += text.length;
    if (out !== '-')
      fs.writeFileSync(path.join(out, `${i}.sgf`), text);
  });
  const used = process.cpuUsage(start);
  const s = (used.user + used.system) / 1e6;
  if (!pass)
    first = s;
  best = Math.min(best, s);
}
console.log(`${first.toFixed(4)} ${best.toFixed(4)} ${bytes}`);
