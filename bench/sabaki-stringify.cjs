// @sabaki/sgf's stringify of the games of SGF files, for bench/sabaki.sh:
// the files are parsed first (not timed) into @sabaki/sgf's game trees, then
// each file's trees are stringified, and with OUT_DIR written to a new file
// of their own (as jgflint --to sgf makes a file a record), PASSES times
// over. Before each pass (not timed) the files of the pass before are
// deleted, as sabaki.sh deletes jgflint's before each of its runs: every
// pass makes its files as jgflint does, none rewrites a file that exists
// (rewriting one costs no new inode, which is most of the system's time of
// making them). The CPU time of the passes alone (process.cpuUsage: user +
// system) is printed, in seconds: the first pass (the JIT cold, as a
// process that writes them once), the median of the others (warm) and
// their best, with the bytes made. A benchmark's helper, not part of
// jgflint.
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
const times = [];
let bytes = 0;
for (let pass = 0; pass < passes; pass++) {
  if (out !== '-') {
    fs.rmSync(out, { recursive: true, force: true });
    fs.mkdirSync(out);
  }
  const start = process.cpuUsage();
  bytes = 0;
  trees.forEach((t, i) => {
    const text = sgf.stringify(t);
    bytes += text.length;
    if (out !== '-')
      fs.writeFileSync(path.join(out, `${i}.sgf`), text);
  });
  const used = process.cpuUsage(start);
  times.push((used.user + used.system) / 1e6);
}
const warm = times.slice(1).sort((a, b) => a - b);
const median = warm.length % 2 ? warm[(warm.length - 1) / 2] :
  (warm[warm.length / 2 - 1] + warm[warm.length / 2]) / 2;
console.log(`${times[0].toFixed(4)} ${median.toFixed(4)} ${warm[0].toFixed(4)} ${bytes}`);
