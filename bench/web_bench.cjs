// The browser side of bench/web.sh: page ready time, and lint() in the page
// against the native CLI on the same records.
'use strict';
const fs = require('fs');
const path = require('path');
const cp = require('child_process');

const env = process.env;
const puppeteer = require(path.join(env.PUPPETEER_DIR, 'node_modules', 'puppeteer-core'));
const RUNS = Number(env.RUNS) || 5;
const median = (a) => { const s = a.slice().sort((x, y) => x - y); return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2; };
// The CLI's CPU time (user + system, ms) on file, to the microsecond: the
// rusage its wait gives (GNU time's %U %S print 10 ms steps, 6% of the
// 170 ms the CLI took on the 1.2 MB collection: one step moved the ratio
// by 0.1), less the children's before it (python3 may be a shim whose own
// children count: 50 ms of them under pyenv).
const CPU_OF = 'import resource, subprocess, sys\n' +
  'cpu = lambda: (lambda r: r.ru_utime + r.ru_stime)(resource.getrusage(resource.RUSAGE_CHILDREN))\n' +
  'before = cpu()\n' +
  'subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)\n' +
  'print(cpu() - before)';
const cliCpuOnce = (file) => Number(cp.spawnSync('python3', ['-c', CPU_OF, env.JGFLINT, '--format', 'json', '--no-config', file]).stdout.toString()) * 1000;
const fmt = (ms) => (ms < 10 ? ms.toFixed(2) : ms < 100 ? ms.toFixed(1) : ms.toFixed(0)).padStart(8);

async function main() {
  const browser = await puppeteer.launch({
    executablePath: env.CHROMIUM,
    headless: true,
    userDataDir: fs.mkdtempSync(path.join(env.WEB_TMP, 'chromium-')),
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    // Ready time: fresh browser contexts (no cache), the page loaded until
    // window.jgflint.ready has resolved.
    const ready = [];
    for (let i = 0; i < RUNS; i++) {
      const ctx = await browser.createBrowserContext();
      const page = await ctx.newPage();
      const t0 = Date.now();
      await page.goto(env.WEB_URL, { waitUntil: 'load' });
      await page.evaluate(() => window.jgflint.ready);
      ready.push(Date.now() - t0);
      const nav = await page.evaluate(() => performance.getEntriesByType('navigation')[0].duration);
      if (i === 0) console.log(`   (first load: navigation ${Math.round(nav)} ms)`);
      await ctx.close();
    }
    console.log(`== page ready (budget 1000 ms): median ${Math.round(median(ready))} ms of ${RUNS} fresh loads [${ready.join(', ')}]  ratio ${(median(ready) / 1000).toFixed(2)}`);

    const page = await browser.newPage();
    await page.goto(env.WEB_URL, { waitUntil: 'load' });
    await page.evaluate(() => window.jgflint.ready);
    console.log('== lint in the page vs the native CLI (budget: 3x; SGF 1.5x)');
    // The native library too when tests/unit/api_tool is built beside the
    // CLI (make check): the same calls as lint() makes, without a process's
    // start, walk and threads.
    const tool = path.join(path.dirname(env.JGFLINT), 'tests', 'unit', 'api_tool');
    const hasTool = fs.existsSync(tool);
    console.log('  record                      bytes  page lint()   native CLI   ratio' + (hasTool ? '   native library   ratio' : '') + '   (median of ' + RUNS + ', ms)');
    for (const file of env.RECORDS.split(' ')) {
      const bytes = fs.readFileSync(file);
      const name = 'r' + path.extname(file);   // r.jgf, r.sgf: read as its name says
      // The CLI as a user runs it: process start, read, lint, report.
      const native = [];
      for (let i = 0; i < RUNS; i++) {
        const t0 = process.hrtime.bigint();
        cp.spawnSync(env.JGFLINT, ['--format', 'json', '--no-config', file], { maxBuffer: 1 << 30 });
        native.push(Number(process.hrtime.bigint() - t0) / 1e6);
      }
      await page.evaluate((b64) => { const s = atob(b64); const u = new Uint8Array(s.length); for (let i = 0; i < s.length; i++) u[i] = s.charCodeAt(i); window.__rec = u; }, bytes.toString('base64'));
      // The page: the bytes passed in, the report parsed (what lint() returns).
      const inPage = await page.evaluate((runs, name) => {
        const t = [];
        window.jgflint.lint(window.__rec, name);   // warm (memory grown once)
        for (let i = 0; i < runs; i++) {
          const t0 = performance.now();
          window.jgflint.lint(window.__rec, name);
          t.push(performance.now() - t0);
        }
        return t;
      }, RUNS, name);
      // CPU time too, where the machine is shared: the CLI's user and
      // system time (cliCpuOnce), the page's main thread's (Chromium's
      // ThreadTime metric) over one lint() each, in turn.
      let cpu = '';
      {
        const nc = [], pc = [];
        const cdp = await page.target().createCDPSession();
        await cdp.send('Performance.enable');
        const thread = async () => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'ThreadTime').value * 1000;
        for (let i = 0; i < RUNS; i++) {
          nc.push(cliCpuOnce(file));
          const t0 = await thread();
          await page.evaluate((name) => { window.jgflint.lint(window.__rec, name); }, name);
          pc.push(await thread() - t0);
        }
        await cdp.detach();
        cpu = `   cpu: page ${fmt(median(pc))} CLI ${fmt(median(nc))} ratio ${median(nc) > 0 ? (median(pc) / median(nc)).toFixed(2).padStart(5) : '    -'}`;
      }
      const p = median(inPage), n = median(native);
      let lib = '';
      if (hasTool) {
        const t = [];
        for (let i = 0; i < RUNS; i++) {
          const t0 = process.hrtime.bigint();
          cp.spawnSync(tool, ['report', 'json', name], { input: bytes, maxBuffer: 1 << 30 });
          t.push(Number(process.hrtime.bigint() - t0) / 1e6);
        }
        lib = `    ${fmt(median(t))}         ${(p / median(t)).toFixed(2).padStart(5)}`;
      }
      console.log(`  ${path.basename(file).padEnd(20)} ${String(bytes.length).padStart(12)} ${fmt(p)}     ${fmt(n)}    ${(p / n).toFixed(2).padStart(5)}${lib}${cpu}`);
      if (name.endsWith('.sgf')) console.log(await pageShare(page, name));
    }
    const mem = await page.evaluate(() => performance.memory ? Math.round(performance.memory.usedJSHeapSize / 1e6) : null);
    if (mem !== null) console.log(`   (JS heap after: ${mem} MB)`);
    await responsiveness(browser);
  } finally {
    await browser.close();
  }
}

// What of lint() is the page's own (issue 74): the same calls as
// web/api.js makes, on a module of their own, each timed: the record
// copied into the module's memory, the library's check (jgf_lint), the
// report's JSON text (jgf_result_report, as the CLI writes it), decoded
// and parsed; the module's memory after (it grows, never shrinks).
async function pageShare(page, name) {
  const t = await page.evaluate(async (runs, name) => {
    if (!window.__M) {
      const { default: create } = await import('./jgflint-wasm.js');
      window.__M = await create({ wasmBinary: await (await fetch('./jgflint-wasm.wasm')).arrayBuffer() });
    }
    const M = window.__M, enc = new TextEncoder();
    const put = (b) => { const p = M._malloc(b.length + 1); M.HEAPU8.set(b, p); M.HEAPU8[p + b.length] = 0; return p; };
    const out = { copy: [], check: [], report: [], decode: [], parse: [] };
    for (let k = 0; k <= runs; k++) {
      const t0 = performance.now();
      const n = put(enc.encode(name)), d = put(window.__rec), f = put(enc.encode('json'));
      const t1 = performance.now();
      const r = M._jgf_lint(0, n, d, window.__rec.length, 0);
      const t2 = performance.now();
      const p = M._jgf_result_report(r, f);
      const t3 = performance.now();
      const text = M.UTF8ToString(p);
      const t4 = performance.now();
      JSON.parse(text);
      const t5 = performance.now();
      M._jgf_free(p); M._jgf_result_free(r); M._free(n); M._free(d); M._free(f);
      if (k === 0) continue;   // the memory grown once
      out.copy.push(t1 - t0); out.check.push(t2 - t1); out.report.push(t3 - t2); out.decode.push(t4 - t3); out.parse.push(t5 - t4);
      out.text = text.length;
    }
    out.memory = M.HEAPU8.length;
    return out;
  }, RUNS, name);
  const parts = ['copy', 'check', 'report', 'decode', 'parse'].map((k) => [k, median(t[k])]);
  const all = parts.reduce((a, [, v]) => a + v, 0);
  const own = all - median(t.check);
  return `     (its parts: ${parts.map(([k, v]) => `${k} ${v.toFixed(1)}`).join(', ')} ms; the page's own ${(100 * own / all).toFixed(1)}%; ` +
    `report ${Math.round(t.text / 1e3)} KB; module memory ${Math.round(t.memory / 2 ** 20)} MB)`;
}

// The page's thread while it works on large records (tests/web.sh checks
// that their lints are the worker's; here, how long it is held): a record
// whose comment is one line of 10 MB opened, then edited (Edit, three keys
// in the middle of the line, linted again), and a 1 MB record pasted. Its
// longest task (PerformanceObserver 'longtask') against the CLI's CPU time
// on the same record, side by side (the page once had a budget of 200 ms a
// task: tests/web.sh 73 measured 204 ms under load).
async function responsiveness(browser) {
  const size = 10 * 1024 * 1024;
  const long = path.join(env.WEB_TMP, 'long-line.jgf');
  const rec = `{"record": {"format": "JGF", "version": 2}, "players": [{"color": "black", "rank": "3 kyu"}], "tree": [{}, {"move": {"color": "black", "x": 3, "y": 3}, "comments": ["${'x'.repeat(size)}"]}], "coments": 1}\n`;
  fs.writeFileSync(long, rec);
  const game = JSON.parse(fs.readFileSync(env.RECORDS.split(' ')[0], 'utf8'));
  const line = game.tree.slice(1);
  let copies = 1, big;
  do { game.tree = [game.tree[0], { variations: Array.from({ length: copies++ }, () => line) }]; big = JSON.stringify(game, null, 1) + '\n'; } while (big.length < 1024 * 1024);
  const pasted = path.join(env.WEB_TMP, 'pasted.jgf');
  fs.writeFileSync(pasted, big);
  const cliCpu = (file) => {
    const t = [];
    for (let i = 0; i < RUNS; i++)
      t.push(cliCpuOnce(file));
    return median(t);
  };
  const watch = (page) => page.evaluate(() => {
    window.__long = [];
    window.__obs = new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__long.push(e.duration); });
    window.__obs.observe({ entryTypes: ['longtask'] });
  });
  const tasks = (page) => page.evaluate(() => { window.__obs.disconnect(); return window.__long; });
  const linted = (page) => page.waitForFunction(() => {
    const d = window.jgflintPage.current();
    return d && d.linted && !window.jgflintPage.state.busy && !window.jgflintPage.editor.pasting;
  }, { timeout: 120000 });
  const runs = { open: [], edit: [], paste: [] };
  for (let i = 0; i < RUNS; i++) {
    const ctx = await browser.createBrowserContext();
    const page = await ctx.newPage();
    await page.setViewport({ width: 1280, height: 800 });
    await page.goto(env.WEB_URL, { waitUntil: 'load' });
    await page.waitForFunction('document.documentElement.dataset.ready === "true"', { timeout: 30000 });
    const before = await page.evaluate(() => window.jgflintPage.state.docs.length);
    await watch(page);
    await (await page.$('#open')).uploadFile(long);
    await page.waitForFunction((k) => window.jgflintPage.state.docs.length > k, { timeout: 120000 }, before);
    await linted(page);
    runs.open.push(await tasks(page));
    await watch(page);
    await page.click('#edit-large');
    const mid = rec.indexOf('"comments": ["') + 14 + 5000000;
    await page.evaluate((at) => window.jgflintPage.editor.select(at, at), mid);
    await page.keyboard.type('abc', { delay: 40 });
    await linted(page);
    runs.edit.push(await tasks(page));
    await page.click('#new');
    await page.evaluate((t) => { window.__paste = t; }, big);
    await watch(page);
    await page.evaluate(() => {
      const dt = new DataTransfer();
      dt.setData('text/plain', window.__paste);
      document.querySelector('#editor textarea').dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
    });
    await linted(page);
    runs.paste.push(await tasks(page));
    await ctx.close();
  }
  const cli = { long: cliCpu(long), pasted: cliCpu(pasted) };
  console.log(`== the page's thread while it works on large records: its longest task against the CLI's CPU on the record (median of ${RUNS}, ms)`);
  for (const [what, name, c] of [['open', 'a 10 MB line opened', cli.long], ['edit', '... edited, 3 keys', cli.long], ['paste', 'a 1 MB record pasted', cli.pasted]]) {
    const longest = median(runs[what].map((t) => Math.max(0, ...t)));
    const count = median(runs[what].map((t) => t.length));
    console.log(`  ${name.padEnd(24)} longest task ${fmt(longest)}  (${count} long tasks)   CLI ${fmt(c)}   ratio ${(longest / c).toFixed(2).padStart(5)}`);
  }
}

main().catch((e) => { console.error(e); process.exit(1); });
