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
      // system time (/usr/bin/time), the page's main thread's (Chromium's
      // ThreadTime metric) over one lint() each.
      let cpu = '';
      if (fs.existsSync('/usr/bin/time')) {
        const nc = [], pc = [];
        const cdp = await page.target().createCDPSession();
        await cdp.send('Performance.enable');
        const thread = async () => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'ThreadTime').value * 1000;
        for (let i = 0; i < RUNS; i++) {
          const r = cp.spawnSync('/usr/bin/time', ['-f', '%U %S', env.JGFLINT, '--format', 'json', '--no-config', file], { maxBuffer: 1 << 30 });
          const [u, sy] = r.stderr.toString().trim().split('\n').pop().split(' ').map(Number);
          nc.push((u + sy) * 1000);
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
    }
    const mem = await page.evaluate(() => performance.memory ? Math.round(performance.memory.usedJSHeapSize / 1e6) : null);
    if (mem !== null) console.log(`   (JS heap after: ${mem} MB)`);
  } finally {
    await browser.close();
  }
}

main().catch((e) => { console.error(e); process.exit(1); });
