// The browser side of tests/html.sh (which says what it checks and sets the
// environment): the html report from file:// in headless Chromium through
// puppeteer-core. TAP on standard output.
'use strict';
const fs = require('fs');
const path = require('path');
const env = process.env;
const puppeteer = require(path.join(env.PUPPETEER_DIR, 'node_modules', 'puppeteer-core'));
const REPORT = env.HTML_REPORT, ARTEFACTS = env.WEB_ARTEFACTS;
const want = JSON.parse(fs.readFileSync(env.HTML_EXPECTED, 'utf8'));

let n = Number(env.TAP_FROM || 0), failures = 0;
function ok(cond, name, diag) {
  n++;
  console.log(`${cond ? 'ok' : 'not ok'} ${n} - ${name}`);
  if (!cond && diag) for (const l of String(diag).split('\n').slice(0, 30)) console.log('#   ' + l);
  if (!cond) failures++;
}
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

(async () => {
  const browser = await puppeteer.launch({ executablePath: env.CHROMIUM, headless: true,
    args: ['--no-sandbox', '--allow-file-access-from-files'] });
  try {
    const page = await browser.newPage();
    await page.setViewport({ width: 1200, height: 900 });
    const requests = [], errors = [];
    const self = 'file://' + REPORT;
    page.on('request', (r) => { if (r.url() !== self) requests.push(r.url()); });
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('dialog', (d) => { errors.push('a dialog: ' + d.message()); d.dismiss(); });
    const t0 = Date.now();
    await page.goto(self, { waitUntil: 'load', timeout: 60000 });
    console.log(`# loaded in ${Date.now() - t0} ms`);
    ok(requests.length === 0, 'no request but the report itself', requests.join('\n'));
    ok(errors.length === 0, 'no console error, no dialog', errors.join('\n'));
    const got = await page.evaluate(() => {
      const text = (e) => (e ? e.textContent.trim() : null);
      const num = (e) => Number(text(e));
      // A rule's name: its link, else what the title says explains it.
      const link = (e) => ({ href: e.tagName === 'A' ? e.getAttribute('href') : null, title: e.getAttribute('title') });
      const defs = new Set([...document.querySelectorAll('svg.defs g[id]')].map((g) => g.id));
      return {
        title: document.title,
        scripts: document.scripts.length,
        foreign: document.querySelectorAll('iframe, img, object, embed, link, body script').length,
        csp: (document.querySelector('meta[http-equiv="Content-Security-Policy"]') || {}).content,
        totals: [...document.querySelectorAll('.totals b')].map(num),
        rules: [...document.querySelectorAll('table.rules tr')].map((tr) => ({
          id: text(tr.cells[0]), count: num(tr.cells[1]), ...link(tr.cells[0].querySelector('a, span')),
          width: tr.querySelector('.bar').style.width })),
        ruleNames: [...document.querySelectorAll('div.d p .r')].map((e) => ({ id: text(e), ...link(e) })),
        files: [...document.querySelectorAll('table.files tr')].slice(1).map((tr) => ({
          path: text(tr.cells[0]), counts: [num(tr.cells[3]), num(tr.cells[2]), num(tr.cells[1])],
          target: !!document.querySelector(tr.querySelector('a').getAttribute('href')) })),
        severities: [...document.querySelectorAll('div.d')].map((d) => d.querySelector('p b').textContent),
        boards: [...document.querySelectorAll('div.d svg.b')].map((svg) => {
          const stones = [...svg.querySelectorAll('path.sb:not(.g), path.sw:not(.g)')]
            .map((p) => (p.getAttribute('d').match(/M/g) || []).length).reduce((a, b) => a + b, 0);
          const use = svg.querySelector('use').getAttribute('href').slice(1);
          // The part drawn (a window, or the whole board), its scale at this
          // width, and the whole board shown on demand.
          const box = svg.viewBox.baseVal, group = svg.querySelector('g[id]');
          const whole = group && svg.closest('figure').querySelector(`details svg.whole use[href="#${group.id}"]`);
          const marks = [...svg.querySelectorAll('rect.m, circle.m')].map((m) => m.tagName === 'rect'
            ? [+m.getAttribute('x') + 0.4, +m.getAttribute('y') + 0.4] : [+m.getAttribute('cx'), +m.getAttribute('cy')]);
          return { stones, marks: svg.querySelectorAll('.m').length, size: use.slice(1), defined: defs.has(use),
            box: [box.x, box.y, box.width, box.height], px: svg.getBoundingClientRect().width / box.width,
            whole: !!whole, inside: marks.every(([x, y]) => x > box.x && y > box.y && x < box.x + box.width && y < box.y + box.height) };
        }),
        defs: [...defs],
        headings: [...document.querySelectorAll('h2')].map((h) => h.textContent),
        pres: [...document.querySelectorAll('pre')].map((p) => p.textContent),
        marks: [...document.querySelectorAll('pre mark')].map((m) => m.textContent),
        ruleFiles: Object.fromEntries([...document.querySelectorAll('details.of')].map((d) => [
          text(d.querySelector('summary')).replace(/:.*/, ''),
          [...d.querySelectorAll('a')].map((a) => ({ path: text(a), target: !!document.querySelector(a.getAttribute('href')) }))])),
        height: document.documentElement.scrollHeight,
        overflow: document.documentElement.scrollWidth > document.documentElement.clientWidth,
      };
    });
    ok(got.title === 'jgflint report' && got.scripts === 0 && got.foreign === 0,
      'no script, image, frame or link in the page; its title as written', JSON.stringify(got).slice(0, 300));
    ok(/default-src 'none'/.test(got.csp || ''), 'a Content-Security-Policy that fetches nothing', got.csp);
    const h = want.hostile;
    const missing = h.lines.filter((l) => !got.pres.some((p) => p.includes(l)));
    ok(got.headings.some((t) => t.includes('/' + h.name + ' ')) && missing.length === 0,
      "a record's markup, quotes, & and non-ASCII are text on the page (its name; its values, keys and comment quoted)",
      [h.name, ...missing].join('\n'));
    const s = want.summary;
    ok(same(got.totals, [s.files, s.errors, s.warnings, s.infos]), 'the totals are the json report\'s',
      `${got.totals} vs ${[s.files, s.errors, s.warnings, s.infos]}`);
    const rules = Object.entries(want.rules).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
    ok(same(got.rules.map((r) => [r.id, r.count]), rules), 'one bar per rule, most first, with its count',
      JSON.stringify(got.rules.map((r) => [r.id, r.count])));
    const most = rules.length ? rules[0][1] : 1;
    // Linked to its page when that is on the web, else no link and a title
    // that says how to read it.
    const named = (r) => (want.pages[r.id] ? r.href === want.pages[r.id]
      : r.href === null && r.title === 'jgflint --explain ' + r.id);
    ok(got.rules.every((r, i) => Math.abs(parseFloat(r.width) - 100 * rules[i][1] / most) < 0.11) &&
       got.rules.every(named),
      "each bar's length is its count against the most, each rule linked to its page when that is on the web, else named with jgflint --explain",
      JSON.stringify(got.rules.slice(0, 3)));
    const unlinked = got.ruleNames.filter((r) => !named(r));
    ok(got.ruleNames.length === got.severities.length && unlinked.length === 0,
      `each finding's rule linked to its page when that is on the web, else named with jgflint --explain (${got.ruleNames.length})`,
      JSON.stringify(unlinked.slice(0, 3)));
    // [infos, warnings, errors]: the most errors first, then warnings, then
    // infos, in the run's order among equals (a stable sort).
    const files = Object.entries(want.files).sort((a, b) => b[1][2] - a[1][2] || b[1][1] - a[1][1] || b[1][0] - a[1][0]);
    ok(got.files.length === Math.min(20, files.length) &&
       same(got.files.map((f) => f.path), files.slice(0, 20).map((f) => f[0])) &&
       got.files.every((f) => f.target && same(f.counts, want.files[f.path])),
      `the ${got.files.length} files that need attention, the most errors first, then warnings, then infos, each linked to its section`,
      JSON.stringify(got.files.slice(0, 4)));
    const ruleFilesBad = Object.entries(want.ruleFiles).filter(([rule, paths]) =>
      !got.ruleFiles[rule] || !same(got.ruleFiles[rule].map((f) => f.path), paths) || !got.ruleFiles[rule].every((f) => f.target));
    ok(Object.keys(got.ruleFiles).length === Object.keys(want.ruleFiles).length && ruleFilesBad.length === 0,
      `each rule's files (${Object.keys(got.ruleFiles).length} rules), each linked to its section`, JSON.stringify(ruleFilesBad.slice(0, 2)));
    ok(got.marks.length > 0 && got.marks.every((m) => m.length > 0),
      `every excerpt marks what its finding is about, an object's \`{\` too (${got.marks.length} marks, ${got.marks.filter((m) => m === '{').length} of one \`{\`)`);
    ok(got.pres.some((p) => p.includes('2         "bogus": 1')) && !got.pres.some((p) => p.includes('\\t')),
      'a tab in an excerpt is spaces to the next stop of 8, as the text format shows it, not \\t');
    // The filters: a severity's box cleared hides its findings; a rule
    // chosen hides the others' findings and the files without it.
    const shown = () => page.evaluate(() => ({
      d: [...document.querySelectorAll('div.d')].filter((e) => e.checkVisibility()).map((e) => e.className),
      files: [...document.querySelectorAll('section.file')].filter((e) => e.checkVisibility()).length }));
    const all = await shown();
    await page.click('#se');
    const noErrors = await shown();
    await page.click('#se');
    const [rule, count] = Object.entries(want.rules).sort((a, b) => a[1] - b[1])[0];
    await page.click('#k-' + rule);
    const oneRule = await shown();
    await page.click('#k-all');
    const again = await shown();
    const sev = want.severities;
    ok(all.d.length === sev.length && noErrors.d.length === sev.filter((x) => x !== 'error').length &&
       noErrors.d.every((c) => !/\be\b/.test(c)) && oneRule.d.length === count &&
       oneRule.d.every((c) => c.includes('k-' + rule)) && oneRule.files === want.ruleFiles[rule].length &&
       same(again, all),
      `filters without a script: errors hidden (${noErrors.d.length} of ${all.d.length} shown), one rule chosen (${rule}: ${oneRule.d.length} findings in ${oneRule.files} files), then all again`,
      JSON.stringify({ all: all.d.length, noErrors: noErrors.d.length, oneRule }));
    ok(same(got.severities, want.severities), `one entry per finding, with its severity (${got.severities.length})`);
    ok(got.boards.length === want.boards.length && got.boards.length > 20,
      `a board for each finding about a position (${got.boards.length} of ${want.boards.length})`);
    const bad = got.boards.map((b, i) => [b, want.boards[i]]).filter(([b, w]) =>
      !w || b.stones !== w.stones || b.marks !== w.marks || b.size !== w.size || !b.defined);
    ok(bad.length === 0, "each board: the position's stones, a mark on each of its points, its grid defined",
      JSON.stringify(bad.slice(0, 3)));
    // A board of 19 lines is drawn as the window around its points that the
    // text board shows (about 9 points a side, each about 20 px at 16em),
    // with the whole board in a <details>; a small board whole.
    const big = got.boards.filter((b) => b.size === '19x19');
    const windowed = big.filter((b) => b.box[2] < 21 || b.box[3] < 21);
    const badWindows = got.boards.filter((b) => !b.inside || (b.box[2] < +b.size.split('x')[0] + 2 || b.box[3] < +b.size.split('x')[1] + 2) !== b.whole ||
      (b.whole && b.px < 20));
    ok(big.length > 0 && windowed.length === big.length && badWindows.length === 0,
      `19x19 boards drawn as the window around their points (${windowed.length} of ${big.length}, ${big.length ? Math.min(...windowed.map((b) => b.px)).toFixed(1) : 0} px a point or more), the whole board in a <details>; every mark inside the part drawn`,
      JSON.stringify(badWindows.slice(0, 3)));
    ok(got.defs.length === new Set(want.boards.map((b) => b.size)).size,
      `each board size's grid drawn once (${got.defs.join(', ')})`);
    ok(!got.overflow, 'no horizontal overflow at 1200 px');
    await page.screenshot({ path: path.join(ARTEFACTS, 'html-report-light.png') });
    await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'dark' }]);
    await page.evaluate(() => document.querySelector('svg.b').scrollIntoView());
    await page.screenshot({ path: path.join(ARTEFACTS, 'html-report-dark.png') });
    await page.setViewport({ width: 375, height: 800 });
    const narrow = await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth + 1);
    ok(narrow, 'no horizontal overflow at 375 px');
    await page.screenshot({ path: path.join(ARTEFACTS, 'html-report-375.png') });
    console.log(`# screenshots in ${ARTEFACTS}`);
  } finally {
    await browser.close();
  }
  console.log(`1..${n}`);
  process.exit(failures ? 1 : 0);
})().catch((e) => { console.log(`not ok ${n + 1} - the driver failed: ${e}`); console.log(`1..${n + 1}`); process.exit(1); });
