// The browser side of tests/web.sh (which says what it checks and sets the
// environment): headless Chromium through puppeteer-core against the served
// page. TAP on standard output. Checks that need what the library does not
// export yet (jgf_result_report, jgf_convert, jgf_explain, jgf_config_parse:
// window.jgflint.capabilities) are reported `not ok ... # TODO` while they
// fail for that reason, and must pass once the library has them.
'use strict';
const fs = require('fs');
const path = require('path');
const cp = require('child_process');

const env = process.env;
const puppeteer = require(path.join(env.PUPPETEER_DIR, 'node_modules', 'puppeteer-core'));
const JGFLINT = env.JGFLINT, TOP = env.TOP_SRCDIR, URL0 = env.WEB_URL, TMP = env.WEB_TMP;
const ARTEFACTS = env.WEB_ARTEFACTS, SAMPLES = env.JGF_SAMPLES;
const ORIGIN = new URL(URL0).origin;

// -- TAP ---------------------------------------------------------------------------
let n = 0, failures = 0;
function ok(cond, name, diag, todo) {
  n++;
  console.log(`${cond ? 'ok' : 'not ok'} ${n} - ${name}${!cond && todo ? ' # TODO ' + todo : ''}`);
  if (!cond && diag) for (const l of String(diag).split('\n').slice(0, 40)) console.log('#   ' + l);
  if (!cond && !todo) failures++;
}
const skip = (name, why) => { n++; console.log(`ok ${n} - ${name} # SKIP ${why}`); };
const note = (s) => console.log('# ' + s);

// -- the files and what the CLI says about them -------------------------------------
function walk(dir, out = []) {
  if (!fs.existsSync(dir)) return out;
  for (const e of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walk(p, out);
    else if (e.isFile() && !/\.(expected|out|md)$/.test(e.name) && e.name !== '.jgflint.json') out.push(p);
  }
  return out;
}
// Each file with the name the CLI is given (relative to cwd) and the page too.
const files = [];
for (const f of walk(path.join(TOP, 'testdata'))) files.push({ cwd: TOP, name: path.relative(TOP, f), abs: f });
if (SAMPLES && fs.existsSync(SAMPLES)) {
  const base = path.dirname(SAMPLES);
  for (const f of walk(SAMPLES)) files.push({ cwd: base, name: path.relative(base, f), abs: f });
}

function cli(args, { cwd = TMP, input } = {}) {
  const r = cp.spawnSync(JGFLINT, args, { cwd, input, maxBuffer: 1 << 30 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}
function cliJson(f, extra = []) {
  const r = cli(['--format', 'json', '--no-config', ...extra, f.name], { cwd: f.cwd });
  try {
    return JSON.parse(r.stdout.toString());
  } catch (e) {
    return { error: `exit ${r.status}: ${r.stderr.toString().slice(0, 300)}` };
  }
}
// The bytes --fix leaves in (a copy of) the file.
let fixSeq = 0;
function cliFix(f, unsafe) {
  const dir = path.join(TMP, 'fix', String(++fixSeq));
  fs.mkdirSync(dir, { recursive: true });
  const copy = path.join(dir, path.basename(f.abs));
  fs.writeFileSync(copy, fs.readFileSync(f.abs));
  cli(['--fix', '--no-config', ...(unsafe ? ['--unsafe-fixes'] : []), path.basename(copy)], { cwd: dir });
  return fs.readFileSync(copy);
}
// What --convert writes for f: [{name, bytes}] by name.
let convSeq = 0;
function cliConvert(f) {
  const out = path.join(TMP, 'convert', String(++convSeq));
  fs.mkdirSync(out, { recursive: true });
  const r = cli(['--convert', '--no-config', '--output', out, f.name], { cwd: f.cwd });
  const recs = walk(out).map((p) => ({ name: path.relative(out, p), bytes: fs.readFileSync(p) }));
  return { status: r.status, stderr: r.stderr.toString(), records: recs.sort((a, b) => (a.name < b.name ? -1 : 1)) };
}

// Objects equal whatever the order of their keys.
function canon(v) {
  if (Array.isArray(v)) return '[' + v.map(canon).join(',') + ']';
  if (v && typeof v === 'object') return '{' + Object.keys(v).sort().map((k) => JSON.stringify(k) + ':' + canon(v[k])).join(',') + '}';
  return JSON.stringify(v);
}
const core = (d) => ({ path: d.path, line: d.line, column: d.column, pointer: d.pointer, severity: d.severity, rule: d.rule, message: d.message });
const b64 = (buf) => Buffer.from(buf).toString('base64');

// -- the browser ---------------------------------------------------------------------
async function launch() {
  const userDataDir = fs.mkdtempSync(path.join(TMP, 'chromium-'));
  return puppeteer.launch({
    executablePath: env.CHROMIUM,
    headless: true,
    userDataDir,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
      '--disable-default-apps', '--disable-extensions', '--no-default-browser-check'],
  });
}

const offsite = [], pageErrors = [];
async function preparePage(page) {
  await page.setViewport({ width: 1280, height: 800 });
  await page.setRequestInterception(true);
  page.on('request', (req) => {
    const u = req.url();
    if (u.startsWith(ORIGIN + '/') || u.startsWith('data:') || u.startsWith('blob:')) req.continue();
    else { offsite.push(u); req.abort(); }
  });
  page.on('pageerror', (e) => pageErrors.push(String(e.message || e)));
  page.on('console', (m) => { if (m.type() === 'error') pageErrors.push('console: ' + m.text()); });
  await page.evaluateOnNewDocument(() => {
    window.__bytes = (s) => { const t = atob(s); const u = new Uint8Array(t.length); for (let i = 0; i < t.length; i++) u[i] = t.charCodeAt(i); return u; };
    window.__b64 = (u) => { let s = ''; for (let i = 0; i < u.length; i += 0x8000) s += String.fromCharCode.apply(null, u.subarray(i, i + 0x8000)); return btoa(s); };
  });
}
async function openPage(browser, url = URL0) {
  const page = await browser.newPage();
  await preparePage(page);
  const t0 = Date.now();
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForFunction('document.documentElement.dataset.ready === "true"', { timeout: 30000 });
  return { page, readyMs: Date.now() - t0 };
}
// Waits until the current record is linted (no edit pending).
const linted = (page) => page.waitForFunction(() => {
  const d = window.jgflintPage.current();
  return d && d.pending === null && d.result && !document.querySelector('#lint-state').textContent.startsWith('editing');
}, { timeout: 60000 });

// The index in the textarea's value (line ends LF) where jgflint's line:col
// is, computed apart from the page's own mapping: code points on the
// line of the text split at LF, CRLF and CR, the BOM not counted.
function expectedIndex(text, line, col) {
  const lines = text.split(/\r\n|\r|\n/);
  let idx = 0;
  for (let l = 0; l < line - 1; l++) idx += lines[l].length + 1;
  let s = lines[line - 1];
  let skip = 0;
  if (line === 1 && s.charCodeAt(0) === 0xfeff) { skip = 1; s = s.slice(1); }
  const cps = Array.from(s).slice(0, col - 1).join('');
  return idx + skip + cps.length;
}

async function uploadAndWait(page, paths) {
  const before = await page.evaluate(() => window.jgflintPage.state.docs.length);
  const input = await page.$('#open');
  await input.uploadFile(...paths);
  await page.waitForFunction((k) => window.jgflintPage.state.docs.length >= k, { timeout: 60000 }, before + paths.length);
  await linted(page);
}

async function waitForDownload(dir, name, ms = 20000) {
  const p = path.join(dir, name);
  for (const t0 = Date.now(); Date.now() - t0 < ms;) {
    if (fs.existsSync(p) && !fs.existsSync(p + '.crdownload')) return fs.readFileSync(p);
    await new Promise((r) => setTimeout(r, 100));
  }
  return null;
}

// -- the checks ------------------------------------------------------------------------
async function apiChecks(page, caps) {
  const newApi = 'needs the planned library API (jgf_result_report & co.)';
  note(`window.jgflint.capabilities: ${JSON.stringify(caps)}`);
  note(`${files.length} files from testdata/ and ${SAMPLES}`);

  // lint: the findings, then the whole object.
  let coreBad = [], exactBad = [];
  for (const f of files) {
    const want = cliJson(f);
    const got = await page.evaluate((name, s) => {
      try { return window.jgflint.lint(window.__bytes(s), name); } catch (e) { return { error: String(e) }; }
    }, f.name, b64(fs.readFileSync(f.abs)));
    if (want.error || got.error) { coreBad.push(`${f.name}: ${want.error || got.error}`); continue; }
    if (canon(want.diagnostics.map(core)) !== canon(got.diagnostics.map(core)))
      coreBad.push(`${f.name}:\n  cli:  ${canon(want.diagnostics.map(core)).slice(0, 300)}\n  page: ${canon(got.diagnostics.map(core)).slice(0, 300)}`);
    if (canon(want) !== canon(got)) exactBad.push(`${f.name}`);
  }
  ok(!coreBad.length, `lint(): every finding's rule, severity, line:col, pointer and message as --format json gives them, on ${files.length} files`, coreBad.slice(0, 5).join('\n'));
  ok(!exactBad.length, `lint(): exactly the object --format json prints (fixes, edits, end positions, summary), on ${files.length} files`,
    `${exactBad.length} differ, e.g. ${exactBad.slice(0, 5).join(', ')}`, caps.report ? null : 'needs jgf_result_report');

  // fix: byte for byte what --fix leaves in the file, safe and unsafe.
  for (const unsafe of [false, true]) {
    const bad = [];
    for (const f of files) {
      const want = cliFix(f, unsafe);
      const got = await page.evaluate((name, s, u) => {
        try { return window.__b64(window.jgflint.fix(window.__bytes(s), name, { unsafe: u }).bytes); } catch (e) { return 'ERROR ' + e; }
      }, f.name, b64(fs.readFileSync(f.abs)), unsafe);
      if (got !== b64(want)) bad.push(f.name);
    }
    ok(!bad.length, `fix(${unsafe ? '{unsafe: true}' : ''}): byte for byte what --fix${unsafe ? ' --unsafe-fixes' : ''} writes, on ${files.length} files`,
      `${bad.length} differ, e.g. ${bad.slice(0, 6).join(', ')}`, caps.report ? null : newApi + ': jgf_lint(JGF_FIX) does not run the repairs --fix runs');
  }

  // convert: the records --convert writes, by name and byte.
  const sources = files.filter((f) => /\.(sgf|ugf|ugi)$/i.test(f.name) || /sgfgrove\/|sgf-in-json/.test(f.name));
  if (!caps.convert) {
    ok(false, `convert(): the records --convert writes, on ${sources.length} SGF, SGF-in-JSON and UGF/UGI files`, null, 'needs jgf_convert');
  } else {
    const bad = [];
    for (const f of sources) {
      const want = cliConvert(f);
      const got = await page.evaluate((name, s) => {
        try { return window.jgflint.convert(window.__bytes(s), name).map((r) => ({ name: r.name, text: r.text })); } catch (e) { return { error: String(e) }; }
      }, f.name, b64(fs.readFileSync(f.abs)));
      if (got.error) { bad.push(`${f.name}: ${got.error}`); continue; }
      const w = want.records.map((r) => path.basename(r.name) + '\n' + r.bytes.toString());
      const g = got.map((r) => path.basename(r.name) + '\n' + r.text).sort();
      if (canon(w) !== canon(g)) bad.push(`${f.name}: cli ${want.records.map((r) => r.name)} page ${got.map((r) => r.name)}`);
    }
    ok(!bad.length, `convert(): the records --convert writes, on ${sources.length} SGF, SGF-in-JSON and UGF/UGI files`, bad.slice(0, 6).join('\n'));
  }

  // explain: the --explain text of every rule.
  const rules = await page.evaluate(() => window.jgflint.rules().map((r) => r.id));
  const bad = [];
  for (const id of rules) {
    const want = cli(['--explain', id]).stdout.toString();
    const got = await page.evaluate((r) => window.jgflint.explain(r), id);
    if (want !== got) bad.push(id);
  }
  const cliRules = cli(['--list-rules']).stdout.toString().split('\n').filter(Boolean).length;
  ok(!bad.length && rules.length > 0, `explain(): the --explain text of each of the ${rules.length} rules`, bad.join(', '), caps.explain ? null : 'needs jgf_explain');
  ok(rules.length === cliRules, `rules(): as many rules as --list-rules lists (${cliRules})`, `page ${rules.length}`);
  if (caps.explain) {
    const cats = ['json', 'go', 'all'];
    const badc = [];
    for (const c of cats) if (cli(['--explain', c]).stdout.toString() !== (await page.evaluate((r) => window.jgflint.explain(r), c))) badc.push(c);
    ok(!badc.length, 'explain(): a category and "all" as --explain prints them', badc.join(', '));
  }

  // settings: as a .jgflint.json beside the file.
  const settings = { ignore: ['unknown-key', 'json-encoding'], severity: { 'rank-format': 'error', 'date-format': 'warning' } };
  const dir = path.join(TMP, 'settings');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, '.jgflint.json'), JSON.stringify(settings));
  const rec = path.join(TOP, 'testdata/examples/findings.jgf');
  fs.writeFileSync(path.join(dir, 'findings.jgf'), fs.readFileSync(rec));
  const want = JSON.parse(cli(['--format', 'json', 'findings.jgf'], { cwd: dir }).stdout.toString());
  const got = await page.evaluate((s, st) => window.jgflint.lint(window.__bytes(s), 'findings.jgf', st), b64(fs.readFileSync(rec)), settings);
  ok(canon(want.diagnostics.map(core)) === canon(got.diagnostics.map(core)), 'lint(text, name, settings): select/ignore/severity as the CLI reads them from .jgflint.json',
    `cli:  ${canon(want.diagnostics.map(core))}\npage: ${canon(got.diagnostics.map(core))}`);
  const bad2 = await page.evaluate(() => { try { window.jgflint.lint('{}', 'a.jgf', { ignore: ['no-such-rule'] }); return 'accepted'; } catch (e) { return e.name; } });
  ok(bad2 === 'SettingsError', 'lint(): settings naming no rule are refused (SettingsError)', bad2);
}

async function uiChecks(browser, page, caps) {
  const downloads = path.join(TMP, 'downloads');
  fs.mkdirSync(downloads, { recursive: true });
  const cdp = await page.createCDPSession();
  await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: downloads });
  const findingsJgf = path.join(TOP, 'testdata/examples/findings.jgf');

  // Paste: a new tab, text inserted as a paste inserts it, findings listed as the terminal's.
  await page.click('#new');
  await page.focus('#editor textarea');
  const text = fs.readFileSync(findingsJgf, 'utf8');
  await page.evaluate((t) => document.execCommand('insertText', false, t), text);
  await linted(page);
  const name = await page.evaluate(() => window.jgflintPage.current().name);
  const items = await page.$$eval('#findings li[data-index]', (lis) => lis.map((li) => li.querySelector('.where').textContent + ' ' + li.querySelector('.msg').textContent));
  let term = cli(['--format', 'concise', '--stdin-filename', name, '-'], { input: Buffer.from(text) }).stdout.toString()
    .split('\n').filter((l) => l.startsWith(name + ':'));
  const strip = (l) => (caps.report ? l : l.replace(' [*] ', ' '));
  ok(items.length === term.length && items.every((l, i) => l === strip(term[i])), `paste: the findings listed as the terminal prints them (${term.length})`,
    items.map((l, i) => `page: ${l}\ncli:  ${term[i]}`).join('\n'));
  const summary = await page.$eval('#summary', (e) => e.textContent);
  const cliSummary = cli(['--format', 'concise', '--stdin-filename', name, '-'], { input: Buffer.from(text) });
  const lastLines = (cliSummary.stdout.toString() + cliSummary.stderr.toString()).split('\n').filter((l) => /fixable with|file checked/.test(l)).join('\n');
  ok(summary === lastLines, 'paste: the summary lines as the terminal prints them', `page: ${summary}\ncli:  ${lastLines}`, caps.report ? null : 'needs jgf_result_report (fixable counts)');

  // Click a finding: the caret goes to its exact line:col, through a BOM,
  // CRLF and lone CR line ends and astral characters.
  const tricky = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(
    '{\r\n  "record": {"format": "JGF", "version": "2.0.0"},\r' +
    '  "game": {"name": "😀𝄞 ☃ 😀", "result": "B+Resign", "date": "2023-02-29"},\n' +
    '  "players": [{"color": "black", "name": "😀😀😀", "rank": "3 kyu"}, {"color": "white", "name": "\u{1F600}", "rank": "2 dan"}],\r\n' +
    '  "board": {"size": 19},\r  "tree": [{}, {"move": {"color": "black", "x": 3, "y": 3}, "coments": ["😀"]}],\r\n' +
    '  "😀": 1\r\n}\r\n')]);
  const trickyPath = path.join(TMP, 'tricky.jgf');
  fs.writeFileSync(trickyPath, tricky);
  await uploadAndWait(page, [trickyPath]);
  const diags = await page.evaluate(() => window.jgflintPage.current().result.report.diagnostics.map((d) => [d.line, d.column, d.rule]));
  const trickyText = tricky.toString('utf8');
  const bad = [];
  for (let i = 0; i < diags.length; i++) {
    const [line, col] = diags[i];
    if (!line) continue;
    await page.click(`#findings li[data-index="${i}"]`);
    const got = await page.evaluate(() => {
      const e = window.jgflintPage.editor;
      // Where the layer draws the marker of the finding: the text before it.
      const ln = [...document.querySelectorAll('#status span')].find((x) => x.textContent.startsWith('Ln '));
      return { sel: e.selection[0], status: ln ? ln.textContent : '' };
    });
    const want = expectedIndex(trickyText, line, col);
    const mark = await page.evaluate((k) => {
      const e = window.jgflintPage.editor;
      const m = e.layer.querySelector(`mark[data-index="${k}"]`);
      if (!m) return null;
      const r = document.createRange();
      r.setStart(e.layer, 0);
      r.setEndBefore(m);
      return e.lineStarts[e.drawn[0] - 1] + r.toString().length;
    }, i);
    if (got.sel !== want || mark !== want || got.status !== `Ln ${line}, Col ${col}`)
      bad.push(`${line}:${col} ${diags[i][2]}: caret ${got.sel}, marker ${mark}, want ${want}; status "${got.status}"`);
  }
  ok(diags.length >= 5 && !bad.length, `click a finding: caret, marker and status at its line:col (${diags.length} findings; BOM, CRLF, CR, astral characters)`, bad.join('\n'));

  // Markers from start to end: until the library reports end positions
  // (jgf_result_report), the CLI's own report for the same bytes stands in
  // for the library's answer, so that the page's mapping of line:col to
  // the editor is checked on ranges now.
  const cliTricky = JSON.parse(cli(['--format', 'json', '--no-config', '--stdin-filename', 'tricky.jgf', '-'], { input: tricky }).stdout.toString());
  const ranged = cliTricky.diagnostics.map((d, i) => [i, d]).filter(([, d]) => d.line && d.endLine);
  await page.evaluate((rep) => {
    const api = window.jgflint, real = api.lintDetailed;
    window.__realLintDetailed = real;
    api.lintDetailed = (bytes, name, st) => (name === 'tricky.jgf' ? { report: rep, offsets: null, bytes, fixed: 0 } : real(bytes, name, st));
    window.jgflintPage.lintNow();
  }, cliTricky);
  const badRanges = [];
  for (const [i, d] of ranged) {
    await page.click(`#findings li[data-index="${i}"]`);
    const sel = await page.evaluate(() => window.jgflintPage.editor.selection);
    const want = [expectedIndex(trickyText, d.line, d.column), expectedIndex(trickyText, d.endLine, d.endColumn)];
    if (sel[0] !== want[0] || sel[1] !== want[1]) badRanges.push(`${d.line}:${d.column}-${d.endLine}:${d.endColumn} ${d.rule}: selection ${sel}, want ${want}`);
  }
  await page.evaluate(() => { window.jgflint.lintDetailed = window.__realLintDetailed; });
  ok(ranged.length >= 3 && !badRanges.length, `click a finding: its whole range [line:col, endLine:endColumn) selected (${ranged.length} ranges, the CLI's report as the library's answer)`, badRanges.join('\n'));

  // Fix and download.
  await uploadAndWait(page, [findingsJgf]);
  await page.click('#fix');
  await page.waitForSelector('#fix-dialog[open]');
  const shownDiff = await page.$$eval('#fix-diff span', (s) => s.map((x) => x.textContent).join('\n') + '\n');
  const dir = path.join(TMP, 'diffdir');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'findings.jgf'), fs.readFileSync(findingsJgf));
  const cliDiff = cli(['--diff', '--no-config', 'findings.jgf'], { cwd: dir }).stdout.toString().split('\n').filter((l) => !/fixable with|file checked/.test(l)).join('\n');
  ok(shownDiff.trimEnd() === cliDiff.trimEnd(), 'fix: the diff shown is what --diff prints', `page:\n${shownDiff}\ncli:\n${cliDiff}`);
  await page.click('#fix-download');
  const dl = await waitForDownload(downloads, 'findings.jgf');
  const want = cliFix({ abs: findingsJgf }, false);
  ok(dl && Buffer.compare(dl, want) === 0, 'fix: the downloaded file is what --fix writes', dl ? `${dl.length} vs ${want.length} bytes` : 'no download');
  await page.click('#fix-apply');
  await linted(page);
  const after = await page.evaluate(() => window.__b64(window.jgflintPage.current().bytes));
  ok(after === b64(want), 'fix: applied in the editor, the record is the fixed one');

  // Convert: an SGF file opened, converted, one download per game.
  const sgf = [path.join(TOP, 'testdata/convert/collection.sgf'), path.join(SAMPLES || '', 'sgf/complex.sgf')].find((p) => fs.existsSync(p) && fs.statSync(p).isFile());
  if (!sgf) skip('convert: an SGF file converted in the page', 'no SGF sample');
  else {
    await uploadAndWait(page, [sgf]);
    const enabled = await page.$eval('#convert', (b) => !b.disabled);
    if (!caps.convert) ok(false, 'convert: an SGF file converted, each game downloaded as --convert writes it', 'the Convert button is disabled', 'needs jgf_convert');
    else {
      await page.click('#convert');
      await page.waitForSelector('#convert-dialog[open]');
      const names = await page.$$eval('#convert-records li code', (c) => c.map((x) => x.textContent));
      const buttons = await page.$$('#convert-records .record-download');
      for (const b of buttons) await b.click();
      const want = cliConvert({ cwd: path.dirname(sgf), name: path.basename(sgf) });
      const bad = [];
      for (const r of want.records) {
        const got = await waitForDownload(downloads, path.basename(r.name));
        if (!got || Buffer.compare(got, r.bytes) !== 0) bad.push(r.name);
      }
      ok(enabled && names.length === want.records.length && !bad.length, `convert: ${path.basename(sgf)} converted, each of its ${want.records.length} games downloaded as --convert writes it`, `names ${names}; differ: ${bad}`);
      await page.keyboard.press('Escape');
    }
  }

  // The conversion dialog, with a library answer given to the page (as
  // jgf_convert's would be), until the library has jgf_convert: one
  // download per game, the notes shown.
  {
    const fake = { status: 1, messages: 'games.sgf: note: read as CP932 (CA[Shift_JIS])\ngames.sgf:14:3: note: repaired: the value of C is not closed\n', records: [
      { name: 'games-1.jgf', text: '{"record": {"format": "JGF", "version": 2}}\n' }, { name: 'games-2.jgf', text: '{"record": {"format": "JGF", "version": 2}, "game": {"name": "é"}}\n' }] };
    await uploadAndWait(page, [path.join(TOP, 'testdata/convert/collection.sgf')]);
    await page.evaluate((f) => {
      const api = window.jgflint;
      window.__realConvert = [api.convertReport, api.capabilities.convert];
      api.capabilities.convert = true;
      api.convertReport = () => ({ ...f, records: f.records.map((r) => ({ ...r, bytes: new TextEncoder().encode(r.text) })) });
      window.jgflintPage.lintNow();
    }, fake);
    await page.click('#convert');
    await page.waitForSelector('#convert-dialog[open]');
    const shown = await page.evaluate(() => ({ names: [...document.querySelectorAll('#convert-records li code')].map((c) => c.textContent), notes: document.querySelector('#convert-messages').textContent }));
    for (const b of await page.$$('#convert-records .record-download')) await b.click();
    const got = [];
    for (const r of fake.records) got.push(await waitForDownload(downloads, r.name));
    ok(canon(shown.names) === canon(['games-1.jgf', 'games-2.jgf']) && shown.notes.includes('read as CP932') &&
       got.every((b, k) => b && b.toString() === fake.records[k].text),
    'convert dialog: the notes shown, one download per game (a library answer given to the page)', JSON.stringify(shown));
    await page.keyboard.press('Escape');
    await page.evaluate(() => { [window.jgflint.convertReport, window.jgflint.capabilities.convert] = window.__realConvert; });
  }

  // Several files at once: one tab each.
  const before = await page.$$eval('#tabs .tab', (t) => t.length);
  const several = ['testdata/json/bom.jgf', 'testdata/json/crlf-lines.jgf', 'testdata/examples/findings.jgf'].map((p) => path.join(TOP, p));
  await uploadAndWait(page, several);
  const afterTabs = await page.$$eval('#tabs .tab', (t) => t.length);
  ok(afterTabs === before + several.length, `open several files at once: one tab each (${several.length})`, `${before} -> ${afterTabs}`);

  // Screenshots, light and dark, with a finding selected and its explanation open.
  await uploadAndWait(page, [findingsJgf]);
  await page.click('#findings li[data-index="2"]');
  await page.click('#findings li[data-index="2"] .explain-button');
  const explained = await page.$eval('#explain-text', (e) => e.textContent);
  const rule = await page.$eval('#findings li[data-index="2"] .rule', (e) => e.textContent.trim().replace(/^\[|\]$/g, ''));
  ok(explained === cli(['--explain', rule]).stdout.toString(), `explain: the panel shows --explain ${rule}`, null, caps.explain ? null : 'needs jgf_explain');
  for (const theme of ['light', 'dark']) {
    await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: theme }]);
    const file = path.join(ARTEFACTS, `web-${theme}.png`);
    await page.screenshot({ path: file });
    ok(fs.existsSync(file) && fs.statSync(file).size > 10000, `screenshot (${theme}): ${file}`);
  }
  await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'light' }]);
  const bg = async () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const light = await bg();
  await page.click('#theme');
  const dark = await bg();
  ok(light !== dark, 'theme: the button switches between light and dark', `${light} / ${dark}`);
  await page.click('#theme');

  // Share link: settings saved, the link opened in a fresh browser context
  // shows the same record with the same settings; nothing reaches the server.
  await uploadAndWait(page, [findingsJgf]);
  await page.click('#settings-button');
  await page.waitForSelector('#settings-dialog[open]');
  await page.$eval('#settings-text', (t) => { t.value = '{"ignore": ["date-format"], "severity": {"unknown-key": "error"}}'; });
  await page.click('#settings-save');
  await linted(page);
  const here = await page.evaluate(() => ({ bytes: window.__b64(window.jgflintPage.current().bytes), report: window.jgflintPage.current().result.report }));
  await page.click('#share');
  await page.waitForSelector('#share-dialog[open]');
  const link = await page.$eval('#share-link', (i) => i.value);
  const ctx = await browser.createBrowserContext();
  const other = await ctx.newPage();
  await preparePage(other);
  await other.goto(link, { waitUntil: 'load' });
  await other.waitForFunction('document.documentElement.dataset.ready === "true"', { timeout: 30000 });
  await linted(other);
  const there = await other.evaluate(() => ({ bytes: window.__b64(window.jgflintPage.current().bytes), report: window.jgflintPage.current().result.report, name: window.jgflintPage.current().name }));
  ok(there.bytes === here.bytes && there.name === 'findings.jgf' && canon(there.report) === canon(here.report) &&
     !here.report.diagnostics.some((d) => d.rule === 'date-format'),
  'share link: a fresh browser opens the same record with the same settings', `${link.length} chars; bytes ${there.bytes === here.bytes}; report ${canon(there.report) === canon(here.report)}`);
  const log = fs.readFileSync(path.join(TMP, 'http.log'), 'utf8');
  ok(link.includes('#share=') && !/share=/.test(log), 'share link: the record is in the fragment, never sent to the server', log.split('\n').filter((l) => /share/.test(l)).join('\n'));
  await ctx.close();
  await page.keyboard.press('Escape');
  await page.evaluate(() => localStorage.removeItem('jgflint.settings'));
  await page.evaluate(() => { window.jgflintPage.state.settingsText = ''; });
}

// An 8 MB record: a generated game whose root has hundreds of variations,
// each the whole game again, and a misspelt key at the end.
function bigRecord() {
  const gen = path.join(TMP, 'gen');
  const r = cp.spawnSync('python3', [path.join(TOP, 'bench/gen-collection.py'), '--count', '1', gen]);
  if (r.status !== 0) return null;
  const rec = JSON.parse(fs.readFileSync(path.join(gen, 'game-00001.jgf'), 'utf8'));
  const line = rec.tree.slice(1);
  const make = (copies) => {
    rec.tree = [rec.tree[0], { variations: Array.from({ length: copies }, () => line) }];
    rec.coments = 'misspelt';
    return JSON.stringify(rec, null, 1) + '\n';
  };
  const one = make(2).length - make(1).length;
  const text = make(Math.ceil(8.2e6 / one));
  const p = path.join(TMP, 'big.jgf');
  fs.writeFileSync(p, text);
  return p;
}

async function bigChecks(page) {
  const p = bigRecord();
  if (!p) { skip('an 8 MB record', 'bench/gen-collection.py failed'); return; }
  const size = fs.statSync(p).size;
  const t0 = process.hrtime.bigint();
  const r = cli(['--format', 'json', '--no-config', 'big.jgf']);
  const cliMs = Number(process.hrtime.bigint() - t0) / 1e6;
  const want = JSON.parse(r.stdout.toString());
  const t1 = Date.now();
  await uploadAndWait(page, [p]);
  const openMs = Date.now() - t1;
  const got = await page.evaluate(() => ({ n: window.jgflintPage.current().result.report.diagnostics.length, ms: window.jgflintPage.current().lintMs, lines: window.jgflintPage.editor.lineStarts.length }));
  note(`8 MB record: ${size} bytes, ${got.lines} lines; opened and linted in the page in ${openMs} ms (lint ${Math.round(got.ms)} ms); the CLI took ${Math.round(cliMs)} ms`);
  ok(size >= 8e6 && got.n === want.diagnostics.length && got.n >= 1, `an 8 MB record (${size} bytes): opened, linted, ${want.diagnostics.length} findings as the CLI`, `page ${got.n}, cli ${want.diagnostics.length}`);
  const i = got.n - 1;
  const d = want.diagnostics[i];
  await page.click(`#findings li[data-index="${i}"]`);
  const sel = await page.evaluate((k) => {
    const e = window.jgflintPage.editor;
    const m = e.layer.querySelector(`mark[data-index="${k}"]`);
    const r = e.code.getBoundingClientRect(), mr = m && m.getBoundingClientRect();
    return { viewing: e.viewing, sel: e.selection[0], top: e.scrollTop,
      markInView: !!m && mr.top >= r.top && mr.bottom <= r.bottom && mr.left >= r.left && mr.right <= r.right };
  }, i);
  const wantIdx = expectedIndex(fs.readFileSync(p, 'utf8'), d.line, d.column);
  ok(sel.sel === wantIdx && sel.top > 0 && sel.markInView, `an 8 MB record: its last finding (line ${d.line}) clicked, the caret goes there and its marker is in view`, JSON.stringify(sel) + ' want ' + wantIdx);
  ok(sel.viewing, 'an 8 MB record opens in view mode (the textarea would take seconds to lay it out)');
}

async function main() {
  const browser = await launch();
  note(`chromium ${await browser.version()}, puppeteer-core ${require(path.join(env.PUPPETEER_DIR, 'node_modules', 'puppeteer-core', 'package.json')).version}`);
  try {
    const { page, readyMs } = await openPage(browser);
    note(`page ready (WebAssembly loaded) in ${readyMs} ms`);
    const caps = await page.evaluate(() => window.jgflint.capabilities);
    const version = await page.evaluate(() => window.jgflint.version);
    const cliVersion = cli(['--version']).stdout.toString().trim();
    ok(cliVersion.endsWith(' ' + version), `version: ${version}, as jgflint --version`, cliVersion);
    await apiChecks(page, caps);
    await uiChecks(browser, page, caps);
    await bigChecks(page);
    ok(!offsite.length, 'no request left 127.0.0.1', offsite.slice(0, 10).join('\n'));
    ok(!pageErrors.length, 'no error in the page', pageErrors.slice(0, 10).join('\n'));
  } catch (e) {
    ok(false, 'the browser checks ran to the end', e.stack || String(e));
  } finally {
    await browser.close();
  }
  console.log(`1..${n}`);
  process.exitCode = failures ? 1 : 0;
}

main();
