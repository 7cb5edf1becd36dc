// The npm package as installed (node_modules/jgflint of the working
// directory) against the native program: run by tests/npm.sh where the
// package was installed, in a root with Node alone and the native program
// (JGFLINT) copied in beside it. Prints "ok NAME" or "not ok NAME" then
// "# DETAIL" lines, one check a line; tests/npm.sh numbers them (TAP).
//
// - the library, import (ES module) and require (CommonJS): lint() is
//   `jgflint --format json NAME`, fix() the bytes --fix (--unsafe-fixes)
//   writes, convertReport() the records, messages and status of --convert,
//   explain() --explain's text, rules() --list-rules, on every record of
//   DATA (testdata/ and the shared samples);
// - the program, `npx jgflint ARGS…`: stdout, stderr and exit status byte
//   for byte those of JGFLINT, run in DATA on the same arguments (lint in
//   every format, --fix and --convert on copies, whose files must also be
//   the same), the base of the rule pages' addresses aside when the two
//   differ (the package names the pages it carries: NPM_BASE).
// Environment: JGFLINT, DATA, NATIVE_BASE, NPM_BASE.
import * as esm from 'jgflint';
import jgflintDefault from 'jgflint';
import { createRequire } from 'node:module';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const cjs = createRequire(import.meta.url)('jgflint');
const { JGFLINT, DATA, NATIVE_BASE, NPM_BASE } = process.env;
const SCRATCH = path.join(DATA, '..', 'scratch');
fs.mkdirSync(SCRATCH, { recursive: true });

function ok(good, name, detail = '') {
  console.log(`${good ? 'ok' : 'not ok'} ${name}`);
  if (!good && detail) for (const l of String(detail).split('\n').slice(0, 12)) console.log(`# ${l}`);
}

function walk(dir, out = []) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walk(p, out);
    else if (e.isFile()) out.push(p);
  }
  return out;
}

const native = (args, { cwd = DATA, input, env } = {}) =>
  spawnSync(JGFLINT, args, { cwd, input, env: env || process.env, maxBuffer: 1 << 30 });
const npx = (args, { cwd = DATA, input, env } = {}) =>
  spawnSync('npx', ['jgflint', ...args], { cwd, input, env: env || process.env, maxBuffer: 1 << 30 });

// The records: every .jgf file, as jgflint names it from DATA.
const records = walk(DATA).filter((f) => /\.jgf$/i.test(f)).map((f) => path.relative(DATA, f));
const sources = walk(DATA).filter((f) => /\.(sgf|ugf|ugi|gib|ngf)$/i.test(f) ||
  /convert\/.*\.json$|sgfgrove\/.*\.json$/.test(f)).map((f) => path.relative(DATA, f));
console.log(`# ${records.length} records and ${sources.length} files to convert in ${DATA}`);

// ---- The library ----------------------------------------------------------------
const names = ['version', 'lint', 'lintDetailed', 'fix', 'convert', 'convertReport', 'explain', 'rules', 'position', 'SettingsError'];
ok(names.every((n) => esm[n] !== undefined && jgflintDefault[n] !== undefined && cjs[n] !== undefined),
  `import { ${names.join(', ')} } from "jgflint", its default export and require("jgflint") have them all`,
  names.filter((n) => esm[n] === undefined || cjs[n] === undefined).join(', '));
const nativeVersion = native(['--version']).stdout.toString().trim();
ok(`jgflint ${esm.version}` === nativeVersion && cjs.version === esm.version,
  `version is the program's (${nativeVersion})`, `${esm.version} ${cjs.version}`);

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
const badLint = [], badCjs = [];
for (const name of records) {
  const bytes = fs.readFileSync(path.join(DATA, name));
  const r = native(['--format', 'json', '--no-config', name]);
  let want;
  try {
    want = JSON.parse(r.stdout.toString());
  } catch (e) {
    want = { error: r.stderr.toString() };
  }
  const got = esm.lint(bytes, name);
  if (!same(got, want)) badLint.push(name);
  if (!same(cjs.lint(bytes, name), got)) badCjs.push(name);
}
ok(!badLint.length, `lint(): the object jgflint --format json NAME prints, on ${records.length} records`, badLint.join('\n'));
ok(!badCjs.length, `require("jgflint").lint() gives what the ES module gives, on ${records.length} records`, badCjs.join('\n'));

// --fix and --fix --unsafe-fixes on a copy of each record.
let seq = 0;
for (const unsafe of [false, true]) {
  const bad = [];
  for (const name of records) {
    const bytes = fs.readFileSync(path.join(DATA, name));
    const dir = path.join(SCRATCH, `fix${++seq}`);
    fs.mkdirSync(dir);
    const copy = path.join(dir, path.basename(name));
    fs.writeFileSync(copy, bytes);
    native(['--fix', '--no-config', ...(unsafe ? ['--unsafe-fixes'] : []), path.basename(name)], { cwd: dir });
    const want = fs.readFileSync(copy);
    const got = esm.fix(bytes, path.basename(name), { unsafe });
    if (Buffer.compare(Buffer.from(got.bytes), want) !== 0) bad.push(name);
    fs.rmSync(dir, { recursive: true });
  }
  ok(!bad.length, `fix(${unsafe ? '{unsafe: true}' : ''}): byte for byte what --fix${unsafe ? ' --unsafe-fixes' : ''} writes, on ${records.length} records`, bad.join('\n'));
}

// --convert NAME beside a copy: the records it writes, its messages (the
// lines about writing and the closing summary are the program's own) and
// its exit status.
function nativeConvert(name, to = []) {
  const dir = path.join(SCRATCH, `convert${++seq}`);
  fs.mkdirSync(dir);
  fs.copyFileSync(path.join(DATA, name), path.join(dir, path.basename(name)));
  const r = spawnSync('sh', ['-c', '"$0" --convert --no-config "$@" 2>&1', JGFLINT, ...to, path.basename(name)], { cwd: dir });
  const recs = fs.readdirSync(dir).filter((f) => f !== path.basename(name)).sort()
    .map((f) => ({ name: f, bytes: fs.readFileSync(path.join(dir, f)).toString('base64') }));
  fs.rmSync(dir, { recursive: true });
  const messages = r.stdout.toString().split('\n')
    .filter((l) => l && !/: (wrote|converted to) /.test(l) && !/^\d+ files? read, /.test(l)).join('\n');
  return { status: r.status, messages, records: recs };
}
const badConv = [];
for (const name of sources) {
  if (/\.json$/.test(name) && /is the input itself/.test(nativeConvert(name).messages)) continue;
  const want = nativeConvert(name);
  const r = esm.convertReport(fs.readFileSync(path.join(DATA, name)), path.basename(name));
  const got = {
    status: r.status,
    messages: r.messages.replace(/\n$/, ''),
    records: r.records.map((x) => ({ name: x.name, bytes: Buffer.from(x.bytes).toString('base64') })).sort((a, b) => (a.name < b.name ? -1 : 1)),
  };
  if (!same(got, want)) badConv.push(`${name}: ${JSON.stringify(got).slice(0, 200)}\n  want ${JSON.stringify(want).slice(0, 200)}`);
}
ok(!badConv.length, `convertReport(): the records, messages and status of --convert, on ${sources.length} files (SGF, UGF/UGI, GIB, NGF, SGF in JSON; every character set)`, badConv.join('\n'));

// {to: 'sgf'}: what --convert --to sgf writes, of the same files and of the
// JGF records (an SGF input's own name is the record's: left out, as above).
const badSgf = [];
let sgfCount = 0;
for (const name of [...sources, ...records]) {
  const want = nativeConvert(name, ['--to', 'sgf']);
  if (/is the input itself/.test(want.messages)) continue;
  sgfCount++;
  const r = esm.convertReport(fs.readFileSync(path.join(DATA, name)), path.basename(name), { to: 'sgf' });
  const got = {
    status: r.status,
    messages: r.messages.replace(/\n$/, ''),
    records: r.records.map((x) => ({ name: x.name, bytes: Buffer.from(x.bytes).toString('base64') })).sort((a, b) => (a.name < b.name ? -1 : 1)),
  };
  if (!same(got, want)) badSgf.push(`${name}: ${JSON.stringify(got).slice(0, 200)}\n  want ${JSON.stringify(want).slice(0, 200)}`);
}
let threw = '';
try { esm.convert('(;FF[4])', 'g.sgf', { to: 'xml' }); } catch (e) { threw = e instanceof RangeError ? e.message : String(e); }
ok(sgfCount > 20 && !badSgf.length && /"to" is 'jgf' or 'sgf', not "xml"/.test(threw),
  `convertReport(..., {to: 'sgf'}): the records, messages and status of --convert --to sgf, on ${sgfCount} files (JGF records too); {to: 'xml'} a RangeError`,
  badSgf.slice(0, 6).join('\n') + threw);

const listed = JSON.parse(native(['--list-rules', '--format', 'json']).stdout.toString());
const categories = [...new Set(listed.map((r) => r.category))];
const badExplain = [];
for (const id of [...listed.map((r) => r.id), ...categories, 'all']) {
  const want = native(['--explain', id]).stdout.toString().replace(/\nPage\n {2}\S+\n$/, '');
  if (esm.explain(id) !== want) badExplain.push(id);
}
ok(!badExplain.length && esm.explain('no-such-rule') === null,
  `explain(): the text of --explain (without its Page) for the ${listed.length} rules, ${categories.length} categories and "all"; null for no rule`, badExplain.join(', '));
const rules = esm.rules();
const pagesMissing = rules.filter((r) => r.url !== `${NPM_BASE}/${r.id}.html` || !fs.existsSync(new URL(r.url)));
ok(same(rules.map((r) => r.id), listed.map((r) => r.id)) && !pagesMissing.length,
  `rules(): the ${listed.length} rules of --list-rules, each url a page of the package (${NPM_BASE})`, pagesMissing.map((r) => r.url).join('\n'));

let refused = null;
try {
  esm.lint('{}', 'a.jgf', { ignore: ['no-such-rule'] });
} catch (e) {
  refused = e;
}
ok(refused instanceof esm.SettingsError && /no-such-rule/.test(refused.message) && refused.problems,
  'settings the program refuses throw a SettingsError naming the problem', refused && refused.message);
const ko = records.find((n) => /rules\/ko-retake\/fail-immediate\.jgf$/.test(n));
const pos = ko && typeof esm.position === 'function' && esm.position(fs.readFileSync(path.join(DATA, ko)), 'ko.jgf', '/tree/3');
ok(pos && Array.isArray(pos.stones) && pos.stones.length > 0, `position(): the board at a node of ${ko} (${pos && pos.stones ? pos.stones.length : 0} stones)`, JSON.stringify(pos));
// An SGF file's go finding carries its board (issue 50): the position its
// check kept, as the terminal draws under it; a JSON record's come from
// position().
const occSgf = '(;GM[1]FF[4]SZ[9];B[cc];W[dd];B[ee]\n;W[cc])\n';
const det = esm.lintDetailed(occSgf, 'occupied.sgf');
const occ = det.report.diagnostics.findIndex((d) => d.rule === 'occupied-point');
const kept = occ >= 0 && det.positions && det.positions[occ];
const stones = kept && Array.isArray(kept.stones) ? kept.stones.map((s) => `${s.point} ${s.color} ${s.move}`).sort().join(', ') : '';
const detJgf = ko && esm.lintDetailed(fs.readFileSync(path.join(DATA, ko)), 'ko.jgf');
ok(det.format === 'SGF' && kept && kept.node === 'move 4' && stones === 'C7 black 1, D6 white 2, E5 black 3' &&
   kept.stopped && kept.stopped.rule === 'occupied-point' && det.positions.every((p, i) => (p === null) === (i !== occ)) &&
   detJgf && detJgf.format === null && detJgf.positions.length === detJgf.report.diagnostics.length && detJgf.positions.every((p) => p === null),
  `lintDetailed(): an SGF file's occupied-point carries its position (${stones}), the other findings and a JSON record's none`,
  JSON.stringify({ format: det.format, occ, kept, jgf: detJgf && detJgf.format }).slice(0, 1500));

// ---- The program: npx jgflint -----------------------------------------------------
// The pages' base aside: the package's links name the pages it carries.
const rebase = (buf) => (NPM_BASE === NATIVE_BASE ? buf : Buffer.from(buf.toString('latin1').split(NPM_BASE).join(NATIVE_BASE), 'latin1'));
let rebased = 0;
// opts.cwd, else DATA; opts.npmCwd: where npx runs, when not there.
function program(title, args, opts = {}) {
  const want = native(args, opts);
  const got = npx(args, { ...opts, cwd: opts.npmCwd || opts.cwd });
  const out = rebase(got.stdout), err = rebase(got.stderr);
  if (Buffer.compare(out, got.stdout) !== 0 || Buffer.compare(err, got.stderr) !== 0) rebased++;
  const good = Buffer.compare(out, want.stdout) === 0 && Buffer.compare(err, want.stderr) === 0 && got.status === want.status;
  let detail = `exit ${want.status} (native), ${got.status} (npx)`;
  if (Buffer.compare(out, want.stdout) !== 0) detail += `\nstdout differs at byte ${firstDiff(out, want.stdout)}: ${out.slice(0, 300)}`;
  if (Buffer.compare(err, want.stderr) !== 0) detail += `\nstderr: ${got.stderr.slice(0, 300)}\nnative: ${want.stderr.slice(0, 300)}`;
  ok(good, `npx jgflint ${title}: stdout (${want.stdout.length} bytes), stderr and exit status (${want.status}) as the native program's`, detail);
}
function firstDiff(a, b) {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}
const corpus = ['testdata', 'samples'];
for (const f of ['concise', 'text', 'json', 'sarif', 'github', 'gitlab', 'junit', 'checkstyle', 'rdjson'])
  program(`--format ${f} testdata samples`, ['--no-config', '--format', f, ...corpus]);
program('--statistics testdata samples', ['--no-config', '--statistics', ...corpus]);
program('--statistics --format json testdata samples', ['--no-config', '--statistics', '--format', 'json', ...corpus]);
program('-j 3 testdata samples', ['--no-config', '-j', '3', ...corpus]);
program('testdata samples (FORCE_COLOR=1: the environment is the program\'s)', ['--no-config', '--format', 'text', ...corpus],
  { env: { ...process.env, FORCE_COLOR: '1' } });
program('samples (GITHUB_ACTIONS=true: annotations by default)', ['--no-config', 'samples'], { env: { ...process.env, GITHUB_ACTIONS: 'true' } });
program('- (a record on standard input)', ['--no-config', '-'], { input: fs.readFileSync(path.join(DATA, records[0])) });
const lines = records.slice(0, 40).map((n) => fs.readFileSync(path.join(DATA, n), 'utf8').replace(/\s*\n\s*/g, ' ')).join('\n') + '\n';
program('--stream (JSON Lines on standard input)', ['--no-config', '--stream'], { input: lines });
program('--diff testdata/fix', ['--no-config', '--diff', 'testdata/fix']);
program('--list-rules', ['--list-rules']);
program('--list-rules --format json', ['--list-rules', '--format', 'json']);
program('--explain ko-retake', ['--explain', 'ko-retake']);
program('--explain go', ['--explain', 'go']);
program('--version', ['--version']);
program('--help', ['--help']);
program('--show-settings', ['--show-settings', records[0]]);
program('a missing file', ['--no-config', 'no-such-file.jgf']);
program('--frobnicate (a usage error)', ['--frobnicate']);
ok(rebased > 0 === (NPM_BASE !== NATIVE_BASE), `the rule pages' base was the only difference, in ${rebased} outputs (the package's ${NPM_BASE}, the program's ${NATIVE_BASE})`);

// --fix, --fix --unsafe-fixes and --convert on two copies of the same
// files: what each prints, and the files each leaves.
function tree(dir) {
  return walk(dir).map((f) => [path.relative(dir, f), fs.readFileSync(f).toString('base64')]);
}
function writes(title, args, from) {
  const a = path.join(SCRATCH, `native${++seq}`), b = path.join(SCRATCH, `npm${seq}`);
  for (const d of [a, b]) for (const f of from) fs.cpSync(path.join(DATA, f), path.join(d, path.basename(f)), { recursive: true });
  program(`${title} (on a copy)`, args, { cwd: a, npmCwd: b });
  const ta = tree(a), tb = tree(b);
  ok(same(ta, tb), `… and leaves the same ${ta.length} files as the native program`,
    ta.filter((x, i) => !same(x, tb[i])).map((x) => x[0]).slice(0, 6).join('\n'));
}
const fixable = ['testdata/fix', 'testdata/examples', 'samples'];
writes('--fix testdata/fix testdata/examples samples', ['--no-config', '--fix', 'fix', 'examples', 'samples'], fixable);
writes('--fix --unsafe-fixes testdata/fix testdata/examples samples', ['--no-config', '--fix', '--unsafe-fixes', 'fix', 'examples', 'samples'], fixable);
const convertible = ['testdata/convert', 'samples/sgf', 'samples/ugf', 'samples/gib', 'samples/ngf', 'samples/sgfgrove'];
writes('--convert testdata/convert and the samples in SGF, UGF, GIB, NGF', ['--no-config', '--convert', 'convert', 'sgf', 'ugf', 'gib', 'ngf', 'sgfgrove'], convertible);
