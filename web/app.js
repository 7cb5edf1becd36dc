// The playground page: records in tabs, each linted as it is edited, its
// findings listed as the terminal shows them and marked in the editor;
// fixes shown as a diff, conversions as records to download; settings kept
// in localStorage, the open records in IndexedDB; share links in the URL
// fragment. Nothing leaves the page. Linting, fixing and converting run in
// a worker (worker.js): the page's thread only draws. Each of these is a
// module beside this one (web/README.md); this one wires them and starts.
import { isShare } from './share.js';
import { $, current, editor, jgflint, state, tasks } from './page.js';
import { THEME_KEY, applyTheme, loadSettings, saveSettingsFromDialog, showSettings, toggleTheme } from './settings.js';
import { download, openDoc, openExample, openFiles, openShared, renameDoc, replaceBytes, restoreSession, saveNow, share, showDoc } from './records.js';
import { closeExplain, findingRange, goToFinding, lintNow, wireSplit } from './findings.js';
import { pendingFix, runConvert, runFix, updateButtons } from './fixes.js';
import { board, stepTo } from './boardpane.js';

// -- wiring ---------------------------------------------------------------------------------
function wire() {
  $('open').addEventListener('change', (e) => { openFiles([...e.target.files]); e.target.value = ''; });
  $('new').addEventListener('click', () => openDoc(`untitled-${state.docs.length + 1}.jgf`, new Uint8Array(0)));
  $('settings-button').addEventListener('click', showSettings);
  $('hidden').addEventListener('click', showSettings);
  const nav = () => (board.shown && board.shown.nav) || {};
  $('board-first').addEventListener('click', () => stepTo(nav().first));
  $('board-prev').addEventListener('click', () => stepTo(nav().prev));
  $('board-next').addEventListener('click', () => stepTo((nav().next || [])[0]));
  $('board-last').addEventListener('click', () => stepTo(nav().last));
  $('board-variations').addEventListener('change', (e) => { if (e.target.value !== '') stepTo((nav().next || [])[Number(e.target.value)]); });
  $('board').addEventListener('keydown', (e) => {
    const to = { Home: nav().first, ArrowLeft: nav().prev, ArrowRight: (nav().next || [])[0], End: nav().last }[e.key];
    if (to) { e.preventDefault(); stepTo(to); $('board').focus(); }
  });
  $('settings-save').addEventListener('click', saveSettingsFromDialog);
  $('settings-reset').addEventListener('click', () => { $('settings-text').value = ''; });
  $('share').addEventListener('click', share);
  $('share-copy').addEventListener('click', () => {
    $('share-link').select();
    if (navigator.clipboard) navigator.clipboard.writeText($('share-link').value).catch(() => {});
  });
  $('theme').addEventListener('click', toggleTheme);
  $('fix').addEventListener('click', () => runFix(false));
  $('fix-unsafe').addEventListener('click', () => runFix(true));
  $('fix-download').addEventListener('click', () => pendingFix && download(pendingFix.doc.name, pendingFix.res.bytes));
  $('fix-apply').addEventListener('click', () => {
    if (!pendingFix) return;
    const { doc, res } = pendingFix;
    $('fix-dialog').close();
    replaceBytes(doc, res.bytes);
  });
  $('convert').addEventListener('click', () => runConvert('jgf'));
  $('convert-sgf').addEventListener('click', () => runConvert('sgf'));
  $('download').addEventListener('click', () => { const d = current(); if (d) { d.flush(); download(d.name, d.bytes); } });
  $('explain-close').addEventListener('click', closeExplain);
  wireSplit();
  $('name').addEventListener('change', (e) => {
    const doc = current();
    if (doc) renameDoc(doc, e.target.value);
  });
  // Dropping files anywhere opens them.
  let depth = 0;
  window.addEventListener('dragenter', (e) => { if (e.dataTransfer && [...e.dataTransfer.types].includes('Files')) { depth++; $('drop').hidden = false; } });
  window.addEventListener('dragleave', () => { if (--depth <= 0) { depth = 0; $('drop').hidden = true; } });
  window.addEventListener('dragover', (e) => e.preventDefault());
  window.addEventListener('drop', (e) => {
    e.preventDefault();
    depth = 0;
    $('drop').hidden = true;
    if (e.dataTransfer && e.dataTransfer.files.length) openFiles([...e.dataTransfer.files]);
  });
  // Leaving: the records as they are now (the timer may not run).
  window.addEventListener('pagehide', () => saveNow());
  window.addEventListener('hashchange', () => { if (isShare(location.hash)) openShared().then(() => lintNow()); });
}

async function main() {
  try { applyTheme(localStorage.getItem(THEME_KEY)); } catch (e) { /* system theme */ }
  loadSettings();
  wire();
  updateButtons();
  const restored = await restoreSession();
  const shared = await openShared();
  // A first visit: an example with findings to click.
  if (!restored && !shared) await openExample();
  try {
    await jgflint.ready;
  } catch (e) {
    $('version').textContent = 'the WebAssembly module did not load: ' + e;
    throw e;
  }
  $('version').textContent = `libjgflint ${jgflint.version} (WebAssembly)`;
  updateButtons();
  document.documentElement.dataset.ready = 'true';
}

// For the browser tests: the page's own state.
window.jgflintPage = { state, editor, tasks, openDoc, showDoc, goToFinding, lintNow, findingRange, current, saveNow };

main();
